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
from judge.engine.state import GameObject, GameState, Pending, Player
from judge.engine.step import Event, Step

MAX_LIVES = 24
HAND_LIMIT = 2          # dv/turno/preparacion/3
DRAW_PER_TURN = 2       # dv/turno/preparacion/4


def alive(state: GameState) -> list[Player]:
    return [p for p in state.players if not p.lost]


def cards_list(objs: Sequence[GameObject]) -> str:
    return ", ".join(o.card for o in objs) if objs else "ninguna"


# -- moving cards ---------------------------------------------------------------------------------------------
def move(state: GameState, obj: GameObject, zone: str, *, top: bool = False) -> Event:
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


def on_board(state: GameState, object_id: str) -> GameObject | None:
    for p in state.players:
        for o in p.zones["board"]:
            if o.id == object_id:
                return o
    return None


def leave_together(state: GameState, leaving: Sequence[GameObject], first: str) -> tuple[list[GameObject],
                                                                                         list[Event], list[str]]:
    """Move `leaving` and their enchantments to their owners' discard piles; (objects, events, citations).

    The permanents the card being resolved took out of play before (`hold`) go with them, all in one reading order
    (dv/stack/5): the order of the board as it was when the first of them left, from the side of that first
    destroy's target."""
    group = with_stacks(state, leaving, first)
    riders = len(group) > len(leaving)
    held = state.extra.pop("held", None)
    if held is not None:
        keys = {**reading_keys(state), **held["keys"]}      # the board as it was when the first one left
        sides = side_order(state, held["first"])
        waiting = [o for o in (state.find(i) for i in held["ids"]) if o is not None and o.zone == "resolving"]
        group = sorted(waiting + [o for o in group if o not in waiting],
                       key=lambda o: (sides.index(keys[o.id][0]), keys[o.id][1]))
        riders = riders or held["riders"]
    events = [move(state, o, "discard") for o in group]
    cites = [C.PILAS]
    if riders:
        cites += [C.ENCANTAMIENTOS, C.STACK_LIFO]
    if len(group) > 1:
        cites += [C.STACK_DESCARTES, C.STACK_ORDEN]
    return group, events, cites


def hold(state: GameState, leaving: Sequence[GameObject], first: str) -> tuple[list[GameObject], list[Event],
                                                                                list[str]]:
    """A destroy that is not the last effect of its card that sends cards to the discard piles: `leaving` and their
    enchantments leave play now (they no longer count, nothing can target them) and wait on the table beside the card
    being resolved (zone `resolving`) until its last destroy, or the end of its resolution when its damage can kill
    (`finish_resolution`); then all of them enter the piles together, in reading order (dv/stack/5,
    `leave_together`). (objects, events, citations)."""
    record = state.extra.get("held")
    if record is None:
        record = state.extra["held"] = {"first": first, "keys": reading_keys(state), "ids": [], "riders": False}
    group = with_stacks(state, leaving, first)
    record["riders"] = record["riders"] or len(group) > len(leaving)
    record["ids"].extend(o.id for o in group)
    events = [move(state, o, "resolving") for o in group]
    cites = [C.STACK_DESCARTES] + ([C.ENCANTAMIENTOS, C.STACK_LIFO] if len(group) > len(leaving) else [])
    return group, events, cites


def can_kill(plan: Sequence[tuple[Effect, object]]) -> bool:
    """Does a resolving card's plan deal damage to creatures (`all_creatures`, or a creature it targets)? Then the
    creatures its damage kills die at the end of its resolution, with what it destroyed (`finish_resolution`)."""
    return any(e.kind == "damage" and (e.target == "all_creatures" or (isinstance(t, tuple) and t[0] == "object"))
               for e, t in plan)


