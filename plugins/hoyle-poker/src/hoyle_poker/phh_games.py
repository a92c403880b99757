"""PHH replay of the stud and draw games (registered with :func:`hoyle.phh.register_replayer`
when ``hoyle_poker`` is imported): ``F7S`` (seven-card stud), ``F7S/8`` (stud hi-lo),
``FR`` (razz), ``F2L3D`` / ``N2L1D`` (and the other structures: deuce-to-seven triple
and single draw), ``FB`` (badugi).

    >>> from hoyle import phh
    >>> import hoyle_poker
    >>> text = '''
    ... variant = 'F7S'
    ... antes = [1, 1]
    ... bring_in = 1
    ... small_bet = 2
    ... big_bet = 4
    ... starting_stacks = [50, 50]
    ... actions = ['d dh p1 AsAd2c', 'd dh p2 KcKd9h', 'p1 pb', 'p2 cbr 2', 'p1 f']
    ... '''
    >>> phh.replay(text).result["stacks"]
    [48, 52]

How a replay works (as for the flop games, :mod:`hoyle.phh`): the players sit in PHH
order with the button on the last seat; a deck is built that deals the recorded cards
in hoyle's dealing order (stud: each player's three third-street cards in seat order,
then each later street in seat order; draw: the hands in seat order, then every
replacement card in the order drawn). Unknown cards (``??``) are the cards a player
discards or shows later when the file says which, else cards nobody saw; an unknown
stud up card is filled with a card that cannot change the bring-in. Actions: ``pb`` is
``bring-in``, ``cc`` check or call, ``cbr N`` bet or raise to N (completing a bring-in
included), ``f`` fold, ``sd CARDS`` discard those cards (``sd`` alone: stand pat),
``sm`` show or muck at a manual showdown.
"""

from __future__ import annotations

from typing import Any

from hoyle import Card, Deck, Game, new_game
from hoyle.errors import ReplayError
from hoyle.phh import HandHistory, _act, _player, _strip_comment, parse_cards, register_replayer
from hoyle.plugins import default_registry

_STRUCTURES = {"N": "no-limit", "P": "pot-limit", "F": "fixed-limit"}
STUD_CODES = {"F7S": "seven-card-stud", "F7S/8": "seven-card-stud-hi-lo", "FR": "razz"}
DRAW_GAMES = {"2L3D": "deuce-to-seven-triple-draw", "2L1D": "deuce-to-seven-single-draw", "B": "badugi"}


class _Deal:
    """The cards of a hand as positions in dealing order; unknown ones (None) are
    learned from later discards and shows, the rest filled at the end."""

    def __init__(self, n: int) -> None:
        self.order: list[Card | None] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]

    def deal(self, seat: int, cards: list[Card | None]) -> list[int]:
        start = len(self.order)
        self.order += cards
        idx = list(range(start, len(self.order)))
        self.hands[seat] += idx
        return idx

    def learn(self, seat: int, cards: list[Card | None], remove: bool) -> list[int]:
        """The positions in ``seat``'s hand holding ``cards`` (unknown positions take
        the known cards); removed from the hand when discarded."""
        hand = self.hands[seat]
        out: list[int] = []
        for c in cards:
            at = next((i for i in hand if i not in out and c is not None and self.order[i] == c), None)
            if at is None:
                at = next((i for i in hand if i not in out and self.order[i] is None), None)
                if at is None:
                    raise ReplayError(f"p{seat + 1} does not hold {c}")
                if c is not None:
                    self.order[at] = c
            out.append(at)
        if remove:
            self.hands[seat] = [i for i in hand if i not in out]
        return out

    def deck(self, base: Deck, filler: Any = None) -> list[Card]:
        known = [c for c in self.order if c is not None]
        if len(set(known)) != len(known):
            raise ReplayError("a card is dealt twice")
        unused = [c for c in base if c not in set(known)]
        cards: list[Card] = []
        for i, c in enumerate(self.order):
            if c is None:
                c = filler(i, unused) if filler else unused[0]
                unused.remove(c)
            cards.append(c)
        return cards + unused


def _options(hh: HandHistory, n: int) -> dict[str, Any]:
    options: dict[str, Any] = {"showdown": "manual"}
    for key in ("small_bet", "big_bet", "min_bet", "bring_in"):
        if key in hh:
            options[key] = int(hh[key])
    return options


def _play(
    game: Game, hh: HandHistory, actions: list[str], n: int, discards: dict[int, list[int]], cards: list[Card]
) -> Game:
    code = hh["variant"]
    decisions: dict[int, str] = {}
    for i, a in enumerate(actions):
        w = a.split()
        if w[0] == "d":
            continue
        seat = _player(w[0], n)
        op = w[1]
        p = game.state.public
        if op == "sm":
            decisions[seat] = "muck" if len(w) == 2 or w[2] == "-" else "show"
            continue
        if op == "f":
            text = "fold"
        elif op == "cc":
            text = "call" if p["to_call"] > p["bets"][seat] else "check"
        elif op == "cbr":
            text = f"{'raise to' if p['to_call'] else 'bet'} {w[2]}"
        elif op == "pb":
            text = "bring-in"
        elif op == "sd":
            thrown = [str(cards[j]) for j in discards[i]]
            text = "discard " + " ".join(thrown) if thrown else "draw"
        else:
            raise ReplayError(f"action {i} {a!r}: {op!r} is not an action of {code}")
        _act(game, seat, text, i, a)
    while not game.is_over and game.phase == "showdown" and (who := game.to_act) is not None:
        _act(game, who, decisions.get(who, "show"), len(actions), "showdown")
    return game


