"""The effect engine: the content's effect language (§9.2.1, §6.7) applied step by step.

An effect list is applied by a ``Run`` step, one effect at a time, left to right (R-RES-14): the head
``Run`` applies its next effect and stays queued behind whatever that effect needs (a draw, a
decision). Gains apply in full without a decision (A-19: ``VP``, ``DRAW_ACTION``, ``DRAW_LM`` and
``DRAW_MODIFIER``); ``HIRE``, ``GAIN_NEUTRAL``, ``MOVE`` and ``TO_PLANTATION`` are "up to" unless the
content marks them ``mandatory``, each one small decision at a time:

* ``HIRE(n)`` / ``GAIN_NEUTRAL(n)``: one decision, how many (0 .. what the effect and the supply allow);
* ``MOVE(n)`` / ``TO_PLANTATION(n)``: "this figure from here to there" (or "stop"), up to n times;
* ``CHOICE``: one decision picks the option; ``DRAW_LM``: draws, then keep, then the order under the deck;
* ``PER``: the list again once per counted item; ``TRIGGER``: registered until the end of the turn and
  applied whenever its event happens (a triggered list's own moves and hires trigger nothing more, so
  triggers never chain); ``CONTINUOUS``: read where it matters (the hand limit, R-TURN-6).

``CUSTOM`` is refused by the content loader (§9.3 rule 10), so it never reaches the engine.
"""

from __future__ import annotations

from functools import cache

from msgspec.structs import replace

from engines.core.errors import Violation, violation
from engines.core.items import add_sorted, remove_one
from engines.core.text import Message
from engines.guilds_of_london import moves as mv
from engines.guilds_of_london.common import (
    CONTENT,
    bump,
    figure_sources,
    has_figure,
    masters_of,
    move_figure,
    set_player,
    take_figure,
    tile_of,
)
from engines.guilds_of_london.content import (
    Choice,
    Continuous,
    Custom,
    DrawAction,
    DrawLm,
    DrawModifier,
    Effect,
    Filter,
    GainNeutral,
    Hire,
    Move,
    Per,
    ToPlantation,
    Trigger,
    Vp,
)
from engines.guilds_of_london.deck import pop, push
from engines.guilds_of_london.names import symbols_listed
from engines.guilds_of_london.order import gain
from engines.guilds_of_london.state import (
    TURN_CAP,
    ChoiceStep,
    ChooseLordMayor,
    CityTile,
    DrawCard,
    DrawLordMayor,
    EffectRef,
    HireStep,
    MoveStep,
    NeutralStep,
    PlantStep,
    Run,
    State,
    TriggerRef,
    capped,
)

TILE_PARTS = ("resolution_bonus", "first_place", "second_place_extra")
"""§6.2: the reward lists printed on a tile."""

#: The ledger category of VP gained from each kind of list (§7.1).
CATEGORY: dict[str, str] = {
    "resolution_bonus": "resolution bonus",
    "first_place": "first place",
    "second_place_extra": "second place",
    "ability": "action card",
    "effects": "second-place token",
    "left": "plantation",
    "right": "plantation",
}


# ---- finding an effect list ------------------------------------------------------------------------


def _base(ref: EffectRef) -> list[Effect] | None:
    """The list ``ref`` names before its path (None: no such component or list)."""
    if ref.source == "tile":
        tile = CONTENT.tile.get(ref.item)
        return getattr(tile, ref.part) if tile is not None and ref.part in TILE_PARTS else None
    if ref.source == "card":
        card = CONTENT.action_card.get(ref.item)
        return card.ability if card is not None and ref.part == "ability" else None
    if ref.source == "token":
        token = CONTENT.token.get(ref.item)
        return token.effects if token is not None and ref.part == "effects" else None
    side = CONTENT.plantation_side.get(ref.item)
    if side is None or ref.part not in ("left", "right"):
        return None
    return side.left.effects if ref.part == "left" else side.right.effects


