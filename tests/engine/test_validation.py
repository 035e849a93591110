"""Scenario validation: field paths, all errors at once, limits, YAML bombs, JSON and YAML. Each error is read as
its field path and its message (id and parameters, judge/messages.py), not its Spanish wording."""
from __future__ import annotations

import json
from typing import Any

import pytest
import yaml

from judge.messages import Message
from judge.scenarios import FieldError, ScenarioError, load_scenario


def errors_of(source, **kw) -> list[tuple[str, Message | None]]:
    """Every error as (field path, message), in the order reported."""
    with pytest.raises(ScenarioError) as exc:
        load_scenario(source, **kw)
    assert all(isinstance(e, FieldError) for e in exc.value.errors)
    return [(e.path, e.said) for e in exc.value.errors]


def ids_at(errs: list[tuple[str, Message | None]], path: str) -> list[str]:
    """The message ids of the errors at `path`."""
    return [m.id if m is not None else "" for p, m in errs if p == path]


def quoted(value: str) -> Message:
    return Message("format.quoted", value=value)


def too_deep(more: int = 0) -> Message:
    return Message("format.load.too_deep_more", max=12, more=more) if more else Message("format.load.too_deep", max=12)


def test_all_errors_at_once_with_paths(h):
    doc = h.make([{"name": "Ana", "board": [{"card": "Lobo grs"}]}, {"name": "Bruno"}],
                 [{"by": "Carla", "end_turn": True}, {"by": "Ana", "atack": "x"}],
                 turn={"number": 1, "active": "Ana", "phase": "combate"})
    errs = errors_of(doc)
    assert ("players[0].board[0].card", Message("format.card.unknown", card="Lobo grs")) in errs
    assert ("actions[0].by", Message("format.player.unknown", name="Carla")) in errs
    assert ("turn.phase", Message("format.not_choice", options="preparacion|accion", got=quoted("combate"))) in errs
    assert ids_at(errs, "actions[1]") == ["dv.schema.one_action"]


def test_a_card_defined_with_errors_is_reported_once_not_as_unknown_where_used():
    doc = {"ruleset": "doce-vidas", "title": "x",
           "cards": {"Lobo gris": {"type": "criatura", "cost": 2, "damage": 2, "life": 3},
                     "Grilletes": {"type": "encantamientox", "cost": 1}},
           "players": [{"name": "Ana", "board": [{"card": "Lobo gris", "id": "lobo"},
                                                {"card": "Grilletes", "attached_to": "lobo"}],
                        "hand": ["Grilletes"]},
                       {"name": "Bruno", "hand": ["Lobo grs"]}],
           "actions": [{"by": "Ana", "play": "Grilletes", "target": "lobo"}]}
    errs = errors_of(doc)
    assert ids_at(errs, "cards.Grilletes.type") == ["format.not_choice"]
    assert not any(m is not None and m.id == "format.card.unknown" and m.params["card"] == "Grilletes"
                   for _, m in errs), errs
    assert ("players[1].hand[0].card", Message("format.card.unknown", card="Lobo grs")) in errs    # a real typo is


def test_unknown_keys_and_effects_are_errors(h):
    doc = h.make([{"name": "Ana", "lifes": 3}, {"name": "Bruno"}], [], titel="x")
    doc["cards"]["Rara"] = {"type": "hechizo", "cost": 1, "effects": [{"explode": 3}]}
    doc["cards"]["Mala"] = {"type": "reliquia", "cost": 1, "effects": [{"boost_damage": 1, "to": "enchanted"}]}
    errs = errors_of(doc)
    assert ids_at(errs, "titel") == ["format.unknown_key"]
    assert ids_at(errs, "players[0].lifes") == ["format.unknown_key"]
    (explode,) = [m for p, m in errs if p == "cards.Rara.effects[0].explode"]
    assert explode is not None and (explode.id, explode.params["effect"]) == ("dv.card.unknown_effect", "explode")
    (to,) = [m for p, m in errs if p == "cards.Mala.effects[0].to"]
    assert to is not None and to.id == "format.not_choice" and to.params["options"].startswith("all|yours|theirs")


