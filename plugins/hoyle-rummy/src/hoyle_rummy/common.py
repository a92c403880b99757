"""What the rummy variants share: the draw and discard actions, zone names, card points,
and the table helpers (melds on the table, lay-off checks, turning the discard pile over).

    >>> from hoyle import Card, rummy
    >>> fits_meld([Card("7h"), Card("8h"), Card("9h")], Card("Th"), rummy.MeldRules.basic())
    True
    >>> fits_meld([Card("7h"), Card("8h"), Card("9h")], Card("Jh"), rummy.MeldRules.basic())
    False
"""

from __future__ import annotations

from collections.abc import Iterable

from hoyle import Action, Card, Option, State, rummy
from hoyle.errors import HoyleError

from hoyle_rummy.rummy_state import Kind, Zones, public

DRAW_STOCK = Action(Kind.DRAW, source="stock")
DRAW_DISCARD = Action(Kind.DRAW, source="discard")
PASS = Action(Kind.PASS)
RANKS = "A23456789TJQK"


def first_dealer_option(players: int) -> Option:
    """The ``first_dealer`` option of a game of up to ``players`` players."""
    return Option(
        name="first_dealer",
        default=-1,
        doc="Who deals first: -1 drawn at random (from the seed), or a seat",
        choices=(-1, *range(players)),
    )


def stock_limit_option() -> Option:
    """The ``stock_limit`` option of the games that turn the discard pile over as a new
    stock (docs/rules/rummy.md#c1): 0, the rules text's own unbounded play, or 2 or 3 -
    when the stock runs out for that time and the next player declines the discard, play
    ends and the deal scores nothing (a void deal). Runs that must end
    (:attr:`hoyle.Option.bounded`) play with 3."""
    return Option(
        name="stock_limit",
        default=0,
        doc="End play (no score) when the stock runs out this time (0: never)",
        choices=(0, 2, 3),
        bounded=3,
    )


def deals_option() -> Option:
    """The ``deals`` option of a game played to a target: 0 to the target, or that many
    deals; runs that must end play 3 (deals may be void under ``stock_limit``)."""
    return Option(
        name="deals",
        default=0,
        doc="Play this many deals instead of to the target (0: to the target)",
        minimum=0,
        bounded=3,
    )


def hand_zone(seat: int) -> str:
    return f"hand:{seat}"


def hand_cards(state: State, seat: int) -> list[Card]:
    return list(state.zone(hand_zone(seat)).cards)


def card_points(card: Card) -> int:
    """Standard rummy points (docs/rules/rummy.md#c0): K Q J 10 count 10, ace 1, others face value."""
    value = card.rank_value or 0
    return 1 if value == 14 else min(value, 10)


def hand_value(cards: Iterable[Card], rules: rummy.MeldRules) -> int:
    """The count of cards under ``rules`` (its ``values``: e.g. an ace 15 when aces are
    high or low).

    >>> hand_value([Card("As"), Card("Kd"), Card("7c")], rummy.MeldRules.basic())
    18
    """
    return sum(rules.value(c) for c in cards)


def meld_zone(index: int) -> str:
    """The zone of the table meld numbered ``index`` (0, 1, 2... in the order the melds
    were laid down; a meld keeps its number for the rest of the hand)."""
    return f"meld:{index}"


def table_melds(state: State) -> list[list[Card]]:
    """The melds on the table, by number (see :func:`meld_zone`)."""
    return [list(state.zone(meld_zone(i)).cards) for i in range(public(state).get("melds", 0))]


def is_meld(cards: list[Card], rules: rummy.MeldRules) -> bool:
    """Whether ``cards`` form one valid meld under ``rules``."""
    try:
        rummy.Meld(cards, rules)
    except HoyleError:
        return False
    return True


def is_wild(card: Card, rules: rummy.MeldRules) -> bool:
    """Whether ``card`` is wild under ``rules`` (a joker, or a card of a wild rank)."""
    return card.is_joker or card.rank in rules.wild_ranks


