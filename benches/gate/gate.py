"""The deterministic speed gate: callgrind instruction counts of fixed workloads against a
budget (CONTRIBUTING.md, "Speed gate").

Run::

    python benches/gate/gate.py                  # measure, compare with budget.json; exit 1 if over
    python benches/gate/gate.py --update         # measure and write the counts into budget.json
    python benches/gate/gate.py --repeat 5       # measure five times, print each count's spread
    python benches/gate/gate.py -w gin-deal,rl-step   # some workloads only

The workloads are ``benches/gate/workloads.py``; they run in one process under
``valgrind --tool=callgrind`` with collection off (``--collect-atstart=no``) except inside
``sys_call_tracing``, the C function of ``sys.call_tracing``, that the workloads program
calls once per workload around the measured work, and with a dump on leaving it, so dump
``k`` holds the ``k``-th workload's instructions (``Ir``) alone. Instruction counts do not
depend on the machine's load; they depend on the interpreter, the extension's build
(release: ``maturin develop --release`` or ``pip install .``; a debug build counts several
times more), numpy and the Rust toolchain, which the budget records.

A workload fails when its count exceeds its budget by more than the tolerance. One that
falls below its budget by more than the tolerance passes, and the report says the budget
is stale (``--update`` records the gain).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
WORKLOADS = HERE / "workloads.py"
BUDGET = HERE / "budget.json"
#: The one C function callgrind collects inside (``sys.call_tracing``'s).
TOGGLE = "sys_call_tracing"
UPDATE = "python benches/gate/gate.py --update"
ABOUT = (
    "Instructions (callgrind Ir) of each workload's measured part, benches/gate/workloads.py; a count over "
    "its budget by more than the tolerance fails the gate. 'check' is the digest the workload printed, "
    "'spread' the (max - min) / min of the counts over the --repeat runs that recorded it. Update: "
    "python benches/gate/gate.py --repeat 3 --update (CONTRIBUTING.md, Speed gate)."
)


class GateError(RuntimeError):
    """The gate could not measure (no valgrind, a failed run, a missing profile)."""


@dataclass(frozen=True)
class Measure:
    """One workload's measured instructions and the check digest it printed."""

    instructions: int
    check: str


def valgrind() -> str | None:
    """The valgrind program on ``PATH``, or None."""
    return shutil.which("valgrind")


def build_facts() -> dict[str, str]:
    """What the counts depend on, as recorded in the budget."""
    import numpy

    facts = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "numpy": numpy.__version__,
        "extension": "release build (maturin develop --release, or pip install .)",
    }
    try:
        import hoyle

        facts["hoyle"] = hoyle.__version__
    except ImportError:  # pragma: no cover - the gate runs where hoyle is installed
        pass
    for name, cmd in (("rustc", ["rustc", "--version"]), ("valgrind", ["valgrind", "--version"])):
        if shutil.which(cmd[0]):
            facts[name] = subprocess.run(cmd, capture_output=True, text=True, check=False).stdout.strip()
    return facts


def totals(profile: Path) -> int:
    """The ``Ir`` total of one callgrind profile (its ``totals:`` line)."""
    for line in profile.read_text().splitlines():
        if line.startswith("totals:"):
            return int(line.split()[1])
    raise GateError(f"no totals line in callgrind profile {profile}")


def measure(names: list[str]) -> dict[str, Measure]:
    """Run ``names`` once under callgrind; their instruction counts and checks."""
    program = valgrind()
    if program is None:
        raise GateError("valgrind is not installed (Debian: apt-get install valgrind)")
    with tempfile.TemporaryDirectory(prefix="hoyle-gate-") as tmp:
        out = Path(tmp) / "callgrind.out"
        cmd = [
            program,
            "--tool=callgrind",
            "--collect-atstart=no",
            f"--toggle-collect={TOGGLE}",
            f"--dump-after={TOGGLE}",
            f"--callgrind-out-file={out}",
            sys.executable,
            str(WORKLOADS),
            *names,
        ]
        env = {**os.environ, "PYTHONHASHSEED": "0", "OMP_NUM_THREADS": "1", "RAYON_NUM_THREADS": "1"}
        run = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False, timeout=1800)
        if run.returncode != 0:
            raise GateError(f"the workloads failed under callgrind (exit {run.returncode}):\n{run.stderr[-4000:]}")
        checks = dict(line.split(maxsplit=1) for line in run.stdout.splitlines() if line.strip())
        dumps = sorted(Path(tmp).glob("callgrind.out.*"), key=lambda p: int(p.suffix[1:]))
        if len(dumps) != len(names):
            raise GateError(
                f"callgrind wrote {len(dumps)} profiles for {len(names)} workloads: is {TOGGLE} a symbol "
                f"callgrind sees in this interpreter ({sys.executable})? A stripped build hides it."
            )
        return {name: Measure(totals(dump), checks.get(name, "")) for name, dump in zip(names, dumps)}


