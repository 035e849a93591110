"""Issue 15 (Spanish players): a quoted card text of a kind the CR states in one sub-rule ("can't" effects, 614.17;
type-changing effects, 613.1d) makes that sub-rule a topic of the question, brought into the second stage with its
lettered sub-rules and weighed as a topic's (situation.cr_rules, crossref.Structure.topics / topic_passages /
topic_place).  A small CR in the official shape with made-up text; nothing here comes from an evaluation set."""
from __future__ import annotations

import pytest

from judge.search import RulesIndex
from judge.search import crossref as X
from judge.search import rerank as R
from judge.search import situation

_RULES = [
    "6. Spells, Abilities, and Effects", "",
    "613. Interaction of Continuous Effects", "",
    "613.1. The values of an object's characteristics are determined in layers.", "",
    "613.1d Layer 4: Type-changing effects are applied.", "",
    "614. Replacement Effects", "",
    "614.1. Some continuous effects are replacement effects.", "",
    "614.1a Effects that use the word instead are replacement effects.", "",
    "614.17. Some effects state that something can't happen.", "",
    "614.17a Such effects must exist before the event occurs.", "",
    "614.17b If an event can't happen, a player can't pay a cost that includes it.", "",
    "614.18. Widgets are never replaced.", "",
    "8. Multiplayer Rules", "",
    "805. Shared Team Turns Option", "",
    "805.1. Some variants use the shared team turns option.", "",
    "805.4c Each player on a team may play a land during each of that team's turns.", "",
    "810. Two-Headed Giant Variant", "",
    "810.1. Two-Headed Giant is a multiplayer variant played by two two-player teams.", "",
]


@pytest.fixture(scope="module")
def mini_index(mini_cr_index) -> RulesIndex:  # type: ignore[no-untyped-def]
    return mini_cr_index("search-situation-rules", [
        "6. Spells, Abilities, and Effects", "613. Interaction of Continuous Effects", "614. Replacement Effects",
        "8. Multiplayer Rules", "805. Shared Team Turns Option", "810. Two-Headed Giant Variant"], _RULES, ["Glossary", ""])


def _d(ix: RulesIndex, number: str) -> int:
    return next(d for d in ix.by_number[number] if ix.rows[d].doc == "cr-en")  # type: ignore[union-attr]


@pytest.mark.parametrize("q, rules", [
    ("tengo «los jugadores no pueden ganar vidas» y robo con vínculo vital", ["614.17"]),
    ("dice 'esta criatura no puede bloquear', y si me obligan?", ["614.17"]),
    ('it says "Creatures can\'t attack you" and I have haste', ["614.17"]),
    ("«todos los permanentes son artefactos además de sus otros tipos»", ["613.1d"]),
    ("«las tierras no básicas son Montañas»", ["613.1d"]),
    ("tengo 'al comienzo de tu mantenimiento, si no controlas criaturas, roba una carta'", ["603.4"]),
    ('"When this creature dies, if it had no counters on it, return it"', ["603.4"]),
    ("«cuando esta criatura muera, regrésala» y si la exilian?", []),
    ('"All creatures are Zombies in addition to their other types"', ["613.1d"]),
    ("«todos los permanentes que no sean tierra son legendarios»", ["613.1d"]),
    ('"Noncreature artifacts you control are creature spells"', []),
    ("no puedo bloquear con un bicho girado?", []),                    # said, not a quoted card text
    ("«Destruye la criatura objetivo»", []),
])
def test_a_quoted_kind_names_the_sub_rule_the_cr_states_it_in(q: str, rules: list[str]) -> None:
    assert situation.cr_rules(q) == rules


def test_an_intervening_if_names_its_sub_rule_in_place_of_the_triggers_heading() -> None:
    q = "tengo 'al comienzo de tu mantenimiento, si tienes diez vidas o menos, ganas 2 vidas', y si gano antes?"
    assert situation.cr_rules(q) == ["603.4"]
    assert "triggered abilities" not in situation.cr_terms(q)
    assert situation.cr_terms("tengo 'al comienzo de tu mantenimiento, ganas 2 vidas'") == ["triggered abilities"]


@pytest.mark.parametrize("q", ["en 2HG robamos los dos?", "Gigante de dos cabezas: mi compi ataca",
                               "in Two-Headed Giant, who draws?"])
def test_two_headed_giant_is_named_in_place_of_multiplayer(q: str) -> None:
    # 810.2: "The Two-Headed Giant variant uses the shared team turns option. (See rule 805.)"; the variant's rules
    # in place of the general multiplayer ones (800.4a–c, a player leaving the game, came first in every 2HG question)
    assert situation.cr_terms(q) == ["two-headed giant", "shared team turns"]
    assert situation.cr_terms("en un multi de cuatro, quien empieza?") == ["multiplayer"]


