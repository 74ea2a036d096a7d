"""The translation catalogues: collect every message of the engines, write each domain's ``messages.pot``,
bring every language's ``.po`` up to date with it, and check the translations.

    .venv/bin/python -m tools.catalogues update [--domain citadels]   # after adding or changing a Message
    .venv/bin/python -m tools.catalogues check       # what the tests check (exit 1 on a problem)
    .venv/bin/python -m tools.catalogues fill --domain citadels --locale hu --file words.json

A domain is the shared words (``core``) or one game; its catalogues live in ``engines/<domain>/locale/``. A
message's domain is the first part of its id (``citadels.move.destroy`` is the Citadels domain's). In the
``.po`` files the message id is the entry's context (``msgctxt``) and the English template its ``msgid``, as
gettext tools and translators expect; a counting message has a plural (``msgid_plural``) and one form per
plural form of the language (``docs/translating.md``).
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import pkgutil
import string
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

import engines
from engines.core.locale import DEFAULT_LOCALE, LOCALES
from engines.core.text import LIST_IDS, Message, Name

ROOT = Path(engines.__file__).resolve().parent
TRANSLATED = tuple(locale for locale in LOCALES if locale != DEFAULT_LOCALE)
_FORMATTER = string.Formatter()


@dataclass(frozen=True)
class Source:
    """One message as the catalogue holds it: id, English template(s), and where it was found."""

    id: str
    template: str
    plural: str
    where: str

    @property
    def domain(self) -> str:
        return self.id.split(".", 1)[0]


def _walk(value: object, depth: int = 0) -> Iterator[Message | Name]:
    if isinstance(value, Message | Name):
        yield value
    elif depth < 3 and isinstance(value, dict):
        for item in value.values():
            yield from _walk(item, depth + 1)
    elif depth < 3 and isinstance(value, tuple | list):
        for item in value:
            yield from _walk(item, depth + 1)


def engine_modules() -> list[str]:
    """Every module of the engines package."""
    return sorted(m.name for m in pkgutil.walk_packages(engines.__path__, "engines."))


def collect(modules: Iterable[str] | None = None) -> dict[str, Source]:
    """Every ``Message`` and ``Name`` held by a module of the engines (a module constant, or inside a
    module-level dict, tuple or list), by message id; a ``Name`` whose text has parameters is not a message of
    its own (Guilds of London names a card by what it does). Two different templates under one id are an
    error."""
    found: dict[str, Source] = {}
    for module_name in modules if modules is not None else engine_modules():
        module = importlib.import_module(module_name)
        for name, value in vars(module).items():
            if name.startswith("__"):
                continue
            for item in _walk(value):
                if isinstance(item, Message):
                    source = Source(item.id, item.template, item.plural, module_name)
                elif item.text.params:
                    continue  # a name made of a message and its parameters: that message is collected itself
                else:
                    source = Source(item.text.id, item.text.english, "", module_name)
                known = found.get(source.id)
                if known is not None and (known.template, known.plural) != (source.template, source.plural):
                    raise ValueError(
                        f"message id {source.id} has two templates: {known.template!r} ({known.where}) and "
                        f"{source.template!r} ({source.where})"
                    )
                found.setdefault(source.id, source)
    return found


def placeholders(template: str) -> set[str]:
    """The parameter names a template uses."""
    return {field for _, field, _, _ in _FORMATTER.parse(template) if field}


def needs_words(template: str) -> bool:
    """False for a template of parameters and signs alone (``{value}``, ``{first} … {last}``): every
    language writes it the same way."""
    bare = "".join(literal for literal, _, _, _ in _FORMATTER.parse(template))
    return any(char.isalpha() for char in bare)


def template_catalog(domain: str, sources: Iterable[Source]) -> Catalog:
    """The ``.pot`` of a domain: every message of it, sorted by id."""
    catalog = Catalog(project=f"tabletop-rules-engine {domain}", fuzzy=False)
    for source in sorted(sources, key=lambda s: s.id):
        msgid: str | tuple[str, str] = (source.template, source.plural) if source.plural else source.template
        catalog.add(msgid, context=source.id, auto_comments=[f"from {source.where}"])
    return catalog


def domains(found: dict[str, Source]) -> dict[str, list[Source]]:
    """The messages of each domain (the shared list messages have no template and are left out)."""
    grouped: dict[str, list[Source]] = {}
    for source in found.values():
        if source.id not in LIST_IDS:
            grouped.setdefault(source.domain, []).append(source)
    return grouped


def _pot_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, omit_header=False, sort_output=True, width=0, include_lineno=False)
    # The header carries a creation date; the file stays the same for the same messages.
    return b"\n".join(line for line in out.getvalue().split(b"\n") if not line.startswith(b'"POT-Creation-Date'))


def read(path: Path, locale: str | None = None) -> Catalog:
    """A ``.po`` or ``.pot`` file."""
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


#: The tools' own words, written gettext's way (``words.say("English {x}", x=...)``, ``words.say_n(one, other,
#: n)``): each folder's messages are extracted with Babel, and its catalogues live in ``<folder>/locale``.
GETTEXT_DOMAINS: dict[str, Path] = {
    "client": ROOT.parent / "clients" / "python" / "rulesengine_client",
    "discord_bot": ROOT.parent / "examples" / "discord_bot" / "rulesbot",
}
_KEYWORDS = {"say": None, "say_n": (1, 2)}


def extracted(domain: str) -> Catalog:
    """The ``.pot`` of a tool's own words (``GETTEXT_DOMAINS``), extracted from its source."""
    folder = GETTEXT_DOMAINS[domain]
    catalog = Catalog(project=f"tabletop-rules-engine {domain}", fuzzy=False)
    for filename, _, message, _, _ in extract_from_dir(
        folder, method_map=[("**.py", "python")], keywords=_KEYWORDS, comment_tags=()
    ):
        if isinstance(message, tuple):
            message = tuple(m for m in message if m is not None)
            message = message[0] if len(message) == 1 else message[:2]
        if message:
            catalog.add(message, auto_comments=[f"from {Path(filename).as_posix()}"])
    return catalog


