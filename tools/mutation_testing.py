"""Mutation testing for a game's rule modules (not part of ``./run test``).

    .venv/bin/python -m tools.mutation_testing --game citadels [--module engines/citadels/scoring.py ...]
        [--sample 40] [--seed 1] [--budget-seconds 1800] [--tests tests/engines/citadels/test_rules.py ...]
        [--keyword citadels] [--jobs 2] [--timeout 120] [--json out.json]

A small AST mutator: every mutant is one change to one rule module (a comparison flipped, ``+`` and
``-`` swapped, an integer constant moved by one, a boolean negated, ``and``/``or`` swapped, a returned
value replaced by ``None``, a statement replaced by ``pass``). Docstrings, annotations, f-strings,
logging calls and the arguments of ``raise`` are never mutated. A seeded sample of the mutants is run,
each in a copy of the repository (one copy per job, in a temporary directory): the mutated module is
written into the copy, the game's tests run there with ``cwd`` and ``PYTHONPATH`` pointing at the copy
(so the copy's modules shadow the editable install), and the module is put back. The working tree is
never written to; the command checks at the end that the mutated modules are as they were.

Outcomes: ``killed`` (a test failed), ``crash`` (the mutated module does not import, or the tests do not
collect — not counted as a catch), ``timeout`` (counted as killed, shown apart) and ``survived``. The
score is ``(killed + timeout) / (mutants - crash)``. See docs/mutation-testing.md.

This is test tooling, not an engine, so it uses the standard library's generator and clock.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent

#: Names whose calls are logging (never mutated, never deleted).
LOGGERS = frozenset({"log", "logger", "logging", "structlog", "_log", "LOG"})

COMPARE_FLIPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
ARITH_SWAPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
}
#: Statements that ``delete`` replaces by ``pass``.
DELETABLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.If, ast.Raise)

OUTCOMES = ("killed", "crash", "timeout", "survived")


@dataclass(frozen=True)
class Mutant:
    """One change to one module: the source span ``(line, col)``–``(end_line, end_col)`` becomes ``replacement``."""

    module: str
    line: int
    col: int
    end_line: int
    end_col: int
    operator: str
    replacement: str
    original_line: str
    mutated_line: str


@dataclass(frozen=True)
class Result:
    mutant: Mutant
    outcome: str
    seconds: float
    detail: str


# --------------------------------------------------------------------------------------------- mutants


def _is_docstring(node: ast.stmt, parent: ast.AST | None) -> bool:
    """A bare string statement: a module, class or function docstring, or the docstring of an attribute
    (a string right after an assignment). Deleting one changes nothing a test can see."""
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _is_logging(node: ast.AST) -> bool:
    """A call on a logger (``log.info(...)``, ``logging.warning(...)``, ``structlog.get_logger()``)."""
    call = node.value if isinstance(node, ast.Expr) else node
    if not isinstance(call, ast.Call):
        return False
    func = call.func
    while isinstance(func, ast.Attribute):
        func = func.value
    if isinstance(func, ast.Call):
        return _is_logging(func)
    return isinstance(func, ast.Name) and func.id in LOGGERS


def _is_none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _is_str(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


def _skipped_children(node: ast.AST) -> set[str]:
    """Fields never walked: annotations, and the decorators of definitions."""
    if isinstance(node, ast.arg):
        return {"annotation"}
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return {"returns", "decorator_list"}
    if isinstance(node, ast.AnnAssign):
        return {"annotation", "target"}
    if isinstance(node, ast.ClassDef):
        return {"decorator_list", "bases", "keywords"}
    return set()


def _is_protocol(node: ast.AST) -> bool:
    """A ``typing.Protocol`` class (``Protocol``, ``typing.Protocol``, ``Protocol[S]``): its body declares
    types (annotations, ``...`` bodies) and never runs, so every mutant of it is equivalent."""
    if not isinstance(node, ast.ClassDef):
        return False
    bases = (base.value if isinstance(base, ast.Subscript) else base for base in node.bases)
    return any(
        (isinstance(base, ast.Name) and base.id == "Protocol")
        or (isinstance(base, ast.Attribute) and base.attr == "Protocol")
        for base in bases
    )


def _special_if(node: ast.If) -> bool:
    """``if TYPE_CHECKING:`` and ``if __name__ == "__main__":`` are not rules."""
    text = ast.unparse(node.test)
    return "TYPE_CHECKING" in text or "__name__" in text


def _walk(tree: ast.Module) -> Iterator[tuple[ast.AST, ast.AST | None]]:
    """Every mutable node with its parent, in source order, skipping what is never mutated."""
    stack: list[tuple[ast.AST, ast.AST | None]] = [(tree, None)]
    while stack:
        node, parent = stack.pop()
        if isinstance(node, ast.stmt) and _is_docstring(node, parent):
            continue
        if _is_logging(node) or isinstance(node, ast.JoinedStr):
            continue
        if isinstance(node, ast.If) and _special_if(node):
            continue
        if isinstance(node, ast.Import | ast.ImportFrom) or _is_protocol(node):
            continue
        yield node, parent
        if isinstance(node, ast.Raise):
            continue  # the exception and its message are not mutated (the statement may be deleted)
        skipped = _skipped_children(node)
        children = [
            child
            for field, value in ast.iter_fields(node)
            if field not in skipped
            for child in (value if isinstance(value, list) else [value])
            if isinstance(child, ast.AST)
        ]
        stack.extend((child, node) for child in reversed(children))


def _is_elif(node: ast.AST, parent: ast.AST | None) -> bool:
    return (
        isinstance(node, ast.If) and isinstance(parent, ast.If) and len(parent.orelse) == 1 and parent.orelse[0] is node
    )


def _variants(node: ast.AST, parent: ast.AST | None) -> Iterator[tuple[str, str]]:
    """``(operator, replacement source)`` for every mutation of ``node``."""
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            flipped = COMPARE_FLIPS.get(type(op))
            if flipped is not None:
                ops = [*node.ops[:i], flipped(), *node.ops[i + 1 :]]
                yield "compare", f"({ast.unparse(ast.Compare(node.left, ops, node.comparators))})"
    elif isinstance(node, ast.BinOp) and not (_is_str(node.left) or _is_str(node.right)):
        swapped = ARITH_SWAPS.get(type(node.op))
        if swapped is not None:
            yield "arith", f"({ast.unparse(ast.BinOp(node.left, swapped(), node.right))})"
    elif isinstance(node, ast.AugAssign) and not _is_str(node.value):
        swapped = ARITH_SWAPS.get(type(node.op))
        if swapped is not None:
            yield "arith", ast.unparse(ast.AugAssign(node.target, swapped(), node.value))
    elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
        yield "bool", str(not node.value)
    elif isinstance(node, ast.Constant) and isinstance(node.value, int):
        yield "int", f"({node.value + 1})"
    elif isinstance(node, ast.BoolOp):
        other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        yield "boolop", f"({ast.unparse(ast.BoolOp(other, node.values))})"
    elif isinstance(node, ast.Return) and node.value is not None and not _is_none(node.value):
        yield "return", "return None"
    if isinstance(node, DELETABLE) and not _is_elif(node, parent) and not _is_logging(node):
        yield "delete", "pass"


def _splice(lines: Sequence[str], m: Mutant) -> list[str]:
    """The module's lines with the mutant's span replaced (lines keep their ends)."""
    first, last = lines[m.line - 1], lines[m.end_line - 1]
    head = first.encode()[: m.col].decode()
    tail = last.encode()[m.end_col :].decode()
    return [*lines[: m.line - 1], head + m.replacement + tail, *lines[m.end_line :]]


def apply_mutant(source: str, m: Mutant) -> str:
    """``source`` with the mutant applied."""
    return "".join(_splice(source.splitlines(keepends=True), m))


def generate_mutants(source: str, module: str) -> list[Mutant]:
    """Every mutant of one module, in source order; mutants that would not parse are dropped."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    original = ast.dump(tree)
    out: list[Mutant] = []
    for node, parent in _walk(tree):
        if not isinstance(node, ast.stmt | ast.expr) or node.end_lineno is None or node.end_col_offset is None:
            continue
        for operator, replacement in _variants(node, parent):
            line, end_line = node.lineno, node.end_lineno
            col, end_col = node.col_offset, node.end_col_offset
            orig_line = lines[line - 1].rstrip("\n")
            draft = Mutant(module, line, col, end_line, end_col, operator, replacement, orig_line, "")
            mutated = _splice(lines, draft)
            try:
                changed = ast.dump(ast.parse("".join(mutated))) != original
            except SyntaxError:
                continue
            if changed:
                out.append(
                    Mutant(
                        module, line, col, end_line, end_col, operator, replacement, orig_line,
                        mutated[line - 1].rstrip("\n"),
                    )
                )  # fmt: skip
    return out


