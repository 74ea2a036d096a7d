"""Viscounts of the West Kingdom in the terminal: the ring of five segments, the castle, each seat's
player board and piles, the Poverty and Prosperity stacks.

The client keeps no rule: it lays out what the service says. ``DescribeGame`` content gives the
townsfolk (name, cost, icons), the manuscripts (cost, ribbon), the segment sides (their two
exchanges, their building spots with rewards, the printed townsfolk and manuscript under each pile),
the castle's tier-2 rewards, the player board (exchanges, building slots, printed starting icons,
the Cleric Bonus icons), the Cleric AI's board and the scheme cards (header icons). The state
(``viscounts.proto``) gives the rest: which side lies at each ring position, the castle's rotation
(section ``(position + rotation) % 5`` lies beside ring position ``position``), the viscount spaces
(``3 * position + k``, ``k`` 0 outer-left, 1 inner, 2 outer-right), the building spots numbered
clockwise over the ring (each side's spots in content order) holding ``"<seat>:<slot id>"``, and the
hidden piles as ``"?"``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rulesengine.v1 import common_pb2
from rulesengine.v1.viscounts_pb2 import ViscountsPlayer, ViscountsState

from rulesengine_client.guilds_of_london import WIDTH as WIDTH  # the widest line, re-exported
from rulesengine_client.guilds_of_london import _or, _wrap, per_seat
from rulesengine_client.walled_city import pending_text

if TYPE_CHECKING:
    from rulesengine_client.render import Names

#: The game this module draws (``GameState.viscounts``); :mod:`rulesengine_client.render` finds the
#: module by it.
GAME_ID = "viscounts"
NO_SEAT = -1
HIDDEN = "?"
SEGMENTS = 5
#: A viscount space's kind (``space % 3``) as the ring lists it.
SPACE_KINDS = ("OL", "IN", "OR")
SPACE_WORDS = ("outer-left", "inner", "outer-right")
#: One letter per icon, and the legend that explains them.
ICON_CODES: dict[str, str] = {"MERCHANT": "M", "BUILDER": "B", "NOBLE": "N", "CLERIC": "C", "CRIMINAL": "X"}
CARD_NOTE = "name (cost; icons), icons M merchant, B builder, N noble, C cleric, X criminal"
#: The notation of this game's screens (``play`` shows it with the keys; ``render.legend``).
NOTATION = f"Viscounts: a card is {CARD_NOTE}; a/b/c = workers per seat, seat 0 first."
#: How the stages of the state read in a heading.
STAGES: dict[str, str] = {
    "deal": "setup (chance: the ring, the castle, the piles, the player cards)",
    "draft": "setup: the player card and hero draft",
    "turns": "the turns",
    "over": "game over",
}
#: How the building types read.
BUILDINGS: dict[str, str] = {"trading_post": "Trading Post", "guildhall": "Guildhall", "workshop": "Workshop"}
#: Effects by ``op`` whose amount reads before the word (``2 silver``); others read ``word xN``.
AMOUNTS: dict[str, str] = {
    "silver": "silver",
    "ink": "ink",
    "gold": "gold",
    "stone": "stone",
    "any_resource": "any resource",
    "gain_debt": "debt",
    "gain_deed": "deed",
    "virtue": "virtue",
    "corruption": "corruption",
}
VERBS: dict[str, str] = {
    "flip_debt": "flip a debt",
    "flip_deed": "flip a deed",
    "flip_debt_or_deed": "flip a debt/deed",
    "rearrange": "rearrange",
    "discard": "discard",
    "destroy": "destroy",
    "shuffle": "shuffle",
    "draw": "draw",
    "free_hire": "free hire",
    "castle_move": "castle move",
}


# ---- content ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Folk:
    """A townsfolk card as printed: name, cost (its silver value) and left-edge icons."""

    name: str
    cost: int
    icons: tuple[str, ...]


@dataclass(frozen=True)
class Spot:
    """A building spot as printed: its id, river side and reward."""

    id: str
    side: str
    reward: str


@dataclass(frozen=True)
class Side:
    """A segment side as printed: its segment letter, the two exchanges, its building spots, and the
    townsfolk and manuscript printed under its piles."""

    segment: str
    exchanges: tuple[str, str]
    spots: tuple[Spot, ...]
    printed_folk: Folk
    printed_script_cost: int


@dataclass(frozen=True)
class Slot:
    """A building slot of a player board: its building, number, and what building it reveals."""

    building: str
    index: int
    reveals: str


@dataclass(frozen=True)
class Content:
    """What rendering needs of ``DescribeGame`` content (see the module's docstring)."""

    folk: dict[str, Folk]
    scripts: dict[str, tuple[int, str]]
    sides: dict[str, Side]
    exchanges: dict[str, str]
    sections: tuple[str, ...]
    centre: str
    slots: dict[str, Slot]
    ai_slots: dict[str, Slot]
    starting_icons: dict[int, tuple[str, ...]]
    ai_starting_icons: dict[int, tuple[str, ...]]
    bonus_icons: dict[str, str]
    schemes: dict[str, tuple[str, ...]]

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Content | None:
        """The content of a ``DescribeGame`` answer (as a dict); ``None`` if it is not Viscounts'."""
        try:
            board, castle, ai = data["board"], data["castle"], data["ai_boards"]
            folk = {str(t["id"]): _folk(t, str(t["name"])) for t in data["townsfolk"]}
            scripts = {str(m["id"]): (int(m["cost"]), str(m["ribbon"])) for m in data["manuscripts"]}
            exchanges = {
                str(e["kind"]): f"{_count(e['cost'], 'merchant')} -> {effect_text(e['reward'])}"
                for e in board["exchanges"]
            }
            sides = {str(s["id"]): _side(s) for s in data["segments"]}
            return cls(
                folk=folk,
                scripts=scripts,
                sides=sides,
                exchanges=exchanges,
                sections=tuple(effect_text(e) for e in castle["sections"]),
                centre=effect_text(castle["centre"]),
                slots=_slots(board["slots"]),
                ai_slots=_slots(ai[0]["slots"]) if ai else {},
                starting_icons=_starting(board["starting_icons"]),
                ai_starting_icons=_starting(ai[0]["starting_icons"]) if ai else {},
                bonus_icons={str(k): str(v) for k, v in board["cleric_bonus_icons"].items()},
                schemes={str(s["id"]): tuple(str(i) for i in s["header_icons"]) for s in data["schemes"]},
            )
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            return None

    def folk_text(self, card: str) -> str:
        """``Acolyte (3; C M)``: a townsfolk card by name with its cost and icons."""
        if card == HIDDEN:
            return HIDDEN
        printed = self.folk.get(card)
        if printed is None:
            return card
        return f"{printed.name} ({printed.cost}; {icons(printed.icons)})"

    def script_text(self, script: str) -> str:
        """``M-05 (cost 6, grey)``: a manuscript with its cleric cost and ribbon colour."""
        printed = self.scripts.get(script)
        return script if printed is None else f"{script} (cost {printed[0]}, {printed[1]})"


def _folk(item: Mapping[str, Any], name: str) -> Folk:
    return Folk(name, int(item["cost"]), tuple(str(i) for i in item["icons"]))


def _side(item: Mapping[str, Any]) -> Side:
    spots = tuple(Spot(str(p["id"]), str(p["side"]), effect_text(p["reward"])) for p in item["spots"])
    printed = item["fallback_townsfolk"]
    return Side(
        segment=str(item["segment"]),
        exchanges=(str(item["exchange_ol"]), str(item["exchange_or"])),
        spots=spots,
        printed_folk=_folk(printed, "printed card"),
        printed_script_cost=int(item["fallback_manuscript"]["cost"]),
    )


def _slots(items: Iterable[Mapping[str, Any]]) -> dict[str, Slot]:
    out = {}
    for s in items:
        shown = icons(s["icons"]) if s.get("icons") else str(s.get("ability") or "").replace("_", " ")
        out[str(s["id"])] = Slot(str(s["building"]), int(s["index"]), shown)
    return out


def _starting(items: Mapping[Any, Any]) -> dict[int, tuple[str, ...]]:
    return {int(k): tuple(str(i) for i in v) for k, v in items.items()}


# ---- words --------------------------------------------------------------------------------------


def icons(names: Iterable[Any]) -> str:
    """``C M``: icons by their one-letter codes (``-`` for none)."""
    return " ".join(ICON_CODES.get(str(n), str(n)) for n in names) or "-"


def _count(n: Any, word: str) -> str:
    n = int(n)
    return f"{n} {word}" + ("s" if n != 1 and word[-1] not in "sy" else "")


def effect_text(effect: Mapping[str, Any] | None) -> str:
    """A printed effect in a few words: ``2 silver``, ``ink + stone``, ``free hire or destroy``,
    ``pay 1 gold for 2 virtue``, ``if criminals >=1: debt``."""
    if not effect:
        return "nothing"
    op = str(effect.get("op", ""))
    n = int(effect.get("n", 1))
    parts = [effect_text(e) for e in effect.get("of") or ()]
    if op == "all":
        return " + ".join(parts)
    if op == "choice":
        return " or ".join(parts)
    if op == "cost":
        return f"pay {effect_text(effect.get('pay'))} for {effect_text(effect.get('gain'))}"
    if op == "if":
        return f"if criminals {effect.get('criminals', '')}: {effect_text(effect.get('then'))}"
    if op in AMOUNTS:
        return AMOUNTS[op] if n == 1 else f"{n} {AMOUNTS[op]}"
    if op == "free_manuscript":
        costs = "/".join(str(int(c)) for c in effect.get("costs") or ())
        return f"free manuscript (cost {costs})"
    if op == "place_workers":
        return f"{_count(n, 'worker')} ({str(effect.get('where', '')).replace('_', ' ')})"
    if op == "build_free":
        building = BUILDINGS.get(str(effect.get("building") or ""), "any building")
        return f"free {building}"
    word = VERBS.get(op, op.replace("_", " "))
    return word if n == 1 else f"{word} x{n}"


def space_text(space: int) -> str:
    """``segment 2 inner (space 4)``: a viscount space as people count segments (from 1)."""
    if space < 0:
        return "not on the board"
    return f"segment {space // 3 + 1} {SPACE_WORDS[space % 3]} (space {space})"


def _seat(seat: int, viewer: int | None) -> str:
    return f"seat {seat}" + (" (you)" if seat == viewer else "")


def _built_by(entry: str, content: Content | None, ai: set[int]) -> str:
    """``seat 0 Trading Post 1 (free extra move)``: what stands on a building spot."""
    owner, _, slot_id = entry.partition(":")
    slots = content.ai_slots if content is not None and owner.isdigit() and int(owner) in ai else None
    slot = (slots or (content.slots if content is not None else {})).get(slot_id)
    what = slot_id if slot is None else f"{BUILDINGS.get(slot.building, slot.building)} {slot.index}"
    return f"seat {owner} {what}"


# ---- the ring -----------------------------------------------------------------------------------


def _pile_lines(state: ViscountsState, pos: int, side: Side | None, content: Content | None) -> list[str]:
    """The townsfolk and manuscript piles of ring position ``pos``: their visible tops and sizes."""
    top = state.folk_tops[pos] if pos < len(state.folk_tops) else ""
    below = state.folk_left[pos] if pos < len(state.folk_left) else 0
    if top:
        folk = (content.folk_text(top) if content is not None else top) + f", {below} below"
    elif side is not None:
        printed = side.printed_folk
        folk = f"empty; printed card ({printed.cost}; {icons(printed.icons)}, cannot be hired)"
    else:
        folk = "empty"
    script = state.script_tops[pos] if pos < len(state.script_tops) else ""
    under = state.script_left[pos] if pos < len(state.script_left) else 0
    if script:
        shown = (content.script_text(script) if content is not None else script) + f", {under} below"
    elif side is not None:
        shown = f"empty; printed manuscript (cost {side.printed_script_cost})"
    else:
        shown = "empty"
    return [f"    townsfolk: {folk}", f"    manuscript: {shown}"]


def _spot_text(index: int, spot: Spot | None, entry: str, content: Content | None, ai: set[int]) -> str:
    reward = f" ({spot.reward})" if spot is not None else ""
    held = _built_by(entry, content, ai) if entry else "empty"
    return f"spot {index}{reward}: {held}"


def ring_lines(state: ViscountsState, content: Content | None, viewer: int | None) -> list[str]:
    """Every segment of the ring, clockwise: the castle section beside it, its piles, its three
    spaces with the viscounts there, each outer space's exchange and the building spots it reaches."""
    rotation = _or(state, "rotation", -1)
    ai = {i for i, p in enumerate(state.players) if p.ai}
    at: dict[int, list[int]] = {}
    for seat, player in enumerate(state.players):
        at.setdefault(_or(player, "space", -1), []).append(seat)
    lines = []
    spot_index = 0
    for pos in range(SEGMENTS):
        side_id = state.ring[pos] if pos < len(state.ring) else ""
        side = content.sides.get(side_id) if content is not None and side_id else None
        section = f", castle section {(pos + rotation) % SEGMENTS + 1} beside it" if rotation >= 0 else ""
        named = f" (segment {side.segment}, side {side_id})" if side is not None else f" ({side_id or 'not laid'})"
        lines.append(f"  Segment {pos + 1}{named}{section}")
        lines.extend(_pile_lines(state, pos, side, content))
        spots = list(side.spots) if side is not None else []
        first = spot_index
        spot_index += len(spots)
        for k, kind in enumerate(SPACE_KINDS):
            space = 3 * pos + k
            here = ", ".join(_seat(s, viewer) for s in at.get(space, [])) or "-"
            text = f"    {kind} space {space:>2}: {here}"
            if k != 1 and side is not None and content is not None:
                exchange = side.exchanges[0 if k == 0 else 1]
                text += f"; exchange {exchange}: {content.exchanges.get(exchange, '?')}"
            lines.append(text)
            if k == 1 or side is None:
                continue
            river = "left" if k == 0 else "right"
            reached = [
                _spot_text(first + i, p, _at(state.spots, first + i), content, ai)
                for i, p in enumerate(spots)
                if p.side == river
            ]
            if reached:
                lines.append("        " + "; ".join(reached))
    return lines


def _at(items: Sequence[str], index: int) -> str:
    return items[index] if index < len(items) else ""


# ---- the castle ---------------------------------------------------------------------------------


def castle_lines(state: ViscountsState, content: Content | None, viewer: int | None) -> list[str]:
    """Each castle section's tier 1 and tier 2 (workers per seat, seat 0 first, with the segment it
    lies beside and its tier-2 reward), the centre, the Castle Leader."""
    castle = state.castle
    rotation = _or(state, "rotation", -1)
    seats = "/".join(f"s{i}" for i in range(len(state.players)))
    lines = [f"Castle (workers per seat {seats}):"]
    for section in range(max(len(castle.tier1), len(castle.tier2))):
        beside = f", beside segment {(section - rotation) % SEGMENTS + 1}" if rotation >= 0 else ""
        reward = ""
        if content is not None and section < len(content.sections):
            reward = f"; tier 2 gives {content.sections[section]}"
        tier1 = per_seat(castle.tier1[section].seats) if section < len(castle.tier1) else "-"
        tier2 = per_seat(castle.tier2[section].seats) if section < len(castle.tier2) else "-"
        lines.append(f"  section {section + 1}{beside}: tier 1 {tier1}, tier 2 {tier2}{reward}")
    leader = _or(castle, "leader", NO_SEAT)
    holder = _seat(leader, viewer) if leader != NO_SEAT else "nobody yet"
    centre = f" (each gives {content.centre})" if content is not None else ""
    lines.append(f"  centre (tier 3): {per_seat(castle.centre)}{centre}; Castle Leader: {holder}")
    return lines


# ---- the players --------------------------------------------------------------------------------


def cards(items: Sequence[str], describe: Callable[[str], str]) -> str:
    """Cards in order by ``describe``, or ``N hidden`` when the view hides them (``none`` if empty)."""
    if not items:
        return "none"
    if all(c == HIDDEN for c in items):
        return f"{len(items)} hidden"
    return ", ".join(describe(c) for c in items)


def _slot_text(number: int, card: str, p: ViscountsPlayer, content: Content | None) -> str:
    if card:
        if p.ai:
            header = content.schemes.get(card) if content is not None else None
            return f"[{number}] {card}" + (f" (header {icons(header)})" if header else "")
        return f"[{number}] " + (content.folk_text(card) if content is not None else card)
    printed: tuple[str, ...] = ()
    if content is not None:
        printed = (content.ai_starting_icons if p.ai else content.starting_icons).get(number, ())
    return f"[{number}] empty" + (f" (printed {icons(printed)})" if printed else "")


def _built_text(slot_id: str, p: ViscountsPlayer, content: Content | None) -> str:
    slots = (content.ai_slots if p.ai else content.slots) if content is not None else {}
    slot = slots.get(slot_id)
    if slot is None:
        return slot_id
    return f"{BUILDINGS.get(slot.building, slot.building)} {slot.index} ({slot.reveals})"


def player_lines(
    index: int, p: ViscountsPlayer, state: ViscountsState, content: Content | None, viewer: int | None
) -> list[str]:
    """One seat: its draft, viscount, goods, debts and deeds, track, workers, board slots, buildings,
    manuscripts, Cleric Bonus cards, hand and piles."""
    describe = content.folk_text if content is not None else str
    who = _seat(index, viewer) + (" (Cleric AI)" if p.ai else "")
    start = " [start player]" if index == _or(state, "start", NO_SEAT) else ""
    drafted = f"player card {p.player_card}" if p.player_card else "no player card yet"
    if p.hero:
        drafted += f", hero {content.folk[p.hero].name if content and p.hero in content.folk else p.hero}"
    lines = [f"  {who}{start}: {drafted}; viscount at {space_text(_or(p, 'space', -1))}"]
    corruption, virtue = _or(p, "corruption", 1), _or(p, "virtue", 7)
    collided = " (collided)" if corruption == virtue else ""
    bank = f", AI silver bank {p.bank}" if p.ai else ""
    lines.append(
        f"      silver {p.silver}, ink {p.ink}, gold {p.gold}, stone {p.stone}{bank}; "
        f"workers in supply {_or(p, 'workers', 20)}; track: corruption {corruption}, virtue {virtue}{collided}"
    )
    lines.append(f"      debts {p.debts} unpaid, {p.paid} paid; deeds {p.deeds} acquired, {p.approved} approved")
    slots = " ".join(_slot_text(n, card, p, content) for n, card in enumerate(p.slots, 1))
    lines.append(f"      board slots: {slots}")
    built = ", ".join(_built_text(b, p, content) for b in p.built) or "none"
    lines.append(f"      buildings built ({len(p.built)}): {built}")
    scripts = ", ".join(content.script_text(m) if content is not None else m for m in p.manuscripts) or "none"
    bonus = ", ".join(
        f"{ribbon} ({icons([content.bonus_icons.get(ribbon, '?')]) if content is not None else '?'})"
        for ribbon in p.cleric_bonus
    )
    leader = "; Castle Leader" if _or(state.castle, "leader", NO_SEAT) == index else ""
    lines.append(f"      manuscripts ({len(p.manuscripts)}): {scripts}; Cleric Bonus: {bonus or 'none'}{leader}")
    if p.ai:
        lines.append(
            f"      scheme draw pile {len(p.draw)}; scheme discard ({len(p.discard)}, top last): "
            f"{cards(p.discard, str)}"
        )
    else:
        lines.append(f"      hand ({len(p.hand)}): {cards(p.hand, describe)}")
        lines.append(
            f"      draw pile {len(p.draw)}; discard ({len(p.discard)}, top last): {cards(p.discard, describe)}"
        )
    return lines


# ---- the whole view -----------------------------------------------------------------------------


def _heading(state: ViscountsState) -> str:
    stage = _or(state, "stage", "deal")
    start = _or(state, "start", NO_SEAT)
    starts = f"; start player: seat {start}" if start != NO_SEAT else ""
    return f"Viscounts of the West Kingdom: round {_or(state, 'round', 1)}, {STAGES.get(stage, stage)}{starts}"


def _turn_line(state: ViscountsState, content: Content | None) -> str:
    turn = state.turn
    text = f"Turn: seat {turn.seat}, phase {_or(turn, 'phase', 'slide')}"
    if turn.played:
        played = content.folk_text(turn.played) if content is not None else turn.played
        text += f"; played {played}, movement {turn.value}"
    done = [word for word, flag in (("a card dismissed", turn.dismissed), ("action taken", turn.acted)) if flag]
    if turn.hired:
        done.append("hired")
    return text + (f"; {', '.join(done)}" if done else "")


def _stack(name: str, card: str, left: int, revealed: int) -> str:
    if revealed:
        return f"{name}: {card} revealed in round {revealed} ({left} left above it)"
    return f"{name}: {left} above the {card} card"


def _draft_lines(state: ViscountsState, content: Content | None) -> list[str]:
    if not state.pairs:
        return []
    shown = []
    for i, pair in enumerate(state.pairs):
        hero = content.folk[pair.hero].name if content is not None and pair.hero in content.folk else pair.hero
        taken = _or(pair, "taken_by", NO_SEAT)
        by = f" (taken by seat {taken})" if taken != NO_SEAT else ""
        shown.append(f"pair {i}: player card {pair.card} + {hero or 'no hero yet'}{by}")
    return ["Player cards laid out: " + "; ".join(shown)]


def _supply_lines(state: ViscountsState, content: Content | None) -> list[str]:
    held = {ribbon for p in state.players for ribbon in p.cleric_bonus}
    lines = [
        _stack("Debts", "Poverty", state.debts_left, state.poverty)
        + "; "
        + _stack("Deeds", "Prosperity", state.deeds_left, state.prosperity)
    ]
    if content is not None:
        free = [f"{r} ({icons([i])})" for r, i in content.bonus_icons.items() if r not in held]
        lines.append(f"Cleric Bonus cards in the supply: {', '.join(free) or 'none'}")
    lines.append(
        f"Unseen: {len(state.folk_unseen)} townsfolk, {len(state.script_unseen)} manuscripts below the pile tops"
    )
    if state.folk_removed:
        describe = content.folk_text if content is not None else str
        lines.append(f"Out of the game ({len(state.folk_removed)}): {cards(state.folk_removed, describe)}")
    return lines


def render(
    state: ViscountsState,
    content: Content | None,
    seat: int | None,
    *,
    pending: common_pb2.Pending | None = None,
) -> str:
    """A Viscounts of the West Kingdom state (usually a view) for a terminal, from ``seat``'s side,
    with the decision ``pending``."""
    lines = [_heading(state), f"To decide: {pending_text(pending)}"]
    if state.HasField("turn"):
        lines.append(_turn_line(state, content))
    lines.extend(_draft_lines(state, content))
    lines.append(f"The ring, clockwise (OL outer-left, IN inner, OR outer-right; a card is {CARD_NOTE}):")
    lines.extend(ring_lines(state, content, seat))
    lines.extend(castle_lines(state, content, seat))
    lines.extend(_supply_lines(state, content))
    lines.append("Players:")
    for index, player in enumerate(state.players):
        lines.extend(player_lines(index, player, state, content, seat))
    return "\n".join(wrapped for line in lines for wrapped in _wrap(line))


def render_game(
    state: ViscountsState,
    names: Names,
    seat: int | None,
    *,
    pending: common_pb2.Pending | None = None,
    facts: Mapping[str, Any] | None = None,
) -> str:
    """The screen of a Viscounts of the West Kingdom state for :func:`rulesengine_client.render.render_state`."""
    return render(state, names.content(GAME_ID), seat, pending=pending)
