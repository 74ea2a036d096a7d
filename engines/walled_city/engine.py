"""The Walled City engine: the index of the game's rules, as rows the core table walks.

``ACTIONS`` has a row per action (its words, ``words``); ``STEPS`` a row per decision, keyed by its kind
(``Pending.kind``): the setup chance events (§3.1, §3.7, each with the physical process it draws), the
starting roads, the alignment, the defence, each step of a build turn (§5.10) with a guild activation
(``ActivateGuild``) open between steps, and the ability in progress (``guilds``, one decision at a time,
the Haberdashers' re-roll drawn by chance). What happens by itself is each phase's ``progress``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
from msgspec.structs import replace

from engines.core.engine import CHANCE, GameInfo, GameType, option_infos
from engines.core.errors import Violation
from engines.core.game import Game, TableEngine
from engines.core.scoring import ScoreSheet, rank, score_entry, seat_score
from engines.core.table import Act, Draw, Step, Table
from engines.core.text import Message, Text, seat
from engines.walled_city import build, facts, guilds, integrity, names, phases, setup, view, words
from engines.walled_city import moves as mv
from engines.walled_city.board import BOARDS
from engines.walled_city.common import board, guild_key, printed
from engines.walled_city.content import CONTENT
from engines.walled_city.described import MARKERS
from engines.walled_city.names import faction, guild
from engines.walled_city.picture import picture
from engines.walled_city.redeal import redeal
from engines.walled_city.scoring import district_name
from engines.walled_city.state import Options, State

RULES_VERSION = "0.2.0"
"""0.2: the 20 guild abilities (a state with an ability in progress or a fence needs 0.2)."""

#: The setup chance events' outcomes (§3.1, §3.7): each setup chance step takes any of them and refuses an
#: outcome its components cannot give (``setup.check_chance``).
CHANCE_MOVES = (mv.ChanceSeat, mv.ChanceDie, mv.ChanceTile, mv.ChanceGuild, mv.ChanceCard)


# ---- the table: one row per kind of action -------------------------------------------------------------------


ACTIONS: dict[type, Act] = {
    mv.ChanceSeat: Act(words.label_chance_seat, words.log_start_player),
    mv.ChanceDie: Act(words.label_chance_die, words.log_die),
    mv.ChanceTile: Act(words.label_chance_tile, words.log_tile),
    mv.ChanceGuild: Act(words.label_chance_guild, words.log_guild),
    mv.ChanceCard: Act(words.label_chance_card, words.log_deal),
    mv.StartingRoad: Act(words.label_starting_road, words.log_open),
    mv.ChooseGuild: Act(words.label_choose_guild, words.log_open),
    mv.BuildRoad: Act(words.label_build, words.log_open),
    mv.BuildWall: Act(words.label_build, words.log_open),
    mv.Settle: Act(words.label_settle, words.log_open),
    mv.SettleWall: Act(words.label_settle_wall, words.log_open),
    mv.Promote: Act(words.label_promote, words.log_open),
    mv.Adjust: Act(words.label_adjust, words.log_open),
    mv.Done: Act(words.label_done, words.log_open),
    mv.PlaceDefenceCard: Act(words.label_defence, words.log_defence),
    # Between the steps of a build turn (§5.6): the same check and effect whichever step the turn is at.
    mv.ActivateGuild: Act(words.label_activate, words.log_open, guilds.check_activate, guilds.apply_activate),
    # An ability's decisions (§6.3), each worded by what the guild in use does with it (``words.GUILD_WORDS``).
    mv.PickNoble: Act(words.label_pick_noble, words.log_open),
    mv.PickPeasant: Act(words.label_pick_peasant, words.log_open),
    mv.MoveNoble: Act(words.label_move_noble, words.log_open),
    mv.PlaceCitizen: Act(words.label_place_citizen, words.log_open),
    mv.PickSpot: Act(words.label_pick_spot, words.log_open),
    mv.PickMarker: Act(words.label_pick_marker, words.log_open),
    mv.ChanceReroll: Act(words.label_chance_reroll, words.log_reroll),
    mv.Cross: Act(words.label_cross, words.log_open),
    mv.BuildFence: Act(words.label_build_fence, words.log_open),
    mv.SplitCitizens: Act(words.label_split, words.log_open),
    mv.MarkersTo: Act(words.label_markers_to, words.log_open),
    mv.GiveCard: Act(words.label_card("give_card"), words.log_give_card),
    mv.ReturnCard: Act(words.label_card("return_card"), words.log_return_card),
    mv.TakeCard: Act(words.label_card("take_card"), words.log_take_card),
}
"""Every action: how a legal one is shown and what one did, in words (a guild's activation: its check and
effect too, the same at every step of the turn)."""


# ---- who decides ----------------------------------------------------------------------------------------------


def _chance(s: State) -> tuple[int, ...]:
    return (CHANCE,)


def _road_seat(s: State) -> tuple[int, ...]:
    """§3.5: who places the next starting road."""
    return (setup.starting_road_seat(s),)


def _in_order(s: State) -> tuple[int, ...]:
    """§5.2, §5.5: the seat whose pick or placement it is, in the phase's order."""
    return (s.order[s.index],)


