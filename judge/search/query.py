"""Question -> ranked passages.  `RulesIndex` holds the open index; `search()` never raises on user input.

How a question is read:
1. Rule numbers in it ("121.2a", "regla 704.5b", "rule 702.19") put those rules first: the exact number, then
   (for a parent number) its sub-rules in document order.
2. Card names are recognised exactly and with typos or missing accents ("cisnes de brin argol").
3. Each word is analysed as Spanish and as English; the language the question is written in gets its own
   words, and the bilingual glossary adds the other language's names (and synonyms) of the game terms it
   mentions, with lower weights.
4. Scoring is BM25 per field (body, title, structure keys, adjacent word pairs, card name), precomputed per
   term at build time (index.write_impacts) and accumulated term-at-a-time with the clauses' weights (a word
   matched in several of body/title/keys counts its best field in full, the others at FIELD_TIE, and a word
   common in the bodies scores in titles and keys nearly as the common word it is: `label_share`); then a
   coverage factor rewards passages that cover more of the question's words (rare words counting more), and
   priors say what kind of passage answers questions (a bare heading or the prose around quoted rules less,
   a card's text and rulings less unless the question names the card,
   the first sub-rules of a rule more, the question's language first, the game its words point to first:
   `ruleset_factors`).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from operator import itemgetter
from pathlib import Path
from typing import Any

import numpy as np
from whoosh import index as whoosh_index

from judge.config import corpus_dir as default_corpus_dir, index_dir
from judge.messages import Message
from judge.search import schema as S
from judge.search.glossary import Glossary, glossary_for
from judge.search.index import (
    HASH_FILE, IndexCorrupt, IndexMissing, built_from, damage, looks_like_heading, read_documents, read_impacts,
    recorded_hash,
)
from judge.search.names import CardMatcher, Vocabulary
from judge.search.wordcache import WordCache
from judge.search.arrays import inserted, unique_inverse
from judge.search.coverage import covered as _covered
from judge.search.cards import card_table
from judge.search.hits import Hit, Passages
from judge.search import faqnotes as _faqnotes, gamepick as _gamepick, rerank as _rerank, trail as _trail
from judge.search import answer as _answer, semantic as _semantic, unasked as _unasked, variants as _variants
from judge.search.gamepick import GAME_STRONG, TABLE_GAME  # noqa: F401  (the game decision lives there)
from judge.search.question import Question, QuestionReader, guess_language
from judge.search.schema import term_spans
from judge.search.semantic import LiveVectors, PassageVectors, enabled as semantic_enabled, fuse, get_embedder, log_once
from judge.search.text import MAX_QUERY_CHARS, best_sentence, clean_query, highlight_spans, mark

COORD_FLOOR = 0.2           # score share kept by a passage that covers none of the question's words
# A card's rulings answer questions about that card; a question naming no card asks about the rules in general
# ("¿tengo que usar todo el maná?"), which a ruling only touches for its own card.
UNNAMED_CARD_FACTOR = 0.55
CARD_BONUS = 1.5            # the card the question names, and its rulings
NAMED_DOC_BONUS = 1.5       # "¿… en doce vidas?": the question names the document it is about
HEADING_FACTOR = 0.5        # "702.19 Trample", "El maná" name a rule or section; what follows says what it does
GLOSSARY_FACTOR = 0.7       # a definition answers "what is"; the rules answer "how"
# The first sub-rules of a rule state it ("702.15b Damage dealt by a source with lifelink causes…"); the later
# letters are its special cases.
EARLY_SUBRULE = {"a": 1.12, "b": 1.08}
OTHER_LANGUAGE_FACTOR = 0.7  # a Spanish question wants Spanish passages first, the English CR after
OTHER_LANGUAGE_MARGIN = 0.1  # ... unless only the other language's cover the question (coverage factor ahead by this)
COMMENTARY_FACTOR = 0.6
CARD_TEXT_FACTOR = 0.6      # a card's printed text: what its rulings and the rules explain, rarely the answer
COMMENTARY_KINDS = frozenset({"section", "bullet", "title"})
# A passage of a historical document (the 2008 FAQ, older rules) comes after a current rule of the same game that
# says the same (RulesIndex._current_first): today's rule with its number, or one covering every word of the
# question the old passage covers and scoring at least this share of it.
HISTORICAL_RATIO = 0.5
HISTORICAL_DEPTH = 10
# The rule that decides a situation comes before its special cases: a rule whose first sentence is about an
# effect that changes what happens ("An effect that replaces a card draw…", "If an effect…") counts this much
# when the question names no effect.
SPECIAL_CASE_FACTOR = 0.9
_EFFECT_TERMS = frozenset(S.analyze("effect effects replacement replace instead prevent prevention", "en")
                          + S.analyze("efecto efectos reemplazo reemplazar prevenir prevención", "es"))
# Which game the question is about (see RulesIndex.ruleset_factors): words one ruleset's passages use and
# the others' do not.
RULESET_WORD_CAP = 2.0
RULESET_DEAD_ZONE = 0.5
RULESET_STRENGTH = 0.3       # a passage of a ruleset the question's words point away from: e^(-0.3·evidence)
RULESET_FLOOR = 0.35

# One game per answer: the first GAME_TOP results are all of the question's game (RulesIndex.one_game).
GAME_TOP = 5
GAME_DEPTH = 10              # passages ranked beyond the limit, to fill the first five from one game

_WORD = re.compile(r"\w+")
# Clause terms whose postings arrays are kept (RulesIndex._postings): ~ a large corpus's scored vocabulary.
CLAUSE_TERMS_KEPT = 100_000
_NO_DF: dict[str, int] = {}
FIELD_TIE = 0.5
# A label word keeps (body idf / label idf)^LABEL_IDF_POWER of its title/keys impact (RulesIndex.label_share):
# rarity among headings alone overstated common words; the full ratio lost some English keyword titles.
LABEL_IDF_POWER = 0.75
# Fields holding the same words of a passage (its text, its title, the labels it inherits), per language.
_FIELD_GROUP = {f(l): f"words_{l}" for l in S.LANGS for f in (S.body_field, S.title_field, S.keys_field)}
_BODY_FIELDS = frozenset(S.body_field(l) for l in S.LANGS)
# A passage's labels (title, inherited keys) and the body they label, per language.
_LABEL_BODY = {f(l): S.body_field(l) for l in S.LANGS for f in (S.title_field, S.keys_field)}


@dataclass
class SearchResponse:
    query: str
    results: list[Hit] = field(default_factory=list)
    answer: Hit | None = None
    message: Message | None = None   # for empty, cut or odd questions (search.query.*); None when all went well
    # which game the results are from: {"ruleset", "how" (filter, document, name, cards, number, notation,
    # language, words, phrases, first, only), "others": games to search instead, "sure": false when nothing
    # told ("first"), "alternative"}
    game: dict[str, Any] | None = None
    deciding: list[Hit] = field(default_factory=list)   # the answer block's rules, the answer first
    alternative: Hit | None = None   # "sure" false: the other game's best passage (gamepick.alternative)
    elsewhere: dict[str, list[Hit]] = field(default_factory=dict)   # "sure": the other games' (gamepick.apart)

    def to_json(self, lang: str = "es") -> dict[str, Any]:
        """The API's answer; `message` said in `lang` (the request's language)."""
        answer = None
        if self.answer:
            answer = self.answer.to_json()
            answer["rules"] = [h.brief() for h in self.deciding]
        alternative = self.alternative and {**self.alternative.brief(), "ruleset": (self.game or {})["alternative"]}
        return {"query": self.query, "results": [h.to_json() for h in self.results],
                "answer": answer, "message": self.message.render(lang) if self.message else None, "game": self.game,
                "alternative": alternative, "elsewhere": [{"ruleset": rs, "results": [h.to_json() for h in hs]}
                                                          for rs, hs in self.elsewhere.items()]}


@dataclass
class _Row:
    """What ranking needs of a passage, kept in memory for every document of the index."""
    id: str
    doc: str
    ruleset: str
    lang: str
    kind: str
    number: str | None
    current: str | None     # today's number (differs from `number` for old-version quotations)
    order: int
    card: str | None
    heading: bool
    commentary: bool = False   # prose around quoted rules (a wiki's description, colour-pie notes)
    derived: bool = False      # sub-rule letters we assigned (701.23, 116.2): their order says nothing
    historical: bool = False   # its document quotes an older rules version (manifest `historical: true`)
    effect_case: bool = False  # its first sentence is about an effect changing what happens (SPECIAL_CASE_FACTOR)


class RulesIndex:
    """The search index of one instance, opened read-only and kept open between questions."""

    def __init__(self, instance: Path, corpus_dir: Path | None = None, semantic: bool | None = None,
                 folder: Path | None = None) -> None:
        self.instance = Path(instance)
        # Semantic retrieval fused with the lexical ranking (semantic.py): JUDGE_SEARCH_SEMANTIC unless given.
        self.semantic = semantic_enabled(semantic)
        self._live: LiveVectors | None = None   # the published vectors, made at the first semantic question
        self.path = Path(folder) if folder is not None else index_dir(self.instance)   # `folder`: the last good copy
        if not whoosh_index.exists_in(str(self.path)):
            raise IndexMissing(self.path)
        # Resolve the link once, so the segment, the impacts and the stamp all come from the same build even
        # if `judge index` swaps in a new one meanwhile.
        self.folder = self.path.resolve()
        problem = damage(self.folder)   # a damaged segment would fail some questions, or worse, answer wrong
        if problem is not None:
            raise IndexCorrupt(self.path, problem)
        try:
            self._ix = whoosh_index.open_dir(str(self.folder), readonly=True)
            self._impacts = read_impacts(self.folder)
            self._np_rows: tuple[Any, Any, Any, Any, list[str | None]] | None = None
            self.documents = read_documents(self.folder)
            self.stamp: str | None = (self.folder / HASH_FILE).read_text(encoding="utf-8").strip()
        except Exception as exc:  # a damaged, partial or foreign folder: same remedy
            raise IndexMissing(self.path) from exc
        # The glossary of the corpus folder given, else of the one the index was built from.
        source = Path(corpus_dir) if corpus_dir else built_from(self.folder) or default_corpus_dir()
        self.glossary: Glossary = glossary_for(source)
        self._searcher = self._ix.searcher()
        self._load_rows()

    # -- lifecycle
    def _load_rows(self) -> None:
        self.rows: list[_Row | None] = [None] * self._searcher.doc_count_all()
        # Every stored field is read once here: answering a question then never touches the files, so one
        # RulesIndex can serve concurrent requests (Whoosh's readers share file handles).
        self._stored: list[dict[str, Any]] = [{} for _ in self.rows]
        self._passages = Passages(self._stored, self.rows)   # the hits' highlighting, each passage's analysis kept
        self.by_id: dict[str, int] = {}
        self.by_number: dict[str, list[int]] = {}
        self.children: dict[str, list[int]] = {}   # number -> passages under it (any depth)
        self.by_card: dict[str, list[int]] = {}    # card name -> its text and rulings
        cards: set[str] = set()
        for docnum, f in self._searcher.reader().iter_docs():
            self._stored[docnum] = f
            numpath = (f.get(S.NUMPATH) or "").split()
            text = f.get(S.TEXT_F, "").strip()
            number = f.get(S.NUMBER)
            row = _Row(id=f[S.ID_F], doc=f.get(S.DOC, ""), ruleset=f.get(S.RULESET, ""), lang=f.get(S.LANG, "es"),
                       kind=f.get(S.KIND, ""), number=number, current=numpath[0] if numpath else None,
                       order=f.get(S.ORDER, 0), card=f.get(S.CARD),
                       heading=(bool(number) or f.get(S.KIND) in ("title", "section")) and looks_like_heading(text),
                       derived=bool(f.get(S.DERIVED)))
            self._special_cases(row, text)
            self.rows[docnum] = row
            self.by_id[row.id] = docnum
            if row.current:
                self.by_number.setdefault(row.current, []).append(docnum)
                for anc in numpath[1:]:
                    self.children.setdefault(anc, []).append(docnum)
            if row.card:
                cards.add(row.card)
                self.by_card.setdefault(row.card, []).append(docnum)
        self.doc_count = max(1, sum(r is not None for r in self.rows))
        # Per scored field, each term's number of passages: read ~350 times a question (the question reader's
        # rarity, spelling and loanword checks, the label shares), once per index here.
        self._df_table: dict[str, dict[str, int]] = {
            fname: {t: len(ids) for t, (ids, _) in per_term.items()} for fname, per_term in self._impacts.items()}
        # Passages having each scored field: the N of the idf the impacts were computed with (index.write_impacts).
        self._field_docs: dict[str, int] = {}
        for fname, per_term in self._impacts.items():
            seen = bytearray(len(self.rows))
            for ids, _ in per_term.values():
                for d in ids:
                    seen[d] = 1
            self._field_docs[fname] = max(1, sum(seen))
        self._label_share: dict[tuple[str, str], float] = {}
        # A document is named by a question holding every (stemmed) word of its title, two words at least.
        self.doc_titles: dict[str, tuple[str, set[str]]] = {}
        for doc_id, meta in self.documents.items():
            lang = meta.get("language") if meta.get("language") in S.LANGS else "es"
            words = {t for t in S.analyze(meta.get("title", ""), lang) if t.isalnum()}
            if len(words) >= 2:
                self.doc_titles[doc_id] = (lang, words)
        historical = {d for d, meta in self.documents.items() if meta.get("historical")}
        for r in self.rows:
            if r is not None and r.doc in historical:
                r.historical = True
        # In a document that quotes today's rules, its own prose and lists comment on them: the rules answer.
        quoting = {r.doc for r in self.rows if r is not None and r.number and r.current == r.number}
        for r in self.rows:
            if r is not None and r.doc in quoting and not r.number and r.kind in COMMENTARY_KINDS:
                r.commentary = True
        # What kind of passage it is, as a factor on its score (the same for every question).
        self.prior = [1.0] * len(self.rows)
        for d, r in enumerate(self.rows):
            if r is None:
                continue
            f = HEADING_FACTOR if r.heading else 1.0
            if r.current and not r.derived:
                # "121.1" opens rule 121 as "702.15a" opens 702.15
                last = "a" if r.current.endswith(".1") else r.current[-1]
                f *= EARLY_SUBRULE.get(last, 1.0)
            if r.kind == "glossary":
                f *= GLOSSARY_FACTOR
            elif r.commentary:
                f *= COMMENTARY_FACTOR
            elif r.kind == "card":
                f *= CARD_TEXT_FACTOR
            self.prior[d] = f
        # (term, passage) pairs per (language, ruleset), for languages with several rulesets: the sizes the
        # ruleset evidence is measured against (not passages: doce vidas's bullets hold few words each).
        self.ruleset_sizes: dict[str, dict[str, int]] = {}
        langs_rulesets: dict[str, set[str]] = {}
        for r in self.rows:
            if r is not None and r.ruleset:
                langs_rulesets.setdefault(r.lang, set()).add(r.ruleset)
        # the games with passages in each language: an English question over the English CR and the Spanish-only
        # doce vidas is Magic's (gamepick.infer_game, "language")
        self.games_by_lang: dict[str, frozenset[str]] = {l: frozenset(g) for l, g in langs_rulesets.items()}
        for lang, rulesets in langs_rulesets.items():
            if lang in S.LANGS and len(set().union(*langs_rulesets.values())) > 1:
                sizes = self.ruleset_sizes[lang] = {}
                for ids, _ in self._impacts.get(S.body_field(lang), {}).values():
                    for d in ids:
                        rs = self.rows[d].ruleset  # type: ignore[union-attr]
                        sizes[rs] = sizes.get(rs, 0) + 1
        self._ruleset_df: dict[tuple[str, str], dict[str, int]] = {}
        self._sizes_memo: dict[tuple[str, ...], tuple[dict[str, int], int]] = {}   # _sizes_of: a few language tuples
        # Each passage's (document, language, ruleset), numbered, for per-document factors.
        keys: dict[tuple[str, str, str], int] = {}
        self._doc_of = [keys.setdefault((r.doc, r.lang, r.ruleset), len(keys)) if r is not None else 0
                        for r in self.rows]
        self._doc_keys = list(keys) or [("", "", "")]
        self.cards = CardMatcher(sorted(cards))
        self.games = sorted({r.ruleset for r in self.rows if r is not None and r.ruleset})
        self._game_rows: dict[str, set[int]] = {}   # per game, its passages (RulesIndex._fill_game), built once
        sizes: dict[str, int] = {}
        for r in self.rows:
            if r is not None and r.ruleset:
                sizes[r.ruleset] = sizes.get(r.ruleset, 0) + 1
        self.largest_game = max(sizes, key=lambda g: sizes[g]) if sizes else ""
        self._card_keys = frozenset(" ".join(c.lower().split()) for c in cards)
        lang_docs: dict[str, int] = {}
        for r in self.rows:
            if r is not None:
                lang_docs[r.lang] = lang_docs.get(r.lang, 0) + 1
        spelling = {l: Vocabulary({t: len(ids) for t, (ids, _) in self._impacts.get(S.body_field(l), {}).items()})
                    for l in S.LANGS if lang_docs.get(l)}
        self.reader = QuestionReader(self.glossary, self.cards, self.doc_titles, self._df, self.doc_count, lang_docs,
                                     spelling)
        # (field, term) -> what _accumulate reads of a clause's term (_postings), bounded, shared by the threads
        self._clause_terms = WordCache(CLAUSE_TERMS_KEPT)

    @staticmethod
    def _special_cases(row: _Row, text: str) -> None:
        """Whether a rule is about an effect modifying the situation it names (see SPECIAL_CASE_FACTOR)."""
        if not row.number or row.lang not in S.LANGS:
            return
        end = min((i for i in (text.find(". "), text.find("\n")) if i >= 0), default=len(text))
        first = {t for _, _, t in term_spans(text[:end], row.lang)}
        row.effect_case = bool(first & _EFFECT_TERMS)

    def close(self) -> None:
        self._searcher.close()
        self._ix.close()

    def is_stale(self) -> bool:
        """True when `judge index` has since built a newer index for this instance."""
        return recorded_hash(self.instance) != self.stamp

    def __len__(self) -> int:
        return self.doc_count

    def ruleset_of(self, passage_id: str) -> str:
        """The ruleset (game) a passage belongs to; "" when unknown."""
        docnum = self.by_id.get(passage_id)
        row = self.rows[docnum] if docnum is not None else None
        return row.ruleset if row is not None else ""

    def stored(self, passage_id: str) -> dict[str, Any] | None:
        docnum = self.by_id.get(passage_id)
        return dict(self._stored[docnum]) if docnum is not None else None

    # -- searching
    def search(self, q: object, limit: int = 10, doc: str | None = None, ruleset: str | None = None,
               semantic: bool | None = None, rerank: bool | None = None,
               stages: dict[str, Any] | None = None) -> SearchResponse:
        """`semantic` overrides the index's setting for this question (judge eval/bench compare both paths);
        `rerank`, whether the second stage (rerank.py) re-orders the first passages (default: when shipped);
        `stages`, when given, receives the first stage's rankings (training reads them) and each later step's order."""
        text, cut = clean_query(q)
        try:
            limit = max(1, min(int(limit), 100))  # type: ignore[call-overload]
        except (TypeError, ValueError):
            limit = 10
        if not text or not _WORD.search(text):
            return SearchResponse(query=text, message=Message("search.query.empty"))
        parsed = self.parse(text)
        allowed = self._allowed(doc, ruleset)
        ranked: dict[int, tuple[float, bool]] = {}
        for docnum, score in self._number_hits(parsed.numbers, parsed.lang, allowed):
            ranked.setdefault(docnum, (score, True))
        if parsed.only_card:  # a bare card name: the card's text, then its rulings in order
            for docnum, score in self._card_hits(parsed.cards, allowed):
                ranked.setdefault(docnum, (score, False))
        lexical: list[tuple[int, float]] = []   # the lexical ranking alone, for the game decision (gamepick)
        dense: list[tuple[int, float]] = []     # the semantic ranking alone (fused path), for the second stage
        # one second stage per first stage: the fused one's candidates differ in kind (docs/search-rerank.md)
        model = (_rerank.shipped(self.semantic_active(semantic)) if rerank is not False and not parsed.only_card
                 else None)
        depth = max(limit + GAME_DEPTH, _rerank.RERANK_DEPTH if model is not None else 0)
        if len(ranked) < limit + GAME_DEPTH:
            # a few more than asked for: the first five must all be of the question's game (one_game)
            for docnum, score in self._fused_hits(parsed.text or text, parsed, allowed, depth, semantic, lexical,
                                                  dense):
                ranked.setdefault(docnum, (score, False))
        order, game = self.one_game(list(ranked), parsed, doc, ruleset, lexical)
        trail = [("one_game", order)] if stages is not None else None   # each later step's order too (trail.py)
        if stages is not None:   # what the second stage reads, for its training (rerank_train.py)
            stages.update(lexical=list(lexical), dense=list(dense), allowed=allowed, orders=trail)
        if game and game["how"] not in ("only", "filter"):
            order = self._fill_game(order, ranked, parsed, game["ruleset"])
        if model is not None:   # the second stage
            numbered = {d for d, (_, by_number) in ranked.items() if by_number}
            order = _rerank.reorder(self, parsed, order, numbered, ranked, lexical, model, dense, allowed)
        order = _trail.step(trail, "rerank", order)
        # variant rules after the rest unless asked for (variants.py), then the first five of the game, again
        order = _variants.demote(self, parsed, order, ranked)
        order = _trail.step(trail, "demote", _unasked.demote(self, parsed, order, ranked))  # a keyword's rules asked
        order = _trail.step(trail, "faqnotes", _faqnotes.give_way(self, parsed, order, ranked))  # old FAQ notes after
        if game and game["how"] not in ("only", "filter"):
            order = _trail.step(trail, "game_first", _rerank.game_first(self, order, game["ruleset"], GAME_TOP))
        mine, theirs = _gamepick.apart(self, order[:limit], game, GAME_TOP)   # a sure game's first five
        hits = [self._hit(docnum, *ranked[docnum], parsed) for docnum in mine]
        message = (Message("search.query.cut" if hits else "search.query.cut_nothing", n=MAX_QUERY_CHARS) if cut
                   else None if hits else Message("search.query.nothing"))
        deciding = self.deciding(hits, parsed)
        return SearchResponse(query=text, results=hits, answer=deciding[0] if deciding else None, message=message,
                              game=game, deciding=deciding,
                              alternative=_gamepick.alternative(self, order, ranked, parsed, game),
                              elsewhere={rs: [self._hit(d, *ranked[d], parsed) for d in ds]
                                         for rs, ds in theirs.items()})

    def deciding(self, hits: list[Hit], p: Question) -> list[Hit]:
        """The answer block (answer.py): the first result, and for a situation question up to MAX_DECIDING rules
        among the first five scoring close to it; each in the question's language when that language has the
        same rule, each showing the clause that decides."""
        if not hits:
            return []
        top = hits[0]
        chosen = [top]
        if not top.matched_number and _answer.is_situation(len(p.concept_weights)):
            for h in hits[1:GAME_TOP]:
                if len(chosen) >= _answer.MAX_DECIDING:
                    break
                if (h.number and top.score > 0 and h.score >= _answer.DECIDING_SHARE * top.score
                        and not any(_answer.related(h.number, c.number) for c in chosen)):
                    chosen.append(h)
        return [self._decides(self._in_language(h, p), p) for h in chosen]

    def _in_language(self, hit: Hit, p: Question) -> Hit:
        """The same rule in the question's language, when a current passage of that language has its number."""
        if not hit.number or not p.lang or hit.lang == p.lang:
            return hit
        for d in self.by_number.get(hit.number, []):
            r = self.rows[d]
            if r is not None and r.lang == p.lang and not r.historical and r.number == r.current:
                return self._hit(d, hit.score, hit.matched_number, p)
        return hit

    def _decides(self, hit: Hit, p: Question) -> Hit:
        """The hit with its best sentence replaced by the clause that decides (answer.deciding_clause)."""
        return self._passages.decides(self.by_id[hit.id], hit, p.marks, _answer.question_asks(p.text))

    def infer_game(self, p: Question, lexical: list[tuple[int, float]] | None = None) -> tuple[str | None, str]:
        """The game a question is about and how that was decided: gamepick.infer_game."""
        return _gamepick.infer_game(self, p, lexical or ())

    def one_game(self, order: list[int], p: Question, doc: str | None, ruleset: str | None,
                 lexical: list[tuple[int, float]] | None = None) -> tuple[list[int], dict[str, Any] | None]:
        """The passages reordered so that the first GAME_TOP are of one game, and which game and why: the one the
        user picked, else the one the question points to (infer_game), else the best passage's.  Passages of the
        other games keep their order after them (an inference can be wrong: they stay reachable)."""
        rows = self.rows
        present = [rs for rs in dict.fromkeys(rows[d].ruleset for d in order) if rs]  # type: ignore[union-attr]
        games = self.games
        if not order or len(games) < 2:
            return order, ({"ruleset": present[0], "how": "only", "others": [], "sure": True} if present else None)
        if ruleset or doc:
            picked = ruleset or self.documents.get(doc or "", {}).get("ruleset") or present[0]
            return order, {"ruleset": picked, "how": "filter", "others": [g for g in games if g != picked],
                           "sure": True}
        game, how = self.infer_game(p, lexical)
        if game is None:
            # nothing in the question tells: the game of the best passage by its words (the ranking's own game
            # factors weighed them; the semantic side puts the English CR near any Spanish question)
            game, how = _gamepick.first_game(self, lexical or (), order[0], p.lang,
                                             _gamepick.phrase_votes(self, p)), "first"
        same = [d for d in order if rows[d].ruleset in (game, "")]  # type: ignore[union-attr]
        other = [d for d in order if rows[d].ruleset not in (game, "")]  # type: ignore[union-attr]
        head = same[:GAME_TOP]
        taken = set(head)
        rest = [d for d in order if d not in taken]
        if len(head) < GAME_TOP:   # too few of that game found: the others follow it
            head, rest = same, other
        # "first": nothing in the question told its game; the page says so and offers every game (issue 15)
        return head + rest, {"ruleset": game, "how": how, "others": [g for g in games if g != game],
                             "sure": how != "first"}

    def _fill_game(self, order: list[int], ranked: dict[int, tuple[float, bool]], p: Question,
                   game: str) -> list[int]:
        """When fewer than GAME_TOP of the candidates are of the question's game (a small game's passages crowded
        out of the first candidates by the other's: "¿qué zonas hay fuera del juego en doce vidas?"), that game's
        best passages by their words, ranked among that game alone, fill the first five; `ranked` receives them.
        One more lexical ranking, only then."""
        rows = self.rows
        if sum(1 for d in order[:GAME_TOP] if rows[d].ruleset in (game, "")) >= GAME_TOP:  # type: ignore[union-attr]
            return order
        mine = self._game_rows.get(game)
        if mine is None:
            mine = self._game_rows[game] = {d for d, r in enumerate(rows) if r is not None and r.ruleset == game}
        more: list[int] = []
        for d, score in self._text_hits(p, mine, GAME_TOP + GAME_DEPTH):
            if d not in ranked:
                ranked[d] = (score, False)
                more.append(d)
        if not more:
            return order
        same = [d for d in order if rows[d].ruleset in (game, "")] + more  # type: ignore[union-attr]
        head = same[:GAME_TOP]
        taken = set(head)
        return head + [d for d in order + more if d not in taken]

    def _allowed(self, doc: str | None, ruleset: str | None) -> set[int] | None:
        if not doc and not ruleset:
            return None
        return {i for i, r in enumerate(self.rows)
                if r is not None and (not doc or r.doc == doc) and (not ruleset or r.ruleset == ruleset)}

    def label_share(self, field: str, term: str) -> float:
        """The share of a label field's impacts a word keeps: its idf among the passages' bodies over its idf
        among the labels, at most 1.  A word common in the text but rare in headings ("no" in "Tierras no
        básicas", "juego") would otherwise score in a title as a rare word does."""
        key = (field, term)
        share = self._label_share.get(key)
        if share is None:
            body = _LABEL_BODY.get(field)
            share = 1.0
            if body is not None:
                def idf(f: str) -> float:
                    return math.log(self._field_docs.get(f, 1) / (self._df(f, term) + 1)) + 1
                label_idf = idf(field)
                if label_idf > 0:
                    share = max(0.0, min(1.0, idf(body) / label_idf)) ** LABEL_IDF_POWER
            if len(self._label_share) < 100_000:
                self._label_share[key] = share
        return share

    def _df(self, field: str, term: str) -> int:
        return self._df_table.get(field, _NO_DF).get(term, 0)

    def parse(self, text: str) -> Question:
        """How the question is read (numbers, language, clauses): see question.py.  Cards of the shipped table
        that the index does not know are read as what they do (cards.py)."""
        lang = guess_language(text) or self.reader.language_by_vocabulary(text)
        expansion = card_table().expand(text, lang, self._card_keys)
        p = self.reader.read(expansion.text, lang, expansion.told)
        p.text, p.table_cards = expansion.text, expansion.cards
        return p

    def _df_by_ruleset(self, lang: str, term: str) -> dict[str, int]:
        key = (lang, term)
        found = self._ruleset_df.get(key)
        if found is None:
            found = {}
            rows = self.rows
            for d in self._impacts.get(S.body_field(lang), {}).get(term, ((), ()))[0]:
                rs = rows[d].ruleset  # type: ignore[union-attr]
                found[rs] = found.get(rs, 0) + 1
            if len(self._ruleset_df) < 100_000:
                self._ruleset_df[key] = found
        return found

    def ruleset_factors(self, p: Question) -> dict[str, float]:
        """Which game the question is about, from its own words: a word one ruleset's passages use far more
        than expected ("quemar", "reliquia", "pila de descartes") or far less ("cementerio", "biblioteca",
        "exiliar" in doce vidas) is evidence; a word all of them use ("turno", "carta") is none.

        Per word and ruleset: log((k + ½) / (E + ½)), k the ruleset's passages holding the word and E the number
        expected from its share of all (term, passage) pairs; only the part beyond ±RULESET_DEAD_ZONE counts (a
        small ruleset lacking a common word says little), capped.  The passages of the other language count
        too, through the word's glossary translations ("atacar" is as much Magic's word as doce vidas's once the
        English CR says "attack" hundreds of times; "bicho" or "hexproof" only Magic's).
        Returns a factor per ruleset, 1.0 for the likeliest.  Computed once per question and index (memoised on
        the Question): the ranking (_text_hits) and the game decision (gamepick.infer_game) both read it."""
        memo = p.factors_memo
        if memo is not None and memo[0] is self:
            return memo[1]
        factors = self._ruleset_factors(p)
        p.factors_memo = (self, factors)
        return factors

    def _ruleset_factors(self, p: Question) -> dict[str, float]:
        evidence: dict[str, float] = {}
        if len({rs for per_lang in self.ruleset_sizes.values() for rs in per_lang}) < 2:
            return {}
        # Per term of the question's own language, the other languages' body terms translating it.
        translations: dict[tuple[str, str], list[tuple[str, str]]] = {}
        own_masks = {(c.field, c.term): c.mask for c in p.clauses if c.field in _BODY_FIELDS}
        # the body terms of the languages the question is not in (the question's own language is one of p.said,
        # so this also leaves out its own field), in clause order: filtered once, not once per term of it
        others = [(f[len("body_"):], u, cm) for (f, u), cm in own_masks.items() if f[len("body_"):] not in p.said]
        for lang, terms in p.said.items():
            for t in dict.fromkeys(terms):
                m = own_masks.get((S.body_field(lang), t), 0)
                translations[(lang, t)] = [(l, u) for l, u, cm in others if cm & m] if m else []
        for (lang, t), other in translations.items():
            # the word's own passages, plus the most any one of its translations finds in the other language
            translated: dict[str, int] = {}
            for l, u in other:
                for rs, n in self._df_by_ruleset(l, u).items():
                    translated[rs] = max(translated.get(rs, 0), n)
            df = dict(self._df_by_ruleset(lang, t))
            for rs, n in translated.items():
                df[rs] = df.get(rs, 0) + n
            seen = sum(df.values())
            # what is expected of each ruleset, in the languages the word was counted in (kept per languages, in
            # the order their set iterates: the rulesets' order in `sizes` is the same as summing them here)
            langs = tuple({lang} | {l for l, _ in other})
            sizes, total = self._sizes_memo.get(langs) or self._sizes_of(langs)
            if seen and len(sizes) > 1:
                for rs, n in sizes.items():
                    e = math.log((df.get(rs, 0) + 0.5) / (seen * n / total + 0.5))
                    e = math.copysign(min(RULESET_WORD_CAP, max(0.0, abs(e) - RULESET_DEAD_ZONE)), e)
                    evidence[rs] = evidence.get(rs, 0.0) + e
        if not evidence:
            return {}
        best = max(evidence.values())
        return {rs: max(RULESET_FLOOR, math.exp(RULESET_STRENGTH * (e - best))) for rs, e in evidence.items()}

    def _sizes_of(self, langs: tuple[str, ...]) -> tuple[dict[str, int], int]:
        """ruleset_sizes summed over `langs` in that order, and their total (kept per `langs`)."""
        sizes: dict[str, int] = {}
        for l in langs:
            for rs, n in self.ruleset_sizes.get(l, {}).items():
                sizes[rs] = sizes.get(rs, 0) + n
        self._sizes_memo[langs] = (sizes, sum(sizes.values()))
        return self._sizes_memo[langs]

    def _number_hits(self, numbers: list[str], lang: str | None, allowed: set[int] | None) -> list[tuple[int, float]]:
        out: list[tuple[int, float]] = []
        pref = lang or "es"
        rows = self.rows

        def key(d: int) -> tuple[bool, str, int]:
            r = rows[d]
            assert r is not None
            return (r.lang != pref, r.doc, r.order)

        for n in numbers:
            exact = sorted((d for d in self.by_number.get(n, []) if allowed is None or d in allowed), key=key)
            out += [(d, 100.0) for d in exact]
            # A parent number: its sub-rules follow, in document order (the question's language first).
            subs = sorted((d for d in self.children.get(n, []) if allowed is None or d in allowed), key=key)
            out += [(d, 50.0) for d in subs[:100]]
        return out

    def _card_hits(self, cards: list[str], allowed: set[int] | None) -> list[tuple[int, float]]:
        rows = self.rows

        def key(d: int) -> tuple[bool, int]:
            r = rows[d]
            assert r is not None
            return (r.kind != "card", r.order)

        out: list[tuple[int, float]] = []
        for name in cards:
            found = sorted((d for d in self.by_card.get(name, []) if allowed is None or d in allowed), key=key)
            out += [(d, 90.0) for d in found]
        return out

    @property
    def vectors(self) -> PassageVectors | None:
        """The passages' vectors published so far (re-read as the embedding job adds some: a passage without one
        ranks lexically); None when the index has none yet."""
        if self._live is None:
            historical = {d for d, meta in self.documents.items() if meta.get("historical")}
            langs, hist = [r.lang if r else "" for r in self.rows], [bool(r and r.doc in historical) for r in self.rows]
            self._live = LiveVectors(self.folder, lambda: PassageVectors.load(
                self.folder, self.by_id, len(self.rows), langs=langs, prior=self.prior, historical=hist))
        return self._live.get()

    def semantic_active(self, semantic: bool | None = None) -> bool:
        """Whether a question is searched semantically too: asked for, vectors in the index, model loaded."""
        if not (self.semantic if semantic is None else semantic):
            return False
        return self.vectors is not None and get_embedder() is not None

    def _fused_hits(self, text: str, p: Question, allowed: set[int] | None, limit: int,
                    semantic: bool | None, lexical_out: list[tuple[int, float]] | None = None,
                    dense_out: list[tuple[int, float]] | None = None) -> list[tuple[int, float]]:
        """The lexical ranking, fused with the semantic one (semantic.fuse) when that is on and can run;
        `lexical_out` receives the lexical ranking alone, `dense_out` the semantic one."""
        out = lexical_out if lexical_out is not None else []
        if not (self.semantic if semantic is None else semantic):
            out[:] = self._text_hits(p, allowed, limit)
            return out
        vectors = self.vectors
        embedder = get_embedder() if vectors is not None else None
        if embedder is None:
            out[:] = self._text_hits(p, allowed, limit)
            return out
        depth = max(limit, _semantic.FUSION_DEPTH)
        # The question's vector is computed by the C engine (the GIL released) while the lexical ranking runs.
        pending = _semantic.embed_question_async(embedder, text)
        lexical = self._text_hits(p, allowed, depth)
        out[:] = lexical
        if not lexical:
            # No word of the question is in any passage ("asdfgh", "pizza con piña"): nearest neighbours always
            # exist, but they would be noise presented as an answer.
            return []
        try:
            question = pending.result()
        except Exception as exc:  # the engine failing on one question must not fail the search
            log_once(Message("search.log.question_failed", error=str(exc)))
            return lexical[:limit]
        nearest = vectors.rank(question, depth, allowed)
        if dense_out is not None:
            dense_out[:] = nearest
        return fuse(lexical, nearest, limit)

    def lexical_ranking(self, p: Question, limit: int) -> list[tuple[int, float]]:
        """The lexical ranking alone (the re-ranker's training reads it as search does)."""
        return self._text_hits(p, None, limit)

    def _postings(self, field: str, term: str) -> tuple[Any, Any, float, int]:
        """A clause's term as _accumulate reads it: its postings (passage numbers, BM25 impacts) as arrays, its
        label share (1.0 for a field that is no label), its field's kind (1 a label, 2 a body, 0 another); kept
        in a bounded WordCache (a term no passage holds too: the bound stops new words growing it)."""
        got = self._clause_terms.lookup((field, term))
        if got is not None:
            return got  # type: ignore[return-value]
        ids, impacts = self._impacts.get(field, {}).get(term, ((), ()))
        label = field in _LABEL_BODY
        made = (np.asarray(ids, dtype=np.intp), np.asarray(impacts, dtype=np.float64),
                self.label_share(field, term) if label and len(ids) else 1.0,
                1 if label else 2 if field in _BODY_FIELDS else 0)
        return self._clause_terms.get((field, term), lambda: made)

    @property
    def _row_arrays(self) -> tuple[Any, Any, Any, Any, list[str | None]]:
        """Per passage, as arrays: its document key, prior, whether it is a card's, whether it is an effect case;
        and its card name (built at the first question, once every row is complete)."""
        if self._np_rows is None:
            rows = self.rows
            cards = [r.card if r is not None else None for r in rows]
            self._np_rows = (np.asarray(self._doc_of, dtype=np.intp), np.asarray(self.prior, dtype=np.float64),
                             np.asarray([bool(c) for c in cards]),
                             np.asarray([bool(r is not None and r.effect_case) for r in rows]), cards)
        return self._np_rows

    def _accumulate(self, p: Question) -> tuple[Any, Any, Any]:
        """Per passage: its BM25 sum over the question's clauses, the OR of the masks of the clauses it matched,
        and when it was first found (-1: never; a position in clause order, only compared), for _text_hits.

        One word found in a passage's body, title and structure keys is one match: its best field counts in full,
        the others at FIELD_TIE (a heading word repeated in three fields outweighed two question words), so each
        such group of clauses ends with a correction of the passages its labels matched.  Every passage's score
        is the sum, in clause order, of its clauses' impacts, each group's correction right after that group's
        clauses (x - c is x + (-c) in floating point): so every term is gathered into one array in that order and
        added by one `np.bincount`, which adds each passage's terms in array order, starting from 0.0: the same
        floats as adding clause by clause into arrays of every passage, without a dozen NumPy calls per clause.
        """
        n = len(self.rows)
        groups: dict[tuple[str, str], list[Any]] = {}
        for c in p.clauses:
            groups.setdefault((_FIELD_GROUP.get(c.field, c.field), c.term), []).append(c)
        # per clause with postings, in clause order, one tuple unzipped at once: its passages, impacts, weight (a
        # label's times its share), mask, group, kind (1 a label of a group of several, 2 the body of one), size
        parts: list[tuple[Any, Any, float, int, int, int, int]] = []
        ends: list[int] = []           # per group: entries so far (where its correction goes)
        entries = 0
        kept = self._clause_terms.lookup     # a term asked before: one dict read (_postings otherwise)
        for g, group in enumerate(groups.values()):
            several = len(group) > 1
            for c in group:
                got = kept((c.field, c.term))
                ids, impacts, share, kind = got if got is not None else self._postings(c.field, c.term)
                size = len(ids)
                if size:
                    parts.append((ids, impacts, c.weight * share if kind == 1 else c.weight, c.mask, g,
                                  kind if several else 0, size))
                    entries += size
            ends.append(entries)
        if not parts:
            return None, None, None
        ids_parts, imp_parts, clause_w, clause_masks, clause_group, clause_kind, counts = zip(*parts)
        sizes = np.asarray(counts, dtype=np.intp)
        cids = np.concatenate(ids_parts)
        # each impact times its clause's weight: the same products as clause by clause, in one multiplication
        cvals = np.concatenate(imp_parts) * np.repeat(np.asarray(clause_w, dtype=np.float64), sizes)
        wide = len(p.concept_weights) > 62    # past 62 words the masks stay Python integers
        masks = np.zeros(n, dtype=object if wide else np.int64)
        np.bitwise_or.at(masks, cids, np.repeat(np.asarray(clause_masks, dtype=object if wide else np.int64), sizes))
        seen = np.full(n, entries, dtype=np.int64)
        np.minimum.at(seen, cids, np.arange(entries, dtype=np.int64))
        first = np.where(seen < entries, seen, -1)
        kind = np.repeat(np.asarray(clause_kind, dtype=np.int8), sizes)
        lab = kind == 1
        if lab.any():
            # per (group, labelled passage): the labels' sum (in clause order, from 0.0) and best, the body's
            group_of = np.repeat(np.asarray(clause_group, dtype=np.int64), sizes)
            keys = group_of[lab] * n + cids[lab]
            lvals = cvals[lab]
            ukeys, inv = unique_inverse(keys)
            ls = np.bincount(inv, weights=lvals, minlength=len(ukeys))
            lb = np.zeros(len(ukeys), dtype=np.float64)
            np.maximum.at(lb, inv, lvals)
            b = np.zeros(len(ukeys), dtype=np.float64)
            body = kind == 2
            if body.any():
                bkeys = group_of[body] * n + cids[body]   # sorted: groups in order, postings in passage order
                bvals = cvals[body]
                at = np.minimum(np.searchsorted(bkeys, ukeys), len(bkeys) - 1)
                hit = bkeys[at] == ukeys
                b[hit] = bvals[at[hit]]
            correction = (1 - FIELD_TIE) * ((b + ls) - np.maximum(b, lb))
            where = np.asarray(ends, dtype=np.intp)[ukeys // n]   # after its group's clauses
            cids, cvals = inserted(where, (cids, ukeys % n), (cvals, -correction))
        scores = np.bincount(cids, weights=cvals, minlength=n)
        return scores, masks, first

    def _text_hits(self, p: Question, allowed: set[int] | None, limit: int) -> list[tuple[int, float]]:
        """Term-at-a-time BM25 accumulation into arrays over every passage (numpy: a long question touches most
        of the CR), then the coverage factor and the priors.  Each passage's score is the same sequence of float
        operations as one would write per passage, and ties keep the order in which passages were first found."""
        scores, masks, first = self._accumulate(p)
        if scores is None:
            return []
        idx = np.flatnonzero(first >= 0)
        if allowed is not None:
            idx = idx[np.isin(idx, np.fromiter(allowed, dtype=np.intp, count=len(allowed)))]
        if not len(idx):
            return []
        total = sum(p.concept_weights) or 1.0
        cw = list(enumerate(p.concept_weights))
        doc_of, prior, has_card, effect_case, card_of = self._row_arrays
        card_set = set(p.cards)
        doc_set = set(p.docs)
        # A question naming a document already says which game it is about.
        rs_factor = {} if doc_set else self.ruleset_factors(p)
        # What depends only on the passage's document (its language, game, being named): one factor per document.
        doc_factor: list[float] = []
        doc_mask: list[int] = []
        other_side: list[bool] = []
        for doc, lang, ruleset in self._doc_keys:
            other = bool(p.lang) and lang != p.lang
            f = OTHER_LANGUAGE_FACTOR if other else 1.0
            if doc in doc_set:
                f *= NAMED_DOC_BONUS
            doc_factor.append(f * rs_factor.get(ruleset, 1.0))
            doc_mask.append(p.doc_masks.get(doc, 0))
            other_side.append(other)
        k = doc_of[idx]
        m = masks[idx]
        if any(doc_mask):
            m = m | np.asarray(doc_mask, dtype=masks.dtype)[k]
        # The coverage factor of each passage (the same floats as per distinct mask, without the sort finding them)
        f = COORD_FLOOR + (1 - COORD_FLOOR) * _covered(m, cw) / total
        side = np.asarray(other_side)[k]
        s = scores[idx] * (f * prior[idx] * np.asarray(doc_factor, dtype=np.float64)[k])
        if card_set:
            named = np.fromiter((card_of[d] in card_set for d in idx.tolist()), dtype=bool, count=len(idx))
            s = np.where(named, s * CARD_BONUS, s)
        else:
            s = np.where(has_card[idx], s * UNNAMED_CARD_FACTOR, s)
        effect_f = 1.0 if any(c.term in _EFFECT_TERMS for c in p.clauses) else SPECIAL_CASE_FACTOR
        s = np.where(effect_case[idx], s * effect_f, s)
        # A few more than asked for, so that a current rule just below an older passage saying the same can pass it.
        depth = limit + HISTORICAL_DEPTH
        sides = (~side, side)     # the question's own language's passages, the other language's
        chosen = [idx[sel] for sel in sides]
        own, other = (self._best(ids, s[sel], first[ids], depth) for ids, sel in zip(chosen, sides))
        # The other language's passages come after the question's own, unless they alone cover what it asks
        # ("¿cómo funciona el toque mortal?" with only the English CR explaining deathtouch).
        best = [float(f[sel].max()) if len(ids) else 0.0 for ids, sel in zip(chosen, sides)]
        if other and best[1] > best[0] + OTHER_LANGUAGE_MARGIN:
            other = [(d, sc / OTHER_LANGUAGE_FACTOR) for d, sc in other]
        # sorted() is stable: among equal scores the question's own language first, then as found.
        ranked = sorted(own + other, key=itemgetter(1), reverse=True)[:depth]
        return self._current_first(ranked, {d: int(masks[d]) for d, _ in ranked})[:limit]

    @staticmethod
    def _best(ids: Any, scores: Any, first: Any, depth: int) -> list[tuple[int, float]]:
        """The `depth` best (passage, score), best first; equal scores in the order the passages were found."""
        if len(ids) > 4 * depth:
            keep = np.argpartition(-scores, depth)[:depth]
            cut = scores[keep].min()
            keep = np.flatnonzero(scores >= cut)        # every passage tied with the last one kept competes
            ids, scores, first = ids[keep], scores[keep], first[keep]
        order = np.lexsort((first, -scores))[:depth]
        return [(int(d), float(sc)) for d, sc in zip(ids[order], scores[order])]

    def _current_first(self, ranked: list[tuple[int, float]], masks: dict[int, int]) -> list[tuple[int, float]]:
        """Passages of historical documents placed after the current rule of the same game that says the same:
        the rule whose number today is the one the old passage quotes, or a rule covering every word of the
        question the old passage covers with at least HISTORICAL_RATIO of its score.  `ranked` is best first."""
        rows = self.rows
        if not any(rows[d].historical for d, _ in ranked):  # type: ignore[union-attr]
            return ranked
        scores = dict(ranked)
        for d, s in ranked:
            old = rows[d]
            assert old is not None
            if not old.historical:
                continue
            m = masks.get(d, 0)
            for c, cs in ranked:
                new = rows[c]
                assert new is not None
                if (new.historical or not new.number or new.ruleset != old.ruleset or scores[c] >= scores[d]
                        or cs < HISTORICAL_RATIO * s):
                    continue
                if (old.current and new.current == old.current) or (m and masks.get(c, 0) & m == m):
                    scores[d] = scores[c] * 0.999
        return sorted(scores.items(), key=itemgetter(1), reverse=True)

    # -- results
    def _hit(self, docnum: int, score: float, by_number: bool, p: Question) -> Hit:
        return self._passages.hit(docnum, score, by_number, p.marks)

    def terminal_snippet(self, hit: Hit, query: str, width: int = 240) -> str:
        """A hit's best sentence for the terminal, shortened, the matched words in «»."""
        p = self.parse(clean_query(query)[0])
        lang = hit.lang if hit.lang in S.LANGS else "es"
        weights = p.marks[lang]
        a, b = best_sentence(hit.text, lang, weights)
        snippet = " ".join(hit.text[a:b].split())
        if len(snippet) > width:
            snippet = snippet[: width - 1].rsplit(" ", 1)[0] + "…"
        spans = highlight_spans(snippet, term_spans(snippet, lang), weights)
        return mark(snippet, spans, "«", "»", escape=False)


