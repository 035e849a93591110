"""The actions a player takes with priority: cast (601), activate (602), mana abilities (605), play a land
(116.2a, 305), pass (117.3d, 117.4) and pass until a step. Each checks the rules before it changes anything; a
cost that can't be paid after targets were chosen reverses the whole action (733.1)."""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from judge.engine.errors import IllegalAction
from judge.engine.rulesets.magic import core, layers, turn
from judge.engine.rulesets.magic.actions import Activate, Cast, Mana, Pass, PassUntil, PlayLand
from judge.engine.rulesets.magic.cards import Activated
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.effects import (count_problem, distinct_problem, expand_specs, legal_target,
                                                 resolve_top, run_effects)
from judge.engine.rulesets.magic.mana import cost_text, pay, pool_text
from judge.engine.rulesets.magic.state import STEP_NAMES, STEPS, MagicObject, MagicState, StackItem
from judge.engine.step import Event, Step

MAIN = ("main1", "main2")


def _priority(state: MagicState, who: str, what: str) -> None:
    core.require(state.priority == who, f"{who} no tiene la prioridad (la tiene {state.priority or 'nadie'}): no "
                 f"puede {what}", "117.1", "117.3")


def _find_in(objs: Sequence[MagicObject], ref: str) -> MagicObject | None:
    for o in objs:
        if o.id == ref or o.base == ref:
            return o
    for o in objs:
        if o.card == ref:
            return o
    return None


def _sorcery_timing(state: MagicState, who: str) -> bool:
    return state.active == who and state.phase in MAIN and not state.stack


def _tap_for_mana(state: MagicState, out: list[Step], who: str, refs: Sequence[str], why: str) -> None:
    """605.3a: activate the mana abilities of these permanents (each {T}: add mana)."""
    for ref in refs:
        o = _find_in(state.player(who).zones["battlefield"], ref)
        core.require(o is not None, f"«{ref}» no es un permanente que {who} controle", "605.1a")
        assert o is not None
        ab = next((a for a in state.card(o).activated if a.is_mana_ability), None)
        core.require(ab is not None, f"{o.card} ({o.id}) no tiene una habilidad de maná", "605.1a")
        assert ab is not None
        core.require(not layers.chars_of(state, o).abilities_lost, f"{o.card} ({o.id}) ha perdido sus habilidades",
                     "613.1f")
        pool = state.mplayer(who).pool
        left = pay(pool, ab.cost)
        core.require(left is not None, f"no se puede pagar {cost_text(ab.cost)} de la habilidad de maná de {o.card} "
                     f"con la reserva {pool_text(pool)}", "602.2b", "118.3")
        _pay_non_mana(state, o, ab, who)
        assert left is not None
        pool.clear()
        pool.update({k: v for k, v in left.items() if v})
        from judge.engine.rulesets.magic.effects import any_color
        from judge.engine.rulesets.magic.mana import parse_mana
        # "un maná de cualquier color": the colour is chosen as the mana ability resolves (106.1a)
        added = "".join(e.mana if e.mana != "any" else "{" + any_color(state, out, who, o.card) + "}"
                        for e in ab.effects)
        for c, n in parse_mana(added).items():
            pool[c] = pool.get(c, 0) + n
        core.emit(state, out, "action", who, f"{who} activa la habilidad de maná de {o.card} ({o.id}): "
                  + (f"paga {ab.cost_text()} y " if ab.cost or ab.untap else "") + f"agrega {added} ({why}); "
                  f"reserva: {pool_text(pool)}",
                  cr("605.1a", "605.3a", "106.4", *(["107.5"] if ab.tap else []), *(["107.6"] if ab.untap else []),
                     *(["106.1a"] if "any" in (e.mana for e in ab.effects) else [])),
                  [Event("untap" if ab.untap else "tap", {"object": o.id}),
                   Event("mana", {"player": who, "pool": dict(pool)})], [o])
        if ab.untap:
            core.observe(state, Event("untap", {"object": o.id}))
        if ab.sacrifice and state.objects.get(o.id) is o:
            core.move(state, out, o, "graveyard", cites=cr("701.21a", "602.2b"), why=f"{who} la sacrifica para pagar "
                      "la habilidad de maná", kind="action", actor=who)