def test_a_sub_rule_topic_brings_in_its_own_rules_and_weighs_them(mini_index: RulesIndex) -> None:
    p = mini_index.parse("el rival tiene «los jugadores no pueden robar cartas», puedo robar?")
    s = X.structure(mini_index)
    assert s.topics(p) == {("cr-en", "614.17"): 0}
    assert [mini_index.rows[d].current for d in s.topic_passages(("cr-en", "614.17"))] == [  # type: ignore[union-attr]
        "614.17", "614.17a", "614.17b"]                    # its lettered sub-rules, not 614.18
    head = [_d(mini_index, "614.1a")]
    brought = X.brought_in(mini_index, p, head)
    assert [mini_index.rows[d].current for d in brought[:3]] == ["614.17", "614.17a", "614.17b"]  # type: ignore[union-attr]
    cands = [_d(mini_index, n) for n in ("614.1a", "614.17", "614.17b", "614.18")]
    x = R.features(mini_index, p, [(d, 1.0) for d in cands], [], brought=frozenset(cands[1:3]))
    f = {name: i for i, name in enumerate(R.FEATURES)}
    assert list(x[:, f["topic_rule"]]) == [0.0, 1.0, 1.0, 0.0]      # the sub-rule's own, not its neighbours
    assert x[1, f["topic_first"]] == 1.0                              # its place counted from the sub-rule
    assert 0 < x[2, f["topic_first"]] < 1.0
    assert x[3, f["topic_first"]] == 0.0


def test_a_heading_topic_keeps_its_place_under_the_rule(mini_index: RulesIndex) -> None:
    p = mini_index.parse("«Si fueras a robar una carta, en vez de eso roba dos» y «no pueden robar»?")
    s = X.structure(mini_index)
    topics = s.topics(p)
    assert ("cr-en", "614") in topics and ("cr-en", "614.17") in topics
    d = _d(mini_index, "614.17a")
    # under both: its place under the three-digit rule, as the features always read it
    assert s.topic_place(d, "cr-en", "614.17a", topics) == s.place[d]
    assert s.topic_place(d, "cr-en", "614.17a", {}) is None


def test_two_headed_giant_brings_in_its_variant(mini_index: RulesIndex) -> None:
    p = mini_index.parse("en 2HG cuantas tierras jugamos por turno?")
    s = X.structure(mini_index)
    topics = s.topics(p)
    assert ("cr-en", "810") in topics and ("cr-en", "805") in topics   # and the option it uses (810.2)
    assert "805.4c" in [mini_index.rows[d].current for d in X.brought_in(mini_index, p, [])]  # type: ignore[union-attr]


@pytest.mark.parametrize("q, responds", [
    ("le tiro un Rayo y en respuesta me mete «obtiene +3/+3 hasta el final del turno»", True),
    ("ataco y el rival me responde con «tu criatura obtiene -2/-2 hasta el final del turno»", True),
    ('I cast Shock and in response they cast "Target creature gets +3/+3 until end of turn."', True),
    ("tengo «las criaturas que controlas obtienen +1/+1» y bajo otra criatura", False),
    ('"Enchanted creature loses all abilities" and it has flying', False),
])
def test_a_response_leaves_the_layers_out_of_a_quoted_continuous_effect(q: str, responds: bool) -> None:
    # 117.7: a spell cast "in response" resolves first; the quoted pump is one of the stack's effects, so the
    # topic of continuous effects (613's layers) is not named; without a response it is
    assert situation.responding(q) is responds
    assert (situation.CONTINUOUS in situation.cr_terms(q)) is not responds
    assert ("117.7" in situation.cr_rules(q)) is responds       # what a response is, and that it resolves first


@pytest.mark.parametrize("q, rules", [
    # a response that takes the target away: 608.2b (targets checked on resolution) before 117.7
    ("I bolt his elf and in response he gives it shroud, does my bolt do anything?", ["608.2b", "117.7"]),
    ("le meto un removal y en respuesta le pone protección contra negro", ["608.2b", "117.7"]),
    ("en respuesta sacrifica el bicho, mi hechizo se fizzlea?", ["608.2b", "117.7"]),
    ("my target became illegal in response, what now?", ["608.2b", "117.7"]),
    # the same without "in response": the spell still on the stack
    ("before my spell resolves his creature gains hexproof", ["608.2b"]),
    ("con el hechizo en la pila el objetivo se vuelve ilegal", ["608.2b"]),
    # a response told that takes no target away: the first spell then resolves as 608.2 says
    ("in response he pumps his creature with +3/+3", ["117.7", "608.2"]),
    ("le tiro un removal y el rival responde con un contrahechizo a otro hechizo", ["117.7", "608.2"]),
    # ... but not the question whether one may respond (priority), nor which resolves first (the stack's order)
    ("can my opponent respond to a mana ability?", ["117.7"]),
    ("puedo responder a que alguien gire una tierra?", ["117.7"]),
    ("in response I cast a second spell: which one resolves first?", ["117.7"]),
    ("en respuesta tiro otro instant, cuál se resuelve primero?", ["117.7"]),
    # a lost target told of no spell waiting: no topic
    ("can I target a creature with hexproof?", []),
    ("una criatura con antimaleficio puede ser objetivo de mis auras?", []),
])
def test_a_target_lost_while_the_spell_waits_names_608_2b(q: str, rules: list[str]) -> None:
    assert situation.cr_rules(q) == rules
