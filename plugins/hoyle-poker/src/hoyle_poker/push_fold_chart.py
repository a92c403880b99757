"""A heads-up push/fold chart solved by hoyle itself (the hard poker bot's short-stack mode).

The game: heads-up no-limit hold'em, both players ``depth`` big blinds deep before the
blinds (small blind 0.5, big blind 1, no ante). The small blind pushes all-in or folds;
the big blind calls or folds. :func:`solve` finds the ranges by alternating best
responses over the 169 hand classes, starting from "push everything":

1. the big blind calls with every class whose all-in equity against the pushing range
   (:func:`hoyle.poker.equity`, Monte Carlo, ``samples`` boards, seed 0) is at least the
   price ``(depth - 1) / (2 * depth)``;
2. the small blind pushes every class whose chip EV of pushing against that calling
   range (:func:`hoyle.poker.push_fold`, the same samples and seed, one combo of the class)
   beats folding;

until the pushing range repeats (or ``rounds``). :data:`CHART` holds the result for 2 to
15 big blinds, written by ``python -m hoyle_poker.push_fold_chart`` (about a minute on
one core); a test re-solves one depth and compares.

    >>> push, call = CHART[10]
    >>> ev.Range(push).weight("As Ad"), ev.Range(call).weight("7c 2d")
    (1.0, 0.0)
    >>> chart_depth(7.6), chart_depth(40)
    (8, 15)
"""

from __future__ import annotations

from hoyle import poker as ev

#: Depths (big blinds) the chart holds.
DEPTHS = range(2, 16)

RANKS = "AKQJT98765432"


def hand_classes() -> list[str]:
    """The 169 hold'em starting-hand classes: pairs, suited, offsuit.

    >>> classes = hand_classes()
    >>> len(classes), classes[:3], classes[-1]
    (169, ['AA', 'AKs', 'AKo'], '22')
    """
    out = []
    for i, high in enumerate(RANKS):
        out.append(high * 2)
        for low in RANKS[i + 1 :]:
            out += [f"{high}{low}s", f"{high}{low}o"]
    return out


def _combo(cls: str) -> str:
    """One combo of a class: ``AKs`` -> ``As Ks``, ``AKo`` -> ``As Kh``, ``TT`` -> ``Ts Th``."""
    second = "s" if cls.endswith("s") else "h"
    return f"{cls[0]}s {cls[1]}{second}"


def _weighted(weights: dict[str, float]) -> ev.Range:
    return ev.Range(",".join(f"{c}:{w:.4f}" for c, w in weights.items() if w > 0) or "AA:0")


def _calls(pushing: ev.Range, depth: int, samples: int) -> set[str]:
    price = (depth - 1) / (2 * depth)
    return {
        c
        for c in hand_classes()
        if ev.equity([c, pushing], samples=samples, seed=0, exact=False, threads=1).equity[0] >= price
    }


def _pushes(calling: ev.Range, depth: int, samples: int) -> set[str]:
    if calling.size == 0:
        return set(hand_classes())
    out = set()
    for c in hand_classes():
        d = ev.push_fold(
            _combo(c), [depth, depth], [1, 0], [calling], small_blind=0.5, big_blind=1,
            samples=samples, seed=0, exact=False, threads=1,
        )  # fmt: skip
        if d.chips_push > d.chips_fold:
            out.add(c)
    return out


def _average(weights: dict[str, float], best: set[str], rounds: int) -> None:
    for c, w in weights.items():
        weights[c] = w + ((c in best) - w) / (rounds + 1)


def solve(depth: int, samples: int = 3000, rounds: int = 12) -> tuple[str, str]:
    """The pushing and calling ranges (range text) at ``depth`` big blinds (see the module doc).

    >>> push, call = solve(3, samples=300, rounds=2)
    >>> ev.Range(push).percent > 60 and ev.Range(call).percent > 60   # three big blinds: most hands
    True
    """
    pushing = dict.fromkeys(hand_classes(), 1.0)
    calling = dict.fromkeys(hand_classes(), 0.0)
    for t in range(1, rounds + 1):
        _average(calling, _calls(_weighted(pushing), depth, samples), t - 1)
        _average(pushing, _pushes(_weighted(calling), depth, samples), t)
    final = [",".join(c for c, w in side.items() if w >= 0.5) or "AA:0" for side in (pushing, calling)]
    return str(ev.Range(final[0])), str(ev.Range(final[1]))


def chart_depth(big_blinds: float) -> int:
    """The chart's depth nearest ``big_blinds``, within :data:`DEPTHS`."""
    return max(DEPTHS[0], min(DEPTHS[-1], round(big_blinds)))


