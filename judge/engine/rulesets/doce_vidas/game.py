"""The rules of doce-vidas applied to a state: the turn, playing cards, attacks, burning, the state-based checks.
Recording steps is steps.py (its names are passed on here); the actions offered, legal.py.

Every function that changes the state appends the steps it causes to `out`, each citing the passage it applies.
Illegal actions raise IllegalAction before anything changes.
"""
from __future__ import annotations

from collections.abc import Sequence

from judge.engine.errors import IllegalAction
from judge.engine.rulesets.doce_vidas import cites as C
from judge.engine.rulesets.doce_vidas.actions import Attack, Burn, Discard, EndTurn, Play
from judge.engine.rulesets.doce_vidas.cards import CardDef, Effect
from judge.engine.rulesets.doce_vidas.stack import (TempBoost, bonus_citations, bonus_givers, boost_sources, card_of,
                                                    creature_damage, creature_life, explain, reading_keys,
                                                    reading_order, side_order, with_stacks)
from judge.engine.rulesets.doce_vidas.steps import emit, involved, unmodelled
from judge.engine.rulesets.doce_vidas.state import DoceVidasState, FinishPreparation, Held, ResumeEffects
from judge.engine.state import GameObject, Player
from judge.engine.waiting import WaitingFor
from judge.engine.step import Event, Step
from judge.messages import Message

MAX_LIVES = 24
HAND_LIMIT = 2          # dv/turno/preparacion/3
DRAW_PER_TURN = 2       # dv/turno/preparacion/4


def alive(state: DoceVidasState) -> list[Player]:
    return [p for p in state.players if not p.lost]


def cards_list(objs: Sequence[GameObject]) -> str:
    return ", ".join(o.card for o in objs) if objs else "ninguna"


def cards(objs: Sequence[GameObject]) -> list[str] | Message:
    """cards_list as a message parameter: the names (joined with ", " in every language), or «ninguna»."""
    return [o.card for o in objs] or Message("dv.none")


# -- moving cards ---------------------------------------------------------------------------------------------
def move(state: DoceVidasState, obj: GameObject, zone: str, *, top: bool = False) -> Event:
    """Move `obj` to its owner's `zone` (the end of the list: the top of the pile, the right of the row)."""
    origin = obj.zone
    state.player(obj.owner).zones[origin].remove(obj)
    if origin == "board":
        obj.tapped, obj.damage, obj.attached_to = False, 0, None
    dest = state.player(obj.owner).zones[zone]
    if top and zone == "deck":
        dest.insert(0, obj)
    else:
        dest.append(obj)
    obj.zone = zone
    obj.timestamp = state.tick()
    return Event("move", {"object": obj.id, "card": obj.card, "owner": obj.owner, "from": origin, "to": zone})


def find_in(objs: Sequence[GameObject], ref: str) -> GameObject | None:
    """By id first, then the first card with that name (left to right)."""
    for o in objs:
        if o.id == ref:
            return o
    for o in objs:
        if o.card == ref:
            return o
    return None


def on_board(state: DoceVidasState, object_id: str) -> GameObject | None:
    for p in state.players:
        for o in p.zones["board"]:
            if o.id == object_id:
                return o
    return None


def leave_together(state: DoceVidasState, leaving: Sequence[GameObject], first: str) -> tuple[list[GameObject],
                                                                                         list[Event], list[str]]:
    """Move `leaving` and their enchantments to their owners' discard piles; (objects, events, citations).

    The permanents the card being resolved took out of play before (`hold`) go with them, all in one reading order
    (dv/stack/5): the order of the board as it was when the first of them left, from the side of that first
    destroy's target."""
    group = with_stacks(state, leaving, first)
    riders = len(group) > len(leaving)
    held, state.held = state.held, None
    if held is not None:
        keys = {**reading_keys(state), **held.keys}      # the board as it was when the first one left
        sides = side_order(state, held.first)
        waiting = [o for o in (state.find(i) for i in held.ids) if o is not None and o.zone == "resolving"]
        group = sorted(waiting + [o for o in group if o not in waiting],
                       key=lambda o: (sides.index(keys[o.id][0]), keys[o.id][1]))
        riders = riders or held.riders
    events = [move(state, o, "discard") for o in group]
    cites = [C.PILAS]
    if riders:
        cites += [C.ENCANTAMIENTOS, C.STACK_LIFO]
    if len(group) > 1:
        cites += [C.STACK_DESCARTES, C.STACK_ORDEN]
    return group, events, cites


def hold(state: DoceVidasState, leaving: Sequence[GameObject], first: str) -> tuple[list[GameObject], list[Event],
                                                                                list[str]]:
    """A destroy that is not the last effect of its card that sends cards to the discard piles: `leaving` and their
    enchantments leave play now (they no longer count, nothing can target them) and wait on the table beside the card
    being resolved (zone `resolving`) until its last destroy, or the end of its resolution when its damage can kill
    (`finish_resolution`); then all of them enter the piles together, in reading order (dv/stack/5,
    `leave_together`). (objects, events, citations)."""
    record = state.held
    if record is None:
        record = state.held = Held(first, reading_keys(state))
    group = with_stacks(state, leaving, first)
    record.riders = record.riders or len(group) > len(leaving)
    record.ids.extend(o.id for o in group)
    events = [move(state, o, "resolving") for o in group]
    cites = [C.STACK_DESCARTES] + ([C.ENCANTAMIENTOS, C.STACK_LIFO] if len(group) > len(leaving) else [])
    return group, events, cites


def can_kill(plan: Sequence[tuple[Effect, object]]) -> bool:
    """Does a resolving card's plan deal damage to creatures (`all_creatures`, or a creature it targets)? Then the
    creatures its damage kills die at the end of its resolution, with what it destroyed (`finish_resolution`)."""
    return any(e.kind == "damage" and (e.target == "all_creatures" or (isinstance(t, tuple) and t[0] == "object"))
               for e, t in plan)