def _builder(s: State) -> tuple[int, ...]:
    """§5.10: the builder decides every step of their turn."""
    assert s.turn is not None
    return (s.turn.seat,)


def _guild_actor(s: State) -> tuple[int, ...]:
    """§6.3: who decides the ability's next choice (chance for the Haberdashers' re-roll, G8)."""
    return (guilds.actor(s),)


# ---- prompts ----------------------------------------------------------------------------------------------------


DIE_PROMPT = Message("walled_city.prompt.die", "Roll a faction die for the next die spot, on {place}")
TILE_PROMPT = Message("walled_city.prompt.tile", "Toss the survey tile for {area}")
DEAL_PROMPT = Message("walled_city.prompt.deal", "Deal {seat} a defence-only card face down")
START_PLAYER_PROMPT = Message("walled_city.prompt.start_player", "Choose the start player at random")
GUILD_PROMPT = Message("walled_city.prompt.guild", "Draw a guild card for the offer")
STARTING_ROAD_PROMPT = Message("walled_city.prompt.starting_road", "Place a starting road on an empty path")
ALIGNMENT_PROMPT = Message("walled_city.prompt.alignment", "Take a guild card from the offer")
DEFENCE_PROMPT = Message("walled_city.prompt.defence", "Place a card face down in a defence zone")
END_PROMPT = Message("walled_city.prompt.end", "Use your guild, or end the turn")
PLACE_ROAD_PROMPT = Message("walled_city.prompt.place_road", "Build a road on a path with one of your cards")
PLACE_WALL_PROMPT = Message("walled_city.prompt.place_wall", "Build a wall on a gap with one of your cards")
SETTLE_ROAD_PROMPT = Message(
    "walled_city.prompt.settle_road",
    "Settle citizens on both sides of your road: one number of card {card} on each side",
)
SETTLE_WALL_PROMPT = Message(
    "walled_city.prompt.settle_wall",
    "Settle citizens next to your wall with one number of card {card}; the other promotes nobles",
)
PROMOTE_PROMPT = Message(
    "walled_city.prompt.promote",
    "Promote up to {n} noble into the towers next to your wall, or stop",
    "Promote up to {n} nobles into the towers next to your wall, or stop",
)
PROMOTE_MORE_PROMPT = Message(
    "walled_city.prompt.promote_more",
    "Promote up to {n} more noble into the towers next to your wall, or stop",
    "Promote up to {n} more nobles into the towers next to your wall, or stop",
)
ADJUST_ROAD_PROMPT = Message(
    "walled_city.prompt.adjust_road", "Turn a faction die or flip a survey tile next to your road, or pass"
)
ADJUST_WALL_PROMPT = Message(
    "walled_city.prompt.adjust_wall",
    "Turn a faction die or flip a survey tile in the district or towers next to your wall, or pass",
)


def _die_prompt(s: State, at: int) -> Text:
    """§3.1 E: the next die spot."""
    return DIE_PROMPT(place=setup.die_spots(s)[len(s.dice)])


