"""docs/records.md, docs/record.schema.json and examples/records/: every sample replays OK and fits the schema,
which scripts/gen_record_schema.py made from the registered games."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from google.protobuf import json_format
from rulesengine.v1 import common_pb2
from rulesengine_client import RulesEngineClient
from rulesengine_client.files import load_record

from engines import registry
from scripts import gen_record_schema
from tests.client.conftest import Cli, cli, client, server  # noqa: F401  (the server fixtures)

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "examples" / "records"
SCHEMA = ROOT / "docs" / "record.schema.json"
TYPES: dict[str, Any] = {
    "object": dict,
    "array": list,
    "string": str,
    "integer": int,
    "boolean": bool,
}
ANNOTATIONS = {"$schema", "$defs", "title", "description"}


def _records() -> list[Path]:
    return sorted(p for p in SAMPLES.glob("*.json") if not p.name.endswith(".score.json"))


def _errors(value: Any, schema: dict[str, Any], root: dict[str, Any], where: str = "$") -> list[str]:
    """What ``value`` breaks of ``schema``: the subset of JSON Schema 2020-12 record.schema.json uses."""
    found: list[str] = []
    for keyword, rule in schema.items():
        if keyword in ANNOTATIONS or keyword in {"then", "else"}:
            continue
        if keyword == "$ref":
            target = root
            for part in rule.removeprefix("#/").split("/"):
                target = target[part]
            found += _errors(value, target, root, where)
        elif keyword == "type":
            wanted = TYPES[rule]
            if not isinstance(value, wanted) or (rule == "integer" and isinstance(value, bool)):
                found.append(f"{where}: not {rule}")
                return found
        elif keyword == "enum" and value not in rule:
            found.append(f"{where}: {value!r} not one of {rule}")
        elif keyword == "const" and value != rule:
            found.append(f"{where}: {value!r} is not {rule!r}")
        elif keyword == "pattern" and isinstance(value, str) and not re.search(rule, value):
            found.append(f"{where}: {value!r} does not match {rule}")
        elif keyword == "minimum" and isinstance(value, int) and value < rule:
            found.append(f"{where}: {value} < {rule}")
        elif keyword == "required" and isinstance(value, dict):
            found += [f"{where}: no {key!r}" for key in rule if key not in value]
        elif keyword == "minProperties" and isinstance(value, dict) and len(value) < rule:
            found.append(f"{where}: fewer than {rule} keys")
        elif keyword == "maxProperties" and isinstance(value, dict) and len(value) > rule:
            found.append(f"{where}: more than {rule} keys")
        elif keyword == "properties" and isinstance(value, dict):
            for key, sub in rule.items():
                if key in value:
                    found += _errors(value[key], sub, root, f"{where}.{key}")
        elif keyword == "additionalProperties" and isinstance(value, dict):
            for key in set(value) - set(schema.get("properties", {})):
                if rule is False:
                    found.append(f"{where}: unexpected key {key!r}")
                elif isinstance(rule, dict):
                    found += _errors(value[key], rule, root, f"{where}.{key}")
        elif keyword == "items" and isinstance(value, list):
            for index, item in enumerate(value):
                found += _errors(item, rule, root, f"{where}[{index}]")
        elif keyword == "oneOf":
            matching = sum(not _errors(value, sub, root, where) for sub in rule)
            if matching != 1:
                found.append(f"{where}: matches {matching} of oneOf, not exactly 1")
        elif keyword == "not":
            if not _errors(value, rule, root, where):
                found.append(f"{where}: matches a schema it must not")
        elif keyword == "if":
            branch = "then" if not _errors(value, rule, root, where) else "else"
            if branch in schema:
                found += _errors(value, schema[branch], root, where)
        elif keyword not in {"enum", "const", "pattern", "minimum", "required", "minProperties", "maxProperties"}:
            found.append(f"{where}: the test's checker does not know {keyword!r}")
    return found


def _schema() -> dict[str, Any]:
    return dict(json.loads(SCHEMA.read_text()))


def test_there_is_a_sample_per_game_and_one_with_external_chance() -> None:
    records = [json.loads(path.read_text()) for path in _records()]
    assert sorted({record["setup"]["gameId"] for record in records}) == sorted(registry.engines())
    assert any(record["setup"]["chanceMode"] == "CHANCE_MODE_EXTERNAL" for record in records)
    for path in _records():
        assert path.with_suffix(".score.json").exists(), path.name


def test_the_schema_is_generated_from_the_registered_games() -> None:
    assert gen_record_schema.main(["--check"]) == 0, "run python scripts/gen_record_schema.py"
    defs = _schema()["$defs"]
    assert defs["GameSetup"]["properties"]["gameId"]["enum"] == list(registry.engines())
    keys = [key for key in defs["Move"]["properties"] if key != "seat"]
    assert [option["required"] for option in defs["Move"]["oneOf"]] == [[key] for key in keys]
    assert len(keys) == len(registry.engines())


@pytest.mark.parametrize("path", _records(), ids=lambda path: path.stem)
def test_every_sample_fits_the_schema(path: Path) -> None:
    schema = _schema()
    assert _errors(json.loads(path.read_text()), schema, schema) == []


def test_the_checker_finds_what_the_schema_forbids() -> None:
    schema = _schema()
    record = json.loads((SAMPLES / "citadels.json").read_text())
    move = record["moves"][0]
    two_games = {**record, "moves": [{**move, "viscounts": {"pickPair": {"pair": 1}}}]}
    no_game = {**record, "moves": [{"seat": 1}]}
    no_setup = {key: value for key, value in record.items() if key != "setup"}
    no_seed = {**record, "setup": {key: value for key, value in record["setup"].items() if key != "seed"}}
    for broken in (two_games, no_game, no_setup, no_seed):
        assert _errors(broken, schema, schema), broken.get("setup")


def test_every_sample_replays_ok_with_its_score(cli: Cli) -> None:  # noqa: F811
    result = cli("verify", str(SAMPLES), "--format", "json")
    assert result.status == 0, result.out + result.err
    verdicts = {row["file"]: row for row in json.loads(result.out)}
    assert sorted(verdicts) == [path.name for path in _records()]
    for path in _records():
        row = verdicts[path.name]
        assert row["verdict"] == "ok", row
        sheet = json.loads(path.with_suffix(".score.json").read_text())
        totals = {str(seat): entry.get("total", 0) for seat, entry in enumerate(sheet["seats"])}
        assert row["scores"] == totals, path.name


def test_every_samples_score_file_is_the_score_the_service_gives_now(client: RulesEngineClient) -> None:  # noqa: F811
    """The sample score sheets show today's words (categories, details, leaders), not an older server's:
    regenerate them with ``rules-engine-client bots``/``replay`` after changing a game's words."""
    for path in _records():
        given = client.replay_game(load_record(path)).score
        shown = json_format.Parse(path.with_suffix(".score.json").read_text(), common_pb2.ScoreSheet())
        assert shown == given, path.name
