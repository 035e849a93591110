"""Playing cards: costs, mana, burning, spells, instants, relics, enchantments (dv/turno/accion, dv/mana, dv/tipos)."""
from __future__ import annotations

from judge.messages import Message


def test_cannot_play_without_enough_mana(h):
    """dv/turno/accion/1 «Jugar cartas (pagando su coste)»; dv/mana/1."""
    t = h.run([{"name": "Ana", "mana": 1, "hand": ["Oso pardo"]}, {"name": "Bruno"}],
              [{"by": "Ana", "play": "Oso pardo"}],
              expect=[{"player": "Ana", "hand": ["Oso pardo"], "mana": 1}])
    assert t.ok and h.kinds(t)[1] == "illegal"
    assert "dv/mana/1" in t.steps[1].citations
    assert h.said(t.steps[1], "dv.illegal.mana").params == {"card": "Oso pardo", "cost": 3, "player": "Ana", "mana": 1}


def test_card_not_in_hand_is_illegal(h):
    t = h.run([{"name": "Ana", "mana": 5, "deck": ["Oso pardo"]}, {"name": "Bruno"}],
              [{"by": "Ana", "play": "Oso pardo"}, {"by": "Ana", "burn": "Oso pardo"}])
    assert h.kinds(t)[1:] == ["illegal", "illegal"]


def test_burn_a_card_for_one_mana(h):
    """dv/turno/accion/3 and dv/mana/3: «descartar cualquier carta de tu mano para obtener 1 de maná»."""
    t = h.run([{"name": "Ana", "mana": 0, "hand": ["Oso pardo", "Lobo gris"]}, {"name": "Bruno"}],
              [{"by": "Ana", "burn": "Oso pardo"}, {"by": "Ana", "burn": "Lobo gris"},
               {"by": "Ana", "play": "Oso pardo"}],
              expect=[{"player": "Ana", "mana": 2, "discard": ["Oso pardo", "Lobo gris"], "hand_count": 0}])
    assert t.ok
    assert set(t.steps[1].citations) >= {"dv/turno/accion/3", "dv/mana/3", "dv/generales/pilas"}


def test_burn_only_in_your_own_action_phase(h):
    t = h.run([{"name": "Ana"}, {"name": "Bruno", "hand": ["Ratón"]}], [{"by": "Bruno", "burn": "Ratón"}])
    assert h.kinds(t)[-1] == "illegal"


def test_spell_resolves_then_goes_to_the_discard_pile(h):
    """dv/tipos/hechizos: «se resuelve su efecto y después se coloca en la pila de descartes»."""
    t = h.run([{"name": "Ana", "mana": 2, "hand": ["Bola de fuego"]},
               {"name": "Bruno", "board": [{"card": "Oso pardo", "id": "oso"}]}],
              [{"by": "Ana", "play": "Bola de fuego", "target": "oso"}],
              expect=[{"object": "oso", "damage": 3, "zone": "board"}, {"player": "Ana", "discard": ["Bola de fuego"]}])
    assert t.ok
    res = [s for s in t.steps if s.kind == "resolution"]
    assert h.said(res[0], "dv.effect.damage").params["n"] == 3
    assert res[1].message == Message("dv.resolved", card="Bola de fuego")      # then to the discard pile


def test_spell_only_in_your_action_phase_instant_any_time(h):
    """dv/tipos/hechizos «Solo pueden jugarse durante tu fase de acción»; dv/tipos/instantaneos «incluso durante
    el turno de otro jugador»."""
    t = h.run([{"name": "Ana"}, {"name": "Bruno", "mana": 3, "hand": ["Bola de fuego", "Rayo"]}],
              [{"by": "Bruno", "play": "Bola de fuego", "target": "Ana"}, {"by": "Bruno", "play": "Rayo", "target": "Ana"}],
              expect=[{"player": "Ana", "lives": 10}, {"player": "Bruno", "mana": 2}])
    assert t.ok
    assert "dv/tipos/hechizos" in t.steps[1].citations and t.steps[1].kind == "illegal"
    assert "dv/tipos/instantaneos" in t.steps[2].citations and t.steps[2].kind == "action"


