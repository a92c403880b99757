"""The poker bot's ``hard`` level: equity against a range per opponent, pot odds, the
stack-to-pot ratio, sized bets and a push/fold mode for short stacks.

It reads only its view (its hole cards, the board, the stacks, the bets and the events
of the hand: who bet, raised, called or checked on which street). Each decision:

1. **Ranges** (hold'em and short-deck): every opponent starts on every two-card hand
   (weight 1). Each of their actions in this hand multiplies the weight of the combos
   outside the range that takes it by :data:`FLOOR` (so a loose opponent's hands are
   kept, only less likely). Pre-flop the range that takes an action is a top share of
   hands by :meth:`hoyle.poker.Range.top` (the all-in-equity ordering of
   docs/poker-analysis.md): the ``k``-th raise :data:`RAISE_PERCENT` ``[k - 1]``, a call
   facing ``k`` raises :data:`CALL_PERCENT` ``[k]``; an all-in raise by a stack of at most
   15 big blinds is the solved push/fold chart's pushing range
   (:mod:`hoyle_poker.push_fold_chart`). After the flop it is the top share of the
   opponent's current range by made hand on the board at that moment: a bet or raise
   :data:`POSTFLOP_BET`, a call :data:`POSTFLOP_CALL`. A check narrows nothing.
2. **Equity**: its share of the pot against those ranges (at most five opponents) by
   :func:`hoyle.poker.equity`, Monte Carlo over ``samples`` deals and boards seeded from
   the bot's own :class:`~hoyle.Rng`. Omaha, stud and the draw games have no two-card ranges:
   there it is the medium level's Monte Carlo equity against random hands
   (:func:`~hoyle_poker.bots.hand_equity`: random opponent hole cards and boards in
   Omaha, random down and future cards in stud, random hands and one draw in the draw
   games (:mod:`hoyle_poker.draw_equity`), ``samples //`` :data:`STUD_SHARE` deals in
   stud and draw), discounted for the opponents' aggression: ``equity ** (1 + k / 2)``
   after ``k`` bets and raises by opponents in the hand (:func:`respect`). At a draw
   every level keeps the cards of :func:`~hoyle_poker.draw_equity.best_discard`.
3. **Push/fold** (Texas hold'em, first in pre-flop, the effective stack at most
   :data:`PUSH_FOLD_BB` big blinds, plain blinds): it pushes all-in when
   :func:`hoyle.poker.push_fold`'s chip EV of pushing beats folding, every player behind
   calling with the chart's calling range at the effective depth, and folds otherwise.
4. **Value**: an average hand's equity is ``fair = 1 / players``. With ``equity >= fair +``
   :data:`VALUE` ``* (1 - fair)`` it bets or raises: half the pot (after calling) at that
   threshold up to the whole pot at certainty; all-in when the stack left behind would be
   at most :data:`COMMIT_SPR` times the pot (stack-to-pot ratio), clamped to the legal
   range. It does not bluff.
5. **Pot odds**: facing a bet it calls when ``equity >= to_call / (pot + to_call)``,
   else folds; otherwise it checks.

Cost: one equity estimate a decision (default ``samples=4000``, well under a
millisecond in hold'em) plus the range updates (about a millisecond per opponent
action after the flop): a move takes a few milliseconds, at most tens on a loaded core.
The same seed and view give the same move.

    >>> import hoyle
    >>> from hoyle_poker.flop import arranged_deck
    >>> game = hoyle.new_game("texas-holdem", players=2, deck=arranged_deck(["7c 2d", "As Ah"]),
    ...                       options={"stack": 16})
    >>> HardPlayer(seed=1).choose(game.view(1), game.legal_actions(1))   # 8 big blinds: push
    Action('raise to 16')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hoyle import Action, Rng
from hoyle import poker as ev
from hoyle.engine.cache import BoundedCache
from hoyle.errors import InvalidArgumentError

from hoyle_poker.bots import MAX_OPPONENTS, Situation, hand_equity, situation
from hoyle_poker.push_fold_chart import CHART, DEPTHS, chart_depth
from hoyle_poker.stud_equity import STUD_GAMES

#: Pre-flop: the top share of hands (percent) that makes the first, second, third and
#: later raise.
RAISE_PERCENT = (40.0, 20.0, 10.0, 5.0)
#: Pre-flop: the top share that calls facing no raise (a limp), one, two, three or more.
CALL_PERCENT = (70.0, 50.0, 25.0, 12.0, 6.0)
#: After the flop: the top share of its range, by made hand, that bets (first) or
#: raises (later).
POSTFLOP_BET = (0.55, 0.30, 0.20)
#: After the flop: the top share of its range that calls a bet.
POSTFLOP_CALL = 0.75
#: The weight factor of a combo outside the range that takes an action.
FLOOR = 0.15
#: Push/fold mode at this effective stack (big blinds) and below.
PUSH_FOLD_BB = 12
#: How far from an average hand's equity towards certainty a bet for value starts.
VALUE = 0.25
#: All-in when the stack left after the bet is at most this many times the pot.
COMMIT_SPR = 0.5
#: At most this many opponent bets and raises discount the equity of :func:`respect`.
RESPECT_CAP = 4
#: A stud or draw deal (scored in Python) costs about this many hold'em samples: those
#: games estimate ``samples // STUD_SHARE`` deals.
STUD_SHARE = 8


@dataclass(frozen=True)
class Move:
    """One opponent action of the hand: the street (0 pre-flop), its kind, the raises
    on the street before it, the board then, and whether it put the seat all-in."""

    seat: int
    street: int
    kind: str
    raises: int
    board: tuple[str, ...]
    all_in: bool


def hand_moves(view: Mapping[str, Any]) -> list[Move]:
    """The betting actions of the current hand, from the view's events.

    >>> events = [{"type": "deal_start"}, {"type": "action", "seat": 1, "action": "raise to 6"},
    ...           {"type": "flop", "to": "board", "cards": ["Kc", "9d", "5h"]},
    ...           {"type": "action", "seat": 0, "action": "bet to 4"}]
    >>> [(m.seat, m.street, m.kind, m.raises) for m in hand_moves({"events": events, "public": {}})]
    [(1, 0, 'raise', 0), (0, 1, 'bet', 0)]
    """
    events = view.get("events") or []
    starts = [i for i, e in enumerate(events) if e.get("type") == "deal_start"]
    start_stacks = (view.get("public") or {}).get("start") or []
    board: list[str] = []
    raises, moves = 0, []
    for e in events[starts[-1] if starts else 0 :]:
        if e.get("to") == "board":
            board += e.get("cards") or []
            raises = 0
        elif e.get("type") == "action" and e.get("seat") is not None:
            words = str(e["action"]).split()
            kind, seat = words[0], int(e["seat"])
            amount = int(words[-1]) if kind in ("bet", "raise") and words[-1].isdigit() else 0
            all_in = seat < len(start_stacks) and amount >= int(start_stacks[seat])
            moves.append(Move(seat, _street(len(board)), kind, raises, tuple(board), all_in))
            raises += kind in ("bet", "raise")
    return moves


def _street(board_cards: int) -> int:
    return {0: 0, 3: 1, 4: 2}.get(board_cards, 3)


def _reweight(r: ev.Range, keep: ev.Range | set[str]) -> ev.Range:
    """``r`` with the weight of every combo outside ``keep`` multiplied by :data:`FLOOR`."""
    if isinstance(keep, ev.Range):
        return ev.Range.from_combos([(c, w if c in keep else w * FLOOR) for c, w in r])
    return ev.Range.from_combos([(c, w if str(c) in keep else w * FLOOR) for c, w in r])


def _top_made(r: ev.Range, board: Sequence[str], share: float, game: str) -> set[str]:
    """The combos of ``r`` making the best hands on ``board``, a ``share`` of its weight."""
    evaluate = ev.evaluate_short_deck if game == "short-deck" else ev.evaluate
    tail = " " + " ".join(board)
    combos = sorted(((evaluate(str(c) + tail), str(c), w) for c, w in r.without(" ".join(board))), reverse=True)
    total, kept, out = sum(w for _, _, w in combos), 0.0, set()
    for _, c, w in combos:
        if kept >= share * total:
            break
        out.add(c)
        kept += w
    return out


def _preflop_range(move: Move, big_blind: int, start: int) -> ev.Range | None:
    if move.kind == "raise" and move.all_in and move.raises == 0 and start <= DEPTHS[-1] * big_blind:
        return ev.Range(CHART[chart_depth(start / big_blind)][0])
    if move.kind == "raise":
        return ev.Range.top(RAISE_PERCENT[min(move.raises, len(RAISE_PERCENT) - 1)])
    if move.kind == "call":
        return ev.Range.top(CALL_PERCENT[min(move.raises, len(CALL_PERCENT) - 1)])
    return None


def narrow(r: ev.Range, move: Move, game: str, big_blind: int, start: int) -> ev.Range:
    """``r`` after the opponent's ``move`` (see the module doc); ``start`` is their stack
    when the hand began.

    >>> raised = narrow(ev.Range("random"), Move(1, 0, "raise", 0, (), False), "holdem", 2, 200)
    >>> raised.weight("As Ad"), round(raised.weight("7c 2d"), 2)
    (1.0, 0.15)
    """
    if move.street == 0:
        keep = _preflop_range(move, big_blind, start)
        return r if keep is None else _reweight(r, keep)
    if move.kind in ("bet", "raise"):
        share = POSTFLOP_BET[min(move.raises, len(POSTFLOP_BET) - 1)]
    elif move.kind == "call":
        share = POSTFLOP_CALL
    else:
        return r
    return _reweight(r, _top_made(r, move.board, share, game))


def starting_range(game: str) -> ev.Range:
    """Every two-card hand of the game's deck, weight 1 (short-deck: six to ace).

    >>> len(starting_range("holdem")), len(starting_range("short-deck"))
    (1326, 630)
    """
    return _STARTING[game]


def _every_hand(game: str) -> ev.Range:
    removed = [f"{r}{s}" for r in "2345" for s in "cdhs"] if game == "short-deck" else []
    return ev.Range("random").without(" ".join(removed)) if removed else ev.Range("random")


_STARTING: BoundedCache[str, ev.Range] = BoundedCache(_every_hand, limit=4)

#: The range after a seat's actions (keyed by the game, the big blind, the seat's
#: starting stack and its moves), shared by every bot: the same moves give the same range.
_NARROWED: dict[tuple[Any, ...], ev.Range] = {}


def _range_after(game: str, big_blind: int, start: int, moves: tuple[Move, ...]) -> ev.Range:
    key = (game, big_blind, start, moves)
    if key not in _NARROWED:
        before = _range_after(game, big_blind, start, moves[:-1]) if moves else starting_range(game)
        if len(_NARROWED) > 4096:
            _NARROWED.clear()
        _NARROWED[key] = narrow(before, moves[-1], game, big_blind, start) if moves else before
    return _NARROWED[key]


def opponent_ranges(view: Mapping[str, Any], s: Situation) -> dict[int, ev.Range]:
    """Each live opponent's range from the hand's actions (see the module doc)."""
    public = view.get("public") or {}
    live = public.get("live") or [True] * s.players
    start = public.get("start") or [0] * s.players
    big_blind = int((view.get("options") or {}).get("big_blind") or 2)
    game = s.game.removesuffix("-hi-lo")
    moves = hand_moves(view)
    return {
        o: _range_after(game, big_blind, int(start[o]), tuple(m for m in moves if m.seat == o))
        for o in range(s.players)
        if live[o] and o != s.seat
    }


def respect(equity: float, view: Mapping[str, Any], seat: int) -> float:
    """Equity against random hands discounted for the bets and raises the opponents have
    made in the hand (``k``, at most :data:`RESPECT_CAP`): ``equity ** (1 + k / 2)``.
    Where no range model applies, a raiser's hand is stronger than a random one; so
    measured, a hand that would re-raise a random hand calls a raise and folds to a
    war of them.

    >>> events = [{"type": "action", "seat": 1, "action": "raise to 6"}]
    >>> respect(0.81, {"events": events}, 0), respect(0.81, {"events": events}, 1)
    (0.729, 0.81)
    """
    k = sum(1 for m in hand_moves(view) if m.seat != seat and m.kind in ("bet", "raise"))
    return float(round(equity ** (1 + min(k, RESPECT_CAP) / 2), 12))


def _first_in_push_fold(view: Mapping[str, Any], s: Situation) -> tuple[list[int], int, int, int] | None:
    """For a push/fold decision: the stacks (pusher first, then the players behind up to
    the big blind), the blinds and the ante; None when the mode does not apply."""
    if s.game != "holdem" or s.board or len(s.hole) != 2 or s.range is None:
        return None
    if any(m.kind != "fold" for m in hand_moves(view)):
        return None  # someone has put chips in voluntarily: not first in
    public, options = view.get("public") or {}, view.get("options") or {}
    small, big, ante = (int(options.get(k) or 0) for k in ("small_blind", "big_blind", "ante"))
    if (ante and options.get("ante_type", "uniform") != "uniform") or not big:
        return None
    live, start, bets = public["live"], public["start"], public["bets"]
    behind = [o for k in range(1, s.players) if live[o := (s.seat + k) % s.players]]
    if not behind:
        return None
    posts = dict.fromkeys(range(s.players), 0) | {[s.seat, *behind][-2]: small, behind[-1]: big}
    if any(int(bets[o]) != posts[o] for o in (s.seat, *behind)):
        return None  # straddles, dead blinds, a missing blind: not the model's table
    stacks = [int(start[o]) for o in (s.seat, *behind)]
    if min(stacks[0], max(stacks[1:])) > PUSH_FOLD_BB * big:
        return None
    return stacks, small, big, ante


class HardPlayer:
    """The ``hard`` level (see the module doc): ``samples`` bounds the work of each equity
    estimate: Monte Carlo deals in hold'em and short-deck, ``trials`` random opponent
    hands with ``samples // trials`` boards each in Omaha, ``samples // STUD_SHARE``
    deals in stud and the draw games (:mod:`hoyle_poker.stud_equity` scores in Python, slower a deal).

        >>> HardPlayer(samples=0)
        Traceback (most recent call last):
        ...
        hoyle.errors.InvalidArgumentError: samples=0, trials=32: each must be at least 1
    """

    def __init__(self, seed: int = 0, samples: int = 4000, trials: int = 32) -> None:
        if min(samples, trials) < 1:
            raise InvalidArgumentError(f"samples={samples}, trials={trials}: each must be at least 1")
        self.rng = Rng(seed)
        self.samples = samples
        self.trials = trials
        #: The last decision's numbers: equity, price, value threshold or push/fold EVs.
        self.last: dict[str, float] = {}

    def choose(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        """The move in ``view`` (a manual showdown: show)."""
        kinds = {a.kind: a for a in legal_actions}
        if "show" in kinds:
            return kinds["show"]
        s = situation(view, legal_actions)
        return legal_actions[0] if s is None else self.decide(view, s)

    def decide(self, view: Mapping[str, Any], s: Situation) -> Action:
        """The move for a betting decision ``s`` read from ``view``."""
        if not s.hole:
            return s.passive(call=False)
        pushed = self._push_fold(view, s)
        if pushed is not None:
            return pushed
        equity = self.equity(view, s)
        stack = int(view["stacks"][s.seat])
        cost = min(s.to_call, stack)
        price = cost / (s.pot + cost) if cost > 0 else 0.0
        value_at = s.fair + VALUE * (1 - s.fair)
        self.last = {"equity": equity, "price": price, "value_at": value_at}
        if s.range is not None and equity >= value_at and stack > cost:
            return s.bet(self._size(s, equity, value_at, stack))
        return s.passive(call=equity >= price)

    @staticmethod
    def _size(s: Situation, equity: float, value_at: float, stack: int) -> int:
        """Half the pot after calling at ``value_at`` up to the pot at certainty; all-in
        when what would be left behind is at most :data:`COMMIT_SPR` pots."""
        assert s.range is not None
        pot_after_call = s.pot + max(s.to_call, 0)
        fraction = 0.5 + 0.5 * (equity - value_at) / max(1e-9, 1 - value_at)
        size = s.facing + int(fraction * pot_after_call)
        added = size - (s.facing - s.to_call)
        if stack - added <= COMMIT_SPR * (pot_after_call + 2 * (size - s.facing)):
            return s.range[1]
        return size

    def equity(self, view: Mapping[str, Any], s: Situation) -> float:
        """Its pot share against the opponents' ranges; in Omaha, stud and draw against
        random hands, discounted for the opponents' aggression (:func:`respect`)."""
        if s.game.removesuffix("-hi-lo") not in ("holdem", "short-deck"):
            if s.game in STUD_GAMES or s.game.startswith("draw:"):
                share = hand_equity(s, self.rng, 1, max(1, self.samples // STUD_SHARE))
            else:
                share = hand_equity(s, self.rng, self.trials, max(1, self.samples // self.trials))
            return respect(share, view, s.seat)
        ranges = list(opponent_ranges(view, s).values())[:MAX_OPPONENTS]
        result = ev.equity(
            [" ".join(s.hole), *ranges],
            " ".join(s.board) or None,
            game=s.game,
            samples=self.samples,
            seed=self.rng.next_u64(),
            exact=False,
            threads=1,
        )
        return result.equity[0]

    def _push_fold(self, view: Mapping[str, Any], s: Situation) -> Action | None:
        table = _first_in_push_fold(view, s)
        if table is None:
            return None
        stacks, small, big, ante = table
        calling = CHART[chart_depth(min(stacks[0], max(stacks[1:])) / big)][1]
        try:
            d = ev.push_fold(
                " ".join(s.hole), stacks, [1.0], [calling] * (len(stacks) - 1), small_blind=small, big_blind=big,
                ante=ante, samples=self.samples, seed=self.rng.next_u64(), exact=False, threads=1,
            )  # fmt: skip
        except InvalidArgumentError:
            return None  # a stack the model refuses (all-in from the posts)
        self.last = {"chips_push": d.chips_push, "chips_fold": d.chips_fold}
        assert s.range is not None
        return s.bet(s.range[1]) if d.chips_push > d.chips_fold else s.passive(call=False)
