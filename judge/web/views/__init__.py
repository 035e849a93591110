"""What each page shows, as plain data: the page renders it, its `.json` variant and the API return it."""
from __future__ import annotations

from judge.web.views.cards import card_or_suggestions, card_page, card_view, cards_view
from judge.web.views.common import (
    NotFoundHere, brief, label, parent_number, passage_data, reference, text_links,
)
from judge.web.views.documents import contents, document_view, documents_view
from judge.web.views.rules import passage_view, rule_view, subrule_tree
from judge.web.views.search import QueryTooLong, hit_heading, rulesets_of, search_json, search_params

__all__ = [
    "NotFoundHere", "brief", "card_or_suggestions", "card_page", "card_view", "cards_view", "contents", "document_view",
    "documents_view", "hit_heading", "label", "parent_number", "passage_data", "passage_view", "reference",
    "QueryTooLong", "rule_view", "rulesets_of", "search_params", "subrule_tree", "text_links",
]
