"""Integrity of a client's state (DESIGN: nothing a client sends may crash the engine): the structure,
§11 invariants 1–5, the phase, the turn and any guild ability in progress."""

from __future__ import annotations

from engines.core.errors import StateInvalid
from engines.walled_city import setup
from engines.walled_city.board import BOARDS
from engines.walled_city.common import board, competitors, printed
from engines.walled_city.content import CONTENT
from engines.walled_city.fences import check_fence, fenced
from engines.walled_city.guilds import ABILITY, GROCERS
from engines.walled_city.guilds import options as ability_options
from engines.walled_city.guilds.cards import answering, higher, recipients
from engines.walled_city.state import NEUTRAL, State, Turn


def _require(condition: bool, message: str, field: str) -> None:
    if not condition:
        raise StateInvalid(message, field)


def check_state(s: State) -> None:
    """Structural consistency of a client's state (§11 invariants 1–5, the phase and turn)."""
    _require(not s.redacted, "A view (ViewState) cannot be played; send the full state.", "redacted")
    setup.validate_options(s.options)
    _check_fences(s)
    n = s.options.players
    _require(len(s.seats) == n, f"{len(s.seats)} seats in a {n}-player game.", "seats")
    _require(s.round in (1, 2), "The game has rounds 1 and 2.", "round")
    _check_pieces(s)
    _check_cards(s)
    _check_board(s)
    _check_progress(s)


def _check_pieces(s: State) -> None:
    """Every citizen is in one place; per colour, reserve + board + box = the allotment (§11 1, 3)."""
    b = board(s)
    who_ok = set(competitors(s))
    allot = CONTENT.allotment(s.options.board, len(s.seats))
    seen: set[tuple[str, str]] = set()
    nobles: dict[str, int] = {}
    peasants: dict[str, int] = {}
    for p in s.citizens:
        _require(p.who in who_ok and (p.place, p.who) not in seen, f"Bad citizens entry {p.place}/{p.who}.", "citizens")
        _require(p.place in b.area or p.place in b.tower, f"{p.place!r} is no area or tower.", "citizens")
        _require(p.peasants >= 0 and p.nobles >= 0, "Citizen counts cannot be negative.", "citizens")
        _require(not (p.place in b.tower and p.peasants), "Peasants are never in towers.", "citizens")
        seen.add((p.place, p.who))
        nobles[p.who] = nobles.get(p.who, 0) + p.nobles
        peasants[p.who] = peasants.get(p.who, 0) + p.peasants
    for p in s.out_nobles:
        _require(p.place == "box" and p.who in who_ok and p.nobles >= 0, "Bad box entry.", "out_nobles")
        nobles[p.who] = nobles.get(p.who, 0) + p.nobles
    for i, seat in enumerate(s.seats):
        _require(min(seat.roads, seat.walls, seat.nobles, seat.peasants) >= 0, "Reserves cannot be negative.", "seats")
        _require(nobles.get(str(i), 0) + seat.nobles == allot.nobles, f"Seat {i}'s nobles are not conserved.", "seats")
        _require(
            peasants.get(str(i), 0) + seat.peasants == allot.peasants,
            f"Seat {i}'s peasants are not conserved.",
            "seats",
        )
    if len(s.seats) == 2:
        _require(nobles.get(NEUTRAL, 0) + s.neutral_nobles == 20, "The neutral's nobles are not conserved.", "seats")
        _require(
            peasants.get(NEUTRAL, 0) + s.neutral_peasants == 25, "The neutral's peasants are not conserved.", "seats"
        )


def _check_cards(s: State) -> None:
    deck = {tuple(c) for c in CONTENT.deck.cards}
    special = {tuple(c) for c in CONTENT.defence_only_cards.cards}
    for i, seat in enumerate(s.seats):
        for c in seat.hand:
            _require((c.a, c.b) in (special if c.defence_only else deck), f"Seat {i} holds an unknown card.", "seats")
        _require(seat.guild in CONTENT.guild or not seat.guild, f"Seat {i} holds an unknown guild.", "seats")
    held = {p.guild for p in s.seats if p.guild}
    _require(
        len(set(s.offer)) == len(s.offer) and all(g in CONTENT.guild for g in s.offer), "Bad guild offer.", "offer"
    )
    _require(not held & set(s.offer), "A held guild is still in the offer.", "offer")
    _require(all((c.a, c.b) in special for c in s.defence_only_left), "Unknown defence-only card.", "defence_only_left")


