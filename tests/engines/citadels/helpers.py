"""Helpers for the Citadels rule tests: build exact states, answer chance, play and reject moves.

States are built directly (``msgspec.structs.replace``-style construction of ``State``) with the
district cards conserved (deck + hands + cities + Museum cards = the 54 basic cards + the 14
uniques of the options), then checked with ``ENGINE.check``. Every played move is first checked
to be in ``ENGINE.legal_moves`` and then applied through ``ENGINE.apply``; every rejected move is
checked to be absent from ``legal_moves`` and its violation codes are returned.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.citadels import ENGINE
from engines.citadels import moves as mv
from engines.citadels.content import CONTENT
from engines.citadels.state import NO_SEAT, Built, Marker, Options, Player, Reveal, State, Turn
from engines.core.engine import CHANCE

#: Unique districts used to fill an option set up to 14: the first-game list first, then the
#: others in catalogue order (never the Secret Vault unless asked).
_FILLER: tuple[str, ...] = tuple(
    dict.fromkeys(u for u in (*CONTENT.preset["first_game"].uniques, *CONTENT.unique_ids) if u != "secret_vault")
)

FIRST_GAME_CAST: tuple[str, ...] = (
    "assassin",
    "thief",
    "magician",
    "king",
    "bishop",
    "merchant",
    "architect",
    "warlord",
)


def options(
    players: int,
    cast: Sequence[str] = FIRST_GAME_CAST,
    uniques: Iterable[str] = (),
    **flags: Any,
) -> Options:
    """Options through the engine's own option parser.

    ``cast`` lists ranks 1..8 (and optionally a rank-9 character last); ``uniques`` are the
    unique districts the test needs; the set is filled up to 14 with other unique districts.
    """
    wanted = list(dict.fromkeys(uniques))
    for u in _FILLER:
        if len(wanted) >= 14:
            break
        if u not in wanted:
            wanted.append(u)
    assert len(wanted) == 14, wanted
    overrides: dict[str, Any] = {
        "cast": ",".join(cast[:8]),
        "uniques": ",".join(wanted),
        "rank9": cast[8] if len(cast) > 8 else "none",
        **flags,
    }
    return ENGINE.make_options(players, overrides)


@dataclass(frozen=True)
class Seat:
    """One player's public and private holdings for a constructed state."""

    gold: int = 0
    hand: tuple[str, ...] = ()
    city: tuple[str | Built, ...] = ()
    characters: tuple[str, ...] = ()


@dataclass
class Round:
    """Round markers of a constructed turn-phase state (all default to "nothing happened")."""

    killed: str = ""
    robbed: str = ""
    thief_seat: int = NO_SEAT
    bewitched: str = ""
    witch_seat: int = NO_SEAT
    warrants: tuple[Marker, ...] = ()
    magistrate_seat: int = NO_SEAT
    threats: tuple[Marker, ...] = ()
    blackmailer_seat: int = NO_SEAT
    revealed: tuple[Reveal, ...] = ()
    protected_seat: int = NO_SEAT
    queen_seat: int = NO_SEAT
    faceup: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


def _built(d: str | Built) -> Built:
    return d if isinstance(d, Built) else Built(d)


def full_deck(opts: Options) -> Counter[str]:
    """The 68 district cards of a game with these options."""
    return Counter((*CONTENT.basic_deck, *opts.uniques))


def make_state(
    opts: Options,
    seats: Sequence[Seat],
    *,
    crown: int = 0,
    start_rank: int = 1,
    rnd: Round | None = None,
    deck_bottom: Sequence[str] = (),
    tax_token: int = 0,
    end_triggered: bool = False,
    first_completer: int = NO_SEAT,
    phase: str = "turns",
) -> State:
    """A state whose turn phase calls ranks from ``start_rank`` on (or a finished game).

    Cards in hands, cities, Museums and ``deck_bottom`` are taken out of the 68-card deck;
    a card that is not available raises. Cast characters nobody holds (and that are not
    face-up discards) are face-down discards. With ``phase="turns"`` the engine's own progress
    function (the one ``apply`` ends with) calls the first held character from
    ``start_rank`` on, exactly as after the previous character's turn.
    """
    rnd = rnd or Round()
    assert len(seats) == opts.players
    deck = full_deck(opts)
    used: Counter[str] = Counter(deck_bottom)
    players = []
    for seat in seats:
        city = tuple(_built(d) for d in seat.city)
        used += Counter(seat.hand)
        for b in city:
            used += Counter((b.card, *b.museum))
        players.append(Player(gold=seat.gold, hand=tuple(seat.hand), city=city, characters=tuple(seat.characters)))
    missing = used - deck
    assert not missing, f"cards not available in this game: {dict(missing)}"
    rest = deck - used
    held = {c for seat in seats for c in seat.characters}
    facedown = tuple(c for c in opts.cast if c not in held and c not in rnd.faceup)
    s = State(
        options=opts,
        players=tuple(players),
        deck=tuple(sorted(rest.elements())),
        deck_bottom=tuple(deck_bottom),
        crown=crown,
        tax_token=tax_token,
        end_triggered=end_triggered,
        first_completer=first_completer,
        phase="over" if phase == "over" else "turns",
        faceup=rnd.faceup,
        facedown=facedown if phase != "over" else (),
        called_rank=start_rank - 1,
        killed=rnd.killed,
        robbed=rnd.robbed,
        thief_seat=rnd.thief_seat,
        bewitched=rnd.bewitched,
        witch_seat=rnd.witch_seat,
        warrants=rnd.warrants,
        magistrate_seat=rnd.magistrate_seat,
        threats=rnd.threats,
        blackmailer_seat=rnd.blackmailer_seat,
        revealed=rnd.revealed,
        protected_seat=rnd.protected_seat,
        queen_seat=rnd.queen_seat,
        external_chance=True,
        **rnd.extra,
    )
    if phase != "over":
        s = ENGINE.settle(s)
    ENGINE.check(s)
    return s


