"""`judge cards --ruleset magic [--json]`: the catalog's cards, whether the engine models each one, and the text
it does not model (what a scenario using that card flags in its trace)."""
from __future__ import annotations

import json
from typing import Any

import click


def unmodelled_text(card: Any) -> list[str]:
    """The card's printed text the engine does not model, line by line, then each unmodelled keyword: what a
    scenario using the card flags in its trace (CardDef.text, CardDef.unmodelled_keywords)."""
    return [line for line in card.text.split("\n") if line] + [f"{k} (palabra clave)"
                                                              for k in card.unmodelled_keywords]


def status(name: str) -> dict[str, Any] | None:
    """`{"ruleset", "name", "modelled", "unmodelled"}` for a card of the magic catalog (its printed name), None for
    a card the catalog does not have. Shared by `judge cards` and the card pages."""
    from judge.scenarios.cards import magic_catalog as catalog

    entry = catalog().get(name)
    if entry is None:
        return None
    return {"ruleset": "magic", "name": name, "modelled": entry.modelled, "unmodelled": unmodelled_text(entry.card)}


@click.command("cards")
@click.option("--ruleset", type=click.Choice(["magic"]), default="magic", show_default=True,
              help="The ruleset whose card catalog to list.")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def cards_cmd(ruleset: str, as_json: bool) -> None:
    """List every catalog card with `modelled: true|false` and the text the engine does not model."""
    from judge.scenarios.cards import magic_catalog as catalog
    from judge.engine.rulesets.magic.mana import cost_text

    rows = []
    for name, entry in sorted(catalog().items()):
        card = entry.card
        unmodelled = unmodelled_text(card)
        rows.append({"name": name, "mana_cost": cost_text(card.mana_cost), "type_line": card.type_line(),
                     "modelled": entry.modelled, "unmodelled": unmodelled, "passage": entry.passage_id or None})
    if as_json:
        click.echo(json.dumps({"ruleset": ruleset, "cards": rows}, ensure_ascii=False, indent=2))
        return
    for row in rows:
        mark = "modelada" if row["modelled"] else "NO modelada del todo"
        click.echo(f"{row['name']} {row['mana_cost']} — {row['type_line']}: {mark}")
        for line in row["unmodelled"]:
            click.echo(f"    sin modelar: {line}")
    done = sum(r["modelled"] for r in rows)
    click.echo(f"{done} de {len(rows)} cartas modeladas del todo")
