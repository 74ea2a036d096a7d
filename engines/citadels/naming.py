"""The names of Citadels' things as texts name them (``engines.core.text.names``): every character, district
and district type by its content id, each character's and unique district's one-line text, and the small
words that go around a name in every kind of message (``the King``, ``second Temple``, ``3 gold``)."""

from __future__ import annotations

from engines.citadels.content import CONTENT, TYPES
from engines.core.text import Message, Name, Param, Text, names

#: Every character by id (``citadels.character.king``: ``King``).
CHARACTERS: dict[str, Name] = names("citadels", "character", {c.id: c.name_en for c in CONTENT.characters})
#: Every district by id (``citadels.district.manor``: ``Manor``).
DISTRICTS: dict[str, Name] = names("citadels", "district", {d.id: d.name_en for d in CONTENT.districts})
#: The district types, as a sentence names them (``noble``).
DISTRICT_TYPES: dict[str, Name] = names("citadels", "district_type", {t: t for t in TYPES})

#: What each character does (its ``text_en``), shown when a player picks it.
CHARACTER_TEXTS: dict[str, Message] = {
    c.id: Message(f"citadels.text.character.{c.id}", c.text_en) for c in CONTENT.characters if c.text_en
}
#: What each unique district does (its ``text_en``), shown when a player builds it and in the picture.
DISTRICT_TEXTS: dict[str, Message] = {
    d.id: Message(f"citadels.text.district.{d.id}", d.text_en) for d in CONTENT.districts if d.text_en
}

THE = Message("citadels.word.the", "the {name}")
THE_DISTRICT = Message("citadels.word.the_district", "the district")
DOES = Message("citadels.word.does", " — {effect}")
GOLD = Message("citadels.word.gold", "{gold} gold")
FREE = Message("citadels.word.free", "free")
NOTHING = Message("citadels.word.nothing", "nothing")
CARDS = Message("citadels.count.cards", "{n} card", "{n} cards")
NO_CARDS = Message("citadels.word.no_cards", "no cards")
TYPE_DISTRICTS = Message(
    "citadels.count.type_districts", "{n} {district_type} district", "{n} {district_type} districts"
)
DISTRICTS_COUNT = Message("citadels.count.districts", "{n} district", "{n} districts")

#: A district among several copies of it in one city: ``second Temple`` (copies 0 to 9), then ``#11 Temple``.
ORDINALS: tuple[Message, ...] = (
    Message("citadels.copy.first", "first {district}"),
    Message("citadels.copy.second", "second {district}"),
    Message("citadels.copy.third", "third {district}"),
    Message("citadels.copy.fourth", "fourth {district}"),
    Message("citadels.copy.fifth", "fifth {district}"),
    Message("citadels.copy.sixth", "sixth {district}"),
    Message("citadels.copy.seventh", "seventh {district}"),
    Message("citadels.copy.eighth", "eighth {district}"),
    Message("citadels.copy.ninth", "ninth {district}"),
    Message("citadels.copy.tenth", "tenth {district}"),
)
NTH_COPY = Message("citadels.copy.nth", "#{n} {district}")
#: A copy named in a refusal: ``Temple (copy 1)`` for any copy but the first.
COPY = Message("citadels.copy.numbered", "{district} (copy {n})")


def thing(card: str) -> Name:
    """A character's or district's name by content id (an id the content does not know, as a move may name
    one, is shown as it is in every language)."""
    if card in CHARACTERS:
        return CHARACTERS[card]
    if card in DISTRICTS:
        return DISTRICTS[card]
    return Name("unknown", card, Text("citadels.unknown", (), card))


def the(card: str) -> Text:
    """``the King``, ``the Manor``: a character or district card by its name (the article is English's)."""
    return THE(name=thing(card))


def gold(amount: int) -> Text:
    """``3 gold``."""
    return GOLD(gold=amount)


def copy_name(card: str, copy: int) -> Param:
    """A district's name for refusals, with the copy when it is not the first (``Temple (copy 1)``)."""
    return thing(card) if copy == 0 else COPY(district=thing(card), n=copy)


def does(card: str) -> Text | str:
    """What a character or a unique district does: `` — swap your hand ...`` to follow its name in a label,
    or nothing when the content has no text for it."""
    text = CHARACTER_TEXTS.get(card) if card in CONTENT.character else DISTRICT_TEXTS.get(card)
    return DOES(effect=text()) if text is not None else ""


# ---- refusals several rules share -------------------------------------------------------------------

NO_SUCH_SEAT = Message("citadels.refusal.no_such_seat", "Seat {seat} does not exist.")
NOT_ANOTHER_PLAYER = Message("citadels.refusal.not_another_player", "Seat {seat} is not another player.")
CITY_COMPLETED = Message("citadels.refusal.city_completed", "Seat {seat}'s city is completed.")
NOT_IN_YOUR_CITY = Message("citadels.refusal.not_in_your_city", "{district} is not in your city.")
NOT_IN_SEATS_CITY = Message("citadels.refusal.not_in_seats_city", "{district} is not in seat {seat}'s city.")
ALREADY_IN_YOUR_CITY = Message("citadels.refusal.already_in_your_city", "{district} is already in your city.")
NOT_IN_YOUR_HAND = Message("citadels.refusal.not_in_your_hand", "{card} is not in your hand.")
ONLY_CARDINAL = Message("citadels.refusal.only_cardinal", "Only the Cardinal borrows gold to build.")
NOT_GATHERED_BUILD = Message("citadels.refusal.gather_before_build", "Take gold or draw cards before building.")