def test_an_instant_in_another_players_turn_is_paid_from_your_own_kept_mana(h):
    """dv/mana/2 «Cada jugador tiene su propia reserva de maná» and dv/mana/4 «El maná que no gastes permanece en
    tu reserva hasta el comienzo de tu siguiente turno»: that is what pays for Bruno's instant in Ana's turn."""
    t = h.run([{"name": "Ana", "mana": 4}, {"name": "Bruno", "mana": 1, "hand": ["Rayo"]}],
              [{"by": "Bruno", "play": "Rayo", "target": "Ana"}],
              expect=[{"player": "Bruno", "mana": 0}, {"player": "Ana", "mana": 4, "lives": 10}])
    assert t.ok
    assert {"dv/tipos/instantaneos", "dv/mana/2", "dv/mana/4"} <= set(t.steps[1].citations)


def test_a_triggered_draw_is_a_trigger_step(h):
    """A permanent's turn-start `draw` is a trigger step like its other effects (not a spell's resolution)."""
    from judge.engine import run_scenario
    from judge.scenarios import load_scenario
    doc = h.make([{"name": "Ana", "deck": ["Ratón"] * 4}, {"name": "Bruno", "deck": ["Ratón"] * 4,
                                                           "board": [{"card": "Biblioteca", "id": "b"}]}],
                 [{"by": "Ana", "end_turn": True}], [{"player": "Bruno", "hand_count": 3}])
    doc["cards"]["Biblioteca"] = {"type": "reliquia", "cost": 1,
                                  "effects": [{"draw": 1, "target": "self", "when": "turn_start"}]}
    t = run_scenario(load_scenario(doc))
    assert t.ok
    drawn = [s for s in t.steps if "dv.draw" in h.ids(s) and h.said(s, "dv.draw").params["prefix"] == "Biblioteca: "]
    assert [s.kind for s in drawn] == ["trigger"] and "dv/tipos/reliquias" in drawn[0].citations


def test_heal_is_capped_at_24(h):
    """dv/generales/curacion: «el máximo de vidas es 24»."""
    t = h.run([{"name": "Ana", "lives": 22, "mana": 1, "hand": ["Bálsamo"]}, {"name": "Bruno"}],
              [{"by": "Ana", "play": "Bálsamo", "target": "Ana"}], expect=[{"player": "Ana", "lives": 24}])
    assert t.ok
    gain = h.said(h.citing(t, "dv/generales/curacion")[0], "dv.effect.gain")
    assert gain.params["lives"] == 24 and gain.params["capped"] == Message("dv.effect.capped", max=24)


def test_relic_bonus_applies_while_in_play(h):
    """dv/tipos/reliquias: «Otorgan efectos mágicos permanentes»; the bonus is computed, not stored."""
    t = h.run([{"name": "Ana", "mana": 3, "hand": ["Estandarte"], "board": [{"card": "Lobo gris", "id": "l"}]},
               {"name": "Bruno", "board": [{"card": "Lobo gris", "id": "lb"}]}],
              [{"by": "Ana", "play": "Estandarte"}, {"by": "Ana", "attack": "l", "target": "Bruno"}],
              expect=[{"player": "Bruno", "lives": 9}, {"object": "l", "card_damage": 3},
                      {"object": "lb", "card_damage": 2}])
    assert t.ok