def load_budget(path: Path = BUDGET) -> dict[str, Any]:
    budget: dict[str, Any] = json.loads(path.read_text())
    return budget


def compare(measured: dict[str, Measure], budget: dict[str, Any]) -> tuple[list[str], list[str]]:
    """Compare with ``budget``: (failures, notes), one line each. A failure is a count over
    its budget by more than the tolerance, or a workload the budget does not list."""
    tolerance = float(budget["tolerance"])
    failures, notes = [], []
    for name, m in measured.items():
        entry = budget["workloads"].get(name)
        if entry is None:
            failures.append(f"{name}: {m.instructions:,} instructions, and no budget (run {UPDATE})")
            continue
        limit = int(entry["instructions"])
        change = m.instructions / limit - 1
        line = f"{name}: {m.instructions:,} instructions, budget {limit:,} ({change:+.2%}, tolerance {tolerance:.0%})"
        if m.instructions > round(limit * (1 + tolerance)):
            failures.append(f"{line}: OVER BUDGET")
        elif m.instructions < round(limit * (1 - tolerance)):
            notes.append(f"{line}: under budget beyond the tolerance, the budget is stale (run {UPDATE})")
        else:
            notes.append(line)
        if entry.get("check") is not None and str(entry["check"]) != m.check:
            notes.append(
                f"{name}: check {m.check}, budget's {entry['check']}: the workload computes something else now"
            )
    return failures, notes


def mismatch(budget: dict[str, Any]) -> list[str]:
    """The recorded build facts that this interpreter does not share (the counts are only
    comparable on the same Python and machine)."""
    facts = build_facts()
    recorded = budget.get("build", {})
    return [
        f"{key}: budget {recorded[key]!r}, here {facts.get(key)!r}"
        for key in ("python", "implementation", "machine")
        if key in recorded and recorded[key] != facts.get(key)
    ]


def update(measured: dict[str, Measure], path: Path = BUDGET, spread: dict[str, float] | None = None) -> None:
    """Write ``measured`` into the budget at ``path`` (other workloads' entries kept)."""
    old = load_budget(path) if path.exists() else {}
    workloads = dict(old.get("workloads", {}))
    for name, m in measured.items():
        entry: dict[str, Any] = {"instructions": m.instructions, "check": m.check}
        if spread and name in spread:
            entry["spread"] = round(spread[name], 5)
        workloads[name] = entry
    budget = {
        "about": old.get("about", ABOUT),
        "tolerance": old.get("tolerance", 0.03),
        "build": build_facts(),
        "workloads": {n: workloads[n] for n in workload_names() if n in workloads},
    }
    path.write_text(json.dumps(budget, indent=2) + "\n")


def workload_names() -> list[str]:
    """The workloads ``workloads.py`` defines, in the order the gate runs them."""
    spec = importlib.util.spec_from_file_location("hoyle_gate_workloads", WORKLOADS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.WORKLOADS)


def main(argv: list[str] | None = None) -> int:
    known = workload_names()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-w", "--workloads", help="comma-separated names (default: all)")
    parser.add_argument("--budget", type=Path, default=BUDGET)
    parser.add_argument("--update", action="store_true", help="write the measured counts into the budget")
    parser.add_argument("--repeat", type=int, default=1, help="measure N times; print the spread")
    args = parser.parse_args(argv)
    names = args.workloads.split(",") if args.workloads else known
    unknown = sorted(set(names) - set(known))
    if unknown:
        parser.error(f"unknown workload(s) {unknown}: known {known}")
    runs = [measure(names) for _ in range(max(1, args.repeat))]
    spread: dict[str, float] = {}
    for name in names:
        counts = [r[name].instructions for r in runs]
        spread[name] = (max(counts) - min(counts)) / min(counts)
        if args.repeat > 1:
            print(f"{name}: {', '.join(f'{c:,}' for c in counts)}  spread {spread[name]:.3%}")
    measured = {n: Measure(int(statistics.median(r[n].instructions for r in runs)), runs[0][n].check) for n in names}
    if args.update:
        update(measured, args.budget, spread if args.repeat > 1 else None)
        print(f"budget written: {args.budget}")
        return 0
    budget = load_budget(args.budget)
    for line in mismatch(budget):
        print(f"note: {line}: the counts are not comparable")
    failures, notes = compare(measured, budget)
    for line in notes + failures:
        print(line)
    if failures:
        print(f"speed gate: {len(failures)} over budget; if the cost is intended, run {UPDATE} and commit budget.json")
        return 1
    print("speed gate: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
