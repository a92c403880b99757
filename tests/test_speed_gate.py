"""The deterministic speed gate (benches/gate/, CONTRIBUTING.md "Speed gate"): callgrind
instruction counts of fixed workloads against ``benches/gate/budget.json``.

The measured tests need valgrind. Without it they skip, saying so, unless
``HOYLE_SPEED_GATE=1`` (CI's ``.ci/run`` sets it after installing valgrind), where a
missing valgrind, or an interpreter other than the budget's, fails instead.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

GATE_DIR = Path(__file__).resolve().parents[1] / "benches" / "gate"
REQUIRED = os.environ.get("HOYLE_SPEED_GATE") == "1"

pytestmark = pytest.mark.xdist_group("speed-gate")


def _load_gate() -> Any:
    spec = importlib.util.spec_from_file_location("hoyle_speed_gate", GATE_DIR / "gate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


gate = _load_gate()


def _unavailable(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"{reason}, and HOYLE_SPEED_GATE=1 requires the gate to run")
    pytest.skip(f"speed gate not run: {reason}")


@pytest.fixture(scope="module")
def measured() -> dict[str, Any]:
    """Every workload measured once under callgrind (about 40 s of one core)."""
    if gate.valgrind() is None:
        _unavailable("valgrind is not installed (Debian: apt-get install valgrind)")
    differs = gate.mismatch(gate.load_budget())
    if differs:
        _unavailable(f"the budget was recorded on another interpreter ({'; '.join(differs)})")
    result: dict[str, Any] = gate.measure(gate.workload_names())
    return result


def test_within_budget(measured: dict[str, Any]) -> None:
    failures, notes = gate.compare(measured, gate.load_budget())
    print("\n".join(notes))
    assert not failures, "\n".join([*failures, f"if the cost is intended: {gate.UPDATE}, and commit budget.json"])


def test_gate_fails_over_budget(measured: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same measurement against a budget 10 % below it fails, workload by workload,
    and the command line exits 1 naming each one: the gate cannot pass whatever it counts."""
    budget = gate.load_budget()
    tight = {**budget, "workloads": {n: {"instructions": int(m.instructions / 1.1)} for n, m in measured.items()}}
    failures, _ = gate.compare(measured, tight)
    assert len(failures) == len(measured)
    assert all("OVER BUDGET" in f for f in failures)
    path = tmp_path / "budget.json"
    path.write_text(json.dumps(tight))
    monkeypatch.setattr(gate, "measure", lambda names: {n: measured[n] for n in names})
    assert gate.main(["--budget", str(path)]) == 1
    assert gate.main(["--budget", str(gate.BUDGET)]) == 0


def test_measured_counts_are_real(measured: dict[str, Any]) -> None:
    """Every workload was counted (no empty profile from a missed toggle) and computed the
    budget's check digest: the same work as when the budget was recorded."""
    budget = gate.load_budget()
    assert set(measured) == set(budget["workloads"])
    for name, m in measured.items():
        assert m.instructions > 100_000, name
        assert m.check == str(budget["workloads"][name]["check"]), f"{name}: the work changed; {gate.UPDATE}"


# --- the comparison itself, no valgrind needed ---------------------------------------------


def _m(count: int, check: str = "7") -> Any:
    return gate.Measure(count, check)


BUDGET = {"tolerance": 0.03, "workloads": {"a": {"instructions": 1_000_000, "check": "7"}}}


@pytest.mark.parametrize(
    ("count", "fails"),
    [(1_030_000, False), (1_030_001, True), (1_500_000, True), (970_000, False), (500_000, False)],
)
def test_compare_tolerance(count: int, fails: bool) -> None:
    failures, _ = gate.compare({"a": _m(count)}, BUDGET)
    assert bool(failures) is fails


def test_compare_notes_stale_budget_and_changed_check() -> None:
    failures, notes = gate.compare({"a": _m(500_000, check="8")}, BUDGET)
    assert not failures
    assert any("stale" in n for n in notes)
    assert any("computes something else" in n for n in notes)


def test_compare_fails_on_unbudgeted_workload() -> None:
    failures, _ = gate.compare({"b": _m(10)}, BUDGET)
    assert failures and "no budget" in failures[0]


def test_totals_reads_callgrind_profile(tmp_path: Path) -> None:
    profile = tmp_path / "callgrind.out.1"
    profile.write_text("version: 1\ncmd: python\nevents: Ir\nfn=(1) f\n1 5\nsummary: 123456\ntotals: 123456\n")
    assert gate.totals(profile) == 123456
    profile.write_text("events: Ir\n")
    with pytest.raises(gate.GateError, match="no totals"):
        gate.totals(profile)


def test_budget_lists_every_workload_with_its_build() -> None:
    budget = gate.load_budget()
    assert list(budget["workloads"]) == gate.workload_names()
    assert 0 < budget["tolerance"] <= 0.05
    assert {"python", "machine", "numpy", "extension"} <= set(budget["build"])
