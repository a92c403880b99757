"""Rummy's ``known`` planes: the cards an opponent took face up (the up-card, the discard
pile) and still holds, written from the rules (rigged deals), so that positions that
differ only in which card the opponent took give the watcher different observations."""

from __future__ import annotations

import hoyle
import hoyle.rl
import numpy as np
from hoyle import Card
from hoyle.rl.table import Table
from hoyle.testing import rigged_deck

OPTS = {"deals": 1, "first_dealer": 1}  # seat 1 deals: seat 0 is offered the up-card first
ENC = hoyle.rl.encoding("gin-rummy", options=OPTS)
HANDS = {0: "2c 3c 4c 5d 6d 7d 9h 9s 9d Kc", 1: "Ah 2h 3d 5s 7c 8h Jd Qs Ks Th"}


def gin(up: str, stock: str = "8d 4h", compiled: bool = False) -> Table:
    deck = rigged_deck("gin-rummy", hands=HANDS, up_card=up, stock=stock, options=OPTS)
    game = hoyle.new_game("gin-rummy", deck=deck, options=OPTS)
    if compiled:
        from hoyle.rl.kernel import kernel_maker

        maker = kernel_maker(ENC)
        assert maker is not None
        return maker(game)  # type: ignore[return-value]
    return Table(ENC, game)


def play(table: Table, moves: list[str]) -> Table:
    for move in moves:
        table.step(ENC.catalogue.names.index(move))
    return table


def known(table: Table, seat: int, enc: hoyle.rl.Encoding = ENC, of: int = 1) -> set[str]:
    """The cards ``seat`` sees as known in the hand of the seat ``of`` places after it."""
    at = enc.layout.offsets["known"] + 53 * of
    plane = table.observe(seat)[at : at + 52]
    return {str(Card.from_index(int(i))) for i in np.flatnonzero(plane)}


def test_the_up_card_taken_is_known_to_the_other_seat_until_discarded() -> None:
    # seat 0 passes, seat 1 takes the up-card Qc: seat 0 knows seat 1 holds it
    table = play(gin("Qc"), ["pass", "draw discard"])
    assert known(table, 0) == {"Qc"}
    assert known(table, 1, of=0) == {"Qc"}  # seat 1 knows that seat 0 knows it
    assert known(table, 0, of=0) == known(table, 1) == set()
    play(table, ["discard Jd"])
    assert known(table, 0) == {"Qc"}
    play(table, ["draw stock", "discard 8d", "draw stock", "discard Qc"])  # seat 1 draws 4h, lets Qc go
    assert known(table, 0) == known(table, 1, of=0) == set()


def test_which_card_was_taken_changes_the_watchers_observation() -> None:
    """The same moves, another up-card: the watcher's view names the card taken, and so
    must its observation (the hand plane cannot: the card is in a hidden hand)."""
    a = play(gin("Qc"), ["pass", "draw discard", "discard Jd"])
    b = play(gin("Kd"), ["pass", "draw discard", "discard Jd"])
    oa, ob = a.observe(0), b.observe(0)
    at = ENC.layout.offsets["known"]
    without = np.r_[0:at, at + 2 * 53 : ENC.observation_size]
    # the discard pile differs by nothing after the draw, the known plane by the card
    assert np.array_equal(oa[without], ob[without])
    assert not np.array_equal(oa, ob)


def test_a_card_drawn_from_the_stock_is_not_known() -> None:
    table = play(gin("Qc"), ["pass", "pass", "draw stock"])
    assert known(table, 1) == set()


def test_the_compiled_table_writes_the_same_known_plane() -> None:
    moves = ["pass", "draw discard", "discard Jd", "draw discard", "discard 2c", "draw discard"]
    py, kernel = gin("Qc"), gin("Qc", compiled=True)
    assert type(kernel).__name__ == "GinTable"
    for move in moves:
        play(py, [move])
        play(kernel, [move])
        for seat in (0, 1):
            assert np.array_equal(py.observe(seat), kernel.observe(seat))
    assert known(kernel, 0) == known(kernel, 1, of=0) == {"Qc", "2c"}
    assert known(kernel, 1) == known(kernel, 0, of=0) == {"Jd"}


def test_500_rum_taking_below_the_top_makes_every_card_taken_known() -> None:
    """500 Rum: a player takes a card deep in the pile with every card above it."""
    enc = hoyle.rl.encoding("500-rum")
    for seed in range(40):
        table = Table.new(enc, seed)
        rng = np.random.default_rng(seed)
        for _ in range(200):
            if table.over:
                break
            seat = table.seat
            slots = sorted(table.slots())
            deep = [s for s in slots if enc.catalogue.names[s].startswith("draw discard")]
            pile = list(table.game.state.zones["discard"].cards)
            pick = next((s for s in deep if len(pile) >= 3 and table.slots()[s].cards[0] == pile[-3]), None)
            if pick is None:
                table.step(int(rng.choice(slots)))
                continue
            table.step(pick)
            assert seat is not None
            watcher = (seat + 1) % enc.players
            assert {str(c) for c in pile[-3:]} <= known(table, watcher, enc)
            return
    raise AssertionError("no deep take in 40 games")
