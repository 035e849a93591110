"""Messages: what a step, a verdict or a validation error says, as an id and its parameters, rendered in Spanish or
English on demand (issue 17, docs/scenarios.md "Mensajes").

Below everything (it imports nothing of judge), so the engine, the scenario format, the runner and the web layer all
build and render the same value. The catalogs live beside what speaks: `judge/engine/messages.py` (the run loop, the
common expectations, the verdict), `judge/format/messages.py` (validation), one beside each ruleset
(`judge/engine/rulesets/magic/messages.py`, `…/doce_vidas/messages.py`). A message id's first part names its catalog
(CATALOGS): `magic.step.draw` is in the magic one, loaded the first time one of its ids is rendered.

A catalog entry is a ``str.format`` template per language: ``{name}`` is a parameter, rendered in the same language
when it is itself a Message (a zone's name, a nested clause), joined with ", " when it is a list; the one extra
format specs are ``{n:plural=vida|vidas}`` (the first word for exactly one, 1 or "1", the second otherwise) and
``{notes:join=; }`` (a list joined with that separator instead of ", "; "" when empty). Card
names, object ids and rule numbers are plain strings and stay as they are in every language.

Backward compatible by design: wherever a Message goes a plain (Spanish) string still works. It renders as it is in
Spanish, and in English as it is too (there is no other text to give); `untranslated` tells the caller so, and the
JSON of a step without a message has no `message` key. tests/scenarios/test_messages.py lists the sites that still
pass plain strings, a number that may only go down.
"""
from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any

LANGUAGES = ("es", "en")
DEFAULT_LANGUAGE = "es"

# The catalog of each id prefix: module path of a module holding `ES` and `EN` (id → template dicts).
CATALOGS = {
    "core": "judge.engine.messages",
    "format": "judge.format.messages",
    "magic": "judge.engine.rulesets.magic.messages",
    "dv": "judge.engine.rulesets.doce_vidas.messages",
    "fuzz": "judge.runner.fuzz_messages",
    "runner": "judge.runner.messages",    # the citations' notes (not imported, outside the corpus), render.py's
    "cli": "judge.cli_messages",          # the corpus and search commands' lines (`--lang`)
    "search": "judge.search.messages",    # the search's own sentences and errors (SearchResponse.message)
    "corpus": "judge.corpus.messages",    # the corpus's and the CR importer's errors
}

_loaded: dict[str, dict[str, Mapping[str, str]]] = {}      # prefix → {lang → catalog}; filled on first use
_PLURAL = "plural="
_JOIN = "join="
# How each id renders, worked out once per language: (template, how). _PLAIN: no parameter, the template is the text;
# _FORMAT: str.format_map; _SPECS: with this module's specs (plural=, join=); _UNKNOWN: no catalog has it.
_PLAIN, _FORMAT, _SPECS, _UNKNOWN = range(4)
_COMPILED: dict[str, dict[str, tuple[str, int]]] = {lang: {} for lang in LANGUAGES}


def _compile(ident: str, lang: str) -> tuple[str, int]:
    template = template_of(ident, lang)
    if template is None:
        return "", _UNKNOWN
    if "{" not in template and "}" not in template:
        return template, _PLAIN
    return template, _SPECS if _PLURAL in template or _JOIN in template else _FORMAT


