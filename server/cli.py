"""The ``rules-engine`` command: ``rules-engine serve [flags]`` runs the gRPC service (and, with
``--http-port``, the same service over HTTP: Connect and gRPC-Web).

Every flag has an environment-variable fallback (``server.config``); ``rules-engine serve
--help`` lists them.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence

from server import app, config


def build_parser(env: Mapping[str, str]) -> tuple[argparse.ArgumentParser, argparse.ArgumentParser]:
    """The top-level parser and its ``serve`` sub-parser (defaults drawn from ``env``)."""
    parser = argparse.ArgumentParser(prog="rules-engine", description="Board-game rules as a gRPC service.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser(
        "serve", help="run the gRPC server (and the HTTP one with --http-port)", description=config.__doc__
    )
    config.add_arguments(serve, env)
    return parser, serve


def parse_config(argv: Sequence[str], env: Mapping[str, str]) -> config.Config:
    """The configuration of ``serve`` flags and the environment; exits with usage on errors."""
    parser, serve = build_parser(env)
    args = parser.parse_args(list(argv))
    try:
        return config.from_arguments(args, env)
    except (ValueError, OSError) as exc:
        serve.error(str(exc))


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``rules-engine``; returns the exit status."""
    settings = parse_config(sys.argv[1:] if argv is None else argv, os.environ)
    return app.serve(settings)


if __name__ == "__main__":
    raise SystemExit(main())