def finish_resolution(state: DoceVidasState, out: list[Step], source: GameObject, first: str) -> None:
    """dv/stack/5: «Cuando se resuelve alguna situación y varias cartas deben ir a la pila de descartes
    simultáneamente, entran en la pila de descartes en el mismo orden en el que se leerían en el stack.» At the end of
    a card's resolution (complete, or cut short by the game's end), before the card itself goes to its pile
    (dv/tipos/hechizos): the creatures its damage marked (`state.struck`) whose marked damage now reaches
    their life die (dv/generales/pilas), and they enter the discard piles together with the permanents its destroys
    took out of play (`hold`) and every enchantment stacked on them, in one reading order from `first`'s side (or
    from the side of its first destroy's target, `leave_together`). One `resolution` step, none if nothing left."""
    struck, state.struck = set(state.struck or ()), None
    killed: list[GameObject] = []
    if struck:
        order = reading_order(state, first)
        sources = {p.name: boost_sources(state, p.name) for p in state.players}
        killed = [o for o in order if o.id in struck and card_of(state, o).is_creature
                  and o.damage >= creature_life(state, o, sources[o.controller])]
    waiting = state.held is not None
    if not killed and not waiting:
        return
    card = card_of(state, source)
    details = [Message("dv.dying", card=o.card, damage=o.damage, life=explain(state, o, "boost_life")) for o in killed]
    measured = bonus_citations(state, killed, "boost_life")      # the life they were measured against
    # Text that could change these deaths: the dying cards', what is stacked on them, their life bonuses'.
    notes = involved(state, [*killed, *bonus_givers(state, killed)], [o.controller for o in killed])
    riders = [o for o in with_stacks(state, killed, first) if o not in killed]
    group, events, cites = leave_together(state, killed, first)
    riding = Message("dv.riders", cards=cards(riders)) if riders else ""
    if killed:
        summary = Message("dv.kill.one" if len(group) == 1 else "dv.kill.many", card=card.name, details=details,
                          riders=riding, order=cards(group),
                          waiting=Message("dv.kill.waiting", card=card.name) if waiting else "")
    else:
        summary = Message("dv.kill.held", card=card.name, order=cards(group))
    emit(state, out, "resolution", source.controller, summary,
         [C.TYPE_CITATION[card.type], *cites, *([C.STACK_DESCARTES] if waiting else []), *measured], events,
         list(dict.fromkeys([*notes, *unmodelled(state, *group)])))


# -- state-based checks -----------------------------------------------------------------------------------------
def settle(state: DoceVidasState, out: list[Step], focus: str | None = None) -> None:
    """Repeat the state-based checks until nothing changes: a player at 0 lives loses (dv/objetivo); a creature
    whose marked damage reaches its life is destroyed (dv/generales/pilas); an enchantment whose permanent left
    play goes to its owner's discard pile (dv/tipos/encantamientos). Simultaneous moves enter the piles in stack
    reading order (dv/stack/5), starting from `focus`'s side (the target's side, else the active player's). Inside
    a resolution that holds what it destroyed or remembers what its damage struck, creatures do not die here: the
    resolution's end takes them (`finish_resolution`), or the check after it."""
    first = focus if focus and state.has_player(focus) else state.active
    while not state.over:
        losers = [p for p in alive(state) if p.lives <= 0]
        for p in losers:
            p.lost = True
            emit(state, out, "state-based", p.name, Message("dv.sba.loses", player=p.name),
                 [C.OBJETIVO], [Event("lose", {"player": p.name})])
        if losers:
            left = alive(state)
            if len(left) <= 1:
                state.over, state.phase = True, "terminada"
                state.winner = left[0].name if left else None
                state.waiting = None
                summary = Message("dv.sba.wins", player=state.winner) if left else Message("dv.sba.draw")
                emit(state, out, "state-based", state.winner, summary, [C.OBJETIVO],
                     [Event("win", {"player": state.winner})])
                return
            continue
        order = reading_order(state, first)
        sources = {p.name: boost_sources(state, p.name) for p in state.players}   # read once per side
        # In the middle of a resolution that gathers what it sends out of play (a draw that recycled checks
        # whether its player lost), deaths wait for its end: they enter the piles with the rest (dv/stack/5).
        gathering = state.held is not None or state.struck is not None
        dying = [] if gathering else [o for o in order if card_of(state, o).is_creature
                                      and o.damage >= creature_life(state, o, sources[o.controller])]
        if dying:
            details = [Message("dv.dying", card=o.card, damage=o.damage, life=explain(state, o, "boost_life"))
                       for o in dying]
            measured = bonus_citations(state, dying, "boost_life")   # the life they were measured against
            # Text that could change these deaths: the dying cards', what is stacked on them, their life bonuses'.
            notes = involved(state, [*dying, *bonus_givers(state, dying)], [o.controller for o in dying])
            group, events, cites = leave_together(state, dying, first)
            cites += measured
            riders = [o for o in group if o not in dying]
            emit(state, out, "state-based", None, Message(
                "dv.sba.destroyed", details=details, order=cards(group),
                riders=Message("dv.riders", cards=cards(riders)) if riders else ""), cites, events, notes)
            continue
        present = {o.id for p in state.players for o in p.zones["board"]}
        orphans = [o for o in order if card_of(state, o).type == "encantamiento" and o.attached_to is not None
                   and o.attached_to not in present]
        if orphans:
            sides = side_order(state, first)
            orphans.sort(key=lambda o: (sides.index(o.controller), -o.timestamp))   # LIFO per pile (dv/stack/2)
            notes = involved(state, orphans)
            events = [move(state, o, "discard") for o in orphans]
            cites = [C.ENCANTAMIENTOS, C.PILAS] + ([C.STACK_DESCARTES, C.STACK_LIFO] if len(orphans) > 1 else [])
            emit(state, out, "state-based", None, Message("dv.sba.orphans", cards=cards(orphans)), cites, events,
                 notes)
            continue
        break