def test_enchantment_attaches_and_falls_to_its_owners_pile(h):
    """dv/tipos/encantamientos: «Si ese permanente deja de estar en juego, el encantamiento pasa a la pila de
    descartes de su propietario original» — Ana's aura on Bruno's creature goes to ANA's pile. It leaves with its
    creature, which Bola de fuego's damage kills at the end of its resolution: both before the spell
    (dv/tipos/hechizos: «se resuelve su efecto y después se coloca en la pila de descartes»)."""
    t = h.run([{"name": "Ana", "mana": 3, "hand": ["Garras", "Bola de fuego"]},
               {"name": "Bruno", "board": [{"card": "Lobo gris", "id": "lb"}]}],
              [{"by": "Ana", "play": "Garras", "target": "lb"},
               {"by": "Ana", "play": "Bola de fuego", "target": "lb"}],
              expect=[{"object": "lb", "zone": "discard"}, {"player": "Ana", "discard": ["Garras", "Bola de fuego"]},
                      {"player": "Bruno", "discard": ["Lobo gris"]}, {"object": "ana-1", "attached_to": None}])
    assert t.ok, [s.summary for s in t.failed_expectations]
    fall = [s for s in h.citing(t, "dv/tipos/encantamientos") if s.kind != "expectation"][-1]
    assert fall.kind == "resolution" and h.said(fall, "dv.riders") == Message("dv.riders", cards=["Garras"])
    assert [e.data["object"] for e in fall.events] == ["ana-1", "lb"]


def test_enchantment_needs_a_permanent_target(h):
    t = h.run([{"name": "Ana", "mana": 3, "hand": ["Garras"]}, {"name": "Bruno"}],
              [{"by": "Ana", "play": "Garras"}, {"by": "Ana", "play": "Garras", "target": "Bruno"}])
    assert h.kinds(t)[1:] == ["illegal", "illegal"]


def test_life_bonus_keeps_a_creature_alive_until_it_goes(h):
    """Bonuses are computed: destroy the relic and the damaged creature dies in the next state-based check."""
    t = h.run([{"name": "Ana", "mana": 2, "hand": ["Aniquilar"],
                "board": [{"card": "Lobo gris", "id": "l", "damage": 3}, {"card": "Muralla", "id": "m"}]},
               {"name": "Bruno"}],
              [{"by": "Ana", "play": "Aniquilar", "target": "m"}],
              expect=[{"object": "l", "zone": "discard"}, {"object": "m", "zone": "discard"}])
    assert t.ok


def test_discard_effect_with_choose_and_without(h):
    """A `discard` effect: the discarding player chooses; given by `choose`, else the run asks."""
    players = [{"name": "Ana", "mana": 1, "hand": ["Saqueo"]}, {"name": "Bruno", "hand": ["Ratón", "Rayo", "Oso pardo"]}]
    t = h.run(players, [{"by": "Ana", "play": "Saqueo", "target": "Bruno", "choose": ["Oso pardo", "Ratón"]}],
              expect=[{"player": "Bruno", "hand": ["Rayo"], "discard": ["Oso pardo", "Ratón"]},
                      {"player": "Ana", "discard": ["Saqueo"]}])
    assert t.ok, [s.summary for s in t.failed_expectations]
    t2 = h.run(players, [{"by": "Ana", "play": "Saqueo", "target": "Bruno"}])
    assert t2.stopped == "eleccion" and h.kinds(t2)[-1] == "choice"
    t3 = h.run(players, [{"by": "Ana", "play": "Saqueo", "target": "Bruno"},
                         {"by": "Bruno", "discard": ["Rayo", "Ratón"]}],
               expect=[{"player": "Bruno", "discard": ["Rayo", "Ratón"]}, {"player": "Ana", "discard": ["Saqueo"]}])
    assert t3.ok


def test_draw_gain_mana_and_triggers(h):
    t = h.run([{"name": "Ana", "mana": 1, "hand": ["Sabiduría", "Ritual"], "deck": ["Ratón", "Rayo", "Oso pardo", "Bálsamo"],
                "lives": 10, "board": [{"card": "Fuente", "id": "f"}]},
               {"name": "Bruno", "deck": ["Ratón"] * 4}],
              [{"by": "Ana", "play": "Ritual"}, {"by": "Ana", "play": "Sabiduría"}, {"by": "Ana", "end_turn": True},
               {"by": "Bruno", "end_turn": True}],
              expect=[{"player": "Ana", "hand": ["Ratón", "Rayo", "Oso pardo", "Bálsamo"], "lives": 11,
                       "mana": 1, "discard": ["Ritual", "Sabiduría"]}])
    assert t.ok, [s.summary for s in t.failed_expectations]
    assert "trigger" in h.kinds(t)