def templates(found: dict[str, Source] | None = None, only: str | None = None) -> dict[str, tuple[Path, Catalog]]:
    """Every domain's catalogue folder and ``.pot``: the engines' domains (from their ``Message`` and ``Name``
    constants) and the tools' (``GETTEXT_DOMAINS``); ``only``: one domain."""
    out: dict[str, tuple[Path, Catalog]] = {}
    if only is None or only not in GETTEXT_DOMAINS:
        found = collect() if found is None else found
        for domain, sources in sorted(domains(found).items()):
            if only is None or domain == only:
                out[domain] = (ROOT / domain / "locale", template_catalog(domain, sources))
    for domain, folder in GETTEXT_DOMAINS.items():
        if (only is None or domain == only) and folder.exists():
            out[domain] = (folder / "locale", extracted(domain))
    return out


def _write(path: Path, catalog: Catalog) -> None:
    out = io.BytesIO()
    write_po(out, catalog, omit_header=False, sort_output=True, width=0, include_lineno=False)
    # The header carries a creation date; the file stays the same for the same messages.
    path.write_bytes(
        b"\n".join(line for line in out.getvalue().split(b"\n") if not line.startswith(b'"POT-Creation-Date'))
    )


def _texts(value: Any) -> tuple[str, ...]:
    """A catalogue entry's id or string as a tuple of its forms (one unless it counts)."""
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(str(v) for v in value)


def _first(msgid: Any) -> str:
    return _texts(msgid)[0]


def update(found: dict[str, Source] | None = None, only: str | None = None) -> list[Path]:
    """Write every domain's ``messages.pot`` and bring each language's ``.po`` up to date: a new message gets
    an empty entry (or, needing no words, its template), a changed English template of an engine message (same
    id) keeps its words marked fuzzy, a message gone is dropped; ``only``: one domain's files. Returns the
    files written."""
    written: list[Path] = []
    for domain, (folder, template) in templates(found, only).items():
        folder.mkdir(parents=True, exist_ok=True)
        pot = folder / "messages.pot"
        pot.write_bytes(_pot_bytes(template))
        written.append(pot)
        for locale in TRANSLATED:
            path = folder / f"{locale}.po"
            old = read(path, locale) if path.exists() else Catalog(locale=locale)
            new = Catalog(locale=locale, project=f"tabletop-rules-engine {domain}", fuzzy=False)
            forms = get_plural(locale).num_plurals
            for message in template:
                if not message.id:
                    continue
                before = old.get(message.id, context=message.context)
                fuzzy = before is not None and before.fuzzy
                if before is None and message.context is not None:
                    # The same message under its old template: keep the words, marked for review.
                    before = next((m for m in old if m.context == message.context and m.id), None)
                    fuzzy = before is not None
                ids = _texts(message.id)
                strings: str | tuple[str, ...]
                if len(ids) > 1:
                    kept = before is not None and not isinstance(before.string, str)
                    strings = _texts(before.string) if kept and before is not None else ("",) * forms
                    if not needs_words(ids[0]) and not any(strings):
                        strings = (ids[0],) + (ids[1],) * (forms - 1)
                else:
                    strings = before.string if before is not None and isinstance(before.string, str) else ""
                    if not needs_words(ids[0]) and not strings:
                        strings = ids[0]
                new.add(message.id, strings, context=message.context, flags=["fuzzy"] if fuzzy else [])
            _write(path, new)
            written.append(path)
    return written


