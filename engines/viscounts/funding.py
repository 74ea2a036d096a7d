"""Funding a primary action (§5.3): icons on the board, criminals as wild icons, the dismissed card, the
ongoing conversions, and the resources paid.

A primary action's move names its payment exactly: ``pay`` units of the action's resource, ``silver``
spent through a two-silver conversion (Diplomat, Mason, Clergyman), ``gold`` and ``stone`` through Emma,
and whether the pile's card is dismissed. The payment must reach the action's need and be minimal:
taking away any one unit (two silver for a conversion) would fall short. Leftover icons are lost (§5.4),
so a larger payment only wastes goods; keeping payments minimal keeps the legal moves few and exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from engines.core.errors import Violation, violation
from engines.core.text import Message, Param, Text
from engines.viscounts.board import position
from engines.viscounts.board import side as side_at
from engines.viscounts.common import CONTENT, board_icons, has_slot_ability, slot_cards
from engines.viscounts.content import Ability, ActionName, Icon
from engines.viscounts.names import FOLK, GOODS, ICONS, folk_ref, icon_words
from engines.viscounts.state import EMPTY, State

ROWS = {row.action: row for row in CONTENT.board.actions}
"""§5.3: per action the icon it needs, the resource that buys icons and its space class."""


@dataclass(frozen=True, slots=True)
class Payment:
    """What a primary action's move pays (§5.3)."""

    pay: int = 0
    silver: int = 0
    gold: int = 0
    stone: int = 0
    dismiss: bool = False


@dataclass(frozen=True, slots=True)
class Dismissable:
    """The card a dismissal takes: the pile's visible card, or the printed one under an empty pile (A-25)."""

    card: str
    """The card id, or empty for the printed card (which stays)."""
    name: str
    cost: int
    icons: tuple[Icon, ...]


def resource(action: ActionName) -> str:
    """§5.3: the resource that buys icons for ``action`` (Trade silver, Build stone, Noble gold,
    Transcribe ink)."""
    return ROWS[action].resource


def modifiers(s: State, seat: int, action: ActionName) -> dict[str, Ability]:
    """§5.3 conversions on the player's board for ``action``, one of each kind (A-33: they do not stack)."""
    found: dict[str, Ability] = {}
    for c in slot_cards(s.players[seat]):
        a = c.ability
        if a.modifier and a.action == action:
            found.setdefault(a.modifier, a)
    return found


# ---- dismissal (§5.3) ------------------------------------------------------------------------------------


def dismissable(s: State, seat: int) -> Dismissable:
    """The card the viscount's segment offers for dismissal."""
    pos = position(s.players[seat].space)
    top = s.folk_tops[pos]
    if top != EMPTY:
        c = CONTENT.townsfolk[top]
        return Dismissable(top, c.name, c.cost, c.icons)
    printed = side_at(s.ring, pos).fallback_townsfolk
    return Dismissable(EMPTY, "the printed townsfolk", printed.cost, printed.icons)


def dismiss_cost(s: State, seat: int) -> int:
    """§5.3: the card's silver value, or exactly 1 with Trading Post 2."""
    if has_slot_ability(s.players[seat], "dismiss_cost_one"):
        return 1
    return dismissable(s, seat).cost


PRINTED_FOLK = Message("viscounts.payment.printed_townsfolk", "the printed townsfolk")
SHOWS_ONE = Message(
    "viscounts.refusal.dismiss_shows_one",
    "{card} shows a {icons}; a dismissal for this action needs a {need} or criminal icon.",
)
SHOWS_MANY = Message(
    "viscounts.refusal.dismiss_shows_many",
    "{card} shows {icons}; a dismissal for this action needs a {need} or criminal icon.",
)
SHOWS_NONE = Message(
    "viscounts.refusal.dismiss_shows_none",
    "{card} shows no icon; a dismissal for this action needs a {need} or criminal icon.",
)
NEGATIVE = Message("viscounts.refusal.negative_payment", "A payment cannot be negative.")
PAY_MORE = Message("viscounts.refusal.pay_more", "You pay {n} {resource}; you have {held}.")
NO_SILVER_CONVERSION = Message(
    "viscounts.refusal.no_silver_conversion", "No card on your board turns silver into these icons."
)
BAD_CONVERSION = Message(
    "viscounts.refusal.bad_conversion", "Silver converts {per} at a time; {silver} is not a multiple of {per}."
)
NO_RESOURCE_CONVERSION = Message(
    "viscounts.refusal.no_resource_conversion", "No card on your board turns gold or stone into these icons."
)
COSTS_SILVER = Message("viscounts.refusal.costs_silver", "This costs {spent} silver; you have {silver}.")
TOO_FEW = Message(
    "viscounts.refusal.too_few_icons",
    "{what} needs {need} {icon} icons; you have {total} ({free} on your board, {paid} paid).",
)
TOO_FEW_DISMISSED = Message(
    "viscounts.refusal.too_few_icons_dismissed",
    "{what} needs {need} {icon} icons; you have {total} ({free} on your board and the dismissed card, {paid} paid).",
)
OVERPAID = Message(
    "viscounts.refusal.overpaid", "{what} needs {need} {icon} icons; you pay for {more} more than needed."
)


