"""The stack (dv/stack/1..5), the piles, recycling and its doubling cost (dv/generales). Steps are found by their
message id (judge/engine/rulesets/doce_vidas/messages.py), not by their Spanish wording."""
from __future__ import annotations

from judge.messages import Message

_KILLS = ("dv.kill.one", "dv.kill.many")


def _said(step) -> str | None:
    """The step's message id (None for a step written as a plain string)."""
    return step.message.id if step.message is not None else None


def test_recycle_when_drawing_from_an_empty_deck(h):
    """dv/generales/reciclar: «pierde vidas según su coste de reciclaje, baraja su pila de descartes para formar un
    nuevo mazo y continúa robando»; dv/generales/reciclar-coste: 1, 2, 4, 8…"""
    t = h.run([{"name": "Ana", "deck": ["Ratón"] * 4}, {"name": "Bruno", "deck": ["Oso pardo"],
                                                         "discard": ["Lobo gris", "Rayo", "Bálsamo"]}],
              [{"by": "Ana", "end_turn": True}],
              expect=[{"player": "Bruno", "lives": 11, "recycle_cost": 2, "hand_count": 2, "deck_count": 2,
                       "discard_count": 0}])
    assert t.ok, [s.summary for s in t.failed_expectations]
    rec = [s for s in t.steps if s.kind == "replacement"]
    assert len(rec) == 1 and set(rec[0].citations) >= {"dv/generales/reciclar", "dv/generales/reciclar-coste"}
    draws = [s for s in t.steps if _said(s) == "dv.draw"]
    assert [s.number for s in draws][0] < rec[0].number < [s.number for s in draws][1]   # draws, recycles, draws on


def test_recycle_cost_doubles_and_can_kill(h):
    t = h.run([{"name": "Ana", "deck": ["Ratón"] * 4},
               {"name": "Bruno", "lives": 4, "recycle_cost": 4, "discard": ["Ratón"]}],
              [{"by": "Ana", "end_turn": True}],
              expect=[{"winner": "Ana"}, {"player": "Bruno", "lives": 0, "recycle_cost": 8}])
    assert t.ok, [s.summary for s in t.failed_expectations]


def test_recycle_shuffle_uses_the_seed(h):
    import json
    pile = ["Ratón", "Rayo", "Bálsamo", "Oso pardo", "Lobo gris", "Terremoto", "Saqueo", "Ritual"]
    players = [{"name": "Ana", "discard": pile}, {"name": "Bruno"}]
    actions = [{"by": "Bruno", "end_turn": True}]
    turn = {"number": 2, "active": "Bruno", "phase": "accion"}
    decks = {json.dumps(h.player(h.final(h.run(players, actions, turn=turn, seed=s)), "Ana")["deck"])
             for s in range(5)}
    assert len(decks) > 1


def test_empty_deck_and_empty_pile_stops_drawing(h):
    t = h.run([{"name": "Ana", "deck": ["Ratón"] * 4}, {"name": "Bruno"}], [{"by": "Ana", "end_turn": True}],
              expect=[{"player": "Bruno", "lives": 11, "recycle_cost": 2, "hand_count": 0}])
    assert t.ok, [s.summary for s in t.failed_expectations]


def test_board_wide_bonuses_are_read_in_stack_order(h):
    """dv/stack/3 and dv/stack/4: creature row then relics row, the target's side first; the summary shows it."""
    t = h.run([{"name": "Ana", "board": [{"card": "Lobo gris", "id": "l"}, {"card": "Estandarte", "id": "e"},
                                         {"card": "Garras", "id": "g", "attached_to": "l"}]},
               {"name": "Bruno", "board": [{"card": "Estandarte", "id": "eb"}]}],
              [{"by": "Ana", "attack": "l", "target": "Bruno"}],
              expect=[{"player": "Bruno", "lives": 7}])
    assert t.ok
    hit = [s for s in t.steps if s.kind == "resolution"][0]
    assert "2 + 2 (Garras) + 1 (Estandarte) = 5" in hit.summary
    assert "dv/stack/4" in hit.citations


