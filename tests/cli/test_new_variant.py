"""``hoyle new-variant``: the skeleton it writes installs into a fresh environment and
its own tests pass there (check_variant, "is installed", its rules on rigged decks)."""

from __future__ import annotations

import importlib.util
import site
import subprocess
import sys
import venv
from pathlib import Path

from click.testing import CliRunner
from hoyle.cli import cli


def test_bad_names_and_an_existing_folder_are_refused(tmp_path: Path) -> None:
    runner = CliRunner()
    for bad in ("High", "9lives", "two--dashes", "under_score", "-x"):
        result = runner.invoke(cli, ["new-variant", "--dir", str(tmp_path), "--", bad])
        assert result.exit_code == 2 and "lower-case letters, digits and dashes" in result.output, bad
    assert runner.invoke(cli, ["new-variant", "snap", "--dir", str(tmp_path)]).exit_code == 0
    again = runner.invoke(cli, ["new-variant", "snap", "--dir", str(tmp_path)])
    assert again.exit_code == 2 and "already exists" in again.output


def test_the_skeleton_installs_and_its_tests_pass(tmp_path: Path) -> None:
    name = "skeleton-check"  # a name no other plugin uses
    result = CliRunner().invoke(cli, ["new-variant", name, "--dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    python, ran = _install_and_test(tmp_path, tmp_path / f"hoyle-{name}")
    assert "4 passed" in ran
    listed = subprocess.run([str(python), "-m", "hoyle.cli", "variants"], capture_output=True, text=True)
    assert name in listed.stdout, listed.stdout + listed.stderr
    assert (
        name
        not in subprocess.run([sys.executable, "-m", "hoyle.cli", "variants"], capture_output=True, text=True).stdout
    )


def test_the_house_rule_skeleton_installs_and_its_tests_pass(tmp_path: Path) -> None:
    name = "house-rule-check"
    result = CliRunner().invoke(cli, ["new-variant", "--house-rule", name, "--variant", "war", "--dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    python, ran = _install_and_test(tmp_path, tmp_path / f"hoyle-{name}")
    assert "3 passed" in ran
    listed = subprocess.run([str(python), "-m", "hoyle.cli", "variants", "war"], capture_output=True, text=True)
    assert f"  {name} (hoyle-{name})" in listed.stdout, listed.stdout + listed.stderr
    assert "factor = 2 (at least 1)" in listed.stdout


def test_a_house_rule_needs_an_installed_variant(tmp_path: Path) -> None:
    runner = CliRunner()
    alone = runner.invoke(cli, ["new-variant", "--house-rule", "x", "--dir", str(tmp_path)])
    assert alone.exit_code == 2 and "--house-rule and --variant V go together" in alone.output
    unknown = runner.invoke(cli, ["new-variant", "--house-rule", "x", "--variant", "wra", "--dir", str(tmp_path)])
    assert unknown.exit_code == 2 and "'wra' is not an installed variant" in unknown.output
    assert not list(tmp_path.iterdir())


def _install_and_test(tmp_path: Path, root: Path) -> tuple[Path, str]:
    """Install the distribution at ``root`` into a fresh environment that sees this
    one's packages, run its tests there; the environment's python and pytest's output."""
    env = tmp_path / "venv"
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(env)
    python = env / "bin" / "python"
    # --system-site-packages reaches the base interpreter's packages, not those of the
    # environment running this test (itself often a virtualenv): add those, .pth files
    # included (hoyle's editable install is one), through a .pth that calls addsitedir.
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    parents = [p for p in site.getsitepackages() if Path(p).is_dir()]
    Path(purelib, "hoyle-parent.pth").write_text(f"import site; list(map(site.addsitedir, {parents!r}))\n")
    install = [str(python), "-m", "pip", "install", "--quiet", "--no-deps", str(root)]
    if importlib.util.find_spec("hatchling") is not None:  # the test extra has it
        install.insert(-1, "--no-build-isolation")  # build with the hatchling already here: no download
    installed = subprocess.run(install, capture_output=True, text=True)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    ran = subprocess.run(
        [str(python), "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", str(root / "tests")],
        capture_output=True,
        text=True,
        cwd=root,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    return python, ran.stdout
