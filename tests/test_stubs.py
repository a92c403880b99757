"""The hand-written stubs of hoyle._core agree with the extension (mypy.stubtest)."""

import subprocess
import sys

import pytest


def test_stubtest() -> None:
    pytest.importorskip("mypy")
    proc = subprocess.run([sys.executable, "-m", "mypy.stubtest", "hoyle._core"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
