"""The Discord side of the rules bot: slash commands, select menus and buttons, mapped onto the
command layer (``rulesbot.RulesBot``), which holds every rule of the bot and knows nothing of Discord.

Run it from this directory: ``python discord_app.py`` (the environment variables are in README.md); to a
rules service speaking TLS, ``python discord_app.py --ca ca.pem`` (and ``--cert me.pem --key me.key`` for
mutual TLS), as with ``rules-engine-client``.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import io
import logging
import os
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import grpc
from discord import app_commands
from rulesbot import Reply, RulesBot, Store
from rulesbot.commands import CHANCE_MODES, LANGUAGE_PLACES
from rulesbot.words import LANGUAGE_NAMES, LOCALES
from rulesengine_client import RulesEngineClient, tls_credentials

#: The custom id of every select menu the bot sends (the chosen value says the rest).
MENU_ID = "rulesbot:choose"
#: The custom ids of the bot's buttons start with this, then the command (``rulesbot:button:play``).
BUTTON_PREFIX = "rulesbot:button:"
#: How long discord.py keeps a sent view in memory; its menu and buttons work longer (``on_interaction``).
VIEW_SECONDS = 600.0
#: What the bot answers privately when a command posted only to the channel (in English; the command layer
#: words it in the channel's language, ``RulesBot.done``).
DONE = "Done."

log = logging.getLogger("rulesbot")


#: Where the rules service listens: the same variable as the command-line client and the Node example.
TARGET_VARIABLE = "RULES_ENGINE_TARGET"
#: The name this bot read before, still honoured (with a warning) when ``RULES_ENGINE_TARGET`` is unset.
OLD_TARGET_VARIABLE = "RULES_ENGINE_ADDRESS"


@dataclass(frozen=True)
class Config:
    """The bot's settings, from the environment (see README.md)."""

    token: str
    target: str = "localhost:50051"
    database: str = "rulesbot.sqlite3"
    picture_scale: float = 1.0
    guild: int | None = None
    think_millis: int = 1000
    tls: bool = False
    """Connect to the rules service with TLS (``--tls``, ``RULES_ENGINE_TLS=1``; implied by the files below)."""
    ca: Path | None = None
    """The CA certificates (PEM) that signed the service's certificate; ``None``: the system's."""
    cert: Path | None = None
    """This bot's certificate (PEM), for a service that asks for one (mutual TLS); with ``key``."""
    key: Path | None = None
    """The private key of ``cert`` (PEM)."""

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> Config:
        """``DISCORD_TOKEN`` (required), ``RULES_ENGINE_TARGET``, ``RULES_BOT_DATABASE``,
        ``RULES_BOT_PICTURE_SCALE``, ``RULES_BOT_THINK_MILLIS`` (how long the search bot and ``/game hint``
        search per move) and ``DISCORD_GUILD_ID`` (sync the commands to one server at once).
        The deprecated ``RULES_ENGINE_ADDRESS`` stands in for ``RULES_ENGINE_TARGET`` when that is unset,
        with a ``FutureWarning`` (shown to whoever runs the bot)."""
        guild = env.get("DISCORD_GUILD_ID")
        target = env.get(TARGET_VARIABLE)
        old = env.get(OLD_TARGET_VARIABLE)
        if old is not None:
            use = f"set {TARGET_VARIABLE} instead" if target is None else f"{TARGET_VARIABLE} is used"
            warnings.warn(f"{OLD_TARGET_VARIABLE} is deprecated: {use}", FutureWarning, stacklevel=2)
        return cls(
            token=env.get("DISCORD_TOKEN", ""),
            target=target or old or cls.target,
            database=env.get("RULES_BOT_DATABASE", cls.database),
            picture_scale=float(env.get("RULES_BOT_PICTURE_SCALE", cls.picture_scale)),
            guild=int(guild) if guild else None,
            think_millis=int(env.get("RULES_BOT_THINK_MILLIS", cls.think_millis)),
            tls=env.get("RULES_ENGINE_TLS", "") in ("1", "true", "yes"),
        )

    def with_arguments(self, argv: list[str] | None = None) -> Config:
        """These settings with the command line's TLS options: ``--tls``, ``--ca FILE``, ``--cert FILE --key
        FILE`` (those of ``rules-engine-client``); ``SystemExit`` with a usage line when they are wrong."""
        parser = argparse.ArgumentParser(description="The rules bot (settings: README.md).")
        parser.add_argument("--tls", action="store_true", help="connect to the rules service with TLS")
        parser.add_argument("--ca", type=Path, metavar="FILE", help="PEM CA certificates the service's is signed by")
        parser.add_argument("--cert", type=Path, metavar="FILE", help="this bot's PEM certificate (mutual TLS)")
        parser.add_argument("--key", type=Path, metavar="FILE", help="the PEM private key of --cert")
        args = parser.parse_args(argv)
        if (args.cert is None) != (args.key is None):
            parser.error("--cert and --key go together")
        return dataclasses.replace(self, tls=self.tls or args.tls, ca=args.ca, cert=args.cert, key=args.key)

    def credentials(self) -> grpc.ChannelCredentials | None:
        """TLS credentials for the rules service, or ``None`` for plaintext (the default)."""
        if not (self.tls or self.ca or self.cert):
            return None
        return tls_credentials(self.ca, self.cert, self.key)

    def bot(self) -> RulesBot:
        """The command layer on the configured service target and SQLite file."""
        return RulesBot(
            RulesEngineClient(self.target, credentials=self.credentials()),
            Store(self.database),
            picture_scale=self.picture_scale,
            bot_millis=self.think_millis,
        )