def test_instant_boost_lasts_until_end_of_turn(h):
    t = h.run([{"name": "Ana", "mana": 1, "hand": ["Furia"], "board": [{"card": "Ratón", "id": "r"}],
                "deck": ["Ratón"] * 4},
               {"name": "Bruno", "deck": ["Ratón"] * 4}],
              [{"by": "Ana", "play": "Furia", "target": "r"}, {"by": "Ana", "attack": "r", "target": "Bruno"},
               {"by": "Ana", "end_turn": True}],
              expect=[{"player": "Bruno", "lives": 8}, {"object": "r", "card_damage": 1}])
    assert t.ok, [s.summary for s in t.failed_expectations]


def test_a_life_bonus_that_ends_with_the_turn_can_kill(h):
    """dv/stack/3: «una reliquia o hechizo puede otorgar +1 … a todas las criaturas» — a spell's bonus lasts until
    the end of the turn (docs/scenarios.md, Interpretations); dv/tipos/criaturas/9: «El daño marcado sobre una
    criatura desaparece al comienzo del siguiente turno de su controlador», so when the +life ends the damage is
    still there, and the state-based check that follows destroys the creature (DESIGN.md: checks after every step
    that can change them)."""
    t = h.run([{"name": "Ana", "mana": 1, "hand": ["Vigor"], "board": [{"card": "Lobo gris", "id": "l"}]},
               {"name": "Bruno", "board": [{"card": "Oso pardo", "id": "o"}], "deck": ["Ratón"] * 2}],
              [{"by": "Ana", "play": "Vigor"}, {"by": "Ana", "attack": "l", "target": "o"},
               {"by": "Ana", "end_turn": True}],
              expect=[{"object": "l", "zone": "discard"}, {"player": "Ana", "discard": ["Vigor", "Lobo gris"]}])
    assert t.ok, [s.summary for s in t.failed_expectations]
    ends = next(i for i, s in enumerate(t.steps) if s.message is not None and s.message.id == "dv.turn.boosts_end")
    death = t.steps[ends + 1]
    assert death.kind == "state-based" and h.said(death, "dv.dying").params["card"] == "Lobo gris"
    assert "dv/generales/pilas" in death.citations
    # ... before Bruno's turn starts.
    assert t.steps[ends + 2].message == Message("dv.turn.mana", turn=4, player="Bruno", before=0)


def test_wrong_number_of_targets_is_illegal(h):
    t = h.run([{"name": "Ana", "mana": 5, "hand": ["Bola de fuego"]}, {"name": "Bruno"}],
              [{"by": "Ana", "play": "Bola de fuego"}])
    assert h.kinds(t)[-1] == "illegal"
    assert h.said(t.steps[-1], "dv.illegal.targets").params == {"card": "Bola de fuego", "n": 1, "need": ["any"],
                                                                "given": 0}


def test_unmodelled_text_is_reported(h):
    from judge.engine import run_scenario
    from judge.scenarios import load_scenario
    doc = h.make([{"name": "Ana", "mana": 2, "hand": ["Lobo raro"]}, {"name": "Bruno"}],
                 [{"by": "Ana", "play": "Lobo raro"}])
    doc["cards"]["Lobo raro"] = {"type": "criatura", "cost": 2, "damage": 2, "life": 2, "text": "Vuela."}
    t = run_scenario(load_scenario(doc))
    assert any("Vuela." in u for u in t.steps[1].unmodelled)


