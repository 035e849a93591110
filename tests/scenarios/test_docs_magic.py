"""docs/scenarios.md is the authoritative format: its magic section must say everything the validator accepts and
nothing it does not (Datasette style: a test fails when a setting is undocumented). The vocabulary is read from the
schema's constants and, where the schema keeps a list inline, from the validator itself (the message for an unknown
key lists the allowed ones); the documentation side from the tables of the section. The complete example of the
section is run as a scenario.

Engine behaviour that the section describes as a limit and that has been reported as a bug is a strict xfail at the
end: when the engine is fixed, the XPASS fails, and the limit must leave the documentation with the mark."""
from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from judge import config
from judge.engine import run_scenario
from judge.engine.expect import COMMON_KEYS
from judge.engine.rulesets.magic import schema
from judge.engine.rulesets.magic.actions import ACTION_KEYS
from judge.engine.rulesets.magic.cards import BASIC_LANDS
from judge.engine.rulesets.magic.keyword import current as keyword_registry
from judge.engine.rulesets.magic.state import STEP_NAMES, STEPS
from judge.engine.step import STOPPED, STOPPED_FORMS
from judge.scenarios import ScenarioError, load_scenario

DOCS = config.CHECKOUT_DIR / "docs" / "scenarios.md"
MAGIC_DIR = Path(schema.__file__).parent
PROBE = "zzz_probe"


# -- reading the documentation ----------------------------------------------------------------------------------------
def section(text: str, heading: str, level: int) -> str:
    """The text under `heading` (a line `#…# heading`) up to the next heading of the same or a higher level."""
    lines = text.splitlines()
    mark = "#" * level + " " + heading
    start = next((i for i, line in enumerate(lines) if line.strip() == mark), None)
    assert start is not None, f"docs/scenarios.md has no heading «{mark}»"
    out = []
    for line in lines[start + 1:]:
        m = re.match(r"^(#+) ", line)
        if m and len(m.group(1)) <= level:
            break
        out.append(line)
    return "\n".join(out)


def tables(text: str) -> list[list[list[str]]]:
    """Every Markdown table of `text`: rows of cells, header and separator rows left out."""
    found: list[list[list[str]]] = []
    current: list[list[str]] | None = None
    for line in text.splitlines() + [""]:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
            if current is None:
                current = []                               # the header row
                continue
            if not set(line) <= set("|-: "):
                current.append(cells)
        elif current is not None:
            found.append(current)
            current = None
    return found