@cache
def find_list(ref: EffectRef) -> list[Effect] | None:
    """The effect list ``ref`` names, following its path into ``PER``/``TRIGGER`` lists and ``CHOICE``
    options; ``None`` when the path leads nowhere."""
    effects = _base(ref)
    path, k = ref.path, 0
    while effects is not None and k < len(path):
        i = path[k]
        effect = effects[i] if 0 <= i < len(effects) else None
        if isinstance(effect, Per | Trigger):
            effects, k = effect.effects, k + 1
        elif isinstance(effect, Choice) and k + 1 < len(path) and 0 <= path[k + 1] < len(effect.options):
            effects, k = effect.options[path[k + 1]], k + 2
        else:
            effects = None
    return effects


def effect_list(ref: EffectRef) -> list[Effect]:
    """The effect list ``ref`` names (the state check guarantees it exists)."""
    found = find_list(ref)
    return found if found is not None else []


def find_choice(ref: EffectRef) -> Choice | None:
    """The ``CHOICE`` effect a ``ChoiceStep`` names: the last path entry is its index in its list."""
    if not ref.path:
        return None
    parent = find_list(replace(ref, path=ref.path[:-1]))
    i = ref.path[-1]
    effect = parent[i] if parent is not None and 0 <= i < len(parent) else None
    return effect if isinstance(effect, Choice) else None


def source_words(ref: EffectRef) -> tuple[str, str]:
    """§7.1: the ledger category and detail of VP gained from the list ``ref`` (naming its component)."""
    if ref.source == "tile":
        tile = CONTENT.tile.get(ref.item)
        return CATEGORY[ref.part], tile.name if tile is not None else ref.item
    if ref.source == "plantation":
        return CATEGORY[ref.part], f"{ref.item.title()} {ref.part} reward"
    return CATEGORY[ref.part], ref.item


# ---- counting (PER, Lord Mayor cards) ------------------------------------------------------------------


def tile_matches(placed: CityTile, f: Filter) -> bool:
    """§9.2.1 filter on a tile: its kind (A-23: guild tiles unless the filter says otherwise), a symbol of
    its resolved side (a double-symbol tile matches each of its symbols, §6.6), its guild number range."""
    tile = tile_of(placed)
    if f.kind != "ANY" and tile.kind != f.kind:
        return False
    if f.back_symbol is not None and f.back_symbol not in tile.back_symbols:
        return False
    if f.number_min is None and f.number_max is None:
        return True
    number = tile.number
    low = f.number_min if f.number_min is not None else number
    high = f.number_max if f.number_max is not None else number
    return number is not None and low is not None and high is not None and low <= number <= high


def count_items(s: State, seat: int, f: Filter) -> int:
    """§9.2.1 filter: how many items ``seat`` has of what ``f`` counts. Controlled tiles and masters are the
    tiles their master stands on (A-12); liverymen are counted on the plantation, the Guildhall, or
    (no location) on face-up tiles of the filter's kind."""
    p = s.players[seat]
    if f.what in ("controlled_tiles", "masters"):
        return sum(1 for placed in masters_of(s, seat) if tile_matches(placed, f))
    if f.what == "liverymen_on":
        if f.location == "PLANTATION":
            return s.plantation[seat]
        if f.location == "GUILDHALL":
            return s.guildhall[seat]
        return sum(t.liverymen[seat] for t in s.city if t.face_up and tile_matches(t, f))
    if f.what == "second_place_tokens":
        return len(p.tokens)
    if f.what == "lm_cards":
        return len(p.lm_cards)
    return len(p.hand)


# ---- triggers (R-TURN-5) ----------------------------------------------------------------------------------


def fire(s: State, seat: int, event: str, times: int = 1) -> State:
    """R-TURN-5: each trigger registered this turn for ``event`` applies its list ``times`` times, before the
    work already queued (they finish before the card in hand does)."""
    turn = s.turn
    if turn is None or turn.seat != seat or times <= 0:
        return s
    runs = []
    for trigger in turn.triggers:
        effect = CONTENT.action_card[trigger.card].ability[trigger.index]
        if isinstance(effect, Trigger) and effect.event == event:
            ref = EffectRef("card", trigger.card, "ability", (trigger.index,))
            runs.append(Run(seat, ref, repeat=times, card=trigger.card, chained=True))
    return push(s, *runs)


