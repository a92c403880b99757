"""hoyle's gin bot against OpenSpiel's ``SimpleGinRummyBot``, one deal per game, in
OpenSpiel's own gin rummy (knock card 10, gin and undercut bonuses 25, the deal void at
the two-card wall unless the player at the wall takes the up-card and knocks).

OpenSpiel referees: it deals (its chance outcomes drawn from a seeded generator) and
scores. At each of hoyle's bot's turns the harness translates OpenSpiel's state into
the view a hoyle gin game gives the seat (its hand, the discard pile, the stock count,
and the public events: which cards each player took from the pile and threw away,
draws from the stock without the card) and OpenSpiel's legal actions into hoyle's
(``draw discard`` / ``draw stock`` / ``pass`` / ``discard X`` / ``knock X``), and
checks that they agree with hoyle's rules: every ``knock X`` hoyle would allow (the ten
cards left have at most 10 deadwood) is legal in OpenSpiel and the reverse. A ``knock
X`` is played in OpenSpiel as knock, discard X, then the melds of the best arrangement
of the ten cards left (``hoyle.rummy.best_melds``); as defender the bot lays off and
melds the arrangement ``hoyle.rummy.lay_off`` finds (hoyle's own engine does both the
same way, except that its knocker spreads the arrangement best against the
defender's lay-offs).

Run (one core; ``hard`` spends about 0.3 s of CPU a deal)::

    python benches/peers/openspiel_gin.py --level medium --deals 2000 --seed 1

Each deal is played twice, hoyle's bot in each seat, on the same shuffle. It prints
the points per deal to hoyle's bot with a 95 % interval, and the share of decided
deals (not void) it won.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import pyspiel  # type: ignore[import-not-found, unused-ignore]
from hoyle import Action, Card, rummy
from hoyle_rummy.bots import GinBot

GR = pyspiel.gin_rummy
UTILS = GR.GinRummyUtils(13, 4, 10)
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK = 52, 53, 54, 55
MELD_BASE = 56
RULES = rummy.MeldRules.gin()
PARAMS = {"gin_bonus": 25, "undercut_bonus": 25, "knock_card": 10}


def card(i: int) -> Card:
    """OpenSpiel's card number as a hoyle card (both write ``As``, ``Td``...)."""
    return Card(UTILS.card_string(i))


def number(c: Card) -> int:
    return int(UTILS.card_int(str(c)))


class Mirror:
    """One OpenSpiel deal, with the public events hoyle's views carry."""

    def __init__(self, game: Any, rng: random.Random) -> None:
        self.state = game.new_initial_state()
        self.rng = rng
        self.events: list[dict[str, Any]] = [{"type": "deal_start", "seat": None}]
        self._chance()

    def _chance(self) -> None:
        while self.state.is_chance_node():
            outcomes = [a for a, _ in self.state.chance_outcomes()]
            self.state.apply_action(outcomes[self.rng.randrange(len(outcomes))])

    def pile(self) -> list[Card]:
        pile = [card(c) for c in self.state.discard_pile()]
        up = self.state.upcard()
        if up is not None and up >= 0 and (not pile or pile[-1] != card(up)):
            pile.append(card(up))
        return pile

    def apply(self, action: int) -> None:
        s = self.state
        p = s.current_player()
        phase = s.current_phase()
        if action == DRAW_UPCARD:
            self.events.append({"type": "draw", "seat": p, "from": "discard", "cards": [str(card(s.upcard()))]})
        elif action == DRAW_STOCK:
            self.events.append({"type": "draw", "seat": p, "from": "stock", "cards": None})
        elif action < 52 and phase in (GR.Phase.DISCARD, GR.Phase.KNOCK):
            self.events.append({"type": "discard", "seat": p, "to": "discard", "cards": [str(card(action))]})
        s.apply_action(action)
        self._chance()

    def view(self, seat: int) -> dict[str, Any]:
        s = self.state
        phase = {GR.Phase.FIRST_UPCARD: "offer", GR.Phase.WALL: "last-chance"}.get(s.current_phase(), "play")
        hands = s.hands()
        return {
            "variant": "gin-rummy",
            "seat": seat,
            "players": ["p0", "p1"],
            "phase": phase,
            "options": {"gin_bonus": PARAMS["gin_bonus"], "undercut_bonus": PARAMS["undercut_bonus"]},
            "public": {"knock_limit": PARAMS["knock_card"], "taken": None},
            "events": list(self.events),
            "zones": {
                f"hand:{seat}": {"cards": [str(card(c)) for c in hands[seat]]},
                f"hand:{1 - seat}": {"count": len(hands[1 - seat]), "cards": None},
                "stock": {"count": s.stock_size()},
                "discard": {"cards": [str(c) for c in self.pile()]},
            },
        }