def _tile_prompt(s: State, at: int) -> Text:
    """§3.1 F: the next survey area."""
    return TILE_PROMPT(area=printed(s).survey_areas[len(s.tiles)])


def _deal_prompt(s: State, at: int) -> Text:
    """§3.7: the seat dealt the next defence-only card."""
    return DEAL_PROMPT(seat=seat(3 - len(s.defence_only_left)))


def _card(s: State) -> str:
    """The turn's card (public once played)."""
    assert s.turn is not None
    return f"{s.turn.a}/{s.turn.b}"


def _place_prompt(s: State, at: int) -> Text:
    """§5.3, §5.4 step 1."""
    return PLACE_ROAD_PROMPT() if s.round == 1 else PLACE_WALL_PROMPT()


def _settle_prompt(s: State, at: int) -> Text:
    """§5.3, §5.4 step 2."""
    return (SETTLE_ROAD_PROMPT if s.round == 1 else SETTLE_WALL_PROMPT)(card=_card(s))


def _promote_prompt(s: State, at: int) -> Text:
    """§5.4 step 3."""
    assert s.turn is not None
    return (PROMOTE_MORE_PROMPT if s.turn.promoted else PROMOTE_PROMPT)(n=s.turn.promote_left)


def _adjust_prompt(s: State, at: int) -> Text:
    """§5.3 step 3, §5.4 step 4."""
    return ADJUST_ROAD_PROMPT() if s.round == 1 else ADJUST_WALL_PROMPT()


# ---- the table: one row per decision ------------------------------------------------------------------------


def _setup_chance(prompt: Message | Callable[[State, int], Text], draw: Callable[[State], Draw]) -> Step[State]:
    """A setup chance event (§3.1, §3.7): any setup outcome is taken, the check refuses what the components
    cannot give."""
    return Step(
        CHANCE_MOVES,
        lambda s, at: setup.chance_options(s),
        lambda s, at, a: setup.check_chance(s, a),
        lambda s, at, a: setup.apply_chance(s, a),
        prompt,
        seats=_chance,
        draw=lambda s, at: draw(s),
        exact=True,
    )


def _build_step(rules: build.StepRules, prompt: Message | Callable[[State, int], Text]) -> Step[State]:
    """A build step (§5.10) and, between steps, a guild activation (§5.6)."""
    check_activate, apply_activate = ACTIONS[mv.ActivateGuild].check, ACTIONS[mv.ActivateGuild].effect
    assert check_activate is not None and apply_activate is not None

    def options(s: State, seat: int) -> list[Any]:
        return [*rules.options(s), *guilds.activations(s)]

    def check(s: State, seat: int, a: Any) -> list[Violation]:
        return check_activate(s, seat, a) if isinstance(a, mv.ActivateGuild) else rules.check(s, a)

    def effect(s: State, seat: int, a: Any) -> State:
        return apply_activate(s, seat, a) if isinstance(a, mv.ActivateGuild) else rules.apply(s, a)  # type: ignore[no-any-return]

    return Step((*rules.takes, mv.ActivateGuild), options, check, effect, prompt, seats=_builder, exact=True)


ABILITY: Step[State] = Step(
    guilds.DECISIONS,
    lambda s, at: guilds.options(s),
    lambda s, at, a: guilds.check(s, a),
    lambda s, at, a: guilds.apply(s, a),
    lambda s, at: guilds.prompt(s),
    seats=_guild_actor,
    draw=lambda s, at: guilds.reroll_draw(s),
    exact=True,
)
"""A guild's ability in progress (§6.3), one decision at a time."""

