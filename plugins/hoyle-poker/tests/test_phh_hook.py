"""PHH replayers come from the installed plugins through the ``hoyle_register_phh_replayers``
hook: a fresh process that imports nothing but ``hoyle.phh`` (or runs ``hoyle replay``)
replays the stud and draw games too, and the core names no poker variant."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import hoyle
import pytest
from hoyle import phh
from hoyle.errors import PluginError, ReplayError
from hoyle.phh import _plugin_table
from hoyle.plugins import get_plugin_manager
from hoyle.registry import Registry
from phh_corpus import CORPUS

# Heads-up badugi: p1 (big blind) holds the best badugi A-2-3-4 and stands pat; p2 draws
# to 5-6-7-8. p1 bets 2 after the first draw and p2 calls: p1 wins 2 + 2 + 2 + 2.
BADUGI = """
variant = 'FB'
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [50, 50]
actions = [
  'd dh p1 As2d3c4h', 'd dh p2 5s6d7cKh',
  'p2 cc', 'p1 cc',
  'p1 sd', 'p2 sd Kh', 'd dh p2 8h',
  'p1 cbr 2', 'p2 cc',
  'p1 sd', 'p2 sd',
  'p1 cc', 'p2 cc',
  'p1 sd', 'p2 sd',
  'p1 cc', 'p2 cc',
  'p1 sm As2d3c4h', 'p2 sm 5s6d7c8h',
]
"""

FRESH = """
import sys
from hoyle import phh
assert "hoyle_poker" not in sys.modules, "hoyle.phh imported the poker plugin"
game = phh.replay(sys.stdin.read())
print(game.variant.name, game.result["stacks"])
"""


def fresh_python(code: str, stdin: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], input=stdin, capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_badugi_replays_in_a_fresh_process() -> None:
    assert fresh_python(FRESH, BADUGI) == "badugi [54, 46]"


def test_hoyle_replay_cli_replays_badugi_in_a_fresh_process(tmp_path: Path) -> None:
    path = tmp_path / "badugi.phh"
    path.write_text(BADUGI)
    done = subprocess.run(
        [sys.executable, "-m", "hoyle.cli", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    (record,) = json.loads(done.stdout)
    assert record["variant"] == "badugi" and record["result"]["stacks"] == [54, 46]


def test_corpus_badugi_replays_in_a_fresh_process() -> None:
    if not CORPUS.is_dir():
        pytest.skip(f"PHH corpus not found at {CORPUS} (set HOYLE_PHH_CORPUS)")
    (path,) = [p for p in sorted(CORPUS.rglob("*.phh")) if phh.load(p)["variant"] == "FB"]
    out = fresh_python(FRESH, path.read_text(encoding="utf-8"))
    assert out.startswith("badugi [")


def test_every_poker_code_has_a_replayer_from_the_hook() -> None:
    codes = phh.replayers()
    for code in ("NT", "PT", "FT", "NO", "PO/8", "FS", "F7S", "F7S/8", "FR", "F2L3D", "N2L1D", "FB"):
        assert code in codes, code
    assert phh.REPLAYERS == {}  # nothing registered by import side effect


def test_the_core_names_no_poker_variant() -> None:
    source = Path(phh.__file__).read_text(encoding="utf-8")
    for name in ("texas-holdem", "omaha", "short-deck-holdem", "badugi", "razz", "seven-card-stud", "to_call"):
        assert f'"{name}"' not in source and f"'{name}'" not in source, name


def test_without_plugins_no_code_has_a_replayer() -> None:
    registry = Registry(get_plugin_manager(load_entrypoints=False))
    assert dict(_plugin_table(registry, "hoyle_register_phh_replayers")) == {}


def test_a_plugin_registering_a_code_twice_is_an_error() -> None:
    class Twice:
        @hoyle.hookimpl
        def hoyle_register_phh_replayers(self, register: object) -> None:
            register("XX", lambda hh: None)  # type: ignore[operator]
            register("XX", lambda hh: None)  # type: ignore[operator]

    pm = get_plugin_manager(load_entrypoints=False)
    pm.register(Twice(), "twice")
    with pytest.raises(PluginError, match=r"'XX'.*already registered"):
        _plugin_table(Registry(pm), "hoyle_register_phh_replayers")


def test_register_replayer_adds_a_code_in_this_process() -> None:
    seen = []

    def fake(hh: phh.HandHistory, *, conventions: str = "cardroom") -> hoyle.Game:
        seen.append(conventions)
        return phh.replayers()["NT"](hh)

    phh.register_replayer("XT", fake)
    try:
        text = BADUGI.replace("'FB'", "'XT'")
        with pytest.raises(ReplayError):  # badugi actions are not hold'em's: p1 'sd'
            phh.replay(text)
        assert seen == ["cardroom"]
    finally:
        del phh.REPLAYERS["XT"]


def test_dump_of_a_game_no_plugin_writes_names_it() -> None:
    game = hoyle.new_game("war", players=2, seed=1)
    with pytest.raises(ReplayError, match="war has no PHH writer"):
        phh.dump(game)