def sample_mutants(mutants: Sequence[Mutant], size: int | None, seed: int) -> list[Mutant]:
    """A seeded sample of ``size`` mutants per module, in module and source order.

    Each module is sampled on its own (the same seed, module and source give the same sample whatever
    else is mutated), so a score per module rests on the same number of mutants.
    """
    chosen: list[Mutant] = []
    for module in sorted({m.module for m in mutants}):
        own = [m for m in mutants if m.module == module]
        chosen += own if size is None or size >= len(own) else random.Random(f"{seed}:{module}").sample(own, size)
    return sorted(chosen, key=lambda m: (m.module, m.line, m.col, m.operator, m.replacement))


# ---------------------------------------------------------------------------------------------- running


def repository_files(repo: Path) -> list[str]:
    """The files a copy needs: tracked and untracked-but-not-ignored (no virtualenv, no caches)."""
    out = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=repo,
        check=True,
        capture_output=True,
    ).stdout.decode()
    return sorted({f for f in out.split("\0") if f and (repo / f).is_file()})


def make_copy(repo: Path, files: Sequence[str], dest: Path) -> Path:
    """Copy ``files`` (relative to ``repo``) into ``dest``."""
    for rel in files:
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(repo / rel, target)
    return dest


def _env(copy: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(copy), *filter(None, [env.get("PYTHONPATH")])])
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.pop("PYTEST_ADDOPTS", None)
    return env