def problems(found: dict[str, Source] | None = None) -> list[str]:
    """Everything wrong with the catalogues: a ``.pot`` that is not what the code says, a message without a
    translation (or still fuzzy) in a language, a translation whose placeholders differ from the English,
    a counting message without a form for each of the language's plural forms (CLDR)."""
    wrong: list[str] = []
    for domain, (folder, template) in templates(found).items():
        pot = folder / "messages.pot"
        where_pot = pot.relative_to(ROOT.parent)
        if not pot.exists() or pot.read_bytes() != _pot_bytes(template):
            wrong.append(f"{where_pot} is not up to date (python -m tools.catalogues update --domain {domain})")
        for locale in TRANSLATED:
            path = folder / f"{locale}.po"
            if not path.exists():
                wrong.append(f"{path.relative_to(ROOT.parent)} is missing")
                continue
            po = read(path, locale)
            forms = get_plural(locale).num_plurals
            for message in template:
                if not message.id:
                    continue
                entry = po.get(message.id, context=message.context)
                where = f"{domain} {locale}: {message.context or _first(message.id)!r}"
                strings = _texts(entry.string) if entry is not None else ()
                if entry is None or not strings or not all(strings):
                    wrong.append(f"{where}: no translation")
                    continue
                if entry.fuzzy:
                    wrong.append(f"{where}: the translation is marked fuzzy (the English changed)")
                if len(_texts(message.id)) > 1 and len(strings) != forms:
                    wrong.append(f"{where}: {len(strings)} plural forms, {locale} has {forms}")
                expected = placeholders(_first(message.id))
                for text in strings:
                    try:
                        got = placeholders(text)
                    except ValueError as exc:
                        wrong.append(f"{where}: {text!r} is not a template ({exc})")
                        continue
                    if got != expected:
                        wrong.append(f"{where}: placeholders {sorted(got)} differ from the English {sorted(expected)}")
    return wrong


def fill(domain: str, locale: str, translations: dict[str, str | list[str]]) -> int:
    """Set translations of a domain's ``.po`` for a language from a mapping of message id (for a tool's own
    words: the English, the singular of a counting message) to its words (a list of forms for a counting
    message), clearing their fuzzy marks; returns how many were set. Ids the
    catalogue does not have are an error (run ``update`` first)."""
    folder = GETTEXT_DOMAINS[domain] / "locale" if domain in GETTEXT_DOMAINS else ROOT / domain / "locale"
    path = folder / f"{locale}.po"
    po = read(path, locale)
    by_id = {m.context or _first(m.id): m for m in po if m.id}
    unknown = sorted(set(translations) - set(by_id))
    if unknown:
        raise KeyError(f"{path.name} of {domain} has no message {', '.join(unknown[:10])}")
    for message_id, words in translations.items():
        entry = by_id[message_id]
        entry.string = tuple(words) if isinstance(words, list) else words
        entry.flags.discard("fuzzy")
    _write(path, po)
    return len(translations)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.catalogues", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("update", "check", "fill"))
    parser.add_argument("--domain", help="the domain (core or a game id): fill's, or update only its files")
    parser.add_argument("--locale", choices=TRANSLATED, help="fill: the language")
    parser.add_argument(
        "--file", type=Path, help="fill: a JSON object of message id to words (a list for plural forms)"
    )
    args = parser.parse_args(argv)
    if args.command == "fill":
        if not (args.domain and args.locale and args.file):
            parser.error("fill needs --domain, --locale and --file")
        count = fill(args.domain, args.locale, json.loads(args.file.read_text(encoding="utf-8")))
        print(f"{count} translation(s) set in {args.domain}/locale/{args.locale}.po")
        return 0
    if args.command == "update":
        for path in update(only=args.domain):
            print(path.relative_to(ROOT.parent))
        return 0
    found = problems()
    for line in found:
        print(line)
    print(f"{len(found)} problem(s)" if found else "catalogues complete")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
