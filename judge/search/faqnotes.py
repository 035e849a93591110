"""An old FAQ's note gives way to today's rule when the question is not about the note's subject (issue 15).

The 2008 Shadowmoor FAQ (a historical document, manifest `historical: true`) explains each mechanic of its set in
general notes ("Tema: Contadores -1/-1", "Nueva habilidad de palabra clave: Persistir", "Ciclo: Hechizos
“Híbridos aumentados”") and each card in its rulings, in the everyday words of any rules question: "Cuando juegues
el hechizo, eliges sus objetivos antes de pagarlo" holds most of "¿puedo girar los terrenos después de anunciar el
hechizo?", and being Spanish it outranked the English CR rule that decides (601.2g) for most Spanish questions
once the CR was imported: with the CR, 59 of quiz_es_dev's 100 questions had an FAQ passage in their first five,
28 of them first.  Such a passage answers a question about its subject: its note's mechanic, its card.  When the
question does not say that subject, the passage is only the FAQ repeating a general rule of 2008 for one
set, and today's rule says the same for every card.

So, after the ranking (as variants.demote and unasked.demote, a candidate filter: the shipped re-ranker weights
stay as trained), a passage of a historical document among the first GIVE_TOP results whose subject the question
does not name moves to just after the first current rule of its game below it (within GIVE_DEPTH places) that
covers at least COVER_SHARE of what the passage covers of the question (its words weighted as the coverage
factor weighs them, query.py).  Its subject is the last heading of its section path, after the heading's kind
("Tema: Contadores -1/-1" -> "Contadores -1/-1"; a ruling's: its card's name) and the card a passage is of; the
question names it when its words (Question.marks: its own, and the glossary's translations of them) hold at least
SUBJECT_SHARE of the subject's words weighted by their rarity (idf over the passages of the subject's language:
"hechizos" alone does not name "Hechizos “Híbridos aumentados”", "híbrido" does).  A current rule is a numbered
passage of a document that is not historical, numbered as today (the English CR, the Spanish CR excerpts).
A passage found by a number the question names stays where it is.

The settings are chosen by cross-validation over the development sets (tools/faqnotes_cv.py).

Then one place per rule (one_per_rule): the Spanish seed documents quote today's rules with today's numbers
(121 from the "Robar una carta" page, 116.2, 701.23), so with the CR imported a Spanish question found the same
rule twice among its first results (cr-es/121.4 and cr-en/121.4).  For a question in the translation's language
the translation takes the better of the two places and the CR's passage goes after the other candidates: the
place it held goes to another rule.  (Ranking a translation at its English twin's place instead, so that the
Spanish passages' language bonus would not push the deciding English rule out of the first five, was measured on
the dumps and lowered regression_es R@5 0.934 -> 0.801: the Spanish seed questions need the Spanish passages.)
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from judge.search import crossref
from judge.search import schema as S
from judge.search import variants

if TYPE_CHECKING:   # query.py imports this module: the types only
    from judge.search.query import RulesIndex
    from judge.search.question import Question

GIVE_TOP = 10          # only the passages shown first matter: a note below them stays where it is
GIVE_DEPTH = 80        # how far below the note its rule may be
COVER_SHARE = 1.0      # the rule covers at least this share of the question's words the note covers
SUBJECT_SHARE = 0.3    # the question names the subject with this share of its words (idf-weighted)
SHARED_ONLY = False    # a rule in another language need cover only what the question says in that language too


@dataclass(frozen=True)
class Settings:
    """The settings above, as one value (tools/faqnotes_cv.py tries several)."""
    top: int = GIVE_TOP
    depth: int = GIVE_DEPTH
    cover: float = COVER_SHARE
    subject: float = SUBJECT_SHARE
    shared: bool = SHARED_ONLY


@dataclass(frozen=True)
class Candidate:
    """What the decision reads of one ranked passage (plan() is a pure function of these)."""
    old: bool              # a passage of a historical document (may give way)
    rule: bool             # a current rule (may be given way to)
    game: str
    cover: float           # the question's words it covers, weighted (concept weights)
    named: float           # old passages: the idf-weighted share of its subject the question names
    by_number: bool = False
    lang: str = ""
    # old passages: what `cover` counts of the words the question has in another language too (its own words
    # the glossary translates): all a rule in that other language could cover of it
    shared: float = -1.0


def subjects(index: "RulesIndex") -> list[tuple[str, dict[str, float]] | None]:
    """Per passage of a historical document: its language and its subject's terms with their idf (None for the
    passages of other documents).  Made once per index and kept on it."""
    return crossref.kept_on(index, "_faq_subjects", _make_subjects)


def subject_text(section: str, card: str | None) -> str:
    """The subject of a passage from its section path ("Notas generales › Tema: Contadores -1/-1") and card:
    the path's last heading without its kind ("Tema:", "Mecánica nueva:"), and the card's name."""
    last = section.rsplit("›", 1)[-1]
    last = last.split(":", 1)[-1] if ":" in last else last
    return f"{last} {card}" if card and card not in last else last


def _make_subjects(index: "RulesIndex") -> list[tuple[str, dict[str, float]] | None]:
    rows, stored = index.rows, index._stored
    out: list[tuple[str, dict[str, float]] | None] = [None] * len(rows)
    kept: dict[tuple[str, str], dict[str, float]] = {}
    for d, r in enumerate(rows):
        if r is None or not r.historical:
            continue
        lang = r.lang if r.lang in S.LANGS else "es"
        text = subject_text(str(stored[d].get(S.SECTION, "") or ""), r.card)
        key = (lang, text)
        if key not in kept:
            n = max(1, index.doc_count)
            terms: dict[str, float] = {}
            for t in S.analyze(text, lang):
                df = index._df(S.body_field(lang), t)
                terms[t] = math.log(1 + n / (1 + df))
            kept[key] = terms
        out[d] = (lang, kept[key])
    return out


def named_share(terms: dict[str, float], said: dict[str, float] | Sequence[str]) -> float:
    """The idf-weighted share of a subject's terms that the question's terms `said` hold (0 for no subject)."""
    total = sum(terms.values())
    if not total:
        return 0.0
    return sum(w for t, w in terms.items() if t in said) / total


def _reachable(old: Candidate, rule: Candidate, s: "Settings") -> float:
    """What of the old passage's cover a rule must match: all of it, or for a rule in another language the
    part of it the question also says in that language (Candidate.shared) when s.shared."""
    if s.shared and old.shared >= 0 and old.lang and rule.lang and rule.lang != old.lang:
        return old.shared
    return old.cover


def plan(cands: Sequence[Candidate], s: Settings = Settings()) -> list[int]:
    """The new order of `cands` (their positions): each old passage within the first `s.top` whose subject the
    question names less than `s.subject` moves to just after the first current rule of its game below it,
    within `s.depth` places, covering at least `s.cover` of what it covers; the rest keep their order."""
    target: dict[int, int] = {}
    for i, c in enumerate(cands[:s.top]):
        if not c.old or c.by_number or c.named >= s.subject:
            continue
        for j in range(i + 1, min(len(cands), i + 1 + s.depth)):
            r = cands[j]
            if r.rule and r.game == c.game and r.cover >= s.cover * _reachable(c, r, s):
                target[i] = j
                break
    if not target:
        return list(range(len(cands)))
    after: dict[int, list[int]] = {}
    for i, j in target.items():
        after.setdefault(j, []).append(i)
    out: list[int] = []
    for j in range(len(cands)):
        if j in target:
            continue
        out.append(j)
        out.extend(after.get(j, ()))
    return out


def candidates(index: "RulesIndex", p: "Question", order: Sequence[int], ranked: dict[int, tuple[float, bool]],
               upto: int) -> list[Candidate]:
    """The first `upto` passages of `order` as plan() reads them."""
    subj = subjects(index)
    rows = index.rows
    concept: dict[str, dict[str, int]] = {}
    every = (1 << len(p.concept_weights)) - 1
    for c in p.clauses:
        lang = c.field.rsplit("_", 1)[-1]
        if lang in S.LANGS:
            per = concept.setdefault(lang, {})
            per[c.term] = per.get(c.term, 0) | (c.mask & every)
    weights = p.concept_weights
    # per language, the concepts the question has a clause for in some other language
    said_in: dict[str, int] = {lang: 0 for lang in concept}
    for lang, per in concept.items():
        for m in per.values():
            said_in[lang] |= m
    out: list[Candidate] = []
    for d in order[:upto]:
        r = rows[d]
        assert r is not None
        lang = index._passages.lang(d)
        masks = concept.get(lang, {})
        m = 0
        for _, _, t in index._passages.analysis(d).found:
            m |= masks.get(t, 0)
        cover = sum(w for k, w in enumerate(weights) if m >> k & 1)
        s = subj[d]
        named = named_share(s[1], p.marks.get(s[0], {})) if s is not None else 0.0
        elsewhere = 0
        for other, got in said_in.items():
            if other != lang:
                elsewhere |= got
        shared = sum(w for k, w in enumerate(weights) if (m & elsewhere) >> k & 1) if s is not None else -1.0
        out.append(Candidate(old=s is not None, rule=bool(r.number) and r.number == r.current and not r.historical,
                             game=r.ruleset, cover=cover, named=named, by_number=ranked.get(d, (0.0, False))[1],
                             lang=lang, shared=shared))
    return out


def give_way(index: "RulesIndex", p: "Question", order: list[int], ranked: dict[int, tuple[float, bool]],
             s: Settings = Settings()) -> list[int]:
    """`order` with the old passages the question is not about after today's rule that says as much (plan()),
    then one place per rule for a rule and its translation (one_per_rule).  The scores shown keep the order
    shown (as variants.demote hands them out)."""
    rows = index.rows
    new = order
    if any(rows[d].historical for d in order[:s.top]):  # type: ignore[union-attr]
        upto = min(len(order), s.top + s.depth)
        moved = plan(candidates(index, p, order, ranked, upto), s)
        if moved != list(range(upto)):
            new = [order[i] for i in moved] + order[upto:]
    new = one_per_rule(index, p, new)
    if new is not order:
        variants.scores_follow(order, new, ranked)
    return new


def authorities(index: "RulesIndex") -> dict[str, str]:
    """Per game, the document holding most of its current rules (the imported English CR; none is needed
    without it): the rules a translated excerpt's passages duplicate.  Made once per index and kept on it."""
    return crossref.kept_on(index, "_rule_authorities", _make_authorities)