def _module_name(module: str) -> str:
    return module.removesuffix(".py").replace("/", ".").removesuffix(".__init__")


def _run(cmd: list[str], copy: Path, timeout: float) -> tuple[int | None, str]:
    """Run in its own process group; ``None`` on timeout (the group is killed)."""
    proc = subprocess.Popen(
        cmd, cwd=copy, env=_env(copy), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True
    )
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None, ""
    return proc.returncode, out.decode(errors="replace")


def imported_from(copy: Path, module: str) -> str:
    """Where the copy's Python imports ``module`` from (to prove the copy shadows the editable install)."""
    code, out = _run([sys.executable, "-c", f"import {_module_name(module)} as m; print(m.__file__)"], copy, 60)
    if code != 0:
        raise RuntimeError(f"{module} does not import in the copy:\n{out}")
    return out.strip().splitlines()[-1]


def pytest_command(tests: Sequence[str], keyword: str | None) -> list[str]:
    cmd = [sys.executable, "-m", "pytest", *tests, "-x", "-q", "-p", "no:cacheprovider", "-rf"]
    return [*cmd, "-k", keyword] if keyword else cmd


def _first_failure(out: str) -> str:
    for line in out.splitlines():
        if line.startswith(("FAILED ", "ERROR ")):
            return line[:200]
    return out.strip().splitlines()[-1][:200] if out.strip() else ""