def dismissed_name(d: Dismissable) -> Param:
    """The card a dismissal takes, by name (``the printed townsfolk`` for the printed card)."""
    return FOLK[folk_ref(d.name)] if d.card != EMPTY else PRINTED_FOLK()


def dismiss_problem(s: State, seat: int, action: ActionName) -> Text | None:
    """Why the segment's card cannot be dismissed for ``action`` (empty when it can): its printed icons must
    include the action's icon or a criminal (A-23 ``conversion_dismiss``: or an icon a conversion uses)."""
    d = dismissable(s, seat)
    need = ROWS[action].icon
    usable = {need, "CRIMINAL"}
    if s.options.conversion_dismiss and "convert_icons" in modifiers(s, seat, action):
        usable.add("MERCHANT")
    if usable & set(d.icons):
        return None
    card = dismissed_name(d)
    if not d.icons:
        return SHOWS_NONE(card=card, need=ICONS[need])
    return (SHOWS_ONE if len(d.icons) == 1 else SHOWS_MANY)(card=card, icons=icon_words(d.icons), need=ICONS[need])


# ---- icon totals ----------------------------------------------------------------------------------------------


def free_icons(s: State, seat: int, action: ActionName, dismiss: bool) -> int:
    """§5.3 icons that cost nothing more: board icons of the action's kind, criminals (wild for primary
    actions, §4.3), the dismissed card's icons, and two-merchants-for-one conversions."""
    icons = board_icons(s.players[seat])
    if dismiss:
        icons = [*icons, *dismissable(s, seat).icons]
    need = ROWS[action].icon
    total = icons.count(need) + icons.count("CRIMINAL")
    convert = modifiers(s, seat, action).get("convert_icons")
    if convert is not None and need != "MERCHANT":
        total += icons.count("MERCHANT") // convert.per
    return total


def paid_icons(s: State, seat: int, action: ActionName, p: Payment) -> int:
    """§5.3 icons bought: one per unit of the resource (one unit counting two with Artist, Sculptor or
    Priest), one per two silver with Diplomat, Mason or Clergyman, one per gold or stone with Emma."""
    mods = modifiers(s, seat, action)
    total = p.pay
    double = mods.get("one_resource_counts_double")
    if double is not None and double.resource == resource(action) and p.pay > 0:
        total += 1
    per_silver = mods.get("convert_silver")
    if per_silver is not None:
        total += p.silver // per_silver.per
    return total + p.gold + p.stone


def silver_spent(s: State, seat: int, action: ActionName, p: Payment) -> int:
    """The silver a payment costs: the dismissal, a silver conversion, and Trade's bought icons."""
    dismissal = dismiss_cost(s, seat) if p.dismiss else 0
    return dismissal + p.silver + (p.pay if resource(action) == "silver" else 0)


def silver_field(action: ActionName) -> str:
    """The move field that spends silver: a Trade buys its merchant icons with ``pay`` (it has no ``silver``
    field, §5.3); the other actions spend silver through ``silver`` (and the dismissal)."""
    return "action.pay" if resource(action) == "silver" else "action.silver"


def _smaller(s: State, seat: int, action: ActionName, p: Payment) -> list[Payment]:
    """The payments with one unit less (two silver less for a silver conversion)."""
    per = modifiers(s, seat, action).get("convert_silver")
    step = per.per if per is not None else 1
    out = []
    for field, less in (("pay", 1), ("silver", step), ("gold", 1), ("stone", 1)):
        if getattr(p, field) >= less:
            out.append(Payment(**{**_fields(p), field: getattr(p, field) - less}))
    return out