def test_enchantments_stacked_on_one_card_read_lifo_and_fall_in_that_order(h):
    """dv/stack/2 (LIFO) and dv/stack/5: «entran en la pila de descartes en el mismo orden en el que se leerían»."""
    t = h.run([{"name": "Ana", "mana": 5, "hand": ["Aniquilar"],
                "board": [{"card": "Lobo gris", "id": "l"}, {"card": "Garras", "id": "g1", "attached_to": "l"},
                          {"card": "Piel de roble", "id": "p", "attached_to": "l"}]},
               {"name": "Bruno"}],
              [{"by": "Ana", "play": "Aniquilar", "target": "l"}],
              expect=[{"player": "Ana", "discard": ["Piel de roble", "Garras", "Lobo gris", "Aniquilar"]}])
    # The host leaves with its stack: the newest aura first, then the older one, then the card; then the spell.
    assert t.ok, [s.summary for s in t.failed_expectations]
    fall = [s for s in t.steps if s.kind == "resolution"][0]
    assert "dv/stack/5" in fall.citations and "dv/stack/2" in fall.citations


def test_simultaneous_deaths_enter_the_piles_in_reading_order(h):
    """dv/stack/5 with dv/stack/4: the target player's side first (none targeted: the active player's), creatures
    left to right; the creatures Terremoto's damage kills die at the end of its resolution, before the card goes to
    the pile (dv/tipos/hechizos: «se resuelve su efecto y después se coloca en la pila de descartes»)."""
    t = h.run([{"name": "Ana", "mana": 3, "hand": ["Terremoto"],
                "board": [{"card": "Ratón", "id": "r1"}, {"card": "Lobo gris", "id": "l1"}]},
               {"name": "Bruno", "board": [{"card": "Oso pardo", "id": "o2"}, {"card": "Ratón", "id": "r2"}]}],
              [{"by": "Ana", "play": "Terremoto"}],
              expect=[{"player": "Ana", "discard": ["Ratón", "Lobo gris", "Terremoto"]},
                      {"player": "Bruno", "discard": ["Oso pardo", "Ratón"]}])
    assert t.ok, [s.summary for s in t.failed_expectations]
    deaths = [s for s in t.steps if _said(s) in _KILLS][0]
    moved = [e.data["object"] for e in deaths.events]
    assert moved == ["r1", "l1", "o2", "r2"] and deaths.kind == "resolution"
    assert "dv/stack/5" in deaths.citations and "state-based" not in h.kinds(t)


def test_piles_destroyed_discarded_burned_go_to_the_discard_pile(h):
    """dv/generales/pilas: «Cuando una carta sea destruida, descartada o quemada, se coloca en la pila de descartes»."""
    t = h.run([{"name": "Ana", "mana": 2, "hand": ["Aniquilar", "Ratón"]},
               {"name": "Bruno", "board": [{"card": "Muralla", "id": "m"}]}],
              [{"by": "Ana", "play": "Aniquilar", "target": "m"}, {"by": "Ana", "burn": "Ratón"}],
              expect=[{"player": "Bruno", "discard": ["Muralla"]}, {"player": "Ana", "discard": ["Aniquilar", "Ratón"]}])
    assert t.ok


def test_every_step_cites_and_every_dv_rule_is_cited_somewhere(h):
    """Across this module's kind of scenarios, the engine cites each fixed passage id it implements."""
    from judge.engine.rulesets.doce_vidas import cites as C
    t1 = h.run([{"name": "Ana", "deck": ["Ratón"] * 6, "hand": ["Estandarte"]},
                {"name": "Bruno", "mana": 1, "deck": ["Ratón"], "hand": ["Rayo", "Bálsamo", "Ratón"]}],
               [{"by": "Ana", "burn": "Estandarte"}, {"by": "Ana", "play": "Ratón"},
                {"by": "Bruno", "play": "Rayo", "target": "Ana"}, {"by": "Ana", "end_turn": True},
                {"by": "Bruno", "discard": ["Ratón"]}], turn=None)
    cited = {c for s in t1.steps for c in s.citations}
    assert all(s.citations for s in t1.steps)
    for pid in (C.PREP_VIDAS, C.PREP_BARAJA, C.TURNO_MANA, C.TURNO_DESCARTAR, C.TURNO_ROBAR,
                C.ACCION_QUEMAR, C.CRIATURA_GIRADA, C.INSTANTANEOS, C.RECICLAR):
        assert pid in cited, pid


def test_only_a_game_beyond_the_duel_cites_the_formats_passage(h):
    """dv/formatos: «Existen varios formatos que puedes jugar.» The rules describe a duel; a game of three or more
    players is one of those other formats, so its setup cites the passage, and a duel's does not (citing it there
    would justify nothing)."""
    from judge.engine.rulesets.doce_vidas import cites as C
    duel = h.run([{"name": "Ana"}, {"name": "Bruno"}], [], turn=None)
    three = h.run([{"name": "Ana"}, {"name": "Bruno"}, {"name": "Carla"}], [], turn=None)
    assert C.FORMATOS not in {c for s in duel.steps for c in s.citations}
    assert C.FORMATOS in three.steps[0].citations