def run_tests(copy: Path, tests: Sequence[str], keyword: str | None, timeout: float) -> tuple[str, str]:
    """``(outcome, detail)`` of the tests in ``copy`` as it is now."""
    code, out = _run(pytest_command(tests, keyword), copy, timeout)
    if code is None:
        return "timeout", f"no answer in {timeout:.0f} s"
    if code == 0:
        return "survived", ""
    if code == 1:
        return "killed", _first_failure(out)
    return "crash", f"pytest exit {code}: {_first_failure(out)}"  # 2: collection errors, 3: internal, 4: usage


def run_mutant(
    copy: Path, mutant: Mutant, original: str, tests: Sequence[str], keyword: str | None, timeout: float
) -> Result:
    """Apply ``mutant`` in ``copy``, run the tests, put the module back."""
    path = copy / mutant.module
    start = time.monotonic()
    path.write_text(apply_mutant(original, mutant))
    try:
        code, out = _run([sys.executable, "-c", f"import {_module_name(mutant.module)}"], copy, timeout)
        if code is None:
            outcome, detail = "timeout", "import did not finish"
        elif code != 0:
            outcome, detail = "crash", "import: " + _first_failure(out)
        else:
            outcome, detail = run_tests(copy, tests, keyword, timeout)
    finally:
        path.write_text(original)
    return Result(mutant, outcome, time.monotonic() - start, detail)


def run_all(
    copies: Sequence[Path],
    mutants: Sequence[Mutant],
    originals: dict[str, str],
    tests: Sequence[str],
    keyword: str | None,
    timeout: float,
    budget: float,
    report: Callable[[Result], None] = lambda r: None,
) -> tuple[list[Result], int]:
    """Run the mutants, one copy per worker, until the budget is spent: ``(results, not run)``."""
    deadline = time.monotonic() + budget
    queue = list(enumerate(mutants))
    lock = threading.Lock()
    results: dict[int, Result] = {}
    skipped = 0

    def worker(copy: Path) -> None:
        nonlocal skipped
        while True:
            with lock:
                if not queue:
                    return
                if time.monotonic() >= deadline:
                    skipped += len(queue)
                    queue.clear()
                    return
                index, mutant = queue.pop(0)
            result = run_mutant(copy, mutant, originals[mutant.module], tests, keyword, timeout)
            with lock:
                results[index] = result
                report(result)

    with ThreadPoolExecutor(max_workers=len(copies)) as pool:
        for future in [pool.submit(worker, c) for c in copies]:
            future.result()
    return [results[i] for i in sorted(results)], skipped


# -------------------------------------------------------------------------------------------- reporting


def score(killed: int, timeouts: int, total: int, crashes: int) -> float | None:
    """``(killed + timeouts) / (total - crashes)``; ``None`` when nothing counts."""
    counted = total - crashes
    return (killed + timeouts) / counted if counted else None


def table(results: Sequence[Result]) -> list[dict[str, object]]:
    """One row per module (and a total): mutants, each outcome, score."""
    modules = sorted({r.mutant.module for r in results})
    rows: list[dict[str, object]] = []
    for name, group in [*((m, [r for r in results if r.mutant.module == m]) for m in modules), ("total", results)]:
        counts = {o: sum(1 for r in group if r.outcome == o) for o in OUTCOMES}
        s = score(counts["killed"], counts["timeout"], len(group), counts["crash"])
        rows.append({"module": name, "mutants": len(group), **counts, "score": s})
    return rows


def format_table(rows: Sequence[dict[str, object]]) -> str:
    head = f"{'module':<40} {'mutants':>7} {'killed':>6} {'crash':>5} {'timeout':>7} {'survived':>8} {'score':>6}"
    lines = [head, "-" * len(head)]
    for r in rows:
        s = r["score"]
        shown = f"{s:.0%}" if isinstance(s, float) else "-"
        lines.append(
            f"{r['module']!s:<40} {r['mutants']!s:>7} {r['killed']!s:>6} {r['crash']!s:>5} "
            f"{r['timeout']!s:>7} {r['survived']!s:>8} {shown:>6}"
        )
    return "\n".join(lines)