# -- drawing and recycling ----------------------------------------------------------------------------------
def draw(state: DoceVidasState, out: list[Step], player: Player, count: int, citations: Sequence[str],
         reason: str = "", prefix: str = "", kind: str = "resolution", notes: Sequence[str] = ()) -> None:
    """Draw `count` cards; an empty deck is recycled: lose lives equal to the recycle cost, the cost doubles,
    the discard pile is shuffled into a new deck and drawing goes on (dv/generales/reciclar, …/reciclar-coste)."""
    drawn: list[GameObject] = []
    events: list[Event] = []

    def flush() -> None:
        if drawn:
            emit(state, out, "turn-based" if reason == "turno" else kind, player.name,
                 Message("dv.draw", prefix=prefix, player=player.name, n=len(drawn), cards=cards(drawn)),
                 citations, list(events), notes)
            drawn.clear()
            events.clear()

    for _ in range(count):
        if not player.zones["deck"]:
            flush()
            recycle(state, out, player)
            settle(state, out, player.name)
            if state.over or player.lost:
                return
            if not player.zones["deck"]:
                emit(state, out, "replacement", player.name, Message("dv.draw.none_left", player=player.name),
                     [C.RECICLAR])
                return
        obj = player.zones["deck"][0]
        events.append(move(state, obj, "hand"))
        drawn.append(obj)
    flush()


def recycle(state: DoceVidasState, out: list[Step], player: Player) -> None:
    cost = player.recycle_cost
    before = player.lives
    player.lives = max(0, player.lives - cost)
    player.recycle_cost = cost * 2
    pile = list(player.zones["discard"])
    state.rng.shuffle(pile)
    events = [Event("lives", {"player": player.name, "from": before, "to": player.lives}),
              Event("recycle_cost", {"player": player.name, "from": cost, "to": cost * 2})]
    for obj in pile:
        player.zones["discard"].remove(obj)
        player.zones["deck"].append(obj)
        obj.zone = "deck"
    events.append(Event("shuffle", {"player": player.name, "zone": "deck", "cards": len(pile)}))
    emit(state, out, "replacement", player.name,
         Message("dv.recycle", player=player.name, cost=cost, before=before, lives=player.lives, cards=len(pile),
                 next=cost * 2), [C.RECICLAR, C.RECICLAR_COSTE, C.PILAS], events)


# -- turns --------------------------------------------------------------------------------------------------
def begin_turn(state: DoceVidasState, out: list[Step]) -> None:
    """Fase 1, preparación, in this order (dv/turno/preparacion/1..4); then the action phase (dv/turno/accion)."""
    player = state.player(state.active)
    state.phase = "preparacion"
    started = state.turns_started
    started[player.name] = started.get(player.name, 0) + 1
    before = player.mana
    player.mana = 1
    emit(state, out, "turn-based", player.name,
         Message("dv.turn.mana", turn=state.turn, player=player.name, before=before),
         [C.TURNO, C.FASE_PREPARACION, C.TURNO_MANA, C.MANA_PERMANECE], [Event("mana", {"player": player.name, "from": before, "to": 1})])
    tapped = [o for o in player.zones["board"] if o.tapped]
    for o in tapped:
        o.tapped = False
    emit(state, out, "turn-based", player.name,
         Message("dv.turn.untap", player=player.name, cards=cards(tapped)) if tapped
         else Message("dv.turn.untap_none", player=player.name),
         [C.TURNO_ENDEREZAR, C.CRIATURA_ENDEREZA], [Event("untap", {"object": o.id}) for o in tapped],
         involved(state, tapped, [player.name]))
    damaged = [o for o in player.zones["board"] if o.damage]
    if damaged:
        events = [Event("damage", {"object": o.id, "from": o.damage, "to": 0}) for o in damaged]
        for o in damaged:
            o.damage = 0
        emit(state, out, "turn-based", player.name,
             Message("dv.turn.damage_gone", player=player.name, cards=cards(damaged)),
             [C.CRIATURA_DANO_MARCADO], events, involved(state, damaged, [player.name]))
    hand = player.zones["hand"]
    if len(hand) > HAND_LIMIT:
        n = len(hand) - HAND_LIMIT
        state.waiting = WaitingFor(
            kind="descarte", player=player.name, min=n, max=n, options=tuple(o.id for o in hand),
            prompt=Message("dv.prompt.discard_down", player=player.name, n_hand=len(hand), n=n, limit=HAND_LIMIT,
                           hand=cards(hand)),
            citations=(C.TURNO_DESCARTAR,), resume=FinishPreparation())
        return
    emit(state, out, "turn-based", player.name,
         Message("dv.turn.hand_ok", player=player.name, n=len(hand)),
         [C.TURNO_DESCARTAR])
    finish_preparation(state, out)


def second_players_first_turn(state: DoceVidasState) -> bool:
    """dv/turno/preparacion/4: «El jugador que empieza segundo roba una carta adicional durante su primer turno».
    From the start of a game that is the player seated second, in their first turn (if they lose before it,
    nobody draws the extra card); a scenario that starts mid-game says only the turn number, so there it is
    whoever plays turn 2."""
    second = state.second_player
    if second is None:
        return state.turn == 2
    return state.active == second and state.turns_started.get(second) == 1


def finish_preparation(state: DoceVidasState, out: list[Step]) -> None:
    player = state.player(state.active)
    count = DRAW_PER_TURN + (1 if second_players_first_turn(state) else 0)
    draw(state, out, player, count, [C.TURNO_ROBAR], reason="turno")
    if state.over or loser_passes(state, out):
        return
    state.phase = "accion"
    emit(state, out, "turn-based", player.name, Message("dv.turn.action_phase", player=player.name),
         [C.ACCION, C.TURNO])
    # Several cards acting at the same moment are read in stack order (dv/stack/1, /3, /4): creatures row first.
    sources = [o for o in reading_order(state, player.name) if o.controller == player.name
               and any(e.when == "turn_start" for e in card_of(state, o).effects)]
    order = [C.STACK, C.STACK_TABLERO, C.STACK_ORDEN] if len(sources) > 1 else []
    for src in sources:
        fire(state, out, src, "turn_start", order)
        if state.over or loser_passes(state, out):     # a player who lost does nothing more: no more triggers
            return