def test_unmodelled_text_is_reported_wherever_it_could_matter(h):
    """DESIGN.md: «An ability the engine does not model is never silently ignored: the trace says which card's text
    is not modelled wherever it could matter»: the attacked creature's text, the text of a relic whose bonus the
    attack uses, a dying creature's text, a triggering card's text."""
    from judge.engine import run_scenario
    from judge.scenarios import load_scenario
    doc = h.make([{"name": "Ana", "board": [{"card": "Lobo gris", "id": "l"}, {"card": "Tótem", "id": "t"}]},
                  {"name": "Bruno", "deck": ["Ratón"] * 3,
                   "board": [{"card": "Topo", "id": "topo"}, {"card": "Manantial", "id": "m"}]}],
                 [{"by": "Ana", "attack": "l", "target": "topo"}, {"by": "Ana", "end_turn": True}])
    doc["cards"]["Tótem"] = {"type": "reliquia", "cost": 1, "effects": [{"boost_damage": 1, "to": "yours"}],
                             "text": "Se sacrifica si atacas con dos criaturas."}
    doc["cards"]["Topo"] = {"type": "criatura", "cost": 1, "damage": 0, "life": 1,
                            "text": "Al morir, roba una carta."}
    doc["cards"]["Manantial"] = {"type": "reliquia", "cost": 1,
                                 "effects": [{"heal": 1, "target": "self", "when": "turn_start"}],
                                 "text": "Solo si tienes menos de 10 vidas."}
    t = run_scenario(load_scenario(doc))
    hit = next(s for s in t.steps if s.kind == "resolution")
    assert any("Tótem" in u for u in hit.unmodelled) and any("Topo" in u for u in hit.unmodelled)
    death = next(s for s in t.steps if s.kind == "state-based")
    assert any("Al morir" in u for u in death.unmodelled)
    trigger = next(s for s in t.steps if s.kind == "trigger")
    assert any("menos de 10 vidas" in u for u in trigger.unmodelled)


def test_a_choose_that_does_not_fit_is_never_guessed(h):
    """A `choose` naming a card the player does not have: the run stops and says why, nothing is picked for them."""
    t = h.run([{"name": "Ana", "mana": 1, "hand": ["Saqueo"]},
               {"name": "Bruno", "hand": ["Ratón", "Rayo", "Oso pardo"]}],
              [{"by": "Ana", "play": "Saqueo", "target": "Bruno", "choose": ["Lobo gris", "Rayo"]}],
              expect=[{"stopped": "eleccion"}, {"player": "Bruno", "hand_count": 3}])
    assert t.ok
    assert "no vale" in [s for s in t.steps if s.kind == "choice"][0].summary


def test_steps_expectation_can_count_citations(h):
    t = h.run([{"name": "Ana", "board": [{"card": "Ratón", "id": "r"}]}, {"name": "Bruno"}],
              [{"by": "Ana", "attack": "r", "target": "Bruno"}, {"by": "Ana", "attack": "r", "target": "Bruno"}],
              expect=[{"steps": {"kind": "illegal", "count": 1, "cites": "dv/tipos/criaturas/3"}},
                      {"steps": {"kind": "any", "count": 1, "cites": "dv/tipos/criaturas/7"}}])
    assert t.ok, [s.summary for s in t.failed_expectations]
    t2 = h.run([{"name": "Ana"}, {"name": "Bruno"}], [], expect=[{"steps": {"kind": "illegal", "count": 1}}])
    assert not t2.ok and len(t2.failed_expectations) == 1
    assert t2.to_json()["failed_expectations"] == [t2.failed_expectations[0].number]


def test_lost_players_are_skipped(h):
    """Three players: Bruno loses during Ana's turn; the next turn is Carla's."""
    t = h.run([{"name": "Ana", "mana": 2, "hand": ["Bola de fuego"], "deck": ["Ratón"] * 4},
               {"name": "Bruno", "lives": 3, "deck": ["Ratón"] * 4}, {"name": "Carla", "deck": ["Ratón"] * 4}],
              [{"by": "Ana", "play": "Bola de fuego", "target": "Bruno"}, {"by": "Ana", "end_turn": True},
               {"by": "Bruno", "end_turn": True}],
              expect=[{"active": "Carla"}, {"turn": 4}, {"player": "Bruno", "lost": True}, {"winner": None}])
    assert t.ok, [s.summary for s in t.failed_expectations]
    assert t.steps[-5].kind == "illegal"


