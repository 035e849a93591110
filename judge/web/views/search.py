"""The search form's parameters, checked, and how a result is named."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from judge.web.errors import BadParameter
from judge.web.templating import shorten
from judge.web.views.common import unique, without_number
from judge.web.views.rules import rule_title

if TYPE_CHECKING:
    from judge.corpus import Corpus


DEFAULT_MAX_QUERY = 1000   # characters of a question (JUDGE_SEARCH_MAX_QUERY)


def search_params(corpus: "Corpus", args: Mapping[str, str], default_limit: int, max_limit: int,
                  max_query: int = DEFAULT_MAX_QUERY) -> dict[str, Any]:
    """The search's parameters from a query string, each checked; a bad one raises BadParameter naming it.

    A question longer than `max_query` characters is refused (QueryTooLong) rather than searched: every word of it
    costs the lexical and the semantic search, and no player's question is that long."""
    q = args.get("q", "")
    if len(q) > max_query:
        raise QueryTooLong(len(q), max_query)
    if any("\ud800" <= ch <= "\udfff" for ch in q):
        raise BadParameter("q", "param.lone_surrogate")
    raw_limit = args.get("limit", "").strip()
    if raw_limit:
        try:
            limit = int(raw_limit)
        except ValueError:
            raise BadParameter("limit", "param.int_between", top=max_limit, raw=shorten(raw_limit, 20))
        if not 1 <= limit <= max_limit:
            raise BadParameter("limit", "param.between", top=max_limit, asked=limit)
    else:
        limit = max(1, min(default_limit, max_limit))
    doc = args.get("doc", "").strip() or None
    if doc is not None and doc not in corpus.documents:
        raise BadParameter("doc", "param.unknown_document", name=shorten(doc, 40), loaded=", ".join(corpus.documents))
    ruleset = args.get("ruleset", "").strip() or None
    rulesets = rulesets_of(corpus)
    if ruleset is not None and ruleset not in rulesets:
        raise BadParameter("ruleset", "param.unknown_game_loaded", name=shorten(ruleset, 40), loaded=", ".join(rulesets))
    return {"q": q, "limit": limit, "doc": doc, "ruleset": ruleset}


class QueryTooLong(BadParameter):
    """A question over the bounded length: a 400 naming `q` (JSON under /api); the search page shows the message in
    place of results (judge/web/pages.py)."""

    def __init__(self, length: int, maximum: int) -> None:
        super().__init__("q", "param.query_too_long", length=length, maximum=maximum)
        self.maximum = maximum


def hit_heading(corpus: "Corpus", passage_id: str, title: str, number: str | None) -> str:
    """What a search result is called: its own title, else (a CR rule titled only by its number) the name of
    the rule it belongs to ("702.79a" → "Persist"), else its document's title."""
    own = without_number(title or "", number)
    if own:
        return own
    passage = corpus.passage(passage_id)
    parent = corpus.passage(passage.parent) if passage and passage.parent else None
    while parent is not None:
        name = without_number(parent.title or "", parent.number) or rule_title([parent])
        if name:
            return name
        parent = corpus.passage(parent.parent) if parent.parent else None
    document = corpus.documents.get(passage.doc) if passage else None
    return document.title if document else ""


def rulesets_of(corpus: "Corpus") -> list[str]:
    return unique(d.ruleset for d in corpus.documents.values())


def search_json(response: Any) -> dict[str, Any]:
    """A SearchResponse's JSON with its game said in the request's language (issue 15: the answer says which
    game it is from, on the page and in /api/search): `game.name`, `game.said` (the page's sentence) and, when
    nothing told the game, `alternative.game_name`, `alternative.asked` ("¿Preguntabas por …?") and the same
    question asked in that game: `alternative.ask` (the link's words) and `alternative.ask_url` (the page with
    that game picked; the same parameters on /api/search answer JSON); when the game was sure, each block of
    `elsewhere` (the other games' passages, set apart from the results) its `game_name` and `said` (its heading)."""
    from judge.web.i18n import get_language, translate
    from judge.web.links import search_url

    out = response.to_json(get_language())
    game = out.get("game")
    if game:
        game["name"] = translate("game." + game["ruleset"])
        game["said"] = translate("search.game" if game.get("sure") is not False else "search.game_unsure",
                                 game=game["name"])
    for block in out.get("elsewhere") or ():   # a sure game's answer: the other games' passages, each block named
        block["game_name"] = translate("game." + block["ruleset"])
        block["said"] = translate("search.elsewhere", game=block["game_name"], asked=game["name"] if game else "")
    alternative = out.get("alternative")
    if alternative:
        alternative["game_name"] = translate("game." + alternative["ruleset"])
        alternative["asked"] = translate("search.game_alternative", game=alternative["game_name"])
        alternative["ask"] = translate("search.game_ask", game=alternative["game_name"])
        alternative["ask_url"] = search_url(out.get("query") or "", alternative["ruleset"])
    return out