def loser_passes(state: DoceVidasState, out: list[Step]) -> bool:
    """If the active player has lost (dv/objetivo) their turn ends and the next living player's turn starts
    (which may end the same way, one player after another). True when the turn was passed."""
    if state.over or state.waiting is not None or not state.player(state.active).lost:
        return False
    emit(state, out, "turn-based", state.active, Message("dv.turn.loser_passes", player=state.active),
         [C.OBJETIVO, C.TURNO])
    pass_turn(state, out)
    return True


def is_instant(state: DoceVidasState, boost: TempBoost) -> bool:
    return state.cards[boost.source].type == "instantaneo"


def pass_turn(state: DoceVidasState, out: list[Step]) -> None:
    """The next living player in seating order takes the next turn; boosts "until end of turn" end (dv/stack/3),
    and the state-based checks follow at once: a creature kept alive by a +life bonus dies now, its marked damage
    only goes at the start of its controller's next turn (dv/tipos/criaturas/9)."""
    temp = state.temp
    if temp:
        emit(state, out, "turn-based", state.active,
             Message("dv.turn.boosts_end", sources=[t.source for t in temp]),
             [C.HECHIZOS] + ([C.INSTANTANEOS] if any(is_instant(state, t) for t in temp) else [])
             # a boost on one creature sat on its card's stack (dv/stack/2); the others on the board (…/3)
             + ([C.STACK_LIFO] if any(t.target_id for t in temp) else [])
             + ([C.STACK_TABLERO] if any(not t.target_id for t in temp) else []))
        state.temp = []
        settle(state, out, state.active)
        if state.over:
            return
    names = side_order(state, state.active)[1:]
    nxt = next((n for n in names if not state.player(n).lost), None)
    if nxt is None:
        return
    state.turn += 1
    state.active = nxt
    begin_turn(state, out)


# -- actions ------------------------------------------------------------------------------------------------
def check_actor(state: DoceVidasState, by: str) -> Player:
    if state.over:
        raise IllegalAction(Message("dv.illegal.over"), [C.OBJETIVO])
    player = state.player(by)
    if player.lost:
        raise IllegalAction(Message("dv.illegal.lost", player=by), [C.OBJETIVO])
    if state.waiting is not None:
        raise IllegalAction(Message("dv.illegal.pending", prompt=state.waiting.prompt),
                            list(state.waiting.citations))
    return player


def own_action_phase(state: DoceVidasState, by: str, what: str | Message, cite: Sequence[str]) -> None:
    if state.active != by:
        raise IllegalAction(Message("dv.illegal.not_your_turn", what=what, active=state.active), cite)
    if state.phase != "accion":
        raise IllegalAction(Message("dv.illegal.not_action_phase", what=what, phase=state.phase), cite)


def do_end_turn(state: DoceVidasState, action: EndTurn, out: list[Step]) -> None:
    """dv/turno: the active player ends the action phase; the next player's turn starts with its preparation."""
    check_actor(state, action.by)
    own_action_phase(state, action.by, Message("dv.what.end_turn"), [C.TURNO, C.ACCION])
    emit(state, out, "action", action.by, Message("dv.end_turn", player=action.by), [C.TURNO])
    pass_turn(state, out)


def do_burn(state: DoceVidasState, action: Burn, out: list[Step]) -> None:
    """dv/turno/accion/3, dv/mana/3: discard a card from hand for 1 mana («quemarla»), in your action phase."""
    player = check_actor(state, action.by)
    own_action_phase(state, action.by, Message("dv.what.burn"), [C.ACCION_QUEMAR, C.ACCION])
    obj = find_in(player.zones["hand"], action.card)
    if obj is None:
        raise IllegalAction(Message("dv.illegal.not_in_hand", card=action.card, player=action.by), [C.MANA_QUEMAR])
    event = move(state, obj, "discard")
    player.mana += 1
    emit(state, out, "action", action.by,
         Message("dv.burn", player=action.by, card=obj.card, mana=player.mana),
         [C.ACCION_QUEMAR, C.MANA_QUEMAR, C.PILAS],
         [event, Event("mana", {"player": action.by, "from": player.mana - 1, "to": player.mana})],
         unmodelled(state, obj))