def _make_authorities(index: "RulesIndex") -> dict[str, str]:
    counts: dict[tuple[str, str], int] = {}
    for r in index.rows:
        if r is not None and r.number and r.number == r.current and not r.historical:
            counts[(r.ruleset, r.doc)] = counts.get((r.ruleset, r.doc), 0) + 1
    best: dict[str, tuple[int, str]] = {}
    for (game, doc), n in sorted(counts.items()):
        if n > best.get(game, (0, ""))[0]:
            best[game] = (n, doc)
    return {game: doc for game, (_, doc) in best.items()}


def one_per_rule(index: "RulesIndex", p: "Question", order: list[int]) -> list[int]:
    """`order` with a rule and its translation in one place (issue 15).  The Spanish seed documents quote
    today's rules (121 Robar una carta, 116.2, 701.23 of the 2023 Spanish CR, numbered like the 2026 English
    CR): with the CR imported, a Spanish question about drawing found cr-es/121.4 and cr-en/121.4, the same rule
    in two places of its first ten.  For a question in the translation's language (not the authority's: an
    English question keeps both), the translation takes the better of the two places, and the authority's
    passage moves after every other candidate; the answer block shows the rule in the question's language
    anyway (RulesIndex._in_language).  `order` itself when nothing moves."""
    if not p.lang:
        return order
    rows = index.rows
    auth = authorities(index)
    slot: dict[tuple[str, str], int] = {}    # (game, number) -> its place in `out`
    out: list[int] = []
    later: list[int] = []
    for d in order:
        r = rows[d]
        assert r is not None
        head = auth.get(r.ruleset)
        if not (r.number and r.number == r.current and not r.historical and head):
            out.append(d)
            continue
        lang_of_head = index.documents.get(head, {}).get("language")
        if lang_of_head == p.lang:   # the question speaks the authority's language: both stay
            out.append(d)
            continue
        key = (r.ruleset, r.number)
        if key not in slot:
            slot[key] = len(out)
            out.append(d)
            continue
        held = rows[out[slot[key]]]
        assert held is not None
        if held.doc == head and r.doc != head and r.lang == p.lang:
            later.append(out[slot[key]])
            out[slot[key]] = d
        elif r.doc == head and held.doc != head and held.lang == p.lang:
            later.append(d)
        else:
            out.append(d)
    return out + later if later else order