def _register(s: State, step: Run, index: int) -> State:
    """R-TURN-5: a card's "whenever ... this turn" effect lasts until the end of the turn."""
    turn = s.turn
    if turn is None or turn.seat != step.seat or step.ref.source != "card" or step.ref.path:
        return s
    if len(turn.triggers) >= TURN_CAP:
        return s
    return replace(s, turn=replace(turn, triggers=(*turn.triggers, TriggerRef(step.ref.item, index))))


# ---- applying one effect -------------------------------------------------------------------------------


def resolving_tile(s: State) -> str:
    """The tile whose rewards are being applied (R-RES-13..15), or ``""``."""
    if s.stage == "reward" and 0 <= s.scan < len(s.city):
        return s.city[s.scan].tile
    return ""


def _symbols(e: Move, card: str) -> tuple[bool, tuple[str, ...]]:
    """A-13: ``MOVE``'s symbol filter: any face-up tile (null), the played card's symbols (``card``; any tile
    outside a card ability), or the listed symbols."""
    if e.symbol_filter is None:
        return True, ()
    if e.symbol_filter == "card":
        played = CONTENT.action_card.get(card)
        return (True, ()) if played is None else (False, tuple(played.symbols))
    return False, tuple(e.symbol_filter)


def _move_step(s: State, step: Run, e: Move) -> MoveStep:
    """§6.7 ``MOVE``; R-RES-14: a figure may leave the tile being resolved only if the effect says so, and
    none enters it (it is about to turn face down)."""
    any_symbol, symbols = _symbols(e, step.card)
    resolving = resolving_tile(s)
    return MoveStep(
        seat=step.seat,
        left=capped(e.n),
        origins=tuple(e.from_),
        any_symbol=any_symbol,
        symbols=symbols,
        not_to=resolving,
        not_from="" if e.include_resolving_tile else resolving,
        mandatory=e.mandatory,
        chained=step.chained,
    )


def _turn_draws(s: State, seat: int, extra: int = 0, modifier: int = 0) -> State:
    """R-TURN-6 step 3: end-of-turn draws and draw changes count for the player's own turn only."""
    turn = s.turn
    if turn is None or turn.seat != seat:
        return s
    end_draws = capped(turn.end_draws + extra, TURN_CAP)
    change = max(-TURN_CAP, min(turn.draw_modifier + modifier, TURN_CAP))
    changed = replace(turn, end_draws=end_draws, draw_modifier=change)
    return replace(s, turn=changed)


def apply_effect(s: State, step: Run, index: int, effect: Effect) -> State:
    """One effect of ``step``'s list (the ``index``-th) for ``step.seat`` (§6.7, §9.2.1)."""
    seat = step.seat
    if isinstance(effect, Vp):
        return gain(s, seat, effect.n, *source_words(step.ref))
    if isinstance(effect, DrawAction):
        if effect.timing == "end_of_turn":
            return _turn_draws(s, seat, extra=effect.n)
        return push(s, DrawCard(seat, capped(effect.n)))
    if isinstance(effect, DrawModifier):
        return _turn_draws(s, seat, modifier=effect.delta)
    if isinstance(effect, DrawLm):
        return push(s, DrawLordMayor(seat, capped(effect.draw)), ChooseLordMayor(seat, capped(effect.keep)))
    if isinstance(effect, Hire):
        return push(s, HireStep(seat, capped(effect.n), effect.mandatory, step.chained))
    if isinstance(effect, GainNeutral):
        return push(s, NeutralStep(seat, capped(effect.n), effect.mandatory))
    if isinstance(effect, Move):
        return push(s, _move_step(s, step, effect))
    if isinstance(effect, ToPlantation):
        return push(s, PlantStep(seat, capped(effect.n), tuple(effect.from_), effect.mandatory, step.chained))
    if isinstance(effect, Per):
        times = capped(count_items(s, seat, effect.count))
        nested = replace(step.ref, path=(*step.ref.path, index))
        return push(s, Run(seat, nested, repeat=times, card=step.card, chained=step.chained)) if times else s
    if isinstance(effect, Trigger):
        return _register(s, step, index)
    if isinstance(effect, Choice):
        nested = replace(step.ref, path=(*step.ref.path, index))
        return push(s, ChoiceStep(seat, nested, step.card, step.chained))
    assert isinstance(effect, Continuous | Custom)  # read elsewhere / refused by the loader
    return s