def finish_resolution(state: GameState, out: list[Step], source: GameObject, first: str) -> None:
    """dv/stack/5: «Cuando se resuelve alguna situación y varias cartas deben ir a la pila de descartes
    simultáneamente, entran en la pila de descartes en el mismo orden en el que se leerían en el stack.» At the end of
    a card's resolution (complete, or cut short by the game's end), before the card itself goes to its pile
    (dv/tipos/hechizos): the creatures its damage marked (`state.extra["struck"]`) whose marked damage now reaches
    their life die (dv/generales/pilas), and they enter the discard piles together with the permanents its destroys
    took out of play (`hold`) and every enchantment stacked on them, in one reading order from `first`'s side (or
    from the side of its first destroy's target, `leave_together`). One `resolution` step, none if nothing left."""
    struck = set(state.extra.pop("struck", ()))
    killed: list[GameObject] = []
    if struck:
        order = reading_order(state, first)
        sources = {p.name: boost_sources(state, p.name) for p in state.players}
        killed = [o for o in order if o.id in struck and card_of(state, o).is_creature
                  and o.damage >= creature_life(state, o, sources[o.controller])]
    waiting = "held" in state.extra
    if not killed and not waiting:
        return
    card = card_of(state, source)
    details = [f"{o.card} (daño {o.damage} ≥ vida {explain(state, o, 'boost_life')})" for o in killed]
    measured = bonus_citations(state, killed, "boost_life")      # the life they were measured against
    # Text that could change these deaths: the dying cards', what is stacked on them, their life bonuses'.
    notes = involved(state, [*killed, *bonus_givers(state, killed)], [o.controller for o in killed])
    riders = [o for o in with_stacks(state, killed, first) if o not in killed]
    group, events, cites = leave_together(state, killed, first)
    if killed:
        summary = (f"{card.name}: su daño destruye " + "; ".join(details)
                   + (f"; con sus encantamientos ({cards_list(riders)})" if riders else "")
                   + (": a la pila de descartes de su propietario" if len(group) == 1 else
                      "; entran a la vez en la pila de descartes de su propietario"
                      + (f", con lo que {card.name} ya había destruido" if waiting else "")
                      + f", en este orden: {cards_list(group)}"))
    else:
        summary = (f"lo que {card.name} ha destruido entra a la vez en la pila de descartes de su propietario, en "
                   f"este orden: {cards_list(group)}")
    emit(state, out, "resolution", source.controller, summary,
         [C.TYPE_CITATION[card.type], *cites, *([C.STACK_DESCARTES] if waiting else []), *measured], events,
         list(dict.fromkeys([*notes, *unmodelled(state, *group)])))


# -- state-based checks -----------------------------------------------------------------------------------------
def settle(state: GameState, out: list[Step], focus: str | None = None) -> None:
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
            emit(state, out, "state-based", p.name, f"{p.name} se ha quedado sin vidas: pierde la partida",
                 [C.OBJETIVO], [Event("lose", {"player": p.name})])
        if losers:
            left = alive(state)
            if len(left) <= 1:
                state.over, state.phase = True, "terminada"
                state.winner = left[0].name if left else None
                state.pending = None
                summary = (f"{state.winner} gana: ha reducido a 0 las vidas de su oponente" if left
                           else "todos los jugadores llegan a 0 vidas a la vez: nadie gana (empate)")
                emit(state, out, "state-based", state.winner, summary, [C.OBJETIVO],
                     [Event("win", {"player": state.winner})])
                return
            continue
        order = reading_order(state, first)
        sources = {p.name: boost_sources(state, p.name) for p in state.players}   # read once per side
        # In the middle of a resolution that gathers what it sends out of play (a draw that recycled checks
        # whether its player lost), deaths wait for its end: they enter the piles with the rest (dv/stack/5).
        gathering = "held" in state.extra or "struck" in state.extra
        dying = [] if gathering else [o for o in order if card_of(state, o).is_creature
                                      and o.damage >= creature_life(state, o, sources[o.controller])]
        if dying:
            details = [f"{o.card} (daño {o.damage} ≥ vida {explain(state, o, 'boost_life')})" for o in dying]
            measured = bonus_citations(state, dying, "boost_life")   # the life they were measured against
            # Text that could change these deaths: the dying cards', what is stacked on them, their life bonuses'.
            notes = involved(state, [*dying, *bonus_givers(state, dying)], [o.controller for o in dying])
            group, events, cites = leave_together(state, dying, first)
            cites += measured
            riders = [o for o in group if o not in dying]
            emit(state, out, "state-based", None, "destruida(s): " + "; ".join(details)
                 + (f"; con sus encantamientos ({cards_list(riders)})" if riders else "")
                 + f"; a la pila de descartes de su propietario en este orden: {cards_list(group)}", cites, events,
                 notes)
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
            emit(state, out, "state-based", None,
                 f"el permanente encantado ha dejado el juego: {cards_list(orphans)} a la pila de descartes de "
                 "su propietario", cites, events, notes)
            continue
        break


# -- drawing and recycling ----------------------------------------------------------------------------------
def draw(state: GameState, out: list[Step], player: Player, count: int, citations: Sequence[str],
         reason: str = "", prefix: str = "", kind: str = "resolution", notes: Sequence[str] = ()) -> None:
    """Draw `count` cards; an empty deck is recycled: lose lives equal to the recycle cost, the cost doubles,
    the discard pile is shuffled into a new deck and drawing goes on (dv/generales/reciclar, …/reciclar-coste)."""
    drawn: list[GameObject] = []
    events: list[Event] = []

    def flush() -> None:
        if drawn:
            emit(state, out, "turn-based" if reason == "turno" else kind, player.name,
                 f"{prefix}{player.name} roba {len(drawn)} carta{'s' if len(drawn) > 1 else ''}: {cards_list(drawn)}",
                 citations, list(events), notes)
            state.bump(f"drawn:{player.name}", len(drawn))
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
                emit(state, out, "replacement", player.name, f"{player.name} no tiene cartas que robar ni en el "
                     "mazo ni en la pila de descartes: deja de robar", [C.RECICLAR])
                return
        obj = player.zones["deck"][0]
        events.append(move(state, obj, "hand"))
        drawn.append(obj)
    flush()


