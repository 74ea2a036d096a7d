"""The Walled City engine: the uniform protocol over the rule modules.

A build turn is a sequence of decisions (§5.10): its steps, and between them a guild activation
(``ActivateGuild``) whose choices follow one decision at a time (``guilds``) before the turn goes on.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from engines.core.engine import CHANCE, GameInfo, GameType, option_infos
from engines.core.errors import Violation
from engines.core.game import Decision, Now, TableEngine
from engines.core.picture import Picture
from engines.core.rng import Rng
from engines.core.scoring import ScoreEntry, ScoreSheet, rank, seat_score
from engines.core.text import plural
from engines.walled_city import build, facts, guilds, integrity, phases, setup, view, words
from engines.walled_city import moves as mv
from engines.walled_city.board import BOARDS
from engines.walled_city.common import board, guild_key, printed
from engines.walled_city.content import CONTENT
from engines.walled_city.picture import picture
from engines.walled_city.scoring import district_name
from engines.walled_city.state import Options, State

RULES_VERSION = "0.2.0"
"""0.2: the 20 guild abilities (a state with an ability in progress or a fence needs 0.2)."""

CHANCE_MOVES = (mv.ChanceSeat, mv.ChanceDie, mv.ChanceTile, mv.ChanceGuild, mv.ChanceCard)


def automatic(s: State) -> State | None:
    """One automatic transition, or ``None`` when the state waits for a decision: setup → starting roads
    → alignment; an ability with nothing left to decide ends; a turn with nothing left to decide ends; the
    next builder's turn begins; a builder with nowhere to build gives the piece up (A-24)."""
    if s.phase == "setup" and not setup.chance_kind(s):
        s = setup.place_neutral(s)
        roads = int(CONTENT.starting_roads[str(len(s.seats))])
        return replace(s, phase="starting_roads", starting_roads_left=roads)
    if s.phase == "starting_roads" and s.starting_roads_left == 0:
        return phases.start_alignment(s)
    if s.phase != "build":
        return None
    if s.turn is None:
        return phases.next_builder(s)
    if s.activation is not None:
        return None if guilds.options(s) else replace(s, activation=None)
    if _turn_over(s):
        return replace(s, turn=None)
    if _nowhere_to_build(s):
        return build.give_up(s)
    return None


def _turn_over(s: State) -> bool:
    """After the last step, the turn waits only for a guild that could still be used (W3/W4, §5.6)."""
    return s.turn is not None and s.turn.step == "end" and not guilds.activations(s)


def _nowhere_to_build(s: State) -> bool:
    """A-24, unless a guild could still help (e.g. Skinners clearing a spot)."""
    return s.turn is not None and s.turn.step == "place" and not build.can_build(s) and not guilds.activations(s)


def _chance(s: State, now: Now[State], rng: Rng) -> tuple[Any, Rng]:
    """The engine's answer to a chance event: setup (§3) or the Haberdashers' re-roll (§6.3 G8)."""
    return (setup if s.phase == "setup" else guilds).sample_chance(s, rng)


def _decision(s: State) -> str:
    """The pending decision's name (``Pending.kind``) outside setup and the end of the game."""
    if s.phase == "build" and s.activation is not None:
        return f"guild.{s.activation.guild}"
    if s.phase == "build" and s.turn is not None:
        return f"build.{s.turn.step}"
    return s.phase


def actor(s: State) -> int | None:
    if s.phase == "over":
        return None
    if s.phase == "setup":
        return CHANCE
    if s.phase == "starting_roads":
        return setup.starting_road_seat(s)
    if s.phase == "build":
        assert s.turn is not None
        return guilds.actor(s) if s.activation is not None else s.turn.seat
    return s.order[s.index]


# ---- the decision table -------------------------------------------------------------------------


def _build_step(rules: build.StepRules) -> Decision[State]:
    """A build step (§5.10) and, between steps, a guild activation (§5.6)."""

    def options(s: State, seat: int) -> list[Any]:
        return [*rules.options(s), *guilds.activations(s)]

    def check(s: State, seat: int, a: Any) -> list[Violation]:
        return guilds.check_activate(s, seat, a) if isinstance(a, mv.ActivateGuild) else rules.check(s, a)

    def apply(s: State, seat: int, a: Any) -> State:
        return guilds.apply_activate(s, seat, a) if isinstance(a, mv.ActivateGuild) else rules.apply(s, a)

    return Decision((*rules.takes, mv.ActivateGuild), options, check, apply)


