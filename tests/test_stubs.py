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


def test_a_misspelled_public_key_or_phase_is_a_type_error(tmp_path: Path) -> None:
    """The typed public state (docs/plugins.md, "Typed public state"): mypy sees War's
    model through ``public_reader``, so a misspelled key or phase does not type-check."""
    pytest.importorskip("mypy")
    pytest.importorskip("hoyle_war")
    source = tmp_path / "misspelled.py"
    source.write_text(
        "from hoyle import State\n"
        "from hoyle_war import Phase, public\n\n\n"
        "def f(state: State) -> None:\n"
        '    public(state)["battles"] += 1\n'
        '    public(state)["batles"] = 2\n'
        "    state.phase = Phase.BATLE\n"
    )
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(ROOT / ".mypy_cache"), str(source)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    out = proc.stdout
    assert proc.returncode == 1, out
    assert 'misspelled.py:7: error: TypedDict "WarPublic" has no key "batles"' in out
    assert 'misspelled.py:8: error: "type[Phase]" has no attribute "BATLE"' in out
    assert "Found 2 errors" in out