class Message:
    """One text as an id and its parameters: ``Message("magic.step.draw", player="Ana", card="Lobo")``.

    Immutable in use (nothing changes it after it is built); parameters are strings, numbers, Messages or lists of
    those. Equal when id and parameters are."""

    __slots__ = ("id", "params")

    def __init__(self, id: str, params: Mapping[str, Any] | None = None, /, **kw: Any) -> None:
        self.id = id
        self.params: dict[str, Any] = {**params, **kw} if params else kw

    def __repr__(self) -> str:
        return f"Message({self.id!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and other.id == self.id and other.params == self.params

    __hash__ = None  # type: ignore[assignment]   # parameters are a dict

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The text in `lang` (Spanish for an unknown language); an id no catalog has renders as the id and its
        parameters, so a typo shows instead of failing the run."""
        per = _COMPILED.get(lang)
        if per is None:
            per, lang = _COMPILED[DEFAULT_LANGUAGE], DEFAULT_LANGUAGE
        hit = per.get(self.id)
        if hit is None:
            hit = per[self.id] = _compile(self.id, lang)
        template, how = hit
        params = self.params
        try:
            if how == _PLAIN:
                return template
            if how == _SPECS:
                return template.format_map({k: _Spec(_value(v, lang, joined=False)) for k, v in params.items()})
            if how == _FORMAT:
                return template.format_map({k: v.render(lang) if type(v) is Message else
                                            _value(v, lang) if type(v) in (list, tuple) else v
                                            for k, v in params.items()})
        except (KeyError, IndexError, ValueError):
            pass
        return f"{self.id} {_plain(params, lang)}" if params else self.id

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Any]:
        """``{"id": …, "params": {…}}``, nested messages as the same shape (from_json reads it back)."""
        return {"id": self.id, "params": {k: v.to_json() if type(v) is Message else _json(v) if type(v) in
                                          (list, tuple) else v for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Message":
        return cls(str(data["id"]), {k: _from_json(v) for k, v in (data.get("params") or {}).items()})


Text = "str | Message"      # what a step's summary, an illegal reason or an error message may be


class Note(str):
    """A line of unmodelled card text (Step.unmodelled: «Lobo: «…» (texto no modelado)») that is its Spanish text
    and carries the Message it was rendered from (`message`, ids `core.unmodelled.*`). Being the Spanish string
    itself it compares, hashes, de-duplicates, is cached and serializes as the plain line always did, so a Spanish
    trace keeps its exact JSON; `render(lang)` says it in another language."""

    message: Message

    def __new__(cls, message: Message) -> "Note":
        note = super().__new__(cls, message.render())
        note.message = message
        return note

    def __reduce__(self) -> tuple[Any, ...]:        # str's own would call __new__ with the text, not the message
        return (Note, (self.message,))

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return str.__str__(self) if lang == DEFAULT_LANGUAGE else self.message.render(lang)


class Said:
    """What an exception whose text is a Message mixes in (before its base: ``class CRFormatError(Said,
    ValueError)``): built from a Message, ``str(exc)`` is its Spanish line as it always was, `said` the message and
    `render(lang)` the line in `lang`; built from a plain string (a site not converted), it is that string."""

    said: "Message | None" = None

    def __init__(self, text: "str | Message", *args: Any) -> None:
        if isinstance(text, Message):
            self.said = text
            text = text.render()
        super().__init__(text, *args)

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.said.render(lang) if self.said is not None else str(self)


def error_text(exc: BaseException, lang: str = DEFAULT_LANGUAGE) -> str:
    """An exception's text in `lang`: its Message's (Said) when it has one, else ``str(exc)``."""
    return exc.render(lang) if isinstance(exc, Said) else str(exc)


def said_or_text(exc: BaseException) -> "Message | str":
    """What to nest in another Message as an exception's text: its Message when it has one (rendered in the outer
    message's language), else its text."""
    return exc.said if isinstance(exc, Said) and exc.said is not None else str(exc)


def render(text: "str | Message", lang: str = DEFAULT_LANGUAGE) -> str:
    """A Message (or a Note) in `lang`; a plain string (a site not converted yet: Spanish) as it is."""
    return text.render(lang) if isinstance(text, (Message, Note)) else text