SETUP: Decision[State] = Decision(
    CHANCE_MOVES,
    lambda s, seat: setup.chance_options(s),
    lambda s, seat, a: setup.check_chance(s, a),
    lambda s, seat, a: setup.apply_chance(s, a),
)
STARTING_ROAD: Decision[State] = Decision(
    (mv.StartingRoad,),
    lambda s, seat: [
        mv.StartingRoad(p.id) for p in board(s).paths if not setup.check_starting_road(s, mv.StartingRoad(p.id))
    ],
    lambda s, seat, a: setup.check_starting_road(s, a),
    lambda s, seat, a: setup.apply_starting_road(s, a),
)
ALIGNMENT: Decision[State] = Decision(
    (mv.ChooseGuild,),
    lambda s, seat: [mv.ChooseGuild(g) for g in s.offer],
    lambda s, seat, a: phases.check_choose(s, a),
    phases.apply_choose,
)
DEFENCE: Decision[State] = Decision(
    (mv.PlaceDefenceCard,),
    lambda s, seat: list(phases.defence_options(s, seat)),
    phases.check_defence,
    phases.apply_defence,
)
ABILITY: Decision[State] = Decision(
    guilds.DECISIONS,
    lambda s, seat: guilds.options(s),
    lambda s, seat, a: guilds.check(s, a),
    lambda s, seat, a: guilds.apply(s, a),
)
BUILD_STEPS = {step: _build_step(rules) for step, rules in build.STEPS.items()}
PHASES = {"setup": SETUP, "starting_roads": STARTING_ROAD, "alignment": ALIGNMENT, "defence": DEFENCE}


def decision(s: State) -> Decision[State]:
    """The row of the table the state is at: its phase, or in a build turn the ability in progress
    or the turn's step."""
    if s.phase != "build":
        return PHASES[s.phase]
    if s.activation is not None:
        return ABILITY
    assert s.turn is not None
    return BUILD_STEPS[s.turn.step]


def setup_prompt(s: State) -> str:
    """What the pending setup chance event decides (§3.1 E–H, §3.7), in words."""
    kind = setup.chance_kind(s)
    if kind == "start_player":
        return "Choose the start player at random"
    if kind == "die":
        return f"Roll a faction die for the next die spot, on {setup.die_spots(s)[len(s.dice)]}"
    if kind == "tile":
        return f"Toss the survey tile for {printed(s).survey_areas[len(s.tiles)]}"
    if kind == "guild":
        return "Draw a guild card for the offer"
    return f"Deal Seat {3 - len(s.defence_only_left)} a defence-only card face down"


def turn_prompt(s: State) -> str:
    """What the builder decides at the turn's step (§5.3, §5.4), in words (the turn's card is public)."""
    turn = s.turn
    assert turn is not None
    card = f"{turn.a}/{turn.b}"
    piece, spot = ("road", "path") if s.round == 1 else ("wall", "gap")
    if turn.step == "place":
        return f"Build a {piece} on a {spot} with one of your cards"
    if turn.step == "settle" and s.round == 1:
        return f"Settle citizens on both sides of your road: one number of card {card} on each side"
    if turn.step == "settle":
        return f"Settle citizens next to your wall with one number of card {card}; the other promotes nobles"
    if turn.step == "promote":
        nobles = plural(turn.promote_left, "more noble" if turn.promoted else "noble")
        return f"Promote up to {nobles} into the towers next to your wall, or stop"
    if turn.step == "adjust":
        near = "next to your road" if s.round == 1 else "in the district or towers next to your wall"
        return f"Turn a faction die or flip a survey tile {near}, or pass"
    return "Use your guild, or end the turn"


#: What each phase outside the build turns asks, in words.
PHASE_PROMPTS = {
    "starting_roads": "Place a starting road on an empty path",
    "alignment": "Take a guild card from the offer",
    "defence": "Place a card face down in a defence zone",
}


