"""Rummy's ``known`` planes: the cards an opponent took face up (the up-card, the discard
pile) and still holds, written from the rules (rigged deals), so that positions that
differ only in which card the opponent took give the watcher different observations."""

from __future__ import annotations

import re
from collections import Counter

import hoyle
import hoyle.rl
import numpy as np
import pytest
from hoyle import Card
from hoyle.rl.kernel import KernelTable, new_table
from hoyle.rl.table import Table
from hoyle.testing import rigged_deck
from rl_cases import players_of, short_options

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


def _seen_taken(game: hoyle.Game, watcher: int, owner: int) -> Counter[str]:
    """The cards ``watcher``'s view of the event log shows moved from a face-up zone of
    nobody's into one of ``owner``'s zones (the view's own words, not the encoder's)."""
    zones = game.state.zones
    taken: Counter[str] = Counter()
    for e in game.view(watcher)["events"]:
        source, dest = zones.get(e.get("from", "")), zones.get(e.get("to", ""))
        face_up = source is not None and source.owner is None and source.visibility == "public"
        if e.get("cards") and face_up and dest is not None and dest.owner == owner:
            taken.update(re.sub(r"#\d+", "", c) for c in e["cards"])
    return taken


def _holdings(game: hoyle.Game, watcher: int, owner: int) -> Counter[str]:
    """Where a card ``owner`` took may be now, unseen by ``watcher``: ``owner``'s zones the
    watcher does not see, and the face-down zones (gin's knock card)."""
    cards: Counter[str] = Counter()
    for zone in game.state.zones.values():
        mine = zone.owner == owner and not zone.visible_to(watcher)
        if mine or (zone.owner is None and zone.visibility == "hidden" and zone.name not in ("deck", "stock")):
            cards.update(str(Card.from_index(c.index)) for c in zone.cards)
    return cards


def _known_counts(obs: np.ndarray, enc: hoyle.rl.Encoding, r: int) -> Counter[str]:
    at = enc.layout.offsets["known"] + 53 * r
    plane = obs[at : at + 52]
    return Counter({str(Card.from_index(int(i))): int(plane[i]) for i in np.flatnonzero(plane)})


@pytest.mark.parametrize(
    ("variant", "compiled"),
    [("gin-rummy", False), ("gin-rummy", True), ("500-rum", False), ("contract-rummy", False)],
)
def test_the_known_plane_holds_only_cards_the_watcher_saw_taken_and_the_owner_still_holds(
    variant: str, compiled: bool
) -> None:
    """Along random play: every card in a seat's known plane of another seat was shown
    taken face up by that seat in the watcher's view, and is still in that seat's
    hidden hand (or face down); in gin (one pack) it is off the discard pile plane."""
    enc = hoyle.rl.encoding(variant, players_of(variant), short_options(variant))
    nonempty = 0
    for seed in range(12):
        table = new_table(enc, seed, compiled=compiled)
        assert (type(table).__name__ == "GinTable") == compiled
        rng = np.random.default_rng(seed)
        for _ in range(120):
            if table.over:
                break
            table.step(int(rng.choice(sorted(table.slots()))))
            nonempty += _check_known(table, enc)
    assert nonempty > 50  # the property was not checked on empty planes only


def _check_known(table: Table | KernelTable, enc: hoyle.rl.Encoding) -> int:
    """Check every seat's known planes of the others; how many were not empty."""
    game, n, nonempty = table.game, enc.players, 0
    for watcher in range(n):
        obs = table.observe(watcher)
        pile = obs[enc.layout.offsets["cards[discard]"] :][:52]
        for r in range(1, n):
            owner = (watcher + r) % n
            known = _known_counts(obs, enc, r)
            nonempty += bool(known)
            assert not known - _seen_taken(game, watcher, owner), (watcher, owner, known)
            assert not known - _holdings(game, watcher, owner), (watcher, owner, known)
            if enc.variant == "gin-rummy":
                assert not any(pile[Card(c).index] for c in known), (watcher, owner, known)
    return nonempty
