"""Verbs that create continuous effects (611): the ones in a layer of 613 (control 2, text 3, type 4, colour 5,
abilities 6, power/toughness 7b–7d), prevention (615), becoming a copy (707.2) and the marks a rule reads (a spell
that can't be countered, 101.2; a creature that must block, 509.1c); and protection (702.16), static only."""
from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from judge.engine.rulesets.magic import core, effects, layers, sba
from judge.engine.rulesets.magic import keyword
from judge.engine.rulesets.magic.cards import BASIC_LAND_TYPES, CARD_TYPES, Effect
from judge.engine.rulesets.magic.cites import cr
from judge.engine.rulesets.magic.protection import said as said_protection
from judge.engine.rulesets.magic.qualities import where_rules
from judge.engine.rulesets.magic.state import ContinuousEffect
from judge.engine.rulesets.magic.text import PLURAL, _de, _describe, _is, _to, _trigger_text, describe_effect, keyword_said
from judge.engine.rulesets.magic.verb import LASTING, Acting, Resolution, Verb, register
from judge.engine.rulesets.magic.vocabulary import COUNT_SCOPES, STATIC_SCOPES
from judge.engine.step import Event
from judge.format.validate import join
from judge.messages import Message

if TYPE_CHECKING:
    from judge.engine.rulesets.magic.cardschema import CardReader
    from judge.engine.rulesets.magic.layers import Chars


class Lasting(Verb):
    """A verb whose resolution creates one continuous effect on the objects it affects now (611.2c), with a
    timestamp (613.7b)."""
    keys = LASTING
    cites_where = False              # the group's qualities are cited as it is fixed (611.2c), below

    def resolve(self, r: Resolution) -> None:
        state, out, controller, source, source_name, e, n = (r.state, r.out, r.controller, r.source, r.source_name,
                                                             r.e, r.n)
        k, base, targets = e.kind, r.base, r.targets
        # "That creature has haste": only the linked objects still on the battlefield (603.7c, 400.7).
        refs = tuple(ref for ref in r.subjects if e.to != "linked" or state.objects[ref].zone == "battlefield")
        if not refs:
            if e.to in layers.GROUPS:
                # The group is fixed now (611.2c): empty now, the effect affects nothing, ever.
                core.emit(state, out, "resolution", controller, Message("magic.lasting.none_now", source=source_name,
                                                                          effect=describe_effect(e)),
                          [*base, *cr("611.2c", *where_rules(e.where))])
            return
        if k == "land_types" and e.choose:
            e = replace(e, types=(effects.choose_land_type(state, out, controller, source_name),), choose=False)
        if any(e.counted):
            # "Target creature becomes X/X, where X is …": X is counted once, as it resolves (608.2h).
            e = replace(e, power=n if e.counted[0] else e.power, toughness=n if e.counted[1] else e.toughness,
                        counted=(False, False), count="", count_where=(), amount=0)
        if k == "set_color" and e.choose:
            e = replace(e, colors=effects.choose_colors(state, out, controller, source_name, 1, 5), choose=False)
        copied = None
        model_name = ""                              # become_copy: the object copied, for the step
        if k == "become_copy" and e.of < 0:
            base += cr("707.9a")              # the copy gains this ability as part of the copying
            copied = effects._copy_of_event(state, source, e, r.ctx)
            if copied is None:
                return
            model_name = Message("magic.lasting.copy_gaining", card=copied.name)
        elif k == "become_copy":
            ref = targets[e.of] if e.of < len(targets) else None
            model = state.objects.get(ref or "")
            if model is None or model.zone != "battlefield":
                core.emit(state, out, "resolution", controller, Message("magic.lasting.copy_gone", source=source_name),
                          [*base, *cr("608.2b")])
                return
            # "Each other creature becomes a copy of it": the one copied is not among them (a copy of itself
            # would change nothing).
            refs = tuple(x for x in refs if x != model.id)
            if not refs:
                return
            base_card = state.card(model)            # 707.2: copiable values, themselves copies if it is one
            copied = replace(base_card, is_token=False)
            model_name = core.name(state, model.id)
        ce = ContinuousEffect(effect=e, source=source, source_name=source_name, controller=controller,
                              timestamp=state.tick(), affected=refs, duration=e.duration,
                              remaining=(-1 if n < 0 else n) if k == "prevent" else 0, copied=copied)
        state.set_effects(state.effects + [ce])
        affected = [core.name(state, x) for x in refs]
        # 707.2: which object becomes a copy of which (the affected ones in parentheses read as the one copied)
        what = Message("magic.lasting.copy", affected=affected, n=len(refs), model=model_name,
                       until=Message("magic.lasting.until_eot") if e.duration == "end_of_turn" else "") \
            if model_name else Message("magic.lasting.effect", effect=describe_effect(e), affected=affected)
        core.emit(state, out, "resolution", controller, Message("magic.lasting", source=source_name, what=what,
                                                                 timestamp=ce.timestamp),
                  [*base, *cr("611.2c", "613.7b")], [Event("effect", {"kind": k, "affected": list(refs)})],
                  [state.objects.get(x) for x in refs])
        if k == "gain_control":
            sba.sync_control(state, out)


