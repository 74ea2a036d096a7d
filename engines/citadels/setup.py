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

#: Options that are not plain rule flags (their strings are parsed specially).
SPECIAL = ("preset", "cast", "rank9", "uniques", "first_game_rank9")


#: What each rule flag means (spec §11); ``ListGames`` reports these with the defaults.
OPTION_DOCS: dict[str, str] = {
    "first_crowned_seat": "R-3.2 / §11 D7: the seat of the oldest player, who takes the crown.",
    "build_requires_gather": "§11 A3: no build of any kind before gathering.",
    "allow_naming_faceup_discards": "§11 A5: abilities may name face-up discarded characters.",
    "emperor_resource_chooser": "§11 B6: who chooses between 1 gold and 1 random card (emperor|recipient).",
    "emperor_may_return_to_holder": "§11 B7: the Emperor may give the crown back to its holder.",
    "bishop_blocks_own_rank8": "§11 B8: 2–3 players, Bishop + rank 8 held: no rank-8 ability on own city.",
    "warlord_may_destroy_in_own_completed_city": "§11 B9: the Warlord may destroy in his own completed city.",
    "great_wall_surcharge_to": "§11 B11: the Great Wall's extra gold goes to the bank or the owner.",
    "keep_blocks_diplomat_outgoing": "§11 B12: the Diplomat cannot give away his own Keep.",
    "beautify_gold_on_destroy": "§11 B19: an Artist's gold on a destroyed district goes to the bank or the owner.",
    "armory_self_in_completed_city": "§11 C1: an Armory in a completed city may still be sacrificed.",
    "great_wall_covers_itself": "§11 C2: the Great Wall's surcharge applies to the Great Wall itself.",
    "great_wall_in_own_city": "§11 B10: the Warlord pays the Great Wall's +1 in his own city too.",
    "allow_targeting_own_character": "§11 A6: 2–3 players, an ability may name your own other character.",
    "bottom_order": "§11 A8: who orders several cards put under the deck (player_choice|canonical).",
}


def _ids(value: str) -> tuple[str, ...]:
    return tuple(v.strip() for v in value.split(",") if v.strip())


PLAYERS = range(2, 9)
"""R-1: 2–8 players (the one place the player counts are stated; ``GameInfo`` and the checks read it)."""


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
        raise StateInvalid(f"With {n} players a rank-9 character is required (R-3.1.2); set rank9.", "options.rank9")
    if n == 2 and has9:
        raise StateInvalid("With 2 players no rank-9 character is used (R-3.1.2).", "options.rank9")
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