def test_legal_actions_answer_a_pending_choice_and_nothing_else(h):
    from judge.engine import Game
    from judge.engine.rulesets.doce_vidas import Discard
    from judge.scenarios import load_scenario
    g = Game(load_scenario(h.make([{"name": "Ana"}, {"name": "Bruno", "hand": ["Ratón", "Rayo", "Bálsamo"]}],
                                  [])))
    g.play(g.legal_actions()[-1])                 # Ana: end the turn (the last action offered)
    acts = g.legal_actions()
    assert acts and all(isinstance(a, Discard) and a.by == "Bruno" and len(a.cards) == 1 for a in acts)
    assert len(acts) == 3
    g.play(acts[0])
    assert g.state.phase == "accion" and g.state.active == "Bruno"


def test_a_game_that_is_over_accepts_nothing(h):
    from judge.engine import Game
    from judge.engine.rulesets.doce_vidas import EndTurn
    from judge.scenarios import load_scenario
    g = Game(load_scenario(h.make([{"name": "Ana", "board": [{"card": "Oso pardo", "id": "o"}]},
                                   {"name": "Bruno", "lives": 1}], [])))
    g.play([a for a in g.legal_actions() if getattr(a, "target", None) == "Bruno"][0])
    assert g.over and g.legal_actions() == []
    step = g.play(EndTurn(by="Ana"))[0]
    assert step.kind == "illegal" and "dv/objetivo" in step.citations


def test_discard_effect_on_every_opponent_asks_each_in_turn(h):
    """`discard` with target opponents: each opponent chooses; the run resumes the spell after each answer."""
    doc_players = [{"name": "Ana", "mana": 1, "hand": ["Saqueo global"]},
                   {"name": "Bruno", "hand": ["Ratón", "Rayo", "Oso pardo"]},
                   {"name": "Carla", "hand": ["Bálsamo", "Ritual", "Lobo gris"]}]
    from judge.engine import run_scenario
    from judge.scenarios import load_scenario
    doc = h.make(doc_players, [{"by": "Ana", "play": "Saqueo global", "choose": ["Rayo"]},
                               {"by": "Carla", "discard": ["Ritual"]}],
                 [{"player": "Bruno", "discard": ["Rayo"]}, {"player": "Carla", "discard": ["Ritual"]},
                  {"player": "Ana", "discard": ["Saqueo global"], "hand": ["Ratón"]}])
    doc["cards"]["Saqueo global"] = {"type": "hechizo", "cost": 1,
                                     "effects": [{"discard": 1, "target": "opponents"}, {"draw": 1}]}
    doc["players"][0]["deck"] = ["Ratón"]
    t = run_scenario(load_scenario(doc))
    assert t.ok, [s.summary for s in t.failed_expectations]
    assert [s.kind for s in t.steps].count("choice") == 0


def test_enters_trigger_fires_when_the_permanent_enters(h):
    from judge.engine import run_scenario
    from judge.scenarios import load_scenario
    doc = h.make([{"name": "Ana", "mana": 2, "hand": ["Dragón"]}, {"name": "Bruno"}],
                 [{"by": "Ana", "play": "Dragón"}], [{"player": "Bruno", "lives": 10}, {"player": "Ana", "lives": 12}])
    doc["cards"]["Dragón"] = {"type": "criatura", "cost": 2, "damage": 1, "life": 1,
                              "effects": [{"damage": 2, "target": "opponents", "when": "enters"}]}
    t = run_scenario(load_scenario(doc))
    assert t.ok and [s.kind for s in t.steps][1:3] == ["action", "trigger"]


NO_ATTACK = "La criatura encantada no puede atacar."


def _with_text(h, players, actions, turn="default", **cards):
    from judge.engine import run_scenario
    from judge.scenarios import load_scenario
    doc = h.make(players, actions, turn=turn)
    doc["cards"].update(cards)
    return run_scenario(load_scenario(doc))