def _check_board(s: State) -> None:
    b = board(s)
    _require(
        all(x.id in b.path and not b.path[x.id].fence and x.height >= 1 for x in s.paths), "Unknown path.", "paths"
    )
    _require(all(x.id in b.gap and x.height >= 1 for x in s.gaps), "Unknown gap or stack.", "gaps")
    _require(len({x.id for x in s.paths}) == len(s.paths), "A path is listed twice.", "paths")
    _require(len({x.id for x in s.gaps}) == len(s.gaps), "A gap is listed twice.", "gaps")
    spots = setup.die_spots(s)
    _require(len(s.dice) <= len(spots), "Too many faction dice.", "dice")
    _require(s.phase == "setup" or len(s.dice) == len(spots), "Every die spot holds a die after setup.", "dice")
    _require(all(d.faction in CONTENT.factions.ids and 1 <= d.value <= 3 for d in s.dice), "Bad faction die.", "dice")
    _require(all(n >= 0 for n in setup.remaining_dice(s).values()), "A faction has more than 4 dice.", "dice")
    if s.phase == "setup":
        _require(sorted(d.location for d in s.dice) == sorted(spots[: len(s.dice)]), "Dice off their spots.", "dice")
    else:  # Carpenters and Tanners move dice, but the number in towers never changes (§11 invariant 4)
        _require(all(d.location in b.area or d.location in b.tower for d in s.dice), "A die is nowhere.", "dice")
        in_towers = sum(1 for d in s.dice if d.location in b.tower)
        _require(in_towers == sum(t.die_spots for t in b.towers), "Dice left or entered the towers.", "dice")
    _require(all(t.value in (1, -1) and t.area in b.area for t in s.tiles), "Bad survey tile.", "tiles")
    _require(len(s.tiles) <= len(printed(s).survey_areas), "Too many survey tiles.", "tiles")
    zones = [z.zone for z in s.zones]
    _require(len(set(zones)) == len(zones) and all(z in b.zone for z in zones), "Bad defence zones.", "zones")
    _require(all(0 <= z.owner < len(s.seats) for z in s.zones), "A zone card has no owner.", "zones")


def _check_progress(s: State) -> None:
    n = len(s.seats)
    if s.phase in ("alignment", "build", "defence"):
        _require(sorted(s.order) == list(range(n)), "The phase order must list every seat once.", "order")
    if s.phase in ("alignment", "defence"):
        _require(0 <= s.index < n, "The phase order is exhausted.", "index")
    if s.phase == "starting_roads":
        _require(0 <= s.start_player < n and s.starting_roads_left > 0, "Bad starting-road step.", "start_player")
    if s.phase == "setup":
        _require(bool(setup.chance_kind(s)), "Every setup event has happened; the game has moved on.", "phase")
    if s.phase != "build":
        _require(s.turn is None, "A turn runs only in the build phase.", "turn")
        _require(s.activation is None, "Guilds are used only in build turns.", "activation")
        return
    turn = s.turn
    _require(turn is not None and 0 <= s.index < n, "A build phase needs a turn in progress.", "turn")
    assert turn is not None
    _require(turn.seat == s.order[s.index], "The turn's seat is not the builder in order.", "turn.seat")
    _require(0 <= turn.b <= turn.a <= 5 or 0 <= turn.a <= turn.b <= 5, "The turn's card is impossible.", "turn")
    _check_activation(s, turn)
    if turn.step == "place":
        _require(not turn.spot, "Nothing is built before the build step.", "turn.spot")
        return
    spots = board(s).path if s.round == 1 else board(s).gap  # a guild may since have cleared or demolished it
    _require(turn.spot in spots, f"The turn's spot {turn.spot!r} is no {'path' if s.round == 1 else 'gap'}.", "turn")
    _require(0 <= turn.promote_left <= max(turn.a, turn.b), "Bad promotion count.", "turn.promote_left")
    _require(0 <= turn.promoted <= max(turn.a, turn.b), "Bad promotion count.", "turn.promoted")
    _require(s.round == 2 or turn.step != "promote", "Nobles are promoted only in round 2.", "turn.step")


