"""The knock search as it was written in Python (over the Rust lay-off search), kept as
the independent model ``hoyle.rummy.best_knock`` and ``knock_spreads`` are checked
against (tests/test_gin_knock.py) and timed against (benches/test_bench_gin_knock.py).

The knocker's result of a spread with deadwood ``k``, against a defender left with
``d`` after the best lay-offs and melds (``hoyle.rummy.lay_off``): ``d - k`` when the
knocker wins, ``-(k - d + undercut bonus)`` when undercut. The best spread has the
highest result; ties go to the least knocker deadwood, then to the search's
least-deadwood arrangement (``hoyle.rummy.best_melds``), then to the earlier spread in
the order of :func:`knock_spreads`.

    >>> from hoyle import Card, rummy
    >>> hand = [Card(c) for c in "5c 6c 7c 5d 6d 7d 5h 6h 7h Kc".split()]
    >>> len(knock_spreads(hand, rummy.MeldRules.gin(), limit=10)) > 2
    True
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle import Card, rummy


def knock_spreads(hand: Sequence[Card], rules: rummy.MeldRules, limit: int) -> list[list[rummy.Meld]]:
    """Every distinct spread of ``hand``: sets of disjoint melds leaving deadwood of at
    most ``limit``, in the order of a depth-first walk over ``hoyle.rummy.all_melds``."""
    melds = rummy.all_melds(list(hand), rules)
    total = sum(rules.value(c) for c in hand)
    values = [sum(rules.value(c) for c in m.cards) for m in melds]
    spreads: list[list[rummy.Meld]] = []
    seen: set[frozenset[frozenset[Card]]] = set()

    def walk(start: int, used: frozenset[Card], chosen: list[int], melded: int) -> None:
        if total - melded <= limit:
            key = frozenset(frozenset(melds[i].cards) for i in chosen)
            if key not in seen:
                seen.add(key)
                spreads.append([melds[i] for i in chosen])
        for i in range(start, len(melds)):
            cards = frozenset(melds[i].cards)
            if not cards & used:
                walk(i + 1, used | cards, [*chosen, i], melded + values[i])

    walk(0, frozenset(), [], 0)
    return spreads


def knocker_result(knocker_deadwood: int, defender_deadwood: int, undercut_bonus: int) -> int:
    """What the knocker scores (negative: what the defender scores) for these counts."""
    if defender_deadwood > knocker_deadwood:
        return defender_deadwood - knocker_deadwood
    return -(knocker_deadwood - defender_deadwood + undercut_bonus)


def best_spread(
    hand: Sequence[Card], defender: Sequence[Card], rules: rummy.MeldRules, limit: int, undercut_bonus: int
) -> tuple[list[rummy.Meld], rummy.Arrangement]:
    """The knocker's best spread (see the module docs) and the defender's best answer to
    it (lay-offs and melds). Gin (no deadwood) is spread as ``best_melds``: nothing may
    be laid off on it."""
    cards = list(hand)
    d_hand = list(defender)
    least = rummy.best_melds(cards, rules)
    first = list(least.melds)
    if least.deadwood_value == 0:
        return first, rummy.best_melds(d_hand, rules)
    answer = rummy.lay_off(d_hand, [list(m.cards) for m in first], rules)
    no_lay_off = rummy.deadwood(d_hand, rules)
    if answer.deadwood_value >= no_lay_off:
        return first, answer  # nothing to gain: no spread can leave the defender less
    total = sum(rules.value(c) for c in cards)

    def deadwood_of(spread: list[rummy.Meld]) -> int:
        return total - sum(rules.value(c) for m in spread for c in m.cards)

    best_key = (knocker_result(least.deadwood_value, answer.deadwood_value, undercut_bonus), -least.deadwood_value)
    best = (first, answer)
    for spread in knock_spreads(cards, rules, limit):
        k = deadwood_of(spread)
        # the most this spread could give: the defender laying nothing off
        if (knocker_result(k, no_lay_off, undercut_bonus), -k) <= best_key:
            continue
        reply = rummy.lay_off(d_hand, [list(m.cards) for m in spread], rules)
        key = (knocker_result(k, reply.deadwood_value, undercut_bonus), -k)
        if key > best_key:
            best_key, best = key, (spread, reply)
    return best