def recycle(state: GameState, out: list[Step], player: Player) -> None:
    cost = player.recycle_cost
    before = player.lives
    player.lives = max(0, player.lives - cost)
    player.recycle_cost = cost * 2
    state.bump(f"lives_lost:{player.name}", before - player.lives)
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
         f"el mazo de {player.name} está vacío: recicla, pierde {cost} vida{'s' if cost > 1 else ''} "
         f"({before} → {player.lives}), baraja su pila de descartes ({len(pile)} cartas) como nuevo mazo; "
         f"su coste de reciclaje pasa a {cost * 2}", [C.RECICLAR, C.RECICLAR_COSTE, C.PILAS], events)


# -- turns --------------------------------------------------------------------------------------------------
def begin_turn(state: GameState, out: list[Step]) -> None:
    """Fase 1, preparación, in this order (dv/turno/preparacion/1..4); then the action phase (dv/turno/accion)."""
    player = state.player(state.active)
    state.phase = "preparacion"
    started = state.extra.setdefault("turns_started", {})
    started[player.name] = started.get(player.name, 0) + 1
    before = player.mana
    player.mana = 1
    emit(state, out, "turn-based", player.name,
         f"turno {state.turn} de {player.name}, preparación: su reserva de maná pasa a 1 (tenía {before})",
         [C.TURNO, C.FASE_PREPARACION, C.TURNO_MANA, C.MANA_PERMANECE], [Event("mana", {"player": player.name, "from": before, "to": 1})])
    tapped = [o for o in player.zones["board"] if o.tapped]
    for o in tapped:
        o.tapped = False
    emit(state, out, "turn-based", player.name,
         f"{player.name} endereza sus permanentes: {cards_list(tapped)}" if tapped
         else f"{player.name} endereza sus permanentes (no tiene ninguno girado)",
         [C.TURNO_ENDEREZAR, C.CRIATURA_ENDEREZA], [Event("untap", {"object": o.id}) for o in tapped],
         involved(state, tapped, [player.name]))
    damaged = [o for o in player.zones["board"] if o.damage]
    if damaged:
        events = [Event("damage", {"object": o.id, "from": o.damage, "to": 0}) for o in damaged]
        for o in damaged:
            o.damage = 0
        emit(state, out, "turn-based", player.name,
             f"desaparece el daño marcado de las criaturas de {player.name}: {cards_list(damaged)}",
             [C.CRIATURA_DANO_MARCADO], events, involved(state, damaged, [player.name]))
    hand = player.zones["hand"]
    if len(hand) > HAND_LIMIT:
        n = len(hand) - HAND_LIMIT
        state.pending = Pending(
            kind="descarte", player=player.name, count=n, options=tuple(o.id for o in hand),
            prompt=f"{player.name} tiene {len(hand)} cartas en la mano y debe descartar {n} hasta quedarse con "
                   f"{HAND_LIMIT}: ¿cuáles? (acción {{by: {player.name}, discard: [...]}}; mano: {cards_list(hand)})",
            citations=(C.TURNO_DESCARTAR,), resume=("preparacion",))
        return
    emit(state, out, "turn-based", player.name,
         f"{player.name} tiene {len(hand)} carta{'s' if len(hand) != 1 else ''} en la mano: no descarta",
         [C.TURNO_DESCARTAR])
    finish_preparation(state, out)


def second_players_first_turn(state: GameState) -> bool:
    """dv/turno/preparacion/4: «El jugador que empieza segundo roba una carta adicional durante su primer turno».
    From the start of a game that is the player seated second, in their first turn (if they lose before it,
    nobody draws the extra card); a scenario that starts mid-game says only the turn number, so there it is
    whoever plays turn 2."""
    second = state.extra.get("second_player")
    if second is None:
        return state.turn == 2
    return state.active == second and state.extra.get("turns_started", {}).get(second) == 1


