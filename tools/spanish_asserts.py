"""How many test asserts read Spanish wording (issue 17: tests assert on structure — kinds, events, cited rules,
message ids — not on the Spanish words a step, a verdict, a prompt, an error or a page says).

    python tools/spanish_asserts.py              # the count, per folder, and the rendering tests apart
    python tools/spanish_asserts.py --list       # every such assert, file:line:test [form]
    python tools/spanish_asserts.py --root DIR   # the tests of another checkout (this word list, these rules)

An AST scan of the test folders (FOLDERS: tests/engine, scenarios, web, store, search, corpus, faults), each
file parsed once and walked once. An assert counts when it compares a Spanish literal with a text the program
renders (a step's summary, a prompt, a verdict, a CLI's output, a page's text, an error's message, what a function
returns; a sentence of three Spanish words or more whatever the name it is compared with). The forms read (each
with examples that must and must not count in tests/scenarios/test_spanish_asserts.py):
- `"no se puede" in out`, `not in`, `==`, `!=`, `out.startswith("BIEN")` (endswith, count, find, index), a tuple of
  them, `re.search("…", out)` (match, fullmatch, findall);
- a literal of one word when the word is in tools/spanish_words.txt (`"cementerio" in step.summary`, `"BIEN"`);
- a literal bound to a name first (`expected = "…"`, `for word in ("…", "…")`, a `parametrize` value, a module
  constant) or a subscript of such a name (`CASES["x"]`), asserted later;
- literals inside a dict, list, tuple or set compared (`body == {"error": "…"}`, `out in ("BIEN", "MAL")`,
  `set(lines) >= {"…"}`): a dict's values, not its keys (field names);
- `pytest.raises(…, match="…")` / `pytest.warns(…, match=…)`, and a page looked up by its words
  (`soup.find(string="…")`, `text=`), anywhere in a test.
A literal is Spanish when it holds a word of tools/spanish_words.txt of three letters or more (or only Spanish
words, two or more: «a», «en», «no» are English too), its ids left out. Not counted: ids and passage ids (`a.b_c`,
`magic.search.shuffle`, «word/word» paths, `cr-en`, `lang=en`), field paths (`cards.Tierra rara.cast_from`),
addresses (`/escenarios/…`, `#paso-`), cited passages' quotes («§ »), a message id with its parameters
(`("format.card.unknown", {"card": …})`), and what a test compares with a message id or its parameters (`params`,
`.id`), citations, the scenario's own title (`h1`, `scenario_title`, `["title"]`), a stop code (`stopped`), a
passage's quoted text (`blockquote`), a card's unmodelled text (`unmodelled`, `notes`), a kind or a path, and in
tests/corpus and tests/search a passage's or a hit's `.text`/`.title` (CORPUS_TEXT): the corpus's and the cards'
words, not the program's. Neither is a literal the test itself fed the program (one a literal outside the asserts
holds, a call's argument inside the assert, or a name bound to it and read outside the asserts: a scenario's title,
a card's text set into its document, a search's query), which the program only echoes, nor the words of the data
the program reads (Data: the curated scenarios' names and field values, a whole line of the corpus, a phrase of
four words or more of it, the card table's texts).

The named rendering tests (RENDERING): a test whose name starts with `test_rendering_` checks the Spanish (and
English) wording on purpose; its asserts are counted apart. Nothing else is exempt: not a helper, not a test that
only has `rendering` inside its name. A rough, fixed rule, so a count before and after a change reads the same way.
"""
from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORD = re.compile(r"[a-záéíóúñü]+", re.IGNORECASE)
ONE_WORD = re.compile(r"^[¡¿]?[a-záéíóúñü]+[.!?:]?$", re.IGNORECASE)
# What a rendered text is read from, in the compared expression's source.
RENDERED = re.compile(r"\b(summary|output|stdout|stderr|err|prompt|text|get_text|render|message|msg|out|lines?|"
                      r"reason|stop_reason|html|body|page|verdict|errors?|problems?|said|str|value|excinfo|exc|"
                      r"detail|title|label|notice|answer|data|json|get_json|payload|row|cells?|shown)\b")
NOT_TEXT = re.compile(r"\bparams\b|\.id\b|\bids?\(|\bcitations\b|\bh1\b|blockquote|\bkind\b|\bpath\b|"
                      r"\bnotes\b|\bunmodelled\b|data-message|\[\"id\"\]|\['id'\]|scenario_title|\[\"title\"\]|"
                      r"\bstopped\b|\banalyze\(|glossary_words|\bresults\b")
