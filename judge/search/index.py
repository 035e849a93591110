"""Building the on-disk index from the corpus, keeping it fresh, opening it read-only.

Layout: `instance/index` is a symlink to a versioned folder `instance/index-<hash>-<time>`.  A build writes a new
folder and then swaps the link with one atomic rename, so a reader never sees half an index; the content hash
of the corpus it was built from (with the schema version) is recorded inside it as `content_hash`, and the size
and SHA-256 of every file it wrote in `checksums.json` (checked by every open and by `ensure_index`, so a damaged
segment is found, never served).  The folder the link pointed to before a build is kept as the last good copy
(`instance/index-last-good`, a link), served while a damaged index is built again.  The only files
that change in a live folder are its vectors (left out of the checksums: the embedding job (embedjob.py)
replaces them atomically as it computes them, and their reader checks them).
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import marshal
import math
import os
import re
import shutil
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

from whoosh import index as whoosh_index
from whoosh import scoring

from judge.config import corpus_dir as default_corpus_dir
from judge.config import index_dir, instance_dir as default_instance_dir
from judge.search import schema as S
from judge.messages import Message, Note, Said

if TYPE_CHECKING:
    from judge.corpus.model import Document, Passage
    from judge.search.query import RulesIndex

Progress = Callable[[int, int], None]
HASH_FILE = "content_hash"
IMPACTS_FILE = "impacts.marshal"
DOCUMENTS_FILE = "documents.json"
SOURCE_FILE = "source.json"      # the corpus folder the index was built from
CHECKSUMS_FILE = "checksums.json"  # {file name: [size, sha256]} of every other file of the folder
LAST_GOOD = "index-last-good"    # link beside `index`: the folder it pointed to before the last build
BUILD_LOCK = ".index-build.lock"  # in the instance folder
RULE_NUMBER = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?$")
# A rule whose whole text is this short and has no sentence end is a heading ("702.19. Trample").
_HEADING_MAX = 60
_HEADING_SPAN = 80   # rules under a heading for it to be inherited as a key


class IndexMissing(Said, RuntimeError):
    """No usable index in the instance folder (search.index.missing)."""

    def __init__(self, where: Path) -> None:
        super().__init__(Message("search.index.missing", path=str(where)))
        self.where = where


class EmbedModeError(Said, ValueError):
    """ensure_index called with an `embed` that is none of EMBED_MODES (a caller's mistake, said as a message)."""


class IndexCorrupt(IndexMissing):
    """An index folder whose files are not those its build wrote (a damaged, cut or missing file)."""

    def __init__(self, where: Path, problem: str) -> None:
        # a problem from `damage` carries its message: said in the language the error is said in
        Said.__init__(self, Message("search.index.corrupt", path=str(where), problem=getattr(problem, "message", problem)))
        self.where = where
        self.problem = problem


def _digest(path: Path) -> str:
    with open(path, "rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def write_checksums(folder: Path) -> None:
    """Record the size and SHA-256 of every file of a finished build (written last, so its presence means the
    build completed)."""
    from judge.search import vectorstore as store

    # The vectors are left out: the embedding job replaces them in the live folder as it computes them.
    skip = {CHECKSUMS_FILE, store.VECTORS_FILE, store.VECTORS_META}
    sums = {f.name: [f.stat().st_size, _digest(f)] for f in sorted(folder.iterdir())
            if f.is_file() and f.name not in skip and not f.name.endswith(".tmp")}
    tmp = folder / (CHECKSUMS_FILE + ".tmp")
    tmp.write_text(json.dumps(sums, indent=1), encoding="utf-8")
    os.replace(tmp, folder / CHECKSUMS_FILE)


def damage(folder: Path) -> Note | None:
    """What is wrong with an index folder's files, or None when each is exactly as its build wrote it.  A folder
    without checksums (a build that did not finish, or one made before they were recorded) counts as damaged.
    The problem is its Spanish line (a `Note`: a str) carrying its message (`search.damage.*`), which the lines
    that nest it say in their own language."""
    try:
        sums = json.loads((folder / CHECKSUMS_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Note(Message("search.damage.missing", name=CHECKSUMS_FILE))
    except (OSError, ValueError) as exc:
        return Note(Message("search.damage.unreadable", name=CHECKSUMS_FILE, error=exc.__class__.__name__))
    if not isinstance(sums, dict) or not sums:
        return Note(Message("search.damage.empty", name=CHECKSUMS_FILE))
    for name, expected in sorted(sums.items()):
        path = folder / name
        try:
            size = path.stat().st_size
            if [size, _digest(path)] != list(expected):
                return Note(Message("search.damage.changed_size", name=name, size=str(size), expected=str(expected[0]))
                            if size != expected[0] else Message("search.damage.changed", name=name))
        except FileNotFoundError:
            return Note(Message("search.damage.missing", name=name))
        except OSError as exc:
            return Note(Message("search.damage.unreadable", name=name, error=exc.__class__.__name__))
    return None


@contextlib.contextmanager
def build_lock(instance: Path) -> Iterator[None]:
    """One index build of an instance at a time, across the processes serving it (`judge index` and the app's
    background rebuild of a damaged index both take it)."""
    import fcntl

    instance.mkdir(parents=True, exist_ok=True)
    with open(instance / BUILD_LOCK, "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def last_good(instance: Path) -> Path | None:
    """The previous build's folder, if it is still there and undamaged."""
    link = instance / LAST_GOOD
    if not link.is_symlink():
        return None
    folder = link.resolve()
    return folder if folder.is_dir() and damage(folder) is None else None


def number_ancestors(number: str) -> list[str]:
    """The number and the rules that contain it: "702.19b" -> ["702.19b", "702.19", "702"]."""
    out = [number]
    n = number
    while True:
        if n[-1].isalpha():
            n = n[:-1]
        elif "." in n:
            n = n.split(".")[0]
        else:
            break
        out.append(n)
    return out


def is_heading(p: "Passage") -> bool:
    """A numbered passage that only names its rule ("Trample", "Debilitar.")."""
    return bool(p.number) and looks_like_heading(p.text)


def looks_like_heading(text: str) -> bool:
    text = text.strip()
    return (len(text) <= _HEADING_MAX and "\n" not in text and len(text.split()) <= 6
            and "." not in text.rstrip("."))


def _structure_keys(passages: list["Passage"], historical_docs: set[str]) -> dict[str, list[str]]:
    """Words each passage inherits from the documents' structure (per passage id):
    - the headings of the rules containing it ("702.19 Trample" gives "Trample" to 702.19a-g);
    - the CR glossary terms whose "See rule" points to it or to a rule containing it;
    - its section heading (FAQ notes, doce-vidas bullets), the short lead-in of its list, and, for card
      rulings, the card's name.
    """
    keys: dict[str, list[str]] = defaultdict(list)
    heading: dict[tuple[str, str], str] = {}   # (lang, number) -> heading text
    numbered: dict[tuple[str, str], list[Passage]] = defaultdict(list)  # (lang, ancestor) -> passages under it
    for p in passages:
        if p.number and p.doc not in historical_docs:
            if is_heading(p):
                heading[(p.lang, p.number)] = p.text.strip()
            for anc in number_ancestors(p.number):
                numbered[(p.lang, anc)].append(p)
    by_id = {p.id: p for p in passages}
    for p in passages:
        parent = by_id.get(p.parent) if p.parent else None
        # A list item inherits its short lead-in ("Cada jugador:" before "- Comienza con 12 vidas").
        if parent is not None and not parent.number and len(parent.text) <= 80:
            keys[p.id].append(parent.text.strip())
        if p.number and p.doc not in historical_docs:
            for anc in number_ancestors(p.number)[1:]:
                title = heading.get((p.lang, anc))
                # A heading shared by hundreds of rules ("702 Keyword Abilities") says nothing about one of
                # them; "121 Drawing a Card" or "702.19 Trample" does.
                if title and len(numbered[(p.lang, anc)]) <= _HEADING_SPAN:
                    keys[p.id].append(title)
        if p.section:
            keys[p.id].append(p.section.split(">")[-1].strip())
        if p.card and p.kind != "card":
            keys[p.id].append(p.card)
    for g in passages:
        if g.kind != "glossary" or not g.refs:
            continue
        targets = [t for ref in g.refs[:3] for t in numbered.get((g.lang, ref), [])]
        if len(targets) > 40:  # "See section 7": too broad to say anything about one rule
            continue
        for t in targets:
            keys[t.id].append(g.title)
    return keys


def passage_fields(p: "Passage", ruleset: str, keys: Iterable[str], historical: bool) -> dict[str, object]:
    lang = p.lang if p.lang in S.LANGS else "es"
    keys = list(dict.fromkeys(keys))
    title = p.title if not RULE_NUMBER.match(p.title.strip()) else ""
    fields: dict[str, object] = {
        S.ID_F: p.id, S.DOC: p.doc, S.RULESET: ruleset, S.LANG: lang, S.KIND: p.kind,
        S.TEXT_F: p.text, S.TITLE: p.title, S.SECTION: p.section, S.PARENT: p.parent or "",
        S.ORDER: p.order, S.DERIVED: bool(p.derived_number),
        S.body_field(lang): p.text,
        S.pairs_field(lang): p.text,
        S.title_field(lang): title,
        S.keys_field(lang): "\n".join(keys),
    }
    if p.number:
        fields[S.NUMBER] = p.number
        # A quotation of an older rules version (the 2008 FAQ) is found by today's number, not its own.
        current = p.current_number if historical else p.number
        if current:
            fields[S.NUMPATH] = " ".join(number_ancestors(current))
    elif p.current_number:
        fields[S.NUMPATH] = " ".join(number_ancestors(p.current_number))
    if p.card:
        fields[S.CARD] = p.card
        fields[S.CARD_KEY] = S.card_key(p.card)
    return fields


def build_index(corpus, index_path: Path, progress: Progress | None = None,  # type: ignore[no-untyped-def]
                semantic: bool | None = None, instance: Path | None = None,
                report: dict[str, object] | None = None) -> int:
    """Write a fresh index of every passage of `corpus` into the empty folder `index_path`; returns the count.

    The texts to embed are always written beside it (vectorstore.PLAN_FILE: switching the semantic search on
    later needs no rebuild).  With the semantic search on (`semantic`, else JUDGE_SEARCH_SEMANTIC), the vectors
    the cache of `instance` already has are published into the folder; the model is not loaded here: the
    embedding job (embedjob.py) computes the others once the index is in use.  `report` receives `indexed` (the
    passages written), `passages` (those with a vector), `cached`, `embedded` (0 here) and `skipped` (why there
    are no vectors: the semantic search off)."""
    from judge.search import semantic as sem
    from judge.search import vectorstore as store

    docs: list[Document] = list(corpus.documents.values() if isinstance(corpus.documents, dict) else corpus.documents)
    historical = {d.id for d in docs if getattr(d, "historical", False)}
    ruleset = {d.id: d.ruleset for d in docs}
    passages = [p for d in docs for p in d.passages]
    keys = _structure_keys(passages, historical)
    index_path.mkdir(parents=True, exist_ok=True)
    ix = whoosh_index.create_in(str(index_path), S.build_schema())
    writer = ix.writer(limitmb=256)
    count = len(passages)
    try:
        for n, p in enumerate(passages, 1):
            writer.add_document(**passage_fields(p, ruleset.get(p.doc, ""), keys.get(p.id, ()), p.doc in historical))
            if progress and (n % 200 == 0 or n == count):
                progress(n, count)
        writer.commit()
    except BaseException:
        writer.cancel()
        raise
    write_impacts(ix, index_path / IMPACTS_FILE)
    ix.close()
    texts = [sem.embedding_text(p, keys.get(p.id, ())) for p in passages]
    plan = store.write_plan(index_path, [p.id for p in passages], texts, [sem.text_key(t) for t in texts])
    stats: dict[str, object] = {"passages": 0, "embedded": 0, "cached": 0, "seconds": 0.0, "skipped": None}
    if sem.enabled(semantic):
        started = time.perf_counter()
        present = store.publish(index_path, sem.MODEL_ID, plan, store.read_cache(instance, sem.MODEL_ID))
        stats.update(passages=present, cached=present, seconds=round(time.perf_counter() - started, 3))
    else:
        stats.update(skipped=Message("search.skipped.off").render(), skipped_id="search.skipped.off")
    if report is not None:
        report.update(stats)
        report["indexed"] = count
    meta = {d.id: {"title": d.title, "language": d.language, "ruleset": d.ruleset,
                   "historical": bool(getattr(d, "historical", False))} for d in docs}
    (index_path / DOCUMENTS_FILE).write_text(json.dumps(meta, ensure_ascii=False, indent=1), encoding="utf-8")
    return count


def write_impacts(ix, path: Path) -> None:  # type: ignore[no-untyped-def]
    """Precompute, for every term of every scored field, the BM25 score (Whoosh's `scoring.bm25`, with the
    per-field B of `schema.field_B`) of each passage containing it.

    Questions are then answered term-at-a-time over these lists (query.py), which is several times faster in
    Python than letting Whoosh walk and score the postings of a 20-clause OR for every question.  The file is
    part of the index folder, so it is swapped with it and always matches it.
    """
    impacts: dict[str, dict[str, tuple[list[int], list[float]]]] = {}
    with ix.searcher(weighting=S.weighting()) as searcher:
        reader = searcher.reader()
        for field in S.SCORED_FIELDS:
            per_term: dict[str, tuple[list[int], list[float]]] = {}
            if field in reader.indexed_field_names():
                B, K1 = S.field_B(field), S.BM25_K1
                lengths = [reader.doc_field_length(d, field, 0) for d in range(reader.doc_count_all())]
                # The collection statistics are those of the passages that have the field: a Spanish body is
                # scored among Spanish bodies, so importing the English CR does not change Spanish scores
                # (Whoosh would count every passage, and the average Spanish length would fall eightfold).
                having = [n for n in lengths if n] or [1]
                field_docs, avgfl = len(having), sum(having) / len(having)
                for text in reader.lexicon(field):
                    m = reader.postings(field, text)
                    postings: list[tuple[int, float]] = []
                    while m.is_active():
                        postings.append((m.id(), m.weight()))
                        m.next()
                    idf = math.log(field_docs / (len(postings) + 1)) + 1   # Whoosh's idf, over those passages
                    ids = [d for d, _ in postings]
                    scores = [round(scoring.bm25(idf, w, lengths[d] or 1, avgfl, B, K1), 5) for d, w in postings]
                    per_term[text.decode("utf-8") if isinstance(text, bytes) else text] = (ids, scores)
            impacts[field] = per_term
    with open(path, "wb") as fh:
        marshal.dump(impacts, fh)


def read_documents(folder: Path) -> dict[str, dict[str, str]]:
    """The indexed documents: id -> {"title", "language", "ruleset", "historical"}."""
    return json.loads((folder / DOCUMENTS_FILE).read_text(encoding="utf-8"))


def built_from(folder: Path) -> Path | None:
    """The corpus folder an index was built from, if recorded and still there."""
    try:
        path = Path(json.loads((folder / SOURCE_FILE).read_text(encoding="utf-8"))["corpus_dir"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return path if path.is_dir() else None


def read_impacts(folder: Path) -> dict[str, dict[str, tuple[list[int], list[float]]]]:
    with open(folder / IMPACTS_FILE, "rb") as fh:
        return marshal.load(fh)


def recorded_hash(instance: Path) -> str | None:
    path = index_dir(instance) / HASH_FILE
    try:
        return path.read_text(encoding="utf-8").strip()
    except OSError:
        return None


def _stamp(corpus) -> str:  # type: ignore[no-untyped-def]
    return f"{S.SCHEMA_VERSION}:{corpus.content_hash()}"


def write_index(corpus, instance: Path, progress: Progress | None = None,  # type: ignore[no-untyped-def]
                corpus_dir: Path | None = None, semantic: bool | None = None,
                report: dict[str, object] | None = None) -> int:
    """Build into a new folder beside the live one, then swap the `index` link atomically.  `corpus_dir` is
    recorded so that opening the index later finds the same corpus folder's glossary."""
    instance.mkdir(parents=True, exist_ok=True)
    stamp = _stamp(corpus)
    folder = Path(tempfile.mkdtemp(prefix=f"index-{stamp.split(':')[-1][:12]}-", dir=instance))
    folder.chmod(0o755)  # mkdtemp makes it private; the web app may run as another user
    try:
        count = build_index(corpus, folder, progress, semantic=semantic, instance=instance, report=report)
        if corpus_dir is not None:
            (folder / SOURCE_FILE).write_text(json.dumps({"corpus_dir": str(Path(corpus_dir).resolve())}),
                                              encoding="utf-8")
        (folder / HASH_FILE).write_text(stamp + "\n", encoding="utf-8")
        write_checksums(folder)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    link = index_dir(instance)
    old_target = link.resolve() if link.is_symlink() else None
    if link.exists() and not link.is_symlink():
        shutil.rmtree(link)  # a plain folder from an older layout
    _swap_link(instance, link, folder.name)
    # Readers that still hold the old index keep their open files (POSIX); new readers see the new one.  The old
    # folder becomes the last good copy if it is undamaged; the copy before it goes.
    previous = last_good(instance)
    if old_target is not None and old_target != folder.resolve() and old_target.is_dir() \
            and damage(old_target) is None:
        _swap_link(instance, instance / LAST_GOOD, old_target.name)
        if previous is not None and previous not in (old_target, folder.resolve()):
            shutil.rmtree(previous, ignore_errors=True)
    elif old_target is not None and old_target != folder.resolve():
        shutil.rmtree(old_target, ignore_errors=True)
    _remove_abandoned(instance, keep=folder)
    return count


def _swap_link(instance: Path, link: Path, target_name: str) -> None:
    tmp_link = instance / f".index-link-{os.getpid()}-{time.monotonic_ns()}"
    os.symlink(target_name, tmp_link)  # relative, so the instance folder can be moved
    os.replace(tmp_link, link)


def _remove_abandoned(instance: Path, keep: Path, min_age_s: float = 600.0) -> None:
    """Folders of builds that crashed or lost the race; young ones may be another process's build in progress."""
    now = time.time()
    kept = {keep.resolve()} | ({(instance / LAST_GOOD).resolve()} if (instance / LAST_GOOD).is_symlink() else set())
    for path in instance.glob("index-*"):
        try:
            if path.is_symlink():
                continue
            if path.is_dir() and path.resolve() not in kept and now - path.stat().st_mtime > min_age_s:
                shutil.rmtree(path, ignore_errors=True)
        except OSError:
            continue


def is_complete(folder: Path) -> bool:
    """A whole, undamaged index: the Whoosh segment and the files built beside it, each as its build wrote it
    (an index built before the texts to embed were written beside it is rebuilt once: the cache keeps that
    cheap)."""
    from judge.search import vectorstore as store

    return (whoosh_index.exists_in(str(folder)) and (folder / IMPACTS_FILE).is_file()
            and (folder / DOCUMENTS_FILE).is_file() and store.has_plan(folder)
            and damage(folder.resolve()) is None)


EMBED_MODES = ("wait", "background", "none")


def ensure_index(corpus_dir: Path | None = None, instance_dir: Path | None = None, force: bool = False,
                 progress: Progress | None = None, semantic: bool | None = None,
                 report: dict[str, object] | None = None, embed: str = "wait") -> bool:
    """Build the index of the corpus (`corpus_dir` plus the documents imported into `instance_dir`) unless the
    one on disk was built from the same content hash.  Returns True when it built.

    With the semantic search on, the passages' vectors the index still lacks are then computed according to
    `embed`: "wait" embeds them here (after the lexical index is swapped in, so other processes search it
    meanwhile), "background" starts the embedding job in its own process (embedjob.start_background) and
    returns at once, "none" leaves them to someone else.  `report` receives the passages indexed and the
    embedding figures (build_index; with "wait", what the job computed; with "background", `background` and
    `missing`, the passages left to it)."""
    from judge.corpus import load_corpus

    if embed not in EMBED_MODES:
        raise EmbedModeError(Message("search.index.embed_mode", mode=repr(embed), modes=str(EMBED_MODES)))
    cdir = Path(corpus_dir) if corpus_dir is not None else default_corpus_dir()
    inst = Path(instance_dir) if instance_dir is not None else default_instance_dir()
    corpus = load_corpus(cdir, inst)
    built = False
    if force or recorded_hash(inst) != _stamp(corpus) or not is_complete(index_dir(inst)):
        write_index(corpus, inst, progress, corpus_dir=cdir, semantic=semantic, report=report)
        built = True
    _complete_vectors(inst, semantic, embed, progress, report)
    return built


def _complete_vectors(inst: Path, semantic: bool | None, embed: str, progress: Progress | None,
                      report: dict[str, object] | None) -> None:
    """The vectors the live index lacks, as `embed` says (ensure_index)."""
    from judge.search import embedjob
    from judge.search import semantic as sem
    from judge.search import vectorstore as store

    folder = index_dir(inst).resolve()
    if embed == "none" or not sem.enabled(semantic) or store.has_vectors(folder, sem.MODEL_ID):
        return
    if embed == "background":
        meta = store.read_meta(folder) or {}
        started = embedjob.start_background(inst)
        if report is not None:
            report.update(background=True, started=started,
                          missing=int(meta.get("total", 0)) - int(meta.get("present", 0)))
        return
    indexed = int(report.get("indexed", 0)) if report else 0   # type: ignore[call-overload]
    job = embedjob.run(inst, progress=(lambda done, total: progress(indexed + done, indexed + total))
                       if progress else None)
    if report is not None and job is not None:
        report.update(passages=job.present, embedded=job.embedded, skipped=job.skipped, skipped_id=job.skipped_id,
                      seconds=round(float(report.get("seconds", 0.0)) + job.seconds, 3))  # type: ignore[arg-type]
        if "cached" not in report:
            report["cached"] = job.cached


def open_index(instance_dir: Path | None = None, corpus_dir: Path | None = None,
               semantic: bool | None = None) -> "RulesIndex":
    """The index of the instance, opened read-only.  Raises IndexMissing when there is none.  `semantic`
    overrides JUDGE_SEARCH_SEMANTIC."""
    from judge.search.query import RulesIndex

    inst = Path(instance_dir) if instance_dir is not None else default_instance_dir()
    return RulesIndex(inst, corpus_dir=Path(corpus_dir) if corpus_dir is not None else None, semantic=semantic)