def replay_draw(hh: HandHistory) -> Game:
    """Replay a draw-game hand history (``F2L3D``, ``N2L1D``, ``FB``...)."""
    code = hh["variant"]
    variant = DRAW_GAMES[code[1:]]
    n = len(hh["starting_stacks"])
    names = list(hh.get("players") or [f"p{i + 1}" for i in range(n)])
    actions = [a for a in (_strip_comment(x) for x in hh["actions"]) if a]
    deal = _Deal(n)
    discards: dict[int, list[int]] = {}
    for i, a in enumerate(actions):
        w = a.split()
        if w[:2] == ["d", "dh"]:
            deal.deal(_player(w[2], n), parse_cards(w[3]))
        elif len(w) >= 2 and w[1] == "sd":
            discards[i] = deal.learn(_player(w[0], n), parse_cards(w[2]) if len(w) > 2 else [], remove=True)
        elif len(w) > 2 and w[1] == "sm" and w[2] != "-":
            deal.learn(_player(w[0], n), parse_cards(w[2]), remove=False)
    options = _options(hh, n)
    options["structure"] = _STRUCTURES[code[0]]
    options["blinds"] = " ".join(str(int(x)) for x in hh.get("blinds_or_straddles", []))
    antes = [str(int(x)) for x in hh.get("antes", [])]
    options["antes"] = " ".join(antes[::-1] if n == 2 else antes)
    options.pop("bring_in", None)
    cards = deal.deck(default_registry().variant(variant).deck(options))
    game = new_game(
        variant,
        players=names,
        seed=0,
        options=options,
        deck=Deck(" ".join(map(str, cards))),
        stacks=[int(x) for x in hh["starting_stacks"]],
    )
    return _play(game, hh, actions, n, discards, cards)


def replay_stud(hh: HandHistory) -> Game:
    """Replay a stud hand history (``F7S``, ``F7S/8``, ``FR``)."""
    code = hh["variant"]
    variant = STUD_CODES[code]
    n = len(hh["starting_stacks"])
    names = list(hh.get("players") or [f"p{i + 1}" for i in range(n)])
    actions = [a for a in (_strip_comment(x) for x in hh["actions"]) if a]
    got: list[list[Card | None]] = [[] for _ in range(n)]
    for a in actions:
        w = a.split()
        if w[:2] == ["d", "dh"]:
            got[_player(w[2], n)] += parse_cards(w[3])
    for a in actions:
        w = a.split()
        if len(w) > 2 and w[1] == "sm" and w[2] != "-":
            seat = _player(w[0], n)
            shown = parse_cards(w[2])
            missing = [c for c in shown if c is not None and c not in got[seat]]
            got[seat] = [c if c is not None or not missing else missing.pop(0) for c in got[seat]]
    # hoyle's dealing order: third street seat by seat (down, down, up), then each street
    deal = _Deal(n)
    up_slots: set[int] = set()
    for s in range(n):
        idx = deal.deal(s, got[s][:3] + [None] * (3 - len(got[s][:3])))
        up_slots.add(idx[2])
    for street in range(3, 7):
        for s in range(n):
            if len(got[s]) > street:
                (i,) = deal.deal(s, [got[s][street]])
                if street < 6:
                    up_slots.add(i)
    antes = {int(x) for x in hh.get("antes", [0])}
    if len(antes) != 1:
        raise ReplayError("stud antes must be the same for every player")
    options = _options(hh, n)
    options["ante"] = antes.pop()
    options["big_bet"] = options.get("big_bet", 0)
    razz = code == "FR"
    lows = "A23456789TJQK" if razz else "23456789TJQKA"

    def filler(i: int, unused: list[Card]) -> Card:
        if i not in up_slots:
            return unused[0]
        # an up card that never brings in and is the weakest showing... razz: the lowest
        # card cannot bring in; stud: the highest
        key = lambda c: (lows.index(c.rank), "cdhs".index(c.suit))  # noqa: E731
        return min(unused, key=key) if razz else max(unused, key=key)

    cards = deal.deck(default_registry().variant(variant).deck(options), filler)
    game = new_game(
        variant,
        players=names,
        seed=0,
        options=options,
        deck=Deck(" ".join(map(str, cards))),
        stacks=[int(x) for x in hh["starting_stacks"]],
    )
    return _play(game, hh, actions, n, {}, cards)


def register() -> None:
    for code in STUD_CODES:
        register_replayer(code, replay_stud)
    for s in _STRUCTURES:
        for g in DRAW_GAMES:
            register_replayer(s + g, replay_draw)