def finish_preparation(state: GameState, out: list[Step]) -> None:
    player = state.player(state.active)
    count = DRAW_PER_TURN + (1 if second_players_first_turn(state) else 0)
    draw(state, out, player, count, [C.TURNO_ROBAR], reason="turno")
    if state.over or loser_passes(state, out):
        return
    state.phase = "accion"
    emit(state, out, "turn-based", player.name, f"comienza la fase de acción de {player.name}",
         [C.ACCION, C.TURNO])
    # Several cards acting at the same moment are read in stack order (dv/stack/1, /3, /4): creatures row first.
    sources = [o for o in reading_order(state, player.name) if o.controller == player.name
               and any(e.when == "turn_start" for e in card_of(state, o).effects)]
    order = [C.STACK, C.STACK_TABLERO, C.STACK_ORDEN] if len(sources) > 1 else []
    for src in sources:
        fire(state, out, src, "turn_start", order)
        if state.over or loser_passes(state, out):     # a player who lost does nothing more: no more triggers
            return


def loser_passes(state: GameState, out: list[Step]) -> bool:
    """If the active player has lost (dv/objetivo) their turn ends and the next living player's turn starts
    (which may end the same way, one player after another). True when the turn was passed."""
    if state.over or state.pending is not None or not state.player(state.active).lost:
        return False
    emit(state, out, "turn-based", state.active, f"{state.active} ha perdido: su turno termina",
         [C.OBJETIVO, C.TURNO])
    pass_turn(state, out)
    return True


def is_instant(state: GameState, boost: TempBoost) -> bool:
    return state.extra["cards"][boost.source].type == "instantaneo"


def pass_turn(state: GameState, out: list[Step]) -> None:
    """The next living player in seating order takes the next turn; boosts "until end of turn" end (dv/stack/3),
    and the state-based checks follow at once: a creature kept alive by a +life bonus dies now, its marked damage
    only goes at the start of its controller's next turn (dv/tipos/criaturas/9)."""
    temp = state.extra.get("temp", [])
    if temp:
        emit(state, out, "turn-based", state.active,
             "terminan los efectos de hechizos e instantáneos hasta final de turno: "
             + ", ".join(t.source for t in temp),
             [C.HECHIZOS] + ([C.INSTANTANEOS] if any(is_instant(state, t) for t in temp) else [])
             # a boost on one creature sat on its card's stack (dv/stack/2); the others on the board (…/3)
             + ([C.STACK_LIFO] if any(t.target_id for t in temp) else [])
             + ([C.STACK_TABLERO] if any(not t.target_id for t in temp) else []))
        state.extra["temp"] = []
        settle(state, out, state.active)
        if state.over:
            return
    names = side_order(state, state.active)[1:]
    nxt = next((n for n in names if not state.player(n).lost), None)
    if nxt is None:
        return
    state.turn += 1
    state.active = nxt
    state.this_turn = {}
    begin_turn(state, out)


# -- actions ------------------------------------------------------------------------------------------------
def check_actor(state: GameState, by: str) -> Player:
    if state.over:
        raise IllegalAction("la partida ha terminado", [C.OBJETIVO])
    player = state.player(by)
    if player.lost:
        raise IllegalAction(f"{by} ya ha perdido la partida", [C.OBJETIVO])
    if state.pending is not None:
        raise IllegalAction(f"antes hay que resolver una elección pendiente: {state.pending.prompt}",
                            list(state.pending.citations))
    return player


def own_action_phase(state: GameState, by: str, what: str, cite: Sequence[str]) -> None:
    if state.active != by:
        raise IllegalAction(f"{what} solo en tu propio turno (es el turno de {state.active})", cite)
    if state.phase != "accion":
        raise IllegalAction(f"{what} solo en la fase de acción (estamos en la fase de {state.phase})", cite)


def do_end_turn(state: GameState, action: EndTurn, out: list[Step]) -> None:
    """dv/turno: the active player ends the action phase; the next player's turn starts with its preparation."""
    check_actor(state, action.by)
    own_action_phase(state, action.by, "terminar el turno se hace", [C.TURNO, C.ACCION])
    emit(state, out, "action", action.by, f"{action.by} termina su fase de acción y su turno", [C.TURNO])
    pass_turn(state, out)


def do_burn(state: GameState, action: Burn, out: list[Step]) -> None:
    """dv/turno/accion/3, dv/mana/3: discard a card from hand for 1 mana («quemarla»), in your action phase."""
    player = check_actor(state, action.by)
    own_action_phase(state, action.by, "quemar una carta se hace", [C.ACCION_QUEMAR, C.ACCION])
    obj = find_in(player.zones["hand"], action.card)
    if obj is None:
        raise IllegalAction(f"«{action.card}» no está en la mano de {action.by}", [C.MANA_QUEMAR])
    event = move(state, obj, "discard")
    player.mana += 1
    emit(state, out, "action", action.by,
         f"{action.by} quema {obj.card}: a la pila de descartes y +1 de maná (reserva {player.mana})",
         [C.ACCION_QUEMAR, C.MANA_QUEMAR, C.PILAS],
         [event, Event("mana", {"player": action.by, "from": player.mana - 1, "to": player.mana})],
         unmodelled(state, obj))


