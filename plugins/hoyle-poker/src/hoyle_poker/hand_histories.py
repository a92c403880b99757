"""Hand histories of the flop games: which hoyle variant plays the games that
PokerStars text and Open Hand History files record, how a neutral
:class:`~hoyle.handhistory.record.HandRecord` becomes a finished hoyle game, and how a
finished game becomes a record again (for writing OHH).

A record is replayed by :func:`hoyle_poker.replay.replay_flop_hand` (the players seated in
position order, the button last; forced bets by position; the recorded cards dealt,
unknown ones filled from cards nobody saw), so every chip rule is the flop games' own.

    >>> sorted(g.name for g in GAMES)
    ['5 Card Omaha', '5 Card Omaha Hi/Lo', '6 Card Omaha', '6 Card Omaha Hi/Lo', "6+ Hold'em", 'Courchevel', 'Courchevel Hi/Lo', "Hold'em", 'Omaha', 'Omaha Hi/Lo', "Split Hold'em"]

(:mod:`hoyle_poker.hand_histories_stud_draw` replays the stud and draw games.)
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from hoyle.engine.game import Game
from hoyle.errors import ReplayError
from hoyle.handhistory.games import HistoryGame, check_finishing_stacks, site_options
from hoyle.handhistory.record import ActionKind, HandRecord, Post, PostKind, RecordAction, game_key

from hoyle_poker.betting_public import flop_public
from hoyle_poker.phh_dump import forced_bets
from hoyle_poker.phh_games import checked
from hoyle_poker.replay import FlopHand, HandAction, replay_flop_hand

__all__ = ["GAMES", "chip_scale", "record_of", "replay_record", "to_flop_hand"]

#: Game name as hand histories write it -> (flop game of :mod:`hoyle_poker.replay`, hoyle variant).
_GAMES: dict[str, tuple[str, str]] = {
    "Hold'em": ("texas-holdem", "texas-holdem"),
    "Omaha": ("omaha", "omaha"),
    "Omaha Hi/Lo": ("omaha-hi-lo", "omaha"),
    "5 Card Omaha": ("omaha", "omaha"),
    "5 Card Omaha Hi/Lo": ("omaha-hi-lo", "omaha"),
    "6 Card Omaha": ("omaha", "omaha"),
    "6 Card Omaha Hi/Lo": ("omaha-hi-lo", "omaha"),
    "6+ Hold'em": ("short-deck-holdem", "short-deck-holdem"),
    # hold'em with two boards dealt street by street, each pot split between them
    "Split Hold'em": ("split-holdem", "split-holdem"),
    # Courchevel is five-card Omaha with the first flop card face up before the betting:
    # the same betting and showdown, so its hands replay as five-card Omaha
    "Courchevel": ("omaha", "omaha"),
    "Courchevel Hi/Lo": ("omaha-hi-lo", "omaha"),
}
#: Options a game needs beyond the record's: PokerStars' 6+ Hold'em ranks three of a
#: kind over a straight (docs/rules/poker.md#b5).
_GAME_OPTIONS: dict[str, dict[str, Any]] = {"6+ Hold'em": {"straight_vs_trips": "trips-beat-straight"}}
#: Games read and replayed, never written: a hoyle game is not one of them (a short-deck
#: game need not rank trips over a straight; Courchevel has no variant of its own).
_READ_ONLY = ("6+ Hold'em", "Courchevel", "Courchevel Hi/Lo", "Split Hold'em")
#: Hole cards of each game (the Omaha variant's option ``hole_cards``).
_HOLE_CARDS = {
    "Hold'em": 2,
    "6+ Hold'em": 2,
    "Split Hold'em": 2,
    "Courchevel": 5,
    "Courchevel Hi/Lo": 5,
    "5 Card Omaha": 5,
    "5 Card Omaha Hi/Lo": 5,
    "6 Card Omaha": 6,
    "6 Card Omaha Hi/Lo": 6,
}
_BLIND_KINDS: tuple[PostKind, ...] = ("small blind", "big blind", "straddle")
#: The betting decisions a hand record keeps, by the action text's first word.
_BETTING: dict[str, ActionKind] = {"fold": "fold", "check": "check", "call": "call", "bet": "bet", "raise": "raise"}


def chip_scale(record: HandRecord) -> int:
    """The smallest power of ten that makes every amount of the record whole chips."""
    amounts = [*record.stacks, *(p.amount for p in record.posts), *(a.amount for a in record.actions)]
    amounts += [record.small_blind, record.big_blind, record.small_bet, record.big_bet]
    amounts += [*(record.collected or {}).values(), *record.returned.values()]  # a split pot's cents
    places = max((_places(Decimal(x)) for x in amounts), default=0)
    return int(10 ** int(places))


def _places(x: Decimal) -> int:
    """Decimal places an amount needs: 2 for 0.25, 0 for 100."""
    exponent = x.normalize().as_tuple().exponent
    return max(-exponent, 0) if isinstance(exponent, int) else 0


def to_flop_hand(record: HandRecord, conventions: str = "cardroom") -> tuple[FlopHand, list[int], int]:
    """The record as a :class:`~hoyle_poker.replay.FlopHand`, the record's player
    indexes in seat order (the button last), and the chip scale (chips per unit of the
    record's amounts)."""
    name = {game_key(k): k for k in _GAMES}.get(game_key(record.game))
    if name is None:
        raise ReplayError(f"{record.describe()}: hoyle-poker does not replay {record.game!r}")
    game, holes = _GAMES[name][0], _HOLE_CARDS.get(name, 4)
    scale = chip_scale(record)

    def chips(x: Decimal) -> int:
        return int(x * scale)

    order = record.position_order()
    n = len(order)
    seat = {p: i for i, p in enumerate(order)}
    antes = [0] * n
    blinds = [0] * n
    posts: dict[int, tuple[int, int, int]] = {}  # blinds out of position: (seat, live, dead)
    nominal = {"ante": record.ante, "small blind": record.small_blind, "big blind": record.big_blind}
    for post in record.posts:  # the forced bet as set (a short stack posts what it has, all in)
        amount = chips(max(post.amount, nominal.get(post.kind) or post.amount))
        s = seat[post.player]
        if post.kind == "ante":
            antes[s] += amount
        elif post.kind in ("live blind", "dead blind"):
            _, live, dead = posts.get(s, (s, 0, 0))
            live, dead = (live + amount, dead) if post.kind == "live blind" else (live, dead + amount)
            posts[s] = (s, live, dead)
        else:
            blinds[s] += amount
    # a blind all in for the ante posts nothing, but its blind is still the bet to call
    blind_seats = (
        ((1, record.small_blind), (0, record.big_blind)) if n == 2 else ((0, record.small_blind), (1, record.big_blind))
    )
    button_blind = any(p.kind == "button blind" for p in record.posts)  # 6+: no blinds by position
    for k, blind in blind_seats:
        if k < n and not button_blind and not blinds[k] and record.stacks[order[k]] - Decimal(antes[k]) / scale <= 0:
            blinds[k] = chips(blind)
    if n == 2:  # forced bets by position: heads-up the button (the last seat) posts the small blind
        antes, blinds = antes[::-1], blinds[::-1]
    actions = [
        HandAction(seat[a.player], a.kind, chips(a.amount) if a.kind in ("bet", "raise") else None, f"line {a.line}")
        for a in record.actions
    ]
    for p in order:
        shown = record.shows.get(p)
        if shown and len(shown) == holes:
            actions.append(HandAction(seat[p], "show", cards="".join(shown), label="the showdown"))
        elif p in record.mucks or (not record.holes.get(p) and p not in (record.collected or {})):
            # a player whose cards nobody saw mucks, unless the file says they won: a
            # winner who "doesn't show hand" against mucked hands shows (cards unseen)
            actions.append(HandAction(seat[p], "muck", label="the showdown"))
    hole_text = []
    for p in order:  # the cards known from the start, else those shown later (partly, perhaps)
        known = record.holes.get(p) or record.shows.get(p) or []
        if len(known) > holes:
            raise ReplayError(f"{p} holds {len(known)} cards ({' '.join(known)}): {name} deals {holes} hole cards")
        hole_text.append("".join((list(known) + ["??"] * holes)[:holes]))
    small = record.small_bet or record.big_blind
    hand = FlopHand(
        game=game,
        structure=record.limit,
        stacks=[chips(record.stacks[p]) for p in order],
        blinds=blinds,
        antes=antes,
        holes=hole_text,
        board="".join(record.boards[0]),
        runs=["".join(b) for b in record.boards[1:]],
        posts=sorted(posts.values()),
        actions=actions,
        players=[record.players[p] for p in order],
        min_bet=0 if record.limit == "fixed-limit" else chips(record.big_blind) or max(blinds, default=0) or 1,
        small_bet=chips(small) if record.limit == "fixed-limit" else 0,
        big_bet=chips(record.big_bet or 2 * small) if record.limit == "fixed-limit" else 0,
        options=site_options(record.site)
        | _GAME_OPTIONS.get(name, {})
        | ({} if conventions == "cardroom" else {"conventions": conventions}),
    )
    return hand, order, scale


def replay_record(record: HandRecord, *, conventions: str = "cardroom") -> Game:
    """Replay a record (see :mod:`hoyle.handhistory`) under the betting ``conventions``
    and return the finished game. A hand that does not replay (or not to the stacks the
    record implies) under the cardroom conventions but does under PokerKit's is an error
    naming PokerKit's rule it follows (as for PHH: :func:`hoyle_poker.phh_games.checked`)."""
    return _explained({"record": record}, conventions=conventions)


def _replay_checked(hh: dict[str, Any], *, conventions: str = "cardroom") -> Game:
    game = _replay_record(hh["record"], conventions)
    check_finishing_stacks(hh["record"], game)
    return game


_explained = checked(_replay_checked)


def _replay_record(record: HandRecord, conventions: str) -> Game:
    """The replay itself (see :func:`replay_record`);
    ``game.result["record_order"][i]`` is the seat of the record's player ``i``, and
    ``game.result["stacks"]`` the finishing stacks by seat in the record's units."""
    hand, order, scale = to_flop_hand(record, conventions)
    try:
        game = replay_flop_hand(hand)
    except ReplayError as exc:
        raise ReplayError(f"{record.describe()}: {exc}") from exc
    if not game.is_over:
        raise ReplayError(f"{record.describe()}, line {record.line}: the hand is not over after its last action")
    assert game.result is not None
    seat_of = {p: seat for seat, p in enumerate(order)}
    game.result["record_order"] = [seat_of[i] for i in range(len(order))]
    if scale != 1:
        game.result["chip_scale"] = scale
        game.result["stacks"] = [float(Decimal(x) / scale) for x in game.state.stacks]
    return game


# --- writing -----------------------------------------------------------------------------


def record_of(game: Game) -> HandRecord:
    """The record of a finished one-hand flop game (its seats in order, the button on
    the last seat, as :func:`hoyle.phh.dump` requires)."""
    state = game.state
    name = _history_name(game)
    n = len(state.players)
    antes, blinds = forced_bets(game)
    kinds = [_BLIND_KINDS[min(k, 2)] for k in range(n)]  # PHH lists blinds by position: small, big, straddles
    if n == 2:  # PHH lists forced bets by position: heads-up position 0 (the small blind) is the button
        antes, blinds, kinds = antes[::-1], blinds[::-1], kinds[::-1]
    stacks = [Decimal(x) for x in flop_public(state)["start"]]
    left = list(stacks)
    posts = _posts(game, antes, blinds, kinds, left)
    record = HandRecord(
        game=name,
        limit=state.options["structure"],
        seats=list(range(1, n + 1)),
        players=list(state.players),
        stacks=stacks,
        button=n,
        small_blind=_nominal(blinds, kinds, "small blind"),
        big_blind=_nominal(blinds, kinds, "big blind"),
        ante=Decimal(max(antes)),
        posts=posts,
        site="hoyle",
        hand_id=str(game.record.get("seed", "")),
    )
    if record.limit == "fixed-limit":
        small = state.options["small_bet"] or max(blinds, default=0) or 1
        record.small_bet, record.big_bet = Decimal(small), Decimal(state.options["big_bet"] or 2 * small)
    _record_play(game, record, left)
    return record


def _history_name(game: Game) -> str:
    """The hand-history name of the game's variant (hi/lo and hole-card count alike);
    a :class:`ReplayError` for a variant with none, or a game past its first deal."""
    state = game.state
    hi_lo = bool(state.options.get("hi_lo"))
    holes = int(state.options.get("hole_cards", 2))
    name = next(
        (
            k
            for k, (g, v) in _GAMES.items()
            if v == game.variant.name
            and g.endswith("-hi-lo") == hi_lo
            and _HOLE_CARDS.get(k, 4) == holes
            and k not in _READ_ONLY
        ),
        None,
    )
    if name is None:
        raise ReplayError(f"{game.variant.name!r} games have no hand-history game name")
    if state.deal_number != 0:
        raise ReplayError(
            f"only a single hand writes as a hand history, not {game.variant.name} deal {state.deal_number}"
        )
    return name


def _posts(
    game: Game, antes: list[int], blinds: list[int], kinds: Sequence[PostKind], left: list[Decimal]
) -> list[Post]:
    """The forced bets by position: antes first, then the blinds (a short stack posts
    what it has), then the blinds posted out of position; each taken from ``left``, the
    stacks by position."""
    posts: list[Post] = []
    forced: list[tuple[int, PostKind, int]] = [(i, "ante", a) for i, a in enumerate(antes) if a]
    forced += [(i, kinds[i], b) for i, b in enumerate(blinds) if b]
    for i, kind, chips in forced:  # antes first, then the blinds; a short stack posts what it has
        paid = min(Decimal(chips), left[i])
        posts.append(Post(i, kind, paid))
        left[i] -= paid
    for e in game.state.events:  # then the blinds posted out of position
        if e.type == "posts_out_of_position" and e.seat is not None:
            out_of_position: tuple[tuple[PostKind, int], ...] = (
                ("live blind", e.data["live"]),
                ("dead blind", e.data["dead"]),
            )
            for post_kind, part in out_of_position:
                if part:
                    posts.append(Post(e.seat, post_kind, Decimal(part)))
                    left[e.seat] -= part
    return posts


def _record_play(game: Game, record: HandRecord, left: list[Decimal]) -> None:
    """Write the game's events after the forced bets into ``record``: the cards dealt
    (holes, the board and any further runs), the betting (a call as the chips it put in,
    a bet or raise as its total, all-in when it emptied the stack in ``left``), mucks,
    shows, what each player collected and what came back uncalled."""
    state = game.state
    street, pending = 0, None
    collected: dict[int, Decimal] = {}
    for e in state.events:
        if e.type == "deal" and e.seat is not None:
            record.holes.setdefault(e.seat, []).extend(str(c) for c in e.cards)
        elif e.type in ("flop", "turn", "river") and e.data["to"] != "board":  # a further run of the board
            run = int(e.data["to"].split(":")[1]) - 1
            while len(record.boards) <= run:
                record.boards.append(record.boards[0][: _SHARED[flop_public(state)["run_from"]]])
            record.boards[run].extend(str(c) for c in e.cards)
        elif e.type in ("flop", "turn", "river"):
            street += 1
            record.boards[0].extend(str(c) for c in e.cards)
        elif e.type == "action":
            kind, *rest = e.data["action"].split()
            betting = _BETTING.get(kind)
            if betting is not None and e.seat is not None:
                amount = Decimal(rest[-1]) if betting in ("bet", "raise") else Decimal(0)
                pending = RecordAction(street, e.seat, betting, amount)
                record.actions.append(pending)
            elif kind == "muck" and e.seat is not None:
                record.mucks.add(e.seat)
        elif e.type == "commit" and pending is not None and e.seat == pending.player:
            left[e.seat] -= Decimal(e.data["amount"])
            amount = Decimal(e.data["amount"]) if pending.kind == "call" else pending.amount
            record.actions[-1] = RecordAction(street, pending.player, pending.kind, amount, left[e.seat] == 0)
            pending = None
        elif e.type == "reveal" and e.seat is not None:
            record.shows[e.seat] = [str(c) for c in e.cards]
        elif e.type == "award" and e.seat is not None:
            collected[e.seat] = collected.get(e.seat, Decimal(0)) + Decimal(e.data["amount"])
        elif e.type == "uncalled_bet_returned" and e.seat is not None:
            record.returned[e.seat] = record.returned.get(e.seat, Decimal(0)) + Decimal(e.data["amount"])
    # the uncalled bet comes back as an award too: what a player collected is the rest
    record.collected = {p: c - record.returned.get(p, Decimal(0)) for p, c in collected.items()}
    record.rake = Decimal(0)


#: Board cards dealt before the runs part, by the street they part at (``run_from``).
_SHARED = {1: 0, 2: 3, 3: 4}


def _nominal(blinds: list[int], kinds: Sequence[str], kind: str) -> Decimal:
    """The forced bet of ``kind`` as set (before a short stack posts less)."""
    return Decimal(next((b for b, k in zip(blinds, kinds) if k == kind), 0))


GAMES = tuple(
    HistoryGame(name=name, replay=replay_record, record=record_of, variants=(variant,))
    if name not in _READ_ONLY
    else HistoryGame(name=name, replay=replay_record)
    for name, (_, variant) in _GAMES.items()
)
