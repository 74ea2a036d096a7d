"""Every option's ``type`` is one the contract documents (issue #23): the proto comment of ``OptionInfo.type``
lists exactly the types the games report, and each option's default reads as its type says
(or is empty: unset)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines import registry

DOCUMENTED = ("bool", "int", "string", "list[string]")
PROTO = Path(__file__).resolve().parents[2] / "proto" / "rulesengine" / "v1" / "common.proto"


def test_the_proto_documents_exactly_these_types() -> None:
    text = PROTO.read_text()
    comment = text[text.index("message OptionInfo") : text.index("string type = 2;")]
    named = re.findall(r'"([a-z\[\]]+)"', comment.split("The value type", 1)[1])
    assert list(dict.fromkeys(named)) == list(DOCUMENTED)


@pytest.mark.parametrize("game_id", sorted(registry.engines()))
def test_every_option_has_a_documented_type_and_a_default_of_that_type(game_id: str) -> None:
    for option in registry.engines()[game_id].info.options:
        assert option.type in DOCUMENTED, option
        if option.type == "bool":
            assert option.default in ("true", "false"), option
        elif option.type == "int":
            assert re.fullmatch(r"-?\d+", option.default), option
        elif option.type == "string" and option.choices:
            # Empty: unset, the option's doc says what applies then.
            assert option.default in (*option.choices, ""), option
        elif option.type == "list[string]" and option.choices and option.default:
            assert set(option.default.split(",")) <= set(option.choices), option