# In tests/corpus and tests/search a passage's (a card's, a hit's) text and title are the corpus: what the parsers
# made of the documents, what a search found, a question expanded with the card table's text.
CORPUS_TEXT = re.compile(r"\.text\b|^text$|\.title\b|\btype_line\b")
CORPUS_TESTS = ("tests/corpus/", "tests/search/")
ID_LIKE = re.compile(r"^[\w.~:+#&=?-]*(/[\w.~#&=?-]+)*$")
ID_TOKEN = re.compile(r"[/=_@]|\w[-.]\w|\d")
MESSAGE_ID = re.compile(r"^[a-z]+(\.[a-z0-9_]+)+$")
YAML_NAMES = (re.compile(r"\b(?:title|name|card|names?|of|copy|token)\s*:\s*\"?([^\"\n{}\[\],#]+)"),
              re.compile(r"^\s+([A-ZÁÉÍÓÚÑ][^:\n{}\[\]#\"]*?):\s*(?:\{|$)", re.MULTILINE),
              re.compile(r"[\[,]\s*([A-ZÁÉÍÓÚÑ][\w áéíóúñü'-]+?)\s*(?=[,\]])"))
YAML_VALUE = re.compile(r"[\w\"]:[ \t]+([a-záéíóúñü]+)[ \t]*(?=$|[,}#])", re.IGNORECASE | re.MULTILINE)
URL = re.compile(r"^/\S*$")                        # /escenarios/ejecutar?escenario=: an address
FIELD_PATH = re.compile(r"^\w+(\.[\w ~+-]+|\[\d+\])+$")      # cards.Tierra rara.cast_from[0]: a field path
CARD_TABLES = ("judge/search/popular_cards.yaml",)       # the cards players name, with their Spanish text
FOLDERS = ("tests/engine", "tests/scenarios", "tests/web", "tests/store", "tests/search", "tests/corpus",
           "tests/faults")
RENDERING = "test_rendering_"                      # the named rendering tests: the prefix, nothing else
STRING_OPS = ("startswith", "endswith", "count", "find", "index", "rfind", "rindex")
RE_CALLS = ("search", "match", "fullmatch", "findall", "finditer")
LOOKUP_KEYWORDS = ("string", "text")                # soup.find(string="…"): a page read by its words
Found = tuple[str, int, str, bool, str]             # file, line, test, in a named rendering test, form


_AST = ast.AST


def _walk(node: ast.AST) -> Iterator[ast.AST]:
    """ast.walk's nodes, depth first and without its deque and generators: twice as fast on the suite."""
    stack = [node]
    pop, push, grow = stack.pop, stack.append, stack.extend
    while stack:
        n = pop()
        yield n
        for field in n._fields:
            value = getattr(n, field, None)
            if type(value) is list:
                grow(v for v in value if isinstance(v, _AST))
            elif isinstance(value, _AST):
                push(value)


def spanish_words(path: Path = ROOT / "tools" / "spanish_words.txt") -> frozenset[str]:
    return frozenset(line.strip() for line in path.read_text(encoding="utf-8").splitlines()
                     if line.strip() and not line.startswith("#"))


def _literal(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    return None


def _texts(node: ast.AST, names: dict[str, list[str]]) -> list[str]:
    """The literals `node` stands for: itself, a container's elements (a dict's values), a bound name's literals,
    a subscript of a bound name, `re.compile("…")`."""
    text = _literal(node)
    if text is not None:
        return [text]
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        if _message_pair(node):
            return []
        return [t for e in node.elts for t in _texts(e, names)]
    if isinstance(node, ast.Dict):
        return [t for v in node.values for t in _texts(v, names)]
    if isinstance(node, ast.Name):
        return names.get(node.id, [])
    if isinstance(node, ast.Subscript) and isinstance(node.value, (ast.Name, ast.Subscript)):
        return _texts(node.value, names)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "compile" and \
            node.args:
        return _texts(node.args[0], names)
    return []


def _bind(target: ast.AST, value: ast.AST, names: dict[str, list[str]], loop: bool = False) -> None:
    """Record what literals a name is bound to: `x = "…"`, `a, b = "…", "…"`, `for x in ("…", …)` (loop: each
    element is bound to the target in turn), `for a, b in [("…", "…"), …]`."""
    if loop and isinstance(value, (ast.List, ast.Tuple, ast.Set)):
        for element in value.elts:
            _bind(target, element, names)
        return
    if loop and isinstance(value, ast.Dict):           # for key in {"…": …}: the keys
        for key in value.keys:
            if key is not None:
                _bind(target, key, names)
        return
    if loop and isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and \
            value.func.attr == "items" and isinstance(value.func.value, ast.Name):
        return                                          # for k, v in NAME.items(): v is bound below
    if isinstance(target, (ast.Tuple, ast.List)):
        if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts):
            for t, v in zip(target.elts, value.elts):
                _bind(t, v, names)
        return
    if isinstance(target, ast.Name):
        texts = _texts(value, names) if not loop else [t for t in _texts(value, names)]
        if texts:
            names.setdefault(target.id, []).extend(texts)