def table_faces(meld: list[Card], rules: rummy.MeldRules) -> tuple[list[Card], list[Card]] | None:
    """A table run's cards in play order and what each plays as, read from the meld's own
    order (its zone's, kept in rank order): a wild card stands for the card its place in
    the run needs, whatever another reading would make of it - ``5h 6h Jk`` has the joker
    as the 7h, ``Jk 5h 6h`` as the 4h (docs/rules/rummy.md#c0). None for a set (a wild
    card in a set stands for its rank, any suit the set lacks).

    >>> from hoyle import Card
    >>> rules = rummy.MeldRules.wrotham()
    >>> [str(c) for c in table_faces([Card("5h"), Card("6h"), Card("Jk")], rules)[1]]
    ['5h', '6h', '7h']
    """
    read = rummy.Meld(meld, rules)
    if read.kind != "run":
        return None
    faces = _faces_in_place(meld, rules)
    if faces is not None:
        return list(meld), faces
    return list(read.cards), list(read.plays_as)  # not in play order: the meld as it reads


def _faces_in_place(meld: list[Card], rules: rummy.MeldRules) -> list[Card] | None:
    """What each card of ``meld`` plays as if its order is the run's order, or None."""
    first = next((i for i, c in enumerate(meld) if not is_wild(c, rules)), None)
    if first is None:
        return None
    ref = meld[first]
    at = RANKS.index(str(ref.rank))
    faces = [Card(f"{RANKS[(at + j - first) % len(RANKS)]}{ref.suit}") for j in range(len(meld))]
    naturals_fit = all(is_wild(c, rules) or c.face == f.face for c, f in zip(meld, faces, strict=True))
    return faces if naturals_fit and _plays_in_order(faces, rules) else None


def _plays_in_order(faces: list[Card], rules: rummy.MeldRules) -> bool:
    """Whether natural ``faces`` are a run in the order given (a face twice - Scala 40's
    ace at both ends - read as the pack's two copies)."""
    seen: set[Card] = set()
    copies = []
    for face in faces:
        copies.append(Card(f"{face}#1") if face in seen else face)
        seen.add(face)
    faces = copies
    if not is_meld(faces, rules):
        return False
    read = rummy.Meld(faces, rules)
    return read.kind == "run" and [c.face for c in read.cards] == [c.face for c in faces]


#: The source word of a lay-off that puts a wild card below a run's lowest card where it
#: could stand above the top too: ``lay off low Jk on 2`` (docs/rules/rummy.md#c0).
LOW = "low"


def laid_off(meld: list[Card], card: Card, rules: rummy.MeldRules, low: bool = False) -> list[Card] | None:
    """The table meld ``meld`` with ``card`` laid off, in the order its cards play, or None
    if the card cannot be laid off on it. Every wild card keeps its standing: a natural
    card goes at an end of a run as its place there needs, never into a wild card's place
    (with ``6h Jk 8h`` on the table, the joker the 7h, the 7h is no lay-off - where the
    game allows it, an exchange); a wild card laid off on a run stands above its top card,
    or below its lowest where the player says so (``low``) or the run cannot go higher.
    A card added to a set keeps it a set.

    >>> from hoyle import Card
    >>> rules = rummy.MeldRules.wrotham()
    >>> run = [Card("6h"), Card("Jk"), Card("8h")]
    >>> print(laid_off(run, Card("7h"), rules))
    None
    >>> [str(c) for c in laid_off(run, Card("9h"), rules)]
    ['6h', 'Jk', '8h', '9h']
    >>> [str(c) for c in laid_off(run, Card("Jk#1"), rules, low=True)]
    ['Jk#1', '6h', 'Jk', '8h']
    """
    placed = lay_off_places(meld, card, rules)
    if low:
        return next((grown for below, grown in placed if below), None) if len(placed) > 1 else None
    return placed[0][1] if placed else None