def do_attack(state: GameState, action: Attack, out: list[Step]) -> None:
    """dv/turno/accion/2, dv/tipos/criaturas/3..8: untapped creatures of the active player attack one player or
    creature (allies too); creature against creature deal their damage simultaneously; a player loses lives equal
    to the damage; several creatures may attack the same target at once. Attacking taps the attackers."""
    check_actor(state, action.by)
    own_action_phase(state, action.by, "las criaturas atacan", [C.CRIATURA_SOLO_SU_TURNO, C.ACCION_ATACAR])
    if len(set(action.attackers)) != len(action.attackers):
        raise IllegalAction("la misma criatura aparece dos veces entre los atacantes", [C.CRIATURA_VARIAS])
    attackers = []
    for ref in action.attackers:
        obj = on_board(state, ref)
        if obj is None or not card_of(state, obj).is_creature:
            raise IllegalAction(f"«{ref}» no es una criatura en juego", [C.ACCION_ATACAR])
        if obj.controller != action.by:
            raise IllegalAction(f"{obj.card} ({ref}) no es una criatura de {action.by}", [C.ACCION_ATACAR])
        if obj.tapped:
            raise IllegalAction(f"{obj.card} ({ref}) está girada: solo se ataca con criaturas enderezadas",
                                [C.CRIATURA_SOLO_ENDEREZADA, C.ACCION_ATACAR])
        attackers.append(obj)
    defender_player = state.player(action.target) if state.has_player(action.target) else None
    defender = None if defender_player else on_board(state, action.target)
    if defender_player is not None and defender_player.lost:
        raise IllegalAction(f"{action.target} ya ha perdido la partida", [C.CRIATURA_OBJETIVOS])
    if defender_player is None and (defender is None or not card_of(state, defender).is_creature):
        raise IllegalAction(f"«{action.target}» no es un jugador ni una criatura en juego", [C.CRIATURA_OBJETIVOS])
    if defender is not None and defender in attackers:
        raise IllegalAction(f"{defender.card} no puede atacarse a sí misma", [C.CRIATURA_OBJETIVOS])

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
    target_name = action.target if defender_player else f"{defender.card} ({defender.id}) de {defender.controller}"
    emit(state, out, "action", action.by,
         f"{action.by} ataca a {target_name}{' (un aliado)' if ally else ''} con "
         f"{', '.join(f'{o.card} ({o.id})' for o in attackers)}; los atacantes quedan girados",
         base_cites, [Event("tap", {"object": o.id}) for o in attackers], notes)

    # Damage is computed for everybody before anything is dealt: it is simultaneous (dv/tipos/criaturas/6).
    amounts = [(o, creature_damage(state, o)) for o in attackers]
    breakdown = "; ".join(f"{o.card}: {explain(state, o, 'boost_damage')}" for o in attackers)
    # The bonuses that make up each damage dealt, attackers' and (against a creature) the defender's.
    stack_cites = bonus_citations(state, fighters, "boost_damage")
    if defender_player is not None:
        total = sum(a for _, a in amounts)
        before = defender_player.lives
        defender_player.lives = max(0, before - total)
        state.bump(f"lives_lost:{defender_player.name}", before - defender_player.lives)
        state.bump("damage_dealt", total)
        emit(state, out, "resolution", action.by,
             f"{defender_player.name} pierde {total} vida{'s' if total != 1 else ''} ({before} → "
             f"{defender_player.lives}); daño: {breakdown}",
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
    state.bump("damage_dealt", total + back * len(attackers))
    emit(state, out, "resolution", action.by,
         f"daño simultáneo: {defender.card} recibe {total} ({breakdown}) y devuelve "
         f"{explain(state, defender, 'boost_damage')} a {'cada atacante' if several else attackers[0].card}",
         [C.CRIATURA_VS_CRIATURA] + ([C.CRIATURA_VARIAS] if several else []) + stack_cites, events, notes)
    settle(state, out, defender.controller)


def resolve_target(state: GameState, slot: str, ref: str, card: CardDef, by: str, cite: str
                   ) -> tuple[str, object]:
    """Check one chosen target against what the slot accepts; ("player", name) or ("object", obj)."""
    if state.has_player(ref):
        if slot in ("any", "player"):
            if state.player(ref).lost:
                raise IllegalAction(f"{ref} ya ha perdido la partida", [cite])
            return "player", ref
        raise IllegalAction(f"{card.name} no puede tener como objetivo al jugador {ref} (se esperaba {slot})", [cite])
    obj = on_board(state, ref)
    if obj is None:
        raise IllegalAction(f"objetivo «{ref}» no está en juego", [cite])
    ctype = card_of(state, obj).type
    ok = {"any": ctype == "criatura", "creature": ctype == "criatura", "target": ctype == "criatura",
          "permanent": True, "attach": True, "relic": ctype == "reliquia",
          "enchantment": ctype == "encantamiento"}.get(slot, False)
    if not ok:
        raise IllegalAction(f"{card.name} no puede tener como objetivo {obj.card} ({ctype}); se esperaba {slot}",
                            [cite])
    return "object", obj


def do_play(state: GameState, action: Play, out: list[Step]) -> None:
    """Play a card from hand paying its cost (dv/turno/accion/1, dv/mana/1). Spells only in your action phase
    (dv/tipos/hechizos); instants at any time, also in another player's turn (dv/tipos/instantaneos)."""
    player = check_actor(state, action.by)
    obj = find_in(player.zones["hand"], action.card)
    if obj is None:
        raise IllegalAction(f"«{action.card}» no está en la mano de {action.by}", [C.ACCION_JUGAR])
    card = card_of(state, obj)
    type_cite = C.TYPE_CITATION[card.type]
    if card.type == "instantaneo":
        if state.phase != "accion":
            raise IllegalAction("los instantáneos se juegan cuando un jugador puede actuar (fase de acción)",
                                [C.INSTANTANEOS])
    elif card.type == "hechizo":
        own_action_phase(state, action.by, "los hechizos se juegan", [C.HECHIZOS, C.ACCION_JUGAR])
    else:
        own_action_phase(state, action.by, f"un{'a' if card.type != 'encantamiento' else ''} {card.type} se juega",
                         [C.ACCION, C.ACCION_JUGAR])
    if player.mana < card.cost:
        raise IllegalAction(f"{card.name} cuesta {card.cost} de maná y {action.by} solo tiene {player.mana}",
                            [C.ACCION_JUGAR, C.MANA_PAGAR, C.MANA_RESERVA])
    slots = card.chosen_slots()
    if len(action.targets) != len(slots):
        need = ", ".join(slots) if slots else "ninguno"
        raise IllegalAction(f"{card.name} necesita {len(slots)} objetivo(s) ({need}) y se dieron "
                            f"{len(action.targets)}", [type_cite])
    targets = [resolve_target(state, s, r, card, action.by, type_cite) for s, r in zip(slots, action.targets)]
    if card.type == "encantamiento" and targets[0][1] is obj:
        raise IllegalAction("un encantamiento no puede unirse a sí mismo", [C.ENCANTAMIENTOS])

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
        extra = ""
        if card.is_creature:
            obj.tapped = True
            cites.append(C.CRIATURA_GIRADA)
            extra = "; entra girada"
        if card.type == "encantamiento":
            host = targets[0][1]
            assert isinstance(host, GameObject)
            obj.attached_to = host.id
            cites.append(C.STACK_LIFO)
            extra = f"; queda unido a {host.card} ({host.id}), encima de lo ya apilado sobre ella"
        if card.type == "reliquia" or any(e.is_boost and e.to in ("all", "yours", "theirs") for e in card.effects):
            cites.append(C.STACK_TABLERO)
        emit(state, out, "action", action.by,
             f"{action.by} juega {card.name} pagando {card.cost} de maná ({before} → {player.mana}){extra}",
             cites, [pay, event] + ([Event("attach", {"object": obj.id, "to": obj.attached_to})]
                                    if obj.attached_to else []), note)
        fire(state, out, obj, "enters")
        settle(state, out, action.by)
        return
    player.zones["hand"].remove(obj)
    player.zones["resolving"].append(obj)      # on the table while it resolves, then to the discard pile
    obj.zone = "resolving"
    on = ""
    if targets:
        on = " sobre " + ", ".join(t[1] if t[0] == "player" else f"{t[1].card} ({t[1].id})" for t in targets)  # type: ignore[union-attr]
    emit(state, out, "action", action.by,
         f"{action.by} juega {card.name}{on} pagando {card.cost} de maná ({before} → {player.mana})",
         cites, [pay, Event("move", {"object": obj.id, "card": obj.card, "owner": obj.owner, "from": "hand",
                                      "to": "resolving"})], note)
    chosen = iter(targets)
    plan = [(e, next(chosen) if e.chooses_target else None) for e in card.effects]
    resume_effects(state, out, obj.id, plan, 0, action.choose)


def resume_effects(state: GameState, out: list[Step], source_id: str, plan: list[tuple[Effect, object]],
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
    emit(state, out, "resolution", obj.controller, f"{card.name} se ha resuelto y va a la pila de descartes",
         [C.TYPE_CITATION[card.type], C.HECHIZOS, C.PILAS], [event])
    settle(state, out, focus)


def effect_players(state: GameState, controller: str, effect: Effect, target: object) -> list[Player]:
    if effect.target == "self":
        return [state.player(controller)]
    if effect.target == "opponents":         # in turn order from the controller's side (dv/stack/4)
        return [state.player(n) for n in side_order(state, controller)[1:] if not state.player(n).lost]
    if effect.target == "all_players":
        return [state.player(n) for n in side_order(state, controller) if not state.player(n).lost]
    if isinstance(target, tuple) and target[0] == "player":
        return [state.player(target[1])]
    return []


def effect_objects(state: GameState, controller: str, effect: Effect, target: object) -> list[GameObject]:
    if effect.target == "all_creatures":
        return [o for o in reading_order(state, controller) if card_of(state, o).is_creature]
    if isinstance(target, tuple) and target[0] == "object":
        obj = target[1]
        assert isinstance(obj, GameObject)
        return [obj] if obj.zone == "board" else []
    return []


def apply_effect(state: GameState, out: list[Step], src: GameObject, controller: str, effect: Effect,
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
    parts: list[str] = []
    cites = [cite, *order]
    if (effect.target == "all_creatures" and len(objs) > 1) or (effect.target in ("all_players", "opponents")
                                                                and len(players) > 1):
        cites += [C.STACK_TABLERO, C.STACK_ORDEN]          # the whole board, read in stack order
    if effect.kind == "damage":
        for p in players:
            before = p.lives
            p.lives = max(0, before - n)
            state.bump(f"lives_lost:{p.name}", before - p.lives)
            events.append(Event("lives", {"player": p.name, "from": before, "to": p.lives}))
            parts.append(f"{p.name} pierde {n} vida{'s' if n > 1 else ''} ({before} → {p.lives})")
        for o in objs:
            events.append(Event("damage", {"object": o.id, "from": o.damage, "to": o.damage + n}))
            o.damage += n
            parts.append(f"{o.card} ({o.id}) recibe {n} de daño (marcado {o.damage})")
        if strikes and objs:
            state.extra.setdefault("struck", []).extend(o.id for o in objs)
        state.bump("damage_dealt", n * (len(players) + len(objs)))
    elif effect.kind == "heal":
        for p in players:
            before = p.lives
            p.lives = min(MAX_LIVES, before + n)
            capped = " (máximo 24)" if before + n > MAX_LIVES else ""
            events.append(Event("lives", {"player": p.name, "from": before, "to": p.lives}))
            parts.append(f"{p.name} gana {p.lives - before} vida{'s' if p.lives - before != 1 else ''} "
                         f"({before} → {p.lives}){capped}")
        for o in objs:
            healed = min(n, o.damage)
            events.append(Event("damage", {"object": o.id, "from": o.damage, "to": o.damage - healed}))
            o.damage -= healed
            parts.append(f"{o.card} ({o.id}) se cura {healed} de daño")
        cites.append(C.CURACION)
    elif effect.kind == "gain_mana":
        for p in players:
            events.append(Event("mana", {"player": p.name, "from": p.mana, "to": p.mana + n}))
            p.mana += n
            parts.append(f"{p.name} obtiene {n} de maná (reserva {p.mana})")
        cites.append(C.MANA_RESERVA)
    elif effect.kind == "destroy":
        first = objs[0].controller if objs and effect.target != "all_creatures" else controller
        if not objs:
            parts.append("su objetivo ya no está en juego: no destruye nada")
        if held and objs:
            group, moved, more = hold(state, objs, first)
            events += moved
            cites += more
            parts.append(f"destruye {cards_list(group)}: deja{'n' if len(group) > 1 else ''} el juego y "
                         f"espera{'n' if len(group) > 1 else ''} a que {card.name} termine de enviar cartas a la "
                         "pila de descartes, para entrar con ellas en orden de lectura")
        elif objs or "held" in state.extra:
            waiting = "held" in state.extra
            group, moved, more = leave_together(state, objs, first)
            events += moved
            cites += more
            in_order = f", en este orden: {cards_list(group)}" if len(group) > 1 else ""
            if objs:
                parts.append(f"destruye {cards_list(objs)}: a la pila de descartes de su propietario"
                             + (f", junto con lo que {card.name} ya había destruido" if waiting else "") + in_order)
            else:
                parts.append(f"lo que {card.name} ya había destruido entra en la pila de descartes de su "
                             f"propietario{in_order or ': ' + cards_list(group)}")
    elif effect.kind == "draw":
        for p in players:
            draw(state, out, p, n, cites, prefix=f"{card.name}: ", kind=kind, notes=notes)
            if state.over:
                return
        return
    elif effect.is_boost:
        tid = target[1].id if isinstance(target, tuple) and target[0] == "object" else None  # type: ignore[union-attr]
        state.extra.setdefault("temp", []).append(TempBoost(card.name, src.id, controller, effect, tid, state.turn))
        what = "daño" if effect.kind == "boost_damage" else "vida"
        scope = {"all": "todas las criaturas", "yours": f"las criaturas de {controller}",
                 "theirs": f"las criaturas de los adversarios de {controller}"}.get(
                     effect.to or "", f"{target[1].card} ({tid})" if tid else "su objetivo")  # type: ignore[index,union-attr]
        parts.append(f"+{n} de {what} a {scope} hasta el final del turno")
        # Aimed at one card it is stacked on that card (dv/stack/2); otherwise it applies to the board (…/3).
        cites.append(C.STACK_LIFO if tid else C.STACK_TABLERO)
    if not parts:
        parts.append("no tiene a quién afectar")
    emit(state, out, kind, controller, f"{card.name}: " + "; ".join(parts), cites, events, notes)


def boosted(state: GameState, controller: str, effect: Effect, target: object) -> list[GameObject]:
    """The creatures in play a spell's boost reaches now (its target, or those of its scope)."""
    if effect.to == "target":
        return [target[1]] if isinstance(target, tuple) and target[0] == "object" else []  # type: ignore[list-item]
    return [o for o in reading_order(state, controller) if card_of(state, o).is_creature
            and (effect.to == "all" or (effect.to == "yours") == (o.controller == controller))]


def discard_effect(state: GameState, out: list[Step], src: GameObject, effect: Effect, target: object,
                   choose: tuple[str, ...] | None, plan: list[tuple[Effect, object]], index: int,
                   players: Sequence[str] | None = None) -> bool:
    """A `discard: N` effect: each discarding player chooses N cards of their hand (all of them if N or fewer);
    `choose` answers the first one's choice. Returns False when a choice is missing: the game waits
    (`state.pending`) and resumes with the remaining players and effects after the answer."""
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
                state.pending = Pending(
                    kind="descarte", player=p.name, count=effect.amount, options=tuple(o.id for o in hand),
                    prompt=f"{card.name} obliga a {p.name} a descartar {effect.amount} carta(s) de su mano "
                           f"({cards_list(hand)}): ¿cuáles?{why}",
                    citations=(C.TYPE_CITATION[card.type], C.STACK_DESCARTES),
                    resume=("efecto", src.id, tuple(plan), index, tuple(names[k + 1:])))
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


def discard_cards(state: GameState, out: list[Step], player: Player, objs: list[GameObject],
                  cites: list[str], prefix: str = "") -> None:
    events = [move(state, o, "discard") for o in objs]
    emit(state, out, "resolution" if prefix else "turn-based", player.name,
         f"{prefix}{player.name} descarta {cards_list(objs)}"
         + (" (entran en la pila en ese orden)" if len(objs) > 1 else ""),
         cites + [C.PILAS] + ([C.STACK_DESCARTES] if len(objs) > 1 else []), events)


def do_discard(state: GameState, action: Discard, out: list[Step]) -> None:
    """Answer the pending discard: down to two cards (dv/turno/preparacion/3) or a card's `discard` effect."""
    pending = state.pending
    if pending is None or pending.player != action.by:
        raise IllegalAction(f"{action.by} no tiene ningún descarte pendiente (para obtener maná se quema: "
                            "{burn: carta})", [C.TURNO_DESCARTAR, C.ACCION_QUEMAR])
    player = state.player(action.by)
    hand = [o for o in player.zones["hand"] if o.id in pending.options]
    picked = pick(hand, action.cards, pending.count)
    if picked is None:
        raise IllegalAction(f"hay que descartar exactamente {pending.count} carta(s) distintas de la mano "
                            f"({cards_list(hand)}); se dieron {list(action.cards)}", list(pending.citations))
    state.pending = None
    if pending.resume[0] == "preparacion":
        discard_cards(state, out, player, picked, [C.TURNO_DESCARTAR],)
        finish_preparation(state, out)
        return
    _, source_id, plan, index, others = pending.resume
    source = state.find(source_id)
    assert source is not None
    discard_cards(state, out, player, picked, [C.TYPE_CITATION[card_of(state, source).type]], f"{source.card}: ")
    effect, target = plan[index]
    if others and not discard_effect(state, out, source, effect, target, None, list(plan), index, others):
        return
    resume_effects(state, out, source_id, list(plan), index + 1, None)


def fire(state: GameState, out: list[Step], src: GameObject, when: str, order: Sequence[str] = ()) -> None:
    """One-shot effects of a permanent at a moment ("enters" or "turn_start"): trigger steps. `order`: the stack
    passages that put this card's turn among others acting at the same moment."""
    card = card_of(state, src)
    for effect in card.effects:
        if effect.when == when and src.zone == "board" and not state.over:
            apply_effect(state, out, src, src.controller, effect, None, kind="trigger", order=order)
            settle(state, out, src.controller)
