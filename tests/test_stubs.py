"""The types: the hand-written stubs of hoyle._core agree with the extension
(mypy.stubtest), and the package and the built-in plugins type-check (mypy)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_stubtest() -> None:
    pytest.importorskip("mypy")
    proc = subprocess.run([sys.executable, "-m", "mypy.stubtest", "hoyle._core"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_package_and_plugins_type_check() -> None:
    """mypy in strict mode (pyproject.toml [tool.mypy]) over the package and every plugin."""
    pytest.importorskip("mypy")
    sources = [ROOT / "python" / "hoyle", *sorted((ROOT / "plugins").glob("*/src"))]
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(ROOT / ".mypy_cache"), *map(str, sources)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_a_misspelled_public_key_phase_kind_or_zone_is_a_type_error() -> None:
    """The mypy probe (``tests/typing_probe/probe.py``; docs/plugins.md, "Typed public
    state"): each family's public facts, phases, action kinds and zone names, read right
    and misspelled. mypy reports exactly the lines marked ``# error: TEXT``, each with its
    TEXT: a model loosened to ``Any`` would drop errors, a wrong model would add some."""
    pytest.importorskip("mypy")
    for plugin in ("hoyle_war", "hoyle_parlor", "hoyle_poker", "hoyle_rummy"):
        pytest.importorskip(plugin)
    probe = ROOT / "tests" / "typing_probe" / "probe.py"
    expected = {
        number: line.split("# error: ", 1)[1].strip()
        for number, line in enumerate(probe.read_text().splitlines(), 1)
        if "# error: " in line
    }
    assert len(expected) >= 30
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(ROOT / ".mypy_cache"), str(probe)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    found: dict[int, str] = {}
    for line in proc.stdout.splitlines():
        where, _, message = line.partition(": error: ")
        if message:
            found[int(where.rsplit(":", 1)[1])] = message
    assert sorted(found) == sorted(expected), proc.stdout
    for number, text in expected.items():
        assert text in found[number], (number, found[number])
