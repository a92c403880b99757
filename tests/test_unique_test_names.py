"""Test files are collected in pytest's default "prepend" import mode, where two test
modules with one basename in different folders cannot both be imported (the second is an
"import file mismatch" error at collection). Each test file's basename is unique."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_test_module_basenames_are_unique() -> None:
    where: dict[str, list[str]] = defaultdict(list)
    for folder in ("tests", "plugins", "benches", "examples"):
        for path in (ROOT / folder).rglob("test_*.py"):
            if ".venv" in path.parts or "site-packages" in path.parts:
                continue
            where[path.name].append(str(path.relative_to(ROOT)))
    clashes = {name: paths for name, paths in where.items() if len(paths) > 1}
    assert not clashes, f"test modules sharing a basename: {clashes}"