def _pay_non_mana(state: MagicState, o: MagicObject, ab: Activated, who: str) -> None:
    """{T}, {Q}, counters removed (602.2, 107.5, 107.6, 302.6); raises before changing anything if impossible."""
    c = layers.chars_of(state, o)
    if (ab.tap or ab.untap) and "creature" in c.types and o.sick and "haste" not in c.keywords:
        core.require(False, f"{o.card} ({o.id}) tiene mareo de invocación: no puede usar {{T}} ni {{Q}}", "302.6")
    if ab.tap:
        core.require(not o.tapped, f"{o.card} ({o.id}) ya está girada: no puede pagar {{T}}", "107.5", "118.3")
    if ab.untap:
        core.require(o.tapped, f"{o.card} ({o.id}) ya está enderezada: no puede pagar {{Q}}", "107.6", "118.3")
    for kind, n in ab.remove_counters:
        core.require(o.counters.get(kind, 0) >= n, f"{o.card} ({o.id}) no tiene {n} contador(es) {kind} para quitar",
                     "118.3", "602.2b")
    if ab.put_counters:
        core.require(core.can_have_counters(state, o), f"{o.card} ({o.id}) no puede tener contadores: no se puede "
                     "pagar un coste que ponga contadores sobre él", "118.3", "609.3")
    if ab.tap:
        o.tapped = True
    if ab.untap:
        o.tapped = False
    state.touch()
    for kind, n in ab.remove_counters:
        o.counters[kind] -= n
        if not o.counters[kind]:
            del o.counters[kind]


def _check_targets(state: MagicState, specs: Sequence, targets: Sequence[str], who: str, source: str) -> list[str]:
    """601.2c / 115.3: one legal choice per target slot (any number for a last "cualquier cantidad" slot), each
    "otra … objetivo" different from the source and from the targets chosen before it."""
    count = count_problem(specs, len(targets))
    core.require(count is None, f"{count}", "601.2c", "115.1")
    specs = expand_specs(specs, len(targets))
    resolved = []
    for spec, ref in zip(specs, targets):
        o = state.obj(ref) if not state.has_player(ref) else None
        real = o.id if o is not None else ref
        if o is None and not state.has_player(ref):
            item = next((i for i in state.stack if i.id == ref or (i.obj is not None and i.obj.base == ref)), None)
            real = item.id if item is not None else ref
        why = legal_target(state, spec, real, who, source)
        # A reason naming the rule that forbids the target "(702.18a)" cites it too.
        named = re.findall(r"\((\d{3}\.\d+[a-z]?)\)", why or "")
        core.require(why is None, f"objetivo ilegal: {why}", "601.2c", "115.1", *named)
        resolved.append(real)
    same = distinct_problem(specs, resolved)
    core.require(same is None, f"objetivo ilegal: {same}", "601.2c", "115.3")
    return resolved


def do_cast(state: MagicState, action: Cast, out: list[Step]) -> None:
    """601.2a–i: announce, targets, total cost, mana abilities, pay; then it is on the stack."""
    who = action.by
    _priority(state, who, "lanzar hechizos")
    p = state.mplayer(who)
    o = _find_in(p.zones["hand"], action.card)
    core.require(o is not None, f"«{action.card}» no está en la mano de {who}", "601.2a")
    assert o is not None
    card = state.card(o)
    core.require("land" not in card.types, f"{o.card} es una tierra: se juega, no se lanza", "305.1", "116.2a")
    if "instant" not in card.types and "flash" not in card.keywords:      # 702.8a: flash, as an instant
        core.require(_sorcery_timing(state, who), f"{o.card} no es un instantáneo: solo se lanza en una fase "
                     "principal de tu turno con la pila vacía", "117.1a", "307.1" if "sorcery" in card.types
                     else "302.1")
    # 601.2a: the card moves to the stack (a new object); 601.2c targets; 601.2f–h costs. Any failure → 733.1.
    specs, effects = card.targets, card.effects
    if card.modes:
        core.require(action.mode is not None and 0 <= action.mode < len(card.modes),
                     f"{o.card} es modal: elige un modo con «mode» (0 a {len(card.modes) - 1})", "700.2a", "601.2b")
        assert action.mode is not None
        specs, effects = card.modes[action.mode].targets, card.modes[action.mode].effects
    else:
        core.require(action.mode is None, f"{o.card} no es un hechizo modal", "700.2", "601.2b")
    if card.is_aura and not specs:
        core.require(False, f"{o.card} es un Aura sin «encantar»", "303.4a")
    targets = _check_targets(state, specs, action.targets, who, o.id)
    xs = [s for s in card.mana_cost if s.kind == "x"]
    core.require(not action.x or xs, f"{o.card} no tiene X en su coste", "107.3")
    _check_additional(state, card, action, o)
    _tap_for_mana(state, out, who, action.tap, f"para pagar {o.card}")
    left = pay(p.pool, card.mana_cost, action.x)
    if left is None:
        raise IllegalAction(f"no se puede pagar {cost_text(card.mana_cost) or '{0}'} de {o.card}"
                            + (f" con X={action.x}" if xs else "") + f" con la reserva {pool_text(p.pool)}; "
                            "todo el lanzamiento se revierte", cr("601.2h", "118.3", "733.1"))
    spent = {k: p.pool.get(k, 0) - left.get(k, 0) for k in left}
    p.pool.clear()
    p.pool.update({k: v for k, v in left.items() if v})
    hybrid = any(s.kind in ("hybrid", "mono_hybrid") for s in card.mana_cost)
    value = card.mana_value + action.x * len(xs)        # 202.3e: on the stack X is the number chosen
    new = core.move(state, out, o, "stack", cites=cr("601.2a", *(["601.2b", "700.2a"] if card.modes else []),
                                                     "601.2c", "601.2f", "601.2h", "601.2i", "202.3",
                                                     *(["202.3e", "107.3a"] if xs else []),
                                                     *(["202.3f", "107.4e"] if hybrid else []), "117.3c",
                                                     *(["702.8a"] if "flash" in card.keywords
                                                       and not _sorcery_timing(state, who) else [])),
                    why=f"{who} lanza {o.card} (valor de maná {value}"
                        + (f"; modo {action.mode}: " + "; ".join(e.describe() for e in effects) if card.modes else "")
                        + (f", X={action.x}" if xs else "") + f"; paga {cost_text(card.mana_cost) or '{0}'} con "
                        + (pool_text(spent) if any(spent.values()) else "nada")
                        + (f"; objetivos: {', '.join(core.name(state, t) for t in targets)}" if targets else "") + ")",
                    controller=who, kind="action", actor=who)
    _pay_additional(state, out, card, action, new)
    state.stack.append(StackItem(id=new.id, kind="spell", controller=who, source=new.id, source_name=new.card,
                                 effects=effects, targets=tuple(targets),
                                 target_specs=expand_specs(specs, len(targets)), x=action.x,
                                 obj=new, text=f"{new.card} ({new.id})"))
    state.bump(f"spells:{who}")
    state.passes = 0
    core.give_priority(state, out, who)               # 117.3c