def _fields(p: Payment) -> dict[str, int | bool]:
    return {"pay": p.pay, "silver": p.silver, "gold": p.gold, "stone": p.stone, "dismiss": p.dismiss}


def payment_problems(s: State, seat: int, action: ActionName, need: int, p: Payment, what: Text) -> list[Violation]:
    """Everything wrong with paying ``p`` for ``need`` icons of ``action`` (``what`` names the purchase in the
    message): amounts held, conversions present, the dismissal, the total and its minimality."""
    player = s.players[seat]
    res = resource(action)
    mods = modifiers(s, seat, action)
    if min(p.pay, p.silver, p.gold, p.stone) < 0:
        return violation("VISCOUNTS_NEGATIVE_PAYMENT", NEGATIVE(), "action")
    if res != "silver" and p.pay > getattr(player, res):
        message = PAY_MORE(n=p.pay, resource=GOODS[res], held=getattr(player, res))
        return violation("VISCOUNTS_CANNOT_AFFORD", message, "action.pay")
    if p.silver and "convert_silver" not in mods:
        return violation("VISCOUNTS_NO_CONVERSION", NO_SILVER_CONVERSION(), "action.silver")
    per = mods["convert_silver"].per if p.silver else 1
    if p.silver % per:
        message = BAD_CONVERSION(per=per, silver=p.silver)
        return violation("VISCOUNTS_BAD_CONVERSION", message, "action.silver")
    if (p.gold or p.stone) and "resources_as_icons" not in mods:
        return violation("VISCOUNTS_NO_CONVERSION", NO_RESOURCE_CONVERSION(), "action.gold")
    for field in ("gold", "stone"):
        if getattr(p, field) > getattr(player, field):
            message = PAY_MORE(n=getattr(p, field), resource=GOODS[field], held=getattr(player, field))
            return violation("VISCOUNTS_CANNOT_AFFORD", message, f"action.{field}")
    if p.dismiss:
        problem = dismiss_problem(s, seat, action)
        if problem is not None:
            return violation("VISCOUNTS_CANNOT_DISMISS", problem, "action.dismiss")
    spent = silver_spent(s, seat, action, p)
    if spent > player.silver:
        message = COSTS_SILVER(spent=spent, silver=player.silver)
        return violation("VISCOUNTS_CANNOT_AFFORD", message, silver_field(action))
    free = free_icons(s, seat, action, p.dismiss)
    total = free + paid_icons(s, seat, action, p)
    icon = ICONS[ROWS[action].icon]
    if total < need:
        too_few = TOO_FEW_DISMISSED if p.dismiss else TOO_FEW
        message = too_few(what=what, need=need, icon=icon, total=total, free=free, paid=total - free)
        return violation("VISCOUNTS_TOO_FEW_ICONS", message, "action.pay")
    if any(free + paid_icons(s, seat, action, q) >= need for q in _smaller(s, seat, action, p)):
        message = OVERPAID(what=what, need=need, icon=icon, more=total - need)
        return violation("VISCOUNTS_OVERPAID", message, "action.pay")
    return []


def payments(s: State, seat: int, action: ActionName, need: int, what: Text) -> list[Payment]:
    """Every minimal payment for ``need`` icons of ``action``, with and without the dismissal."""
    player = s.players[seat]
    res = resource(action)
    mods = modifiers(s, seat, action)
    per = mods["convert_silver"].per if "convert_silver" in mods else 0
    emma = "resources_as_icons" in mods
    out = []
    for dismiss in (False, True):
        if dismiss and dismiss_problem(s, seat, action) is not None:
            continue
        short = max(0, need - free_icons(s, seat, action, dismiss))
        held = player.silver if res == "silver" else getattr(player, res)
        pays = range(min(held, short) + 1)
        silvers = range(0, min(player.silver, short * per) + 1, per) if per else (0,)
        golds = range(min(player.gold, short) + 1) if emma else (0,)
        stones = range(min(player.stone, short) + 1) if emma else (0,)
        for pay, silver, gold, stone in product(pays, silvers, golds, stones):
            p = Payment(pay, silver, gold, stone, dismiss)
            if not payment_problems(s, seat, action, need, p, what):
                out.append(p)
    return out
