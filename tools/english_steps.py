"""How much Spanish is left in the English step texts (issue 17): every curated scenario is run, each step's text is
rendered in English as `?lang=en` and `judge run --lang en` show it (judge.messages.localize_step), and its words
are looked up in a frozen list of Spanish words (tools/spanish_words.txt, how it was made is said in its head).
The same for the steps' event lines, as the run page shows them in English (judge.runner.render.event_text: the
runner.event.* messages, one for every event kind a ruleset declares; a kind no ruleset declares lists its fields:
their keys, «delta=», are the engine's identifiers, masked like ids).

    python tools/english_steps.py                 # steps, steps with a Spanish word (share), words, top words
    python tools/english_steps.py --examples 20   # and that many step texts that still hold one, with the words
    python tools/english_steps.py --ruleset magic # one ruleset only

What is the card's own is not counted: a card's name, an object id and a player's name are the scenario's (taken
from every board of the run: each object's `card` and `id`, every player's `name`, and the scenario's own card names),
masked before the words are read (and the passage ids an expectation names, «cr-es/121.4»), longest first so «Osos pardos» goes before «Osos». A printed text quoted in a step
is the card's own too: the engine quotes one only in an unmodelled note, which is not the step's text (`unmodelled`
is a list apart), so nothing else is masked; a «…» the engine writes (an ability's cost and effects) is its own
text and is counted.
"""
from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
WORD = re.compile(r"[a-záéíóúñü]+", re.IGNORECASE)
FIELD_KEY = re.compile(r"\b\w+=")        # an event's field key in the line of an undeclared kind
PASSAGE = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)*(?:/[\w.-]+)+")     # a cited passage id (cr-es/121.4): no words


def spanish_words(path: Path = ROOT / "tools" / "spanish_words.txt") -> frozenset[str]:
    return frozenset(line.strip() for line in path.read_text(encoding="utf-8").splitlines()
                     if line.strip() and not line.startswith("#"))


def _names(step: dict[str, Any], extra: set[str]) -> set[str]:
    """The names a step's text may hold that are the scenario's own: players, objects' ids and card names."""
    names = set(extra)
    board = step.get("board") or {}
    for player in board.get("players") or ():
        names.add(str(player.get("name", "")))
        for zone in ("library", "hand", "graveyard", "exile", "battlefield", "deck", "discard", "field"):
            for o in player.get(zone) or ():
                if isinstance(o, dict):
                    names.update(str(o.get(k, "")) for k in ("id", "card", "name"))
    for o in board.get("stack") or ():
        if isinstance(o, dict):
            names.update(str(o.get(k, "")) for k in ("id", "card", "name"))
    names.discard("")
    return names


def masked(text: str, names: set[str]) -> str:
    text = PASSAGE.sub(" ", text)
    for name in sorted(names, key=len, reverse=True):
        if name in text:
            text = text.replace(name, " ")
    return text


def scenario_names(scenario: Any) -> set[str]:
    """Card and player names a loaded scenario declares (its setup), besides what the boards show."""
    out: set[str] = set()
    setup = getattr(scenario, "setup", None)
    found: list[Any] = [setup]
    while found:               # the setup is plain data of dicts and lists: gather every name-ish string in it
        v = found.pop()
        if isinstance(v, dict):
            for k, x in v.items():
                if k in ("name", "card", "id", "player") and isinstance(x, str):
                    out.add(x)
                elif isinstance(x, (dict, list, tuple)):
                    found.append(x)
            out.update(str(k) for k in v if isinstance(k, str) and k[:1].isupper())
        elif isinstance(v, (list, tuple)):
            found.extend(v)
        elif hasattr(v, "__dict__"):
            found.append(vars(v))
    return out


def measure(rulesets: tuple[str, ...] = ("magic", "doce-vidas")) -> dict[str, Any]:
    from judge.engine import run_scenario
    from judge.messages import localize_step
    from judge.runner.render import event_text
    from judge.scenarios import load_scenario

    words = spanish_words()
    steps = with_spanish = n_words = n_spanish = 0
    events = events_spanish = 0
    top: Counter[str] = Counter()
    examples: list[tuple[str, str, list[str]]] = []
    event_examples: list[tuple[str, str, list[str]]] = []
    for ruleset in rulesets:
        for path in sorted((ROOT / "scenarios" / ruleset).rglob("*.yaml")):
            scenario = load_scenario(path)
            own = scenario_names(scenario)
            trace = run_scenario(scenario).to_json()["steps"]
            for step in trace:              # every board of the run: an object gone since keeps its id and name
                own = _names(step, own)
            for step in trace:
                text = localize_step(step, "en")["summary"]
                found = [w.lower() for w in WORD.findall(masked(text, own))]
                spanish = [w for w in found if w in words]
                steps += 1
                n_words += len(found)
                n_spanish += len(spanish)
                if spanish:
                    with_spanish += 1
                    top.update(spanish)
                    examples.append((str(path.relative_to(ROOT / "scenarios")), text, spanish))
                for event in step.get("events") or ():
                    line = event_text(event, "en")
                    spanish = [w.lower() for w in WORD.findall(FIELD_KEY.sub(" ", masked(line, own)))
                               if w.lower() in words]
                    events += 1
                    if spanish:
                        events_spanish += 1
                        event_examples.append((str(path.relative_to(ROOT / "scenarios")), line, spanish))
    return {"steps": steps, "with_spanish": with_spanish, "words": n_words, "spanish": n_spanish,
            "top": top, "examples": examples, "events": events, "events_with_spanish": events_spanish,
            "event_examples": event_examples}


def main(argv: list[str]) -> int:
    rulesets = ("magic", "doce-vidas")
    if "--ruleset" in argv:
        rulesets = (argv[argv.index("--ruleset") + 1],)
    shown = int(argv[argv.index("--examples") + 1]) if "--examples" in argv else 0
    m = measure(rulesets)
    share = 100 * m["with_spanish"] / max(m["steps"], 1)
    print(f"{'+'.join(rulesets)}: {m['steps']} steps, {m['with_spanish']} English step texts with a Spanish word "
          f"({share:.1f} %); {m['spanish']} Spanish words of {m['words']} ({100 * m['spanish'] / max(m['words'], 1):.2f} %)")
    if m["top"]:
        print("  most found: " + ", ".join(f"{w} {n}" for w, n in m["top"].most_common(25)))
    for where, text, spanish in m["examples"][:shown]:
        print(f"  {where}: {text}\n      [{', '.join(spanish)}]")
    share = 100 * m["events_with_spanish"] / max(m["events"], 1)
    print(f"  events: {m['events']} lines, {m['events_with_spanish']} English event lines with a Spanish word "
          f"({share:.1f} %)")
    for where, text, spanish in m["event_examples"][:shown]:
        print(f"  {where}: {text}\n      [{', '.join(spanish)}]")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