def test_a_bonus_applied_cites_its_card_type_and_the_stack_passages_that_order_it(h):
    """dv/tipos/reliquias: «Otorgan efectos mágicos permanentes»; dv/stack/3: «una reliquia o hechizo puede otorgar
    +1 de daño a todas las criaturas, pero esa reliquia no está adherida a ninguna criatura»; dv/stack/4: «se leen de
    izquierda a derecha…»; dv/tipos/encantamientos and dv/stack/2 for the bonus stacked on the card itself. The step
    that applies the bonuses cites every one of them, and dv/stack/1 (the stack orders them)."""
    t = h.run([{"name": "Ana", "board": [{"card": "Lobo gris", "id": "l"}, {"card": "Estandarte", "id": "e"},
                                         {"card": "Garras", "id": "g", "attached_to": "l"}]},
               {"name": "Bruno"}],
              [{"by": "Ana", "attack": "l", "target": "Bruno"}], expect=[{"player": "Bruno", "lives": 7}])
    assert t.ok
    hit = [s for s in t.steps if s.kind == "resolution"][0]
    for pid in ("dv/tipos/reliquias", "dv/tipos/encantamientos", "dv/stack/1", "dv/stack/2", "dv/stack/3",
                "dv/stack/4"):
        assert pid in hit.citations, pid


def test_the_attacked_creatures_bonus_is_cited_too(h):
    """dv/tipos/criaturas/6: «ambas se infligen su daño»; the damage dealt back includes the defender's side's relic
    (dv/tipos/reliquias, dv/stack/3), so the step cites it even when the attacker has no bonus."""
    t = h.run([{"name": "Ana", "board": [{"card": "Oso pardo", "id": "o"}]},
               {"name": "Bruno", "board": [{"card": "Lobo gris", "id": "l"}, {"card": "Estandarte", "id": "e"}]}],
              [{"by": "Ana", "attack": "o", "target": "l"}], expect=[{"object": "o", "damage": 3}])
    assert t.ok, [s.summary for s in t.failed_expectations]
    hit = [s for s in t.steps if s.kind == "resolution"][0]
    assert {"dv/tipos/reliquias", "dv/stack/1", "dv/stack/3", "dv/stack/4"} <= set(hit.citations)
    assert "2 + 1 (Estandarte) = 3" in hit.summary


def test_a_death_decided_by_a_life_bonus_cites_the_bonus(h):
    """The Lobo gris (3 life) + Muralla (+1 to all, dv/tipos/reliquias, dv/stack/3) takes 5 and dies: the step of
    its death (at the end of Terremoto's resolution) compares with the computed life 4 and cites the relic's
    passages."""
    t = h.run([{"name": "Ana", "mana": 3, "hand": ["Terremoto"],
                "board": [{"card": "Lobo gris", "id": "l"}, {"card": "Muralla", "id": "m"}]},
               {"name": "Bruno"}],
              [{"by": "Ana", "play": "Terremoto"}], expect=[{"object": "l", "zone": "discard"}])
    assert t.ok
    death = [s for s in t.steps if _said(s) in _KILLS][0]
    assert "3 + 1 (Muralla) = 4" in death.summary
    assert {"dv/tipos/reliquias", "dv/stack/1", "dv/stack/3"} <= set(death.citations)


def test_a_spells_boost_on_one_creature_stacks_on_it(h):
    """dv/stack/2: «Sobre una misma carta pueden apilarse varios encantamientos y hechizos»: an instant that gives
    one creature +3 until the end of the turn is stacked on that card (not a board-wide card, dv/stack/3); the attack
    that uses it cites dv/tipos/instantaneos and dv/stack/2."""
    t = h.run([{"name": "Ana", "mana": 1, "hand": ["Furia"], "board": [{"card": "Ratón", "id": "r"}]},
               {"name": "Bruno"}],
              [{"by": "Ana", "play": "Furia", "target": "r"}, {"by": "Ana", "attack": "r", "target": "Bruno"}],
              expect=[{"player": "Bruno", "lives": 8}])
    assert t.ok
    played, hit = [s for s in t.steps if s.kind == "resolution"][:1] + \
        [s for s in t.steps if _said(s) == "dv.attack.player"]
    assert "dv/stack/2" in played.citations and "dv/stack/3" not in played.citations
    assert {"dv/tipos/instantaneos", "dv/stack/1", "dv/stack/2"} <= set(hit.citations)
    assert "dv/stack/3" not in hit.citations