def now(s: State) -> Now[State] | None:
    seat = actor(s)
    if seat is None:
        return None
    if s.phase == "setup":
        return Now((CHANCE,), SETUP, f"chance.{setup.chance_kind(s)}", setup_prompt(s))
    if s.phase == "build" and s.activation is not None:
        return Now((seat,), ABILITY, _decision(s), guilds.prompt(s))
    if s.phase == "build":
        return Now((seat,), decision(s), _decision(s), turn_prompt(s))
    return Now((seat,), decision(s), _decision(s), PHASE_PROMPTS[s.phase])


def category_words(category: str) -> str:
    """A vote line's category (the ledger's ``round 1 district A13+A14``) as a player reads it:
    ``Round 1: district of A13 and A14``, ``Round 2: blue faction``, ``Round 2: tower T3``."""
    parts = category.split(" ", 3)
    if len(parts) != 4 or parts[0] != "round":
        return category
    _, round_, kind, subject = parts
    if kind == "district":
        what = district_name(subject)
    elif kind == "faction":
        what = f"{subject} faction"
    elif kind == "tower":
        what = f"tower {subject}"
    elif subject == "grocers":
        what = "guild copied by the Grocers"
    else:
        what = CONTENT.guild[subject].name_en if subject in CONTENT.guild else subject
    return f"Round {round_}: {what}"


def apply_action(s: State, seat: int, a: Any) -> State:
    """The effect of a checked action (§5), before automatic steps (for tests that look in between)."""
    return decision(s).apply(s, seat, a)


class WalledCity:
    """The Walled City: Londonderry & Borderlands, 2–4 players, both boards, all 20 guilds."""

    info = GameInfo(
        game_id="walled_city",
        title="The Walled City: Londonderry & Borderlands",
        rules_version=RULES_VERSION,
        min_players=setup.PLAYERS.start,
        max_players=setup.PLAYERS.stop - 1,
        options=option_infos(Options, setup.OPTION_DOCS),
        # One seat decides at a time; hands and face-down defence cards are hidden (§8); setup draws and
        # rolls (§3), and the Haberdashers re-roll.
        game_type=GameType(simultaneous=False, hidden_information=True, chance=True),
        variants=tuple(BOARDS),
    )
    state_type = State
    move_type = mv.Move
    options_type = Options

    make_options = staticmethod(setup.make_options)
    setup = staticmethod(setup.new_game)
    integrity = staticmethod(integrity.check_state)
    now = staticmethod(now)
    automatic = staticmethod(automatic)
    chance = staticmethod(_chance)
    view = staticmethod(view.view)
    facts = staticmethod(facts.facts)
    label = staticmethod(words.label)
    log = staticmethod(words.log)

    def seats(self, state: State) -> range:
        """One seat per entry of ``seats``."""
        return range(len(state.seats))

    def game_over(self, state: State) -> str:
        return "The game is over."

    def picture(self, view: State, viewer: int | None) -> Picture:
        """The picture of ``view`` as ``viewer`` sees it (``RenderView``): the board, the seats, a legend."""
        return picture(view, viewer)

    def score(self, state: State) -> ScoreSheet:
        seats = []
        for i in range(len(state.seats)):
            entries = [
                ScoreEntry(category_words(v.category), v.points, v.detail) for v in state.votes if v.who == str(i)
            ]
            seats.append(seat_score(i, entries))
        guilds = {i: p.guild or p.round1_guild for i, p in enumerate(state.seats)}

        def tiebreak(seat: int) -> tuple[int, str]:
            key = guild_key(guilds[seat])
            if not guilds[seat]:
                return -(key[0] * 2 + key[1]), "no guild (a guild's lower priority wins a tie)"
            guild = CONTENT.guild[guilds[seat]]
            return -(key[0] * 2 + key[1]), f"guild: the {guild.name_en}, priority {guild.label} (the lower wins a tie)"

        return rank(seats, tiebreak, final=state.phase == "over")

    def describe(self) -> dict[str, Any]:
        return {
            "boards": {side: msgspec.to_builtins(b) for side, b in BOARDS.items()},
            "game": msgspec.to_builtins(CONTENT),
        }


GAME = WalledCity()
ENGINE: TableEngine[State, Options] = TableEngine(GAME)