# ---- playing -------------------------------------------------------------------------------


def pending_seat(s: State) -> int:
    """The single seat owing the pending decision (CHANCE = -1)."""
    seats = ENGINE.pending(s).seats
    assert len(seats) == 1, seats
    return seats[0]


def kind(s: State) -> str:
    return ENGINE.pending(s).kind


def legal_actions(s: State) -> list[Any]:
    return [m.action for m in ENGINE.legal_moves(s)]


def play(s: State, action: Any, seat: int | None = None) -> State:
    """Apply ``action`` for the pending seat (or ``seat``); it must be a generated legal move."""
    who = pending_seat(s) if seat is None else seat
    move = mv.Move(who, action)
    legal = ENGINE.legal_moves(s)
    assert move in legal, f"{move} not in legal moves: {legal}"
    assert ENGINE.validate(s, move) == []
    out = ENGINE.apply(s, move)
    ENGINE.check(out)
    return out


def play_all(s: State, *actions: Any) -> State:
    for a in actions:
        s = play(s, a)
    return s


def codes(s: State, action: Any, seat: int | None = None) -> list[str]:
    """Violation codes of an illegal move (asserts it is rejected and not generated)."""
    who = pending_seat(s) if seat is None else seat
    move = mv.Move(who, action)
    found = [v.code for v in ENGINE.validate(s, move)]
    assert found, f"{move} was accepted"
    assert move not in ENGINE.legal_moves(s)
    return found


def chance_cards(s: State, *cards: str) -> State:
    """Answer district-card chance events (draws, random takes) with the given cards."""
    for c in cards:
        assert pending_seat(s) == CHANCE, kind(s)
        s = play(s, mv.ChanceCard(c), CHANCE)
    return s


def chance_character(s: State, character: str) -> State:
    assert pending_seat(s) == CHANCE, kind(s)
    return play(s, mv.ChanceCharacter(character), CHANCE)


def gold(s: State, seat: int) -> int:
    return s.players[seat].gold


def hand(s: State, seat: int) -> tuple[str, ...]:
    return s.players[seat].hand


def city(s: State, seat: int) -> list[str]:
    return [b.card for b in s.players[seat].city]


def turn(s: State) -> Turn:
    assert s.turn is not None, kind(s)
    return s.turn


def acting(s: State) -> tuple[str, int]:
    """(effective character, seat) of the turn in progress."""
    t = turn(s)
    return t.character, t.seat


def end_turn(s: State) -> State:
    return play(s, mv.EndTurn())


def gather_gold_and_end(s: State) -> State:
    return play_all(s, mv.GatherGold(), mv.EndTurn())


def score_of(s: State, seat: int) -> dict[str, int]:
    """Score entries of a seat by category (points summed), plus ``total``."""
    sheet = ENGINE.score(s)
    st = sheet.seats[seat]
    out: dict[str, int] = {}
    for e in st.entries:
        out[e.category] = out.get(e.category, 0) + e.points
    out["total"] = st.total
    return out


def cast_with(**by_rank: str) -> tuple[str, ...]:
    """The first-game cast with some ranks replaced (``r9`` adds a rank-9 character)."""
    cast = list(FIRST_GAME_CAST)
    extra: list[str] = []
    for key, cid in by_rank.items():
        r = int(key[1:])
        if r == 9:
            extra.append(cid)
        else:
            cast[r - 1] = cid
    return (*cast, *extra)
