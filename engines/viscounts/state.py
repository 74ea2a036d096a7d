"""Viscounts of the West Kingdom game state (§4.2), as immutable msgspec structs, for one-decision moves.

Seats are ``0..n-1``, seat order is clockwise (turns pass to the left). A solo game has two seats: the
human (seat 0, always the start player, §8.1 step 3) and the Cleric AI (seat 1), whose turns the engine
plays by itself (§8.4).

The board is a ring of five segment sides (content ids) at ring positions 0..4, clockwise. A viscount
space is ``3 * position + k`` with ``k`` 0 = outer-left, 1 = inner, 2 = outer-right (§4.1). Building
spots are numbered over the ring in clockwise order (``board.spots``).

Cards are content ids. Hidden piles are unordered multisets (sorted tuples): each player's ``draw``
pile, the unseen neutral townsfolk below the pile tops (``folk_unseen``, shared by the five piles: a
uniform split then a uniform order is the same as drawing each new top from all unseen cards), the unseen
manuscripts, the player cards and heroes never laid out, the AI's scheme piles. Every draw from them is a
chance decision that names what was drawn (external chance) or an index drawn from the state's PCG32.

The game advances through ``stage`` and the ``queue`` of small ``Step`` records (chance draws, one-move
decisions, effects still to apply); with an empty queue the turn's ``phase`` says what happens next.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engines.core.rng import Rng
from engines.viscounts.content import ActionName, AiStep, Effect

NO_SEAT = -1
"""No seat (no Castle Leader yet, a spectator's view)."""

CAP = 1000
"""The largest count a queued step or a holding reaches in any game; the state check refuses more."""

EMPTY = ""
"""An empty board slot, an empty pile top, an empty building spot."""

Stage = Literal["deal", "draft", "turns", "over"]
"""``deal``: setup's chance events (§3 steps 1–8); ``draft``: the player-card/hero picks in reverse
order (§3 step 9); ``turns``: the rounds (§4.7); ``over``: final scoring done (§7.2)."""

Phase = Literal["slide", "play", "move", "action", "recruit", "collide", "draw", "done"]
"""The turn's phases (§4.7): ``slide`` and ``play`` are phase 1, ``done`` passes the turn on."""


def capped(n: int, cap: int = CAP) -> int:
    """``n`` within ``0..cap``."""
    return max(0, min(n, cap))


class Options(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """Game configuration: the player count and the §11 rulings as named options."""

    players: int
    start_player: int = -1
    """A-08: the start player's seat, or -1 to draw it at random (a chance decision)."""
    future_schemes: int = 1
    """§8.1 difficulty: how many Future Schemes join the AI's starting pile (1–3)."""
    collision_column: Literal["after_gains", "at_start"] = "after_gains"
    """A-05: the collision column is read after steps 1–2, or at the start of phase 5."""
    reshuffle_check: Literal["every", "draw_only"] = "every"
    """A-07: the criminal check on every reshuffle, or only when a draw finds the draw pile empty."""
    castle_order: Literal["move_first", "literal"] = "move_first"
    """A-09: move all three workers then resolve the tier-2 reward, or the reward between the moves."""
    rearrange_empty: bool = False
    """A-10: a rearrange may move a card into an empty slot."""
    free_hire_optional: bool = False
    """A-15: a free hire may be declined."""
    conversion_dismiss: bool = False
    """A-23: a conversion may make a card eligible for dismissal."""
    icon_scope: Literal["owned", "board"] = "owned"
    """A-34: end-game icon manuscripts count every owned card, or the board slots only."""
    castle_gold_move: Literal["both", "choice"] = "both"
    """A-35: the gold section gives gold and a castle move, or one of them."""
    bump_timing: Literal["each", "once"] = "each"
    """A-36: each player's castle movements are followed by a bump, or one bump after everybody's."""
    card8_building: Literal["trading_post", "any"] = "trading_post"
    """A-37: player card 8 builds a Trading Post, or a building of the player's choice."""


class Player(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """One seat's holdings (§4.2)."""

    ai: bool = False
    """The Cleric AI of a solo game (§8). Its ``draw``, ``discard`` and ``slots`` hold scheme cards; it
    has no hand."""
    player_card: int = 0
    """The drafted player card's number (0 before the draft; the AI's is the leftover pair's)."""
    hero: str = EMPTY
    space: int = -1
    """The viscount's space (-1 before the draft)."""
    hand: tuple[str, ...] = ()
    """Townsfolk in hand, sorted (private; its size public)."""
    draw: tuple[str, ...] = ()
    """The draw pile as a sorted multiset (its order unknown to everyone)."""
    discard: tuple[str, ...] = ()
    """The discard pile, bottom to top (face up, public)."""
    slots: tuple[str, str, str] = (EMPTY, EMPTY, EMPTY)
    """Board slots 1..3 (index 0 = slot 1, the leftmost)."""
    silver: int = 0
    ink: int = 0
    gold: int = 0
    stone: int = 0
    debts: int = 0
    """Unpaid debts."""
    paid: int = 0
    """Paid (flipped) debts."""
    deeds: int = 0
    """Acquired deeds."""
    approved: int = 0
    """Approved (flipped) deeds."""
    corruption: int = 1
    virtue: int = 7
    workers: int = 20
    """Workers in the player's supply."""
    built: tuple[str, ...] = ()
    """Building slot ids whose building stands on the main board, in the order built."""
    manuscripts: tuple[str, ...] = ()
    """Collected manuscripts, in the order taken."""
    cleric_bonus: tuple[str, ...] = ()
    """Ribbon colours of the Cleric Bonus cards held."""
    # ---- the solo AI (§8): scheme cards instead of townsfolk
    bank: int = 0
    """A-27: the AI's silver, converted to a resource each time it reaches 2."""


class Castle(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """Workers in the castle (§5.8), per seat: ``tier1[section][seat]``, ``tier2[section][seat]``,
    ``centre[seat]``. Sections are numbered in the castle's own frame (content ``castle.sections``)."""

    tier1: tuple[tuple[int, ...], ...]
    tier2: tuple[tuple[int, ...], ...]
    centre: tuple[int, ...]
    leader: int = NO_SEAT
    """The Castle Leader card's holder."""


class Pair(msgspec.Struct, frozen=True, gc=False):
    """A laid-out player card and the hero under it (§3 step 8); ``taken_by`` is the seat that picked it."""

    card: int
    hero: str = EMPTY
    taken_by: int = NO_SEAT


class Turn(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """The turn being played (§4.7) and its per-turn limits (§12 invariant 12)."""

    seat: int
    phase: Phase = "slide"
    value: int = 0
    """The played card's silver value: this turn's movement (phase 1)."""
    played: str = EMPTY
    dismissed: bool = False
    acted: bool = False
    hired: bool = False


# ---- Steps: the queue of pending work ------------------------------------------------------------


class DrawSegment(msgspec.Struct, frozen=True, gc=False, tag="draw_segment"):
    """Chance: which physical segment lies at ring ``position`` (§3 step 1)."""

    position: int


class DrawRotation(msgspec.Struct, frozen=True, gc=False, tag="draw_rotation"):
    """Chance: the castle's rotation (§3 step 2): section ``(position + rotation) % 5`` lies by ring position."""


class DrawFolk(msgspec.Struct, frozen=True, gc=False, tag="draw_folk"):
    """Chance: the townsfolk card that comes to the top of the pile at ring ``position`` (§3 step 3)."""

    position: int


class DrawManuscript(msgspec.Struct, frozen=True, gc=False, tag="draw_manuscript"):
    """Chance: the manuscript that comes to the top of the pile at ring ``position`` (grey-backed ones at
    setup, §3 step 4)."""

    position: int


class DrawStart(msgspec.Struct, frozen=True, gc=False, tag="draw_start"):
    """Chance: the start player (§3 step 7, A-08)."""


class DrawPlayerCard(msgspec.Struct, frozen=True, gc=False, tag="draw_player_card"):
    """Chance: the next player card laid out (§3 step 8)."""


class DrawHero(msgspec.Struct, frozen=True, gc=False, tag="draw_hero"):
    """Chance: the hero put under laid-out pair ``pair`` (§3 step 8)."""

    pair: int


Purpose = Literal["hand", "play", "discard", "destroy"]
"""What happens to a card drawn from the top of a draw pile: into the hand (§4.6 Draw 1), played blind
(§4.7 phase 1), discarded or destroyed unseen (§4.6)."""


class DrawCard(msgspec.Struct, frozen=True, gc=False, tag="draw_card"):
    """Chance: the top card of ``seat``'s draw pile, for ``purpose``."""

    seat: int
    purpose: Purpose = "hand"


class DrawScheme(msgspec.Struct, frozen=True, gc=False, tag="draw_scheme"):
    """Chance: the AI's next scheme card: from its draw pile into slot 1 (§8.4), or (``future``) the top
    Future Scheme onto its discard pile (§8.3), or at setup into its draw pile (``setup``, §8.1)."""

    seat: int
    future: bool = False
    setup: bool = False


class Run(msgspec.Struct, frozen=True, gc=False, tag="run"):
    """Apply ``effects`` for ``seat`` in order (the §6.2 grammar); ``source`` names where they are printed
    (for words and for the trigger rules)."""

    seat: int
    effects: tuple[Effect, ...]
    source: str = ""


class ChooseBranch(msgspec.Struct, frozen=True, gc=False, tag="choose_branch"):
    """§6.2 ``choice``: ``seat`` picks one branch of ``effect``."""

    seat: int
    effect: Effect
    source: str = ""


class ChooseCost(msgspec.Struct, frozen=True, gc=False, tag="choose_cost"):
    """§6.2 ``cost``: ``seat`` may pay ``effect.pay`` to gain ``effect.gain``."""

    seat: int
    effect: Effect
    source: str = ""


class ChooseResource(msgspec.Struct, frozen=True, gc=False, tag="choose_resource"):
    """§6.2 ``any_resource``: ``seat`` takes ``left`` more resources, one ink, gold or stone a decision."""

    seat: int
    left: int = 1


class ChooseFlip(msgspec.Struct, frozen=True, gc=False, tag="choose_flip"):
    """§4.5 "flip a debt or a deed": ``seat`` chooses which, ``left`` more times."""

    seat: int
    left: int = 1


class Rearrange(msgspec.Struct, frozen=True, gc=False, tag="rearrange"):
    """§4.6 Rearrange (optional): ``seat`` permutes the cards in their board slots, or keeps them."""

    seat: int


class DiscardStep(msgspec.Struct, frozen=True, gc=False, tag="discard_step"):
    """§4.6 Discard (optional): ``seat`` discards a card from hand or the top of the draw pile, ``left``
    more times, or stops."""

    seat: int
    left: int = 1


class DestroyStep(msgspec.Struct, frozen=True, gc=False, tag="destroy_step"):
    """§4.6 Destroy (optional): ``seat`` destroys a card from hand or the top of the draw pile, ``left``
    more times, or stops. ``setup``: player card 9's destroy from the starting collection (§3 step 9)."""

    seat: int
    left: int = 1
    setup: bool = False


class FreeHire(msgspec.Struct, frozen=True, gc=False, tag="free_hire"):
    """§4.6 Free hire: ``seat`` takes the top card of any townsfolk pile, ``left`` more times (A-15)."""

    seat: int
    left: int = 1


class FreeManuscript(msgspec.Struct, frozen=True, gc=False, tag="free_manuscript"):
    """§6.2 ``free_manuscript``: ``seat`` takes a visible manuscript costing one of ``costs`` (A-16)."""

    seat: int
    costs: tuple[int, ...]


class CastleMove(msgspec.Struct, frozen=True, gc=False, tag="castle_move"):
    """§6.2 ``castle_move`` (optional): ``seat`` moves a tier-1 worker to an adjacent tier-1 section,
    ``left`` more times."""

    seat: int
    left: int = 1


class PlaceSection(msgspec.Struct, frozen=True, gc=False, tag="place_section"):
    """§6.2 ``place_workers`` on ``any_section``: ``seat`` chooses the tier-1 section for ``n`` workers."""

    seat: int
    n: int


class BuildFree(msgspec.Struct, frozen=True, gc=False, tag="build_free"):
    """§6.2 ``build_free``: ``seat`` places a building of ``building`` (any type when empty, A-37) on a
    spot (``near``: reachable from the viscount's space)."""

    seat: int
    building: str
    near: bool = False


class Settle(msgspec.Struct, frozen=True, gc=False, tag="settle"):
    """§5.8 castle resolution for every player with three own workers in a tier-1 or tier-2 section,
    starting with ``active`` (A-36); the active player bumps. ``seat``: the player resolving now."""

    active: int
    seat: int = NO_SEAT


class Bump(msgspec.Struct, frozen=True, gc=False, tag="bump"):
    """§5.8 ``bump``: the active player ``seat`` removes workers from a section over capacity, one a decision."""

    seat: int


class CastleSection(msgspec.Struct, frozen=True, gc=False, tag="castle_section"):
    """§5.8: ``seat`` holds three workers in several sections of ``tier``: which resolves first."""

    seat: int
    tier: int


class Collide(msgspec.Struct, frozen=True, gc=False, tag="collide"):
    """§4.7 phase 5 step 3 and 4: the active player ``seat`` gains the column's rewards (read now, A-05)."""

    seat: int
    column: int = 0
    """The column read at the start of phase 5 (A-05 ``at_start``); 0 reads it now."""


class Reset(msgspec.Struct, frozen=True, gc=False, tag="reset"):
    """§4.7 phase 5 step 5: ``seat``'s markers go back to 1 and 7."""

    seat: int


class Outcome(msgspec.Struct, frozen=True, gc=False, tag="outcome"):
    """A primary action's outcome after its payment and dismissal (§5.4–§5.7)."""

    seat: int
    action: ActionName
    uses: int = 0
    """Trade uses, or workers placed."""
    slot: str = EMPTY
    spot: int = -1
    manuscript: str = EMPTY


class AfterAction(msgspec.Struct, frozen=True, gc=False, tag="after_action"):
    """§4.7 phase 3: ``seat``'s "after you take action X" abilities fire."""

    seat: int
    action: ActionName


class Spread(msgspec.Struct, frozen=True, gc=False, tag="spread"):
    """§5.8 under A-09 ``literal``: after the tier-2 reward, ``seat`` moves one worker from tier-1
    ``section`` to each neighbouring section."""

    seat: int
    section: int


class Gather(msgspec.Struct, frozen=True, gc=False, tag="gather"):
    """§3 step 9.5: ``seat``'s townsfolk gained during setup join the starting cards in the draw pile."""

    seat: int


class AiDo(msgspec.Struct, frozen=True, gc=False, tag="ai_do"):
    """§8.4 step 3: the AI ``seat`` executes one row (or part of a row) of its scheme card."""

    seat: int
    row: AiStep
    source: str = ""


class AiFirst(msgspec.Struct, frozen=True, gc=False, tag="ai_first"):
    """§8.2: the AI performs the first of ``rows`` it is able to perform."""

    seat: int
    rows: tuple[AiStep, ...]
    source: str = ""


Step = (
    DrawSegment
    | DrawRotation
    | DrawFolk
    | DrawManuscript
    | DrawStart
    | DrawPlayerCard
    | DrawHero
    | DrawCard
    | DrawScheme
    | Run
    | ChooseBranch
    | ChooseCost
    | ChooseResource
    | ChooseFlip
    | Rearrange
    | DiscardStep
    | DestroyStep
    | FreeHire
    | FreeManuscript
    | CastleMove
    | PlaceSection
    | BuildFree
    | Settle
    | Bump
    | CastleSection
    | Collide
    | Reset
    | Outcome
    | AfterAction
    | Gather
    | Spread
    | AiDo
    | AiFirst
)


class State(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """The whole game. ``rng is None`` means external chance (the CHANCE seat names every draw)."""

    options: Options
    players: tuple[Player, ...]
    # ---- the board (§3 steps 1–4)
    ring: tuple[str, ...] = ()
    """Segment side ids at ring positions 0..4 (filled as they are drawn)."""
    rotation: int = -1
    """The castle's rotation (-1 until drawn)."""
    spots: tuple[str, ...] = ()
    """Per building spot (clockwise over the ring): ``"<seat>:<slot id>"`` or empty."""
    folk_tops: tuple[str, ...] = (EMPTY,) * 5
    """The visible card of each townsfolk pile (empty: only the printed card is left)."""
    folk_left: tuple[int, ...] = (0,) * 5
    """Cards below each pile's top."""
    folk_unseen: tuple[str, ...] = ()
    """The neutral townsfolk not yet seen (sorted): exactly the cards below the tops."""
    folk_removed: tuple[str, ...] = ()
    """Dismissed or destroyed townsfolk, out of the game (public, sorted)."""
    script_tops: tuple[str, ...] = (EMPTY,) * 5
    script_left: tuple[int, ...] = (0,) * 5
    script_unseen: tuple[str, ...] = ()
    """The black-backed manuscripts not yet seen (sorted): exactly the manuscripts below the tops."""
    grey_unseen: tuple[str, ...] = ()
    """The grey-backed manuscripts not yet dealt to a pile top (setup only)."""
    castle: Castle
    # ---- setup
    cards_unseen: tuple[int, ...] = ()
    """Player cards never laid out (hidden)."""
    heroes_unseen: tuple[str, ...] = ()
    """Heroes never laid out (hidden)."""
    pairs: tuple[Pair, ...] = ()
    """The laid-out player-card/hero pairs (public)."""
    # ---- debts and deeds (§4.5)
    debts_left: int = 0
    """Debts above the Poverty card."""
    deeds_left: int = 0
    """Deeds above the Prosperity card."""
    poverty: int = 0
    """The round the Poverty card was revealed (0: not revealed)."""
    prosperity: int = 0
    # ---- the solo AI (§8): its scheme cards are its draw pile, discard pile and slots
    future_unseen: tuple[str, ...] = ()
    """The Future Schemes not yet taken (hidden)."""
    # ---- the round
    start: int = NO_SEAT
    round: int = 1
    stage: Stage = "deal"
    turn: Turn | None = None
    queue: tuple[Step, ...] = ()
    rng: Rng | None = None
    external_chance: bool = False
    redacted: bool = False
    """A view: hidden ids are replaced by ``"?"``; it cannot be played."""
    viewer: int = NO_SEAT