def hoyle_legal(m: Mirror, seat: int) -> list[Action]:
    """OpenSpiel's legal actions as hoyle's, checked against hoyle's rules."""
    s = m.state
    legal = s.legal_actions()
    hand = [card(c) for c in s.hands()[seat]]
    out: list[Action] = []
    if DRAW_UPCARD in legal:
        out.append(Action("draw", source="discard"))
    if DRAW_STOCK in legal:
        out.append(Action("draw", source="stock"))
    if PASS in legal and s.current_phase() in (GR.Phase.FIRST_UPCARD, GR.Phase.WALL):
        out.append(Action("pass"))
    if s.current_phase() == GR.Phase.WALL and DRAW_UPCARD in legal:
        # hoyle offers the wall card only when it lets the player knock
        up = card(s.upcard())
        if rummy.best_discard([*hand, up], RULES, forbid=up).deadwood_value > PARAMS["knock_card"]:
            out = [a for a in out if a.kind != "draw"]
    discards = [card(a) for a in legal if a < 52]
    out.extend(Action("discard", (c,)) for c in discards)
    knocks = [c for c in discards if rummy.deadwood([h for h in hand if h != c], RULES) <= PARAMS["knock_card"]]
    if (KNOCK in legal) != bool(knocks):
        raise AssertionError(f"knock legal in OpenSpiel: {KNOCK in legal}; hoyle's knocks: {knocks} of {hand}")
    out.extend(Action("knock", (c,)) for c in knocks)
    return out


def _melds(m: Mirror, want: Sequence[Sequence[Card]]) -> None:
    """Lay the melds ``want`` (their meld actions, as OpenSpiel lists them), then pass."""
    left = [frozenset(number(c) for c in meld) for meld in want]
    while True:
        legal = m.state.legal_actions()
        found = next((a for a in legal if a >= MELD_BASE and frozenset(UTILS.int_to_meld[a - MELD_BASE]) in left), None)
        if found is None:
            m.apply(PASS)
            return
        left.remove(frozenset(UTILS.int_to_meld[found - MELD_BASE]))
        m.apply(found)


def hoyle_turn(m: Mirror, bot: GinBot, seat: int) -> None:
    s = m.state
    phase = s.current_phase()
    if phase == GR.Phase.LAYOFF:  # defending a knock: lay off, pass, meld, pass
        hand = [card(c) for c in s.hands()[seat]]
        table = [[card(c) for c in UTILS.int_to_meld[i]] for melds in s.layed_melds() for i in melds]
        arr = rummy.lay_off(hand, table, RULES)
        pending = [number(c) for c, _, _ in arr.layoffs]
        while pending:
            legal = s.legal_actions()
            nxt = next((c for c in pending if c in legal), None)
            if nxt is None:
                break
            pending.remove(nxt)
            m.apply(nxt)
        m.apply(PASS)
        if m.state.current_phase() == GR.Phase.LAYOFF and m.state.current_player() == seat:
            _melds(m, [list(x.cards) for x in arr.melds])
        return
    choice = bot.choose(m.view(seat), hoyle_legal(m, seat))
    if choice.kind == "draw":
        m.apply(DRAW_UPCARD if choice.source == "discard" else DRAW_STOCK)
    elif choice.kind == "pass":
        m.apply(PASS)
    elif choice.kind == "discard":
        m.apply(number(choice.cards[0]))
    else:  # knock X: knock, discard X, spread the best melds of the ten cards left
        m.apply(KNOCK)
        m.apply(number(choice.cards[0]))
        hand = [card(c) for c in m.state.hands()[seat]]
        _melds(m, [list(x.cards) for x in rummy.best_melds(hand, RULES).melds])


def play(level: str, deal_seed: int, hoyle_seat: int, bot_seed: int) -> tuple[float, float]:
    """One deal; returns (points to hoyle's bot, seconds hoyle's bot thought)."""
    game = pyspiel.load_game("gin_rummy", PARAMS)
    m = Mirror(game, random.Random(deal_seed))
    peer = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), 1 - hoyle_seat)
    bot = GinBot(seed=bot_seed, level=level)
    thought = 0.0
    while not m.state.is_terminal():
        p = m.state.current_player()
        if p == hoyle_seat:
            t = time.process_time()
            hoyle_turn(m, bot, p)
            thought += time.process_time() - t
        else:
            m.apply(peer.step(m.state))
    return float(m.state.returns()[hoyle_seat]), thought


def match(level: str, deals: int, seed: int) -> dict[str, float]:
    """``deals`` shuffles, each played with hoyle's bot in both seats."""
    points: list[float] = []
    won = decided = 0
    thought = 0.0
    for i in range(deals):
        for seat in (0, 1):
            p, t = play(level, seed * 1_000_003 + i, seat, seed * 7919 + 2 * i + seat)
            points.append(p)
            thought += t
            if p:
                decided += 1
                won += p > 0
    n = len(points)
    mean = sum(points) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in points) / max(1, n - 1))
    half = 1.96 * sd / math.sqrt(n)
    rate = won / decided if decided else 0.0
    rate_half = 1.96 * math.sqrt(rate * (1 - rate) / decided) if decided else 0.0
    return {
        "games": n,
        "points_per_deal": mean,
        "ci95": half,
        "decided": decided,
        "win_rate_decided": rate,
        "win_rate_ci95": rate_half,
        "cpu_s_per_deal": thought / n,
    }


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="medium", choices=("easy", "medium", "hard"))
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    r = match(args.level, args.deals, args.seed)
    print(
        f"gin:{args.level} vs OpenSpiel SimpleGinRummyBot, {r['games']:.0f} games "
        f"({args.deals} deals x both seats, seed {args.seed}): "
        f"{r['points_per_deal']:+.2f} points/deal (95% +-{r['ci95']:.2f}); "
        f"won {r['win_rate_decided']:.1%} (+-{r['win_rate_ci95']:.1%}) of {r['decided']:.0f} decided deals; "
        f"{r['cpu_s_per_deal'] * 1000:.0f} ms CPU per deal for hoyle's bot"
    )


if __name__ == "__main__":
    sys.exit(main())