def test_types_and_bounds(h):
    doc = h.make([{"name": "Ana", "lives": 25, "mana": -1}, {"name": "Bruno", "lives": True}], [])
    doc["seed"] = "x"
    errs = errors_of(doc)
    assert ("players[0].lives", Message("format.integer_above", max=24, got=25)) in errs
    assert ("players[0].mana", Message("format.integer_below", min=0, got=-1)) in errs
    assert ("players[1].lives", Message("format.not_integer_min", min=1, got=Message("format.type.bool"))) in errs
    assert ("seed", Message("format.not_integer_min", min=0, got=Message("format.type.str"))) in errs


def test_player_count_and_size_limits(h):
    assert ("players", Message("format.players.too_few", min=2, n=1)) in errors_of(h.make([{"name": "Ana"}]))
    nine = errors_of(h.make([{"name": f"J{i}"} for i in range(9)]))
    assert ("players", Message("format.list_too_long", n=9, what="jugadores", max=8)) in nine
    many = [{"by": "Ana", "end_turn": True}] * 2001
    assert ("actions", Message("format.list_too_long", n=2001, what="acciones", max=2000)) in \
        errors_of(h.make([{"name": "Ana"}, {"name": "B"}], many))
    big = [{"name": n, "deck": ["Ratón"] * 300, "hand": ["Ratón"] * 300} for n in ("A", "B")]
    assert ids_at(errors_of(h.make(big)), "players") == ["format.players.too_many_cards"]
    assert ids_at(errors_of(h.make([{"name": "A" * 201}, {"name": "B"}])), "players[0].name") == \
        ["format.text_too_long"]


def test_yaml_alias_bomb_and_huge_documents_are_rejected():
    bomb = "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefg", "bcdefgh"))
    assert ids_at(errors_of(bomb), "") == ["format.load.too_many_values"]
    assert ids_at(errors_of("x" * 1_000_001), "") == ["format.load.too_big_text"]
    deep = "a: " + "[" * 50 + "]" * 50
    assert ("a" + "[0]" * 12, too_deep()) in errors_of(deep)


DEEP_PATH = "players[1].extra.a[0].a[0].a[0].a[0].a[0]"   # the first value 13 levels down
DEEP_ERROR = (DEEP_PATH, Message("format.load.too_deep", max=12))


def nested(levels: int) -> Any:
    """{"a": [{"a": [... 1 ...]}]}: `levels` maps and lists in all, a map outermost."""
    value: Any = 1
    for n in reversed(range(levels)):
        value = {"a": value} if n % 2 == 0 else [value]
    return value


