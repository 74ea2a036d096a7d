"""Setup (§3): options from a preset or an explicit cast, validation V5/V6, dealing."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from engines.citadels.common import rank
from engines.citadels.content import CONTENT
from engines.citadels.deck import draw
from engines.citadels.selection import start_selection
from engines.citadels.state import Options, Player, State
from engines.core.engine import option_value_problem
from engines.core.errors import StateInvalid
from engines.core.rng import Rng
from engines.core.text import Message

#: Options that are not plain rule flags (their strings are parsed specially).
SPECIAL = ("preset", "cast", "rank9", "uniques", "first_game_rank9")


#: What each rule flag means, in words (the ruling behind each is in the spec's §11, cited in ``Options`` and
#: docs/citadels.md); ``ListGames`` reports these with the defaults.
OPTION_DOCS: dict[str, Message] = {
    "first_crowned_seat": Message(
        "citadels.option.first_crowned_seat",
        "The seat that takes the crown at the start: the oldest player's.",
    ),
    "build_requires_gather": Message(
        "citadels.option.build_requires_gather",
        "A player must take gold or draw cards before building anything, even with the Wizard or the Cardinal.",
    ),
    "allow_naming_faceup_discards": Message(
        "citadels.option.allow_naming_faceup_discards",
        "Abilities that name a character may name one discarded face up this round (it has no effect).",
    ),
    "emperor_resource_chooser": Message(
        "citadels.option.emperor_resource_chooser",
        "Who chooses whether the Emperor takes 1 gold or 1 random card from the player given the crown: "
        "the Emperor or that player.",
    ),
    "emperor_may_return_to_holder": Message(
        "citadels.option.emperor_may_return_to_holder",
        "The Emperor may give the crown back to the player who already holds it.",
    ),
    "bishop_blocks_own_rank8": Message(
        "citadels.option.bishop_blocks_own_rank8",
        "With 2 or 3 players, a player holding both the Bishop and a rank-8 character cannot use the rank-8 "
        "ability on their own city that round.",
    ),
    "warlord_may_destroy_in_own_completed_city": Message(
        "citadels.option.warlord_may_destroy_in_own_completed_city",
        "The Warlord may destroy a district in his own city even when it is completed.",
    ),
    "great_wall_surcharge_to": Message(
        "citadels.option.great_wall_surcharge_to",
        "Where the extra gold paid because of the Great Wall goes: to the bank or to the Great Wall's owner.",
    ),
    "keep_blocks_diplomat_outgoing": Message(
        "citadels.option.keep_blocks_diplomat_outgoing",
        "The Diplomat cannot give away a Keep of his own city in an exchange.",
    ),
    "beautify_gold_on_destroy": Message(
        "citadels.option.beautify_gold_on_destroy",
        "Where the Artist's gold on a beautified district goes when it is destroyed: to the bank or to its owner.",
    ),
    "armory_self_in_completed_city": Message(
        "citadels.option.armory_self_in_completed_city",
        "An Armory in a completed city may still be destroyed to destroy a district.",
    ),
    "great_wall_covers_itself": Message(
        "citadels.option.great_wall_covers_itself",
        "The Great Wall's extra cost of 1 gold also applies to the Great Wall itself.",
    ),
    "great_wall_in_own_city": Message(
        "citadels.option.great_wall_in_own_city",
        "The Warlord pays the Great Wall's extra 1 gold even in his own city.",
    ),
    "allow_targeting_own_character": Message(
        "citadels.option.allow_targeting_own_character",
        "With 2 or 3 players, an ability that names a character may name the player's own other character.",
    ),
    "bottom_order": Message(
        "citadels.option.bottom_order",
        "Who orders several cards put under the deck at once: the player, or a fixed order that shows nothing.",
    ),
}


def _ids(value: str) -> tuple[str, ...]:
    return tuple(v.strip() for v in value.split(",") if v.strip())


PLAYERS = range(2, 9)
"""R-1.1: 2–8 players (the one place the player counts are stated; ``GameInfo`` and the checks read it)."""


def make_options(players: int, overrides: dict[str, Any]) -> Options:
    """Options for ``players`` seats: a preset (default ``first_game``), or ``cast``/``uniques``,
    ``rank9`` (a rank-9 character id or ``none``), and any §11 flag by name."""
    if not isinstance(players, int) or players not in PLAYERS:
        raise StateInvalid(f"Citadels is for 2 to 8 players, not {players}.", "players")
    unknown = set(overrides) - set(SPECIAL) - set(Options.__struct_fields__) - {"players"}
    if unknown:
        raise StateInvalid(f"Unknown Citadels options: {', '.join(sorted(unknown))}.", "options")
    preset_id = str(overrides.get("preset", "first_game" if "cast" not in overrides else ""))
    preset = CONTENT.preset.get(preset_id) if preset_id else None
    if preset_id and preset is None:
        raise StateInvalid(f"Unknown preset {preset_id!r}; known: {', '.join(CONTENT.preset)}.", "options.preset")
    cast = _ids(str(overrides["cast"])) if "cast" in overrides else tuple(preset.characters if preset else ())
    uniques = _ids(str(overrides["uniques"])) if "uniques" in overrides else tuple(preset.uniques if preset else ())
    rank9 = _rank9(players, overrides, preset.rank9 if preset else None, preset_id)
    if rank9:
        cast = (*cast, rank9)
    fields: dict[str, Any] = {"players": players, "cast": cast, "uniques": tuple(sorted(uniques)), "preset": preset_id}
    for key, raw in overrides.items():
        if key in SPECIAL or key == "players":
            continue
        problem = option_value_problem(Options, key, raw)
        if problem:
            raise StateInvalid(problem, f"options.{key}")
        fields[key] = raw
    try:
        options = msgspec.convert(fields, Options, strict=False)
    except msgspec.ValidationError as exc:
        raise StateInvalid(f"Invalid Citadels option: {exc}", "options") from exc
    validate_options(options)
    return options


def _rank9(players: int, overrides: dict[str, Any], preset_rank9: str | None, preset_id: str) -> str:
    """R-3.1.2: required with 3 and 8 players, optional with 4–7 (opt in), never with 2."""
    if "rank9" in overrides:
        value = str(overrides["rank9"]).strip()
        return "" if value in ("", "none") else value
    if players in (3, 8):
        if preset_rank9 is None or (players == 3 and preset_rank9 == "queen"):
            return str(overrides.get("first_game_rank9", "artist")) if preset_id == "first_game" else ""
        return preset_rank9
    return ""


def validate_options(o: Options) -> None:
    """Rule V5 of §10.3 (and V6: a forbidden preset character is an error, never repaired)."""
    n = o.players
    if n not in PLAYERS:
        raise StateInvalid(f"Citadels is for 2 to 8 players, not {n}.", "options.players")
    unknown = [c for c in o.cast if c not in CONTENT.character]
    if unknown:
        raise StateInvalid(f"Unknown characters: {', '.join(unknown)}.", "options.cast")
    ranks = [rank(c) for c in o.cast]
    if sorted(ranks[:8]) != list(range(1, 9)) or ranks[:8] != sorted(ranks[:8]) or len(ranks) not in (8, 9):
        raise StateInvalid(
            "The cast needs one character of each rank 1 to 8, in rank order, then an optional rank 9.", "options.cast"
        )
    if len(ranks) == 9 and ranks[8] != 9:
        raise StateInvalid("The ninth character must be of rank 9.", "options.cast")
    has9 = len(o.cast) == 9
    if n in (3, 8) and not has9:
        raise StateInvalid(f"With {n} players a rank-9 character is required; set rank9.", "options.rank9")
    if n == 2 and has9:
        raise StateInvalid("With 2 players no rank-9 character is used.", "options.rank9")
    for cid in o.cast:
        if n < CONTENT.character[cid].min_players:
            need = CONTENT.character[cid].min_players
            hint = (
                " (use King or Patrician)"
                if cid == "emperor"
                else " (use Artist or Tax Collector)"
                if cid == "queen"
                else ""
            )
            raise StateInvalid(f"{CONTENT.character[cid].name_en} needs at least {need} players{hint}.", "options.cast")
    uniq = [u for u in o.uniques if u not in CONTENT.unique_ids]
    if uniq:
        raise StateInvalid(f"Not unique districts: {', '.join(uniq)}.", "options.uniques")
    if len(set(o.uniques)) != 14 or len(o.uniques) != 14:
        raise StateInvalid(f"Choose exactly 14 different unique districts, not {len(o.uniques)}.", "options.uniques")
    if not 0 <= o.first_crowned_seat < n:
        raise StateInvalid(f"first_crowned_seat must be 0..{n - 1}.", "options.first_crowned_seat")


def new_game(options: Options, seed: int | None) -> State:
    """§3.2: shuffle the 68-card deck, deal 4 cards each, 2 gold each, crown to the oldest."""
    validate_options(options)
    deck = tuple(sorted((*CONTENT.basic_deck, *options.uniques)))
    players = tuple(Player(gold=2, hand=()) for _ in range(options.players))
    s = State(
        options=options,
        players=players,
        deck=deck,
        crown=options.first_crowned_seat,
        rng=None if seed is None else Rng.seeded(seed),
        external_chance=seed is None,
    )
    s = start_selection(s)
    for seat in reversed(range(options.players)):
        s = draw(s, seat, 4)
    return replace(s)
