"""The Walled City engine: the uniform protocol over the rule modules.

Guild abilities (§6) are not implemented yet: guilds are chosen and set the build order and the
tie-breaks, but ``ActivateGuild`` is answered with a not-implemented error (``NotImplementedRule``).
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from engines.core.engine import CHANCE, GameInfo, Pending, option_infos
from engines.core.errors import IllegalMove, NotImplementedRule, StateInvalid, Violation
from engines.core.scoring import ScoreEntry, ScoreSheet, rank, seat_score
from engines.walled_city import build, phases, setup, view
from engines.walled_city import moves as mv
from engines.walled_city.board import BOARDS
from engines.walled_city.common import board, competitors, guild_key
from engines.walled_city.content import CONTENT
from engines.walled_city.state import NEUTRAL, Options, State

RULES_VERSION = "0.1.0"

CHANCE_MOVES = (mv.ChanceSeat, mv.ChanceDie, mv.ChanceTile, mv.ChanceGuild, mv.ChanceCard)
STEP_MOVES: dict[str, tuple[type, ...]] = {
    "place": (mv.BuildRoad, mv.BuildWall),
    "settle": (mv.Settle, mv.SettleWall),
    "promote": (mv.Promote, mv.Done),
    "adjust": (mv.Adjust, mv.Done),
}


def advance(s: State) -> State:
    """Automatic transitions: setup → starting roads → alignment; a builder with nowhere to build (A-24)."""
    while True:
        if s.phase == "setup" and not setup.chance_kind(s):
            s = setup.place_neutral(s)
            roads = int(CONTENT.starting_roads[str(len(s.seats))])
            s = replace(s, phase="starting_roads", starting_roads_left=roads)
        elif s.phase == "starting_roads" and s.starting_roads_left == 0:
            s = phases.start_alignment(s)
        elif s.phase == "build" and s.turn is None:
            s = phases.next_builder(s)
        elif s.phase == "build" and s.turn is not None and s.turn.step == "place" and not build.can_build(s):
            s = _no_spot(s)
        else:
            return s


def _no_spot(s: State) -> State:
    """A-24: no buildable spot (or no playable card): the piece goes to the box, the turn ends."""
    assert s.turn is not None
    p = s.seats[s.turn.seat]
    seats = list(s.seats)
    seats[s.turn.seat] = replace(p, roads=p.roads - 1) if s.round == 1 else replace(p, walls=p.walls - 1)
    return replace(s, seats=tuple(seats), turn=None)


def settle(s: State) -> State:
    s = advance(s)
    while s.rng is not None and s.phase == "setup":
        a, rng = setup.sample_chance(s, s.rng)
        s = advance(setup.apply_chance(replace(s, rng=rng), a))
    return s


def actor(s: State) -> int | None:
    if s.phase == "over":
        return None
    if s.phase == "setup":
        return CHANCE
    if s.phase == "starting_roads":
        return setup.starting_road_seat(s)
    if s.phase == "build":
        assert s.turn is not None
        return s.turn.seat
    return s.order[s.index]


def pending_of(s: State) -> Pending:
    seat = actor(s)
    if seat is None:
        return Pending((), "game_over", "The game is over.")
    if s.phase == "setup":
        return Pending((CHANCE,), f"chance.{setup.chance_kind(s)}", "Chance: a setup event")
    if s.phase == "build":
        assert s.turn is not None
        return Pending((seat,), f"build.{s.turn.step}", f"Seat {seat}: build turn, step {s.turn.step}")
    return Pending((seat,), s.phase, f"Seat {seat}: {s.phase.replace('_', ' ')}")


def options_for(s: State, seat: int) -> list[Any]:
    if s.phase == "setup":
        return setup.chance_options(s)
    if s.phase == "starting_roads":
        return [
            mv.StartingRoad(p.id) for p in board(s).paths if not setup.check_starting_road(s, mv.StartingRoad(p.id))
        ]
    if s.phase == "alignment":
        return [mv.ChooseGuild(g) for g in s.offer]
    if s.phase == "defence":
        return list(phases.defence_options(s, seat))
    assert s.turn is not None
    step = s.turn.step
    if step == "place":
        return build.build_options(s)
    if step == "settle":
        return build.settle_options(s)
    if step == "promote":
        return build.promote_options(s)
    return build.adjust_options(s)


def accepted(s: State) -> tuple[type, ...]:
    if s.phase == "setup":
        return CHANCE_MOVES
    if s.phase == "starting_roads":
        return (mv.StartingRoad,)
    if s.phase == "alignment":
        return (mv.ChooseGuild,)
    if s.phase == "defence":
        return (mv.PlaceDefenceCard,)
    assert s.turn is not None
    return (*STEP_MOVES[s.turn.step], mv.ActivateGuild)


def check_action(s: State, seat: int, a: Any) -> list[Violation]:
    if isinstance(a, mv.ActivateGuild):
        raise NotImplementedRule("§6", "guild abilities (ActivateGuild)")
    if s.phase == "setup":
        return setup.check_chance(s, a)
    if s.phase == "starting_roads":
        return setup.check_starting_road(s, a)
    if s.phase == "alignment":
        return phases.check_choose(s, a)
    if s.phase == "defence":
        return phases.check_defence(s, seat, a)
    assert s.turn is not None
    step = s.turn.step
    if step == "place":
        return build.check_build(s, a)
    if step == "settle":
        return build.check_settle(s, a)
    if step == "promote":
        return build.check_promote(s, a)
    return build.check_adjust(s, a)


def apply_action(s: State, seat: int, a: Any) -> State:
    if s.phase == "setup":
        return setup.apply_chance(s, a)
    if s.phase == "starting_roads":
        return setup.apply_starting_road(s, a)
    if s.phase == "alignment":
        return phases.apply_choose(s, seat, a)
    if s.phase == "defence":
        return phases.apply_defence(s, seat, a)
    assert s.turn is not None
    step = s.turn.step
    if step == "place":
        return build.apply_build(s, a)
    if step == "settle":
        return build.apply_settle(s, a)
    if step == "promote":
        return build.apply_promote(s, a)
    return build.apply_adjust(s, a)


class WalledCityEngine:
    """The Walled City: Londonderry & Borderlands, 2–4 players (guild abilities not yet implemented)."""

    info = GameInfo(
        game_id="walled_city",
        title="The Walled City: Londonderry & Borderlands",
        rules_version=RULES_VERSION,
        min_players=2,
        max_players=4,
        options=option_infos(Options, setup.OPTION_DOCS),
        variants=tuple(BOARDS),
    )
    state_type = State
    move_type = mv.Move
    options_type = Options

    def make_options(self, players: int, overrides: dict[str, Any]) -> Options:
        return setup.make_options(players, overrides)

    def new_game(self, options: Options, seed: int | None) -> State:
        return settle(setup.new_game(options, seed))

    def check(self, state: State) -> None:
        check_state(state)

    def pending(self, state: State) -> Pending:
        return pending_of(state)

    def legal_moves(self, state: State) -> list[mv.Move]:
        seat = None if state.redacted else actor(state)
        return [] if seat is None else [mv.Move(seat, a) for a in options_for(state, seat)]

    def validate(self, state: State, move: mv.Move) -> list[Violation]:
        if state.redacted:
            return [Violation("COMMON_VIEW_NOT_PLAYABLE", "A view cannot be played; send the full state.", "state")]
        seat = actor(state)
        if seat is None:
            return [Violation("COMMON_GAME_OVER", "The game is over.", "move")]
        if move.seat != seat:
            who = "CHANCE" if seat == CHANCE else f"seat {seat}"
            return [Violation("COMMON_NOT_YOUR_TURN", f"It is {who}'s decision, not seat {move.seat}'s.", "move.seat")]
        if not isinstance(move.action, accepted(state)):
            kinds = ", ".join(t.__struct_config__.tag for t in accepted(state))  # type: ignore[attr-defined]
            return [Violation("COMMON_WRONG_DECISION", f"This decision takes: {kinds}.", "move.action")]
        return check_action(state, seat, move.action)

    def apply(self, state: State, move: mv.Move) -> State:
        violations = self.validate(state, move)
        if violations:
            raise IllegalMove(violations)
        return settle(apply_action(state, move.seat, move.action))

    def score(self, state: State) -> ScoreSheet:
        seats = []
        for i in range(len(state.seats)):
            entries = [ScoreEntry(v.category, v.points, v.detail) for v in state.votes if v.who == str(i)]
            seats.append(seat_score(i, entries))
        guilds = {i: p.guild or p.round1_guild for i, p in enumerate(state.seats)}

        def tiebreak(seat: int) -> tuple[int, str]:
            key = guild_key(guilds[seat])
            label = CONTENT.guild[guilds[seat]].label if guilds[seat] else "none"
            return -(key[0] * 2 + key[1]), f"guild priority {label} (lower wins ties)"

        return rank(seats, tiebreak, final=state.phase == "over")

    def view(self, state: State, seat: int | None) -> State:
        return view.view(state, seat)

    def describe(self) -> dict[str, Any]:
        return {
            "boards": {side: msgspec.to_builtins(b) for side, b in BOARDS.items()},
            "game": msgspec.to_builtins(CONTENT),
        }


def _require(condition: bool, message: str, field: str) -> None:
    if not condition:
        raise StateInvalid(message, field)


def check_state(s: State) -> None:
    """Structural consistency of a client's state (§11 invariants 1–5, the phase and turn)."""
    _require(not s.redacted, "A view (ViewState) cannot be played; send the full state.", "redacted")
    setup.validate_options(s.options)
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
    _require(all(x.id in b.path and x.height >= 1 for x in s.paths), "Unknown path or stack.", "paths")
    _require(all(x.id in b.gap and x.height >= 1 for x in s.gaps), "Unknown gap or stack.", "gaps")
    _require(len({x.id for x in s.paths}) == len(s.paths), "A path is listed twice.", "paths")
    _require(len({x.id for x in s.gaps}) == len(s.gaps), "A gap is listed twice.", "gaps")
    spots = setup.die_spots(s)
    _require(len(s.dice) <= len(spots), "Too many faction dice.", "dice")
    _require(s.phase == "setup" or len(s.dice) == len(spots), "Every die spot holds a die after setup.", "dice")
    _require(all(d.faction in CONTENT.factions.ids and 1 <= d.value <= 3 for d in s.dice), "Bad faction die.", "dice")
    _require(all(n >= 0 for n in setup.remaining_dice(s).values()), "A faction has more than 4 dice.", "dice")
    _require(sorted(d.location for d in s.dice) == sorted(spots[: len(s.dice)]), "Dice are off their spots.", "dice")
    _require(all(t.value in (1, -1) and t.area in b.area for t in s.tiles), "Bad survey tile.", "tiles")
    _require(len(s.tiles) <= len(b.survey_areas), "Too many survey tiles.", "tiles")
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
    if s.phase != "build":
        _require(s.turn is None, "A turn runs only in the build phase.", "turn")
        return
    turn = s.turn
    _require(turn is not None and 0 <= s.index < n, "A build phase needs a turn in progress.", "turn")
    assert turn is not None
    _require(turn.seat == s.order[s.index], "The turn's seat is not the builder in order.", "turn.seat")
    _require(0 <= turn.b <= turn.a <= 5 or 0 <= turn.a <= turn.b <= 5, "The turn's card is impossible.", "turn")
    if turn.step == "place":
        _require(not turn.spot, "Nothing is built before the build step.", "turn.spot")
        return
    built = {x.id for x in (s.paths if s.round == 1 else s.gaps)}
    _require(turn.spot in built, f"The turn's spot {turn.spot!r} is not built.", "turn.spot")
    _require(0 <= turn.promote_left <= max(turn.a, turn.b), "Bad promotion count.", "turn.promote_left")
    _require(s.round == 2 or turn.step != "promote", "Nobles are promoted only in round 2.", "turn.step")


ENGINE = WalledCityEngine()