def do_attack(state: DoceVidasState, action: Attack, out: list[Step]) -> None:
    """dv/turno/accion/2, dv/tipos/criaturas/3..8: untapped creatures of the active player attack one player or
    creature (allies too); creature against creature deal their damage simultaneously; a player loses lives equal
    to the damage; several creatures may attack the same target at once. Attacking taps the attackers."""
    check_actor(state, action.by)
    own_action_phase(state, action.by, Message("dv.what.attack"), [C.CRIATURA_SOLO_SU_TURNO, C.ACCION_ATACAR])
    if len(set(action.attackers)) != len(action.attackers):
        raise IllegalAction(Message("dv.illegal.attacker_twice"), [C.CRIATURA_VARIAS])
    attackers = []
    for ref in action.attackers:
        obj = on_board(state, ref)
        if obj is None or not card_of(state, obj).is_creature:
            raise IllegalAction(Message("dv.illegal.not_a_creature", ref=ref), [C.ACCION_ATACAR])
        if obj.controller != action.by:
            raise IllegalAction(Message("dv.illegal.not_yours", card=obj.card, ref=ref, player=action.by),
                                [C.ACCION_ATACAR])
        if obj.tapped:
            raise IllegalAction(Message("dv.illegal.tapped", card=obj.card, ref=ref),
                                [C.CRIATURA_SOLO_ENDEREZADA, C.ACCION_ATACAR])
        attackers.append(obj)
    defender_player = state.player(action.target) if state.has_player(action.target) else None
    defender = None if defender_player else on_board(state, action.target)
    if defender_player is not None and defender_player.lost:
        raise IllegalAction(Message("dv.illegal.lost", player=action.target), [C.CRIATURA_OBJETIVOS])
    if defender_player is None and (defender is None or not card_of(state, defender).is_creature):
        raise IllegalAction(Message("dv.illegal.no_such_target", ref=action.target), [C.CRIATURA_OBJETIVOS])
    if defender is not None and defender in attackers:
        raise IllegalAction(Message("dv.illegal.self_attack", card=defender.card), [C.CRIATURA_OBJETIVOS])

    several = len(attackers) > 1
    base_cites = [C.ACCION_ATACAR, C.CRIATURA_SOLO_ENDEREZADA, C.CRIATURA_SOLO_SU_TURNO, C.CRIATURA_OBJETIVOS]
    if several:
        base_cites.append(C.CRIATURA_VARIAS)
    ally = (defender is not None and defender.controller == action.by) or action.target == action.by
    # Text that could change this attack or its damage: the fighters' own, what is stacked on them, the cards giving
    # them bonuses, and the relics of both sides (an aura «no puede atacar», a relic «no pierdes vidas»).
    fighters = attackers + ([defender] if defender is not None else [])
    sides = [action.by, defender_player.name if defender_player is not None else defender.controller]  # type: ignore[union-attr]
    notes = involved(state, [*fighters, *bonus_givers(state, fighters)], sides)
    for o in attackers:
        o.tapped = True
    target_name = action.target if defender_player else Message("dv.creature_of", card=defender.card,  # type: ignore[union-attr]
                                                                id=defender.id, player=defender.controller)  # type: ignore[union-attr]
    emit(state, out, "action", action.by,
         Message("dv.attack", player=action.by, target=target_name, ally=Message("dv.ally") if ally else "",
                 attackers=[f"{o.card} ({o.id})" for o in attackers]),
         base_cites, [Event("tap", {"object": o.id}) for o in attackers], notes)

    # Damage is computed for everybody before anything is dealt: it is simultaneous (dv/tipos/criaturas/6).
    amounts = [(o, creature_damage(state, o)) for o in attackers]
    breakdown = [f"{o.card}: {explain(state, o, 'boost_damage')}" for o in attackers]
    # The bonuses that make up each damage dealt, attackers' and (against a creature) the defender's.
    stack_cites = bonus_citations(state, fighters, "boost_damage")
    if defender_player is not None:
        total = sum(a for _, a in amounts)
        before = defender_player.lives
        defender_player.lives = max(0, before - total)
        emit(state, out, "resolution", action.by,
             Message("dv.attack.player", player=defender_player.name, n=total, before=before,
                     lives=defender_player.lives, breakdown=breakdown),
             [C.CRIATURA_VS_JUGADOR] + ([C.CRIATURA_VARIAS] if several else []) + stack_cites,
             [Event("lives", {"player": defender_player.name, "from": before, "to": defender_player.lives})], notes)
        settle(state, out, defender_player.name)
        return
    assert defender is not None
    back = creature_damage(state, defender)
    total = sum(a for _, a in amounts)
    events = [Event("damage", {"object": defender.id, "from": defender.damage, "to": defender.damage + total})]
    defender.damage += total
    for o in attackers:
        events.append(Event("damage", {"object": o.id, "from": o.damage, "to": o.damage + back}))
        o.damage += back
    emit(state, out, "resolution", action.by,
         Message("dv.attack.creature", card=defender.card, n=total, breakdown=breakdown,
                 back=explain(state, defender, "boost_damage"),
                 to=Message("dv.each_attacker") if several else attackers[0].card),
         [C.CRIATURA_VS_CRIATURA] + ([C.CRIATURA_VARIAS] if several else []) + stack_cites, events, notes)
    settle(state, out, defender.controller)


def resolve_target(state: DoceVidasState, slot: str, ref: str, card: CardDef, by: str, cite: str
                   ) -> tuple[str, object]:
    """Check one chosen target against what the slot accepts; ("player", name) or ("object", obj)."""
    if state.has_player(ref):
        if slot in ("any", "player"):
            if state.player(ref).lost:
                raise IllegalAction(Message("dv.illegal.lost", player=ref), [cite])
            return "player", ref
        raise IllegalAction(Message("dv.illegal.player_target", card=card.name, ref=ref, slot=slot), [cite])
    obj = on_board(state, ref)
    if obj is None:
        raise IllegalAction(Message("dv.illegal.target_gone", ref=ref), [cite])
    ctype = card_of(state, obj).type
    ok = {"any": ctype == "criatura", "creature": ctype == "criatura", "target": ctype == "criatura",
          "permanent": True, "attach": True, "relic": ctype == "reliquia",
          "enchantment": ctype == "encantamiento"}.get(slot, False)
    if not ok:
        raise IllegalAction(Message("dv.illegal.bad_target", card=card.name, target=obj.card,
                                    type=Message("dv.type." + ctype), slot=slot),
                            [cite])
    return "object", obj