def _fingerprint(repo: Path, modules: Sequence[str]) -> tuple[str, dict[str, str]]:
    status = subprocess.run(
        ["git", "status", "--porcelain", "--", *modules], cwd=repo, check=True, capture_output=True, text=True
    ).stdout
    return status, {m: hashlib.sha256((repo / m).read_bytes()).hexdigest() for m in modules}


SLOW_TESTS = ("integrity", "properties")
"""Test files whose properties play many random games: run after the example and value tests, so that
with ``-x`` most mutants are killed in seconds by the test that names the rule."""
MALFORMATIONS = "tests/conformance/test_game_malformations.py"
"""The conformance test that runs a game's malformed-state hook (``tests/engines/<game>/malformed.py``)."""
MALFORMATION_TESTS = ("test_malformed_states_are_refused_or_handled",)
"""Its test, with one case per game that has the hook (the case id is the game id)."""


def default_tests(repo: Path, game: str) -> list[str]:
    """The game's engine tests (``tests/engines/<game>/test_*.py``), the named-rule files first, then the
    property files, then the game's malformed states (its cases of ``MALFORMATIONS``, when it has the hook).

    Left out: the words tests (``test_words.py``: labels and log lines, not rules) and the rest of the
    conformance suite (the protocol every game shares). Each adds a quarter to half a minute to every
    surviving mutant, and a rule should be named by a test of the rules. Name them with ``--tests`` when
    mutating a module they exercise.
    """
    folder = repo / "tests" / "engines" / game
    files = sorted(
        (str(p.relative_to(repo)) for p in folder.glob("test_*.py")),
        key=lambda f: (Path(f).stem.rsplit("_", 1)[-1] in SLOW_TESTS, f),
    )
    files = [f for f in files if Path(f).name != "test_words.py"]
    if (folder / "malformed.py").exists():
        files += [f"{MALFORMATIONS}::{test}[{game}]" for test in MALFORMATION_TESTS]
    return files


NOT_RULES = frozenset(
    {"__init__", "codes", "content", "facts", "integrity", "moves", "picture", "state", "view", "words"}
)
"""Modules of a game that hold no rule: types, the content loader, the state check, the words and the picture.

The check (``integrity``), the words and the picture have their own property and conformance tests; what is
mutated is what decides a game: setup, phases, abilities, building, scoring, geometry, guilds.
"""


def default_modules(repo: Path, game: str) -> list[str]:
    """The game's rule modules: every ``engines/<game>/**/*.py`` but the top-level ``NOT_RULES``."""
    root = repo / "engines" / game
    return sorted(
        str(p.relative_to(repo))
        for p in root.rglob("*.py")
        if not (p.parent == root and p.stem in NOT_RULES) and "data" not in p.relative_to(root).parts
    )


def _key(m: Mutant) -> tuple[str, int, int, str, str]:
    return (m.module, m.line, m.col, m.operator, m.replacement)