#: ``CHART[depth] = (pushing, calling)`` as range text, written by :func:`main`.
CHART: dict[int, tuple[str, str]] = {
    2: (
        "22+,A2s+,K2s+,Q2s+,J2s+,T2s+,92s+,82s+,72s+,62s+,52s+,43s,32s,A2o+,K2o+,Q2o+,J2o+,T2o+,92o+,85o+,74o+,64o+,54o",
        "22+,A2s+,K2s+,Q2s+,J2s+,T2s+,92s+,82s+,72s+,62s+,52s+,42s+,32s,A2o+,K2o+,Q2o+,J2o+,T2o+,92o+,82o+,72o+,62o+,52o+,42o+,32o",
    ),
    3: (
        "22+,A2s+,K2s+,Q2s+,J2s+,T2s+,92s+,84s+,74s+,64s+,A2o+,K2o+,Q2o+,J2o+,T3o+,95o+,86o+,76o",
        "22+,A2s+,K2s+,Q2s+,J2s+,T2s+,92s+,82s+,72s+,62s+,52s+,42s+,32s,A2o+,K2o+,Q2o+,J2o+,T2o+,92o+,84o+,82o,74o+,63o+,52o+,43o",
    ),
    4: (
        "22+,A2s+,K2s+,Q2s+,J2s+,T2s+,95s+,85s+,75s+,65s,54s,A2o+,K2o+,Q2o+,J2o+,T5o+,96o+,86o+",
        "22+,A2s+,K2s+,Q2s+,J2s+,T2s+,92s+,84s+,74s+,64s+,53s+,A2o+,K2o+,Q2o+,J2o+,T4o+,96o+,86o+,76o",
    ),
    5: (
        "22+,A2s+,K2s+,Q2s+,J2s+,T3s+,95s+,85s+,75s+,65s,54s,A2o+,K2o+,Q2o+,J4o+,T6o+,97o+,87o",
        "22+,A2s+,K2s+,Q2s+,J2s+,T5s+,T3s,95s+,86s+,75s+,65s,A2o+,K2o+,Q2o+,J5o+,T7o+,97o+",
    ),
    6: (
        "22+,A2s+,K2s+,Q2s+,J2s+,T4s+,96s+,85s+,75s+,65s,54s,A2o+,K2o+,Q2o+,J5o+,T7o+,97o+,87o",
        "22+,A2s+,K2s+,Q2s+,J4s+,T6s+,97s+,87s,A2o+,K2o+,Q4o+,J7o+,T8o+,98o",
    ),
    7: (
        "22+,A2s+,K2s+,Q2s+,J3s+,T5s+,96s+,86s+,75s+,65s,54s,A2o+,K2o+,Q3o+,J7o+,T8o+,98o",
        "22+,A2s+,K2s+,Q2s+,J5s+,T7s+,98s,A2o+,K2o+,Q7o+,J8o+,T9o",
    ),
    8: (
        "22+,A2s+,K2s+,Q2s+,J4s+,T6s+,96s+,86s+,76s,65s,54s,A2o+,K2o+,Q5o+,J8o+,T8o+,98o",
        "22+,A2s+,K2s+,Q4s+,J7s+,T8s+,A2o+,K2o+,Q8o+,J9o+",
    ),
    9: (
        "22+,A2s+,K2s+,Q2s+,J5s+,T6s+,96s+,85s+,76s,54s,A2o+,K2o+,Q6o+,J8o+,T8o+",
        "22+,A2s+,K2s+,Q5s+,J8s+,T8s+,A2o+,K5o+,Q8o+,JTo",
    ),
    10: (
        "22+,A2s+,K2s+,Q2s+,J7s+,T7s+,96s+,86s+,76s,A2o+,K2o+,Q6o+,J9o+,T9o",
        "22+,A2s+,K2s+,Q7s+,J9s+,T9s,A2o+,K5o+,Q9o+,JTo",
    ),
    11: (
        "22+,A2s+,K2s+,Q3s+,J7s+,T7s+,97s+,87s,76s,A2o+,K2o+,Q8o+,J9o+,T9o",
        "22+,A2s+,K2s+,Q8s+,J9s+,T9s,A2o+,K5o+,Q9o+,JTo",
    ),
    12: (
        "22+,A2s+,K2s+,Q4s+,J7s+,T8s+,98s,76s,A2o+,K2o+,Q8o+,J9o+,T9o",
        "22+,A2s+,K3s+,Q8s+,JTs,T9s,A2o+,K7o+,QTo+",
    ),
    13: (
        "22+,A2s+,K2s+,Q5s+,J7s+,T8s+,98s,A2o+,K4o+,Q8o+,J9o+",
        "22+,A2s+,K5s+,Q9s+,JTs,A2o+,K8o+,QTo+",
    ),
    14: (
        "22+,A2s+,K2s+,Q6s+,J8s+,T8s+,A2o+,K4o+,Q9o+,JTo",
        "22+,A2s+,K5s+,Q9s+,JTs,A2o+,K8o+,QTo+",
    ),
    15: (
        "22+,A2s+,K2s+,Q6s+,J8s+,T9s,98s,A2o+,K5o+,Q9o+,JTo",
        "22+,A2s+,K6s+,Q9s+,JTs,A2o+,K9o+,QTo+",
    ),
}


def main() -> None:
    """Print :data:`CHART` as Python source."""
    print("CHART: dict[int, tuple[str, str]] = {")
    for depth in DEPTHS:
        push, call = solve(depth)
        print(f"    {depth}: (\n        {push!r},\n        {call!r},\n    ),", flush=True)
    print("}")


if __name__ == "__main__":
    main()
