"""The typed models of the poker games' public state (``BettingPublic`` and the variants'
``FlopPublic`` and ``DrawPublic``) declare every key the betting games keep in
``state.public``, so mypy's check of the poker plugin covers them all and catches a
misspelled key or phase; the dict and its JSON are unchanged."""

from __future__ import annotations

import json
import typing
from pathlib import Path

import hoyle
import pytest
from hoyle_poker.betting_public import BettingPublic, DrawPublic, FlopPublic, FrozenAction

ROOT = Path(__file__).resolve().parents[3]
MODELS = {"texas-holdem": FlopPublic, "omaha": FlopPublic, "badugi": DrawPublic, "five-card-draw": DrawPublic}


@pytest.mark.parametrize("name", ["texas-holdem", "omaha", "badugi", "five-card-draw", "razz", "table-hand"])
def test_every_public_key_is_declared(name: str) -> None:
    declared = set(typing.get_type_hints(MODELS.get(name, BettingPublic)))
    for seed in range(4):
        for conventions in ("cardroom", "pokerkit"):
            options = {"conventions": conventions, "showdown": "manual", "procedure": "cardroom"}
            if MODELS.get(name) is FlopPublic:
                # short stacks run the board twice, agreed or chosen by the players
                options.update(runs=2, stack=20, run_it="ask" if seed % 2 else "agreed")
            g = hoyle.new_game(name, players=4, seed=seed, options=options)
            rng = hoyle.Rng(seed)
            while True:
                assert set(g.state.public) <= declared, set(g.state.public) - declared
                json.dumps(g.state.public)  # plain JSON data
                if g.is_over:
                    break
                legal = g.legal_actions()
                g.act(legal[rng.below(len(legal))])


def test_a_frozen_action_has_the_declared_fields() -> None:
    g = hoyle.new_game("texas-holdem", players=4, seed=1, options={"procedure": "cardroom"})
    g.act("fold", seat=1)  # out of turn: frozen until seat 1's turn
    frozen = g.state.public["frozen"][1]
    assert set(frozen) == set(typing.get_type_hints(FrozenAction))


def test_a_misspelled_poker_key_or_phase_is_a_type_error(tmp_path: Path) -> None:
    """The variants read ``state.public`` through ``hoyle.public_reader`` as their typed
    model, so mypy rejects a misspelled key of the betting core, of a variant, or a
    misspelled phase."""
    api = pytest.importorskip("mypy.api")
    source = tmp_path / "misspelled.py"
    source.write_text(
        "from hoyle import State\n"
        "from hoyle_poker.betting_public import DrawPhase, draw_public, flop_public\n\n\n"
        "def f(state: State) -> None:\n"
        '    draw_public(state)["draw_round"] += 1\n'
        '    draw_public(state)["draw_rund"] = 2\n'
        '    flop_public(state)["showdown_ordr"] = [0]\n'
        '    flop_public(state)["to_cal"] = 0\n'
        '    phase: DrawPhase = "drwa-1"\n'
        "    print(phase)\n"
    )
    out, _, status = api.run(["--strict", "--cache-dir", str(ROOT / ".mypy_cache"), str(source)])
    assert status == 1, out
    assert 'misspelled.py:7: error: TypedDict "DrawPublic" has no key "draw_rund"' in out
    assert 'misspelled.py:8: error: TypedDict "FlopPublic" has no key "showdown_ordr"' in out
    assert 'misspelled.py:9: error: TypedDict "FlopPublic" has no key "to_cal"' in out
    assert "misspelled.py:10: error: Incompatible types in assignment" in out
    assert "Found 4 errors" in out