def do_play(state: DoceVidasState, action: Play, out: list[Step]) -> None:
    """Play a card from hand paying its cost (dv/turno/accion/1, dv/mana/1). Spells only in your action phase
    (dv/tipos/hechizos); instants at any time, also in another player's turn (dv/tipos/instantaneos)."""
    player = check_actor(state, action.by)
    obj = find_in(player.zones["hand"], action.card)
    if obj is None:
        raise IllegalAction(Message("dv.illegal.not_in_hand", card=action.card, player=action.by), [C.ACCION_JUGAR])
    card = card_of(state, obj)
    type_cite = C.TYPE_CITATION[card.type]
    if card.type == "instantaneo":
        if state.phase != "accion":
            raise IllegalAction(Message("dv.illegal.instant_phase"),
                                [C.INSTANTANEOS])
    elif card.type == "hechizo":
        own_action_phase(state, action.by, Message("dv.what.spell"), [C.HECHIZOS, C.ACCION_JUGAR])
    else:
        own_action_phase(state, action.by, Message("dv.what.play_" + ("a" if card.type != "encantamiento" else "an"),
                                                   type=Message("dv.type." + card.type)),
                         [C.ACCION, C.ACCION_JUGAR])
    if player.mana < card.cost:
        raise IllegalAction(Message("dv.illegal.mana", card=card.name, cost=card.cost, player=action.by,
                                    mana=player.mana),
                            [C.ACCION_JUGAR, C.MANA_PAGAR, C.MANA_RESERVA])
    slots = card.chosen_slots()
    if len(action.targets) != len(slots):
        raise IllegalAction(Message("dv.illegal.targets", card=card.name, n=len(slots),
                                    need=list(slots) or Message("dv.none_target"), given=len(action.targets)),
                            [type_cite])
    targets = [resolve_target(state, s, r, card, action.by, type_cite) for s, r in zip(slots, action.targets)]
    if card.type == "encantamiento" and targets[0][1] is obj:
        raise IllegalAction(Message("dv.illegal.self_attach"), [C.ENCANTAMIENTOS])

    # Pay, then the card enters play or resolves.
    before = player.mana
    player.mana -= card.cost
    pay = Event("mana", {"player": action.by, "from": before, "to": player.mana})
    cites = [C.ACCION_JUGAR, C.MANA_PAGAR, type_cite]
    if action.by != state.active:      # an instant in another player's turn: paid from the mana kept in your pool
        cites += [C.MANA_RESERVA, C.MANA_PERMANECE]
    # Text that could change this play: the card's, and that of what it targets (what is stacked on a targeted
    # card, the relics of a targeted side).
    aimed = [t[1] for t in targets if t[0] == "object"]
    note = involved(state, [obj, *aimed], [t[1] if t[0] == "player" else t[1].controller  # type: ignore[union-attr]
                                           for t in targets])
    if card.is_permanent:
        event = move(state, obj, "board")
        extra: str | Message = ""
        if card.is_creature:
            obj.tapped = True
            cites.append(C.CRIATURA_GIRADA)
            extra = Message("dv.play.tapped")
        if card.type == "encantamiento":
            host = targets[0][1]
            assert isinstance(host, GameObject)
            obj.attached_to = host.id
            cites.append(C.STACK_LIFO)
            extra = Message("dv.play.attached", card=host.card, id=host.id)
        if card.type == "reliquia" or any(e.is_boost and e.to in ("all", "yours", "theirs") for e in card.effects):
            cites.append(C.STACK_TABLERO)
        emit(state, out, "action", action.by,
             Message("dv.play", player=action.by, card=card.name, on="", cost=card.cost, before=before,
                     mana=player.mana, extra=extra),
             cites, [pay, event] + ([Event("attach", {"object": obj.id, "to": obj.attached_to})]
                                    if obj.attached_to else []), note)
        fire(state, out, obj, "enters")
        settle(state, out, action.by)
        return
    player.zones["hand"].remove(obj)
    player.zones["resolving"].append(obj)      # on the table while it resolves, then to the discard pile
    obj.zone = "resolving"
    on: str | Message = ""
    if targets:
        on = Message("dv.play.on", targets=[t[1] if t[0] == "player" else f"{t[1].card} ({t[1].id})"  # type: ignore[union-attr]
                                            for t in targets])
    emit(state, out, "action", action.by,
         Message("dv.play", player=action.by, card=card.name, on=on, cost=card.cost, before=before,
                 mana=player.mana, extra=""),
         cites, [pay, Event("move", {"object": obj.id, "card": obj.card, "owner": obj.owner, "from": "hand",
                                      "to": "resolving"})], note)
    chosen = iter(targets)
    plan = [(e, next(chosen) if e.chooses_target else None) for e in card.effects]
    resume_effects(state, out, obj.id, plan, 0, action.choose)


def resume_effects(state: DoceVidasState, out: list[Step], source_id: str, plan: list[tuple[Effect, object]],
                   start: int, choose: tuple[str, ...] | None) -> None:
    """Resolve a spell's effects in order from `start`, then put it in the discard pile (dv/tipos/hechizos: «se
    resuelve su efecto y después se coloca en la pila de descartes»). The state-based checks wait until the whole
    spell has resolved (a spell resolves completely). What its effects send out of play, destroyed or killed by its
    damage, enters the discard piles together, in stack reading order, before the card (dv/stack/5): with the last
    destroy when its damage reaches no creature, else at the end of the resolution (`finish_resolution`)."""
    obj = state.find(source_id)
    assert obj is not None
    # Its damage can kill: every destroy waits for the end, where the deaths are known (a later effect of the same
    # card may heal the creature or raise its life). Otherwise the last destroy takes them all (dv/stack/5).
    kills = can_kill(plan)
    last_destroy = len(plan) if kills else max((i for i, (e, _) in enumerate(plan) if e.kind == "destroy"),
                                               default=-1)
    for i in range(start, len(plan)):
        if state.over:          # a draw that recycled can end the game in the middle of a spell
            break
        effect, target = plan[i]
        if effect.kind == "discard":
            if not discard_effect(state, out, obj, effect, target, choose, plan, i):
                return
            continue
        apply_effect(state, out, obj, obj.controller, effect, target, held=i < last_destroy, strikes=kills)
    # The side read first: the first player it targets, else the controller of the first card it targets, else the
    # active player's (dv/stack/4); a destroy that waited reads from its own target's side (`hold`).
    focus = next((t[1] for _, t in plan if isinstance(t, tuple) and t[0] == "player"), None)
    if focus is None:
        focus = next((t[1].controller for _, t in plan if isinstance(t, tuple) and t[0] == "object"), None)  # type: ignore[union-attr]
    finish_resolution(state, out, obj, focus if focus and state.has_player(focus) else state.active)
    card = card_of(state, obj)
    event = move(state, obj, "discard")
    emit(state, out, "resolution", obj.controller, Message("dv.resolved", card=card.name),
         [C.TYPE_CITATION[card.type], C.HECHIZOS, C.PILAS], [event])
    settle(state, out, focus)


