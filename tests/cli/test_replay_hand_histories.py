"""``hoyle replay`` of OHH and PokerStars hand histories, several hands per file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import hoyle
import pytest
from click.testing import CliRunner
from hoyle.cli import cli

DATA = Path(__file__).parent.parent / "handhistory" / "data"
pytest.importorskip("hoyle_poker")


def replayed(runner: CliRunner, *args: str) -> list[dict[str, object]]:
    result = runner.invoke(cli, ["replay", *args, "--json"])
    assert result.exit_code == 0, result.stderr
    data: list[dict[str, object]] = json.loads(result.stdout)
    return data


def test_pokerstars_text_by_suffix(runner: CliRunner) -> None:
    hands = replayed(runner, str(DATA / "pokerstars_tournament.txt"))
    assert [h["index"] for h in hands] == [1, 38, 78]  # the line of each hand's header
    assert [h["hand_history"]["hand"] for h in hands] == ["250000000001", "250000000002", "250000000003"]  # type: ignore[index]
    # hand 2: Tom (seat 1) busts, Vic collects both pots; seats in position order, the button last
    assert hands[1]["result"]["stacks"] == [4640, 3065, 0, 295]  # type: ignore[index]


def test_cash_amounts_are_whole_chips_with_their_scale(runner: CliRunner) -> None:
    hands = replayed(runner, str(DATA / "pokerstars_omaha.txt"))
    assert [h["variant"] for h in hands] == ["omaha", "omaha"]
    assert hands[0]["hand_history"]["chip_scale"] == 100  # type: ignore[index]
    assert hands[0]["result"]["stacks"] == [1245, 100310, 1115]  # type: ignore[index]


def test_ohh_by_suffix_and_json_with_an_ohh_object(runner: CliRunner, tmp_path: Path) -> None:
    by_suffix = replayed(runner, str(DATA / "two_hands.ohh"))
    copy = tmp_path / "hands.json"
    shutil.copy(DATA / "two_hands.ohh", copy)
    assert replayed(runner, str(copy)) == by_suffix
    assert [h["variant"] for h in by_suffix] == ["texas-holdem", "omaha"]


def test_format_option_overrides_the_suffix(runner: CliRunner, tmp_path: Path) -> None:
    log = tmp_path / "HH20240301.log"
    shutil.copy(DATA / "pokerstars_cash_holdem.txt", log)
    assert len(replayed(runner, str(log), "--format", "pokerstars")) == 4


def test_a_dumped_game_replays_from_ohh(runner: CliRunner, tmp_path: Path) -> None:
    from hoyle import ohh

    game = hoyle.new_game("omaha", players=4, seed=8, options={"hi_lo": True, "ante": 1})
    while not game.is_over:
        game.act(game.legal_actions()[-1])
    path = tmp_path / "hand.ohh"
    path.write_text(ohh.dumps(game) + "\n\n" + ohh.dumps(game))
    hands = replayed(runner, str(path))
    assert game.result is not None
    assert [h["result"]["stacks"] for h in hands] == [game.result["stacks"]] * 2  # type: ignore[index]


def test_a_bad_line_is_one_error_naming_it(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text((DATA / "pokerstars_cash_holdem.txt").read_text().replace("Cid: folds", "Cid: sulks", 1))
    result = runner.invoke(cli, ["replay", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith("hoyle: error: line 24: cannot read 'Cid: sulks'")


def test_a_hand_run_twice_replays(runner: CliRunner) -> None:
    (hand,) = replayed(runner, str(DATA / "pokerstars_run_twice.txt"))
    assert hand["result"]["stacks"] == [9950, 6025, 10025]  # type: ignore[index]  # in cents, by seat


def test_conventions_option(runner: CliRunner) -> None:
    path = str(DATA / "pokerstars_short_big_blind.txt")
    refused = runner.invoke(cli, ["replay", path])
    assert refused.exit_code == 2 and "conventions='pokerkit'" in refused.stderr
    (hand,) = replayed(runner, path, "--conventions", "pokerkit")
    assert hand["result"]["stacks"] == [99, 0, 102]  # type: ignore[index]


def test_keep_going_replays_the_other_hands(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "session.txt"
    text = (DATA / "pokerstars_cash_holdem.txt").read_text()
    wrong = (DATA / "pokerstars_run_twice.txt").read_text().replace("Cid collected $60.25", "Cid collected $61.25")
    path.write_text(text + "\n\n\n" + wrong + "\n\n\n" + text)
    stopped = runner.invoke(cli, ["replay", str(path)])
    assert stopped.exit_code == 2 and stopped.stdout.count("record ") == 4  # the fifth hand's amounts are wrong
    going = runner.invoke(cli, ["replay", str(path), "--keep-going", "--json"])
    assert going.exit_code == 2
    assert len(json.loads(going.stdout)) == 8
    assert "does not replay" in going.stderr and "the history says 61.25" in going.stderr
    assert going.stderr.strip().endswith("1 of 9 hands do not replay")


def test_keep_going_skips_an_unreadable_hand_and_counts_refusals_by_reason(runner: CliRunner, tmp_path: Path) -> None:
    """One bad hand costs one hand: a hand with a line hoyle cannot read and a hand whose
    amounts are wrong are each reported (number, reason with its line, first line) and
    the summary counts read / replayed / refused by reason."""
    text = (DATA / "pokerstars_cash_holdem.txt").read_text()
    hands = text.split("\n\n\n")
    assert len(hands) >= 2
    unreadable = hands[0].replace("*** HOLE CARDS ***", "*** HOLE CARDS ***\nsomebody waves", 1)
    wrong = (DATA / "pokerstars_run_twice.txt").read_text().replace("Cid collected $60.25", "Cid collected $61.25")
    path = tmp_path / "session.txt"
    # written as the Windows client writes it: cp1252, Windows line ends
    path.write_bytes(("\n\n\n".join([unreadable, wrong, text]) + "\n").replace("\n", "\r\n").encode("cp1252"))
    going = runner.invoke(cli, ["replay", str(path), "--keep-going"])
    assert going.exit_code == 2
    err = going.stderr
    assert "record 1: does not replay: line " in err and "cannot read 'somebody waves'" in err
    assert f"[{hands[0].splitlines()[0].strip()}]" in err  # the hand's first line
    assert "the history says 61.25" in err
    total = 1 + 1 + len(hands)
    assert f"read {total}, replayed {total - 2}, refused 2 (" in err
    assert "1 a line hoyle cannot read" in err and "1 finishing stacks differ from the file's" in err
    assert "internal error" not in err


def test_replay_never_prints_internal_error_on_junk(runner: CliRunner, tmp_path: Path) -> None:
    for i, data in enumerate([b"", b"\xff\xfe\x00garbage", b"PokerStars Hand #1: nonsense\n", b"\x00" * 64]):
        path = tmp_path / f"junk{i}.txt"
        path.write_bytes(data)
        for args in ([], ["--keep-going"]):
            result = runner.invoke(cli, ["replay", str(path), *args])
            assert result.exit_code in (1, 2) and "internal error" not in result.stderr, (data, result.stderr)


def test_a_folder_replays_every_file_and_streams_a_table(runner: CliRunner, tmp_path: Path) -> None:
    """``hoyle replay DIR --keep-going --out hands.parquet``: every hand-history file in
    the folder and below; a file that cannot be read costs that file; one row per hand
    and seat, the stacks as the file records them."""
    pq = pytest.importorskip("pyarrow.parquet")
    folder = tmp_path / "histories"
    (folder / "2024").mkdir(parents=True)
    shutil.copy(DATA / "pokerstars_cash_holdem.txt", folder / "a.txt")
    shutil.copy(DATA / "pokerstars_omaha.txt", folder / "2024" / "b.txt")
    (folder / "notes.md").write_text("not a hand history")
    (folder / "junk.txt").write_text("nothing to see\n")
    out = tmp_path / "hands.parquet"
    result = runner.invoke(cli, ["replay", str(folder), "--keep-going", "--out", str(out)])
    assert result.exit_code == 2, result.stderr  # the junk file is reported
    assert "junk.txt: cannot be read: line 1" in result.stderr and "1 files unread" in result.stderr
    hoyle_records = [r for f in ("pokerstars_cash_holdem.txt", "pokerstars_omaha.txt") for r in _records(DATA / f)]
    table = pq.read_table(out).to_pylist()
    assert len(table) == sum(len(r.players) for r in hoyle_records)
    assert {row["hand"] for row in table} == {r.hand_id for r in hoyle_records}
    for r in hoyle_records:  # each seat finishes where the file says (hoyle takes no rake)
        rows = {row["player"]: row for row in table if row["hand"] == r.hand_id}
        expected = r.expected_stacks()
        assert expected is not None
        for i, p in enumerate(r.players):
            if i not in (r.collected or {}):
                assert rows[p]["finish"] == float(expected[i])
        total = sum(rows[p]["finish"] for p in r.players) - float(sum(expected))
        assert total == pytest.approx(float(r.rake or 0))
        assert sorted(row["position"] for row in rows.values()) == list(range(len(r.players)))


def _records(path: Path) -> list[hoyle.handhistory.HandRecord]:
    from hoyle.handhistory import pokerstars

    return pokerstars.records(path.read_text())


def test_out_must_be_parquet(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["replay", str(DATA / "pokerstars_omaha.txt"), "--out", str(tmp_path / "x.csv")])
    assert result.exit_code == 2 and "name a .parquet file" in result.stderr