def lay_off_places(meld: list[Card], card: Card, rules: rummy.MeldRules) -> list[tuple[bool, list[Card]]]:
    """Where ``card`` can be laid off on table meld ``meld``: ``(below, grown)`` for each
    place, ``grown`` the meld as it then plays, the default place first (see
    :func:`laid_off`). Two places only for a wild card on a run open at both ends - the
    player declares which card it stands for (docs/rules/rummy.md#c0).

    >>> from hoyle import Card
    >>> rules = rummy.MeldRules.wrotham()
    >>> [(below, " ".join(map(str, grown))) for below, grown in lay_off_places([Card("5h"), Card("6h"), Card("7h")], Card("Jk"), rules)]
    [(False, '5h 6h 7h Jk'), (True, 'Jk 5h 6h 7h')]
    """
    if not is_meld([*meld, card], rules):
        return []
    read = table_faces(meld, rules)
    if read is None:
        grown = rummy.Meld([*meld, card], rules)
        return [(False, list(grown.cards))] if grown.kind == "set" else []
    order, faces = read
    low, high = _end_face(faces[0], -1), _end_face(faces[-1], 1)
    wild = is_wild(card, rules)
    ends = [(False, high), (True, low)] if wild else [(True, low), (False, high)]
    places = []
    for below, face in ends:
        fits = wild or card.face == face.face
        if fits and _plays_in_order([face, *faces] if below else [*faces, face], rules):
            places.append((below, [card, *order] if below else [*order, card]))
    return places if wild else places[:1]


def _end_face(end: Card, step: int) -> Card:
    """The card next to ``end`` in its suit, ``step`` ranks away (round the corner)."""
    return Card(f"{RANKS[(RANKS.index(str(end.rank)) + step) % len(RANKS)]}{end.suit}")


def fits_meld(meld: list[Card], card: Card, rules: rummy.MeldRules) -> bool:
    """Whether ``card`` can be laid off on table meld ``meld`` (see :func:`laid_off`)."""
    return laid_off(meld, card, rules) is not None


def add_meld(state: State, seat: int, cards: Iterable[Card], rules: rummy.MeldRules, src: str | None = None) -> int:
    """Lay ``cards`` from ``src`` (default: the seat's hand) on the table as a new public
    meld owned by ``seat``, in meld order (runs low to high; a run named in an order it
    plays in keeps it, which declares its jokers: ``5h 6h Jk`` has the joker the 7h,
    ``Jk 5h 6h`` the 4h); returns its number."""
    index = public(state).get("melds", 0)
    name = meld_zone(index)
    state.add_zone(name, owner=seat)
    read = table_faces(list(cards), rules)  # a run named in play order keeps that order
    ordered = read[0] if read is not None else rummy.Meld(list(cards), rules).cards
    state.move(ordered, src or hand_zone(seat), name, seat=seat, event="meld")
    public(state)["melds"] = index + 1
    return int(index)


def lay_off_card(
    state: State,
    seat: int,
    card: Card,
    index: int,
    rules: rummy.MeldRules,
    src: str | None = None,
    low: bool = False,
) -> None:
    """Lay ``card`` off on table meld ``index`` (:func:`laid_off`; ``low``: a wild card below
    the run's lowest card), keeping the meld's zone
    in the order its cards play (docs/rules/rummy.md#c0: a meld's cards are kept in rank
    order, which fixes what each joker stands for). The card goes under the meld when it
    extends a run downwards, on top otherwise.

    >>> from hoyle import Deck, State
    >>> state = State("rummy", ["a", "b"], {}, deck=Deck("4c Jk 2c 3c"))
    >>> _ = state.add_zone("hand:0"), state.add_zone("meld:0")
    >>> _ = state.move_top("deck", "hand:0"), state.move_top("deck", "meld:0", 3)
    >>> lay_off_card(state, 0, Card("4c"), 0, rummy.MeldRules.wrotham())
    >>> [str(c) for c in state.zone("meld:0").cards]
    ['Jk', '2c', '3c', '4c']
    """
    name = meld_zone(index)
    zone = state.zone(name)
    ordered = laid_off(list(zone.cards), card, rules, low)
    assert ordered is not None, f"{card} does not lay off on {name}"
    state.move([card], src or hand_zone(seat), name, seat=seat, event="lay_off", bottom=ordered[0] == card)
    if zone.cards != ordered:
        zone.cards[:] = ordered


def turn_over_pile(state: State, shuffle: bool = False) -> None:
    """Turn the discard pile over as the new stock: unshuffled, the first card discarded
    becomes the top of the stock; with ``shuffle`` it is shuffled with ``state.rng``."""
    n = len(state.zone(Zones.DISCARD).cards)
    state.move_top(Zones.DISCARD, Zones.STOCK, n, event="turn_over")
    if shuffle:
        state.rng.shuffle(state.zone(Zones.STOCK).cards)
        state.log("shuffle_stock")