def test_text_of_a_card_that_starts_on_the_board_is_flagged_from_the_setup_and_when_its_creature_attacks(h):
    """DESIGN.md: an ability the engine does not model is never silently ignored. An aura that starts in play saying
    its creature cannot attack is listed in the setup step, and in the attack's steps (the engine lets the wolf
    attack: the reader must see the text that could forbid it)."""
    t = _with_text(h, [{"name": "Ana", "board": [{"card": "Lobo gris", "id": "l"},
                                                 {"card": "Grilletes", "id": "gr", "attached_to": "l"}]},
                       {"name": "Bruno"}],
                   [{"by": "Ana", "attack": "l", "target": "Bruno"}],
                   Grilletes={"type": "encantamiento", "cost": 1, "text": NO_ATTACK})
    flagged = [s for s in t.steps if any(NO_ATTACK in u for u in s.unmodelled)]
    assert t.steps[0].kind == "setup" and t.steps[0] in flagged
    attack = next(s for s in t.steps if s.kind == "action")
    assert attack in flagged and any(u.startswith("Grilletes:") for u in attack.unmodelled)
    assert next(s for s in t.steps if s.kind == "resolution") in flagged


def test_text_on_the_board_is_flagged_where_it_could_matter(h):
    """The attacked creature's aura, a relic on a side an attack or a spell reaches, every creature a board-wide
    effect touches (and what is stacked on it), a permanent a spell targets or destroys."""
    players = [{"name": "Ana", "mana": 6, "hand": ["Terremoto", "Aniquilar"],
                "board": [{"card": "Lobo gris", "id": "l"}]},
               {"name": "Bruno", "board": [{"card": "Oso pardo", "id": "o", "tapped": True},
                                           {"card": "Escudo", "id": "e", "attached_to": "o"},
                                           {"card": "Altar", "id": "a"}]}]
    t = _with_text(h, players,
                   [{"by": "Ana", "attack": "l", "target": "o"}, {"by": "Ana", "play": "Aniquilar", "target": "a"},
                    {"by": "Ana", "play": "Terremoto"}],
                   Escudo={"type": "encantamiento", "cost": 1, "text": "Prevén todo el daño a la criatura encantada."},
                   Altar={"type": "reliquia", "cost": 1, "text": "Tus criaturas no pueden ser destruidas."},
                   **{"Lobo gris": {"type": "criatura", "cost": 2, "damage": 2, "life": 6, "text": "Vuela."}})
    def notes(step):
        return " ".join(step.unmodelled)
    attack = next(s for s in t.steps if s.kind == "action" and "dv.attack" in h.ids(s))
    assert "Prevén" in notes(attack) and "Vuela" in notes(attack) and "no pueden ser destruidas" in notes(attack)
    destroy = next(s for s in t.steps if s.kind == "resolution" and "dv.effect.destroy" in h.ids(s)
                   and s.message.params["card"] == "Aniquilar")
    assert "no pueden ser destruidas" in notes(destroy)
    quake = next(s for s in t.steps if s.kind == "resolution" and s.message.id == "dv.effect"
                 and s.message.params["card"] == "Terremoto")
    assert "Prevén" in notes(quake) and "Vuela" in notes(quake)


def test_text_of_a_permanent_that_untaps_is_flagged_in_the_untap_step(h):
    t = _with_text(h, [{"name": "Ana", "deck": ["Ratón"] * 3,
                        "board": [{"card": "Lobo gris", "id": "l", "tapped": True},
                                  {"card": "Cadenas", "id": "c", "attached_to": "l"}]}, {"name": "Bruno"}],
                   [], turn={"number": 3, "active": "Ana", "phase": "preparacion"},
                   Cadenas={"type": "encantamiento", "cost": 1,
                            "text": "La criatura encantada no se endereza durante tu preparación."})
    untap = next(s for s in t.steps if s.message is not None and s.message.id == "dv.turn.untap")
    assert any("no se endereza" in u for u in untap.unmodelled)
