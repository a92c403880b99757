"""How often the Pai Gow house way sets a hand the way the best-setting solver does.

    python plugins/hoyle-poker/benches/house_way_agreement.py [hands] [samples] [seed]

Each of ``hands`` random seven-card hands (53-card pack) is set by ``house_way`` and
by ``best_setting`` (``samples`` dealer hands set by the house way, the same sample
for every setting). Prints the fraction of hands where the two agree and the mean
expected cost, in wagers, of the house way's setting where they differ (both scored
on the same sample).
"""

from __future__ import annotations

import sys
import time

from hoyle import Deck, Rng
from hoyle_poker.pai_gow import expected_values, house_way


def main(hands: int = 200, samples: int = 1000, seed: int = 0) -> None:
    rng = Rng(seed, 0xA6)
    pack = list(Deck.standard(1, 1))
    same, cost, start = 0, 0.0, time.perf_counter()
    for i in range(hands):
        rng.shuffle(pack)
        seven = pack[:7]
        scored = expected_values(seven, samples=samples, seed=seed + i)
        best_ev = max(ev for _, ev in scored)
        way = sorted(house_way(seven).low)
        way_ev = next(ev for s, ev in scored if sorted(s.low) == way)
        if way_ev == best_ev:
            same += 1
        else:
            cost += best_ev - way_ev
    took = time.perf_counter() - start
    print(
        f"house way agrees with the solver on {same}/{hands} hands ({same / hands:.1%}); "
        f"mean cost where they differ {cost / max(1, hands - same):.4f} wagers "
        f"({cost / hands:.4f} a hand); {samples} dealer hands each; {took:.1f} s"
    )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:4]))