def _bindings(nodes: Iterable[ast.AST], names: dict[str, list[str]]) -> None:
    """The names `nodes` (assignments and loops, in source order) bind to literals, into `names`."""
    for node in nodes:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                _bind(target, node.value, names)
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            _bind(node.target, node.value, names)
        elif isinstance(node, (ast.For, ast.comprehension)):
            _bind(node.target, node.iter, names, loop=True)
            if isinstance(node.iter, ast.Call) and isinstance(node.iter.func, ast.Attribute) and \
                    node.iter.func.attr == "items" and isinstance(node.iter.func.value, ast.Name) and \
                    isinstance(node.target, ast.Tuple) and len(node.target.elts) == 2 and \
                    isinstance(node.target.elts[1], ast.Name):
                values = names.get(node.iter.func.value.id, [])
                if values:
                    names.setdefault(node.target.elts[1].id, []).extend(values)


def _parametrized(fn: ast.FunctionDef, names: dict[str, list[str]]) -> None:
    """`@pytest.mark.parametrize("a, b", [("…", …), …])`: each argument bound to its column's literals."""
    for deco in fn.decorator_list:
        if not (isinstance(deco, ast.Call) and isinstance(deco.func, ast.Attribute) and
                deco.func.attr == "parametrize" and len(deco.args) >= 2):
            continue
        spec = _literal(deco.args[0])
        if spec is None or not isinstance(deco.args[1], (ast.List, ast.Tuple)):
            continue
        argnames = [a.strip() for a in spec.split(",") if a.strip()]
        for row in deco.args[1].elts:
            if isinstance(row, ast.Call) and row.args:          # pytest.param(…)
                row = ast.Tuple(elts=list(row.args)) if len(argnames) > 1 else row.args[0]
            cells = row.elts if len(argnames) > 1 and isinstance(row, (ast.Tuple, ast.List)) else [row]
            for name, cell in zip(argnames, cells):
                texts = _texts(cell, names)
                if texts:
                    names.setdefault(name, []).extend(texts)


def _pairs(nodes: list[ast.AST], names: dict[str, list[str]]) -> Iterator[tuple[str, ast.AST, str]]:
    """(literal, the expression it is compared with, the form) for every comparison among an assert's nodes."""
    for n in nodes:
        if isinstance(n, ast.Compare):
            sides = [n.left, *n.comparators]
            for a, op, b in zip(sides, n.ops, sides[1:]):
                if isinstance(op, (ast.In, ast.NotIn)):
                    # "…" in out: the literal is the text looked for; out in ("BIEN", "MAL"): the texts allowed
                    for text in _texts(a, names):
                        yield text, b, "in"
                    if not _texts(a, names) and isinstance(b, (ast.List, ast.Tuple, ast.Set, ast.Name)):
                        for text in _texts(b, names):
                            yield text, a, "in-container"
                elif isinstance(op, (ast.Eq, ast.NotEq, ast.LtE, ast.GtE, ast.Lt, ast.Gt)):
                    for lit, other in ((a, b), (b, a)):
                        if isinstance(op, (ast.Eq, ast.NotEq)) or isinstance(lit, (ast.Set, ast.Name)):
                            for text in _texts(lit, names):
                                yield text, other, "==" if _literal(lit) is not None else "container/bound =="
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.args:
            if n.func.attr in STRING_OPS:
                for text in _texts(n.args[0], names):
                    yield text, n.func.value, n.func.attr
            elif n.func.attr in RE_CALLS and isinstance(n.func.value, ast.Name) and n.func.value.id == "re" and \
                    len(n.args) >= 2:
                for text in _texts(n.args[0], names):
                    yield text, n.args[1], f"re.{n.func.attr}"


