"""The search of ``GinBot(level="hard")``: determinized rollouts over the information set,
with a confidence gate around the medium bot's move.

At a draw (``draw stock`` or ``draw discard``) or a discard (``discard X`` / ``knock X``)
with more than one choice, the bot

1. reads from its view what it knows (:func:`knowledge`): its own hand, the discard
   pile, the stock count, and the cards the opponent took from the discard pile this
   deal and still holds (the public event log shows each draw from the pile and each
   discard); every other card is *unseen*;
2. samples a world (:func:`sample_world`): the opponent's hand is the cards it is known
   to hold plus unseen cards drawn at random, the stock is the rest of the unseen cards
   in random order - never a card the seat cannot know, so the chosen move depends
   only on the view, the seed and the budget;
3. plays each candidate move in that world and the rest of the deal by a fast copy of
   the medium bot's rules for both players (:func:`rollout`): take the up-card when it
   lowers the deadwood, discard the card leaving the least (``hoyle.rummy.best_discard``),
   knock as the medium bot does, the deal void at two stock cards; a knock is scored
   with the defender's best lay-offs (``hoyle.rummy.lay_off``), the gin and undercut
   bonuses from the view's options;
4. repeats with fresh worlds until ``simulations`` rollouts are spent (or ``budget_ms``
   has passed, if given). Every candidate is played in the *same* worlds (common random
   numbers: the same opponent hand and the same stock order; the rollout policy draws
   no random numbers of its own, so the world fixes the whole rollout), so the
   difference between two candidates is measured world by world;
5. applies the confidence gate (:func:`gate`): for each candidate the per-world gain
   over the medium bot's own move (the points of the candidate minus the points of the
   medium move, in the same world) is averaged over the worlds, with the standard
   error of that paired mean (the sample standard deviation of the gains over the
   square root of the number of worlds). A candidate other than the medium move is
   played only when its mean gain is above zero *and* above :data:`GATE_Z` (2)
   standard errors; of those the one with the largest mean gain is played. Otherwise
   - most moves, where the rollouts cannot tell the candidates apart - the bot plays
   the medium move. Without the gate the search played the candidate with the best
   raw mean over about 20 noisy worlds, which replaced good heuristic moves by noise
   and measured weaker than medium (docs/bots.md).

The candidates at a discard are the knocks and the ``width`` discards leaving the least
deadwood (a discard leaving more deadwood than that is rarely right and the budget is
better spent on the others).
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hoyle import Action, Card, Rng, rummy

#: The 52 cards of a gin pack.
PACK = tuple(Card(f"{r}{s}") for s in "cdhs" for r in "A23456789TJQK")


@dataclass(frozen=True)
class Knowledge:
    """What a seat knows of a two-player gin deal, from its view."""

    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    stock: int
    opponent: int
    opponent_count: int
    #: Cards the opponent took from the discard pile this deal and has not thrown away.
    opponent_known: tuple[Card, ...]
    #: How many cards the opponent drew from the stock this deal (each time it kept the
    #: better cards: the sampler replays that choice).
    opponent_draws: int
    unseen: tuple[Card, ...]
    knock_limit: int
    gin_bonus: int
    undercut_bonus: int


def knowledge(view: Mapping[str, Any]) -> Knowledge | None:
    """The seat's :class:`Knowledge`, or None where the search does not apply (not a
    two-player table of one pack, or the counts do not add up).

        >>> import hoyle
        >>> k = knowledge(hoyle.new_game("gin-rummy", seed=1).view(0))
        >>> len(k.hand), k.stock, len(k.unseen)   # 52 - 10 - 1 up-card
        (10, 31, 41)
    """
    seat = view["seat"]
    players = view["players"]
    zones = view["zones"]
    if len(players) != 2 or "stock" not in zones or f"hand:{seat}" not in zones:
        return None
    opponent = 1 - int(seat)
    hand = tuple(Card(c) for c in zones[f"hand:{seat}"]["cards"])
    if any(c.copy for c in hand):
        return None
    pile = tuple(Card(c) for c in zones["discard"]["cards"] or ())
    known: list[Card] = []
    draws = 0
    for e in view["events"]:
        if e["type"] == "deal_start":
            known, draws = [], 0
        elif e["type"] == "draw" and e.get("seat") == opponent and e.get("from") == "stock":
            draws += 1
        elif e.get("seat") == opponent and e.get("cards"):
            cards = [Card(c) for c in e["cards"]]
            if e["type"] == "draw" and e.get("from") == "discard":
                known.extend(cards)
            elif e["type"] in ("discard", "knock"):
                known = [c for c in known if c not in cards]
    opponent_count = int(zones[f"hand:{opponent}"]["count"])
    stock = int(zones["stock"]["count"])
    seen = {*hand, *pile, *known}
    unseen = tuple(c for c in PACK if c not in seen)
    if len(unseen) != opponent_count - len(known) + stock:
        return None
    public = view["public"]
    options = view["options"]
    return Knowledge(
        hand=hand,
        pile=pile,
        stock=stock,
        opponent=opponent,
        opponent_count=opponent_count,
        opponent_known=tuple(known),
        opponent_draws=draws,
        unseen=unseen,
        knock_limit=int(public.get("knock_limit", 10)),
        gin_bonus=int(options.get("gin_bonus", 20)),
        undercut_bonus=int(options.get("undercut_bonus", 10)),
    )


def sample_world(k: Knowledge, rng: Rng, meld: rummy.MeldRules | None = None) -> tuple[list[Card], list[Card]]:
    """One world consistent with the knowledge: the opponent's hand and the stock (drawn
    from the end), the unseen cards dealt at random from ``rng``.

    The opponent is not dealt a random hand: it has drawn ``opponent_draws`` cards from
    the stock this deal and each time kept the better cards. The sampler replays that:
    it deals the opponent's unknown cards, then for each of its stock draws one more
    unseen card, and each time drops the card whose loss leaves the least deadwood
    (``hoyle.rummy.best_discard``; the cards it is known to hold stay); the dropped
    cards go back among the unseen, to the stock. Only unseen cards are dealt, so the
    world never holds a card the seat cannot know.

        >>> import hoyle
        >>> k = knowledge(hoyle.new_game("gin-rummy", seed=1).view(0))
        >>> hand, stock = sample_world(k, Rng(1))
        >>> len(hand), len(stock), set(hand + stock) == set(k.unseen)
        (10, 31, True)
    """
    rules = meld or rummy.MeldRules.gin()
    pool = list(k.unseen)
    for i in range(len(pool) - 1, 0, -1):
        j = rng.below(i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    need = k.opponent_count - len(k.opponent_known)
    hand = [*k.opponent_known, *pool[:need]]
    rest = pool[need:]
    dropped: list[Card] = []
    known = set(k.opponent_known)
    for _ in range(min(k.opponent_draws, len(rest))):
        hand.append(rest.pop())
        loose = [c for c in rummy.best_discard(hand, rules).deadwood if c not in known] or [hand[-1]]
        out = max(loose, key=rules.value)
        hand.remove(out)
        dropped.append(out)
    stock = rest + dropped
    for i in range(len(stock) - 1, 0, -1):  # the dropped cards anywhere in the stock
        j = rng.below(i + 1)
        stock[i], stock[j] = stock[j], stock[i]
    return hand, stock


@dataclass
class Rules:
    """The scoring and the rollout policy's thresholds (the medium bot's)."""

    meld: rummy.MeldRules
    knock_limit: int
    gin_bonus: int
    undercut_bonus: int
    early_stock: int = 20
    late_knock: int = 4


def _knocks(dw: int, stock: int, r: Rules) -> bool:
    return dw <= r.knock_limit and (dw == 0 or stock >= r.early_stock or dw <= r.late_knock or stock <= 4)


def knock_score(knocker: list[Card], defender: list[Card], r: Rules) -> int:
    """Points to the knocker (negative: to the defender) when ``knocker`` (ten cards,
    after the knock discard) knocks against ``defender``.

        >>> r = Rules(rummy.MeldRules.gin(), 10, 20, 10)
        >>> knock_score([Card(c) for c in "As 2s 3s 4h 5h 6h 9c 9d 9h Kc".split()],
        ...             [Card(c) for c in "Ks Qs 2c 3c 4d 6d 8d Tc Jh 7s".split()], r)
        60
    """
    arr = rummy.best_melds(knocker, r.meld)
    k = int(arr.deadwood_value)
    if k == 0:
        return int(rummy.deadwood(defender, r.meld)) + r.gin_bonus
    d = int(rummy.lay_off(defender, [list(m.cards) for m in arr.melds], r.meld).deadwood_value)
    if d <= k:
        return -(k - d + r.undercut_bonus)
    return d - k


def rollout(
    hands: list[list[Card]], stock: list[Card], pile: list[Card], turn: int, forbid: Card | None, r: Rules
) -> int:
    """Play the deal out by the medium rules from seat ``turn`` holding eleven cards
    (it must discard; ``forbid``: the card it just took), both seats alike. Returns the
    points to seat 0 (negative: to seat 1); 0 for a void deal. The lists are consumed."""
    while True:
        hand = hands[turn]
        best = rummy.best_discard(hand, r.meld, forbid=forbid)
        dw = int(best.deadwood_value)
        out = best.discard
        assert out is not None
        hand.remove(out)
        if _knocks(dw, len(stock), r):
            points = knock_score(hand, hands[1 - turn], r)
            return points if turn == 0 else -points
        pile.append(out)
        if len(stock) <= 2:
            return 0
        turn = 1 - turn
        hand = hands[turn]
        top = pile[-1]
        after = rummy.best_discard([*hand, top], r.meld, forbid=top).deadwood_value
        if after < rummy.deadwood(hand, r.meld):
            hand.append(pile.pop())
            forbid = top
        else:
            hand.append(stock.pop())
            forbid = None


def _after(action: Action, k: Knowledge, opp: list[Card], stock: list[Card], r: Rules, me: int) -> int:
    """Points to ``me`` of playing ``action`` in the world (opponent hand, stock)."""
    hand = list(k.hand)
    pile = list(k.pile)
    hands: list[list[Card]] = [[], []]
    hands[me], hands[1 - me] = hand, opp
    if action.kind == "draw":
        if action.source == "discard":
            taken = pile.pop()
            hand.append(taken)
            points = rollout(hands, stock, pile, me, taken, r)
        else:
            hand.append(stock.pop())
            points = rollout(hands, stock, pile, me, None, r)
        return points if me == 0 else -points
    card = action.cards[0]
    hand.remove(card)
    if action.kind == "knock":
        return knock_score(hand, opp, r)
    pile.append(card)
    if len(stock) <= 2:
        return 0
    other = 1 - me
    top = card
    after = rummy.best_discard([*opp, top], r.meld, forbid=top).deadwood_value
    if after < rummy.deadwood(opp, r.meld):
        opp.append(pile.pop())
        points = rollout(hands, stock, pile, other, top, r)
    else:
        opp.append(stock.pop())
        points = rollout(hands, stock, pile, other, None, r)
    return points if me == 0 else -points


#: A candidate replaces the medium move only when its mean gain over it is above this
#: many standard errors of the paired difference (and above zero).
GATE_Z = 2.0


@dataclass(frozen=True)
class Verdict:
    """What a search found: the move to play and, for each candidate, its mean points
    per deal and its mean gain over the preferred move with that gain's standard error
    (over ``worlds`` paired worlds)."""

    choice: Action
    worlds: int
    means: dict[Action, float]
    gains: dict[Action, float]
    errors: dict[Action, float]


def paired(
    values: Mapping[Action, Sequence[float]], preferred: Action
) -> tuple[dict[Action, float], dict[Action, float]]:
    """Each candidate's mean per-world gain over ``preferred`` and the standard error of
    that mean (``values[a][w]``: the points of ``a`` in world ``w``; infinite with
    fewer than two worlds).

        >>> a, b = Action("discard", (Card("Kc"),)), Action("discard", (Card("Qc"),))
        >>> gains, errors = paired({a: [0, 0, 0, 0], b: [2, 0, 2, 0]}, a)
        >>> gains[b], round(errors[b], 3), gains[a], errors[a]
        (1.0, 0.577, 0.0, 0.0)
    """
    base = values[preferred]
    n = len(base)
    gains: dict[Action, float] = {}
    errors: dict[Action, float] = {}
    for a, vs in values.items():
        diffs = [v - b for v, b in zip(vs, base, strict=True)]
        mean = sum(diffs) / n
        gains[a] = mean
        errors[a] = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else math.inf
    return gains, errors


def gate(gains: Mapping[Action, float], errors: Mapping[Action, float], preferred: Action) -> Action:
    """The move to play: the candidate with the largest mean gain over ``preferred``
    among those whose gain is above zero and above :data:`GATE_Z` standard errors;
    ``preferred`` when there is none.

        >>> a, b = Action("discard", (Card("Kc"),)), Action("discard", (Card("Qc"),))
        >>> str(gate({a: 0.0, b: 1.0}, {a: 0.0, b: 0.6}, a))   # 1.0 < 2 x 0.6: noise
        'discard Kc'
        >>> str(gate({a: 0.0, b: 1.0}, {a: 0.0, b: 0.4}, a))
        'discard Qc'
    """
    passing = [a for a in gains if a != preferred and gains[a] > 0 and gains[a] > GATE_Z * errors[a]]
    return max(passing, key=lambda a: gains[a]) if passing else preferred


def search(
    view: Mapping[str, Any],
    candidates: Sequence[Action],
    preferred: Action,
    rng: Rng,
    meld: rummy.MeldRules,
    simulations: int,
    budget_ms: float | None = None,
) -> Verdict | None:
    """The move to play after rollouts in paired worlds and the confidence gate (see the
    module doc); None where :func:`knowledge` does not apply. ``preferred`` (the medium
    bot's choice) must be among the ``candidates``.

        >>> view = {"seat": 0, "players": ["a", "b"], "options": {}, "events": [],
        ...         "public": {"knock_limit": 10},
        ...         "zones": {"hand:0": {"cards": "As 2s 3s 4h 5h 6h 9c 9d 9h Kc 2d".split()},
        ...                   "hand:1": {"count": 10}, "stock": {"count": 30},
        ...                   "discard": {"cards": ["Qd"]}}}
        >>> knock, keep = Action("knock", (Card("Kc"),)), Action("discard", (Card("Kc"),))
        >>> v = search(view, [knock, keep], knock, Rng(1), rummy.MeldRules.gin(), 40)
        >>> v.worlds, v.gains[knock]   # 40 rollouts, 2 candidates; no gain over itself
        (20, 0.0)
    """
    k = knowledge(view)
    if k is None or len(candidates) < 2:
        return None
    r = Rules(meld, k.knock_limit, k.gin_bonus, k.undercut_bonus)
    me = int(view["seat"])
    values: dict[Action, list[int]] = {a: [] for a in candidates}
    worlds = 0
    deadline = None if budget_ms is None else time.perf_counter() + budget_ms / 1000
    while worlds == 0 or (worlds + 1) * len(candidates) <= simulations:
        opp, stock = sample_world(k, rng, meld)
        for a in candidates:
            values[a].append(_after(a, k, list(opp), list(stock), r, me))
        worlds += 1
        if deadline is not None and time.perf_counter() > deadline:
            break
    means = {a: sum(vs) / worlds for a, vs in values.items()}
    gains, errors = paired(values, preferred)
    return Verdict(gate(gains, errors, preferred), worlds, means, gains, errors)