def run(s: State, step: Run) -> State:
    """Apply the next effect of the head ``Run`` (its list again from the start while ``repeat`` lasts)."""
    effects = effect_list(step.ref)
    rest = s.queue[1:]
    if step.index >= len(effects):
        again = (replace(step, index=0, repeat=step.repeat - 1),) if step.repeat > 1 and effects else ()
        return replace(s, queue=(*again, *rest))
    follow = replace(step, index=step.index + 1)
    last = step.index + 1 >= len(effects) and step.repeat <= 1
    s = replace(s, queue=rest if last else (follow, *rest))
    return apply_effect(s, step, step.index, effects[step.index])


# ---- HIRE, GAIN_NEUTRAL: how many ------------------------------------------------------------------------


def hire_most(s: State, step: HireStep) -> int:
    """A-14: up to ``n``, as many as the colour's supply holds."""
    return max(0, min(step.n, s.supply[step.seat]))


def neutral_most(s: State, step: NeutralStep) -> int:
    """A-09: up to ``n``, as many as the neutral pool holds."""
    return max(0, min(step.n, s.neutral_pool))


BAD_COUNT_EXACTLY = Message(
    "guilds_of_london.refusal.count_exactly", "This effect takes exactly {most} here, not {count}."
)
BAD_COUNT_UP_TO = Message("guilds_of_london.refusal.count_up_to", "This effect takes 0 to {most} here, not {count}.")


def check_count(most: int, count: int, mandatory: bool) -> list[Violation]:
    """A-19: 0 .. ``most`` ("up to"), exactly ``most`` when mandatory."""
    low = most if mandatory else 0
    if low <= count <= most:
        return []
    message = BAD_COUNT_EXACTLY(most=most, count=count) if mandatory else BAD_COUNT_UP_TO(most=most, count=count)
    return violation("GUILDS_OF_LONDON_BAD_COUNT", message, "action.count")


def apply_hire(s: State, step: HireStep, count: int) -> State:
    """§6.7 ``HIRE``: liverymen from the common supply onto the Guildhall; each hire fires triggers."""
    seat = step.seat
    s = pop(replace(s, supply=bump(s.supply, seat, -count), guildhall=bump(s.guildhall, seat, count)))
    return s if step.chained else fire(s, seat, "OWN_HIRE", count)


def apply_neutral(s: State, step: NeutralStep, count: int) -> State:
    """§6.7 ``GAIN_NEUTRAL``: pawns from the pool into the player's own supply (A-09)."""
    s = set_player(s, step.seat, neutral=s.players[step.seat].neutral + count)
    return pop(replace(s, neutral_pool=s.neutral_pool - count))


# ---- MOVE, TO_PLANTATION: one figure a decision ------------------------------------------------------------


def _shows(step: MoveStep, tile_id: str) -> bool:
    """A-13: the destination shows one of the symbols the effect asks for (any tile without a filter)."""
    return step.any_symbol or any(symbol in CONTENT.tile[tile_id].front_symbols for symbol in step.symbols)


def move_targets(s: State, step: MoveStep) -> list[str]:
    """§6.7: the face-up tiles a figure may go to (never the tile being resolved)."""
    return [t.tile for t in s.city if t.face_up and t.tile != step.not_to and _shows(step, t.tile)]


def move_options(s: State, step: MoveStep) -> list[mv.MoveFigure]:
    """§6.7 ``MOVE`` (A-13): every figure move the effect allows now: an own figure from an allowed place onto
    another tile."""
    sources = figure_sources(s, step.seat, step.origins, step.not_from)
    targets = move_targets(s, step)
    return [mv.MoveFigure(source, to) for source in sources for to in targets if to != source]


