"""PHH replay of the poker games (registered for :func:`hoyle.phh.replay` through the
``hoyle_register_phh_replayers`` hook, see :data:`REPLAYERS`): the flop games ``NT``,
``PT``, ``FT`` (hold'em), ``NO``, ``PO``, ``FO`` and ``NO/8``... (Omaha, hi-lo), ``NS``...
(short-deck hold'em), through :func:`hoyle_poker.replay.replay_flop_hand`; ``F7S``
(seven-card stud), ``F7S/8`` (stud hi-lo), ``FR`` (razz), ``F2L3D`` / ``N2L1D`` (and the
other structures: deuce-to-seven triple and single draw), ``FB`` (badugi).

    >>> from hoyle import phh
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

How a replay works: the players sit in PHH order with the button on the last seat; a deck is built that deals the recorded cards
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

from collections.abc import Callable, Mapping
from copy import copy
from typing import Any

from hoyle import Card, Deck, Game, new_game
from hoyle.errors import HoyleError, ReplayError
from hoyle.phh import HandHistory, hand_actions, parse_cards, player_index
from hoyle.plugins import default_registry

from hoyle_poker.betting_public import public
from hoyle_poker.names import DRAW_PHASES
from hoyle_poker.replay import FlopHand, HandAction, act, betting_text, play_showdown, replay_flop_hand

_STRUCTURES = {"N": "no-limit", "P": "pot-limit", "F": "fixed-limit"}
FLOP_GAMES = {"T": "texas-holdem", "O": "omaha", "O/8": "omaha-hi-lo", "S": "short-deck-holdem"}
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

    def deck(
        self, base: Deck, filler: Any = None, aliases: Mapping[int, int] | None = None, first_only: bool = False
    ) -> list[Card]:
        """The cards of every position, then the cards of ``base`` nobody was dealt (the
        game's deck is the first ``len(base)``). ``aliases`` maps each position dealt
        from a reshuffled stock (past ``len(base)``) to the earlier discard it is: the two
        are one card, learned from either; ``first_only``: the deck alone, whatever the
        positions past it."""
        order = list(self.order)
        aliases = aliases or {}
        for later, earlier in aliases.items():
            a, b = order[later], order[earlier]
            if a is not None and b is not None and a != b:
                raise ReplayError(
                    f"the reshuffled stock cannot deal {a}: the discard it deals is {b} (hoyle's reshuffle)"
                )
            order[earlier] = order[later] = a or b
        first = order[: len(base)]
        known = [c for c in first if c is not None]
        if len(set(known)) != len(known):
            raise ReplayError("a card is dealt twice")
        if first_only:
            aliases = dict.fromkeys(range(len(base), len(order)), 0)
        elif len(order) > len(base) and len(aliases) != len(order) - len(base):
            # e.g. eight stud players to the river: 56 cards
            raise ReplayError(f"the deck runs out: the hand deals more than its {len(base)} cards")
        unused = [c for c in base if c not in set(known)]
        cards: list[Card] = []
        for i, c in enumerate(first):
            if c is None:
                c = filler(i, unused) if filler else unused[0]
                unused.remove(c)
            cards.append(c)
        return cards + [cards[aliases[i]] for i in range(len(base), len(order))] + unused


def _options(hh: HandHistory, n: int) -> dict[str, Any]:
    options: dict[str, Any] = {"showdown": "manual"}
    for key in ("small_bet", "big_bet", "min_bet", "bring_in"):
        if key in hh:
            options[key] = int(hh[key])
    return options


def shows(words: list[str]) -> bool:
    """Whether ``pN sm <cards>`` shows a hand hoyle can score. ``sm`` alone or ``sm -``
    mucks; cards written ``??`` are cards the record never saw, which stay face down
    (PHH: an unknown card is not shown; PokerKit refuses to show one and scores no hand
    with it), so a player whose shown cards are not all known does not show and cannot
    win the pot with filler cards: for hoyle's showdown it is a muck.

    >>> shows("p3 sm ????".split()), shows("p2 sm JdKc".split()), shows("p1 sm".split())
    (False, True, False)
    """
    return len(words) > 2 and words[2] != "-" and "?" not in words[2]


def _play(
    game: Game,
    hh: HandHistory,
    actions: list[str],
    n: int,
    discards: dict[int, list[int]],
    cards: list[Card],
    labels: Mapping[int, str] | None = None,
    stand_pat: bool = False,
    stop: int | None = None,
) -> Game:
    """Play the hand's actions (``labels``: what to call action ``i`` in errors, e.g. the
    line of the file a record was read from); with ``stand_pat``, draws the record does not
    write after its last action (players all in) are stood pat; with ``stop``, the
    actions before action ``stop`` only (no showdown)."""
    code = hh["variant"]
    labels = labels or {}
    decisions: dict[int, str] = {}
    for i, a in enumerate(actions):
        if i == stop:
            return game
        w = a.split()
        if w[0] == "d":
            continue
        seat = player_index(w[0], n)
        op = w[1]
        if op == "sm":
            decisions[seat] = "show" if shows(w) else "muck"
            continue
        if op in _BETTING:
            text = betting_text(game, seat, _BETTING[op], int(w[2]) if op == "cbr" else None)
        elif op == "pb":
            text = "bring-in"
        elif op == "sd":
            thrown = [str(cards[j]) for j in discards[i]]
            text = "discard " + " ".join(thrown) if thrown else "draw"
        else:
            raise ReplayError(f"action {i} {a!r}: {op!r} is not an action of {code}")
        act(game, seat, text, labels.get(i) or f"action {i} ({a!r})")
    while stand_pat and not game.is_over and game.phase in DRAW_PHASES and (who := game.to_act) is not None:
        act(game, who, "draw", "a draw after the last recorded action")
    play_showdown(game, decisions)
    return game


#: PHH's betting operations as :class:`~hoyle_poker.replay.HandAction` kinds.
_BETTING = {"f": "fold", "cc": "call", "cbr": "raise"}


def checked(replayer: Callable[..., Game]) -> Callable[..., Game]:
    """``replayer`` that also checks the file's ``finishing_stacks`` (when it records
    them) and, when a hand does not replay under the cardroom conventions but does under
    PokerKit's, says which of PokerKit's rules it follows."""

    def replay(hh: HandHistory, *, conventions: str = "cardroom") -> Game:
        try:
            return _matching(replayer(hh, conventions=conventions), hh)
        except ReplayError as exc:
            if conventions != "cardroom":
                raise
            try:
                game = _matching(replayer(hh, conventions="pokerkit"), hh)
            except ReplayError:
                raise exc from None
            rules = "; ".join(public(game.state).get("pokerkit_rules", ()))
            raise ReplayError(
                f"{exc} under the cardroom conventions; the hand replays under conventions='pokerkit'"
                + (f" (PokerKit's rule: {rules})" if rules else "")
            ) from exc

    replay.__doc__ = replayer.__doc__
    replay.__name__ = replayer.__name__
    return replay


def _matching(game: Game, hh: HandHistory) -> Game:
    recorded = hh.get("finishing_stacks")
    if recorded is not None and game.is_over and list(game.state.stacks) != [int(x) for x in recorded]:
        raise ReplayError(f"the hand ends with stacks {list(game.state.stacks)}, not the recorded {list(recorded)}")
    return game


def replay_flop(hh: HandHistory, *, conventions: str = "cardroom") -> Game:
    """Replay a flop-game hand history (``NT``, ``PO``, ``FO/8``, ``NS``...)."""
    code = hh["variant"]
    n = len(hh["starting_stacks"])
    holes = [""] * n
    board = ""
    moves: list[HandAction] = []
    for i, a in enumerate(hand_actions(hh)):
        w = a.split()
        label = f"action {i} ({a!r})"
        if w[:2] == ["d", "dh"] and len(w) > 3:
            holes[player_index(w[2], n)] = w[3]
        elif w[:2] == ["d", "db"] and len(w) > 2:
            board += w[2]
        elif len(w) >= 2 and w[0] != "d" and w[1] in _BETTING:
            amount = None
            if w[1] == "cbr":
                if len(w) < 3 or not w[2].isdigit():
                    raise ReplayError(f"{label}: 'cbr' needs a whole amount")
                amount = int(w[2])
            moves.append(HandAction(player_index(w[0], n), _BETTING[w[1]], amount, label))
        elif len(w) >= 2 and w[1] == "sm":
            shown = shows(w)
            moves.append(
                HandAction(player_index(w[0], n), "show" if shown else "muck", None, label, w[2] if shown else "")
            )
        elif w[0] != "d":
            raise ReplayError(f"{label}: {w[1] if len(w) > 1 else a!r} is not an action of {code}")
    hand = FlopHand(
        game=FLOP_GAMES[code[1:]],
        structure=_STRUCTURES[code[0]],
        stacks=[int(x) for x in hh["starting_stacks"]],
        blinds=[int(x) for x in hh.get("blinds_or_straddles", [])],
        antes=[int(x) for x in hh.get("antes", [])],
        holes=holes,
        board=board,
        actions=moves,
        players=list(hh.get("players") or []),
        min_bet=int(hh.get("min_bet", 0)),
        small_bet=int(hh.get("small_bet", 0)),
        big_bet=int(hh.get("big_bet", 0)),
        options=_conventions(conventions),
    )
    return replay_flop_hand(hand)


def _conventions(conventions: str) -> dict[str, Any]:
    return {} if conventions == "cardroom" else {"conventions": conventions}


def _new_game(variant: str, names: list[str], options: dict[str, Any], cards: list[Card], hh: HandHistory) -> Game:
    try:
        return new_game(
            variant,
            players=names,
            seed=0,
            options=options,
            deck=Deck(" ".join(map(str, cards))),
            stacks=[int(x) for x in hh["starting_stacks"]],
        )
    except HoyleError as exc:
        raise ReplayError(f"the hand cannot be set up: {exc}") from exc


def replay_draw(
    hh: HandHistory,
    *,
    conventions: str = "cardroom",
    variant: str = "",
    extra: Mapping[str, Any] | None = None,
    labels: Mapping[int, str] | None = None,
    stand_pat: bool = False,
) -> Game:
    """Replay a draw-game hand history (``F2L3D``, ``N2L1D``, ``FB``...); ``variant``
    (else the one the code names), ``extra`` options of the variant, the ``labels`` of
    the actions in errors and ``stand_pat`` (the draws of players all in that the source
    does not write are stood pat) are for records read from other formats."""
    code = hh["variant"]
    variant = variant or DRAW_GAMES[code[1:]]
    n = len(hh["starting_stacks"])
    names = list(hh.get("players") or [f"p{i + 1}" for i in range(n)])
    actions = hand_actions(hh)
    deal = _Deal(n)
    discards: dict[int, list[int]] = {}
    for i, a in enumerate(actions):
        w = a.split()
        if w[:2] == ["d", "dh"]:
            deal.deal(player_index(w[2], n), parse_cards(w[3]))
        elif len(w) >= 2 and w[1] == "sd":
            discards[i] = deal.learn(player_index(w[0], n), parse_cards(w[2]) if len(w) > 2 else [], remove=True)
        elif len(w) > 2 and w[1] == "sm" and w[2] != "-":
            deal.learn(player_index(w[0], n), parse_cards(w[2]), remove=False)
    options = _options(hh, n)
    options["structure"] = _STRUCTURES[code[0]]
    options["blinds"] = " ".join(str(int(x)) for x in hh.get("blinds_or_straddles", []))
    antes = [str(int(x)) for x in hh.get("antes", [])]
    options["antes"] = " ".join(antes)  # by position, as the blinds (PokerKit: heads-up too)
    options.pop("bring_in", None)
    options.update(extra or {})
    base = default_registry().variant(variant).deck(options)
    aliases = _reshuffled(deal, base, variant, names, options, conventions, hh, actions, discards, labels)
    cards = deal.deck(base, aliases=aliases)
    options.update(_conventions(conventions))
    game = _new_game(variant, names, options, cards[: len(base)], hh)
    return _play(game, hh, actions, n, discards, cards, labels, stand_pat)


def _reshuffled(
    deal: _Deal,
    base: Deck,
    variant: str,
    names: list[str],
    options: dict[str, Any],
    conventions: str,
    hh: HandHistory,
    actions: list[str],
    discards: dict[int, list[int]],
    labels: Mapping[int, str] | None,
) -> dict[int, int]:
    """A draw that the stock cannot serve is dealt from the earlier players' discards,
    shuffled (docs/rules/poker.md#b4): the positions it deals past the deck, each mapped to
    the earlier discard it is. Which discard is found by playing the hand to that draw
    (the game's own shuffle, from the same seed, deals the same order every time); one
    reshuffle a hand at most."""
    if len(deal.order) <= len(base):
        return {}
    # the draw that empties the stock: the last discard before the first card past it
    at, dealt = None, 0
    for i, a in enumerate(actions):
        w = a.split()
        if len(w) >= 2 and w[1] == "sd":
            at = i
        elif w[:2] == ["d", "dh"]:
            dealt += len(parse_cards(w[3]))
            if dealt > len(base):
                break
    assert at is not None
    trial = deal.deck(base, first_only=True)[: len(base)]
    n = len(names)
    game = _play(
        _new_game(variant, names, options | _conventions(conventions), trial, hh),
        hh,
        actions,
        n,
        discards,
        trial,
        labels,
        stop=at,
    )
    position = {c: i for i, c in enumerate(trial)}
    older = [position[c] for c in game.state.zone("discards").cards]
    order = list(range(len(older)))
    copy(game.state.rng).shuffle(order)
    stock = [older[k] for k in order]  # dealt from the top, the end
    later = list(range(len(base), len(deal.order)))
    if len(later) > len(stock):
        raise ReplayError(
            f"the deck runs out twice: the hand deals {len(deal.order)} cards, the deck and the"
            f" {len(stock)} discards reshuffled hold {len(base) + len(stock)}"
        )
    return {p: stock[-1 - t] for t, p in enumerate(later)}


def replay_stud(
    hh: HandHistory,
    *,
    conventions: str = "cardroom",
    extra: Mapping[str, Any] | None = None,
    labels: Mapping[int, str] | None = None,
) -> Game:
    """Replay a stud hand history (``F7S``, ``F7S/8``, ``FR``); ``extra`` options of the
    variant and the ``labels`` of the actions in errors are for records read from other
    formats."""
    code = hh["variant"]
    variant = STUD_CODES[code]
    n = len(hh["starting_stacks"])
    names = list(hh.get("players") or [f"p{i + 1}" for i in range(n)])
    actions = hand_actions(hh)
    got: list[list[Card | None]] = [[] for _ in range(n)]
    community: list[Card | None] = []  # the river face up for all, when the deck runs out
    for a in actions:
        w = a.split()
        if w[:2] == ["d", "dh"]:
            got[player_index(w[2], n)] += parse_cards(w[3])
        elif w[:2] == ["d", "db"]:
            community += parse_cards(w[2])
    for a in actions:
        w = a.split()
        if len(w) > 2 and w[1] == "sm" and w[2] != "-":
            seat = player_index(w[0], n)
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
    if len(community) > 1:
        raise ReplayError(f"a stud hand deals one community card at most, not {len(community)}")
    deal.order += community  # dealt when the stock cannot give each player still in a river card
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

    options.update(extra or {})
    cards = deal.deck(default_registry().variant(variant).deck(options), filler)
    options.update(_conventions(conventions))
    game = _new_game(variant, names, options, cards, hh)
    return _play(game, hh, actions, n, {}, cards, labels)


#: Every replayer of this module by PHH variant code.
REPLAYERS: dict[str, Callable[..., Game]] = {
    **{s + g: checked(replay_flop) for s in _STRUCTURES for g in FLOP_GAMES},
    **dict.fromkeys(STUD_CODES, checked(replay_stud)),
    **{s + g: checked(replay_draw) for s in _STRUCTURES for g in DRAW_GAMES},
}