def test_triggers_at_the_same_moment_resolve_in_stack_order_and_cite_it(h):
    """dv/stack/4: «las cartas se leen de izquierda a derecha, empezando por la fila de las criaturas y luego por la
    fila de hechizos y reliquias»: the creature's turn-start heal (23 → 24, capped) before the relic's damage
    (24 → 22); each trigger step cites dv/stack/1, /3 and /4."""
    doc_cards = {"Druida": {"type": "criatura", "cost": 2, "damage": 1, "life": 2,
                            "effects": [{"heal": 3, "target": "self", "when": "turn_start"}]},
                 "Espinas": {"type": "reliquia", "cost": 1,
                             "effects": [{"damage": 2, "target": "self", "when": "turn_start"}]}}
    from judge.engine import run_scenario
    from judge.scenarios import load_scenario
    doc = h.make([{"name": "Ana", "lives": 23, "deck": ["Ratón"] * 3,
                   "board": [{"card": "Espinas", "id": "es"}, {"card": "Druida", "id": "d"}]},
                  {"name": "Bruno", "deck": ["Ratón"] * 3}],
                 [{"by": "Bruno", "end_turn": True}], [{"player": "Ana", "lives": 22}],
                 turn={"number": 4, "active": "Bruno", "phase": "accion"})
    doc["cards"].update(doc_cards)
    t = run_scenario(load_scenario(doc))
    assert t.ok, [s.summary for s in t.failed_expectations]
    triggers = [s for s in t.steps if s.kind == "trigger"]
    assert [s.summary.split(":")[0] for s in triggers] == ["Druida", "Espinas"]
    for s in triggers:
        assert {"dv/stack/1", "dv/stack/3", "dv/stack/4"} <= set(s.citations), s.citations


def test_an_expected_stat_cites_what_makes_it(h):
    """An expectation on a creature's computed damage cites the passages of the bonuses in it (the enchantment on
    it: dv/tipos/encantamientos, dv/stack/2; the relic: dv/tipos/reliquias, dv/stack/3, /4); without bonuses, the
    creature's own card (dv/tipos)."""
    t = h.run([{"name": "Ana", "board": [{"card": "Lobo gris", "id": "l"}, {"card": "Estandarte", "id": "e"},
                                         {"card": "Garras", "id": "g", "attached_to": "l"},
                                         {"card": "Ratón", "id": "r"}]},
               {"name": "Bruno"}],
              expect=[{"object": "l", "card_damage": 5}, {"object": "r", "card_life": 1}])
    assert t.ok
    boosted, plain = [s for s in t.steps if s.kind == "expectation"]
    assert {"dv/tipos/encantamientos", "dv/stack/2", "dv/tipos/reliquias", "dv/stack/3", "dv/stack/4",
            "dv/stack/1"} <= set(boosted.citations)
    assert plain.citations == ["dv/tipos"]


def test_a_spells_board_wide_boost_covers_creatures_entering_later_that_turn(h):
    """dv/stack/3: «hay cartas que se aplican a todo el tablero»; a spell that does so lasts the turn
    (docs/scenarios.md, Interpretations): the Lobo gris played after Vigor has 3 + 2 life this turn."""
    t = h.run([{"name": "Ana", "mana": 3, "hand": ["Vigor", {"card": "Lobo gris", "id": "l"}],
                "deck": ["Ratón"] * 3},
               {"name": "Bruno", "deck": ["Ratón"] * 3}],
              [{"by": "Ana", "play": "Vigor"}, {"by": "Ana", "play": "Lobo gris"}],
              expect=[{"object": "l", "card_life": 5}])
    assert t.ok, [s.summary for s in t.failed_expectations]


def test_the_end_of_a_boost_on_one_creature_cites_the_card_stack_not_the_board(h):
    """Furia gives one creature +3 until the end of the turn: stacked on that card (dv/stack/2); when it ends the
    step cites dv/tipos/instantaneos and dv/stack/2, and not dv/stack/3 (no card applying to the whole board)."""
    t = h.run([{"name": "Ana", "mana": 1, "hand": ["Furia"], "board": [{"card": "Ratón", "id": "r"}]},
               {"name": "Bruno", "deck": ["Ratón"] * 3}],
              [{"by": "Ana", "play": "Furia", "target": "r"}, {"by": "Ana", "end_turn": True}])
    ends = next(s for s in t.steps if _said(s) == "dv.turn.boosts_end")
    assert {"dv/tipos/instantaneos", "dv/stack/2"} <= set(ends.citations) and "dv/stack/3" not in ends.citations
    assert "dv/tipos/hechizos" in ends.citations       # «Funcionan igual que los hechizos»