def components(reply: Reply) -> discord.ui.View | None:
    """The select menu and buttons of a reply (``None`` when it has neither). The bot answers them in
    ``on_interaction`` by their custom ids, so they keep working after a restart."""
    if reply.menu is None and not reply.buttons:
        return None
    view = discord.ui.View(timeout=VIEW_SECONDS)
    if reply.menu is not None:
        options = [
            discord.SelectOption(label=option.label, value=option.value, description=option.description or None)
            for option in reply.menu.options
        ]
        view.add_item(discord.ui.Select(custom_id=MENU_ID, placeholder=reply.menu.placeholder, options=options))
    for button in reply.buttons:
        view.add_item(discord.ui.Button(label=button.label, custom_id=BUTTON_PREFIX + button.command))
    return view


def message_parts(reply: Reply) -> dict[str, Any]:
    """The keyword arguments of ``send`` for a reply: its text, picture and components."""
    parts: dict[str, Any] = {"content": reply.text}
    if reply.image is not None:
        parts["file"] = discord.File(io.BytesIO(reply.image.data), filename=reply.image.filename)
    view = components(reply)
    if view is not None:
        parts["view"] = view
    return parts


class RulesBotClient(discord.Client):
    """The Discord client: one command tree (``/game ...``) and the handler of menus and buttons."""

    def __init__(self, config: Config, bot: RulesBot | None = None) -> None:
        super().__init__(intents=discord.Intents.default())
        self.config = config
        self.bot = bot or config.bot()
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(game_commands(self))
        self.tree.add_command(language_command(self))
        self._turns = asyncio.Lock()

    async def setup_hook(self) -> None:
        """Register the slash commands with Discord (at once in ``DISCORD_GUILD_ID``, else globally)."""
        if self.config.guild is not None:
            guild = discord.Object(id=self.config.guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def answer(self, interaction: discord.Interaction, call: Callable[[int, int], list[Reply]]) -> None:
        """Run a command of the command layer for the member who interacted, one command at a time,
        and deliver its replies: channel messages to the channel, the others privately. The command layer
        learns the channel's server first (a channel without a language of its own speaks its server's)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = interaction.channel_id or 0
        member = interaction.user.id

        def run() -> tuple[list[Reply], str]:
            self.bot.place(channel, interaction.guild_id)
            return call(channel, member), self.bot.done(channel)

        async with self._turns:
            replies, done = await asyncio.to_thread(run)
        await deliver(interaction, replies, done)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Menus and buttons (slash commands go through the command tree)."""
        if interaction.type != discord.InteractionType.component or interaction.data is None:
            return
        custom_id = str(interaction.data.get("custom_id", ""))
        if custom_id == MENU_ID:
            values = interaction.data.get("values")
            value = str(values[0]) if isinstance(values, list) and values else ""
            await self.answer(interaction, lambda channel, member: self.bot.choose(channel, member, value))
        elif custom_id.startswith(BUTTON_PREFIX):
            command = custom_id.removeprefix(BUTTON_PREFIX)
            await self.answer(interaction, lambda channel, member: self.bot.press(channel, member, command))


async def deliver(interaction: discord.Interaction, replies: list[Reply], done: str = DONE) -> None:
    """Post the public replies in the channel and send the private ones to the member (ephemeral); when
    every reply went to the channel, the member is told ``done`` privately."""
    private = False
    for reply in replies:
        if reply.public and isinstance(interaction.channel, discord.abc.Messageable):
            await interaction.channel.send(**message_parts(reply))
        else:
            await interaction.followup.send(ephemeral=True, **message_parts(reply))
            private = True
    if not private:
        await interaction.followup.send(done, ephemeral=True)


def game_commands(app: RulesBotClient) -> app_commands.Group:
    """The ``/game`` commands."""
    group = app_commands.Group(name="game", description="Play a board game in this channel")

    async def game_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        ids = await asyncio.to_thread(app.bot.game_ids)
        return [app_commands.Choice(name=game, value=game) for game in ids if current.lower() in game][:25]

    @group.command(name="new", description="Set up a game in this channel")
    @app_commands.describe(
        game="Which game",
        players="How many seats (default: the fewest the game takes)",
        options="Game options as name=value pairs, e.g. board=borderlands",
        chance="seeded: the service shuffles; table: you own the box and tell the bot every draw",
    )
    @app_commands.autocomplete(game=game_names)
    @app_commands.choices(chance=[app_commands.Choice(name=mode, value=mode) for mode in CHANCE_MODES])
    async def new(
        interaction: discord.Interaction,
        game: str,
        players: int | None = None,
        options: str = "",
        chance: str = CHANCE_MODES[0],
    ) -> None:
        await app.answer(
            interaction, lambda channel, member: app.bot.new(channel, member, game, players, options, chance)
        )

    @group.command(name="bot", description="Give a seat to the search bot, which plays it from that seat's view")
    @app_commands.describe(seat="Which seat, from 0 (default: the first free one; once started, any seat)")
    async def bot(interaction: discord.Interaction, seat: int | None = None) -> None:
        await app.answer(interaction, lambda channel, member: app.bot.add_bot(channel, member, seat))

    simple: dict[str, tuple[str, Callable[[int, int], list[Reply]]]] = {
        "list": ("Every game the service plays, with its options", app.bot.list_games),
        "join": ("Take a free seat", app.bot.join),
        "start": ("Deal the game (its creator, once every seat is taken)", app.bot.start),
        "play": ("Your decision now, privately", app.bot.play),
        "view": ("Your own view of the game: your hand, privately", app.bot.view),
        "hint": ("The search's leading moves for your decision, privately", app.bot.hint),
        "board": ("The board as everyone sees it", app.bot.board),
        "score": ("The score so far", app.bot.score),
        "end": ("Stop the game (its creator)", app.bot.end),
    }
    for name, (description, call) in simple.items():
        group.add_command(_simple_command(app, name, description, call))
    return group


def language_command(app: RulesBotClient) -> app_commands.Command[Any, ..., None]:
    """``/language [language] [where]``: the language the bot speaks in this channel (or, ``where:server``,
    the server's default for its channels without a language of their own; the members who may manage the
    server only). Without a language it says which one the channel speaks."""
    languages = [app_commands.Choice(name=f"{LANGUAGE_NAMES[code]} ({code})", value=code) for code in LOCALES]

    @app_commands.command(name="language", description="The language the bot speaks in this channel")
    @app_commands.describe(
        language="English, magyar (Hungarian) or Deutsch (German); leave it out to see the channel's",
        where="channel (the default): this channel; server: every channel of the server without its own",
    )
    @app_commands.choices(
        language=languages, where=[app_commands.Choice(name=place, value=place) for place in LANGUAGE_PLACES]
    )
    async def language(
        interaction: discord.Interaction, language: str | None = None, where: str = LANGUAGE_PLACES[0]
    ) -> None:
        server = interaction.guild_id if where == "server" else None
        manager = bool(interaction.permissions.manage_guild)
        await app.answer(
            interaction,
            lambda channel, member: app.bot.set_language(channel, member, language, server, manager),
        )

    return language


def _simple_command(
    app: RulesBotClient, name: str, description: str, call: Callable[[int, int], list[Reply]]
) -> app_commands.Command[Any, ..., None]:
    """A ``/game NAME`` command that takes no arguments."""

    async def run(interaction: discord.Interaction) -> None:
        await app.answer(interaction, call)

    return app_commands.Command(name=name, description=description, callback=run)


def main() -> None:
    """Run the bot until it is stopped."""
    logging.basicConfig(level=logging.INFO)
    config = Config.from_env().with_arguments()
    if not config.token:
        raise SystemExit("Set DISCORD_TOKEN to the bot's token (see README.md).")
    tls = "TLS" if config.credentials() is not None else "plaintext"
    log.info("rules service at %s (%s), games in %s", config.target, tls, config.database)
    RulesBotClient(config).run(config.token)


if __name__ == "__main__":
    main()
