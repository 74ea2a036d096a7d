"""Setup (§3): options, pieces and cards, the chance events (start player, dice, survey tiles,
guild offer, the 3-player Borderlands card), the neutral, the starting roads."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engines.core.engine import convert_options
from engines.core.errors import StateInvalid, Violation, violation
from engines.core.rng import Rng
from engines.core.table import Draw, uniform
from engines.core.text import Message
from engines.walled_city import moves as mv
from engines.walled_city.board import BOARDS
from engines.walled_city.common import add_citizens, board, is_empty, printed, set_seat, take_from_reserve
from engines.walled_city.content import CONTENT
from engines.walled_city.described import describe
from engines.walled_city.districts import Die, SurveyTile
from engines.walled_city.state import NEUTRAL, Card, Options, Seat, Spot, State

#: What each option means, in words (the rule each settles is cited in ``Options`` and docs/walled_city.md).
OPTION_DOCS: dict[str, Message] = {
    "board": Message(
        "walled_city.option.board", "The side of the board to play on: Londonderry (the basic game) or Borderlands."
    ),
    "guild_deck": Message(
        "walled_city.option.guild_deck", "Which guild cards are used: the 12 of the board's own deck, or all 20 mixed."
    ),
    "start_player": Message(
        "walled_city.option.start_player", "The seat of the start player, or -1 to draw the start player at random."
    ),
    "tower_second_place": Message(
        "walled_city.option.tower_second_place",
        "Whether a tower still pays a second place when players tie for the most watchmen: dense gives it to "
        "the next count, competition to nobody.",
    ),
    "split_rounding": Message(
        "walled_city.option.split_rounding",
        "How players tied on a negative total divide it: each share rounded toward zero (trunc) or down (floor).",
    ),
    "neutral_in_factions": Message(
        "walled_city.option.neutral_in_factions",
        "With 2 players, the neutral colour also competes for the faction majorities.",
    ),
    "saddlers_cross_fence": Message(
        "walled_city.option.saddlers_cross_fence", "The Saddlers may move citizens across a fence the Carpenters built."
    ),
}


PLAYERS = range(2, 5)
"""§1: 2–4 players (the one place the player counts are stated; ``GameInfo`` and the checks read it)."""


def make_options(players: int, overrides: dict[str, Any]) -> Options:
    """Options for 2–4 players (§1) with named overrides (strings are parsed), checked by ``validate_options``."""
    options = convert_options(Options, "The Walled City", players, overrides, PLAYERS)
    validate_options(options)
    return options


def validate_options(o: Options) -> None:
    """§1, §2.1, §3.1 H: 2–4 players, a board side that exists, a start player that is a seat or -1 (drawn)."""
    if o.board not in BOARDS:
        raise StateInvalid(f"The board side is one of {', '.join(BOARDS)}, not {o.board!r}.", "options.board")
    if o.players not in PLAYERS:
        raise StateInvalid(f"The Walled City is for 2 to 4 players, not {o.players}.", "options.players")
    if not -1 <= o.start_player < o.players:
        raise StateInvalid(f"start_player must be -1 or a seat 0..{o.players - 1}.", "options.start_player")


def hand_for(options: Options) -> tuple[Card, ...]:
    """§3.2/§3.3: the deck (two decks with 2 players) minus the listed cards, per deck."""
    allot = CONTENT.allotment(options.board, options.players)
    removed = {tuple(c) for c in allot.remove}
    one = [Card(a, b) for a, b in CONTENT.deck.cards if (a, b) not in removed]
    return tuple(one * allot.decks)


def new_game(options: Options, seed: int | None) -> State:
    validate_options(options)
    allot = CONTENT.allotment(options.board, options.players)
    seats = tuple(
        Seat(roads=allot.roads, walls=allot.walls, nobles=allot.nobles, peasants=allot.peasants, hand=hand_for(options))
        for _ in range(options.players)
    )
    s = State(
        options=options,
        seats=seats,
        neutral_nobles=20 if options.players == 2 else 0,
        neutral_peasants=25 if options.players == 2 else 0,
        rng=None if seed is None else Rng.seeded(seed),
        external_chance=seed is None,
        start_player=options.start_player,
    )
    return replace(s, defence_only_left=defence_only_cards(options))


def defence_only_cards(options: Options) -> tuple[Card, ...]:
    """§3.7: the off-colour defence-only cards dealt one per player, in the 3-player Borderlands game only."""
    if options.board == "borderlands" and options.players == 3:
        return tuple(Card(a, b, True) for a, b in CONTENT.defence_only_cards.cards)
    return ()


def die_spots(s: State) -> tuple[str, ...]:
    """The 20 die spots of the board side in board order: areas, then towers (§3.1 E)."""
    b = printed(s)
    return tuple(a.id for a in b.areas for _ in range(a.die_spots)) + tuple(
        t.id for t in b.towers for _ in range(t.die_spots)
    )


def offer_size(s: State) -> int:
    return int(CONTENT.offer_size[str(len(s.seats))])


def deck(s: State) -> tuple[str, ...]:
    return CONTENT.guild_deck(s.options.board, s.options.guild_deck == "mixed")


def chance_kind(s: State) -> str:
    """Which setup chance event is owed next ('' when none)."""
    if s.start_player < 0:
        return "start_player"
    if len(s.dice) < len(die_spots(s)):
        return "die"
    if len(s.tiles) < len(printed(s).survey_areas):
        return "tile"
    if len(s.offer) < offer_size(s):
        return "guild"
    if s.defence_only_left and len(s.defence_only_left) > 3 - len(s.seats):
        return "card"
    return ""


def remaining_dice(s: State) -> dict[str, int]:
    placed = [d.faction for d in s.dice]
    return {f: CONTENT.factions.dice_per_faction - placed.count(f) for f in CONTENT.factions.ids}


def chance_options(s: State) -> list[Any]:
    """§3.1 E–H, §3.7: what a setup chance event can still give: a start seat, a die of a faction with dice
    left showing any face, a tile side, a guild card still in the deck, a defence-only card not yet dealt."""
    kind = chance_kind(s)
    if kind == "start_player":
        return [mv.ChanceSeat(i) for i in range(len(s.seats))]
    if kind == "die":
        values = sorted(set(CONTENT.factions.faces))
        return [mv.ChanceDie(f, v) for f, n in remaining_dice(s).items() if n > 0 for v in values]
    if kind == "tile":
        return [mv.ChanceTile(1), mv.ChanceTile(-1)]
    if kind == "guild":
        return [mv.ChanceGuild(g) for g in deck(s) if g not in s.offer]
    return [mv.ChanceCard(c.a, c.b) for c in s.defence_only_left]


#: Each setup chance event in words, for the refusal of an outcome it cannot have.
CHANCE_WORDS: dict[str, Message] = {
    "start_player": Message("walled_city.chance_event.start_player", "start player"),
    "die": Message("walled_city.chance_event.die", "next faction die"),
    "tile": Message("walled_city.chance_event.tile", "next survey tile"),
    "guild": Message("walled_city.chance_event.guild", "next guild card of the offer"),
    "card": Message("walled_city.chance_event.card", "next defence-only card"),
}
SETUP_EVENT = Message("walled_city.chance_event.other", "setup event")
IMPOSSIBLE_CHANCE = Message(
    "walled_city.refusal.impossible_chance", "The {owed} cannot come out as {what}: only what is left can be drawn."
)
NO_SUCH_PATH = Message("walled_city.refusal.no_such_path", "There is no path {path}.")
PATH_NOT_EMPTY = Message("walled_city.refusal.path_not_empty", "Path {path} is not empty.")


def check_chance(s: State, a: Any) -> list[Violation]:
    """§3: a setup chance event has one of the outcomes the components still allow."""
    if a not in chance_options(s):
        what = describe(a)
        owed = CHANCE_WORDS[chance_kind(s)]() if chance_kind(s) in CHANCE_WORDS else SETUP_EVENT()
        return violation("WALLED_CITY_IMPOSSIBLE_CHANCE", IMPOSSIBLE_CHANCE(owed=owed, what=what), "action")
    return []


def start_player_draw(s: State) -> Draw:
    """§3.1 H: the start player drawn among the seats."""
    return uniform(range(len(s.seats)), mv.ChanceSeat)


def die_draw(s: State) -> Draw:
    """§3.1 E, the physical process: a random die of those left (each die once), then its face rolled."""
    left = [f for f, n in remaining_dice(s).items() for _ in range(n)]
    return Draw((left, CONTENT.factions.faces), mv.ChanceDie)


def left_draw(s: State) -> Draw:
    """§3.1 F, G, §3.7: a tile tossed like a coin, a guild card from the deck, a defence-only card: one of the
    outcomes still possible (``chance_options``)."""
    return uniform(chance_options(s))


def apply_chance(s: State, a: Any) -> State:
    """§3.1 E–H, §3.7: the start player drawn, a die rolled onto the next die spot, a tile flipped onto the next
    survey spot, a guild laid into the offer, or a defence-only card dealt to the next player."""
    if isinstance(a, mv.ChanceSeat):
        return replace(s, start_player=a.seat)
    if isinstance(a, mv.ChanceDie):
        spot = die_spots(s)[len(s.dice)]
        return replace(s, dice=(*s.dice, Die(a.faction, a.value, spot)))
    if isinstance(a, mv.ChanceTile):
        area = printed(s).survey_areas[len(s.tiles)]
        return replace(s, tiles=(*s.tiles, SurveyTile(a.value, area)))
    if isinstance(a, mv.ChanceGuild):
        return replace(s, offer=(*s.offer, a.guild))
    seat = 3 - len(s.defence_only_left)
    card = next(c for c in s.defence_only_left if (c.a, c.b) == (a.a, a.b))
    left = tuple(c for c in s.defence_only_left if c != card)
    s = set_seat(s, seat, hand=(*s.seats[seat].hand, card))
    return replace(s, defence_only_left=left)


def place_neutral(s: State) -> State:
    """§3.6: 1 noble + 2 peasants on every area with a gap on its edge, 1 noble in every tower."""
    if len(s.seats) != 2:
        return s
    b = board(s)
    for area in b.gap_areas:
        s = take_from_reserve(add_citizens(s, area, NEUTRAL, 2, 1), NEUTRAL, 2, 1)
    for tower in b.towers:
        s = take_from_reserve(add_citizens(s, tower.id, NEUTRAL, 0, 1), NEUTRAL, 0, 1)
    return s


def starting_road_seat(s: State) -> int:
    """§3.5: 3 players: the start player; 2 players: alternating from the start player."""
    total = int(CONTENT.starting_roads[str(len(s.seats))])
    done = total - s.starting_roads_left
    return (s.start_player + done) % len(s.seats)


def check_starting_road(s: State, a: mv.StartingRoad) -> list[Violation]:
    """§3.5, §5.1: a starting road goes on an empty path of the board."""
    if a.path not in board(s).path:
        return violation("WALLED_CITY_NO_SUCH_PATH", NO_SUCH_PATH(path=a.path), "action.path")
    if not is_empty(s.paths, a.path):
        return violation("WALLED_CITY_PATH_TAKEN", PATH_NOT_EMPTY(path=a.path), "action.path")
    return []


def apply_starting_road(s: State, a: mv.StartingRoad) -> State:
    """§3.5, §5.1: a road from the box (no reserve spent) on the path; no settling or adjusting follows."""
    return replace(s, paths=(*s.paths, Spot(a.path)), starting_roads_left=s.starting_roads_left - 1)
