"""The registry of rulesets: one list, looked up by id."""
from __future__ import annotations

from judge.engine.errors import UnknownRuleset
from judge.engine.rulesets.base import Ruleset
from judge.engine.rulesets.doce_vidas import DoceVidas
from judge.engine.rulesets.magic import Magic

RULESETS: list[type[Ruleset]] = [DoceVidas, Magic]


def get_ruleset(ruleset_id: str) -> type[Ruleset]:
    """The registered ruleset with this id; UnknownRuleset (a KeyError) if none."""
    for ruleset in RULESETS:
        if ruleset.id == ruleset_id:
            return ruleset
    raise UnknownRuleset(f"reglamento desconocido «{ruleset_id}»; registrados: {', '.join(r.id for r in RULESETS)}")


__all__ = ["RULESETS", "Ruleset", "get_ruleset"]