def _check_additional(state: MagicState, card: Any, action: Cast, o: MagicObject) -> None:
    """601.2b / 118.8: the additional costs announced with the cast (checked before anything is paid)."""
    need = dict(card.additional)
    who = action.by
    n_sac, n_dis = need.get("sacrifice_creature", 0), need.get("discard", 0)
    core.require(len(action.sacrifice) == n_sac, f"{o.card} pide sacrificar {n_sac} criatura(s) como coste "
                 f"adicional (se indican {len(action.sacrifice)} con «sacrifice»)", "118.8", "601.2b")
    core.require(len(action.discard) == n_dis, f"{o.card} pide descartar {n_dis} carta(s) como coste adicional "
                 f"(se indican {len(action.discard)} con «discard»)", "118.8", "601.2b")
    for ref in action.sacrifice:
        s = _find_in(state.player(who).zones["battlefield"], ref)
        core.require(s is not None and "creature" in layers.chars_of(state, s).types,
                     f"«{ref}» no es una criatura que {who} controle", "701.21a", "118.3")
    hand = [h for h in state.player(who).zones["hand"] if h is not o]
    for ref in action.discard:
        core.require(_find_in(hand, ref) is not None, f"«{ref}» no es otra carta de la mano de {who}", "701.9a",
                     "118.3")
    n_counter = need.get("counter_creature", 0)
    able = [c for c in state.player(who).zones["battlefield"] if "creature" in layers.chars_of(state, c).types
            and core.can_have_counters(state, c)]
    core.require(len(able) >= n_counter, f"{who} no controla {n_counter} criatura(s) que puedan recibir un contador "
                 f"-1/-1: no puede pagar el coste adicional de {o.card}", "118.3", "118.8", "601.2b")
    core.require(len(action.counter_on) == n_counter, f"{o.card} pide poner un contador -1/-1 sobre {n_counter} "
                 f"criatura(s) que controles como coste adicional (se indican {len(action.counter_on)} con "
                 "«counter_on»)", "118.8", "601.2b")
    for ref in action.counter_on:
        s = _find_in(state.player(who).zones["battlefield"], ref)
        core.require(s is not None and "creature" in layers.chars_of(state, s).types,
                     f"«{ref}» no es una criatura que {who} controle", "118.8", "118.3")
        assert s is not None
        core.require(core.can_have_counters(state, s), f"{s.card} ({s.id}) no puede tener contadores: no se puede "
                     "pagar el coste adicional con ella", "118.3", "609.3")
    life = need.get("pay_life", 0)
    core.require(state.mplayer(who).lives >= life, f"{who} no puede pagar {life} vidas con "
                 f"{state.mplayer(who).lives}", "118.3", "119.4")


