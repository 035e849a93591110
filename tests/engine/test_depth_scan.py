"""The linear depth scan of YAML text (judge/scenarios/depth.py) against PyYAML's own events: the same depth for
every text yaml.safe_dump writes and for every curated scenario, never more for any text PyYAML reads."""
from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.scenarios.depth import deep_spans

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def real_depth(text: str) -> int:
    depth = deepest = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            deepest = max(deepest, depth)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return deepest


def scanned_depth(text: str, top: int = 40) -> int:
    """The deepest level the scan finds a collection at (0: none)."""
    return next((level - 1 for level in range(1, top + 2) if not deep_spans(text, level)), top)


scalars = st.one_of(st.integers(), st.booleans(), st.none(),
                    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=12),
                    st.sampled_from(["a: b", "- x", "[1]", "{a}", "# no", "'q'", '"d"', "x #y", "|", "> z",
                                     "line\nbreak", "  lead", "?", "&a", "*b", "---"]))
keys = st.one_of(st.text(min_size=1, max_size=8), st.sampled_from(["a: b", "- k", "[k]", "k #", "?"]))
trees = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                      st.dictionaries(keys, inner, max_size=4)), max_leaves=30)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=st.dictionaries(keys, trees, min_size=1, max_size=4), style=st.sampled_from([False, True, None]),
       indent=st.sampled_from([2, 4]))
def test_the_scan_finds_the_depth_pyyaml_finds_in_dumped_yaml(doc, style, indent) -> None:
    text = yaml.safe_dump(doc, default_flow_style=style, indent=indent, allow_unicode=True, width=40)
    assert scanned_depth(text) == real_depth(text), text


def test_every_curated_scenario_scans_to_its_real_depth() -> None:
    files = sorted(SCENARIOS.rglob("*.yaml"))
    assert len(files) > 100
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert scanned_depth(text) == real_depth(text), path


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("-?:[]{},#'\"|>&*!a \n")), max_size=60))
def test_the_scan_never_counts_deeper_than_pyyaml(text: str) -> None:
    # Any text PyYAML reads: the scan may count less (a construct it does not follow), never more, so nothing that
    # is not too deep is ever cut out.
    try:
        real = real_depth(text)
    except yaml.YAMLError:
        return
    assert scanned_depth(text) <= real, text


def test_spans_start_and_end_where_the_collections_do() -> None:
    text = "a: [[[x]]]\nb:\n  - - - y\n  - z\nc: 1\n"
    # Level 3 is the document's map, then a's outer list, then its second list ([[x]]); b's lists likewise.
    assert [text[s:e] for s, e in deep_spans(text, 3)] == ["[[x]]", "- - y\n  "]
    assert deep_spans("x: " + "[" * 20, 14) == [(3 + 12, 23)]       # never closed: cut to the end
    assert deep_spans("a: '[[[[[[[[[[[[[[[[['\nb: \"{{{{{{{{{{{{{{{{\" # [[[[[[[[[[[[[[[[[\n", 3) == []
    assert deep_spans("a: |\n  - - - - - -\n  [[[[[[[[\nb: 1\n", 3) == []