def plan_rerun(chosen: Sequence[Mutant], earlier: Sequence[dict[str, Any]]) -> tuple[list[Mutant], list[Result]]:
    """What to run again after tests were added: ``(mutants to run, earlier results kept)``.

    For a module whose sample is the same as in the earlier run (same seed, unchanged source), only the
    earlier survivors run again; the other outcomes are kept, as adding tests cannot bring a killed
    mutant back. A module whose sample differs (its source changed) runs in full.
    """
    before = {
        (r["module"], r["line"], r["col"], r["operator"], r["replacement"]): r
        for r in earlier
        if {"module", "line", "col", "operator", "replacement", "outcome"} <= set(r)
    }
    run: list[Mutant] = []
    kept: list[Result] = []
    for module in sorted({m.module for m in chosen}):
        own = [m for m in chosen if m.module == module]
        if any(_key(m) not in before for m in own) or sum(k[0] == module for k in before) != len(own):
            run += own
            continue
        for m in own:
            r = before[_key(m)]
            if r["outcome"] == "survived":
                run.append(m)
            else:
                kept.append(Result(m, r["outcome"], float(r.get("seconds", 0.0)), str(r.get("detail", ""))))
    return run, kept


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools.mutation_testing", description=__doc__.split("\n\n")[1])
    parser.add_argument("--game", required=True)
    parser.add_argument("--module", action="append", help="a module (repeatable); default: the rule modules")
    parser.add_argument("--sample", type=int, default=40, help="mutants to run per module (0: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-seconds", type=float, default=1800.0, help="no new mutant starts after this")
    parser.add_argument("--tests", action="append", help="test paths (repeatable); default: the game's tests")
    parser.add_argument("--keyword", help="pytest -k (default: none)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, help="per mutant; default: 2 × the clean run + 10 s")
    parser.add_argument("--json", type=Path, help="write the results here")
    parser.add_argument("--rerun", type=Path, help="an earlier --json: run only its survivors, keep the rest")
    args = parser.parse_args(argv)

    modules = args.module or default_modules(REPO, args.game)
    tests = args.tests or default_tests(REPO, args.game)
    keyword = args.keyword
    before = _fingerprint(REPO, modules)
    originals = {m: (REPO / m).read_text() for m in modules}
    mutants = [mu for m in modules for mu in generate_mutants(originals[m], m)]
    chosen = sample_mutants(mutants, args.sample or None, args.seed)
    kept: list[Result] = []
    if args.rerun:
        chosen, kept = plan_rerun(chosen, json.loads(args.rerun.read_text())["results"])
        print(f"rerun of {args.rerun}: {len(kept)} earlier outcomes kept", flush=True)
    print(f"{len(mutants)} mutants in {len(modules)} modules; running {len(chosen)} (seed {args.seed})", flush=True)
    print("tests: " + " ".join(pytest_command(tests, keyword)[1:]), flush=True)

    files = repository_files(REPO)
    with tempfile.TemporaryDirectory(prefix="mutate-") as tmp:
        copies = [make_copy(REPO, files, Path(tmp) / f"copy{i}") for i in range(max(1, args.jobs))]
        for copy in copies:
            for m in modules:
                where = Path(imported_from(copy, m)).resolve()
                if not where.is_relative_to(copy.resolve()):
                    raise SystemExit(f"{m} is imported from {where}, not from the copy {copy}")
        start = time.monotonic()
        outcome, detail = run_tests(copies[0], tests, keyword, args.timeout or 1800)
        clean = time.monotonic() - start
        if outcome != "survived":
            raise SystemExit(f"the tests do not pass on the unmutated copy ({outcome}): {detail}")
        timeout = args.timeout or 2 * clean + 10
        print(f"clean run: {clean:.1f} s; per-mutant timeout {timeout:.0f} s", flush=True)

        def progress(r: Result) -> None:
            m = r.mutant
            print(f"{m.module}:{m.line} {m.operator:<7} {r.outcome:<8} {r.seconds:6.1f} s  {r.detail}", flush=True)

        results, not_run = run_all(copies, chosen, originals, tests, keyword, timeout, args.budget_seconds, progress)
        results = sorted([*kept, *results], key=lambda r: _key(r.mutant))

    rows = table(results)
    print()
    print(format_table(rows))
    if not_run:
        print(f"{not_run} sampled mutants not run: the budget of {args.budget_seconds:.0f} s was spent")
    survivors = [r.mutant for r in results if r.outcome == "survived"]
    print(f"\n{len(survivors)} survivors:")
    for m in survivors:
        print(f"{m.module}:{m.line} [{m.operator}]\n    - {m.original_line.strip()}\n    + {m.mutated_line.strip()}")
    if args.json:
        payload = {
            "game": args.game,
            "seed": args.seed,
            "tests": tests,
            "keyword": keyword,
            "generated": len(mutants),
            "not_run": not_run,
            "table": rows,
            "results": [
                {**asdict(r.mutant), "outcome": r.outcome, "seconds": r.seconds, "detail": r.detail} for r in results
            ],
        }
        args.json.write_text(json.dumps(payload, indent=2) + "\n")
    if _fingerprint(REPO, modules) != before:
        raise SystemExit("the working tree's rule modules changed during the run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