def _pay_additional(state: MagicState, out: list[Step], card: Any, action: Cast, spell: MagicObject) -> None:
    who = action.by
    for ref in action.sacrifice:
        s = _find_in(state.player(who).zones["battlefield"], ref)
        assert s is not None
        core.move(state, out, s, "graveyard", cites=cr("118.8", "601.2h", "701.21a"), why=f"{who} la sacrifica como "
                  f"coste adicional de {spell.card}", kind="action", actor=who)
    for ref in action.discard:
        d = _find_in(state.player(who).zones["hand"], ref)
        assert d is not None
        core.move(state, out, d, "graveyard", cites=cr("118.8", "601.2h", "701.9a"), why=f"{who} la descarta como "
                  f"coste adicional de {spell.card}", kind="action", actor=who)
    for ref in action.counter_on:
        s = _find_in(state.player(who).zones["battlefield"], ref)
        assert s is not None
        core.put_counters(state, out, s, "-1/-1", 1, f"{who} lo pone como coste adicional de {spell.card}",
                          cr("118.8", "601.2h"), step_kind="action")
    life = dict(card.additional).get("pay_life", 0)
    if life:
        state.mplayer(who).lives -= life
        core.emit(state, out, "action", who, f"{who} paga {life} vidas como coste adicional de {spell.card}: "
                  f"{state.mplayer(who).lives}", cr("118.8", "118.3b", "601.2h"),
                  [Event("life", {"player": who, "delta": -life})])


def do_activate(state: MagicState, action: Activate, out: list[Step]) -> None:
    """602.2: like casting: targets, then the total cost; the ability goes on the stack (mana abilities don't)."""
    who = action.by
    o = _find_in(state.player(who).zones["battlefield"], action.source)
    core.require(o is not None, f"«{action.source}» no es un permanente que {who} controle", "602.2")
    assert o is not None
    abilities = state.card(o).activated
    core.require(0 <= action.ability < len(abilities), f"{o.card} no tiene la habilidad activada número "
                 f"{action.ability}", "602.1")
    ab = abilities[action.ability]
    if layers.chars_of(state, o).abilities_lost:
        core.require(False, f"{o.card} ({o.id}) ha perdido sus habilidades", "613.1f")
    if ab.is_mana_ability:
        _priority(state, who, "activar habilidades de maná")          # 605.3a
        _tap_for_mana(state, out, who, [o.id], "habilidad de maná")
        return
    _priority(state, who, "activar habilidades")
    core.require(not ab.your_turn or state.active == who, f"la habilidad de {o.card} solo puede jugarse durante el "
                 f"turno de su controlador (es el turno de {state.active})", "602.5", "602.1b")
    targets = _check_targets(state, ab.targets, action.targets, who, o.id)
    _tap_for_mana(state, out, who, action.tap, f"para activar {o.card}")
    p = state.mplayer(who)
    left = pay(p.pool, ab.cost, action.x)
    if left is None:
        raise IllegalAction(f"no se puede pagar {cost_text(ab.cost)} con la reserva {pool_text(p.pool)}; la "
                            "activación se revierte", cr("602.2b", "601.2h", "118.3", "733.1"))
    _pay_non_mana(state, o, ab, who)
    p.pool.clear()
    p.pool.update({k: v for k, v in left.items() if v})
    if ab.untap:
        core.observe(state, Event("untap", {"object": o.id}))     # "whenever it becomes untapped" (603.2e)
    for kind, n in ab.put_counters:
        # 602.2b / 118.3: putting the counter is part of the cost: it happens now, as the ability is activated.
        core.put_counters(state, out, o, kind, n, f"{who} lo pone como coste de la habilidad de {o.card}",
                          cr("602.2b", "118.3"), step_kind="action")
    item = StackItem(id=state.new_id("hab"), kind="ability", controller=who, source=o.id, source_name=o.card,
                     effects=ab.effects, targets=tuple(targets), target_specs=expand_specs(ab.targets, len(targets)),
                     x=action.x)
    item.text = f"la habilidad de {o.card} ({o.id}) «{ab.cost_text()}: " + "; ".join(e.describe() for e in ab.effects) + "»"
    if ab.sacrifice:
        core.move(state, out, o, "graveyard", cites=cr("701.21a", "602.2b"), why=f"{who} lo sacrifica para pagar "
                  "el coste", kind="action", actor=who)
    state.stack.append(item)
    rules = ["602.1a", "602.2", "602.2b", "113.7a", "117.3c"]
    if ab.tap:
        rules.append("107.5")
    if ab.untap:
        rules.append("107.6")
    if ab.remove_counters or ab.put_counters:
        rules.append("118.3")
    core.emit(state, out, "action", who, f"{who} activa {item.text}; va a la pila ({item.id})"
              + (f" con objetivo {', '.join(core.name(state, t) for t in targets)}" if targets else ""), cr(*rules),
              [Event("stack", {"item": item.id, "source": o.id})], [o])
    state.passes = 0
    core.give_priority(state, out, who)


