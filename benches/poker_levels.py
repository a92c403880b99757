"""The poker bot's levels against each other, heads-up: no-limit Texas hold'em by default.

Each deal (game seed ``seed * 1_000_003 + i``, one hand, both players 100 big blinds
deep, blinds 1/2; ``--game`` picks another of :data:`GAMES`: fixed-limit hold'em,
pot-limit Omaha, short-deck, seven-card stud and razz with ante 1, bring-in 1, bets 2/4
and 200 chips, five-card draw, fixed-limit deuce-to-seven triple draw) is played twice on the same shuffle with the seats swapped, so each level holds
both hands of the deal in both positions. The result is the chips (and big
blinds) per hand to the first level, with a 95 % interval: 1.96 standard errors over
the deals, each deal's two hands summed (the pairing removes most of the luck of the
cards).

Run (one core; ``hard`` thinks a few milliseconds a move)::

    python benches/poker_levels.py hard medium --deals 2000 --seed 1
    python benches/poker_levels.py medium easy --deals 2000 --seed 1
    python benches/poker_levels.py hard easy --deals 2000 --seed 1
    python benches/poker_levels.py hard medium --deals 500 --seed 1 --game stud
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence

import hoyle
from hoyle_poker.bots import PokerBot

LEVELS = ("easy", "medium", "hard", "random")
OPTIONS = {"small_blind": 1, "big_blind": 2, "stack": 200, "hands": 1}
#: ``--game`` choices: the variant and its options.
GAMES = {
    "nlhe": ("texas-holdem", OPTIONS),
    "flhe": ("texas-holdem", {**OPTIONS, "structure": "fixed-limit"}),
    "plo": ("omaha", {**OPTIONS, "structure": "pot-limit"}),
    "short-deck": ("short-deck-holdem", OPTIONS),
    "stud": ("seven-card-stud", {"stack": 200, "hands": 1}),
    "razz": ("razz", {"stack": 200, "hands": 1}),
    "draw": ("five-card-draw", OPTIONS),
    "27td": ("deuce-to-seven-triple-draw", OPTIONS),
}


def _bot(level: str, seed: int) -> hoyle.Bot:
    return hoyle.make_bot("random", seed=seed) if level == "random" else PokerBot(seed=seed, level=level)


def play(first: str, second: str, deal_seed: int, first_seat: int, bot_seed: int, game_name: str = "nlhe") -> int:
    """One hand; the chips won by the ``first`` level (negative: lost)."""
    variant, options = GAMES[game_name]
    game = hoyle.new_game(variant, players=2, seed=deal_seed, options=options)
    levels = [second, second]
    levels[first_seat] = first
    bots = [_bot(levels[s], bot_seed + s) for s in (0, 1)]
    while not game.is_over:
        s = game.to_act
        assert s is not None
        game.act(bots[s].choose(game.view(s), game.legal_actions(s)), seat=s)
    return int(game.result["settlement"][first_seat])


def match(first: str, second: str, deals: int, seed: int, game: str = "nlhe") -> dict[str, float]:
    """``deals`` shuffles, each played with ``first`` in both seats."""
    pairs = [
        sum(play(first, second, seed * 1_000_003 + i, seat, seed * 7919 + 2 * i, game) for seat in (0, 1))
        for i in range(deals)
    ]
    mean = sum(pairs) / deals
    sd = math.sqrt(sum((x - mean) ** 2 for x in pairs) / max(1, deals - 1))
    per_hand, ci = mean / 2, 1.96 * sd / math.sqrt(deals) / 2
    big_blind = OPTIONS["big_blind"]
    return {"hands": 2 * deals, "chips_per_hand": per_hand, "ci95": ci, "bb_per_100": 100 * per_hand / big_blind,
            "bb_per_100_ci95": 100 * ci / big_blind}  # fmt: skip


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("first", choices=LEVELS)
    ap.add_argument("second", choices=LEVELS)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", choices=GAMES, default="nlhe")
    args = ap.parse_args(argv)
    r = match(args.first, args.second, args.deals, args.seed, args.game)
    print(
        f"{args.game}: poker:{args.first} vs poker:{args.second}, {r['hands']:.0f} hands "
        f"({args.deals} deals x both seats, seed {args.seed}): "
        f"{r['chips_per_hand']:+.2f} chips/hand (95% +-{r['ci95']:.2f}) = "
        f"{r['bb_per_100']:+.1f} bb/100 (+-{r['bb_per_100_ci95']:.1f}; stud: 2-chip small bets)"
    )


if __name__ == "__main__":
    sys.exit(main())
