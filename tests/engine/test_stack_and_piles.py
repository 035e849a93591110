"""The stack (dv/stack/1..5), the piles, recycling and its doubling cost (dv/generales)."""
from __future__ import annotations


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
    draws = [s for s in t.steps if "roba" in s.summary]
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
    """dv/stack/5 with dv/stack/4: the target player's side first, creatures left to right."""
    t = h.run([{"name": "Ana", "mana": 3, "hand": ["Terremoto"],
                "board": [{"card": "Ratón", "id": "r1"}, {"card": "Lobo gris", "id": "l1"}]},
               {"name": "Bruno", "board": [{"card": "Oso pardo", "id": "o2"}, {"card": "Ratón", "id": "r2"}]}],
              [{"by": "Ana", "play": "Terremoto"}],
              expect=[{"player": "Ana", "discard": ["Terremoto", "Ratón", "Lobo gris"]},
                      {"player": "Bruno", "discard": ["Oso pardo", "Ratón"]}])
    assert t.ok, [s.summary for s in t.failed_expectations]
    deaths = [s for s in t.steps if s.kind == "state-based"][0]
    moved = [e.data["object"] for e in deaths.events]
    assert moved == ["r1", "l1", "o2", "r2"]
    assert "dv/stack/5" in deaths.citations


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
    for pid in (C.PREP_VIDAS, C.PREP_BARAJA, C.FORMATOS, C.TURNO_MANA, C.TURNO_DESCARTAR, C.TURNO_ROBAR,
                C.ACCION_QUEMAR, C.CRIATURA_GIRADA, C.INSTANTANEOS, C.RECICLAR):
        assert pid in cited, pid