class LastingOn(Lasting, Acting):
    """A lasting verb whose argument names what it affects: «switch_pt: target»."""


class PowerToughness(Lasting):
    """pump, set_pt (and define_pt, verbs/pt_count.py): «[power, toughness]», each a number or «count»: the number
    the effect's `count` counts ("X/X where X is the number of Forests you control", `count:
    permanents_you_control, count_where: [subtype:Bosque]`; filters.count)."""
    static = True
    keys = (*LASTING, "count", "count_where")
    builder_arg = {"type": "pt", "default": [1, 1]}

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        c = reader.check
        seq = c.sequence(p, arg, max_items=2)
        if seq is None or len(seq) != 2:
            if seq is not None:
                c.error(p, Message("magic.verb.expected_pt"))
            return False
        counted = tuple(v == "count" for v in seq)
        pw = 0 if counted[0] else c.integer(join(p, 0), seq[0], minimum=-99, maximum=99)
        th = 0 if counted[1] else c.integer(join(p, 1), seq[1], minimum=-99, maximum=99)
        if pw is None or th is None:
            return False
        kw.update(power=pw, toughness=th)
        if any(counted):
            kw["counted"] = counted
            if "count" not in m:
                c.error(join(path, "count"), Message("magic.verb.count_needed"))
                return False
            if scopes is STATIC_SCOPES and m["count"] not in COUNT_SCOPES:
                c.error(join(path, "count"), Message("magic.verb.count_group", scopes=list(COUNT_SCOPES)))
                return False
        elif "count" in m:
            c.error(join(path, "count"), Message("magic.verb.count_unused"))
            return False
        return True

    @staticmethod
    def pt(e: Effect) -> tuple[str, str]:
        """Power and toughness as said: «X» where the count goes."""
        return ("X" if e.counted[0] else str(e.power)), ("X" if e.counted[1] else str(e.toughness))