def _check_fences(s: State) -> None:
    """Every fence was legal on the board it was built on (§6.3 G13), and only after setup."""
    b = BOARDS[s.options.board]
    _require(not s.fences or s.phase not in ("setup", "starting_roads"), "Fences come from play.", "fences")
    for i, f in enumerate(s.fences):
        reason = check_fence(fenced(b, s.fences[:i]), f)
        _require(reason is None, f"Fence {i + 1}: {reason}", "fences")


KINDS = ("noble", "peasant")


def _check_activation(s: State, turn: Turn) -> None:
    """An ability in progress must be one the turn's player declared, with a memory it could have made."""
    act = s.activation
    if act is None:
        return
    held = s.seats[turn.seat]
    _require(act.seat == turn.seat and act.guild in ABILITY, "The ability is not the builder's.", "activation")
    _require(act.guild != "drapers", "The Drapers' ability is resolved when declared.", "activation.guild")
    _require(held.guild_used and held.guild in (act.guild, GROCERS), "The guild was not activated.", "activation")
    _require(act.via in ("", GROCERS) and (act.via == GROCERS) == (held.guild == GROCERS), "Bad via.", "activation")
    _require(act.count >= 0, "Negative decision count.", "activation.count")
    b = board(s)
    names = set(competitors(s)) | set(KINDS)
    _require(all(c in names for c in act.chosen), "Bad choices in the ability's memory.", "activation.chosen")
    _require(all(_marker(s, i) or i in b.area for i in act.items), "Bad items in the ability.", "activation.items")
    deck = {tuple(c) for c in CONTENT.deck.cards}
    _require(all((c.a, c.b) in deck and not c.defence_only for c in act.cards), "Bad cards.", "activation.cards")
    _require(act.guild == "butchers" or not act.cards, "Only the Butchers give cards.", "activation.cards")
    for p in act.arrived:
        ok = p.place in b.area and p.who in competitors(s) and min(p.peasants, p.nobles) >= 0
        _require(ok, "Bad arrivals in the ability's memory.", "activation.arrived")
    if act.guild == "haberdashers":
        _require(not act.rolling or (len(act.items) == 1 and _marker(s, act.items[0])), "Bad re-roll.", "activation")
    else:
        _require(not act.rolling, "Only the Haberdashers re-roll.", "activation.rolling")
    if act.guild == "carpenters" and act.items:
        _require(len(act.items) == 2 and all(i in b.area for i in act.items), "Bad fenced areas.", "activation")
        present = {p.who for p in s.citizens if p.place == act.items[0]}
        _require(all(c in present for c in act.chosen), "Nobody to split there.", "activation.chosen")
        _require(len(set(act.chosen)) == len(act.chosen), "A competitor's split twice.", "activation.chosen")
    if act.guild == "butchers":
        k = len(recipients(s, act))
        _require(act.count < 2 * k and len(act.cards) == min(act.count, k), "Bad card exchange.", "activation")
        seat = answering(s, act)
        if seat is None:
            _require(not act.chosen, "No answer is due during the gifts.", "activation.chosen")
        else:
            due = str(seat if higher(s, act, seat) else act.seat)
            _require(act.chosen == (due,), f"Seat {due} answers the gift now.", "activation.chosen")
    if act.guild == "saddlers":
        _require(len(act.chosen) <= 1 and set(act.chosen) <= set(KINDS), "Bad Saddlers kind.", "activation.chosen")
    if act.guild in ("clothworkers", "tanners", "haberdashers"):
        _require(len(act.items) <= 1 and all(_marker(s, i) for i in act.items), "Bad picked marker.", "activation")
    _require(NEUTRAL not in act.chosen or len(s.seats) == 2, "There is no neutral.", "activation.chosen")
    _require(bool(ability_options(s)), "The ability has nothing left to decide: it is over.", "activation")


def _marker(s: State, item: str) -> bool:
    """``die:<i>`` or ``tile:<i>`` naming an existing marker."""
    kind, _, index = item.partition(":")
    if kind not in ("die", "tile") or not index.isdigit():
        return False
    return int(index) < len(s.dice if kind == "die" else s.tiles)
