"""Every file the repository's words cite is a file the repository has (issue #23): docstrings, comments,
docs and content provenance name no document that lives elsewhere (a ``.md`` file, a path into the tree),
so a reader can open whatever a sentence points to."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[1]
TOP = ("engines", "server", "clients", "docs", "proto", "tests", "bench", "scripts", "examples", "deploy")
#: A Markdown document named anywhere, or a path into one of the tree's folders.
CITED = re.compile(
    r"(?<![\w./-])((?:[\w.-]+/)*[\w-]+\.md|(?:" + "|".join(TOP) + r")/[\w./-]*\w\.(?:py|md|proto|json|ya?ml|js|toml))\b"
)
#: Names made up on purpose: a file a test needs missing, files a test writes into a scratch repository, a
#: frame path in an example.
MADE_UP = {"missing.md", "tests/test_calc.py", "server/x.py"}


def tracked() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return [p for p in listed.stdout.split() if "node_modules/" not in p and (ROOT / p).is_file()]


def dangling(files: list[str]) -> list[str]:
    """``file: cited`` for every citation of a file the tree does not have."""
    have = set(files)
    names = {PurePosixPath(p).name for p in files}
    out = []
    for path in files:
        if not path.endswith((".py", ".md", ".proto", ".json", ".toml", ".yaml", ".yml", ".js")) and path not in (
            "run",
            "Dockerfile",
        ):
            continue
        for cited in CITED.findall((ROOT / path).read_text(errors="replace")):
            relative = os.path.normpath((PurePosixPath(path).parent / cited).as_posix())
            bare = "/" not in cited and cited in names
            if cited in have or relative in have or bare or cited in MADE_UP or (ROOT / relative).is_dir():
                continue
            out.append(f"{path}: {cited}")
    return sorted(set(out))


def test_every_cited_file_exists() -> None:
    assert dangling(tracked()) == []


def test_the_check_sees_a_document_from_elsewhere() -> None:
    files = tracked()
    assert "README.md" in files
    elsewhere = "DESIGN" + ".md"
    assert CITED.findall(f'"""Error semantics ({elsewhere} "Errors")."""') == [elsewhere]
    assert CITED.findall("see engines/core/text.py and docs/api.md") == ["engines/core/text.py", "docs/api.md"]