def effect_players(state: DoceVidasState, controller: str, effect: Effect, target: object) -> list[Player]:
    if effect.target == "self":
        return [state.player(controller)]
    if effect.target == "opponents":         # in turn order from the controller's side (dv/stack/4)
        return [state.player(n) for n in side_order(state, controller)[1:] if not state.player(n).lost]
    if effect.target == "all_players":
        return [state.player(n) for n in side_order(state, controller) if not state.player(n).lost]
    if isinstance(target, tuple) and target[0] == "player":
        return [state.player(target[1])]
    return []


def effect_objects(state: DoceVidasState, controller: str, effect: Effect, target: object) -> list[GameObject]:
    if effect.target == "all_creatures":
        return [o for o in reading_order(state, controller) if card_of(state, o).is_creature]
    if isinstance(target, tuple) and target[0] == "object":
        obj = target[1]
        assert isinstance(obj, GameObject)
        return [obj] if obj.zone == "board" else []
    return []


def apply_effect(state: DoceVidasState, out: list[Step], src: GameObject, controller: str, effect: Effect,
                 target: object, kind: str = "resolution", order: Sequence[str] = (), held: bool = False,
                 strikes: bool = False) -> None:
    """One effect of a card, as one step citing the card's type passage: damage, heal (at most 24,
    dv/generales/curacion), gain_mana (dv/mana/2), destroy (dv/generales/pilas), draw, or a spell's boost until
    the end of the turn (dv/stack/3). `held`: a destroy that a later destroy of the same card follows (or the end of
    a resolution that can kill); what it destroys leaves play now and enters the discard piles with the rest of
    what the card sends there (dv/stack/5). `strikes`: damage of a card's resolution: the creatures it marks are
    remembered, so those it kills die at the end of the resolution (`finish_resolution`)."""
    card = card_of(state, src)
    cite = C.TYPE_CITATION[card.type]
    players = effect_players(state, controller, effect, target)
    objs = effect_objects(state, controller, effect, target)
    n = effect.amount
    # Text that could change this effect: the card's, that of every permanent it touches and what is stacked on it,
    # and that of the relics of the sides it reaches (computed before anything moves).
    touched = objs if not effect.is_boost else boosted(state, controller, effect, target)
    notes = involved(state, [src, *touched], [p.name for p in players] + [o.controller for o in touched])
    events: list[Event] = []
    parts: list[Message] = []
    cites = [cite, *order]
    if (effect.target == "all_creatures" and len(objs) > 1) or (effect.target in ("all_players", "opponents")
                                                                and len(players) > 1):
        cites += [C.STACK_TABLERO, C.STACK_ORDEN]          # the whole board, read in stack order
    if effect.kind == "damage":
        for p in players:
            before = p.lives
            p.lives = max(0, before - n)
            events.append(Event("lives", {"player": p.name, "from": before, "to": p.lives}))
            parts.append(Message("dv.effect.lose", player=p.name, n=n, before=before, lives=p.lives))
        for o in objs:
            events.append(Event("damage", {"object": o.id, "from": o.damage, "to": o.damage + n}))
            o.damage += n
            parts.append(Message("dv.effect.damage", card=o.card, id=o.id, n=n, marked=o.damage))
        if strikes and objs:
            state.struck = [*(state.struck or ()), *(o.id for o in objs)]
    elif effect.kind == "heal":
        for p in players:
            before = p.lives
            p.lives = min(MAX_LIVES, before + n)
            capped = Message("dv.effect.capped", max=MAX_LIVES) if before + n > MAX_LIVES else ""
            events.append(Event("lives", {"player": p.name, "from": before, "to": p.lives}))
            parts.append(Message("dv.effect.gain", player=p.name, n=p.lives - before, before=before, lives=p.lives,
                                 capped=capped))
        for o in objs:
            healed = min(n, o.damage)
            events.append(Event("damage", {"object": o.id, "from": o.damage, "to": o.damage - healed}))
            o.damage -= healed
            parts.append(Message("dv.effect.heal", card=o.card, id=o.id, n=healed))
        cites.append(C.CURACION)
    elif effect.kind == "gain_mana":
        for p in players:
            events.append(Event("mana", {"player": p.name, "from": p.mana, "to": p.mana + n}))
            p.mana += n
            parts.append(Message("dv.effect.mana", player=p.name, n=n, mana=p.mana))
        cites.append(C.MANA_RESERVA)
    elif effect.kind == "destroy":
        first = objs[0].controller if objs and effect.target != "all_creatures" else controller
        if not objs:
            parts.append(Message("dv.effect.target_gone"))
        if held and objs:
            group, moved, more = hold(state, objs, first)
            events += moved
            cites += more
            parts.append(Message("dv.effect.destroy_held", cards=cards(group), n=len(group), card=card.name))
        elif objs or state.held is not None:
            waiting = state.held is not None
            group, moved, more = leave_together(state, objs, first)
            events += moved
            cites += more
            in_order = Message("dv.in_order", cards=cards(group)) if len(group) > 1 else ""
            if objs:
                parts.append(Message("dv.effect.destroy", cards=cards(objs), order=in_order,
                                     waiting=Message("dv.effect.destroy_with", card=card.name) if waiting else ""))
            else:
                parts.append(Message("dv.effect.destroyed_enter", card=card.name,
                                     order=in_order or Message("dv.colon_cards", cards=cards(group))))
    elif effect.kind == "draw":
        for p in players:
            draw(state, out, p, n, cites, prefix=f"{card.name}: ", kind=kind, notes=notes)
            if state.over:
                return
        return
    elif effect.is_boost:
        tid = target[1].id if isinstance(target, tuple) and target[0] == "object" else None  # type: ignore[union-attr]
        state.temp.append(TempBoost(card.name, src.id, controller, effect, tid, state.turn))
        scope = Message("dv.scope." + effect.to, player=controller) if effect.to in ("all", "yours", "theirs") \
            else f"{target[1].card} ({tid})" if tid else Message("dv.scope.target")  # type: ignore[index,union-attr]
        parts.append(Message("dv.effect.boost_damage" if effect.kind == "boost_damage" else "dv.effect.boost_life",
                             n=n, scope=scope))
        # Aimed at one card it is stacked on that card (dv/stack/2); otherwise it applies to the board (…/3).
        cites.append(C.STACK_LIFO if tid else C.STACK_TABLERO)
    if not parts:
        parts.append(Message("dv.effect.nobody"))
    emit(state, out, kind, controller, Message("dv.effect", card=card.name, parts=parts), cites, events, notes)


