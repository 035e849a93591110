"""Every passage id the doce-vidas ruleset cites exists in the corpus, and every dv rule is cited by the engine."""
from __future__ import annotations

import ast
from pathlib import Path

from judge.engine.rulesets.doce_vidas import cites as C

PACKAGE = Path(C.__file__).parent


def cited_names() -> set[str]:
    """The names of cites.py constants the ruleset's code uses (C.NAME)."""
    used: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "C":
                used.add(node.attr)
    return used


def test_cited_ids_exist_in_the_corpus():
    from judge.corpus import load_corpus
    corpus = load_corpus()
    ids = {v for k, v in vars(C).items() if k.isupper() and isinstance(v, str)}
    assert ids and not [i for i in sorted(ids) if corpus.passage(i) is None]


def test_every_rule_of_the_document_is_used_by_the_engine():
    """Each bullet and section of doce-vidas-reglas.txt has a constant, and the rules code cites it."""
    from judge.corpus import load_corpus
    dv = {p.id for p in load_corpus().passages() if p.doc == "doce-vidas-reglas" and p.kind in ("bullet", "section")}
    by_id = {v: k for k, v in vars(C).items() if k.isupper() and isinstance(v, str)}
    assert not sorted(dv - set(by_id)), "passages without a constant"
    used = cited_names() | {"TYPE_CITATION"}
    # TYPE_CITATION maps card types to their passages; its values count as cited.
    via_types = set(C.TYPE_CITATION.values())
    unused = sorted(i for i in dv if by_id[i] not in used and i not in via_types)
    assert not unused
