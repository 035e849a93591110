"""`judge corpus import PATH`, `judge corpus list`, `status`, `diff` and `impact`.

Heavy imports stay inside the commands so `judge --help` stays fast. What they print is said in `--lang` (Spanish
by default) through judge/cli_messages.py.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import click

from judge.cli_messages import lang_option, say
from judge.messages import Message, error_text, said_or_text

EXIT_BAD_INPUT = 2


def _fail(message: str) -> NoReturn:
    # One clear line on stderr and exit 2: bad input is never a traceback.
    click.echo(f"error: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


@click.group()
def corpus() -> None:
    """Documents of the corpus: list them, import the official Comprehensive Rules."""


@corpus.command("import")
@click.argument("path", type=click.Path(path_type=Path, dir_okay=True))
@click.option("--force", is_flag=True,
              help="Replace the loaded version even if it is newer or the same (or its file is damaged).")
@click.option("--index/--no-index", "rebuild_index", default=True, show_default=True,
              help="Rebuild the search index after the import (it is stale once the corpus changes).")
@click.option("--wait", is_flag=True,
              help="Compute the new passages' vectors before returning, instead of in the background.")
@lang_option
def import_cmd(path: Path, force: bool, rebuild_index: bool, wait: bool, lang: str) -> None:
    """Import the official Comprehensive Rules text file (MagicCompRules_EN_<date>.txt) into the instance.

    A newer file replaces the version loaded; the same version again is left alone; an older one is refused
    unless --force.  The rebuilt index searches lexically at once; the semantic search's vectors are computed in
    the background (`judge corpus status`) unless --wait.  JUDGE_INSTANCE=DIR selects the instance folder.
    """
    from judge.config import instance_dir
    from judge.corpus.cr_en import PARSER, CRFormatError, CRStats, parse_cr_file
    from judge.corpus.importer import ImportedFileError, ImportRefused, save_document

    try:
        doc = parse_cr_file(path)
    except CRFormatError as exc:
        _fail(error_text(exc, lang))
    except OSError as exc:
        _fail(say(lang, "cli.corpus.unreadable", path=path, error=exc.strerror or exc))
    stats = CRStats.of(doc)
    if stats.rules == 0:
        _fail(say(lang, "cli.corpus.no_rules", name=path.name))
    instance = instance_dir()
    try:
        outcome = save_document(instance, doc, parser=PARSER, force=force)
    except ImportRefused as exc:
        _fail(error_text(exc, lang))
    except ImportedFileError as exc:
        _fail(say(lang, "cli.corpus.force_hint", error=said_or_text(exc)))
    except OSError as exc:
        _fail(say(lang, "cli.corpus.unwritable", path=instance, error=exc.strerror or exc))

    if outcome.action == "unchanged":
        click.echo(say(lang, "cli.corpus.unchanged", version=doc.version, doc=doc.id))
        if rebuild_index:
            _refresh_index(instance, wait, lang)    # an earlier --no-index import may have left the index behind
        return
    previous = outcome.previous_version
    if outcome.action == "replaced":
        click.echo(say(lang, "cli.corpus.replaced", previous=previous, version=doc.version, doc=doc.id))
    elif outcome.action == "reparsed":
        click.echo(say(lang, "cli.corpus.reparsed", version=doc.version))
    elif outcome.action == "forced":
        kept = bool(previous and previous != doc.version)
        click.echo(say(lang, "cli.corpus.forced_kept" if kept else "cli.corpus.forced", previous=previous,
                       version=doc.version, doc=doc.id))
    click.echo(say(lang, "cli.corpus.imported", title=doc.title, doc=doc.id, version=doc.version,
                   label=doc.version_label))
    click.echo(say(lang, "cli.corpus.stats", rules=stats.rules, headings=stats.headings, sections=stats.sections,
                   glossary=stats.glossary, examples=stats.examples))
    click.echo(say(lang, "cli.corpus.saved_in", path=outcome.path))
    if rebuild_index:
        _refresh_index(instance, wait, lang)
    else:
        click.echo(say(lang, "cli.index.stale"))


def _refresh_index(instance: Path, wait: bool = False, lang: str = "es") -> None:
    """The corpus changed, so the search index is stale: rebuild it when the search side is there (lexical at
    once; the vectors here with `wait`, else in the background)."""
    try:
        from judge.search.building import echo_vectors
        from judge.search.index import ensure_index
    except ImportError:
        click.echo(say(lang, "cli.index.stale"))
        return
    bar = None

    def progress(done: int, total: int) -> None:
        nonlocal bar     # the bar appears only when the index is really rebuilt (it takes a few seconds)
        if bar is None:
            bar = click.progressbar(length=total, label=say(lang, "cli.index.progress"), show_eta=False)
        bar.update(done - bar.pos)

    report: dict[str, object] = {}
    try:
        built = ensure_index(instance_dir=instance, progress=progress, report=report,
                             embed="wait" if wait else "background")
    except Exception as exc:  # noqa: BLE001 - the import itself succeeded; say why the index did not follow
        click.echo(say(lang, "cli.index.not_rebuilt", error=f"{type(exc).__name__}: {exc}"), err=True)
        return
    finally:
        if bar is not None:
            bar.render_finish()
    click.echo(say(lang, "cli.index.rebuilt" if built else "cli.index.up_to_date"))
    echo_vectors(report, lang)


# The vectors' states (judge.search.embedjob.status) that have a line of their own: `cli.status.<state>`.
_STATES = ("complete", "running", "pending", "failed", "off", "no-index")


@corpus.command("status")
@click.option("--json", "as_json", is_flag=True, help="Print the status as JSON.")
@lang_option
def status_cmd(as_json: bool, lang: str) -> None:
    """The search index of the instance and the progress of its semantic vectors (computed in the background
    after `judge corpus import` or `judge index`)."""
    import json

    from judge.config import instance_dir
    from judge.search.embedjob import status

    found = status(instance_dir())
    if as_json:
        click.echo(json.dumps(found, ensure_ascii=False, indent=2))
        return
    index, sem = found["index"], found["semantic"]
    if index is None:
        click.echo(say(lang, "cli.status.no_index", path=instance_dir()))
    elif index.get("passages") is not None:
        click.echo(say(lang, "cli.status.index_passages", folder=index["folder"], passages=index["passages"]))
    else:
        click.echo(say(lang, "cli.status.index", folder=index["folder"]))
    state = say(lang, f"cli.status.{sem['state']}") if sem["state"] in _STATES else sem["state"]
    line = say(lang, "cli.status.vectors", model=sem["model"], present=sem["present"], total=sem["total"],
               percent=sem["percent"], state=state)
    if sem["state"] in ("off", "no-index"):
        line = say(lang, "cli.status.vectors_state", state=state)
    if sem.get("rate"):
        line += say(lang, "cli.status.rate", rate=sem["rate"], eta=_duration(sem["eta_s"]), pid=sem["pid"])
    if sem.get("error"):
        said = sem.get("error_message")         # the job's reason as a message (embedjob), else its Spanish text
        line += f": {Message.from_json(said).render(lang) if said else sem['error']}"
    click.echo(line)


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "?"
    return f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.0f} min"


@corpus.command("list")
@lang_option
def list_cmd(lang: str) -> None:
    """List the loaded documents: id, language, version, passages (imported ones marked), and under an imported
    document the older versions kept beside it (`cr-en@<date>`, judge corpus import)."""
    from judge.corpus import CorpusError, load_corpus

    try:
        corpus_ = load_corpus()
    except (CorpusError, OSError) as exc:
        _fail(error_text(exc, lang))
    documents = list(corpus_.documents.values())
    if not documents:
        click.echo(say(lang, "cli.list.none"))
        return
    kept = {d.id: [v for v in corpus_.versions(d.id) if v is not d] for d in documents}
    width = max([len(d.id) for d in documents] + [len(v.id) for vs in kept.values() for v in vs])
    for d in documents:
        mark = say(lang, "cli.list.imported") if d.imported else ""
        if kept[d.id]:
            mark += say(lang, "cli.list.current_of", count=len(kept[d.id]) + 1)
        click.echo(say(lang, "cli.list.document", id=d.id.ljust(width), language=d.language, version=d.version,
                       passages=len(d.passages), mark=mark, title=d.title))
        for v in reversed(kept[d.id]):       # newest first, under the current one
            click.echo(say(lang, "cli.list.kept", id=v.id.ljust(width), language=v.language, version=v.version,
                           passages=len(v.passages), current=d.version))


def _resolve_version(corpus, spec: str, problems: list[str], lang: str = "es"):  # type: ignore[no-untyped-def]
    """A loaded version of cr-en by its date ("2026-04-17", "cr-en@2026-04-17") or a CR file by its path."""
    from judge.corpus.cr_en import DOC_ID, CRFormatError, parse_cr_file

    path = Path(spec)
    if path.is_file():
        try:
            return parse_cr_file(path)
        except CRFormatError as exc:
            problems.append(error_text(exc, lang))
            return None
    version = spec.removeprefix(f"{DOC_ID}@")
    doc = corpus.version(DOC_ID, version) if corpus is not None else None
    if doc is None:
        loaded = ", ".join(d.version for d in corpus.versions(DOC_ID)) if corpus is not None else ""
        problems.append(say(lang, "cli.diff.not_a_version", spec=spec, doc=DOC_ID,
                            loaded=loaded or say(lang, "cli.diff.none_loaded")))
    return doc


def pick_versions(corpus, old: str | None, new: str | None, lang: str = "es"):  # type: ignore[no-untyped-def]
    """The two documents `judge corpus diff` compares: no argument, the two newest loaded versions; one, that
    version (or file) against the current one; two, those.  ValueError with every problem at once (in `lang`)."""
    from judge.corpus.cr_en import DOC_ID

    problems: list[str] = []
    if old is None:
        versions = corpus.versions(DOC_ID)
        if len(versions) < 2:
            raise ValueError(say(lang, "cli.diff.need_two", count=len(versions), doc=DOC_ID))
        return versions[-2], versions[-1]
    first = _resolve_version(corpus, old, problems, lang)
    if new is None:
        second = corpus.documents.get(DOC_ID)
        if second is None:
            problems.append(say(lang, "cli.diff.not_imported", doc=DOC_ID))
        elif first is not None and Path(old).is_file():
            first, second = second, first      # a file not yet imported: what would change if it were
    else:
        second = _resolve_version(corpus, new, problems, lang)
    if problems:
        raise ValueError("; ".join(problems))
    return first, second


@corpus.command("diff")
@click.argument("old", required=False)
@click.argument("new", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the changes as JSON.")
@lang_option
def diff_cmd(old: str | None, new: str | None, as_json: bool, lang: str) -> None:
    """What changed between two Comprehensive Rules versions: rules added, removed, renumbered, reworded, and
    the glossary.  OLD/NEW are loaded versions (2026-04-17) or CR files; with none, the two newest loaded; with
    a file only, the current version against it (what importing it would change)."""
    import json

    from judge.corpus import CorpusError, load_corpus
    from judge.corpus.diff import diff_documents

    try:
        corpus_ = load_corpus()
        first, second = pick_versions(corpus_, old, new, lang)
    except (CorpusError, OSError, ValueError) as exc:
        _fail(error_text(exc, lang))
    result = diff_documents(first, second)
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False, indent=1))
        return
    counts = ", ".join(f"{n} {k}" for k, n in sorted(result.counts().items()))   # the change kinds, as in the JSON
    click.echo(say(lang, "cli.diff.head", old=first.version, new=second.version,
                   counts=counts or say(lang, "cli.diff.no_changes")))
    for c in result.rules:
        name = {"added": f"+ {c.new}", "removed": f"- {c.old}", "renumbered": f"~ {c.old} → {c.new}",
                "reworded": f"* {c.old}"}[c.kind]
        click.echo(f"{name}  ({c.kind})")
        for w in c.words:
            if w.op != "=":
                click.echo(f"    {w.op} {w.text}")
    for c in result.glossary:
        click.echo(say(lang, "cli.diff.glossary", kind=c.kind, term=c.old or c.new))
        for w in c.words:
            if w.op != "=":
                click.echo(f"    {w.op} {w.text}")


# The rule change kinds and the re-run's changed parts with a word of their own (cli.impact.kind.*, .changed.*).
_KINDS = ("reworded", "renumbered", "removed")
_CHANGED = ("verdict", "trace", "citations")


@corpus.command("impact")
@click.argument("file", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the affected scenarios as JSON.")
@click.option("--rerun/--no-rerun", default=True, show_default=True,
              help="Run the affected scenarios again (--no-rerun: only list them).")
@lang_option
def impact_cmd(file: str | None, as_json: bool, rerun: bool, lang: str) -> None:
    """Which curated and saved scenarios cite a rule that changed, and what re-running them shows.  No FILE:
    the newest loaded version against the one before; FILE, a CR file not imported: what importing it would
    change (nothing is imported); FILE may also be a loaded version (2026-04-17), compared with the current."""
    import json

    from judge import create_app, store
    from judge.config import instance_dir
    from judge.corpus import CorpusError, load_corpus
    from judge.web.impact import diff_of, saved_inputs, scenarios_impact
    from judge.runner.impact import rerun_said

    try:
        corpus_ = load_corpus()
        first, second = pick_versions(corpus_, file, None, lang)
    except (CorpusError, OSError, ValueError) as exc:
        _fail(error_text(exc, lang))
    app = create_app()
    try:
        engine = store.engine(app) if store.created(app) else None   # no database yet: no saved scenario
    except Exception as exc:  # noqa: BLE001 - a database down: one line, exit 2, never a traceback
        _fail(say(lang, "cli.impact.db_down", error=str(exc).splitlines()[0] if str(exc) else exc))
    result = scenarios_impact(diff_of(corpus_, first, second), second, instance_dir(),
                              lambda numbers: saved_inputs(engine, numbers), rerun=rerun)
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False, indent=1))
        return
    data = result.to_json()
    checked = data["checked"]
    click.echo(say(lang, "cli.impact.head_changed" if rerun else "cli.impact.head", old=data["old_version"],
                   new=data["new_version"], affected=data["affected"], curated=checked["curated"],
                   saved=checked["saved"], changed=data["changed"]))
    if rerun and data["affected"]:
        click.echo(say(lang, "cli.impact.same_engine"))
    for a in data["scenarios"]:
        mark = "!" if a["changed"] else "*"
        where = say(lang, "cli.impact.curated" if a["source"] == "curated" else "cli.impact.saved")
        click.echo(f"{mark} {a['ruleset']}/{a['name']} ({where}) «{a['title']}»  {a['url']}")
        if a["source"] == "saved" and a["rules_version"] is not None:
            click.echo(say(lang, "cli.impact.run_with",
                           version=a["rules_version"] or say(lang, "cli.impact.none_imported")))
        elif a["source"] == "saved":
            click.echo(say(lang, "cli.impact.before_versions"))
        for c in a["rules"]:
            steps = say(lang, "cli.impact.steps", steps=", ".join(map(str, c["steps"]))) if c["steps"] else ""
            moved = f" → {c['new']}" if c["new"] else ""
            kind = say(lang, f"cli.impact.kind.{c['kind']}") if c["kind"] in _KINDS else c["kind"]
            click.echo(f"    {c['number']} {kind}{moved}{steps}")
        r = a["rerun"]
        if r is None:
            continue
        verdict, errors = rerun_said(r, lang)
        if r["ok"] is None:
            click.echo(say(lang, "cli.impact.unrunnable", errors="; ".join(errors)))
            continue
        same = say(lang, "cli.impact.changed", what=", ".join(
            say(lang, f"cli.impact.changed.{w}") if w in _CHANGED else w for w in r["changed"])) \
            if r["changed"] else say(lang, "cli.impact.same")
        click.echo(say(lang, "cli.impact.rerun", verdict=verdict, same=same))
        if r["missing"]:
            click.echo(say(lang, "cli.impact.missing", version=data["new_version"], passages=", ".join(r["missing"])))
