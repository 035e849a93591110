"""Text that is not Unicode: UTF-16 surrogates written as escapes in a scenario's YAML or JSON.

JSON and YAML both write a character outside the Basic Multilingual Plane as a pair of surrogate escapes
(``"\\ud83d\\ude00"`` is 😀). json.loads joins a pair into its character; PyYAML's double-quoted scalars do not,
leaving two lone surrogates, and a lone one (``"\\ud800"``) is never a character at all. No such string can be
written as UTF-8: answering, saving or indexing it failed with a UnicodeEncodeError. After parsing, every pair is
joined into its character (the emoji is read and saved), and every string still holding a lone surrogate
becomes an InvalidText: the same text with U+FFFD in its place, which the tree bound (load._bound_tree) reports
at its field path beside the other errors, so nothing downstream ever meets a surrogate.
"""
from __future__ import annotations

import re
from typing import Any

from judge.messages import Message

# An escape that may write a surrogate (JSON \uD83D, YAML \uD83D or \U0000D83D), or a surrogate itself in str text.
_MAY_HOLD = re.compile(r"\\(?:u|U0000)[dD][89a-fA-F]|[\ud800-\udfff]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


class InvalidText(str):
    """A string that held a lone surrogate: its text with U+FFFD in each one's place, and the first one's code
    point and position (for the message)."""

    code: int
    position: int

    def __new__(cls, original: str) -> "InvalidText":
        m = _SURROGATE.search(original)
        self = super().__new__(cls, _SURROGATE.sub("\ufffd", original))
        self.code = ord(m.group()) if m else 0xFFFD
        self.position = m.start() if m else 0
        return self

    def message(self) -> Message:
        return Message("format.load.lone_surrogate", code=f"{self.code:04x}", position=self.position + 1)


def may_hold_surrogates(text: str) -> bool:
    """Whether `text` may parse into a string with a surrogate (a cheap look: most texts have no such escape)."""
    return _MAY_HOLD.search(text) is not None


def _mended_string(value: str) -> str:
    if not _SURROGATE.search(value):
        return value
    try:
        # A valid pair becomes its character; a lone surrogate cannot be decoded.
        return value.encode("utf-16-le", "surrogatepass").decode("utf-16-le")
    except UnicodeDecodeError:
        joined = re.sub(r"[\ud800-\udbff][\udc00-\udfff]",
                        lambda m: m.group().encode("utf-16-le", "surrogatepass").decode("utf-16-le"), value)
        return InvalidText(joined)


def mend(doc: Any) -> Any:
    """`doc` with surrogate pairs joined and lone surrogates made InvalidText, in keys and values. Containers are
    rebuilt once each (a YAML alias shared by many places stays one object, so an alias bomb is not expanded)."""
    seen: dict[int, Any] = {}

    def walk(value: Any) -> Any:
        if isinstance(value, str):
            return _mended_string(value)
        if not isinstance(value, (dict, list)):
            return value
        done = seen.get(id(value))
        if done is not None:
            return done
        if isinstance(value, dict):
            out: Any = {}
            seen[id(value)] = out
            for key, item in value.items():
                out[walk(key)] = walk(item)
        else:
            out = []
            seen[id(value)] = out
            out.extend(walk(item) for item in value)
        return out

    return walk(doc)


def invalid_text(value: Any) -> InvalidText | None:
    """`value` as an InvalidText when it is text holding a lone surrogate (mended or not), else None."""
    if isinstance(value, InvalidText):
        return value
    if isinstance(value, str) and _SURROGATE.search(value):
        return InvalidText(value)
    return None