def boosted(state: DoceVidasState, controller: str, effect: Effect, target: object) -> list[GameObject]:
    """The creatures in play a spell's boost reaches now (its target, or those of its scope)."""
    if effect.to == "target":
        return [target[1]] if isinstance(target, tuple) and target[0] == "object" else []  # type: ignore[list-item]
    return [o for o in reading_order(state, controller) if card_of(state, o).is_creature
            and (effect.to == "all" or (effect.to == "yours") == (o.controller == controller))]


def discard_effect(state: DoceVidasState, out: list[Step], src: GameObject, effect: Effect, target: object,
                   choose: tuple[str, ...] | None, plan: list[tuple[Effect, object]], index: int,
                   players: Sequence[str] | None = None) -> bool:
    """A `discard: N` effect: each discarding player chooses N cards of their hand (all of them if N or fewer);
    `choose` answers the first one's choice. Returns False when a choice is missing: the game waits
    (`state.waiting`, a WaitingFor whose continuation is ResumeEffects) and resumes with the remaining players and
    effects after the answer."""
    names = list(players) if players is not None else [p.name for p in effect_players(state, src.controller,
                                                                                      effect, target)]
    card = card_of(state, src)
    for k, name in enumerate(names):
        p = state.player(name)
        hand = p.zones["hand"]
        if len(hand) <= effect.amount:
            picked: list[GameObject] | None = list(hand)
        else:
            picked = pick(hand, choose or (), effect.amount)
            if picked is None:
                why = f" (la elección dada {list(choose)} no vale)" if choose else ""
                state.waiting = WaitingFor(
                    kind="descarte", player=p.name, min=effect.amount, max=effect.amount,
                    options=tuple(o.id for o in hand),
                    prompt=f"{card.name} obliga a {p.name} a descartar {effect.amount} carta(s) de su mano "
                           f"({cards_list(hand)}): ¿cuáles?{why}",
                    citations=(C.TYPE_CITATION[card.type], C.STACK_DESCARTES),
                    resume=ResumeEffects(src.id, tuple(plan), index, tuple(names[k + 1:])))
                return False
        discard_cards(state, out, p, picked, [C.TYPE_CITATION[card.type]], f"{card.name}: ")
        choose = None
    return True


def pick(hand: Sequence[GameObject], refs: Sequence[str], count: int) -> list[GameObject] | None:
    """The objects `refs` name in `hand` (ids or names, each a different card), or None if they don't fit."""
    if len(refs) != count:
        return None
    left = list(hand)
    out = []
    for ref in refs:
        obj = find_in(left, ref)
        if obj is None:
            return None
        left.remove(obj)
        out.append(obj)
    return out


def discard_cards(state: DoceVidasState, out: list[Step], player: Player, objs: list[GameObject],
                  cites: list[str], prefix: str = "") -> None:
    events = [move(state, o, "discard") for o in objs]
    emit(state, out, "resolution" if prefix else "turn-based", player.name,
         Message("dv.discard.many" if len(objs) > 1 else "dv.discard", prefix=prefix, player=player.name,
                 cards=cards(objs)),
         cites + [C.PILAS] + ([C.STACK_DESCARTES] if len(objs) > 1 else []), events)


def do_discard(state: DoceVidasState, action: Discard, out: list[Step]) -> None:
    """Answer the pending discard: down to two cards (dv/turno/preparacion/3) or a card's `discard` effect."""
    pending = state.waiting
    if pending is None or pending.player != action.by:
        raise IllegalAction(Message("dv.illegal.no_discard", player=action.by), [C.TURNO_DESCARTAR, C.ACCION_QUEMAR])
    player = state.player(action.by)
    hand = [o for o in player.zones["hand"] if o.id in pending.options]
    picked = pick(hand, action.cards, pending.count)
    if picked is None:
        raise IllegalAction(Message("dv.illegal.discard_count", n=pending.count, hand=cards(hand),
                                    given=str(list(action.cards))), list(pending.citations))
    state.waiting = None
    if isinstance(pending.resume, FinishPreparation):
        discard_cards(state, out, player, picked, [C.TURNO_DESCARTAR],)
        finish_preparation(state, out)
        return
    resume: ResumeEffects = pending.resume
    source_id, plan, index, others = resume.source, resume.plan, resume.index, resume.others
    source = state.find(source_id)
    assert source is not None
    discard_cards(state, out, player, picked, [C.TYPE_CITATION[card_of(state, source).type]], f"{source.card}: ")
    effect, target = plan[index]
    if others and not discard_effect(state, out, source, effect, target, None, list(plan), index, others):
        return
    resume_effects(state, out, source_id, list(plan), index + 1, None)


def fire(state: DoceVidasState, out: list[Step], src: GameObject, when: str, order: Sequence[str] = ()) -> None:
    """One-shot effects of a permanent at a moment ("enters" or "turn_start"): trigger steps. `order`: the stack
    passages that put this card's turn among others acting at the same moment."""
    card = card_of(state, src)
    for effect in card.effects:
        if effect.when == when and src.zone == "board" and not state.over:
            apply_effect(state, out, src, src.controller, effect, None, kind="trigger", order=order)
            settle(state, out, src.controller)