NO_FIGURE_TO_MOVE = Message(
    "guilds_of_london.refusal.no_figure_to_move", "You have no figure there that this effect may move."
)
BAD_DESTINATION = Message(
    "guilds_of_london.refusal.bad_destination_effect", "The figure must go onto another face-up tile."
)
SYMBOL_MISMATCH = Message(
    "guilds_of_london.refusal.symbol_mismatch_effect", "That tile shows {shown}; this effect allows {allowed}."
)
NO_FIGURE_TO_SEND = Message(
    "guilds_of_london.refusal.no_figure_to_send", "You have no figure there that this effect may send."
)
MUST_CONTINUE = Message("guilds_of_london.refusal.must_continue", "This effect is mandatory: use it while you can.")
NO_SUCH_OPTION = Message("guilds_of_london.refusal.no_such_option", "Choose an option from 0 to {last}.")
NOT_OFFERED_KEEP = Message("guilds_of_london.refusal.not_offered_keep", "That is not a drawn card you may keep now.")
NOT_OFFERED_UNDER = Message(
    "guilds_of_london.refusal.not_offered_under", "That is not a drawn card you may put under the deck now."
)


def check_move(s: State, step: MoveStep, a: mv.MoveFigure) -> list[Violation]:
    """§6.7 ``MOVE``, §5.2 preconditions 1–4 (A-13 for the symbol)."""
    if not has_figure(s, step.seat, a.source, step.origins, step.not_from):
        message = NO_FIGURE_TO_MOVE()
        return violation("GUILDS_OF_LONDON_NO_FIGURE", message, "action.source")
    target = next((t for t in s.city if t.tile == a.to), None)
    if target is None or not target.face_up or a.to in (a.source, step.not_to):
        message = BAD_DESTINATION()
        return violation("GUILDS_OF_LONDON_BAD_DESTINATION", message, "action.to")
    if not _shows(step, a.to):
        shown = symbols_listed(tile_of(target).front_symbols)
        message = SYMBOL_MISMATCH(shown=shown, allowed=symbols_listed(step.symbols))
        return violation("GUILDS_OF_LONDON_SYMBOL_MISMATCH", message, "action.to")
    return []


def _one_done(s: State, step: MoveStep | PlantStep) -> State:
    """One figure of ``left`` is placed."""
    if step.left > 1:
        return replace(s, queue=(replace(step, left=step.left - 1), *s.queue[1:]))
    return pop(s)


def apply_move(s: State, step: MoveStep, a: mv.MoveFigure) -> State:
    """§6.7 ``MOVE``: the figure arrives as a liveryman; a master leaving its tile leaves it uncontrolled."""
    s = _one_done(move_figure(s, step.seat, a.source, a.to), step)
    return s if step.chained else fire(s, step.seat, "OWN_MOVE")


def plant_options(s: State, step: PlantStep) -> list[mv.PlantFigure]:
    """§6.7 ``TO_PLANTATION``: an own figure from an allowed place (the tile being resolved included)."""
    return [mv.PlantFigure(source) for source in figure_sources(s, step.seat, step.origins)]


def check_plant(s: State, step: PlantStep, a: mv.PlantFigure) -> list[Violation]:
    """§6.7 ``TO_PLANTATION``: an own figure from a place the effect allows."""
    if has_figure(s, step.seat, a.source, step.origins):
        return []
    message = NO_FIGURE_TO_SEND()
    return violation("GUILDS_OF_LONDON_NO_FIGURE", message, "action.source")


def apply_plant(s: State, step: PlantStep, a: mv.PlantFigure) -> State:
    """§6.7 ``TO_PLANTATION``: the figure stands on the plantation until a negotiation or a return."""
    s = take_figure(s, step.seat, a.source)
    s = _one_done(replace(s, plantation=bump(s.plantation, step.seat, 1)), step)
    return s if step.chained else fire(s, step.seat, "OWN_TO_PLANTATION")


def check_stop(mandatory: bool, possible: bool) -> list[Violation]:
    """A-19: an "up to" effect may stop at any time; a mandatory one only when it can do nothing more."""
    if mandatory and possible:
        return violation("GUILDS_OF_LONDON_MUST_CONTINUE", MUST_CONTINUE())
    return []


# ---- CHOICE -------------------------------------------------------------------------------------------------


def choice_count(step: ChoiceStep) -> int:
    choice = find_choice(step.ref)
    return len(choice.options) if choice is not None else 0