def test_damage_to_every_player_is_read_in_stack_order_and_cites_it(h):
    """A spell that hits every player applies to the whole board (dv/stack/3), the players read from its
    controller's side (dv/stack/4): the step cites both."""
    from judge.engine import run_scenario
    from judge.scenarios import load_scenario
    doc = h.make([{"name": "Ana", "mana": 1, "hand": ["Plaga"]}, {"name": "Bruno"}],
                 [{"by": "Ana", "play": "Plaga"}], [{"player": "Ana", "lives": 9}, {"player": "Bruno", "lives": 9}])
    doc["cards"]["Plaga"] = {"type": "hechizo", "cost": 1, "effects": [{"damage": 3, "target": "all_players"}]}
    t = run_scenario(load_scenario(doc))
    assert t.ok
    hit = next(s for s in t.steps if s.summary.startswith("Plaga:"))
    assert {"dv/tipos/hechizos", "dv/stack/3", "dv/stack/4"} <= set(hit.citations)
    assert hit.summary.index("Ana") < hit.summary.index("Bruno")


def test_an_effect_on_every_opponent_reads_them_in_seating_order_from_its_controller(h):
    """As for every player (dv/stack/4, the controller's side first, then the others in turn order): Bruno's
    spell on his opponents reads Carla, then Ana; the step cites dv/stack/3 and /4."""
    from judge.engine import run_scenario
    from judge.scenarios import load_scenario
    doc = h.make([{"name": "Ana"}, {"name": "Bruno", "mana": 1, "hand": ["Rayo global"]}, {"name": "Carla"}],
                 [{"by": "Bruno", "play": "Rayo global"}], [{"player": "Ana", "lives": 10}],
                 turn={"number": 2, "active": "Bruno", "phase": "accion"})
    doc["cards"]["Rayo global"] = {"type": "hechizo", "cost": 1, "effects": [{"damage": 2, "target": "opponents"}]}
    t = run_scenario(load_scenario(doc))
    assert t.ok
    hit = next(s for s in t.steps if s.summary.startswith("Rayo global:"))
    assert hit.summary.index("Carla") < hit.summary.index("Ana")
    assert {"dv/stack/3", "dv/stack/4"} <= set(hit.citations)


DOUBLE_RUIN = {"type": "hechizo", "cost": 2, "effects": [{"destroy": 1, "target": "permanent"},
                                                         {"destroy": 1, "target": "permanent"}]}


def test_what_one_resolution_destroys_enters_the_pile_together_in_reading_order(h):
    """dv/stack/5: «Cuando se resuelve alguna situación y varias cartas deben ir a la pila de descartes
    simultáneamente, entran en la pila de descartes en el mismo orden en el que se leerían en el stack», however many
    effects of the card sent them: Ruina doble names the relic first and the creature second, but the creature row is
    read first (dv/stack/4) and the aura on the wolf before the wolf (dv/stack/2)."""
    from judge.engine import run_scenario
    from judge.scenarios import load_scenario
    doc = h.make([{"name": "Ana", "mana": 2, "hand": ["Ruina doble"]},
                  {"name": "Bruno", "board": [{"card": "Lobo gris", "id": "l"}, {"card": "Muralla", "id": "m"},
                                              {"card": "Garras", "id": "g", "attached_to": "l"}]}],
                 [{"by": "Ana", "play": "Ruina doble", "targets": ["m", "l"]}],
                 [{"player": "Bruno", "discard": ["Garras", "Lobo gris", "Muralla"], "board": []},
                  {"player": "Ana", "discard": ["Ruina doble"]}])
    doc["cards"]["Ruina doble"] = DOUBLE_RUIN
    t = run_scenario(load_scenario(doc))
    assert t.ok, [s.summary for s in t.failed_expectations]
    entering = [s for s in t.steps if any(e.kind == "move" and e.data["to"] == "discard" for e in s.events)]
    together = entering[0]
    assert [e.data["object"] for e in together.events if e.data["to"] == "discard"] == ["g", "l", "m"]
    assert {"dv/stack/5", "dv/stack/4", "dv/stack/2", "dv/generales/pilas"} <= set(together.citations)
    first = next(s for s in t.steps if s.kind == "resolution")          # Muralla leaves play, and waits
    assert "dv/stack/5" in first.citations and not any(e.data.get("to") == "discard" for e in first.events)
    # Between the two effects the relic is off the board (its +1 life no longer counts), not yet in the pile.
    bruno = h.player(first.board, "Bruno")
    assert [o["id"] for o in bruno["board"]] == ["l", "g"] and [o["id"] for o in bruno["resolving"]] == ["m"]
    assert bruno["discard"] == []