def notes_json(notes: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> tuple[list[str], list[Any] | None]:
    """The `unmodelled` of a step's or a verdict's JSON (each note in `lang`) and, when some note is a Note, the
    `unmodelled_messages` beside it (one {id, params} per note, null for a plain line), as `message` is beside
    `summary`."""
    texts = list(notes) if lang == DEFAULT_LANGUAGE else [render(n, lang) for n in notes]
    if not any(isinstance(n, Note) for n in notes):
        return texts, None
    return texts, [n.message.to_json() if isinstance(n, Note) else None for n in notes]


def localize_notes(holder: dict[str, Any], lang: str) -> dict[str, Any]:
    """A step's or a verdict's JSON with its `unmodelled` said in `lang` from `unmodelled_messages`."""
    said = holder.get("unmodelled_messages")
    if lang == DEFAULT_LANGUAGE or not said:
        return holder
    return {**holder, "unmodelled": [Message.from_json(m).render(lang) if m else text
                                     for text, m in zip(holder.get("unmodelled") or (), said)]}


def untranslated(text: "str | Message", lang: str) -> bool:
    """Is `text` shown in Spanish although `lang` was asked (a plain string, or an id without that language)?"""
    if lang == DEFAULT_LANGUAGE:
        return False
    return not isinstance(text, Message) or template_of(text.id, lang) is None


def message_json(text: "str | Message") -> dict[str, Any] | None:
    return text.to_json() if isinstance(text, Message) else None


_OPERATOR = {"lang": DEFAULT_LANGUAGE}


def operator_language() -> str:
    """The language of the operator's log lines (`search.log.*`): Spanish, or the `--lang` of the command that
    runs (judge.cli_messages.lang_option sets it). One per process, like the logging configuration it goes with:
    what a request or a run says follows its own language, never this."""
    return _OPERATOR["lang"]


def set_operator_language(lang: str) -> None:
    _OPERATOR["lang"] = language(lang)


def language(asked: str | None) -> str:
    """`asked` when it is one of LANGUAGES, else Spanish."""
    return asked if asked in LANGUAGES else DEFAULT_LANGUAGE


def catalog(prefix: str, lang: str) -> Mapping[str, str]:
    """The `lang` catalog of one prefix of CATALOGS (loaded once)."""
    got = _loaded.get(prefix)
    if got is None:
        module = importlib.import_module(CATALOGS[prefix])
        got = _loaded[prefix] = {"es": module.ES, "en": module.EN}
    return got.get(lang) or got[DEFAULT_LANGUAGE]


def template_of(ident: str, lang: str) -> str | None:
    prefix = ident.partition(".")[0]
    if prefix not in CATALOGS:
        return None
    return catalog(prefix, lang if lang in LANGUAGES else DEFAULT_LANGUAGE).get(ident)


def localize_step(step: dict[str, Any], lang: str) -> dict[str, Any]:
    """A step's JSON (Step.to_json) with its `summary` in `lang` from its `message`, when it has one; a step
    without a message keeps its Spanish summary and, in another language, says so (`summary_lang: "es"`)."""
    if lang == DEFAULT_LANGUAGE:
        return step
    step = localize_notes(step, lang)
    data = step.get("message")
    if data:
        message = Message.from_json(data)
        if template_of(message.id, lang) is not None:
            return {**step, "summary": message.render(lang)}
    return {**step, "summary_lang": DEFAULT_LANGUAGE}


def localize_board(board: Any, lang: str) -> Any:
    """A step's board (its snapshot JSON) with the stack entries' `text` and the pending choice's `prompt` in `lang`,
    from the `message` / `prompt_message` beside them; the same dict in Spanish or when nothing changes. Boards are
    shared between steps and read-only: a changed board is a new dict, the original is left as it was."""
    if lang == DEFAULT_LANGUAGE or not isinstance(board, dict):
        return board
    stack, pending = board.get("stack"), board.get("pending")
    said = [isinstance(i, dict) and bool(i.get("message")) for i in stack or ()]
    asks = isinstance(pending, dict) and bool(pending.get("prompt_message"))
    if not any(said) and not asks:
        return board
    out = dict(board)
    if any(said):
        out["stack"] = [{**i, "text": Message.from_json(i["message"]).render(lang)} if s else i
                        for i, s in zip(stack, said)]
    if asks:
        out["pending"] = {**pending, "prompt": Message.from_json(pending["prompt_message"]).render(lang)}
    return out


def localize_boards(trace: dict[str, Any], lang: str) -> dict[str, Any]:
    """A trace's JSON (Trace.to_json(lang)) with every step's board said in `lang` (localize_board); the steps'
    own texts are already in it. The run JSON of /api/run, the run page and `judge run --json` go through it."""
    if lang == DEFAULT_LANGUAGE:
        return trace
    done: dict[int, Any] = {}      # id(board) → its localized board: steps share boards, each is said once
    for step in trace.get("steps") or ():
        board = step.get("board") if isinstance(step, dict) else None
        if board:
            got = done.get(id(board))
            if got is None:
                got = done[id(board)] = localize_board(board, lang)
            step["board"] = got
    return trace


def localize_trace(trace: dict[str, Any], lang: str) -> dict[str, Any]:
    """A trace's JSON (Trace.to_json, the run JSON) with every step's summary, the stop reason and the verdict in
    `lang` (localize_step); the same dict in Spanish. Works on stored or cached JSON alike: the message ids and
    parameters are in it."""
    if lang == DEFAULT_LANGUAGE:
        return trace
    out = {**trace, "steps": [localize_step(s, lang) for s in trace.get("steps") or []]}
    for step in out["steps"]:
        if step.get("board"):
            step["board"] = localize_board(step["board"], lang)
    verdict = trace.get("verdict")
    if isinstance(verdict, dict) and verdict.get("message"):
        out["verdict"] = {**localize_notes(verdict, lang), "text": Message.from_json(verdict["message"]).render(lang)}
    if trace.get("stop_message"):
        out["stop_reason"] = Message.from_json(trace["stop_message"]).render(lang)
    return out


def localize_errors(errors: Sequence[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """Validation errors' JSON ({path, message, id?, params?}) with `message` in `lang` where they have an id."""
    if lang == DEFAULT_LANGUAGE:
        return list(errors)
    out = []
    for e in errors:
        if e.get("id") and template_of(str(e["id"]), lang) is not None:
            e = {**e, "message": Message(str(e["id"]), {k: _from_json(v) for k, v in
                                                       (e.get("params") or {}).items()}).render(lang)}
        out.append(e)
    return out


def template_fields(template: str) -> set[str]:
    """The parameter names a template uses (for the catalogs' test: both languages name the same ones)."""
    import string

    return {field.split(".")[0].split("[")[0] for _, field, _, _ in string.Formatter().parse(template)
            if field is not None}


# -- rendering pieces -----------------------------------------------------------------------------------------------

def _value(v: Any, lang: str, joined: bool = True) -> Any:
    if isinstance(v, Message):
        return v.render(lang)
    if isinstance(v, (list, tuple)):
        items = [str(_value(x, lang)) for x in v]
        return ", ".join(items) if joined else items
    return v


def _plain(params: Mapping[str, Any], lang: str) -> str:
    return ", ".join(f"{k}={_value(v, lang)}" for k, v in params.items())


def _json(v: Any) -> Any:
    if isinstance(v, Message):
        return v.to_json()
    if isinstance(v, (list, tuple)):
        return [_json(x) for x in v]
    return v


def _from_json(v: Any) -> Any:
    if isinstance(v, dict) and "id" in v and "params" in v:
        return Message.from_json(v)
    if isinstance(v, list):
        return [_from_json(x) for x in v]
    return v


class _Spec:
    """A parameter value in a template with this module's specs: ``{n:plural=vida|vidas}`` picks a word by it,
    ``{notes:join=; }`` joins a list."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        if spec.startswith(_PLURAL):
            one, _, many = spec[len(_PLURAL):].partition("|")
            return one if self.value in (1, "1") else many
        if spec.startswith(_JOIN):
            value = self.value
            return spec[len(_JOIN):].join(value) if isinstance(value, list) else str(value)
        if isinstance(self.value, list):
            return format(", ".join(self.value), spec)
        return format(self.value, spec)
