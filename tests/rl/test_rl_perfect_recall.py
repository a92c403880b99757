"""Perfect recall as a property (docs/rl.md, "What an observation keeps"): a seat's
observation is a function of its information - its view of the event log - and
determines it, up to the abstractions docs/rl.md lists (``ABSTRACTIONS`` below, one
normalisation each). Checked on position pairs built two ways, for every variant:

* *lines*: one deal, several random action lines: the same cards reached by other
  actions (hold'em's "raise, call" against "call, raise, call");
* *twins*: one deal and a copy with two cards the seat does not hold swapped, the same
  action texts replayed (gin's up-card taken: which card it was).

A pair whose information differs must give different observations; a pair whose
information is the same, the same observation and mask."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import hoyle
import hoyle.rl
import pytest
from hoyle.rl.table import Table
from rl_cases import VARIANTS, players_of, short_options

#: The documented abstractions (docs/rl.md): what the observation does not keep.
ABSTRACTIONS = {
    "arrival": "cards that reached a zone from a face-down zone (dealt, drawn from the stock): "
    "which cards reached each zone is kept, not on which turn nor in which order",
}


def information(game: hoyle.Game, seat: int) -> str:
    """``seat``'s information: its view of the event log, normalised by ``ABSTRACTIONS``."""
    hidden = {name for name, zone in game.state.zones.items() if zone.visibility == "hidden"}
    hidden |= {"deck", "stock"}  # a zone emptied and gone still hid its cards
    arrived: Counter[tuple[str, str]] = Counter()
    out: list[Any] = []
    for event in game.view(seat)["events"]:
        event = dict(event)
        if event.get("from") in hidden and event.get("cards") is not None:
            cards = event.pop("cards")
            for card in cards:
                arrived[(str(event.get("to")), card)] += 1
            event["count"] = len(cards)  # when, and how many: the cards are listed below
        out.append(sorted(event.items()))
    out.append(sorted(arrived.items()))
    return json.dumps(out, default=str)


def positions_of_lines(enc: hoyle.rl.Encoding, deals: int = 3, per_deal: int = 8, steps: int = 40):  # type: ignore[no-untyped-def]
    """Every seat's (information, observation, mask) along random lines of a few deals."""
    for deal in range(deals):
        for line in range(per_deal):
            table, rng = Table.new(enc, deal), random.Random(1000 * deal + line)
            for _ in range(steps):
                if table.over:
                    break
                yield from snapshot(table, enc)
                table.step(rng.choice(sorted(table.slots())))


def snapshot(table: Table, enc: hoyle.rl.Encoding):  # type: ignore[no-untyped-def]
    for seat in range(enc.players):
        mask = table.mask().tobytes() if table.seat == seat else b""
        yield seat, information(table.game, seat), table.observe(seat).tobytes(), mask


def swapped(game: hoyle.Game, seat: int, rng: random.Random) -> hoyle.Game:
    """A copy of ``game`` with two cards not in ``seat``'s own zones swapped."""
    other = game.clone()
    spots = [(z, i) for z in other.state.zones.values() if z.owner != seat for i in range(len(z.cards))]
    (za, ia), (zb, ib) = rng.sample(spots, 2)
    za.cards[ia], zb.cards[ib] = zb.cards[ib], za.cards[ia]
    return other


def twin_pairs(enc: hoyle.rl.Encoding, deals: int = 3, twins: int = 6, steps: int = 40):  # type: ignore[no-untyped-def]
    """(seat, position A, position B) along one random line replayed on swapped twins."""
    for deal in range(deals):
        rng = random.Random(deal)
        table, line = Table.new(enc, deal), []
        for _ in range(steps):
            if table.over:
                break
            slot = rng.choice(sorted(table.slots()))
            line.append(str(table.slots()[slot]))
            table.step(slot)
        for k in range(twins):
            seat = k % enc.players
            a = Table.new(enc, deal)
            b = Table(enc, swapped(a.game, seat, rng))
            for text in line:
                yield seat, next(snapshot_of(a, seat)), next(snapshot_of(b, seat))
                if a.over or b.over:
                    break
                sa = next((s for s, act in a.slots().items() if str(act) == text), None)
                sb = next((s for s, act in b.slots().items() if str(act) == text), None)
                if sa is None or sb is None:
                    break
                a.step(sa)
                b.step(sb)


def snapshot_of(table: Table, seat: int):  # type: ignore[no-untyped-def]
    mask = table.mask().tobytes() if table.seat == seat else b""
    yield information(table.game, seat), table.observe(seat).tobytes(), mask


def check(pairs: list[tuple[int, tuple[str, bytes, bytes], tuple[str, bytes, bytes]]]) -> list[str]:
    wrong = []
    for seat, (ia, oa, ma), (ib, ob, mb) in pairs:
        if ia == ib and (oa != ob or ma != mb):
            wrong.append(f"seat {seat}: the same information, another observation or mask")
        if ia != ib and oa == ob:
            wrong.append(f"seat {seat}: other information, the same observation\n{_first_difference(ia, ib)}")
    return wrong


def _first_difference(a: str, b: str) -> str:
    ea, eb = json.loads(a), json.loads(b)
    for x, y in zip(ea, eb):
        if x != y:
            return f"  {x}\n  {y}"
    return f"  lengths {len(ea)} and {len(eb)}"


def encoding_of(variant: str, **kw: Any) -> hoyle.rl.Encoding:
    return hoyle.rl.encoding(variant, players_of(variant), short_options(variant), **kw)


@pytest.mark.parametrize("variant", VARIANTS)
def test_lines_of_one_deal(variant: str) -> None:
    enc = encoding_of(variant)
    seen: dict[tuple[int, str], tuple[int, str, bytes, bytes]] = {}
    by_obs: dict[tuple[int, bytes], tuple[int, str, bytes, bytes]] = {}
    pairs = []
    for position in positions_of_lines(enc):
        seat, info, obs, mask = position
        for index, key in ((seen, (seat, info)), (by_obs, (seat, obs))):
            first = index.setdefault(key, position)  # type: ignore[attr-defined]
            if first is not position:
                pairs.append((seat, first[1:], position[1:]))
    wrong = check(pairs)
    assert not wrong, f"{len(wrong)} pairs, e.g. {wrong[0]}"


@pytest.mark.parametrize("variant", VARIANTS)
def test_twin_deals(variant: str) -> None:
    wrong = check(list(twin_pairs(encoding_of(variant))))
    assert not wrong, f"{len(wrong)} pairs, e.g. {wrong[0]}"


@pytest.mark.parametrize(
    ("variant", "omit", "pairs"),
    [("texas-holdem", "action_sequence", "lines"), ("gin-rummy", "known", "twins")],
)
def test_the_property_fails_without_the_fields_that_keep_it(variant: str, omit: str, pairs: str) -> None:
    """The observation without the field added for it loses what the issue found lost."""
    enc = encoding_of(variant, omit=[omit])
    if pairs == "twins":
        found = check(list(twin_pairs(enc)))
    else:
        index: dict[tuple[int, bytes], Any] = {}
        found = []
        for seat, info, obs, mask in positions_of_lines(enc):
            first = index.setdefault((seat, obs), info)
            if first != info:
                found.append(seat)
    assert found
