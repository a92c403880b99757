"""Hand histories of the stud and draw games: a
:class:`~hoyle.handhistory.record.HandRecord` of seven-card stud, stud hi/lo, razz,
badugi, 2-7 single or triple draw or five-card draw (read from PokerStars text) becomes
the PHH hand :mod:`hoyle_poker.phh_games` replays, so the dealing, the draws, the
bring-in and every chip rule are the ones PHH hands are replayed by.

    >>> from hoyle.handhistory import pokerstars
    >>> text = '''PokerStars Hand #1: Badugi Limit ($1/$2 USD) - 2024/01/05 20:00:00 ET
    ... Table 'Alpha' 6-max Seat #2 is the button
    ... Seat 1: Ann ($50 in chips)
    ... Seat 2: Bo ($50 in chips)
    ... Bo: posts small blind $0.50
    ... Ann: posts big blind $1
    ... *** DEALING HANDS ***
    ... Dealt to Ann [Ac 2d 3h Kh]
    ... Bo: calls $0.50
    ... Ann: checks
    ... *** FIRST DRAW ***
    ... Ann: discards 1 card [Kh]
    ... Dealt to Ann [Ac 2d 3h] [4s]
    ... Bo: discards 2 cards
    ... Ann: bets $1
    ... Bo: folds
    ... Uncalled bet ($1) returned to Ann
    ... Ann collected $2 from pot
    ... *** SUMMARY ***
    ... Total pot $2 | Rake $0
    ... '''
    >>> pokerstars.parse(text)[0].result["stacks"]
    [51.0, 49.0]

The players sit as PHH seats them: the draw games in position order (the button last),
stud in seat order (stud has no button). Cards the record does not show (another
player's hand, the cards they throw and draw, stud down cards) are cards nobody saw,
unless the player shows them at the showdown.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from hoyle.engine.game import Game
from hoyle.errors import ReplayError
from hoyle.handhistory.games import HistoryGame, site_options
from hoyle.handhistory.record import HandRecord, game_key

from hoyle_poker.hand_histories import chip_scale
from hoyle_poker.phh_games import replay_draw, replay_stud

__all__ = ["GAMES", "replay_stud_draw_record", "to_phh"]

#: Game name as hand histories write it -> (family, hoyle variant, PHH code, cards dealt,
#: options the game needs beyond the record's).
_GAMES: dict[str, tuple[str, str, str, int, dict[str, Any]]] = {
    "7 Card Stud": ("stud", "seven-card-stud", "F7S", 3, {}),
    "7 Card Stud Hi/Lo": ("stud", "seven-card-stud-hi-lo", "F7S/8", 3, {}),
    "Razz": ("stud", "razz", "FR", 3, {}),
    "Badugi": ("draw", "badugi", "B", 4, {}),
    "Triple Draw 2-7 Lowball": ("draw", "deuce-to-seven-triple-draw", "2L3D", 5, {}),
    "Single Draw 2-7 Lowball": ("draw", "deuce-to-seven-single-draw", "2L1D", 5, {}),
    # PHH has no code for it: the code names the structure, the variant the game
    "Triple Draw A-5 Lowball": ("draw", "ace-to-five-triple-draw", "A5L3D", 5, {}),
    # PokerStars lets a player throw any number of cards, four without an ace
    "5 Card Draw": ("draw", "five-card-draw", "5CD", 5, {"max_discard": 5}),
}
_STRUCTURE_CODES = {"no-limit": "N", "pot-limit": "P", "fixed-limit": "F"}
_BETTING = {"fold": "f", "check": "cc", "call": "cc"}


def _game(record: HandRecord) -> tuple[str, str, str, int, dict[str, Any]]:
    spec = {game_key(k): v for k, v in _GAMES.items()}.get(game_key(record.game))
    if spec is None:
        raise ReplayError(f"{record.describe()}: hoyle-poker does not replay {record.game!r} as a stud or draw game")
    return spec


def to_phh(record: HandRecord) -> tuple[dict[str, Any], dict[int, str], list[int], int]:
    """The record as a PHH hand (a dict as :func:`hoyle.phh.loads` returns), the labels of
    its actions (the record's lines), the record's player indexes in PHH seat order and
    the chip scale (chips per unit of the record's amounts)."""
    family, _, code, dealt, _ = _game(record)
    _check_readable(record, family)
    scale = chip_scale(record)
    order = record.position_order()
    seat = {p: f"p{i + 1}" for i, p in enumerate(order)}
    antes, blinds, bring_in = _forced_bets(record, order, scale)
    actions = [f"d dh {seat[p]} {_text(record.dealt.get(p, {}).get(0), dealt)}" for p in order]
    labels: dict[int, str] = {}
    _play(record, family, seat, actions, labels, _dealt_streets(record, order) if family == "stud" else {})
    # the cards a hand holds at the showdown (the community card of a stud deck run out aside)
    full = dealt + (4 - len(record.boards[0]) if family == "stud" else 0)
    for p in order:
        shown = record.shows.get(p)
        if shown and len(shown) == full:
            actions.append(f"{seat[p]} sm {''.join(shown)}")
        elif p in record.mucks or p not in (record.collected or {}):
            actions.append(f"{seat[p]} sm")  # a winner nobody saw (all others mucked) shows
    hh: dict[str, Any] = {
        "variant": code if family == "stud" else _STRUCTURE_CODES[record.limit] + code,
        "players": [record.players[p] for p in order],
        "starting_stacks": [int(record.stacks[p] * scale) for p in order],
        "antes": antes,
        "blinds_or_straddles": blinds,
        "actions": actions,
    }
    if record.limit == "fixed-limit":
        hh["small_bet"] = int(record.small_bet * scale)
        hh["big_bet"] = int((record.big_bet or 2 * record.small_bet) * scale)
    else:
        hh["min_bet"] = int(record.big_blind * scale)
    if family == "stud":  # (a bring-in nobody posted, completed at once, moves no chips)
        hh["bring_in"] = bring_in or max(1, hh["small_bet"] // 2)
    return hh, labels, order, scale


def _check_readable(record: HandRecord, family: str) -> None:
    """Refuse a record this module cannot turn into a PHH hand, naming the line."""
    # a record from a format without stud streets or draws (OHH) deals nobody a street's
    # cards and draws nothing
    streetless = not record.dealt and not any(a.kind == "draw" for a in record.actions)
    if (streetless and (family == "stud" or any(a.street for a in record.actions))) or (
        family == "stud" and record.limit != "fixed-limit"
    ):
        raise ReplayError(
            f"{record.describe()}, line {record.line}: the record has no {family} streets"
            " (hoyle reads stud and draw hands from PokerStars text)"
        )
    for post in record.posts:
        if post.kind == "straddle" or (family == "stud" and post.kind in ("live blind", "dead blind")):
            raise ReplayError(
                f"{record.describe()}, line {post.line or record.line}: a {post.kind} in a {family} game"
                f" (hoyle's {family} variants have no {'straddle' if post.kind == 'straddle' else 'blinds'})"
            )


def posts_option(record: HandRecord, order: list[int], scale: int) -> str:
    """The draw games' ``posts`` option for the record's blinds posted out of position
    (a returning player's live big blind, a missed small blind posted dead), by PHH seat:
    ``"SEAT:LIVE+DEAD"`` in chips."""
    at = {p: i for i, p in enumerate(order)}
    posts: dict[int, tuple[int, int]] = {}
    for post in record.posts:
        if post.kind in ("live blind", "dead blind"):
            live, dead = posts.get(at[post.player], (0, 0))
            chips = int(post.amount * scale)
            posts[at[post.player]] = (live + chips, dead) if post.kind == "live blind" else (live, dead + chips)
    return " ".join(f"{s}:{live}+{dead}" if dead else f"{s}:{live}" for s, (live, dead) in sorted(posts.items()))


def _forced_bets(record: HandRecord, order: list[int], scale: int) -> tuple[list[int], list[int], int]:
    """Antes and blinds by PHH seat (a blind posted short is the blind as set) and the
    bring-in, in chips; blinds out of position are :func:`posts_option`'s."""
    at = {p: i for i, p in enumerate(order)}
    antes, blinds = [0] * len(order), [0] * len(order)
    bring_in = 0
    nominal = {"small blind": record.small_blind, "big blind": record.big_blind}
    for post in record.posts:
        if post.kind == "ante":
            antes[at[post.player]] += int(max(post.amount, record.ante) * scale)
        elif post.kind == "bring-in":
            bring_in = int(post.amount * scale)
        elif post.kind in ("live blind", "dead blind"):
            continue
        else:
            blinds[at[post.player]] += int(max(post.amount, nominal.get(post.kind) or post.amount) * scale)
    if len(order) == 2:  # forced bets by position: heads-up the button (the last seat) posts the small blind
        antes, blinds = antes[::-1], blinds[::-1]
    return antes, blinds, bring_in


def _play(
    record: HandRecord,
    family: str,
    seat: dict[int, str],
    actions: list[str],
    labels: dict[int, str],
    streets: dict[int, list[tuple[int, str]]],
) -> None:
    """The record's actions as PHH actions (appended to ``actions``; ``labels[i]`` the
    line of action ``i``): stud's bring-in first and each street's cards before its
    betting, a draw's discards followed by the cards drawn."""
    scale = chip_scale(record)
    street = 0
    draws: dict[int, int] = {}
    bringer = next((p.player for p in record.posts if p.kind == "bring-in"), None)
    community = [f"d db {card}" for card in record.boards[0]] if family == "stud" else []
    for a in record.actions:
        while street < a.street and streets:  # stud: the next street's cards
            street += 1
            actions += [f"d dh {seat[p]} {card}" for p, card in streets.get(street, [])]
            if street == 4:  # the deck run out: the river is a card face up for all
                actions += community
        if a.kind == "draw":
            labels[len(actions)] = f"line {a.line}"
            actions.append(f"{seat[a.player]} sd {_text(list(a.cards), len(a.cards))}".rstrip())
            draws[a.player] = draws.get(a.player, 0) + 1
            if a.cards:
                drawn = record.dealt.get(a.player, {}).get(draws[a.player])
                actions.append(f"d dh {seat[a.player]} {_text(drawn, len(a.cards))}")
            continue
        if bringer is not None:  # the bring-in opens third street
            actions.append(f"{seat[bringer]} pb")
            bringer = None
        labels[len(actions)] = f"line {a.line}"
        if a.kind in ("bet", "raise"):
            actions.append(f"{seat[a.player]} cbr {int(a.amount * scale)}")
        else:
            actions.append(f"{seat[a.player]} {_BETTING[a.kind]}")
    if bringer is not None:
        actions.append(f"{seat[bringer]} pb")
    for later in range(street + 1, max(streets, default=0) + 1):  # all in: the rest dealt
        actions += [f"d dh {seat[p]} {card}" for p, card in streets[later]]
        if later == 4:
            actions += community


def _text(cards: list[str] | None, count: int) -> str:
    """Cards as PHH text, ``??`` for each one not known."""
    known = list(cards or [])
    return "".join((known + ["??"] * count)[:count]) if count else ""


def _dealt_streets(record: HandRecord, order: list[int]) -> dict[int, list[tuple[int, str]]]:
    """Stud: the card each player still in was dealt on fourth street to the river, in
    seat order; a card the record does not show (the river's, dealt down) is unknown; a
    river dealt face up to all (the deck run out) is nobody's."""
    folded: set[int] = set()
    out: dict[int, list[tuple[int, str]]] = {}
    last = max((a.street for a in record.actions), default=0)
    reached = max([last, *(s for d in record.dealt.values() for s in d)])
    if record.shows:  # a showdown: every street was dealt to those still in
        reached = 4
    for street in range(1, reached + 1):
        folded |= {a.player for a in record.actions if a.kind == "fold" and a.street < street}
        cards: list[tuple[int, str]] = []
        if street == 4 and record.boards[0]:  # a community river: no card each
            out[street] = cards
            continue
        for p in order:
            if p in folded:
                continue
            known = record.dealt.get(p, {}).get(street)
            cards.append((p, _text(known, 1)))
        out[street] = cards
    return out


def replay_stud_draw_record(record: HandRecord, *, conventions: str = "cardroom") -> Game:
    """Replay a stud or draw record under the betting ``conventions`` and the options of
    its site (:func:`hoyle.handhistory.games.site_options`) and return the finished game
    (``game.result["stacks"]`` by PHH seat, in the record's units;
    ``game.result["record_order"][i]`` is the seat of the record's player ``i``)."""
    family, variant, _, _, options = _game(record)
    hh, labels, order, scale = to_phh(record)
    extra = site_options(record.site) | options
    if family == "draw" and (posts := posts_option(record, order, scale)):
        extra["posts"] = posts
    try:
        if family == "stud":
            game = replay_stud(hh, conventions=conventions, extra=extra, labels=labels)
        else:
            game = replay_draw(hh, conventions=conventions, variant=variant, extra=extra, labels=labels, stand_pat=True)
    except ReplayError as exc:
        raise ReplayError(f"{record.describe()}: {exc}") from exc
    if not game.is_over:
        raise ReplayError(f"{record.describe()}, line {record.line}: the hand is not over after its last action")
    line = record.extra.get("reshuffled")
    if line and not any(e.type == "reshuffle" for e in game.state.events):
        raise ReplayError(
            f"{record.describe()}, line {line}: the file reshuffles the deck, but the stock never runs out"
            f" (it ends the hand holding {len(game.state.zone('deck').cards)} cards)"
        )
    assert game.result is not None
    seat_of = {p: s for s, p in enumerate(order)}
    game.result["record_order"] = [seat_of[i] for i in range(len(order))]
    if scale != 1:
        game.result["chip_scale"] = scale
        game.result["stacks"] = [float(Decimal(x) / scale) for x in game.state.stacks]
    return game


GAMES = tuple(HistoryGame(name=name, replay=replay_stud_draw_record) for name in _GAMES)
