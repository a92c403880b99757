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
    pytest.importorskip("mypy")
    sources = [ROOT / "python" / "hoyle", *sorted((ROOT / "plugins").glob("*/src"))]
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(ROOT / ".mypy_cache"), *map(str, sources)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
