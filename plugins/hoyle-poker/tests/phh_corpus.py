"""The real hand histories of ../shared/conformance/phh (or ``$HOYLE_PHH_CORPUS``), for the
PHH replay tests: files of some PHH game codes replayed, counted by folder and code."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Collection
from pathlib import Path
from typing import Any

import pytest
from hoyle import phh

REPO = Path(__file__).resolve().parents[3]
CORPUS = Path(os.environ.get("HOYLE_PHH_CORPUS", REPO.parent / "shared" / "conformance" / "phh"))


def corpus() -> list[Path]:
    """Every ``.phh`` file of the corpus (the test is skipped when it is absent)."""
    if not CORPUS.is_dir():
        pytest.skip(f"PHH corpus not found at {CORPUS} (set HOYLE_PHH_CORPUS)")
    return sorted(CORPUS.rglob("*.phh"))


def replay_corpus(codes: Collection[str]) -> tuple[Counter[str], list[Any]]:
    """Replay every file whose variant code is in ``codes``. Returns the files replayed
    per "folder code" (historical ones, which record no finishing stacks, as
    "historical code") and the files whose final stacks differ from the recorded ones."""
    counts: Counter[str] = Counter()
    failures = []
    for path in corpus():
        hh = phh.load(path)
        if hh["variant"] not in codes:
            continue
        game = phh.replay(path)
        if "finishing_stacks" in hh:
            if game.result["stacks"] != hh["finishing_stacks"]:
                failures.append((path.relative_to(CORPUS), game.result["stacks"], hh["finishing_stacks"]))
            counts[f"{path.relative_to(CORPUS).parts[0]} {hh['variant']}"] += 1
        else:
            counts[f"historical {hh['variant']}"] += 1
    return counts, failures


def check_corpus(codes: Collection[str], expected: dict[str, dict[str, int]]) -> None:
    """Every file of ``codes`` replays to its recorded finishing stacks, and the files
    replayed per folder and code are ``expected`` (``{"wsop": {"NT": 11}}``)."""
    counts, failures = replay_corpus(codes)
    assert not failures
    assert counts == {f"{folder} {code}": n for folder, per_code in expected.items() for code, n in per_code.items()}