def test_a_second_destroy_of_the_same_card_finds_it_gone(h):
    """The first effect already took the wolf out of play: the second has nothing to destroy, and the wolf enters the
    pile once."""
    from judge.engine import run_scenario
    from judge.scenarios import load_scenario
    doc = h.make([{"name": "Ana", "mana": 2, "hand": ["Ruina doble"]},
                  {"name": "Bruno", "board": [{"card": "Lobo gris", "id": "l"}]}],
                 [{"by": "Ana", "play": "Ruina doble", "targets": ["l", "l"]}],
                 [{"player": "Bruno", "discard": ["Lobo gris"]}, {"player": "Ana", "discard": ["Ruina doble"]}])
    doc["cards"]["Ruina doble"] = DOUBLE_RUIN
    t = run_scenario(load_scenario(doc))
    assert t.ok, [s.summary for s in t.failed_expectations]
    second = [s for s in t.steps if s.kind == "resolution"][1]
    assert "dv.effect.target_gone" in [p.id for p in second.message.params["parts"]]
    assert [e.data["to"] for e in second.events] == ["discard"]


# dv/stack/5: «Cuando se resuelve alguna situación y varias cartas deben ir a la pila de descartes simultáneamente,
# entran en la pila de descartes en el mismo orden en el que se leerían en el stack.» The cards one resolution sends
# to the piles enter together, in stack reading order, however many effects of the card sent them: destroyed, or
# killed by that card's damage; the card itself after (dv/tipos/hechizos: «se resuelve su efecto y después se coloca
# en la pila de descartes»).
QUAKE_RUIN = {"type": "hechizo", "cost": 3,
              "effects": [{"destroy": 1, "target": "relic"}, {"damage": 3, "target": "all_creatures"}]}


def _run(h, players, actions, expect, **cards):
    from judge.engine import run_scenario
    from judge.scenarios import load_scenario
    doc = h.make(players, actions, expect)
    doc["cards"].update(cards)
    return run_scenario(load_scenario(doc))


def _entries(t) -> list[list[str]]:
    """The objects each step moved into a discard pile, step by step (one list per entry into the piles)."""
    return [[e.data["object"] for e in s.events if e.kind == "move" and e.data["to"] == "discard"] for s in t.steps
            if any(e.kind == "move" and e.data["to"] == "discard" for e in s.events)]


def test_what_a_cards_damage_kills_enters_the_pile_with_what_it_destroyed_in_reading_order(h):
    """The relic named first, the creatures killed second: one entry, the creatures row read first (dv/stack/4),
    then the spell."""
    t = _run(h, [{"name": "Ana", "mana": 3, "hand": ["Ruina sísmica"]},
                 {"name": "Bruno", "board": [{"card": "Ratón", "id": "r"}, {"card": "Lobo gris", "id": "l"},
                                             {"card": "Estandarte", "id": "e"}]}],
             [{"by": "Ana", "play": "Ruina sísmica", "targets": ["e"]}],
             [{"player": "Bruno", "discard": ["Ratón", "Lobo gris", "Estandarte"], "board": []},
              {"player": "Ana", "discard": ["Ruina sísmica"]}],
             **{"Ruina sísmica": QUAKE_RUIN})
    assert t.ok, [s.summary for s in t.failed_expectations]
    assert _entries(t) == [["r", "l", "e"], ["ana-1"]]
    together = next(s for s in t.steps if [e.data.get("object") for e in s.events] == ["r", "l", "e"])
    assert together.kind == "resolution" and together.message.params["waiting"] == \
        Message("dv.kill.waiting", card="Ruina sísmica")
    assert {"dv/stack/5", "dv/stack/4", "dv/generales/pilas", "dv/tipos/hechizos"} <= set(together.citations)
    assert "state-based" not in h.kinds(t)