def do_mana(state: MagicState, action: Mana, out: list[Step]) -> None:
    """117.1d: a player may activate mana abilities whenever they have priority."""
    _priority(state, action.by, "activar habilidades de maná")
    _tap_for_mana(state, out, action.by, action.sources, "habilidad de maná")


def do_play_land(state: MagicState, action: PlayLand, out: list[Step]) -> None:
    """116.2a / 305.1–305.2: in your main phase, with priority and the stack empty, once per turn."""
    who = action.by
    p = state.mplayer(who)
    o = _find_in(p.zones["hand"], action.card)
    core.require(o is not None, f"«{action.card}» no está en la mano de {who}", "116.2a")
    assert o is not None
    core.require("land" in state.card(o).types, f"{o.card} no es una tierra", "116.2a", "305.1")
    core.require(state.active == who, f"no es el turno de {who}", "116.2a", "305.3")
    core.require(state.phase in MAIN, f"solo en una fase principal (ahora: {STEP_NAMES[state.phase]})", "116.2a",
                 "305.1", "505.6b")
    core.require(not state.stack, "la pila no está vacía", "116.2a", "305.1")
    _priority(state, who, "jugar una tierra")
    core.require(p.lands_played < 1, f"{who} ya jugó una tierra este turno", "116.2a", "305.2")
    p.lands_played += 1
    core.move(state, out, o, "battlefield", cites=cr("116.2a", "305.1", "117.3c"), why=f"{who} juega una tierra (acción "
              "especial, no usa la pila)", controller=who, kind="action", actor=who)
    core.give_priority(state, out, who)               # 117.3c


def do_pass(state: MagicState, action: Pass, out: list[Step]) -> None:
    """117.3d / 117.4: pass; when all players pass in succession the top of the stack resolves, or with the stack
    empty the step ends (500.2)."""
    who = action.by
    _priority(state, who, "pasar la prioridad")
    pass_once(state, out, who)


def pass_once(state: MagicState, out: list[Step], who: str) -> None:
    state.passes += 1
    alive = [p for p in state.players if not p.lost]
    everyone = state.passes >= len(alive)
    # The board of the pass shows where priority goes: the next player, or nobody once all have passed.
    state.priority = None if everyone else core.next_player(state, who)
    core.emit(state, out, "action", who, f"{who} pasa la prioridad"
              + (" (todos han pasado seguidos)" if everyone else ""), cr("117.3d"))
    if not everyone:
        core.give_priority(state, out, core.next_player(state, who))
        return
    state.passes = 0
    if state.stack:
        resolve_top(state, out)
        if not state.over:
            core.give_priority(state, out, state.active)   # 117.3b
        return
    state.priority = None
    turn.advance(state, out)


def do_pass_until(state: MagicState, action: PassUntil, out: list[Step]) -> None:
    """Everyone passes each time they get priority until `step` begins (the stack resolves in between). Combat
    declarations on the way are taken from the script when its next line is one; otherwise nobody attacks or
    blocks."""
    target = action.step
    start_turn = state.turn
    state.extra["passing_until"] = target
    try:
        left_current = False
        while not state.over:
            if state.pending is not None:
                return
            if left_current and state.phase == target and state.priority is not None:
                return
            if state.turn > start_turn + 1:
                core.emit(state, out, "limit", None, f"no se llegó a {STEP_NAMES[target]} en dos turnos: se deja de "
                          "pasar", cr("500.1"))
                return
            who = state.priority
            core.require(who is not None, "nadie tiene la prioridad", "117.3")
            assert who is not None
            before = (state.turn, state.phase)
            pass_once(state, out, who)
            if (state.turn, state.phase) != before:
                left_current = True
                if state.phase == target:
                    return
    finally:
        state.extra.pop("passing_until", None)


HANDLERS = {Cast: do_cast, Activate: do_activate, Mana: do_mana, PlayLand: do_play_land, Pass: do_pass,
            PassUntil: do_pass_until}


def step_index(step: str) -> int:
    return STEPS.index(step)