def codes(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def first_column(table: list[list[str]]) -> set[str]:
    return {c for row in table for c in codes(row[0])}


def code_words(text: str) -> set[str]:
    """Every `code` span of the text, and every word of a code span (`{event: dies}` gives event, dies)."""
    spans = codes(text)
    return set(spans) | {w for s in spans for w in re.findall(r"[\w+\-/]+", s)}


@pytest.fixture(scope="module")
def doc_text() -> str:
    return DOCS.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def magic(doc_text: str) -> str:
    return section(doc_text, "magic", 2)


def example_yaml(magic_section: str) -> str:
    block = section(magic_section, "Complete example", 3)
    m = re.search(r"```yaml\n(.*?)```", block, re.S)
    assert m, "the magic section's complete example is a ```yaml block"
    return m.group(1)


@pytest.fixture(scope="module")
def example(magic: str) -> str:
    return example_yaml(magic)


# -- reading the validator ----------------------------------------------------------------------------------------------
BASE: dict[str, Any] = {
    "ruleset": "magic", "title": "sonda",
    "cards": {"Osos": {"cost": "{1}{G}", "types": ["creature"], "power": 2, "toughness": 2},
              "Rayo": {"cost": "{R}", "types": ["instant"], "targets": ["any"], "effects": [{"damage": 3}]}},
    "players": [{"name": "Ana", "hand": ["Rayo"], "battlefield": [{"card": "Osos", "id": "osos"}]},
                {"name": "Bruno"}],
}


def messages(mutate: Any) -> dict[str, str]:
    d = copy.deepcopy(BASE)
    mutate(d)
    with pytest.raises(ScenarioError) as exc:
        load_scenario(d)
    out: dict[str, str] = {}
    for e in exc.value.errors:
        out.setdefault(e.path, e.message)
    return out


def allowed(mutate: Any, path: str) -> set[str]:
    """The keys the validator allows where `mutate` put the key PROBE (read from its unknown-key message)."""
    msg = messages(mutate)[path]
    m = re.search(r"se esperaba una de: (.*)$", msg)
    assert m, msg
    return set(m.group(1).split(", "))


def options(mutate: Any, path: str) -> set[str]:
    """The values the validator allows where `mutate` put the value PROBE (its `se esperaba a|b|c` message)."""
    msg = messages(mutate)[path]
    m = re.search(r"se esperaba (\S+), no «" + PROBE + "»", msg)
    assert m, msg
    return set(m.group(1).split("|"))


def card(spec: dict[str, Any]) -> Any:
    def mutate(d: dict[str, Any]) -> None:
        d["cards"]["Sonda"] = spec
    return mutate


P = {PROBE: 1}
CARD_KEYS = allowed(card({"types": ["artifact"], **P}), f"cards.Sonda.{PROBE}")


def effect_keys(verb: str) -> set[str]:
    """The keys the validator allows beside `verb` in an effect."""
    return allowed(card({"types": ["instant"], "effects": [{verb: 1, **P}]}), f"cards.Sonda.effects[0].{PROBE}") - {verb}


TRIGGER_KEYS = allowed(card({"types": ["artifact"], "triggers": [{"when": "enters", "effects": [], **P}]}),
                       f"cards.Sonda.triggers[0].{PROBE}")
ACTIVATED_KEYS = allowed(card({"types": ["artifact"], "activated": [{"effects": [], **P}]}),
                         f"cards.Sonda.activated[0].{PROBE}")
REPLACEMENT_KEYS = allowed(card({"types": ["artifact"], "replacements": [{"event": "dies", **P}]}),
                           f"cards.Sonda.replacements[0].{PROBE}")
ADDITIONAL_KEYS = allowed(card({"types": ["sorcery"], "effects": [{"draw": 1}], "additional_costs": P}),
                          f"cards.Sonda.additional_costs.{PROBE}")
TARGET_KEYS = allowed(card({"types": ["sorcery"], "effects": [{"draw": 1}], "targets": [{"type": "creature", **P}]}),
                      f"cards.Sonda.targets[0].{PROBE}")
PLAYER_KEYS = allowed(lambda d: d["players"][0].update(P), f"players[0].{PROBE}")
PERMANENT_KEYS = allowed(lambda d: d["players"][0]["battlefield"][0].update(P), f"players[0].battlefield[0].{PROBE}")
ZONE_ENTRY_KEYS = allowed(lambda d: d["players"][0].update(hand=[{"card": "Rayo", **P}]), f"players[0].hand[0].{PROBE}")
TURN_KEYS = allowed(lambda d: d.update(turn=dict(P)), f"turn.{PROBE}")
STACK_KEYS = allowed(lambda d: d.update(stack=[{"card": "Rayo", "controller": "Ana", **P}]), f"stack[0].{PROBE}")
TOP_KEYS = allowed(lambda d: d.update(P), PROBE)
ASSIGN_KEYS = allowed(lambda d: d.update(actions=[{"by": "Ana", "assign": {"attacker": "osos", "damage": {}, **P}}]),
                      f"actions[0].assign.{PROBE}")


def action_keys(verb: str) -> set[str]:
    arg: Any = {"pass": True, "pass_until": "main2", "block": {}, "assign": {"attacker": "osos", "damage": {}},
                "mana": ["osos"], "attack": ["osos"]}.get(verb, "osos")
    return allowed(lambda d: d.update(actions=[{"by": "Ana", verb: arg, **P}]), f"actions[0].{PROBE}")


def test_probes_read_the_validator() -> None:
    """The probes above found what they look for (a change of message would leave them empty)."""
    assert {"types", "cost", "effects", "triggers"} <= CARD_KEYS
    assert {"to", "target"} <= effect_keys("damage") and {"when", "effects"} <= TRIGGER_KEYS
    assert {"name", "battlefield"} <= PLAYER_KEYS and {"card", "id", "tapped"} <= PERMANENT_KEYS
    assert {"ruleset", "stack"} <= TOP_KEYS and {"by", "cast", "tap"} <= action_keys("cast")


# -- the complete example -------------------------------------------------------------------------------------------
def test_the_complete_example_runs_and_every_expectation_holds(example: str) -> None:
    trace = run_scenario(load_scenario(example))
    failed = [s.summary for s in trace.failed_expectations]
    assert not failed and trace.ok and trace.stopped == "fin", failed
    assert sum(1 for s in trace.steps if s.kind == "expectation") >= 10
    # It is a real tour: every action verb, a checkpoint, a choice answered, and every step cites the CR.
    doc = yaml.safe_load(example)
    used = {k for a in doc["actions"] for k in a if k != "by"}
    assert set(ACTION_KEYS) | {"expect"} <= used, set(ACTION_KEYS) - used
    for step in trace.steps:
        if step.kind != "expectation":
            assert any(c.startswith("cr-en/") for c in step.citations), step.summary


def test_the_complete_example_uses_the_documented_card_parts(example: str) -> None:
    doc = yaml.safe_load(example)
    parts = {k for spec in doc["cards"].values() for k in spec}
    assert {"cost", "types", "subtypes", "power", "toughness", "keywords", "targets", "effects", "triggers",
            "activated", "static"} <= parts


def test_the_complete_example_shows_every_starting_field_and_expectation_kind(example: str) -> None:
    """The issue's list for the one example a user copies: players with every zone, battlefield entries with their
    state, the stack, and expectations of life, zones in order, counters, P/T, colours, tapped, the stack, the
    pool, winner/loser and step counts citing a rule."""
    doc = yaml.safe_load(example)
    player_keys = {k for p in doc["players"] for k in p}
    assert {"life", "library", "hand", "graveyard", "exile", "battlefield"} <= player_keys
    entry_keys = {k for p in doc["players"] for e in p.get("battlefield", ()) if isinstance(e, dict) for k in e}
    assert {"tapped", "counters", "damage", "attached_to", "sick"} <= entry_keys
    assert doc.get("stack") and doc.get("turn", {}).get("step")
    checks = list(doc["expect"]) + [e for a in doc["actions"] for e in a.get("expect", ())]
    fields = {k for e in checks for k in e if k not in ("player", "object")}
    assert {"life", "lost", "hand", "library", "graveyard", "exile", "counters", "power", "toughness", "colors",
            "tapped", "stack", "mana_pool", "winner", "steps"} <= fields, fields
    assert any("cites" in e["steps"] for e in checks if "steps" in e)


# -- the vocabulary, both ways --------------------------------------------------------------------------------------
def test_every_action_is_documented_and_no_other(magic: str) -> None:
    (table,) = tables(section(magic, "Actions (`actions:`, at most 2,000)", 3))
    documented: dict[str, str] = {}
    for row in table:
        form = codes(row[0])[0]
        verb = next(k for k in re.findall(r"(\w+):", form) if k != "by")
        documented[verb] = " | ".join(row)
    assert set(documented) == set(ACTION_KEYS) | {"expect"}
    for verb in ACTION_KEYS:
        for key in action_keys(verb) - {"by", verb}:
            assert re.search(rf"\b{key}:", documented[verb]), f"«{key}» of `{verb}` is not documented"


def test_every_effect_verb_is_documented_and_no_other(magic: str) -> None:
    effects = section(magic, "Effects (`effects:`, and in abilities)", 4)
    verbs_table, scopes_table = tables(effects)
    from judge.engine.rulesets.magic.verb import current

    assert first_column(verbs_table) == set(current().names)
    assert first_column(scopes_table) == set(schema.SCOPES)
    for row in verbs_table:                      # the "other keys" column: exactly what the validator allows
        for verb in codes(row[0]):
            assert set(codes(row[2])) == effect_keys(verb), f"keys of `{verb}`"
    durations = options(card({"types": ["instant"], "effects": [{"pump": [1, 1], "duration": PROBE}]}),
                        "cards.Sonda.effects[0].duration")
    dests = options(card({"types": ["instant"], "effects": [{"search": "Bosque", "dest": PROBE}]}),
                    "cards.Sonda.effects[0].dest")
    assert durations | dests <= code_words(effects)
    for verb, to in current().default_to.items():
        row = next(r for r in verbs_table if verb in codes(r[0]))
        assert f"`{to}`" in row[3], f"default `to` of {verb}"


def test_static_scopes_and_verbs_are_documented(magic: str) -> None:
    static = section(magic, "Static abilities (`static:`)", 4)
    assert set(schema.STATIC_SCOPES) <= code_words(static)
    scopes = options(card({"types": ["artifact"], "static": [{"pump": [1, 1], "to": PROBE}]}), "cards.Sonda.static[0].to")
    assert scopes == set(schema.STATIC_SCOPES)
    msg = messages(card({"types": ["artifact"], "static": [{"damage": 1}]}))["cards.Sonda.static[0]"]
    static_verbs = set(msg.split(": ", 1)[1].split(", "))
    assert static_verbs <= code_words(static)


def test_every_card_key_is_documented_and_no_other(magic: str) -> None:
    cards = section(magic, "Cards (`cards:`)", 3)
    assert first_column(tables(cards)[0]) == CARD_KEYS
    assert ADDITIONAL_KEYS <= code_words(cards)
    assert set(BASIC_LANDS) <= code_words(cards)


def test_every_keyword_is_documented_with_its_spanish_name(magic: str) -> None:
    keywords = section(magic, "Keywords (`keywords:`)", 4)
    (table,) = tables(keywords)
    documented = {codes(row[0])[0]: row[1] for row in table}
    assert documented == keyword_registry().names
    for kid, spanish in keyword_registry().unmodelled.items():
        assert f"`{kid}` ({spanish})" in keywords, f"unmodelled keyword {kid} is not listed as flagged"


def test_target_specs_are_documented(magic: str) -> None:
    targets = section(magic, "Target specs (`targets:`)", 4)
    assert first_column(tables(targets)[0]) == set(schema.TARGET_KINDS)
    controllers = options(card({"types": ["sorcery"], "effects": [{"draw": 1}],
                                "targets": [{"type": "creature", "controller": PROBE}]}),
                          "cards.Sonda.targets[0].controller")
    assert TARGET_KEYS | controllers <= code_words(targets)


def test_triggers_are_documented(magic: str) -> None:
    triggers = section(magic, "Triggered abilities (`triggers:`)", 4)
    (table,) = tables(triggers)
    assert first_column(table) == set(schema.WHEN)
    assert TRIGGER_KEYS <= code_words(triggers)
    spec = {"types": ["artifact"], "triggers": [{"when": "enters", "effects": [], "of": PROBE, "whose": PROBE}]}
    of = options(card(spec), "cards.Sonda.triggers[0].of")
    whose = options(card(spec), "cards.Sonda.triggers[0].whose")
    assert of | whose <= code_words(triggers)


def test_activated_abilities_are_documented(magic: str) -> None:
    assert ACTIVATED_KEYS <= code_words(section(magic, "Activated abilities (`activated:`)", 4))


def test_replacements_are_documented(magic: str) -> None:
    replacements = section(magic, "Replacement effects (`replacements:`)", 4)
    events = options(card({"types": ["artifact"], "replacements": [{"event": PROBE}]}),
                     "cards.Sonda.replacements[0].event")
    (table,) = tables(replacements)
    assert first_column(table) == events
    assert REPLACEMENT_KEYS <= code_words(replacements)
    damage_to = options(card({"types": ["artifact"], "replacements": [{"event": "damage", "to": PROBE}]}),
                        "cards.Sonda.replacements[0].to")
    assert damage_to <= code_words(replacements)


def test_players_and_zones_are_documented(magic: str) -> None:
    players = section(magic, "Players and zones", 3)
    assert first_column(tables(players)[0]) == PLAYER_KEYS
    assert set(schema.ZONES) <= PLAYER_KEYS
    assert PERMANENT_KEYS | ZONE_ENTRY_KEYS <= code_words(players)


def test_every_step_is_documented_with_its_spanish_label(magic: str) -> None:
    steps = section(magic, "Turn and steps (`turn:`)", 3)
    (table,) = tables(steps)
    documented = {codes(row[0])[0]: row[1] for row in table}
    assert documented == STEP_NAMES and set(documented) == set(STEPS)
    assert [codes(row[0])[0] for row in table] == list(STEPS)          # in turn order
    assert TURN_KEYS <= code_words(steps)
    assert options(lambda d: d.update(turn={"step": PROBE}), "turn.step") == set(STEPS)


def test_the_stack_is_documented(magic: str, doc_text: str) -> None:
    assert STACK_KEYS <= code_words(section(magic, "The stack (`stack:`)", 3))
    top = section(doc_text, "Top level", 2)
    assert first_column(tables(top)[0]) == TOP_KEYS


def test_expectations_are_documented(magic: str) -> None:
    expectations = section(magic, "Expectations (`expect:`, at most 500; each checked field is one `expectation` step)",
                           3)
    player_table, object_table = tables(expectations)
    assert first_column(player_table) == set(schema.PLAYER_FIELDS)
    assert first_column(object_table) == set(schema.OBJECT_FIELDS)
    zones = options(lambda d: d.update(expect=[{"object": "osos", "zone": PROBE}]), "expect[0].zone")
    assert zones <= code_words(expectations)
    common = allowed(lambda d: d.update(expect=[dict(P)]), f"expect[0].{PROBE}")
    assert common - set(COMMON_KEYS) == {"stack"} and "`{stack: [entries]}`" in expectations


def test_the_common_expectations_are_documented(doc_text: str) -> None:
    generic = section(doc_text, "Generic: checkpoints and common expectations (every ruleset)", 2)
    (table,) = tables(generic)
    assert first_column(table) == set(COMMON_KEYS)
    stopped_row = next(row for row in table if codes(row[0])[0] == "stopped")
    assert set(codes(stopped_row[1])) == set(STOPPED_FORMS) >= set(STOPPED)     # every form, in both languages


def test_every_choice_is_documented_and_no_other(magic: str) -> None:
    kinds = set()
    for path in MAGIC_DIR.rglob("*.py"):
        kinds |= set(re.findall(r'Question\(\s*"(\w+)"', path.read_text(encoding="utf-8")))
    (table,) = tables(section(magic, "Choices", 3))
    assert kinds and first_column(table) == kinds
    answers = {c for row in table for c in codes(row[2])}
    assert {"attack", "block", "assign"} <= answers


def test_the_board_is_documented(magic: str, example: str) -> None:
    """Every key of a magic board snapshot is in the board table, and the table has no key boards do not have."""
    board = section(magic, "The board of a magic trace", 3)
    (table,) = tables(board)
    seen: dict[str, set[str]] = {"top": set(), "player": set(), "permanent": set(), "stack": set(), "pending": set()}
    pending_board = run_scenario(load_scenario({
        **copy.deepcopy(BASE), "turn": {"step": "beginning_of_combat"},
        "actions": [{"by": "Ana", "pass": True}, {"by": "Bruno", "pass": True}]})).steps
    for step in [*run_scenario(load_scenario(example)).steps, *pending_board]:
        b = step.board
        if b is None:
            continue
        seen["top"] |= set(b)
        for p in b["players"]:
            seen["player"] |= set(p)
            for o in p["battlefield"]:
                seen["permanent"] |= set(o)
        for item in b["stack"]:
            seen["stack"] |= set(item)
        if b["pending"]:
            seen["pending"] |= set(b["pending"])
    assert all(seen.values()), seen                       # the runs showed every part
    rows = {key: row for row in table for key in codes(row[0])}
    assert set(rows) - {"battlefield"} == seen["top"]
    permanent = set(codes(rows["battlefield"][1]))
    snapshot_source = (MAGIC_DIR / "snapshot.py").read_text(encoding="utf-8")
    assert seen["permanent"] <= permanent
    assert all(f'"{k}"' in snapshot_source or f"{k}=" in snapshot_source for k in permanent), permanent
    assert seen["player"] - {"battlefield"} <= set(codes(rows["players"][1]))
    assert seen["stack"] <= code_words(rows["stack"][1]) and seen["pending"] <= code_words(rows["pending"][1])


def test_every_rule_the_table_names_is_cited_by_the_engine(magic: str) -> None:
    """The "Where each rule is applied (magic)" table only names rules the engine really cites (as `cr(…)`
    arguments or in its per-keyword, per-effect, per-step and per-field tables)."""
    where = section(magic, "Where each rule is applied (magic)", 3)
    named = {n for row in tables(where)[0] for n in re.findall(r"\b\d{3}(?:\.\d+[a-z]?)?\b", row[0])}
    source = "".join(p.read_text(encoding="utf-8") for p in MAGIC_DIR.rglob("*.py"))
    quoted = set(re.findall(r'"(\d{3}(?:\.\d+[a-z]?)?)"', source))
    assert len(named) > 80
    assert named <= quoted, sorted(named - quoted)


def test_the_doce_vidas_example_still_runs(doc_text: str) -> None:
    block = section(section(doc_text, "doce-vidas", 2), "Complete example", 3)
    text = re.search(r"```yaml\n(.*?)```", block, re.S).group(1)   # type: ignore[union-attr]
    trace = run_scenario(load_scenario(text))
    assert not trace.failed_expectations


# -- limits once reported as engine bugs, now fixed ----------------------------------------
def _run(cards: dict[str, Any], players: list[dict[str, Any]], actions: list[Any], expect: list[Any]) -> Any:
    return run_scenario(load_scenario({"ruleset": "magic", "title": "límite", "cards": cards, "players": players,
                                       "actions": actions, "expect": expect}))


def test_a_mana_ability_pays_its_whole_cost() -> None:
    cards = {"Fuente": {"types": ["artifact"], "activated": [{"cost": "{1}", "sacrifice": True,
                                                               "effects": [{"add_mana": "{G}{G}{G}"}]}]}}
    trace = _run(cards, [{"name": "Ana", "battlefield": [{"card": "Fuente", "id": "f"}]}, {"name": "Bruno"}],
                 [{"by": "Ana", "mana": ["f"]}],
                 [{"player": "Ana", "mana_pool": {}}, {"object": "f", "zone": "battlefield"}])
    assert not trace.failed_expectations        # no {1} to pay: the activation is illegal, nothing changes


def test_a_land_without_abilities_makes_no_mana() -> None:
    cards = {"Silencio": {"types": ["instant"], "targets": ["land"], "effects": [{"lose_abilities": True}]}}
    trace = _run(cards, [{"name": "Ana", "hand": ["Silencio"], "battlefield": [{"card": "Montaña", "id": "m"}]},
                         {"name": "Bruno"}],
                 [{"by": "Ana", "cast": "Silencio", "target": "m"}, {"by": "Ana", "pass": True},
                  {"by": "Bruno", "pass": True}, {"by": "Ana", "mana": ["m"]}],
                 [{"player": "Ana", "mana_pool": {}}])
    assert not trace.failed_expectations


def test_a_you_player_target_refuses_an_opponent() -> None:
    cards = {"Sanar": {"types": ["instant"], "targets": [{"type": "player", "controller": "you"}],
                       "effects": [{"gain_life": 3, "to": "target"}]}}
    trace = _run(cards, [{"name": "Ana", "hand": ["Sanar"]}, {"name": "Bruno"}],
                 [{"by": "Ana", "cast": "Sanar", "target": "Bruno"}],
                 [{"steps": {"kind": "illegal", "count": 1}}])
    assert not trace.failed_expectations