def test_the_deaths_are_known_when_the_resolution_ends(h):
    """A spell resolves completely before anything dies (docs/scenarios.md, Interpretations): its own later heal
    saves the wolf its damage had marked lethally; the mouse dies, with the relic it destroyed."""
    card = {"type": "hechizo", "cost": 3, "effects": [{"destroy": 1, "target": "relic"},
                                                       {"damage": 3, "target": "all_creatures"},
                                                       {"heal": 2, "target": "creature"}]}
    t = _run(h, [{"name": "Ana", "mana": 3, "hand": ["Ruina"]},
                 {"name": "Bruno", "board": [{"card": "Ratón", "id": "r"}, {"card": "Lobo gris", "id": "l"},
                                             {"card": "Estandarte", "id": "e"}]}],
             [{"by": "Ana", "play": "Ruina", "targets": ["e", "l"]}],
             [{"player": "Bruno", "discard": ["Ratón", "Estandarte"]}, {"object": "l", "damage": 1, "zone": "board"}],
             Ruina=card)
    assert t.ok, [s.summary for s in t.failed_expectations]
    assert _entries(t) == [["r", "e"], ["ana-1"]]


def test_a_creature_killed_by_losing_a_bonus_the_card_destroyed_dies_in_the_check_after(h):
    """Only what the card's effects send out of play enters with it: the wolf its damage did not touch dies because
    the Muralla (+1 life, destroyed by the card) is gone, in the state-based check after the resolution
    (dv/generales/pilas), after the spell."""
    t = _run(h, [{"name": "Ana", "mana": 3, "hand": ["Ruina sísmica"],
                  "board": [{"card": "Lobo gris", "id": "l", "damage": 3}, {"card": "Muralla", "id": "m"}]},
                 {"name": "Bruno", "board": [{"card": "Ratón", "id": "r"}]}],
             [{"by": "Ana", "play": "Ruina sísmica", "targets": ["m", "r"]}],
             [{"player": "Ana", "discard": ["Muralla", "Ruina sísmica", "Lobo gris"]},
              {"player": "Bruno", "discard": ["Ratón"]}],
             **{"Ruina sísmica": {"type": "hechizo", "cost": 3, "effects": [
                 {"destroy": 1, "target": "relic"}, {"damage": 1, "target": "creature"}]}})
    assert t.ok, [s.summary for s in t.failed_expectations]
    assert _entries(t) == [["m", "r"], ["ana-1"], ["l"]]      # from the destroyed relic's side (Ana's) first
    assert [s.kind for s in t.steps if s.events and s.events[-1].data.get("object") == "l"] == ["state-based"]


def test_what_the_damage_marked_does_not_die_in_the_check_of_a_draw_that_recycles(h):
    """Drawing from an empty deck in the middle of the spell recycles (dv/generales/reciclar) and checks whether the
    player lost; the creatures the spell's damage killed still wait for the end of its resolution."""
    card = {"type": "hechizo", "cost": 3, "effects": [{"damage": 3, "target": "all_creatures"},
                                                       {"draw": 1, "target": "self"}]}
    t = _run(h, [{"name": "Ana", "mana": 3, "hand": ["Sismo"], "discard": ["Ratón"],
                  "board": [{"card": "Lobo gris", "id": "l"}]},
                 {"name": "Bruno", "board": [{"card": "Oso pardo", "id": "o"}]}],
             [{"by": "Ana", "play": "Sismo"}],
             [{"player": "Ana", "discard": ["Lobo gris", "Sismo"], "hand": ["Ratón"], "lives": 11},
              {"player": "Bruno", "discard": []}],
             Sismo=card)
    assert t.ok, [s.summary for s in t.failed_expectations]
    kinds = h.kinds(t)
    death = next(i for i, s in enumerate(t.steps) if _said(s) in _KILLS)
    assert kinds.index("replacement") < death and "state-based" not in kinds


def test_a_choice_in_the_middle_of_the_spell_does_not_let_its_victims_die_early(h):
    """A `discard` effect waits for Bruno's choice after the damage: the wolf stays on the board with its lethal
    damage while the spell is on the table, and dies when the spell ends, before it (dv/stack/5)."""
    card = {"type": "hechizo", "cost": 3, "effects": [{"damage": 3, "target": "all_creatures"},
                                                       {"discard": 1, "target": "player"}]}
    t = _run(h, [{"name": "Ana", "mana": 3, "hand": ["Saqueo sísmico"]},
                 {"name": "Bruno", "hand": ["Ratón", {"card": "Rayo", "id": "rayo"}],
                  "board": [{"card": "Lobo gris", "id": "l"}]}],
             [{"by": "Ana", "play": "Saqueo sísmico", "target": "Bruno"}, {"by": "Bruno", "discard": ["Rayo"]}],
             [{"player": "Bruno", "discard": ["Rayo", "Lobo gris"]}, {"player": "Ana", "discard": ["Saqueo sísmico"]}],
             **{"Saqueo sísmico": card})
    assert t.ok, [s.summary for s in t.failed_expectations]
    assert _entries(t) == [["rayo"], ["l"], ["ana-1"]]
    hit = next(s for s in t.steps if _said(s) == "dv.effect" and
               any(p.id == "dv.effect.damage" and p.params["n"] == 3 for p in s.message.params["parts"]))  # the board while Bruno chooses
    assert [(o["id"], o["damage"]) for o in h.player(hit.board, "Bruno")["board"]] == [("l", 3)]
    after = t.steps[t.steps.index(hit) + 1]
    assert _said(after) == "dv.discard" and after.message.params["prefix"] == "Saqueo sísmico: " and \
        after.actor == "Bruno"