STEPS: dict[str, Step[State]] = {
    "chance.start_player": _setup_chance(START_PLAYER_PROMPT, setup.start_player_draw),
    "chance.die": _setup_chance(_die_prompt, setup.die_draw),
    "chance.tile": _setup_chance(_tile_prompt, setup.left_draw),
    "chance.guild": _setup_chance(GUILD_PROMPT, setup.left_draw),
    "chance.card": _setup_chance(_deal_prompt, setup.left_draw),
    "starting_roads": Step(
        (mv.StartingRoad,),
        lambda s, at: [
            mv.StartingRoad(p.id) for p in board(s).paths if not setup.check_starting_road(s, mv.StartingRoad(p.id))
        ],
        lambda s, at, a: setup.check_starting_road(s, a),
        lambda s, at, a: setup.apply_starting_road(s, a),
        STARTING_ROAD_PROMPT,
        seats=_road_seat,
        exact=True,
    ),
    "alignment": Step(
        (mv.ChooseGuild,),
        lambda s, at: [mv.ChooseGuild(g) for g in s.offer],
        lambda s, at, a: phases.check_choose(s, a),
        phases.apply_choose,
        ALIGNMENT_PROMPT,
        seats=_in_order,
        exact=True,
    ),
    "defence": Step(
        (mv.PlaceDefenceCard,),
        phases.defence_options,
        phases.check_defence,
        phases.apply_defence,
        DEFENCE_PROMPT,
        seats=_in_order,
        exact=True,
    ),
    "build.place": _build_step(build.STEPS["place"], _place_prompt),
    "build.settle": _build_step(build.STEPS["settle"], _settle_prompt),
    "build.promote": _build_step(build.STEPS["promote"], _promote_prompt),
    "build.adjust": _build_step(build.STEPS["adjust"], _adjust_prompt),
    "build.end": _build_step(build.STEPS["end"], END_PROMPT),
    **{f"guild.{guild}": ABILITY for guild in CONTENT.guild},
}
"""Each decision of the game (§3-§6), by its kind (``Pending.kind``): what it takes, offers, checks and does,
what it asks and who decides."""


def decision(s: State) -> str | None:
    """The decision the state waits for: a setup chance event, the phase's decision, or in a build turn the
    ability in progress or the turn's step; ``None`` when something automatic is due."""
    if s.phase == "setup":
        kind = setup.chance_kind(s)
        return f"chance.{kind}" if kind else None
    if s.phase == "build" and s.activation is not None:
        return f"guild.{s.activation.guild}"
    if s.phase == "build":
        return None if s.turn is None else f"build.{s.turn.step}"
    return s.phase


# ---- what happens by itself ---------------------------------------------------------------------------------


def _setup_done(s: State) -> State | None:
    """§3.6, §3.5: once every setup chance event is drawn, the neutral is placed and the starting roads follow."""
    if setup.chance_kind(s):
        return None
    s = setup.place_neutral(s)
    roads = int(CONTENT.starting_roads[str(len(s.seats))])
    return replace(s, phase="starting_roads", starting_roads_left=roads)


def _roads_done(s: State) -> State | None:
    """§3.5, §5.2: after the last starting road, the alignment."""
    return phases.start_alignment(s) if s.starting_roads_left == 0 else None


def _turn_over(s: State) -> bool:
    """After the last step, the turn waits only for a guild that could still be used (W3/W4, §5.6)."""
    return s.turn is not None and s.turn.step == "end" and not guilds.activations(s)


def _nowhere_to_build(s: State) -> bool:
    """A-24, unless a guild could still help (e.g. Skinners clearing a spot)."""
    return s.turn is not None and s.turn.step == "place" and not build.can_build(s) and not guilds.activations(s)


def _build_goes_on(s: State) -> State | None:
    """§4.3, §5.6, A-24: the next builder's turn begins; an ability with nothing left to decide ends; a turn
    with nothing left to decide ends; a builder with nowhere to build gives the piece up."""
    if s.turn is None:
        return phases.next_builder(s)
    if s.activation is not None:
        return None if guilds.options(s) else replace(s, activation=None)
    if _turn_over(s):
        return replace(s, turn=None)
    if _nowhere_to_build(s):
        return build.give_up(s)
    return None


TABLE: Table[State] = Table(
    actions=ACTIONS,
    action_union=mv.Action,
    stage=lambda s: s.phase,
    decision=decision,
    stages=STEPS,
    progress={"setup": _setup_done, "starting_roads": _roads_done, "build": _build_goes_on},
)