def _words(text: str) -> list[str]:
    """The words of `text`, less its ids: a token holding `/`, `=`, `_`, `@`, a digit, or `-` or `.` inside (`cr-en`,
    `'cr-es/121.4'`, `lang=en`, `href="/cambios/…"`) is a name or an address, not wording."""
    out = []
    for token in text.split():
        token = token.strip("«»“”\"'()[]{},;:.!?¡¿…")
        if token and not ID_TOKEN.search(token):
            out.extend(WORD.findall(token))
    return out


def _spanish(text: str, words: frozenset[str]) -> bool:
    """A literal in Spanish: one of its words (of 3 letters or more, or every word when they are shorter: «a»,
    «en», «no» are English too) is in the list; not an id, a field path, an address or a quoted passage."""
    stripped = text.strip()
    if "§" in text or FIELD_PATH.match(stripped) or URL.match(text):
        return False
    if ID_LIKE.match(stripped) and not ONE_WORD.match(stripped):
        return False                                    # an id, a passage id, a key: not wording
    found = _words(text)
    spanish = [w for w in found if w.lower() in words]
    return any(len(w) > 2 for w in spanish) or (len(spanish) > 1 and len(spanish) == len(found))


def _sentence(text: str, words: frozenset[str]) -> bool:
    """Three Spanish words or more: a sentence, whatever the name of what it is compared with (`old`, `p`)."""
    return sum(1 for w in _words(text) if w.lower() in words) >= 3


def _message_pair(node: ast.AST) -> bool:
    """`("format.card.unknown", {"card": "Lobo azul"})`: a message id and its parameters, not wording."""
    return isinstance(node, (ast.Tuple, ast.List)) and any(
        MESSAGE_ID.match(_literal(e) or "") for e in node.elts)