def test_combat_and_a_permanents_trigger_keep_their_deaths_in_the_state_based_check(h):
    """Combat is no card's resolution (dv/tipos/criaturas/6), nor is a relic's effect at the start of a turn: what
    they kill dies in the state-based check that follows (dv/generales/pilas)."""
    spikes = {"type": "reliquia", "cost": 1, "effects": [{"damage": 1, "target": "all_creatures",
                                                          "when": "turn_start"}]}
    t = _run(h, [{"name": "Ana", "board": [{"card": "Oso pardo", "id": "o"}]},
                 {"name": "Bruno", "deck": ["Ratón"] * 3,
                  "board": [{"card": "Lobo gris", "id": "l"}, {"card": "Ratón", "id": "r"},
                            {"card": "Púas", "id": "p"}]}],
             [{"by": "Ana", "attack": "o", "target": "l"}, {"by": "Ana", "end_turn": True}],
             [{"player": "Bruno", "discard": ["Lobo gris", "Ratón"]}],
             **{"Púas": spikes})
    assert t.ok, [s.summary for s in t.failed_expectations]
    movers = [s for s in t.steps if any(e.kind == "move" and e.data["to"] == "discard" for e in s.events)]
    assert [s.kind for s in movers] == ["state-based", "state-based"]
    assert [_entries(t)] == [[["l"], ["r"]]]


def test_a_spell_that_wins_the_game_still_sends_what_it_killed_to_the_piles(h):
    """Its damage kills the wolf and leaves Bruno at 0: the wolf enters the pile at the end of the resolution, then
    the spell; then Bruno loses in the state-based check (dv/objetivo)."""
    card = {"type": "hechizo", "cost": 3, "effects": [{"damage": 3, "target": "all_creatures"},
                                                       {"damage": 3, "target": "opponents"}]}
    t = _run(h, [{"name": "Ana", "mana": 3, "hand": ["Cataclismo"]},
                 {"name": "Bruno", "lives": 3, "board": [{"card": "Lobo gris", "id": "l"}]}],
             [{"by": "Ana", "play": "Cataclismo"}],
             [{"winner": "Ana"}, {"player": "Bruno", "discard": ["Lobo gris"], "board": []}],
             Cataclismo=card)
    assert t.ok, [s.summary for s in t.failed_expectations]
    assert _entries(t) == [["l"], ["ana-1"]]
    game = [s for s in t.steps if s.kind != "expectation"]
    assert [s.kind for s in game[-4:]] == ["resolution", "resolution", "state-based", "state-based"]
    assert _said(game[-4]) in _KILLS and game[-4].message.params["details"][0].params["card"] == "Lobo gris"
    assert _said(game[-1]) == "dv.sba.wins"


def test_a_spell_cut_short_by_the_games_end_still_sends_what_it_killed_before_it(h):
    """Ana's own draw recycles with 1 life left (dv/generales/reciclar) and she loses in the middle of the spell
    (dv/objetivo): the resolution ends there, and what its damage killed enters the piles, then the spell."""
    card = {"type": "hechizo", "cost": 3, "effects": [{"damage": 3, "target": "all_creatures"},
                                                       {"draw": 1, "target": "self"}, {"heal": 5, "target": "self"}]}
    t = _run(h, [{"name": "Ana", "lives": 1, "mana": 3, "hand": ["Sismo"], "discard": ["Ratón"]},
                 {"name": "Bruno", "board": [{"card": "Lobo gris", "id": "l"}]}],
             [{"by": "Ana", "play": "Sismo"}],
             [{"winner": "Bruno"}, {"player": "Bruno", "discard": ["Lobo gris"]}, {"player": "Ana", "lives": 0}],
             Sismo=card)
    assert t.ok, [s.summary for s in t.failed_expectations]
    assert _entries(t)[-2:] == [["l"], ["ana-1"]]
    assert _said(next(s for s in t.steps if s.kind == "state-based" and s.actor == "Bruno")) == "dv.sba.wins"
