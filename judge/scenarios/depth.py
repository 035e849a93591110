"""How deep a YAML text nests, found in one linear scan of the text before any parser runs.

PyYAML's pure-Python scanner spends ~100 µs a token and its composer recurses once per level: 100,000 nested `[`
took 10 s to walk with its event parser and 250,000 unclosed ones 17 s (CPU a request could hold). This scan
reads the text once, with regular expressions jumping over runs (quoted scalars, plain scalars, comments, block
scalars), and follows only what makes a level: flow brackets, and block collections by their indentation as
PyYAML's scanner opens them (a `-` entry, a `?` key or a `key:` at a column past the current indentation, an
indentless `-` under a mapping key). It returns the spans of the outermost collections that sit `level` deep
(the document's own collection is 1), which load.py cuts out before parsing.

The count never exceeds the real depth (constructs it does not follow, such as a flow pair `[a: b]`, count less),
so no collection that is not too deep is ever cut; what it undercounts is still bounded after parsing
(load._bound_tree), as before.
"""
from __future__ import annotations

import re

from judge.format import timelimit

# A quoted scalar (maybe unterminated: to the end of the text), only where a scalar may start.
_QUOTED = r"""(?:"(?:[^"\\]|\\.)*"?|'(?:[^']|'')*'?)"""
# In a flow collection: a quoted scalar, a comment (after a space) or a run of opening or closing brackets (a run
# is one match, so 100,000 nested brackets cost a few regular-expression steps); everything else is skipped.
_FLOW_TOKEN = re.compile(r"(?<![^\s\[\]{},:])" + _QUOTED + r"|(?<!\S)#[^\n]*|[\[{]+|[\]}]+", re.S)
_QUOTE_AT = re.compile(_QUOTED, re.S)
# A plain scalar in block context runs to `: `, ` #` or the end of the line.
_PLAIN = re.compile(r"(?:[^\n:#]|:(?![ \t\n]|$)|(?<![ \t])#)*")
_SPACES = re.compile(r"[ \t]*")
_NOT_SPACE = re.compile(r"\S*")
# An anchor or alias name as PyYAML's scanner reads it (scan_anchor): what follows may start the node (`&a:b` is the
# anchor `a` on the plain scalar `:b`), so it is read on, not skipped with the name.
_ANCHOR = re.compile(r"[&*][0-9A-Za-z_-]*")
_BLOCK = ("seq", "map", "iseq")   # a block sequence, a block mapping, an indentless sequence under a mapping key


def deep_spans(text: str, level: int) -> list[tuple[int, int]]:
    """(start, end) of every outermost collection nested `level` deep in YAML `text`; an unclosed one ends at the
    end of the text. Linear in the length of the text."""
    return _Scan(text, level).run()


