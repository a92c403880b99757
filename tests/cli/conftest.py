"""Fixtures for the command-line tests: a Click runner and the War plugin."""

from __future__ import annotations

import hoyle
import pytest
from click.testing import CliRunner


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(autouse=True)
def _war_installed() -> None:
    if "war" not in hoyle.variants():
        pytest.fail("the War plugin must be installed for the CLI tests: pip install -e plugins/hoyle-war")