def test_deep_nesting_is_an_error_at_its_path_beside_every_other_error(h):
    def doc_with(extra: Any) -> dict[str, Any]:
        return h.make([{"name": "Ana", "lives": 25}, {"name": "Bruno", "extra": extra}],
                      [{"by": "Carla", "end_turn": True}])

    others = errors_of(doc_with(1))
    assert ("players[0].lives", Message("format.integer_above", max=24, got=25)) in others
    assert ("actions[0].by", Message("format.player.unknown", name="Carla")) in others
    assert ids_at(others, "players[1].extra") == ["format.unknown_key"]
    assert not any(m is not None and m.id.startswith("format.load.too_deep") for _, m in others)
    # 12 levels in all is allowed (the error is only the unknown key); 13 is not.
    assert errors_of(doc_with(nested(9))) == others
    assert errors_of(doc_with(nested(10))) == others + [DEEP_ERROR]
    for levels in (18, 300, 3000):
        doc = doc_with(nested(levels))
        # The same from a mapping, JSON text and YAML text, however deep (3000 levels: json.loads and
        # yaml.safe_load would overflow the stack; the loader cuts those parts out of the text first).
        assert errors_of(doc) == others + [DEEP_ERROR], levels
        text = json.dumps(doc_with("EXTRA")).replace('"EXTRA"', '{"a": [' * (levels // 2) + "1" + "]}" * (levels // 2))
        if levels < 300:                       # (json.loads itself cannot read 3000 levels)
            assert json.loads(text) == doc
        assert errors_of(text) == others + [DEEP_ERROR], levels
        assert errors_of(text, fmt="yaml") == others + [DEEP_ERROR], levels
    block = yaml.safe_dump(doc_with(nested(18)), default_flow_style=False)
    assert errors_of(block) == others + [DEEP_ERROR]


def test_deep_yaml_blocks_and_unclosed_brackets():
    # Block sequences nested on one line ("- - - x"): 5,000 levels, cut in the text like flow ones.
    text = "ruleset: magic\ntitle: hondo\nplayers: [{name: Ana}, {name: Bruno}]\nx:\n  " + "- " * 5000 + "y\n"
    assert errors_of(text) == [
        ("x", Message("format.unknown_key", key="x", allowed=["ruleset", "title", "description", "illustrates", "seed",
                                                             "step_limit", "cards", "players", "turn", "actions",
                                                             "expect", "stack"])),
        ("x" + "[0]" * 12, too_deep())]
    # Never closed: malformed, at the line and column where the text ends.
    assert errors_of("x: " + "[" * 5000) == [
        ("", Message("format.load.bad_yaml_at", line=1, column=5004,
                     problem="expected ',' or ']', but got '<stream end>'"))]
    assert errors_of('{"x": ' + "[" * 5000) == [
        ("", Message("format.load.bad_json", line=1, column=5007, problem="Expecting ',' delimiter"))]


def test_deep_places_are_each_reported_up_to_a_bound(h):
    from judge.scenarios.load import MAX_DEPTH_ERRORS

    doc = h.make([{"name": "Ana"}, {"name": "Bruno", "extra": [nested(12) for _ in range(60)]}])
    deep = [(p, m) for p, m in errors_of(doc) if m is not None and m.id.startswith("format.load.too_deep")]
    assert len(deep) == MAX_DEPTH_ERRORS == 50
    assert deep[0] == ("players[1].extra[0].a[0].a[0].a[0].a[0].a", too_deep())
    assert deep[-1] == ("players[1].extra[49].a[0].a[0].a[0].a[0].a", too_deep(more=10))
    # The document given is not changed by cutting its deep parts.
    assert doc["players"][1]["extra"][0] == nested(12)


def test_a_yaml_alias_is_cut_only_where_it_is_too_deep():
    # &n is 12 levels at `n`, fine there; the same map as a card is 4 levels deeper.
    text = ("ruleset: doce-vidas\ntitle: t\nn: &n " + json.dumps(nested(11)) + "\n"
            "players: [{name: Ana, board: [{card: *n}]}, {name: Bruno}]\n")
    errs = errors_of(text)
    assert ("players[0].board[0].card.a[0].a[0].a[0].a[0]", too_deep()) in errs
    assert ids_at(errs, "n") == ["format.unknown_key"]
    assert not any(p.startswith("n[") or p.startswith("n.") for p, _ in errs)


def test_the_linear_event_scanner_gives_yaml_s_events():
    from judge.scenarios.load import _EventLoader

    def events(text: str, loader: type) -> list[tuple[str, int, int]] | str:
        try:
            return [(type(e).__name__, e.start_mark.index, e.end_mark.index) for e in yaml.parse(text, loader)]
        except yaml.YAMLError as exc:
            return f"{type(exc).__name__}: {exc}"

    for text in ["a: [1, {b: [2, [3]]}]\nc: {d: e}\n", "- [a, b]\n- {c: [d]}\n", "[[[[x]]]]: 1\n",
                 "a: [b\nc: d\n", "{a: b, [c]: d}", "? [a]\n: b\n", "x: [" + "a, " * 600 + "b]\n",
                 "key" + "x" * 2000 + ": 1\n", "a:\n  - b: [c,\n      d]\n  - e\n",
                 # a simple key that never finds its ':' (the scanner's error, raised by the same method)
                 "a: 1\nb\nc: 2\n", "a: 1\n" + "b" * 1100 + ": 2\n", "- a: 1\n  b\n"]:
        assert events(text, _EventLoader) == events(text, yaml.SafeLoader), text


def test_malformed_text_names_the_line():
    ((_, yaml_error),) = errors_of("ruleset: doce-vidas\ntitle: [x\n")
    assert yaml_error is not None and yaml_error.id == "format.load.bad_yaml_at" and yaml_error.params["line"] == 3
    ((_, json_error),) = errors_of('{"ruleset": }')
    assert json_error is not None and json_error.id == "format.load.bad_json" and json_error.params["line"] == 1
    assert errors_of("") == [("", Message("format.load.empty"))]
    assert errors_of("- 1") == [("", Message("format.not_mapping", got=Message("format.type.list")))]


def test_json_yaml_and_path_give_the_same_scenario(h, tmp_path):
    doc = h.make([{"name": "Ana"}, {"name": "Bruno"}], [{"by": "Ana", "end_turn": True}])
    a = load_scenario(json.dumps(doc))
    import yaml
    b = load_scenario(yaml.safe_dump(doc, allow_unicode=True), fmt="yaml")
    p = tmp_path / "s.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    c = load_scenario(p)
    assert a == b == c
    ((path, said),) = errors_of(tmp_path / "missing.yaml")
    assert said is not None and said.id == "format.load.unreadable" and said.params["path"].endswith("missing.yaml")


def test_board_consistency(h):
    doc = h.make([{"name": "Ana", "board": [{"card": "Bola de fuego"}, {"card": "Garras", "id": "g"},
                                            {"card": "Garras", "id": "g2", "attached_to": "g3"},
                                            {"card": "Lobo gris", "id": "Ana"}, {"card": "Ratón", "id": "x"},
                                            {"card": "Ratón", "id": "x"}]}, {"name": "Bruno"}])
    errs = errors_of(doc)
    assert ("players[0].board[0].card", Message("dv.schema.not_permanent", card="Bola de fuego",
                                                type=Message("dv.type.hechizo"))) in errs
    assert ("players[0].board[1].attached_to", Message("dv.schema.enchantment_unattached")) in errs
    assert ("players[0].board[2].attached_to", Message("dv.schema.host_not_in_play", ref="g3")) in errs
    assert ("players[0].board[3].id", Message("format.id.is_player", id="Ana")) in errs
    assert ("players[0].board[5].id", Message("format.id.repeated", id="x")) in errs


def test_expectation_fields_are_checked(h):
    doc = h.make([{"name": "Ana"}, {"name": "Bruno"}], [],
                 [{"player": "Ana", "lifes": 3}, {"object": "nada", "zone": "board"}, {"winner": "Zoe"},
                  {"stopped": "acabado"}, {"steps": {"kind": "illegal"}}])
    errs = errors_of(doc)
    assert ids_at(errs, "expect[0].lifes") == ["format.unknown_key"]
    assert ("expect[1].object", Message("dv.schema.unknown_id", ref="nada")) in errs
    assert ("expect[2].winner", Message("format.player.unknown", name="Zoe")) in errs
    assert ids_at(errs, "expect[3].stopped") == ["format.not_choice"]
    assert ("expect[4].steps.count", Message("format.missing")) in errs


def test_unknown_ruleset(h):
    doc = h.make([{"name": "Ana"}, {"name": "Bruno"}])
    doc["ruleset"] = "ajedrez"
    assert errors_of(doc) == [("ruleset", Message("format.not_choice", options="doce-vidas|magic",
                                                  got=quoted("ajedrez")))]
    from judge.engine.rulesets import get_ruleset
    from judge.engine import UnknownRuleset
    with pytest.raises(UnknownRuleset):
        get_ruleset("ajedrez")


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_read_text_gives_the_text_it_parsed_with_every_other_place_kept(fmt: str) -> None:
    # The builder composes this text for its error lines: the deep part is a null where it began, and what follows
    # keeps its line and column.
    from judge.scenarios.load import read_text

    deep = "[" * 3000 + "\n" + "]" * 3000
    text = ('{"a": %s,\n "b": 1}' % deep) if fmt == "json" else f"a: {deep}\nb: 1\n"
    doc, parsed = read_text(text, fmt)
    assert len(parsed.splitlines()) == 3 and parsed.splitlines()[2] == text.splitlines()[2]
    assert parsed.splitlines()[1] == " " * (3000 - 12) + "]" * 12 + ("," if fmt == "json" else "")
    # `a` is 2 levels down (the document is 1): 12 lists, the 13th a null.
    assert parsed.startswith(text[:text.index("[")] + "[" * 12 + "null")
    expected: Any = None
    for _ in range(12):
        expected = [expected]
    assert doc["b"] == 1 and doc["a"] == expected
    assert read_text("a: [[1]]\n")[1] == "a: [[1]]\n"          # a shallow text is parsed as it is