FACTION_CATEGORY = Message("walled_city.score.faction", "{faction} faction")
TOWER_CATEGORY = Message("walled_city.score.tower", "tower {tower}")
GROCERS_CATEGORY = Message("walled_city.score.grocers", "guild copied by the Grocers")
GUILD_CATEGORY = Message("walled_city.score.guild", "{guild}")
ROUND_CATEGORY = Message("walled_city.score.round", "Round {round}: {what}")
OTHER_CATEGORY = Message("walled_city.score.other", "{category}")
NO_GUILD_TIEBREAK = Message("walled_city.tiebreak.no_guild", "no guild (a guild's lower priority wins a tie)")
GUILD_TIEBREAK = Message("walled_city.tiebreak.guild", "guild: the {guild}, priority {priority} (the lower wins a tie)")


def category_words(category: str) -> Text:
    """A vote line's category (the ledger's ``round 1 district A13+A14``) as a player reads it:
    ``Round 1: district of A13 and A14``, ``Round 2: blue faction``, ``Round 2: tower T3``."""
    parts = category.split(" ", 3)
    if len(parts) != 4 or parts[0] != "round":
        return OTHER_CATEGORY(category=category)
    _, round_, kind, subject = parts
    if kind == "district":
        what = district_name(subject)
    elif kind == "faction":
        what = FACTION_CATEGORY(faction=faction(subject))
    elif kind == "tower":
        what = TOWER_CATEGORY(tower=subject)
    elif subject == "grocers":
        what = GROCERS_CATEGORY()
    else:
        what = GUILD_CATEGORY(guild=guild(subject))
    return ROUND_CATEGORY(round=int(round_) if round_.isdigit() else round_, what=what)


def apply_action(s: State, seat: int, a: Any) -> State:
    """The effect of a checked action (§5), before automatic steps (for tests that look in between)."""
    now = TABLE.now(s)
    assert now is not None, "no decision is owed"
    return now.effect(s, seat, a)


def score(state: State) -> ScoreSheet:
    """The score sheet from the ledger of votes (§7): per seat, each category in words; ties go to the lower
    guild priority (§7.4)."""
    seats = []
    for i in range(len(state.seats)):
        entries = [score_entry(category_words(v.category), v.points, v.words) for v in state.votes if v.who == str(i)]
        seats.append(seat_score(i, entries))
    guilds = {i: p.guild or p.round1_guild for i, p in enumerate(state.seats)}

    def tiebreak(seat: int) -> tuple[int, Text]:
        key = guild_key(guilds[seat])
        if not guilds[seat]:
            return -(key[0] * 2 + key[1]), NO_GUILD_TIEBREAK()
        held = CONTENT.guild[guilds[seat]]
        return -(key[0] * 2 + key[1]), GUILD_TIEBREAK(guild=guild(held.id), priority=held.label)

    return rank(seats, tiebreak, final=state.phase == "over")


def seats(state: State) -> range:
    """One seat per entry of ``seats``."""
    return range(len(state.seats))


def describe() -> dict[str, Any]:
    """The content with provenance: both boards and the game's cards, guilds, dice and tiles."""
    return {
        "boards": {side: msgspec.to_builtins(b) for side, b in BOARDS.items()},
        "game": msgspec.to_builtins(CONTENT),
    }


GAME: Game[State, Options] = Game(
    info=GameInfo(
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
    ),
    table=TABLE,
    state_type=State,
    move_type=mv.Move,
    options_type=Options,
    make_options=setup.make_options,
    setup=setup.new_game,
    integrity=integrity.check_state,
    score=score,
    view=view.view,
    describe=describe,
    label=words.label,
    log=words.log,
    seats=seats,
    picture=picture,
    facts=facts.facts,
    names=(names.GUILDS, names.FACTIONS, names.CITIZEN_KINDS, names.PIECES, names.BOARD_SIDES, MARKERS, names.COLOURS),
    redeal=redeal,
)
"""The Walled City: Londonderry & Borderlands, 2–4 players, both boards, all 20 guilds."""
ENGINE: TableEngine[State, Options] = TableEngine(GAME)