class _Scan:
    def __init__(self, text: str, level: int) -> None:
        self.text, self.level, self.n = text, level, len(text)
        self.stack: list[tuple[str, int]] = []    # open block collections: (kind, column)
        self.spans: list[tuple[int, int]] = []
        self.start = -1                            # where the collection being cut began, -1 when none
        self.cut_at = 0                            # its depth

    # -- levels -----------------------------------------------------------------------------------------------
    def _opened(self, depth: int, where: int) -> None:
        if depth == self.level and self.start < 0:
            self.start, self.cut_at = where, depth

    def _closed(self, depth: int, end: int) -> None:
        # `depth`: the depth of the collection that closed.
        if self.start >= 0 and depth == self.cut_at:
            self.spans.append((self.start, end))
            self.start = -1

    def _push(self, kind: str, column: int, where: int) -> None:
        self.stack.append((kind, column))
        self._opened(len(self.stack), where)

    def _indent(self) -> int:
        return self.stack[-1][1] if self.stack else -1

    def _unwind(self, column: int, where: int, entry: bool) -> None:
        """Close the block collections a token at `column` ends (PyYAML's unwind_indent, and an indentless
        sequence ending at a token of its column that is not a `-` entry)."""
        stack = self.stack
        while stack and (stack[-1][1] > column or (stack[-1] == ("iseq", column) and not entry)):
            self._closed(len(stack), where)
            stack.pop()

    # -- the scan ---------------------------------------------------------------------------------------------
    def run(self) -> list[tuple[int, int]]:
        text, n = self.text, self.n
        pos, line_start = 0, 0
        block_scalar: int | None = None     # skipping a block scalar's lines: those indented past this
        plain_tail = False                  # a plain scalar ended its line: deeper lines continue it
        while pos < n:
            timelimit.check()           # the request's deadline, once a line (judge.format.timelimit)
            # At the start of a line.
            first = _SPACES.match(text, pos).end()
            if first >= n:
                break
            if text[first] in "\n#" or text[first] == "\r":
                pos = self._line_end(first)
                continue
            column = first - pos
            if block_scalar is not None:
                if column > block_scalar:
                    pos = self._line_end(first)
                    continue
                block_scalar = None
            if plain_tail and column > self._indent():
                pos = self._line_end(first)
                continue
            plain_tail = False
            line_start = pos
            self._unwind(column, first, self._is_indicator(first, "-"))
            pos, block_scalar, plain_tail = self._line(first, line_start)
        self._unwind(-2, n, False)
        if self.start >= 0:
            self.spans.append((self.start, n))
        return self.spans

    def _line_end(self, pos: int) -> int:
        end = self.text.find("\n", pos)
        return self.n if end < 0 else end + 1

    def _is_indicator(self, pos: int, ch: str) -> bool:
        text = self.text
        return text.startswith(ch, pos) and (pos + 1 >= self.n or text[pos + 1] in " \t\r\n")

    def _line(self, pos: int, line_start: int) -> tuple[int, int | None, bool]:
        """The tokens of one line from `pos` in block context; returns (where the next line starts, the block
        scalar indentation to skip below, whether a plain scalar ended the line). A quoted scalar or a flow
        collection may run over later lines: the line then ends where they end."""
        text, n = self.text, self.n
        while pos < n:
            pos = _SPACES.match(text, pos).end()
            if pos >= n:
                break
            ch = text[pos]
            column = pos - line_start
            if ch in "\r\n":
                return self._line_end(pos), None, False
            if ch == "#" or ch == "%":
                return self._line_end(pos), None, False
            if ch in "-?" and self._is_indicator(pos, ch):
                if column > self._indent():
                    self._push("seq" if ch == "-" else "map", column, pos)
                elif ch == "-" and self.stack and self.stack[-1] == ("map", column):
                    self._push("iseq", column, pos)
                pos += 1
                continue
            if ch == ":" and self._is_indicator(pos, ":"):
                pos += 1
                continue
            if ch == "-" and text.startswith("---", pos) or ch == "." and text.startswith("...", pos):
                pos += 3
                continue
            if ch in "|>":
                return self._line_end(pos), self._indent(), False
            if ch in "&*":
                pos = _ANCHOR.match(text, pos).end()
                continue
            if ch == "!":
                pos = _NOT_SPACE.match(text, pos).end()
                continue
            if ch in "[{" or ch in "\"'":
                end = self._flow(pos) if ch in "[{" else _QUOTE_AT.match(text, pos).end()
                breaks = text.rfind("\n", pos, end)
                if breaks >= 0:
                    line_start = breaks + 1
                after = _SPACES.match(text, end).end()
                if self._is_indicator(after, ":") and breaks < 0:
                    self._key(column, pos)        # `"key": …` or `[a, b]: …`
                pos = after
                continue
            end = _PLAIN.match(text, pos).end()
            if end < n and text[end] == ":":
                self._key(column, pos)
                pos = end + 1
                continue
            if end >= n or text[end] in "\r\n":
                return self._line_end(end), None, True
            pos = end                              # a comment follows
        return n, None, False

    def _key(self, column: int, where: int) -> None:
        if column > self._indent():
            self._push("map", column, where)

    def _flow(self, pos: int) -> int:
        """Follow a flow collection from its opening bracket at `pos`; returns where it ends (the text's end when
        it never closes)."""
        base, depth = len(self.stack), 0
        for m in _FLOW_TOKEN.finditer(self.text, pos):
            timelimit.check()
            token, at = m.group(), m.start()
            if token[0] in "[{":
                if self.start < 0 and base + depth < self.level <= base + depth + len(token):
                    self._opened(self.level, at + self.level - base - depth - 1)
                depth += len(token)
            elif token[0] in "]}":
                # The run closes depths base+depth, base+depth-1, …: the one being cut ends at its bracket.
                closes = min(len(token), depth)
                if self.start >= 0 and base + depth - closes < self.cut_at <= base + depth:
                    self._closed(self.cut_at, at + base + depth - self.cut_at + 1)
                if closes == depth:
                    return at + depth
                depth -= closes
        return self.n