def check_option(step: ChoiceStep, option: int) -> list[Violation]:
    """§9.2.1 ``CHOICE``: the option named is one of the effect's options."""
    count = choice_count(step)
    if 0 <= option < count:
        return []
    return violation("GUILDS_OF_LONDON_NO_SUCH_OPTION", NO_SUCH_OPTION(last=count - 1), "action.option")


def apply_option(s: State, step: ChoiceStep, option: int) -> State:
    """§9.2.1 ``CHOICE``: the chosen option's list is applied now."""
    ref = replace(step.ref, path=(*step.ref.path, option))
    return push(pop(s), Run(step.seat, ref, card=step.card, chained=step.chained))


# ---- DRAW_LM: keep, then the order under the deck ------------------------------------------------------------


def lord_mayor_options(s: State, step: ChooseLordMayor) -> list[mv.KeepLordMayor | mv.PutUnder]:
    """§5.3 ``ChooseLordMayor``: keep a drawn card while keeps are owed, then the next card under the deck."""
    offer = sorted(set(s.players[step.seat].lm_offer))
    if step.keep > 0:
        return [mv.KeepLordMayor(card) for card in offer]
    return [mv.PutUnder(card) for card in offer]


def check_lord_mayor(s: State, step: ChooseLordMayor, a: mv.KeepLordMayor | mv.PutUnder) -> list[Violation]:
    """§5.3 ``ChooseLordMayor``: the card is one of those drawn that the player may keep, or put under, now."""
    if a in lord_mayor_options(s, step):
        return []
    message = NOT_OFFERED_KEEP() if step.keep > 0 else NOT_OFFERED_UNDER()
    return violation("GUILDS_OF_LONDON_NOT_OFFERED", message, "action.card")


def apply_lord_mayor(s: State, step: ChooseLordMayor, a: mv.KeepLordMayor | mv.PutUnder) -> State:
    """§5.3: a kept card joins the player's secret cards; a card put under goes below those put before."""
    p = s.players[step.seat]
    s = set_player(s, step.seat, lm_offer=remove_one(p.lm_offer, a.card))
    if isinstance(a, mv.KeepLordMayor):
        s = set_player(s, step.seat, lm_cards=add_sorted(p.lm_cards, a.card))
        return replace(s, queue=(replace(step, keep=step.keep - 1), *s.queue[1:]))
    return replace(s, lm_bottom=(*s.lm_bottom, a.card))


def settle_lord_mayor(s: State, step: ChooseLordMayor) -> State | None:
    """Nothing to decide: with no card left to keep, a last card goes under by itself (EX-8)."""
    offer = s.players[step.seat].lm_offer
    if (step.keep > 0 and offer) or len(offer) >= 2:
        return None
    s = set_player(s, step.seat, lm_offer=())
    return pop(replace(s, lm_bottom=(*s.lm_bottom, *offer)))


# ---- steps with nothing to decide ------------------------------------------------------------------------


def settle_hire(s: State, step: HireStep) -> State | None:
    """§6.7 ``HIRE``, A-19: a mandatory hire, or one with only 0 to choose, applies by itself."""
    most = hire_most(s, step)
    return apply_hire(s, step, most) if most == 0 or step.mandatory else None


def settle_neutral(s: State, step: NeutralStep) -> State | None:
    """§6.7 ``GAIN_NEUTRAL``, A-19: a mandatory take, or one with only 0 to choose, applies by itself."""
    most = neutral_most(s, step)
    return apply_neutral(s, step, most) if most == 0 or step.mandatory else None


def settle_move(s: State, step: MoveStep) -> State | None:
    """§6.7 ``MOVE``, A-19: a move step with no move left, or no figure to move, ends by itself."""
    return pop(s) if step.left <= 0 or not move_options(s, step) else None


def settle_plant(s: State, step: PlantStep) -> State | None:
    """§6.7 ``TO_PLANTATION``, A-19: a plantation step with none left, or no figure to send, ends by itself."""
    return pop(s) if step.left <= 0 or not plant_options(s, step) else None


def settle_choice(s: State, step: ChoiceStep) -> State | None:
    """§9.2.1 ``CHOICE``: a choice with no option ends by itself."""
    return pop(s) if choice_count(step) == 0 else None
