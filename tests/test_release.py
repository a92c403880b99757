"""A release people can depend on (CONTRIBUTING, "API stability"): the version is
defined once, every package ships ``py.typed``, and the wheels install and play every
variant in a fresh virtualenv on a machine with no Rust toolchain.

The wheels come from ``HOYLE_WHEELHOUSE`` when it is set (``.ci/run`` builds hoyle's
abi3 wheel and sdist there with ``maturin build --release --sdist``); otherwise this test
builds them itself, which takes a few minutes.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import venv
import zipfile
from importlib import metadata
from pathlib import Path

import hoyle
import pytest

ROOT = Path(__file__).resolve().parents[1]
PLUGINS = sorted(p for p in (ROOT / "plugins").iterdir() if (p / "pyproject.toml").exists())


def test_the_version_is_defined_once() -> None:
    cargo = tomllib.loads((ROOT / "Cargo.toml").read_text())["package"]["version"]
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert hoyle.__version__ == metadata.version("hoyle") == cargo


def test_every_package_ships_py_typed() -> None:
    for package in [ROOT / "python" / "hoyle", *(p for d in PLUGINS for p in (d / "src").iterdir() if p.is_dir())]:
        if (package / "__init__.py").exists():
            assert (package / "py.typed").exists(), package


@pytest.fixture(scope="module")
def wheelhouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("HOYLE_WHEELHOUSE")
    house = Path(given) if given else tmp_path_factory.mktemp("wheels")
    if not list(house.glob("hoyle-*.whl")):
        _run([sys.executable, "-m", "maturin", "build", "--release", "--sdist", "-o", str(house)], cwd=ROOT)
    for plugin in PLUGINS:
        _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(house), str(plugin)])
    return house


@pytest.mark.xdist_group("release")
def test_the_wheels_install_and_play_every_variant_without_rust(wheelhouse: Path, tmp_path: Path) -> None:
    wheels = sorted(wheelhouse.glob("*.whl"))
    (core,) = [w for w in wheels if w.name.startswith("hoyle-")]
    assert "abi3" in core.name, core.name
    assert list(wheelhouse.glob("hoyle-*.tar.gz")), "no sdist"
    names = zipfile.ZipFile(core).namelist()
    assert "hoyle/py.typed" in names and any(n.startswith("hoyle/_core") for n in names)
    for wheel in wheels:
        if not wheel.name.startswith("hoyle-"):
            package = wheel.name.split("-")[0]
            assert f"{package}/py.typed" in zipfile.ZipFile(wheel).namelist(), wheel.name

    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    no_rust = {k: v for k, v in os.environ.items() if k not in ("CARGO_HOME", "RUSTUP_HOME", "VIRTUAL_ENV")}
    no_rust["PATH"] = os.pathsep.join(
        d for d in os.environ["PATH"].split(os.pathsep) if not (Path(d) / "cargo").exists() and "venv" not in d
    )
    _run([str(python), "-m", "pip", "install", "--quiet", *map(str, wheels)], env=no_rust)
    out = _run([str(python), "-c", _SMOKE], env=no_rust, cwd=tmp_path)
    played = dict(line.split(" ", 1) for line in out.splitlines())
    assert set(played) == set(hoyle.variants()), out
    assert all(result == "over" for result in played.values()), out


#: Every variant, two games by its default bots, from the installed wheels only.
_SMOKE = """
import shutil, hoyle
assert shutil.which("cargo") is None and shutil.which("rustc") is None
assert "site-packages" in hoyle._core.__file__, hoyle._core.__file__
for name in sorted(hoyle.variants()):
    result = hoyle.simulate(name, games=2, seed=5)
    print(name, "over" if result.games == 2 and not result.stopped else "unfinished")
"""


def _run(command: list[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> str:
    proc = subprocess.run(command, capture_output=True, text=True, env=env, cwd=cwd, timeout=1800)
    assert proc.returncode == 0, f"{command}\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc.stdout