@register
class Pump(PowerToughness):
    name, label, order, rules, layer = "pump", ("+F/+R", "+P/+T"), 11, ("613.4c", "611.2a"), 7.3

    texts = {
        '': ('{to} obtiene {pw}/{th}{dur}',
               '{to} gets {pw}/{th}{dur}'),
        'many': ('{to} obtienen {pw}/{th}{dur}',
               '{to} get {pw}/{th}{dur}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        if any(e.counted):
            pw, th = (("+X" if x else f"{v:+d}") for x, v in zip(e.counted, (e.power, e.toughness)))
        else:
            pw, th = f"{e.power:+d}", f"{e.toughness:+d}"
        one = e.to in ('target', 'self', 'enchanted', 'equipped')
        return self.say("" if one else "many", to=_to(e), pw=pw, th=th, dur=dur)

    def apply(self, e: Effect, c: "Chars", controller: str) -> None:
        c.power += e.power
        c.toughness += e.toughness

    def fuzz(self, rng: random.Random, slot: int) -> tuple[dict[str, Any], list[Any]]:
        if rng.random() < 0.2:
            return {"pump": [-rng.randint(1, 3), -rng.randint(1, 3)], "to": "target", "target": slot}, ["creature"]
        return {"pump": [rng.randint(0, 3), rng.randint(0, 3)], "to": "target", "target": slot}, ["creature"]


@register
class SetPT(PowerToughness):
    name, label, order, rules, layer = "set_pt", ("fijar F/R", "set P/T"), 12, ("613.4b", "611.2a"), 7.2
    fuzz_rank = 7

    texts = {
        '': ('{to} {is} {pw}/{th} (fuerza y resistencia base){dur}',
               '{to} {is} {pw}/{th} (base power and toughness){dur}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        pw, th = self.pt(e)
        return self.say(to=_to(e), pw=pw, th=th, dur=dur, **{"is": _is(e)})

    def apply(self, e: Effect, c: "Chars", controller: str) -> None:
        c.power, c.toughness = e.power, e.toughness

    def fuzz(self, rng: random.Random, slot: int) -> tuple[dict[str, Any], list[Any]]:
        return {"set_pt": [rng.randint(0, 4), rng.randint(1, 4)], "to": "target", "target": slot}, ["creature"]


@register
class SwitchPT(LastingOn):
    name, label, order, rules, layer = "switch_pt", ("intercambiar F y R", "switch P and T"), 13, ("613.4d",), 7.4
    static = True

    texts = {
        '': ('intercambia la fuerza y la resistencia {of}{dur}',
               'switch the power and toughness of {of}{dur}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(of=_de(e), dur=dur)

    def apply(self, e: Effect, c: "Chars", controller: str) -> None:
        c.power, c.toughness = c.toughness, c.power


class Keywords(Lasting):
    """grant, lose: a list of the keywords the engine models."""
    static = True
    layer = 6
    builder_arg = {"type": "multichoice", "options": "keywords"}

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        kws, unknown = reader.keywords(p, arg)
        if unknown:
            reader.check.error(p, Message("magic.verb.keywords_modelled"))
        kw["keywords"] = kws
        return True


@register
class Grant(Keywords):
    name, label, order, rules = "grant", ("otorgar habilidades", "grant keywords"), 14, ("613.1f",)
    keys = (*LASTING, "triggers")
    fuzz_rank = 5

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        super().parse(reader, path, p, arg, m, kw, scopes)
        if "triggers" in m:            # "and gains «when this creature attacks, …»"
            kw["abilities"] = tuple(t for i, raw in enumerate(reader.seq(join(path, "triggers"), m["triggers"]))
                                    if (t := reader.trigger(join(join(path, "triggers"), i), raw)) is not None)
        return True

    texts = {
        '': ('{to} gana {gained}{dur}',
               '{to} gains {gained}{dur}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        gained: list[Any] = [keyword_said(x) for x in e.keywords]
        gained += [Message("magic.fx.quoted", text=_trigger_text(t)) for t in getattr(e, "abilities", ())]
        return self.say(to=_to(e), gained=gained, dur=dur)

    def apply(self, e: Effect, c: "Chars", controller: str) -> None:
        for kw in e.keywords:
            if kw in c.keywords:
                c.extra = {**c.extra, kw: c.extra.get(kw, 0) + 1}
        c.keywords |= set(e.keywords)
        c.triggers.extend(e.abilities)

    def fuzz(self, rng: random.Random, slot: int) -> tuple[dict[str, Any], list[Any]]:
        return {"grant": [rng.choice(keyword.current().fuzz_pool)], "to": "target", "target": slot}, ["creature"]


@register
class Lose(Keywords):
    name, label, order, rules = "lose", ("perder habilidades", "lose keywords"), 15, ("613.1f", "113.10b")

    texts = {
        '': ('{to} pierde {lost}{dur}',
               '{to} loses {lost}{dur}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e), lost=[keyword_said(x) for x in e.keywords], dur=dur)

    def apply(self, e: Effect, c: "Chars", controller: str) -> None:
        c.keywords -= set(e.keywords)          # 113.10b: every instance of it
        c.extra = {kw: n for kw, n in c.extra.items() if kw not in e.keywords}


@register
class LoseAbilities(LastingOn):
    name, label, order, rules, layer = "lose_abilities", ("perder las habilidades", "lose abilities"), 16, \
        ("613.1f",), 6
    static = True

    texts = {
        '': ('{to} pierde todas sus habilidades{dur}',
               '{to} loses all abilities{dur}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e), dur=dur)

    def apply(self, e: Effect, c: "Chars", controller: str) -> None:
        c.keywords = set()
        c.extra = {}
        c.granted = ()
        c.triggers = []
        c.abilities_lost = True


@register
class SetColor(Lasting):
    name, label, order, rules, layer = "set_color", ("cambiar el color", "set colour"), 17, ("613.1e",), 5
    keys = (*LASTING, "additive")
    static = True
    builder_arg = {"type": "multichoice", "options": "colors"}

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        if arg == "chosen":
            kw["choose"] = True                    # "the color or colors of your choice", asked on resolution
        elif arg == "entered":
            kw["entered_choice"] = True            # "the chosen color": the one chosen as its source entered
        else:
            kw["colors"] = reader.colors(p, arg)
        return True

    texts = {
        '': ('{to} {is} de color {colors}{dur}',
               '{to} {is} {colors}{dur}'),
        'colourless': ('incoloro',
               'colourless'),
        'entered': ('{to} son del color elegido al entrar{also}{dur}',
               '{to} are the colour chosen as it entered{also}{dur}'),
        'also': (' además de sus otros colores',
               ' in addition to their other colours'),
        'choose': ('{to} es del color o colores que elija su controlador{dur}',
               '{to} is the colour or colours its controller chooses{dur}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        if getattr(e, "entered_choice", False):
            return self.say("entered", to=_to(e), also=self.say("also") if e.additive else "", dur=dur)
        if getattr(e, "choose", False):
            return self.say("choose", to=_to(e), dur=dur)
        return self.say(to=_to(e), colors="/".join(e.colors) or self.say("colourless"), dur=dur, **{"is": _is(e)})

    def apply(self, e: Effect, c: "Chars", controller: str) -> None:
        if e.additive:
            c.colors = tuple(dict.fromkeys((*c.colors, *e.colors)))   # 105.3: added; colourless becomes just that
        else:
            c.colors = tuple(e.colors)


@register
class AddType(Lasting):
    name, label, order, rules, layer = "add_type", ("añadir tipos", "add types"), 18, ("613.1d",), 4
    static = True
    builder_arg = {"type": "multichoice", "options": "types"}

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        kw["types"] = reader.types(p, arg)
        return True

    texts = {
        '': ('{to} {is} también {names}{dur}',
               '{to} {is} also {names}{dur}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        many = e.to in PLURAL          # «son también criaturas», "are also creatures": names, never ids
        names = [Message(f"magic.cardtype{'s' if many else ''}.{t}") if t in CARD_TYPES
                 else t.lower() + ("s" if many else "") for t in e.types]
        return self.say(to=_to(e), names=names, dur=dur, **{"is": _is(e)})

    def apply(self, e: Effect, c: "Chars", controller: str) -> None:
        c.types |= set(e.types)


@register
class LandTypes(Lasting):
    name, label, order, rules, layer = "land_types", ("tipos de tierra básica", "basic land types"), 40, \
        ("305.7", "613.1d"), 4
    keys = (*LASTING, "additive")
    static = True

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        c = reader.check
        if arg == "chosen":
            kw["choose"] = True                    # "choose a basic land type", asked on resolution
            return True
        names = c.string_list(p, arg, max_items=5) or []
        for i, t in enumerate(names):
            if t not in BASIC_LAND_TYPES:
                c.error(join(p, i), Message("magic.verb.unknown_land_type", type=t, types=list(BASIC_LAND_TYPES)))
        kw["types"] = tuple(t for t in names if t in BASIC_LAND_TYPES)
        return True

    texts = {
        '': ('{to} son de tipo {types}{also}{dur}',
               '{to} are {types}{also}{dur}'),
        'chosen': ('{to} son del tipo de tierra básica elegido{also}{dur}',
               '{to} are the chosen basic land type{also}{dur}'),
        'also': (' además de sus otros tipos',
               ' in addition to their other types'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        also = self.say("also") if e.additive else ""
        return self.say("chosen" if e.choose else "", to=_to(e), types=list(e.types), also=also, dur=dur)

    def apply(self, e: Effect, c: "Chars", controller: str) -> None:
        if e.additive:
            c.subtypes = (*c.subtypes, *(t for t in e.types if t not in c.subtypes))      # 305.6: it also has them
        else:
            c.subtypes = (*(t for t in c.subtypes if t not in BASIC_LAND_TYPES), *e.types)  # 305.7: the old ones go
            c.land_types_set = True


@register
class GainControl(LastingOn):
    name, label, order, rules, layer = "gain_control", ("ganar el control", "gain control"), 19, ("613.1b",), 2

    texts = {
        '': ('ganas el control {of}{dur}',
               'you gain control of {of}{dur}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(of=_de(e), dur=dur)

    def apply(self, e: Effect, c: "Chars", controller: str) -> None:
        c.controller = controller             # the effect's controller gains control


@register
class ChangeText(Lasting):
    name, label, order, rules, layer = "change_text", ("cambiar una palabra del texto", "change a word of its text"), \
        28, ("612.1", "612.2", "613.1c"), 3
    builder_arg = {"type": "json", "example": ["flying", "reach"]}

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        c = reader.check
        seq = c.sequence(p, arg, max_items=2)
        if seq is None or len(seq) != 2 or not all(isinstance(w, str) and w.strip() for w in seq):
            c.error(p, Message("magic.verb.expected_swap"))
            return False
        kws = keyword.current()
        old, new = (kws.keyword_id(w) or w for w in seq)
        if (old in kws.names) != (new in kws.names):
            c.error(p, Message("magic.verb.swap_same_kind"))
            return False
        kw["types"] = (old, new)
        return True

    texts = {
        '': ('en el texto {of}, «{old}» pasa a ser «{new}»{dur}',
               'in the text of {of}, «{old}» becomes «{new}»{dur}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        old, new = (keyword_said(w) for w in e.types)
        return self.say(of=_de(e), old=old, new=new, dur=dur)

    def apply(self, e: Effect, c: "Chars", controller: str) -> None:
        # 612.1-612.3: a word of its printed text: a keyword it has (granted ones come later, in layer 6) or a
        # subtype (a creature type word used as one).
        old, new = e.types
        if old in c.keywords:
            c.keywords = (c.keywords - {old}) | {new}
        c.subtypes = tuple(new if s == old else s for s in c.subtypes)


@register
class GrantAbility(Lasting):
    name, label, order, rules, layer = "grant_ability", ("otorgar una habilidad activada",
                                                         "grant an activated ability"), 36, ("613.1f",), 6
    static = True
    builder_arg = {"type": "json", "example": {"cost": "{1}", "put_counters": {"-1/-1": 1},
                                               "effects": [{"untap": "self"}]}}

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        ab = reader.activated(p, arg)
        if ab is None:
            return False
        kw["ability"] = ab
        return True

    texts = {
        '': ('{to} tiene «{cost}: {effects:join=; }»{dur}',
               '{to} has «{cost}: {effects:join=; }»{dur}'),
        'none': ('{to} gana una habilidad',
               '{to} gains an ability'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        if e.ability is None:
            return self.say("none", to=_to(e))
        return self.say(to=_to(e), cost=e.ability.cost_said(), effects=[_describe(x) for x in e.ability.effects],
                        dur=dur)

    def apply(self, e: Effect, c: "Chars", controller: str) -> None:
        if e.ability is not None:
            c.granted = (*c.granted, e.ability)


@register
class Prevent(Lasting):
    name, label, order, rules = "prevent", ("prevenir daño", "prevent damage"), 22, ("615.1", "615.7")
    builder_arg = {"type": "int", "min": 1, "max": 999, "default": 1, "allow_all": True}

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        if arg == "all":
            kw["amount"] = -1
            return True
        n = reader.check.integer(p, arg, minimum=1, maximum=999)
        if n is None:
            return False
        kw["amount"] = n
        return True

    texts = {
        '': ('previene los próximos {n} daño que se haría a {to}{dur}',
               'prevent the next {n} damage that would be dealt to {to}{dur}'),
        'all': ('previene todo el daño que se haría a {to}{dur}',
               'prevent all damage that would be dealt to {to}{dur}'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say("all" if e.amount < 0 else "", n=n, to=_to(e), dur=dur)


@register
class BecomeCopy(Lasting):
    name, label, order, rules = "become_copy", ("convertirse en copia", "become a copy"), 27, ("707.2", "613.2a")
    builder_arg = {"type": "int", "min": 0, "max": 4, "default": 0}

    def parse(self, reader: "CardReader", path: str, p: str, arg: Any, m: Mapping[str, Any],
              kw: dict[str, Any], scopes: tuple[str, ...]) -> bool | str:
        n = reader.check.integer(p, arg, minimum=0, maximum=4)
        if n is None:
            return False
        kw["of"] = n
        return True

    texts = {
        '': ('{to} se convierte en una copia del objetivo {n}{dur}',
               '{to} becomes a copy of target {n}{dur}'),
        'that': ('{to} se convierte en una copia de esa criatura y gana esta habilidad',
               '{to} becomes a copy of that creature and gains this ability'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        if e.of < 0:
            return self.say("that", to=_to(e))
        return self.say(to=_to(e), n=e.of + 1, dur=dur if e.duration == "end_of_turn" else "")


@register
class Uncounterable(LastingOn):
    name, label, order, rules = "uncounterable", ("no puede ser contrarrestado", "can't be countered"), 37, \
        ("101.2", "611.2a")
    keys = ("to", "target")

    texts = {
        '': ('{to} no puede ser contrarrestado por hechizos ni habilidades',
               "{to} can't be countered by spells or abilities"),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e))


@register
class MustBlock(LastingOn):
    name, label, order, rules = "must_block", ("debe bloquearla si puede", "must block it if able"), 38, \
        ("509.1c", "611.2a")
    keys = ("to", "target", "duration")

    texts = {
        '': ('{to} bloquea a esta criatura este turno si puede',
               '{to} blocks this creature this turn if able'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        return self.say(to=_to(e))


@register
class Protection(Verb):
    """702.16: `{protection: quality, to: self | controller}` in `static:` only (cardschema.protection reads it,
    protection.py applies it)."""
    name, label, order, rules = "protection", ("protección", "protection"), 39.5, ("702.16",)
    in_effects = False
    static = True

    texts = {
        '': ('tiene protección contra {quality}',
               'has protection from {quality}'),
        'controller': ('su controlador tiene protección contra {quality}',
               'its controller has protection from {quality}'),
        'chosen_name': ('el nombre elegido',
               'the chosen name'),
    }

    def text(self, e: Effect, n: "str | Message", dur: "str | Message") -> Message:
        quality = self.say("chosen_name") if e.quality == "chosen_name" else said_protection(e.quality)
        return self.say("controller" if e.to == "controller" else "", quality=quality)
