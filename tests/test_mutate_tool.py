"""The mutation command's core (tools/mutation_testing.py) on a tiny module and test made here, never on the engines:
a planted comparison flip is killed, an equivalent mutant survives, a module that no longer imports is a
crash (not a catch), and the original files are never written."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

from tools.mutation_testing import (
    Mutant,
    apply_mutant,
    default_modules,
    default_tests,
    generate_mutants,
    make_copy,
    plan_rerun,
    run_mutant,
    sample_mutants,
    score,
    table,
)

MODULE = "tinyrules/calc.py"
SOURCE = '''"""A docstring that is never mutated: 1 < 2."""


def is_adult(age: int) -> bool:
    """Adult from 18 (rule T1)."""
    return age >= 18


def padded(n: int) -> int:
    """Adds nothing (rule T2)."""
    return n + 0


def message(n: int) -> str:
    raise ValueError(f"bad {n + 1}")
'''
TEST = """from tinyrules.calc import is_adult, padded


def test_adult_from_18() -> None:
    assert is_adult(18)
    assert not is_adult(17)


def test_padded() -> None:
    assert padded(5) == 5
"""


def _repo(tmp_path: Path) -> tuple[Path, list[str]]:
    repo = tmp_path / "repo"
    (repo / "tinyrules").mkdir(parents=True)
    (repo / "tests").mkdir()
    (repo / "tinyrules" / "__init__.py").write_text("")
    (repo / MODULE).write_text(SOURCE)
    (repo / "tests" / "test_calc.py").write_text(TEST)
    return repo, ["tinyrules/__init__.py", MODULE, "tests/test_calc.py"]


def _one(mutants: list[Mutant], operator: str, line: int) -> Mutant:
    found = [m for m in mutants if m.operator == operator and m.line == line]
    assert len(found) == 1, found
    return found[0]


def test_mutants_skip_docstrings_and_raise_messages() -> None:
    mutants = generate_mutants(SOURCE, MODULE)
    assert {m.line for m in mutants} <= {6, 11, 15}
    assert [m.operator for m in mutants if m.line == 15] == ["delete"]
    flip = _one(mutants, "compare", 6)
    assert flip.original_line.strip() == "return age >= 18"
    assert flip.mutated_line.strip() == "return (age > 18)"
    assert "return (n - 0)" in apply_mutant(SOURCE, _one(mutants, "arith", 11))
    assert sample_mutants(mutants, 3, seed=7) == sample_mutants(mutants, 3, seed=7)
    assert len(sample_mutants(mutants, 3, seed=7)) == 3


def test_a_planted_flip_is_killed_and_an_equivalent_mutant_survives(tmp_path: Path) -> None:
    repo, files = _repo(tmp_path)
    copy = make_copy(repo, files, tmp_path / "copy")
    mutants = generate_mutants(SOURCE, MODULE)
    tests = ["tests/test_calc.py"]

    killed = run_mutant(copy, _one(mutants, "compare", 6), SOURCE, tests, None, 60)
    survived = run_mutant(copy, _one(mutants, "arith", 11), SOURCE, tests, None, 60)
    broken = Mutant(MODULE, 6, 4, 6, 20, "planted", "return (", "", "")
    crashed = run_mutant(copy, broken, SOURCE, tests, None, 60)

    assert (killed.outcome, survived.outcome, crashed.outcome) == ("killed", "survived", "crash")
    assert "test_adult_from_18" in killed.detail
    assert (repo / MODULE).read_text() == SOURCE
    assert (copy / MODULE).read_text() == SOURCE
    rows = table([killed, survived, crashed])
    assert rows[-1] == {
        "module": "total",
        "mutants": 3,
        "killed": 1,
        "crash": 1,
        "timeout": 0,
        "survived": 1,
        "score": 0.5,
    }
    assert score(killed=0, timeouts=0, total=2, crashes=2) is None


def test_attribute_docstrings_are_not_mutated() -> None:
    """A string after an assignment documents it; deleting it changes nothing (an equivalent mutant)."""
    source = 'LIMIT = 3\n"""The most."""\n\n\ndef cap(n):\n    return min(n, LIMIT)\n'
    lines = {m.line for m in generate_mutants(source, MODULE)}
    assert 2 not in lines and 1 in lines


def test_protocol_bodies_are_not_mutated() -> None:
    """A Protocol's body only declares types (annotations, ``...``): its mutants would all be equivalent."""
    source = (
        "from typing import Protocol\n\n\n"
        "class Game(Protocol[S]):\n    size: int\n\n    def play(self, n: int) -> int:\n        ...\n\n\n"
        "class Board:\n    size: int = 3\n"
    )
    lines = {m.line for m in generate_mutants(source, MODULE)}
    assert lines == {12}  # only the real class's field and its default


def test_the_sample_is_per_module_and_stable_whatever_else_is_mutated() -> None:
    one = generate_mutants(SOURCE, MODULE)
    other = generate_mutants(SOURCE, "pkg/other.py")
    alone = sample_mutants(one, 2, seed=3)
    together = sample_mutants([*one, *other], 2, seed=3)
    assert [m for m in together if m.module == MODULE] == alone
    assert sum(m.module == "pkg/other.py" for m in together) == 2


def test_the_default_modules_are_the_rule_modules() -> None:
    root = Path(__file__).resolve().parent.parent
    modules = default_modules(root, "walled_city")
    assert "engines/walled_city/scoring.py" in modules
    assert "engines/walled_city/guilds/citizens.py" in modules
    assert not {f"engines/walled_city/{name}.py" for name in ("words", "view", "integrity", "state")} & set(modules)
    tests = default_tests(root, "citadels")
    rules, properties = "tests/engines/citadels/test_rules.py", "tests/engines/citadels/test_properties.py"
    assert tests.index(rules) < tests.index(properties)
    assert "tests/engines/citadels/test_words.py" not in tests
    malformed = "tests/conformance/test_game_malformations.py::test_malformed_states_are_refused_or_handled[citadels]"
    assert tests.index(properties) < tests.index(malformed)
    assert "tests/conformance" not in tests
    assert not [t for t in default_tests(root, "guilds_of_london") if t.startswith("tests/conformance")]


def test_a_rerun_runs_only_the_earlier_survivors_of_an_unchanged_sample() -> None:
    mutants = generate_mutants(SOURCE, MODULE)
    earlier = [
        {**asdict(m), "outcome": "survived" if i == 0 else "killed", "seconds": 1.0, "detail": ""}
        for i, m in enumerate(mutants)
    ]
    run, kept = plan_rerun(mutants, earlier)
    assert run == [mutants[0]]
    assert [r.mutant for r in kept] == mutants[1:] and {r.outcome for r in kept} == {"killed"}
    changed = plan_rerun(mutants, earlier[1:])
    assert changed == (list(mutants), []), "a sample that differs from the earlier one runs in full"