class Data:
    """The words the program is given, not its own: the names and titles of the curated scenarios (`title:`,
    `name:`, `card:`, a card's key under `cards:`, a name in a flow list), the values of their fields (`phase:
    accion`), a whole line of the corpus (a card's name, «Persistir.») and a phrase of four words or more of the
    corpus's text (a quoted passage; a shorter one, «no se puede», is as likely the program's)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._loaded = False
        self._text = ""
        self._lines: frozenset[str] = frozenset()
        self._names: frozenset[str] = frozenset()
        self._values: frozenset[str] = frozenset()

    def _load(self) -> None:
        corpus = [p.read_text(encoding="utf-8") for p in sorted((self.root / "rules_corpus").rglob("*"))
                  if p.is_file() and p.suffix in (".txt", ".yaml")]
        corpus += [(self.root / p).read_text(encoding="utf-8") for p in CARD_TABLES if (self.root / p).is_file()]
        scenarios = [p.read_text(encoding="utf-8") for p in sorted((self.root / "scenarios").rglob("*"))
                     if p.is_file() and p.suffix in (".yaml", ".yml", ".json")]
        self._text = " ".join(" ".join(t.split()) for t in corpus).lower()
        self._lines = frozenset(_fold(line) for t in corpus for line in t.splitlines() if line.strip())
        self._names = frozenset(_fold(v) for t in scenarios for pattern in YAML_NAMES for v in pattern.findall(t))
        self._values = frozenset(v.lower() for t in scenarios for v in YAML_VALUE.findall(t))
        self._loaded = True

    def holds(self, text: str) -> bool:
        if not self._loaded:
            self._load()
        folded = _fold(text)
        if not folded:
            return False
        if ONE_WORD.match(text.strip()) and folded in self._values:
            return True
        return folded in self._names or folded in self._lines or (len(folded.split()) >= 4 and folded in self._text)


def _fold(text: str) -> str:
    return " ".join(text.split()).strip().strip('"').lower()


def _position(node: ast.AST) -> tuple[int, int]:
    where = node.iter if isinstance(node, ast.comprehension) else node      # a comprehension has no position
    return where.lineno, where.col_offset                                   # type: ignore[attr-defined]


class _Walk:
    """One walk of a statement (a test, a module constant): its asserts, its calls with keywords, what binds a
    name, the names it reads outside its asserts and the string literals it feeds the program: those outside the
    asserts, the `match=` values and what binds a name (a binding's literals are read through its name: a name bound
    to literals and read outside the asserts, `title = "…"; post(title)`, is fed too)."""

    def __init__(self, stmt: ast.AST) -> None:
        self.asserts: list[tuple[ast.Assert, list[ast.AST]]] = []     # each with the nodes of its test
        self.calls: list[ast.Call] = []
        self.binds: list[ast.AST] = []
        loads: list[ast.Name] = []
        constants: list[ast.Constant] = []
        skip: set[int] = set()
        for n in _walk(stmt):
            kind = type(n)
            if kind is ast.Constant:
                if isinstance(n.value, str) and len(n.value) > 2:  # type: ignore[attr-defined]
                    constants.append(n)                 # type: ignore[arg-type]
            elif kind is ast.Name:
                if isinstance(n.ctx, ast.Load):         # type: ignore[attr-defined]
                    loads.append(n)                     # type: ignore[arg-type]
            elif kind is ast.Assert:
                inside = list(_walk(n.test))            # type: ignore[attr-defined]
                self.asserts.append((n, inside))        # type: ignore[arg-type]
                skip.update(id(m) for m in inside)
                for call in inside:                     # what a call inside the assert is given is fed
                    func = getattr(call, "func", None)
                    if type(call) is ast.Call and not (isinstance(func, ast.Attribute) and
                                                       func.attr in STRING_OPS + RE_CALLS):
                        skip.difference_update(id(a) for a in call.args)  # type: ignore[attr-defined]
            elif kind is ast.Call:
                if n.keywords:                          # type: ignore[attr-defined]
                    self.calls.append(n)                # type: ignore[arg-type]
                    for kw in n.keywords:               # type: ignore[attr-defined]
                        if kw.arg == "match":
                            skip.update(id(m) for m in _walk(kw.value))
                func = n.func                           # type: ignore[attr-defined]
                if isinstance(func, ast.Attribute) and func.attr == "parametrize":
                    for value in n.args[1:]:            # type: ignore[attr-defined]
                        skip.update(id(m) for m in _walk(value))
            elif kind in (ast.Assign, ast.AnnAssign, ast.For, ast.comprehension):
                self.binds.append(n)
                value = n.iter if kind in (ast.For, ast.comprehension) else n.value  # type: ignore[attr-defined]
                targets = n.targets if kind is ast.Assign else [n.target]  # type: ignore[attr-defined]
                names_only = all(isinstance(t, (ast.Name, ast.Tuple, ast.List)) for t in targets)
                if value is not None and names_only and _texts(value, {}):     # `doc["x"] = {…}`: fed, not bound
                    skip.update(id(m) for m in _walk(value))
        self.binds.sort(key=_position)
        self.asserts.sort(key=lambda a: a[0].lineno)
        self.fed = [c.value.lower() for c in constants if id(c) not in skip]
        self.used = {n.id for n in loads if id(n) not in skip}


def _echoed(text: str, fed: list[str]) -> bool:
    """`text` is the test's own input the program echoes: a literal the test feeds holds it."""
    needle = text.strip().lower()
    return bool(needle) and any(needle in f for f in fed)


def _tests(walks: list[tuple[ast.stmt, _Walk]]) -> Iterator[tuple[ast.FunctionDef, _Walk]]:
    """Every top-level function and method, with its walk (a nested function is read with the one it is in)."""
    for node, walk in walks:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node, walk                            # type: ignore[misc]


class _Source:
    """One module's source, for the segments of its nodes (ast.get_source_segment splits the file at each call)."""

    def __init__(self, src: str) -> None:
        self.lines = [line.encode("utf-8") for line in src.splitlines(keepends=True)]

    def segment(self, node: ast.AST) -> str:
        first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1  # type: ignore[attr-defined]
        if first == last:
            line = self.lines[first]
            return line[node.col_offset:node.end_col_offset].decode("utf-8", "replace")  # type: ignore[attr-defined]
        chunk = [self.lines[first][node.col_offset:], *self.lines[first + 1:last],  # type: ignore[attr-defined]
                 self.lines[last][:node.end_col_offset]]  # type: ignore[attr-defined]
        return b"".join(chunk).decode("utf-8", "replace")


