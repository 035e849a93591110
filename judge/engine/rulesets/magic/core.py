"""The mechanics every magic action uses: steps, zone changes (400.7), damage (120), life (119), drawing (121),
counters (122), replacement and prevention (614–616), triggers (603) and state-based actions (704).

Every function that changes the state appends the steps it causes to `out`, each citing the rules it applies.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from judge.engine.errors import IllegalAction
from judge.engine.rulesets.magic import layers
from judge.engine.rulesets.magic.cards import KEYWORDS, Effect, Replacement, Triggered
from judge.engine.rulesets.magic.choices import ChoiceNeeded, Question
from judge.engine.rulesets.magic.cites import cr, named
from judge.engine.rulesets.magic.protection import protected_from
from judge.engine.rulesets.magic.qualities import has_all
from judge.engine.rulesets.magic import replacement
from judge.engine.rulesets.magic.replacement import (CountersEvent, DamageEvent, DrawEvent, LifeGainEvent,
                                                       LifeLossEvent, ReplacementHandler, ZoneChangeEvent)
from judge.engine.rulesets.magic.steps import answer_names, answers_text, ask, emit, has_notes, name, unmodelled
from judge.engine.rulesets.magic.state import (ZONE_NAMES, MagicObject, MagicPlayer, MagicState, PendingTrigger,
                                                 edits)
from judge.engine.rulesets.magic.text import describe_effect
from judge.engine.step import Event, Step
from judge.engine.spanish import vidas


# -- characteristics ------------------------------------------------------------------------------------------------
def chars(state: MagicState, o: MagicObject) -> layers.Chars:
    return layers.chars_of(state, o)


def is_creature(state: MagicState, o: MagicObject, cache: dict | None = None) -> bool:
    return "creature" in layers.chars_of(state, o, cache).types


_ACTIVATED: dict[tuple[int, int], tuple[Any, Any, tuple[Any, ...]]] = {}


def activated_abilities(state: MagicState, o: MagicObject) -> list[Any]:
    """Its activated abilities: those printed (unless it lost its abilities, or its land types were set, 305.7),
    then those it gained (613.1f), then the intrinsic mana ability of each basic land type it has (305.6) that
    no ability before already is."""
    c = layers.chars_of(state, o)
    card = state.card(o)
    if o.zone != "battlefield":
        return _activated(card, c)
    return list(activated_table(card, c)[0])


def activated_table(card: Any, c: layers.Chars) -> tuple[tuple[Any, ...], tuple[tuple[int, Any], ...], Any]:
    """A permanent's activated abilities (`activated_abilities`), those of them that are not mana abilities with
    their index, and its first mana ability that only taps and adds mana of known colours (None if none): worked
    out once per card and characteristics (both frozen: a Chars is never changed once computed, and the layers
    keep a permanent's while it is unchanged)."""
    hit = _ACTIVATED.get((id(card), id(c)))
    if hit is None or hit[0] is not card or hit[1] is not c:
        if len(_ACTIVATED) > 10_000:
            _ACTIVATED.clear()
        hit = _ACTIVATED[(id(card), id(c))] = (card, c, ability_table(_activated(card, c)))   # kept: their id()s
    return hit[2]


def ability_table(activated: Sequence[Any]) -> tuple[tuple[Any, ...], tuple[tuple[int, Any], ...], Any]:
    """Activated abilities as `activated_table` gives them: all, the non-mana ones with their index, and the first
    mana ability that only taps and adds mana of known colours (None if none)."""
    abilities = tuple(activated)
    others = tuple((n, ab) for n, ab in enumerate(abilities) if not ab.is_mana_ability)
    tap_for_mana = next((ab for ab in abilities if ab.is_mana_ability and ab.tap and not ab.cost
                         and all(e.mana != "any" for e in ab.effects)), None)
    return abilities, others, tap_for_mana


def _activated(card: Any, c: layers.Chars) -> list[Any]:
    from judge.engine.rulesets.magic.cards import BASIC_LAND_TYPES, Activated, Effect
    out = ([] if c.abilities_lost or c.land_types_set else list(card.activated)) + list(c.granted)
    if "land" in c.types and not c.abilities_lost:
        for sub in c.subtypes:
            color = BASIC_LAND_TYPES.get(sub)
            intrinsic = Activated(cost=(), tap=True, effects=(Effect("add_mana", mana="{" + color + "}"),)) \
                if color else None
            if intrinsic is not None and intrinsic not in out:
                out.append(intrinsic)
    return out


def has(state: MagicState, o: MagicObject, keyword: str, cache: dict | None = None) -> bool:
    return keyword in layers.chars_of(state, o, cache).keywords


def info(state: MagicState, ref: str) -> dict[str, Any]:
    """What a source is now, or was when it left (last known information, 608.2h/113.7a). The source of a
    leaves-the-battlefield trigger is the object that left (603.10a), so its power, toughness, counters,
    controller, colours and types are those it had on the battlefield, never those of the card it became."""
    o = state.objects.get(ref)
    if o is not None:
        c = chars(state, o)
        return {"id": o.id, "card": o.card, "controller": o.controller if o.zone == "battlefield" else o.controller,
                "keywords": set(c.keywords), "power": c.power, "toughness": c.toughness, "types": set(c.types),
                "colors": set(c.colors), "counters": dict(o.counters), "zone": o.zone}
    return state.lki.get(ref, {"id": ref, "card": ref, "controller": None, "keywords": set(), "types": set(),
                               "counters": {}, "zone": None})


def source_now(state: MagicState, source: str, lki: dict[str, Any] | None) -> MagicObject | None:
    """The object a source is now. A leaves-the-battlefield trigger's source is the object that left (603.10a); the
    card it became in its new zone (400.7) is `lki["source_now"]`: what an effect that acts on that card finds (persist
    returns it, 702.79a), if it is still there. Any other source: the object with that id, if it still exists."""
    now = (lki or {}).get("source_now")
    return state.objects.get(now) if now else state.objects.get(source)


# -- zones ----------------------------------------------------------------------------------------------------------
def last_known(state: MagicState, o: MagicObject) -> dict[str, Any]:
    """113.7a / 608.2h: the permanent `o` as it last existed on the battlefield: its characteristics through the
    layers (613.1), counters, damage, and the triggered abilities it has now (`triggers`: those of the card it is a
    copy of, 707.2; none of its printed ones if it lost them, 613.1f; those effects grant it). 603.10a:
    leaves-the-battlefield abilities trigger from these, not from the card in its new zone."""
    c = chars(state, o)
    return {"id": o.id, "card": o.card, "controller": o.controller, "owner": o.owner,
            "keywords": set(c.keywords), "extra": dict(c.extra), "power": c.power,
            "toughness": c.toughness, "colors": set(c.colors),
            "types": set(c.types), "counters": dict(o.counters), "zone": "battlefield", "token": o.token,
            "damage": o.damage, "attached_to": o.attached_to, "abilities_lost": c.abilities_lost,
            "copiable": state.card(o), "triggers": tuple(_abilities(state, o, c))}


def last_known_all(state: MagicState, objs: Sequence[MagicObject]) -> dict[str, dict[str, Any]]:
    """603.10a: "the game has to 'look back in time' … using the appearance of objects immediately prior to the
    event": the last known information (113.7a) of every permanent among `objs` that is about to leave the
    battlefield in one event (608.2f, 704.3), taken before any of them moves: one leaving first does not change
    what the others were (a lord's bonus, Humility's ability loss)."""
    return {o.id: last_known(state, o) for o in objs if o.zone == "battlefield"}


def _zone_list(state: MagicState, o: MagicObject, zone: str) -> list:
    holder = o.controller if zone == "battlefield" else o.owner
    return state.player(holder).zones[zone]


def move(state: MagicState, out: list[Step], o: MagicObject, zone: str, *, cites: Sequence[str], why: str,
         controller: str | None = None, top: bool = True, counters: dict[str, int] | None = None,
         attach_to: str | None = None, kind: str = "resolution", actor: str | None = None,
         batch: list[Event] | None = None, seen: dict[str, dict[str, Any]] | None = None) -> MagicObject:
    """Move `o` to `zone` as a new object (400.7) and record the step. Replacements of the move (a permanent that
    would die is exiled instead; a permanent enters with counters, 614.1c) are applied here. Returns the new object.
    `seen`: the last known information of the permanents leaving in the same event, taken before any of them moved
    (`last_known_all`; 603.10a, 113.7a)."""
    origin = o.zone
    extra_cites: list[str] = []
    card = state.card(o)
    notes: list[str] = []
    if zone == "graveyard":
        before = (seen or {}).get(o.id)
        lost = origin == "battlefield" and (before["abilities_lost"] if before else chars(state, o).abilities_lost)
        instead, moved = ReplacementHandler(state, out).zone_change(ZoneChangeEvent(o, origin, zone, lost))
        if instead is not None:
            zone, top = moved.zone, moved.top
            extra_cites += moved.cites
            notes += moved.notes
    if origin == "battlefield":
        # 603.10a / 608.2h: taken before the event when several permanents leave in it (`seen`), else now
        state.lki[o.id] = (seen or {}).get(o.id) or last_known(state, o)
    else:
        state.lki[o.id] = {"id": o.id, "card": o.card, "controller": o.controller, "owner": o.owner,
                           "keywords": set(card.keywords), "types": set(card.types), "colors": set(card.colors),
                           "counters": dict(o.counters),
                           "zone": origin, "token": o.token}
    chosen = ""
    enters: dict[str, int] = {}
    put_notes: list[str] = []
    put_cites: list[str] = []
    if zone == "battlefield":
        # 614.12a: "as it enters, choose …" is chosen before it enters, while nothing has moved yet.
        entering = replacement.entering_with(card)
        for r in entering:
            if r.choose:
                chosen = choose_as_enters(state, out, controller or o.owner, o.card, r.choose)
        enters = {k: n for r in entering for k, n in r.counters}
        for k, n in (counters or {}).items():
            enters[k] = enters.get(k, 0) + n
        if enters and "no_counters" not in card.keywords:
            # 122.6: entering with counters is putting them: the counter replacements of the permanents already
            # on the battlefield change how many (614.1a, each once 614.5, its controller orders them 616.1).
            # Asked here too, before anything moves: a question the script leaves open stops the run with the card
            # still where it was, not between zones.
            for k, n in list(enters.items()):
                n, notes_k, cites_k = replace_counters(state, out, o, k, n, controller=controller or o.owner,
                                                       creature="creature" in card.types, entering=True)
                put_notes += notes_k
                put_cites += cites_k
                if n:
                    enters[k] = n
                else:
                    del enters[k]
    _zone_list(state, o, origin).remove(o)
    del state.objects[o.id]
    state.touch()
    new = MagicObject(id=f"{o.base}~{o.incarnation + 1}", card=o.card, owner=o.owner,
                      controller=controller or o.owner, zone=zone, base=o.base, incarnation=o.incarnation + 1,
                      token=o.token, face=o.face)
    new.timestamp = state.tick()
    if zone == "battlefield":
        new.sick = True
        new.attached_to = attach_to
        if chosen:
            new.chosen = chosen
            notes.append(f"al entrar se elige {chosen}")
            extra_cites += cr("614.12", "614.12a")
        if any(r.tapped for r in replacement.entering_with(card)):
            new.tapped = True
            extra_cites += cr("614.1c")
            notes.append("entra girado")
        if enters and "no_counters" in card.keywords:
            # It enters, without the counters it would have entered with (609.3: only as much as possible).
            notes.append("entra sin contadores: no puede tener contadores")
            extra_cites += cr("609.3")
        elif enters or put_notes:
            notes += put_notes
            extra_cites += put_cites
            new.counters = dict(enters)
            extra_cites += cr("614.1c", "122.6")
    dest = _zone_list(state, new, zone)
    if zone == "library" and top:
        dest.insert(0, new)
    else:
        dest.append(new)
    state.objects[new.id] = new
    state.latest[o.base] = new.id
    event = Event("move", {"object": o.id, "new": new.id, "card": o.card, "from": origin, "to": zone,
                           **({"counters": dict(new.counters)} if new.counters else {})})
    summary = f"{o.card} ({o.id}) pasa de {ZONE_NAMES[origin]} a {ZONE_NAMES[zone]} como {new.id}: {why}"
    if notes:
        summary += "; " + "; ".join(notes)
    if new.counters and zone == "battlefield":
        summary += " (entra con " + ", ".join(f"{n} contador(es) {k}" for k, n in new.counters.items()) + ")"
    emit(state, out, kind, actor, summary, [*cites, *cr("400.7"), *extra_cites], [event], [new])
    if batch is not None:
        batch.append(event)          # one simultaneous event: observed once all of it has happened
    else:
        observe(state, event)
    if new.counters and zone == "battlefield":
        for k, n in new.counters.items():
            observe(state, Event("counters", {"object": new.id, "counter": k, "amount": n}))
    return new


def choose_as_enters(state: MagicState, out: list[Step], player: str, card_name: str, what: str) -> str:
    """614.12a: "as it enters, choose a color / name a card": the choice is made before it enters. A name is a
    card's name (a name only a token has is not one); colourless is not a colour (105.2c)."""
    from judge.engine.rulesets.magic.mana import COLORS
    if what == "color":
        options: tuple[str, ...] = COLORS
        prompt, rules = f"{player} elige un color para {card_name} ({', '.join(COLORS)})", ("614.12a", "105.1")
    else:
        names = {n for n, c in state.cards.items() if not c.is_token} | state.catalog_names
        options = tuple(sorted(names))
        prompt, rules = f"{player} nombra una carta para {card_name} (el nombre de una carta)", ("614.12a", "201.2")
    if what == "color":
        q = Question("color", player, options, prompt, tuple(cr(*rules)))
    else:
        q = Question("name", player, options, prompt, tuple(cr(*rules)))

    def valid(ans: Any) -> Any:
        value = ans.values[0].upper() if what == "color" and len(ans.values) == 1 else \
            (ans.values[0] if len(ans.values) == 1 else "")
        if value not in options:
            return ((f"se esperaba un color: {', '.join(COLORS)} (incoloro no es un color)" if what == "color"
                     else f"«{value}» no es el nombre de una carta (el de una ficha no vale)"),
                    cr(*rules, *(["105.2c"] if what == "color" else [])))
        return None
    ans = ask(state, out, q, valid).values[0]
    return ans.upper() if what == "color" else ans


def cease_to_exist(state: MagicState, o: MagicObject) -> None:
    state.touch()
    _zone_list(state, o, o.zone).remove(o)
    del state.objects[o.id]


# -- life, damage, counters -----------------------------------------------------------------------------------------
def gain_life(state: MagicState, out: list[Step], player: str, amount: int, why: str, cites: Sequence[str],
              source: str | None = None, kind: str = "resolution") -> None:
    """119.3 with life-gain replacements (614, applied once each, 616.1 order: `ReplacementHandler.life_gain`).
    `kind`: the step's kind when the gain is part of a turn-based action (lifelink's gain with combat damage,
    510.2)."""
    p = state.mplayer(player)
    if p.lost or amount <= 0:
        return
    stop = replacement.stops_life_gain(state)
    if stop is not None:
        # 119.7: the gain does not happen, and no replacement of it applies; the rest of the effect still does.
        emit(state, out, kind, player, f"{player} iba a ganar {vidas(amount)} ({why}), pero {stop.card} "
             "impide ganar vidas: no gana ninguna", [*cites, *cr("119.7")], about=[stop])
        return
    done = ReplacementHandler(state, out).life_gain(LifeGainEvent(player, amount))
    amount = done.amount
    p.lives += amount
    msg = f"{player} gana {vidas(amount)} ({why}): {p.lives}"
    if done.notes:
        msg += " — reemplazo: " + "; ".join(done.notes)
    emit(state, out, "replacement" if done.notes else kind, player, msg, [*cites, *cr("119.3"), *done.cites],
         [Event("life", {"player": player, "delta": amount})])
    observe(state, Event("life", {"player": player, "delta": amount, "source": source}))


def lose_life(state: MagicState, out: list[Step], player: str, amount: int, why: str, cites: Sequence[str]) -> None:
    """119.3: a player loses life, through the life-loss replacements (614.1a, each once: 614.5; the losing player
    orders several: 616.1); "whenever a player loses life" abilities see the life event (603.2)."""
    p = state.mplayer(player)
    if p.lost or amount <= 0:
        return
    done = ReplacementHandler(state, out).life_loss(LifeLossEvent(player, amount))
    amount, notes, extra = done.amount, done.notes, done.cites
    if amount <= 0:
        emit(state, out, "replacement", player, f"{player} iba a perder vidas ({why}), pero no pierde ninguna — "
             "reemplazo: " + "; ".join(notes), [*cites, *cr("119.3"), *extra])
        return
    p.lives -= amount
    state.bump(f"life_lost:{player}", amount)
    msg = f"{player} pierde {vidas(amount)} ({why}): {p.lives}" + (" — reemplazo: " + "; ".join(notes) if notes else "")
    emit(state, out, "replacement" if notes else "resolution", player, msg,
         [*cites, *cr("119.3"), *extra], [Event("life", {"player": player, "delta": -amount})])
    observe(state, Event("life", {"player": player, "delta": -amount}))


def replace_counters(state: MagicState, out: list[Step], o: MagicObject, kind: str, n: int,
                     controller: str | None = None, creature: bool | None = None, entering: bool = False
                     ) -> tuple[int, list[str], list[str]]:
    """122.6 through `ReplacementHandler.counters`: the number of `kind` counters put on `o` after the counter
    replacements. `entering`: `o` is about to enter the battlefield with these counters (122.6: entering with
    them is putting them), under `controller`, a creature or not (`creature`), as the object it becomes. Returns
    (n, notes, citations)."""
    ev = CountersEvent(o, kind, n, controller or o.controller,
                       is_creature(state, o) if creature is None else creature, entering)
    done = ReplacementHandler(state, out).counters(ev)
    return done.amount, list(done.notes), list(done.cites)


def life_lost_this_turn(state: MagicState, player: str) -> int:
    """119.3: the life a player lost this turn (damage, loss, payment), however much they also gained."""
    return state.this_turn.get(f"life_lost:{player}", 0)


def condition_holds(state: MagicState, controller: str, condition: str, n: int) -> bool:
    """603.4: the intervening "if" of a triggered ability, true or not now."""
    if condition == "your_hand_empty":
        return not state.player(controller).zones["hand"]
    if condition == "active_hand_empty":
        return not state.player(state.active).zones["hand"]
    if condition == "opponent_lost_life":
        # Sygg, degollador del río/1: an opponent who has left the game still counts.
        return any(life_lost_this_turn(state, p.name) >= n for p in state.players if p.name != controller)
    return True


CONDITION_RULES = {"opponent_lost_life": ("119.3",)}      # life lost is counted apart from life gained
CONDITION_TEXT = {"your_hand_empty": "si no tienes cartas en la mano",
                  "active_hand_empty": "si el jugador activo no tiene cartas en la mano",
                  "opponent_lost_life": "si un oponente perdió {n} o más vidas este turno"}


def regenerated(state: MagicState, out: list[Step], o: MagicObject, cites: Sequence[str]) -> bool:
    """701.19a: a regeneration shield replaces the next destruction this turn: remove all damage, tap it, remove it
    from combat. True when a shield was used (the permanent stays)."""
    shield = next((ce for ce in state.effects if ce.effect.kind == "regenerate" and o.id in ce.affected
                   and ce.remaining != 0), None)
    if shield is None:
        return False
    shield.remaining = 0
    state.set_effects([ce for ce in state.effects if ce is not shield])
    o.damage = 0
    o.deathtouch_hit = False
    o.tapped = True
    combat = bool(o.attacking or o.blocking)
    o.attacking, o.blocking = None, ()
    emit(state, out, "replacement", o.controller, f"{o.card} ({o.id}) iba a ser destruido; se regenera en su lugar "
         f"({shield.source_name}): se le quita el daño, se gira" + (" y sale del combate" if combat else ""),
         [*cites, *cr("701.19a", "614.8"), *(cr("506.4") if combat else [])],
         [Event("regenerate", {"object": o.id})], [o])
    return True


def put_counters(state: MagicState, out: list[Step], o: MagicObject, kind: str, n: int, why: str,
                 cites: Sequence[str], step_kind: str = "resolution") -> None:
    if n <= 0 or o.zone != "battlefield":
        return
    if not can_have_counters(state, o):
        emit(state, out, step_kind, o.controller, f"{o.card} ({o.id}) no puede tener contadores: no recibe {n} "
             f"contador(es) {kind} ({why}); el resto del efecto sí ocurre", [*cites, *cr("609.3")], about=[o])
        return
    n, notes, extra = replace_counters(state, out, o, kind, n)
    if n <= 0:
        emit(state, out, "replacement", o.controller, f"{o.card} ({o.id}) no recibe contadores {kind} ({why}) — "
             "reemplazo: " + "; ".join(notes), [*cites, *extra], about=[o])
        return
    o.counters[kind] = o.counters.get(kind, 0) + n
    state.touch()
    emit(state, out, "replacement" if notes else step_kind, o.controller,
         f"{o.card} ({o.id}) recibe {n} contador(es) {kind} ({why})" + (" — reemplazo: " + "; ".join(notes)
                                                                         if notes else ""),
         [*cites, *cr("122.1"), *extra], [Event("counters", {"object": o.id, "counter": kind, "amount": n})], [o])
    observe(state, Event("counters", {"object": o.id, "counter": kind, "amount": n}))


def can_have_counters(state: MagicState, o: MagicObject) -> bool:
    """«… no puede tener contadores sobre él»: nothing puts a counter on it, and a cost that would can't be paid."""
    return "no_counters" not in chars(state, o).keywords


def withers(state: MagicState, src: dict[str, Any]) -> bool:
    """702.80a: the source has wither, or a permanent says all damage is dealt as though its source had it."""
    return "wither" in src.get("keywords", ()) or replacement.all_damage_withers(state)


def deal_damage(state: MagicState, out: list[Step], src_ref: str, target: str, amount: int, *, combat: bool,
                cites: Sequence[str]) -> int:
    """120.3 / 120.4: damage from `src_ref` to a player name or object id, through prevention (615, 616.1); its
    results: life lost, damage marked or -1/-1 counters (wither), deathtouch, lifelink. Returns the damage dealt."""
    src = info(state, src_ref)
    tobj = state.objects.get(target)
    if amount <= 0:
        return 0
    if tobj is not None and (tobj.zone != "battlefield" or not is_creature(state, tobj)):
        return 0
    if tobj is None and (not state.has_player(target) or state.player(target).lost):
        return 0
    affected = target if tobj is None else tobj.controller
    guard = protected_from(state, target, src_ref)
    if guard and not replacement.cant_be_prevented(state, src):
        emit(state, out, "replacement", affected, f"se previene el daño de {src.get('card', src_ref)} a "
             f"{name(state, target)}: {guard}", [*cites, *cr("702.16e", "615.1")], about=[tobj])
        return 0
    # 615.5: `draws`: who draws, how many, because of what
    prevented, draws = ReplacementHandler(state, out).prevent_damage(DamageEvent(src, target, tobj, amount),
                                                                     affected)
    amount = prevented.amount
    prevented_notes: list[str] = list(prevented.notes)
    extra: list[str] = list(prevented.cites)
    events: list[Event] = []
    name_src = src.get("card", src_ref)
    kw = src.get("keywords", set())
    rules = ["120.3"]
    wither = False
    wither_put = 0
    if amount <= 0:
        emit(state, out, "replacement", affected, f"se previene el daño de {name_src} a {name(state, target)} ("
             + "; ".join(prevented_notes) + ")", [*cites, *cr("615.1"), *extra], about=[tobj])
        _prevention_draws(state, out, draws, name_src)
        return 0
    if tobj is None:
        p = state.mplayer(target)
        state.bump(f"damage_to:{target}", amount)     # damage dealt this turn, whatever the life total did after
        # 120.3a: damage to a player is life lost; a life-loss replacement changes the life lost, not the damage
        # dealt (614.1a: lifelink and "deals damage" abilities still see the damage).
        loss = ReplacementHandler(state, out).life_loss(LifeLossEvent(target, amount))
        lost, loss_notes, loss_cites = loss.amount, loss.notes, loss.cites
        p.lives -= lost
        state.bump(f"life_lost:{target}", lost)
        rules.append("120.3a")
        extra += loss_cites
        what = f"{target} pierde {vidas(lost)}: {p.lives}"
        if loss_notes:
            what += " (reemplazo: " + "; ".join(loss_notes) + ")"
        events.append(Event("damage", {"source": src_ref, "target": target, "amount": amount, "combat": combat}))
        if lost:
            events.append(Event("life", {"player": target, "delta": -lost}))
    else:
        wither = withers(state, src)
        if wither and not can_have_counters(state, tobj):
            wither = False                   # the damage is dealt, and does nothing: no counter, no damage marked
            rules += ["120.3d", "702.80a", "609.3"]
            what = f"{tobj.card} ({tobj.id}) no puede tener contadores: el daño (marchitar) no tiene efecto"
        elif wither:
            # 120.3d puts the counters: a counter replacement changes how many (122.6, 614.1a)
            put, put_notes, put_cites = replace_counters(state, out, tobj, "-1/-1", amount)
            if put:
                tobj.counters["-1/-1"] = tobj.counters.get("-1/-1", 0) + put
                state.touch()
            rules += ["120.3d", "702.80a"]
            extra += put_cites
            what = f"{tobj.card} ({tobj.id}) recibe {put} contador(es) -1/-1 (marchitar" + \
                ("" if "wither" in kw else ": todo el daño se hace como si su fuente lo tuviera") + ")"
            if put_notes:
                what += " (reemplazo: " + "; ".join(put_notes) + ")"
            wither_put = put
        else:
            tobj.damage += amount
            rules.append("120.3e")
            what = f"{tobj.card} ({tobj.id}) tiene {tobj.damage} de daño marcado"
        if "deathtouch" in kw:
            tobj.deathtouch_hit = True
            rules.append("702.2b")
        tc = chars(state, tobj)
        if "indestructible" in tc.keywords and "creature" in tc.types and 0 < tc.toughness and \
                (tobj.damage >= tc.toughness or tobj.deathtouch_hit):
            # 702.12b: it can't be destroyed; the state-based actions for lethal damage (704.5g) and deathtouch
            # (704.5h) will not destroy it. Said here, where the damage is, not as a step of every quiet check.
            why = " ni ".join(w for w, yes in (("el daño letal", tobj.damage >= tc.toughness),
                                                ("el toque mortal", tobj.deathtouch_hit)) if yes)
            what += f"; es indestructible: no la destruye {why}"
            rules.append("702.12b")
        events.append(Event("damage", {"source": src_ref, "target": tobj.id, "amount": amount, "combat": combat}))
    if "infect" in kw:
        what += " (infectar no está modelado)"
    note = f" ({'; '.join(prevented_notes)})" if prevented_notes else ""
    emit(state, out, "resolution" if not combat else "turn-based", src.get("controller"),
         f"{name_src} hace {amount} de daño{' de combate' if combat else ''} a {name(state, target)}{note}: {what}",
         [*cites, *cr(*rules), *extra], events, [tobj])
    for e in events:
        observe(state, e)
    if tobj is not None and wither and wither_put:
        observe(state, Event("counters", {"object": tobj.id, "counter": "-1/-1", "amount": wither_put}))
    if "lifelink" in kw and src.get("controller"):
        # 702.15b: the gain is part of the damage event; with combat damage, of the turn-based action (510.2).
        gain_life(state, out, src["controller"], amount, f"vínculo vital de {name_src}",
                  cr("120.3f", "702.15b", *(["510.2"] if combat else [])), source=src_ref,
                  kind="turn-based" if combat else "resolution")
    _prevention_draws(state, out, draws, name_src)
    return amount


def _prevention_draws(state: MagicState, out: list[Step], draws: list[tuple[str, int, str]], src: str) -> None:
    """615.5: a prevention effect's additional effect happens right after the damage was prevented: the source's
    controller (its last known information if it has left) draws a card per damage prevented."""
    for player, n, by in draws:
        draw(state, out, player, n, f"{by}: daño de {src} prevenido", cr("615.5"))


# -- drawing --------------------------------------------------------------------------------------------------------
def draw(state: MagicState, out: list[Step], player: str, n: int, why: str, cites: Sequence[str],
         applied: frozenset[str] = frozenset(), kind: str = "resolution") -> None:
    """121.1–121.2: draw `n` cards one at a time; each draw may be replaced (121.6, 614.5: a replacement applies
    once to an event and to the events that replace it); an empty library is remembered for 704.5b (121.4).
    `kind`: the step's kind, `turn-based` for the draw step's draw (504.1)."""
    p = state.mplayer(player)
    if n > 1:
        cites = [*cites, *cr("121.2")]           # several cards: that many individual draws
    for i in range(n):
        if p.lost or state.over:
            return
        # 616.1: the drawing player chooses one; it replaces the draw, and any draw it makes instead is a new
        # event those left may replace (614.5), so the choice is made again there among them (616.1f)
        first, chosen = ReplacementHandler(state, out).draw(DrawEvent(player, applied))
        if first is not None:
            o, r = first
            emit(state, out, "replacement", player, f"{player} iba a robar una carta; {o.card} la reemplaza: "
                 + "; ".join(describe_effect(e) for e in r.instead),
                 [*cites, *cr("121.6", "121.6a", "614.1a", "614.6"), *chosen,
                  *(cr("614.5") if applied else [])], about=[o])
            # the effects instead are resolved by the actions layer, which the ruleset names (no import upwards)
            state.ruleset.run_effects(state, out, o.controller, o.id, o.card, r.instead, (), 0, cr("121.6"),
                                      applied=applied | {o.id})
            continue
        library = p.zones["library"]
        if not library:
            p.drew_from_empty = True
            emit(state, out, kind, player, f"{player} intenta robar con la biblioteca vacía ({why}): "
                 "perderá la partida en la próxima comprobación de acciones de estado",
                 [*cites, *cr("121.4", "704.5b")], [Event("draw", {"player": player, "empty": True})])
            continue
        top = library[0]
        move(state, out, top, "hand", cites=[*cites, *cr("121.1")], why=f"{player} roba ({why})", actor=player,
             kind=kind)
        observe(state, Event("draw", {"player": player}))


# -- triggers -------------------------------------------------------------------------------------------------------
def _add_trigger(state: MagicState, controller: str, src_id: str, src_name: str, ab: Triggered,
                 lki: dict[str, Any] | None = None) -> None:
    state.triggers.append(PendingTrigger(controller, src_id, src_name, ab, dict(lki or {}), len(state.triggers)))


PERSIST = Triggered(when="dies", effects=(), keyword="persist")
# Persist whose intervening "if" is false as the creature dies: it does not trigger (603.4); shown as a step.
PERSIST_FALSE = Triggered(when="dies", effects=(), keyword="persist-false")


def fire_delayed(state: MagicState, at: str) -> None:
    """511.2 / 603.7: delayed triggered abilities waiting for this moment trigger now, once, and are gone."""
    # One created after this turn's end step began waits for the next turn's (603.7b, lki "not_before").
    due = [t for t in state.delayed if t.ability.when == at and t.lki.get("not_before", 0) <= state.turn]
    state.delayed = [t for t in state.delayed if t not in due]
    for t in due:
        _add_trigger(state, t.controller, t.source, t.source_name, t.ability, t.lki)


def observe_all(state: MagicState, events: list[Event]) -> None:
    """Several objects moved at once (a "destroy all", state-based actions, 704.3): each leaves-the-battlefield
    ability looks back in time and sees every object that left with it (603.10a)."""
    for e in events:
        observe(state, e, together=events)


def observe(state: MagicState, e: Event, together: Sequence[Event] = ()) -> None:
    """603.2: abilities whose trigger event matches `e` trigger now; they wait in `state.triggers` until a player
    would receive priority. Leaves-the-battlefield abilities look back in time (603.10a): the object's last known
    information decides, and objects that left in the same event (`together`) still see it."""
    d = e.data
    if e.kind in GENERAL_EVENTS:
        _observe_general(state, e, together)
    if e.kind == "move":
        dies = d["from"] == "battlefield" and d["to"] == "graveyard"
        leaves = d["from"] == "battlefield"
        if leaves:
            lki = state.lki.get(d["object"], {})
            # 603.10a / 707.2: the abilities it had as it left (a copy's, none if it had lost them), not its card's
            abilities = list(lki.get("triggers", ()))
            # 603.4 / 702.79a: persist's intervening "if it had no -1/-1 counters" is checked as it triggers.
            if dies and "persist" in lki.get("keywords", ()):
                # 113.2c: each instance of persist triggers on its own; once one returns the card, the next finds
                # it gone (a new object) and does nothing.
                for _ in range(1 + lki.get("extra", {}).get("persist", 0)):
                    abilities.append(PERSIST if not lki.get("counters", {}).get("-1/-1") else PERSIST_FALSE)
            for ab in abilities:
                # 603.10a: leaves-the-battlefield abilities look back: the one leaving sees itself leave.
                if ((ab.when == "dies" and dies or ab.when == "leaves") and ab.of == "self" or
                        ab.when == "dies" and dies and ab.of == "creature" and "creature" in lki.get("types", ())) \
                        and _had(ab, lki):
                    # 603.10a / 113.7a: its source is the object that left (read through its last known
                    # information); `source_now` is the card it became in its new zone (400.7), for effects
                    # that act on that card (persist, 702.79a).
                    _add_trigger(state, lki.get("controller") or d.get("owner", ""), d["object"], d["card"], ab,
                                 {**lki, "source_now": d["new"]})
        if dies:
            lki = state.lki.get(d["object"], {})
            if "creature" in lki.get("types", ()):
                for o, abilities in _triggered_permanents(state):
                    if o.zone != "battlefield":
                        continue
                    for ab in abilities:
                        if ab.when == "dies" and ab.of in ("creature", "another_creature") and _had(ab, lki):
                            _add_trigger(state, o.controller, o.id, o.card, ab, lki)
                for other in together:          # 603.10a: those that died with it look back and see it die
                    od = other.data
                    if other is e or od.get("from") != "battlefield" or od.get("to") != "graveyard":
                        continue
                    olki = state.lki.get(od["object"], {})
                    for ab in olki.get("triggers", ()):     # those it had as it left (603.10a)
                        if ab.when == "dies" and ab.of in ("creature", "another_creature") and _had(ab, lki):
                            # 603.10a: its source is the object that died too (last known information, 113.7a).
                            _add_trigger(state, olki.get("controller") or olki.get("owner", ""), od["object"],
                                         od["card"], ab, {**lki, "source_now": od["new"]})
        if d["to"] == "battlefield":
            new = state.objects.get(d["new"])
            if new is None:
                return
            for o, abilities in _triggered_permanents(state):
                if o.zone != "battlefield":
                    continue
                for ab in abilities:
                    if ab.when != "enters":
                        continue
                    if ab.of == "self" and o.id == new.id or ab.of == "creature" and is_creature(state, new) or \
                            ab.of == "another_creature" and o.id != new.id and is_creature(state, new) or \
                            ab.of == "opponents_creature" and new.controller != o.controller and \
                            is_creature(state, new) or \
                            ab.of == "your_creature" and new.controller == o.controller and is_creature(state, new):
                        if ab.where and not has_all(state, new, chars(state, new), ab.where):
                            continue
                        # "that creature" of the effects is the one that entered
                        _add_trigger(state, o.controller, o.id, o.card, ab, {"that": new.id})
    elif e.kind in ("attack", "block"):
        o = state.objects.get(d["object"])
        if o is not None:
            # "esa criatura": the trigger remembers the other creature of the event (the attacker it blocks)
            that = {"that": d["attacker"]} if e.kind == "block" else {}
            for ab in _abilities(state, o):
                if ab.when == ("attacks" if e.kind == "attack" else "blocks"):
                    _add_trigger(state, o.controller, o.id, o.card, ab, that)
        a = state.objects.get(d.get("attacker", "")) if e.kind == "block" else None
        if a is not None:
            for ab in _abilities(state, a):      # 509.1i / 603.2e: "becomes blocked by a creature": once per blocker
                if ab.when == "blocked":
                    _add_trigger(state, a.controller, a.id, a.card, ab, {"that": d["object"]})
    elif e.kind == "step":
        for o, abilities in _triggered_permanents(state):
            if o.zone != "battlefield":
                continue
            for ab in abilities:
                whose = ab.whose == "each" or (ab.whose == "opponents") == (o.controller != state.active)
                if ab.when == d["step"] and whose and condition_holds(state, o.controller, ab.condition,
                                                                      ab.condition_n):
                    _add_trigger(state, o.controller, o.id, o.card, ab)
    elif e.kind == "counters":
        o = state.objects.get(d["object"])
        if o is None or d["amount"] <= 0:
            return
        creature = is_creature(state, o)
        for w, abilities in _triggered_permanents(state):
            if w.zone != "battlefield":
                continue
            for ab in abilities:
                if ab.when != "counter_put" or ab.counter not in ("", d["counter"]):
                    continue
                if ab.of == "self" and w.id == o.id or ab.of == "creature" and creature:
                    # "Siempre que se coloque un contador": once per counter (122.6 counts entering with them too)
                    for _ in range(d["amount"] if ab.each_counter else 1):
                        _add_trigger(state, w.controller, w.id, w.card, ab)
    elif e.kind == "untap":
        o = state.objects.get(d["object"])
        if o is not None:
            for ab in _abilities(state, o):
                if ab.when == "untapped":
                    _add_trigger(state, o.controller, o.id, o.card, ab)
    elif e.kind == "damage":
        for ref, when in ((d["source"], "deals_damage"), (d["target"], "dealt_damage")):
            o = state.objects.get(ref)
            if o is not None and o.zone == "battlefield":
                for ab in _abilities(state, o):
                    if ab.when == when and (when == "dealt_damage" or _damage_matches(state, ab, o, d)):
                        _add_trigger(state, o.controller, o.id, o.card, _bind_damaged(ab, d["target"]),
                                     {"damaged": d["target"]})
    elif e.kind == "cast":
        # 601.2i: "when you cast" abilities trigger as the spell becomes cast; they work from the stack (113.6k).
        o = state.objects.get(d["object"])
        if o is not None:
            for ab in state.card(o).triggers:
                if ab.when == "cast":
                    _add_trigger(state, d["player"], o.id, o.card, ab)


# The events "whenever a player draws / gains life / loses life / a card changes zones" abilities watch (603.2).
GENERAL_EVENTS = ("draw", "life", "move")
GENERAL_WHEN = ("draw", "life_gain", "life_loss", "zone_change")


def _general_when(state: MagicState, e: Event) -> tuple[str, str] | None:
    """(the `when` an event matches, the player it concerns: who drew, gained or lost life, whose card moved), or
    None. 119.9: gaining 0 life is no life-gain event; a token is not a card (111.1, 108.2), so it matches no
    "card is put into …" ability."""
    d = e.data
    if e.kind == "draw":
        return None if d.get("empty") else ("draw", d["player"])
    if e.kind == "life":
        delta = d.get("delta", 0)
        return None if not delta else ("life_gain" if delta > 0 else "life_loss", d["player"])
    lki = state.lki.get(d["object"], {})
    if lki.get("token"):
        return None
    return "zone_change", lki.get("owner", "")


def _general_matches(ab: Triggered, when: str, player: str, controller: str, d: dict[str, Any]) -> bool:
    """603.2: the ability's event is this one: its `whose` (you: the event's player is its controller; opponents;
    each) and, for a zone change, its `from_zone` / `to_zone`."""
    if ab.when != when:
        return False
    if ab.whose != "each" and (ab.whose == "opponents") != (player != controller):
        return False
    if when == "zone_change":
        return ab.from_zone in ("", d["from"]) and ab.to_zone in ("", d["to"])
    return True


def _observe_general(state: MagicState, e: Event, together: Sequence[Event]) -> None:
    """603.2 / 603.2c: a draw (121.1, one per card), a life gain or loss (119.3, 119.9: once per event, whatever the
    amount) or a card's zone change (400.7) triggers the matching abilities of the permanents on the battlefield,
    once per event. A permanent that leaves the battlefield in the zone change looks back in time (603.10a): it sees
    its own move and the moves of those that left with it (`together`); its ability's source is the object that
    left, read through its last known information (113.7a), as for the dies abilities that look back (`observe`)."""
    got = _general_when(state, e)
    if got is None:
        return
    when, player = got
    for o, abilities in _triggered_permanents(state):
        if o.zone != "battlefield":
            continue
        for ab in abilities:
            if _general_matches(ab, when, player, o.controller, e.data):
                _add_trigger(state, o.controller, o.id, o.card, ab,
                             {"player": player, **({"paid": True} if e.data.get("paid") else {})})
    if e.kind != "move" or e.data["from"] != "battlefield":
        return
    for other in (together or (e,)):          # 603.10a: what left the battlefield with it looks back
        od = other.data
        if other.kind != "move" or od.get("from") != "battlefield":
            continue
        olki = state.lki.get(od["object"], {})
        gone = state.objects.get(od["new"])
        if gone is None:
            continue
        controller = olki.get("controller") or gone.owner
        for ab in olki.get("triggers", ()):        # the abilities it had as it left (603.10a, 707.2)
            if _general_matches(ab, when, player, controller, e.data):
                # 603.10a, 113.7a: its source is the object that left; `source_now` is the card it became (400.7)
                _add_trigger(state, controller, od["object"], gone.card, ab,
                             {"player": player, "source_now": gone.id})


def _damage_matches(state: MagicState, ab: Triggered, o: MagicObject, d: dict[str, Any]) -> bool:
    """A "deals damage" trigger's conditions: to a player / an opponent, combat damage, at least N in one event
    (one damage event: damage dealt at different times is not added up, 603.2c)."""
    to = d["target"]
    if ab.to_whom == "player" and not state.has_player(to):
        return False
    if ab.to_whom == "opponent" and (not state.has_player(to) or to == o.controller):
        return False
    if ab.combat and not d.get("combat"):
        return False
    return d.get("amount", 0) >= ab.at_least


def _bind_damaged(ab: Triggered, damaged: str) -> Triggered:
    """A target "that player controls" becomes the player the damage was dealt to."""
    from dataclasses import replace
    if not any(t.controller == "damaged_player" for t in ab.targets):
        return ab
    return replace(ab, targets=tuple(replace(t, controller=f"player:{damaged}") if t.controller == "damaged_player"
                                     else t for t in ab.targets))


def _had(ab: Triggered, lki: dict[str, Any]) -> bool:
    """603.4: "if it had a -1/-1 counter on it": checked as it triggers, on the last known information."""
    return not ab.had_counter or bool(lki.get("counters", {}).get(ab.had_counter))


_TRIGGERED: dict[tuple[int, int], tuple[Any, Any, tuple[Triggered, ...]]] = {}


def _abilities(state: MagicState, o: MagicObject, c: layers.Chars | None = None) -> list[Triggered]:
    """Its printed triggered abilities and those effects grant it (613.1f, 113.10); none off the battlefield
    (with `c`, its characteristics as a permanent: those it has with them, whatever its `zone` says now)."""
    if c is None:
        if o.zone != "battlefield":
            return []
        c = chars(state, o)
    card = state.card(o)
    # Worked out once per card and characteristics (a permanent's Chars is frozen and kept while unchanged).
    hit = _TRIGGERED.get((id(card), id(c)))
    if hit is None or hit[0] is not card or hit[1] is not c:
        if len(_TRIGGERED) > 10_000:
            _TRIGGERED.clear()
        if c.abilities_lost or c.land_types_set:           # 305.7: no abilities from its rules text
            found = tuple(c.triggers)
        else:
            found = (*card.triggers, *c.triggers)
        hit = _TRIGGERED[(id(card), id(c))] = (card, c, found)      # kept: their id()s too
    return list(hit[2])


def _triggered_permanents(state: MagicState) -> tuple[tuple[MagicObject, tuple[Triggered, ...]], ...]:
    """The permanents that have triggered abilities, with those abilities (`_abilities`), in battlefield order:
    listed again only when the layers' results are another dict (the same dict: the same permanents, in the same
    order, with the same characteristics and copy effects). An object on its way in or out may be in the list
    with another `zone`: the caller skips it, as `_abilities` gives it none."""
    cache = layers.compute(state)
    hit = state.extra.get("triggered")
    if hit is None or hit[0] is not cache:
        found = []
        for o in state.battlefield():
            abilities = _abilities(state, o, cache[o.id])
            if abilities:
                found.append((o, tuple(abilities)))
        hit = state.extra["triggered"] = (cache, tuple(found))
    return hit[1]


# -- state-based actions --------------------------------------------------------------------------------------------
def check_sba(state: MagicState, out: list[Step]) -> bool:
    """704.3: perform every applicable state-based action at once, then check again, until none applies."""
    any_done = False
    for _ in range(100):
        if state.over:
            return any_done
        done = _sba_once(state, out)
        if not done:
            return any_done
        any_done = True
    return any_done


def _sba_once(state: MagicState, out: list[Step]) -> bool:
    # A check that found nothing to do is not repeated while nothing it reads changed (`_sba_inputs`).
    quiet = _sba_inputs(state)
    if state.extra.get("sba_quiet") == quiet:
        return False
    done = _sba_check(state, out)
    if not done:
        state.extra["sba_quiet"] = _sba_inputs(state)      # after its resets (deathtouch marks, empty draws)
    return done


def _sba_inputs(state: MagicState) -> tuple:
    """What the state-based checks read: every object with its fields and counters, every zone and each player's
    own fields (all of them counted by `edits`), the characteristics (the layers' result) and cards (copy
    effects), the objects and continuous effects there are, whether the game is over."""
    return (edits(), layers.compute(state), state.copies, len(state.objects), len(state.effects), state.over)


_IS_TOKEN = attrgetter("token")


def _sba_check(state: MagicState, out: list[Step]) -> bool:
    cache = layers.compute(state)
    done = False
    losers = []
    for p in state.players:
        mp: MagicPlayer = p  # type: ignore[assignment]
        if mp.lost:
            continue
        if mp.lives <= 0:
            losers.append((mp, "704.5a", f"{mp.name} tiene {vidas(mp.lives)}"))
        elif mp.drew_from_empty:
            losers.append((mp, "704.5b", f"{mp.name} intentó robar de una biblioteca vacía"))
        if mp.drew_from_empty:
            mp.drew_from_empty = False
    for mp, rule, why in losers:
        mp.lost = True
        done = True
        extra = ["121.4"] if rule == "704.5b" else ["104.3b"]
        emit(state, out, "state-based", mp.name, f"{why}: pierde la partida", cr("704.3", rule, *extra),
             [Event("lose", {"player": mp.name})])
    alive = [p for p in state.players if not p.lost]
    if losers and len(alive) <= 1:
        state.over = True
        state.winner = alive[0].name if alive else None
        state.priority = None
        emit(state, out, "state-based", state.winner,
             f"{state.winner} gana la partida: sus oponentes la han dejado" if state.winner else
             "todos los jugadores pierden a la vez: la partida es un empate", cr("104.2a") if state.winner
             else cr("104.4a"), [Event("win", {"player": state.winner})] if state.winner else [])
        return True
    # 704.5d: tokens off the battlefield cease to exist.
    for o in [o for o in filter(_IS_TOKEN, state.objects.values()) if o.zone != "battlefield"]:
        cease_to_exist(state, o)
        done = True
        emit(state, out, "state-based", None, f"la ficha {o.card} ({o.id}) deja de existir fuera del campo de "
             "batalla", cr("704.3", "704.5d", "111.7"), [Event("cease", {"object": o.id})])
    to_grave: list[tuple[MagicObject, str, str]] = []
    # One pass over the battlefield: each permanent's own checks, then its deathtouch mark is spent, and the
    # legends are grouped by controller and name for 704.5j.
    legends: dict[tuple[str, str], list[MagicObject]] = {}
    bf = state.battlefield()
    for o in bf:
        c = cache[o.id]
        card = state.card(o)
        if "legendary" in card.supertypes:
            legends.setdefault((o.controller, o.card), []).append(o)
        dies = None
        if "creature" in c.types:
            if c.toughness <= 0:
                dies = ("704.5f", f"su resistencia es {c.toughness}")
            elif "indestructible" not in c.keywords:
                if o.damage >= c.toughness:
                    dies = ("704.5g", f"tiene {o.damage} de daño y resistencia {c.toughness}: es destruida")
                elif o.deathtouch_hit:
                    dies = ("704.5h", "recibió daño de una fuente con toque mortal: es destruida")
        if o.deathtouch_hit:
            o.deathtouch_hit = False
        if dies is not None:
            to_grave.append((o, *dies))
        elif card.is_aura and card.targets and card.targets[0].kind == "player":
            # 303.4c: an Aura enchanting a player who has left the game (or none) is put into the graveyard
            if not (o.attached_to and state.has_player(o.attached_to) and not state.player(o.attached_to).lost):
                to_grave.append((o, "704.5m", "es un Aura que no encanta a un jugador de la partida"))
        elif card.is_aura:
            host = state.objects.get(o.attached_to or "")
            ok = host is not None and host.zone == "battlefield" and (not card.targets or _enchantable(
                state, card.targets[0], host, cache))
            guard = protected_from(state, host.id, o.id) if ok and host is not None else None
            if not ok:
                to_grave.append((o, "704.5m", "es un Aura que no está anexada a un objeto legal"))
            elif guard:
                to_grave.append((o, "704.5m", f"es un Aura y lo que encanta {guard} (702.16c)"))
    # 704.5j: the legend rule, one choice per player and name.
    for (player, card_name), group in legends.items():
        if len(group) < 2:
            continue
        ids = [o.id for o in group]
        q = Question("legend", player, tuple(ids), f"{player} elige cuál de sus {card_name} legendarios conserva "
                     f"(una de {', '.join(ids)}); las demás van al cementerio", tuple(cr("704.5j")))

        def valid(ans: Any, ids: list[str] = ids) -> Any:
            if len(ans.values) != 1 or ans.values[0] not in ids:
                return (f"se esperaba una de {', '.join(ids)}", cr("704.5j"))
            return None
        keep = ask(state, out, q, valid).values[0]
        to_grave += [(o, "704.5j", f"regla de leyendas: {player} conserva {keep}") for o in group if o.id != keep]
    # 704.5q: +1/+1 and -1/-1 counters annihilate. All these actions happen at once (704.3): a permanent that
    # leaves in this check is seen as it was just before, with all its counters (persist, 702.79a, looks at them).
    leaving = {o.id for o, _, _ in to_grave}
    for o in bf:
        if o.id in leaving:
            continue
        plus, minus = o.counters.get("+1/+1", 0), o.counters.get("-1/-1", 0)
        if plus and minus:
            n = min(plus, minus)
            state.touch()
            for k in ("+1/+1", "-1/-1"):
                o.counters[k] -= n
                if not o.counters[k]:
                    del o.counters[k]
            done = True
            emit(state, out, "state-based", o.controller, f"{o.card} ({o.id}) pierde {n} contador(es) +1/+1 y {n} "
                 "-1/-1, que se anulan", cr("704.3", "704.5q", "122.3"),
                 [Event("counters", {"object": o.id, "counter": "+1/+1", "amount": -n}),
                  Event("counters", {"object": o.id, "counter": "-1/-1", "amount": -n})], [o])
    seen: set[str] = set()
    batch: list[Event] = []
    # 704.3: they all happen at once; what each was is taken before any moves (603.10a)
    before = last_known_all(state, [o for o, _, _ in to_grave if state.objects.get(o.id) is o])
    for o, rule, why in to_grave:
        if o.id in seen or state.objects.get(o.id) is not o:
            continue
        seen.add(o.id)
        done = True
        if rule in ("704.5g", "704.5h") and regenerated(state, out, o, cr("704.3", rule)):
            continue                         # 701.19a: destruction replaced (not a 0-toughness death)
        extra = ["702.2b"] if rule == "704.5h" else ["120.5"] if rule == "704.5g" else []
        move(state, out, o, "graveyard", cites=[*cr("704.3", rule, *extra), *named(why)], why=why, kind="state-based", batch=batch,
             seen=before)
    observe_all(state, batch)
    return done


def can_enchant(state: MagicState, spec: Any, host: MagicObject) -> bool:
    """Whether an Aura whose enchant ability is `spec` could be attached to `host` now (303.4a)."""
    return _enchantable(state, spec, host, layers.compute(state))


def _enchantable(state: MagicState, spec: Any, host: MagicObject, cache: dict) -> bool:
    c = cache.get(host.id)
    if c is None:
        return False
    if spec.kind == "creature":
        return "creature" in c.types
    if spec.kind in ("land", "artifact", "enchantment"):
        return spec.kind in c.types
    return True


def _control_effects(state: MagicState) -> dict[str, tuple[int, str, str]]:
    """Per permanent, the control-changing effect that decides its controller in layer 2: the newest one applying
    to it (613.1b, 613.7): (timestamp, source's name, controller)."""
    newest: dict[str, tuple[int, str, str]] = {}
    for ce in state.effects:
        if ce.effect.kind == "gain_control":
            for ref in ce.affected:
                if ref not in newest or ce.timestamp > newest[ref][0]:
                    newest[ref] = (ce.timestamp, ce.source_name, ce.controller)
    return newest


def sync_control(state: MagicState, out: list[Step] | None = None) -> None:
    """Layer 2 decides who controls a permanent (613.1b); keep each permanent in its controller's battlefield list,
    and say why control changed: a newer control-changing effect applies (613.7: the newest one wins), or the one
    that gave control ended (611.2a) and an older one, or none (the controller it entered under), decides now."""
    cache = layers.compute(state)
    # Nothing to do again while the layers' results are the same dict and nothing was edited since the last time.
    done = state.extra.get("control_synced")
    if done is not None and done[0] is cache and done[1] == edits():
        return
    was = state.extra.get("control_by") or {}       # the deciding effect at the last check (game state: undone too)
    now = _control_effects(state)
    for o in state.battlefield():
        c = cache[o.id]
        if c.controller != o.controller:
            before = o.controller
            state.touch()
            state.player(o.controller).zones["battlefield"].remove(o)
            o.controller = c.controller
            o.sick = True                     # 302.6: a new controller has not controlled it since their turn began
            in_combat = o.attacking is not None or bool(o.blocking)
            o.attacking, o.blocking, o.blocked = None, (), False     # 506.4: control change removes from combat
            state.player(o.controller).zones["battlefield"].append(o)
            if out is not None:
                _say_control(state, out, o, before, was.get(o.id), now.get(o.id), in_combat)
    if now != was:
        state.extra["control_by"] = now
    state.extra["control_synced"] = (cache, edits())


def _say_control(state: MagicState, out: list[Step], o: MagicObject, before: str,
                 prev: tuple[int, str, str] | None, cur: tuple[int, str, str] | None, in_combat: bool) -> None:
    """The step of a control change, with its cause: the effect that began applying (a resolution), or the one that
    ended (turn-based: 514.2 in the cleanup step; 611.2a) and what decides now; a creature in combat leaves it
    (506.4)."""
    back = o.controller == o.entered_under
    head = f"{o.controller} {'vuelve a controlar' if back else 'pasa a controlar'} {o.card} ({o.id}), que controlaba {before}"
    ended = prev is not None and prev != cur and (cur is None or cur[0] < prev[0])
    if ended:
        assert prev is not None
        why = f"terminó el efecto de {prev[1]} que le daba el control a {prev[2]}"
        if cur is not None:
            why += (f"; ahora se aplica el de {cur[1]} (marca de tiempo {cur[0]}), el más reciente de los que "
                    "quedan")
        else:
            why += "; ningún otro efecto cambia su control"
        kind, rules = "turn-based", ["613.1b", "611.2a", *(["613.7"] if cur else []),
                                     *(["514.2"] if state.phase == "cleanup" else []), "302.6"]
    elif cur is not None:
        why = (f"se aplica el efecto de {cur[1]} (marca de tiempo {cur[0]}), el más reciente que cambia su control"
               + (f", posterior al de {prev[1]} (marca de tiempo {prev[0]})" if prev is not None else ""))
        kind, rules = "resolution", ["613.1b", "613.7", "302.6"]
    else:
        why, kind, rules = "", "resolution", ["613.1b", "302.6"]
    if in_combat:
        why += ("; " if why else "") + "deja de estar en combate"
        rules.insert(-1, "506.4")
    emit(state, out, kind, o.controller, head + (f": {why}" if why else ""), cr(*rules),
         [Event("control", {"object": o.id, "from": before, "to": o.controller})], [o])


def state_condition_holds(state: MagicState, o: MagicObject, ab: Triggered) -> bool:
    """The game state a state trigger waits for (603.8)."""
    if ab.state_condition == "no_permanents_of_chosen_color":
        if not o.chosen:
            return False              # no colour was chosen: the condition is undefined and never true
        cache = layers.compute(state)
        return not any(p.controller == o.controller and o.chosen in cache[p.id].colors for p in state.battlefield())
    return False


def check_state_triggers(state: MagicState) -> None:
    """603.8: a state trigger triggers as soon as its state is true, and not again while that ability is waiting
    or on the stack."""
    # The permanents with a state trigger are listed again only when the layers' results are new: the same dict
    # from layers.compute is the same permanents with the same characteristics and copy effects. (An object on
    # its way in or out may be in the battlefield's list with another `zone`: that is read each time.)
    cache = layers.compute(state)
    hit = state.extra.get("state_triggers")
    if hit is None or hit[0] is not cache:
        found = tuple((o, ab) for o, abilities in _triggered_permanents(state) for ab in abilities
                      if ab.when == "state")
        hit = state.extra["state_triggers"] = (cache, found)
    for o, ab in hit[1]:
        if o.zone != "battlefield" or not state_condition_holds(state, o, ab):
            continue
        waiting = any(t.source == o.id and t.ability is ab for t in state.triggers) or \
            any(i.kind == "trigger" and i.source == o.id and i.effects == ab.effects for i in state.stack)
        if not waiting:
            _add_trigger(state, o.controller, o.id, o.card, ab)


def require(cond: bool, reason: str, *rules: str) -> None:
    if not cond:
        raise IllegalAction(reason, cr(*rules))


def keyword_name(k: str) -> str:
    return KEYWORDS.get(k, k)


__all__ = ["emit", "move", "deal_damage", "draw", "gain_life", "lose_life", "put_counters", "observe", "check_sba",
           "ChoiceNeeded", "Replacement"]