def scan_source(src: str, file: str = "<test>", words: frozenset[str] | None = None,
                fed: list[str] | None = None, data: Data | None = None) -> list[Found]:
    """Every assert on Spanish wording in one test module's source (`fed`: the literals its conftest files feed;
    `data`: the corpus's and the scenarios' words)."""
    words = spanish_words() if words is None else words
    data = Data(ROOT) if data is None else data
    tree = ast.parse(src)
    source = _Source(src)
    walks = [(m, _Walk(m)) for stmt in tree.body
             for m in (stmt.body if isinstance(stmt, ast.ClassDef) else [stmt])]   # a class: its methods
    module_names: dict[str, list[str]] = {}
    _bindings((stmt for stmt, _ in walks if isinstance(stmt, (ast.Assign, ast.AnnAssign))), module_names)
    module_used = {name for _, w in walks for name in w.used}
    module_fed = [t for _, w in walks for t in w.fed] + (fed or []) + \
        [t.lower() for name, texts in module_names.items() if name in module_used for t in texts]
    corpus_tests = file.replace("\\", "/").startswith(CORPUS_TESTS)
    found: list[Found] = []
    for fn, walk in _tests(walks):
        names = {k: list(v) for k, v in module_names.items()}
        _parametrized(fn, names)
        _bindings(walk.binds, names)
        rendering = fn.name.startswith(RENDERING)
        seen: set[int] = set()
        fed_here = module_fed + [t.lower() for name, texts in names.items() if name in walk.used for t in texts]

        def wording(text: str) -> bool:
            """Spanish the program says: not the test's own input echoed, not the corpus's or scenarios' words."""
            return _spanish(text, words) and not _echoed(text, fed_here) and not data.holds(text)

        def hit(line: int, form: str) -> None:
            if line not in seen:
                seen.add(line)
                found.append((file, line, fn.name, rendering, form))

        for n, inside in walk.asserts:
            for text, other, form in _pairs(inside, names):
                if not _spanish(text, words):
                    continue
                seg = source.segment(other)
                reads = RENDERED.search(seg) or isinstance(other, (ast.Call, ast.Subscript)) or _sentence(text, words)
                if reads and not NOT_TEXT.search(seg) and not (corpus_tests and CORPUS_TEXT.search(seg)) and \
                        wording(text):
                    hit(n.lineno, form)
                    break
        for call in walk.calls:
            if not isinstance(call.func, ast.Attribute):
                continue
            for kw in call.keywords:
                is_raises = kw.arg == "match" and call.func.attr in ("raises", "warns")
                is_lookup = kw.arg in LOOKUP_KEYWORDS and call.func.attr in ("find", "find_all", "select_one",
                                                                                "findAll")
                if (is_raises or is_lookup) and any(wording(t) for t in _texts(kw.value, names)):
                    hit(call.lineno, "raises(match=)" if is_raises else f"find({kw.arg}=)")
    found.sort(key=lambda f: f[1])
    return found


def scan(folders: tuple[str, ...] = FOLDERS, root: Path = ROOT) -> list[Found]:
    """(file, line, test name, is a named rendering test, form) of every assert on Spanish wording under `root`."""
    words = spanish_words()
    data = Data(root)
    found: list[Found] = []
    conftests: dict[Path, list[str]] = {}
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            fed: list[str] = []
            for conftest in (path.parent / "conftest.py", root / "tests" / "conftest.py"):
                if conftest.exists() and conftest != path:
                    if conftest not in conftests:
                        conftests[conftest] = _Walk(ast.parse(conftest.read_text(encoding="utf-8"))).fed
                    fed += conftests[conftest]
            found.extend(scan_source(path.read_text(encoding="utf-8"), str(path.relative_to(root)), words, fed, data))
    return found


def main(argv: list[str]) -> int:
    found = scan(root=Path(argv[argv.index("--root") + 1]) if "--root" in argv else ROOT)
    plain = [f for f in found if not f[3]]
    print(f"asserts on Spanish wording: {len(plain)} (and {len(found) - len(plain)} in named rendering tests)")
    for folder in FOLDERS:
        n = sum(1 for f in plain if f[0].startswith(folder + "/"))
        print(f"  {folder}: {n}")
    if "--list" in argv:
        for file, line, name, rendering, form in found:
            print(f"{file}:{line}:{name} [{form}]{'  [rendering]' if rendering else ''}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:                         # `… | head`: the reader had enough
        sys.exit(0)
