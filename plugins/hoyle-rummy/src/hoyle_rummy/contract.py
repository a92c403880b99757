"""Contract rummy (docs/rules/rummy.md#c3), variant ``contract-rummy``.

3 to 8 players: up to four play with one pack and a joker (53 cards), five to eight with
two packs and two jokers (106 cards; one pack cannot deal five players the 12-card
contracts). Aces are high or low (A-2-3 and Q-K-A, never
K-A-2). The lowest card of a cut (from the seeded generator, ace low; option
``first_dealer`` fixes the dealer) deals first; the deal moves left. Cards are dealt
one at a time from the dealer's left; the next card face up starts the discard pile;
the player left of the dealer plays first.

Seven deals, one contract each (``hoyle.rummy.contract_of_deal``): 1) 10 cards, 2 sets;
2) 10, 1 set + 1 run; 3) 10, 2 runs; 4) 10, 3 sets; 5) 12, 2 sets + 1 run; 6) 12, 1 set
+ 2 runs; 7) 12, 3 runs, all cards melded at once (every card, or every card but the
one discarded). Runs within one contract are of different suits; with two packs a set
never repeats a suit.

A turn (actions in their text form):

* ``draw stock``; ``draw discard`` (the top card); ``draw discard X`` - buy from inside
  the pile: take X and every card above it; X must be melded at once, so the next
  action is the contract meld holding X (or, once the contract is met, a lay-off of X).
  It is offered only when that is possible.
* ``meld C...``: the first meld is exactly the contract, all at once: the cards must
  split into exactly the contract's sets and runs (``hoyle.rummy.find_contract``). Once
  the contract is met, ``meld C...`` puts down one more set or run.
* ``lay off X on i`` (contract met): X extends meld ``i`` (anyone's) and sits in front
  of the player who laid it off (zone ``laid:SEAT:i``).
* ``swap X on i`` (contract met): X is the natural card a joker in run ``i`` stands
  for; the joker comes to hand and must be laid off that same turn (no discard before).
  Jokers in sets are dead: never swapped.
* ``discard X`` ends the turn. A single card drawn from the top of the pile may not be
  discarded that turn; of several drawn, any one may. Going out - no cards left, by
  discard, meld or lay-off - ends the deal for everyone.

Jokers are wild: a joker stands for the card the engine declares when it is melded
(``Meld.wilds`` of the contract arrangement; a joker laid off on a run extends its
upper end when it can, else its lower end; on a set it takes the first missing suit in
the order c, d, h, s) and keeps it while it stays on the table (``public["jokers"]``).

When the stock is empty the discard pile but its top card is shuffled (``state.rng``)
into a new stock; when that is impossible (one card in the pile), or was done
``reshuffles`` times already (option; -1, the default, sets no limit; runs that must
end, :attr:`hoyle.Option.bounded`, play 3), the deal ends with nobody out. Penalty points for cards left in hand: K Q J 10 = 10, ace 15, joker
15, others face value. After seven deals the lowest total wins; the settlement is
zero-sum: each pair of players settles the difference of their totals.

Choices where the rules are silent: the engine declares jokers (above); a player may
lay off and swap on the turn they meet the contract; a meld or lay-off that would
leave only cards the player may neither discard nor lay off is refused.

    >>> import hoyle
    >>> game = hoyle.new_game("contract-rummy", players=4, seed=3)
    >>> game.state.public["contract"], len(game.view(0)["zones"]["hand:0"]["cards"])
    ('2 sets', 10)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from hoyle import Action, Card, Deck, Option, State, Variant, Zone, hookimpl, rummy
from hoyle.errors import HoyleError, InvalidOptionError

from hoyle_rummy.common import DRAW_DISCARD, DRAW_STOCK, LOW, hand_cards, hand_zone
from hoyle_rummy.rummy_state import Kind, Phase, Zones, contract_public

RULES = rummy.MeldRules.contract()
#: The contract rules with sets (runs) out of reach: what a runs-only (sets-only)
#: contract counts as melds, for bots measuring how close a hand is.
RUNS_ONLY = RULES.replace(min_set=9, max_set=9)
SETS_ONLY = RULES.replace(min_run=13)
DEALS = 7
SUITS = "cdhs"
RANKS = "23456789TJQKA"


def penalty(card: Card) -> int:
    """Contract rummy's penalty points: K Q J 10 = 10, ace 15, joker 15, others face value.

    >>> [penalty(Card(c)) for c in ("Kd", "Ts", "As", "Jk", "7c")]
    [10, 10, 15, 15, 7]
    """
    if card.is_joker:
        return 15
    value = card.rank_value or 0
    return 15 if value == 14 else min(value, 10)


def hand_size(deal: int) -> int:
    """Cards dealt in deal ``deal`` (0-based): 10 in the first four, then 12."""
    return 10 if deal < 4 else 12


def contract_counts(contract: str) -> tuple[int, int]:
    """``"1 set + 2 runs"`` -> (1, 2)."""
    sets = sum(int(n) for n in re.findall(r"(\d+) sets?", contract))
    runs = sum(int(n) for n in re.findall(r"(\d+) runs?", contract))
    return sets, runs


def contract_text(sets: int, runs: int) -> str:
    parts = [f"{sets} set{'s' if sets > 1 else ''}"] if sets else []
    parts += [f"{runs} run{'s' if runs > 1 else ''}"] if runs else []
    return " + ".join(parts)


def meld_of(plays: Sequence[Card]) -> rummy.Meld | None:
    """The meld these cards make (as they play: jokers as declared), or None."""
    try:
        return rummy.Meld(list(plays), RULES)
    except HoyleError:
        return None


_meld = meld_of


#: The most players one pack and its joker (53 cards) can deal every contract to: five
#: players' 12-card deals would need 61 cards, so five play with two packs
#: (docs/rules/rummy.md#c3).
ONE_PACK_PLAYERS = 4


def _deck(options: Any, players: int = 4) -> Deck:
    return Deck.standard(1, 1) if players <= ONE_PACK_PLAYERS else Deck.standard(2, 2)


class ContractRules:
    """The rule hooks of contract rummy."""

    # --- the deal ---------------------------------------------------------------------

    @hookimpl
    def hoyle_deal(self, state: State) -> bool:
        pub = contract_public(state)
        n = len(state.players)
        if state.deal_number == 0:
            first = state.options["first_dealer"]
            if first >= n:
                raise InvalidOptionError(f"option first_dealer={first}: seats are 0..{n - 1}")
            pub["dealer"] = self._cut(state) if first < 0 else first
        else:
            pub["dealer"] = (pub["dealer"] + 1) % n
        dealer = pub["dealer"]
        contract = rummy.contract_of_deal(state.deal_number + 1)
        pub.update(
            {
                "contract": contract,
                "hand_size": hand_size(state.deal_number),
                "met": [False] * n,
                "melds": [],
                "jokers": {},
                "taken": None,
                "single_top": None,
                "must_use": None,
                "swapped": None,
                "out": None,
                "reshuffles": 0,
            }
        )
        for seat in state.seats:
            state.add_zone(hand_zone(seat), owner=seat, visibility=Zone.OWNER)
        state.add_zone(Zones.STOCK, visibility=Zone.HIDDEN)
        state.add_zone(Zones.DISCARD, visibility=Zone.PUBLIC)
        order = [(dealer + 1 + i) % n for i in range(n)]
        for _ in range(pub["hand_size"]):
            for seat in order:
                state.move_top(Zones.DECK, hand_zone(seat), seat=seat, event="deal")
        state.move_top(Zones.DECK, Zones.DISCARD, event="up_card")
        state.move_pile(Zones.DECK, Zones.STOCK)
        state.phase, state.to_act = Phase.DRAW, order[0]
        return True

    @staticmethod
    def _cut(state: State) -> int:
        """Each player cuts a card (ace low) from a pack shuffled by the seeded
        generator; the lowest deals, ties cut again."""
        seats = list(state.seats)
        while True:
            pack = list(Deck.standard().cards)
            state.rng.shuffle(pack)
            cuts = {s: pack[i] for i, s in enumerate(seats)}
            state.log("cut", None, cards={str(s): str(c) for s, c in cuts.items()})
            low = min(_low(c) for c in cuts.values())
            seats = [s for s in seats if _low(cuts[s]) == low]
            if len(seats) == 1:
                return seats[0]

    # --- legal actions ----------------------------------------------------------------

    @hookimpl
    def hoyle_legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat != state.to_act:
            return []
        if state.phase == Phase.DRAW:
            return self._draw_actions(state, seat)
        pub = contract_public(state)
        hand = hand_cards(state, seat)
        met = pub["met"][seat]
        must = Card(pub["must_use"]) if pub["must_use"] else None
        if met:
            actions = self._lay_off_actions(state, seat, hand, must) + self._meld_actions(state, seat, hand, must)
        else:
            actions = self._contract_actions(state, seat, hand, must)
        if must is not None:  # the card bought from the pile is melded or laid off first
            return actions
        if met:
            actions += self._swaps(state, seat, hand)
        if pub["swapped"] is None or Card(pub["swapped"]) not in hand:
            single = pub["single_top"]
            actions += [Action(Kind.DISCARD, (c,)) for c in sorted(set(hand)) if str(c) != single]
        return actions

    def _draw_actions(self, state: State, seat: int) -> list[Action]:
        """The draw phase's actions: the stock (or the pile turned when it is empty),
        the pile's top card, or a card deeper in the pile bought with those above it."""
        actions = []
        if state.zone(Zones.STOCK).cards or self._may_turn(state):
            actions.append(DRAW_STOCK)
        pile = state.zone(Zones.DISCARD).cards
        if pile:
            actions.append(DRAW_DISCARD)
        for i in range(len(pile) - 1):
            if self._can_buy(state, seat, i):
                actions.append(Action(Kind.DRAW, (pile[i],), source="discard"))
        return actions

    def _contract_actions(self, state: State, seat: int, hand: list[Card], must: Card | None) -> list[Action]:
        """The melds that make the deal's contract from ``hand`` (with the bought card
        ``must`` among them, if any) and leave a hand that can still go out."""
        actions = []
        for melds in contract_melds(hand, contract_public(state)["contract"], must):
            used = [c for m in melds for c in m.cards]
            if self._meld_leaves(state, seat, _without(hand, used), melds) is None:
                actions.append(Action(Kind.MELD, tuple(sorted(used))))
        return actions

    def _lay_off_actions(self, state: State, seat: int, hand: list[Card], must: Card | None) -> list[Action]:
        """After the contract: each card of ``hand`` (only ``must`` if a bought card
        must be used) laid off on each table meld it fits, a joker that fits two ways
        declared low too, where the hand left can still go out."""
        actions = []
        cards = [must] if must is not None else sorted(set(hand))
        for c in cards:
            for i in range(len(contract_public(state)["melds"])):
                faces = self._lay_off_faces(state, i, c)
                if faces and self._finishable(state, seat, _without(hand, [c])):
                    actions.append(Action(Kind.LAY_OFF, (c,), target=i))
                    if len(faces) > 1:  # the player declares the joker's card
                        actions.append(Action(Kind.LAY_OFF, (c,), source=LOW, target=i))
        return actions

    def _meld_actions(self, state: State, seat: int, hand: list[Card], must: Card | None) -> list[Action]:
        """After the contract: each further meld of ``hand`` (holding ``must``, if
        any), once per set of cards, where the hand left can still go out."""
        actions = []
        for meld in {
            frozenset(m.cards): m for m in rummy.all_melds(hand, RULES) if must is None or must in m.cards
        }.values():
            if self._finishable(state, seat, _without(hand, list(meld.cards)), [list(meld.plays_as)]):
                actions.append(Action(Kind.MELD, tuple(sorted(meld.cards))))
        return actions

    @hookimpl
    def hoyle_check_action(self, state: State, seat: int, action: Action) -> str | None:
        """Any meld of exactly the contract is accepted, not only the listed one."""
        if action.kind != Kind.MELD or seat != state.to_act or state.phase != Phase.PLAY:
            return None
        pub = contract_public(state)
        hand = hand_cards(state, seat)
        cards = list(action.cards)
        if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
            return "meld cards from your hand"
        if pub["must_use"] and Card(pub["must_use"]) not in cards:
            return f"the card bought from the pile, {pub['must_use']}, must be melded now"
        if pub["met"][seat]:
            meld = _meld(cards)
            if meld is None:
                return "not a set or run"
            ok = self._finishable(state, seat, _without(hand, cards), [list(meld.plays_as)])
            return "ok" if ok else "that would leave only cards you may neither discard nor lay off"
        arr = rummy.find_contract(cards, pub["contract"], RULES)
        if arr is None or arr.deadwood:
            return f"those cards are not exactly the contract ({pub['contract']}; runs of different suits)"
        reason = self._meld_leaves(state, seat, _without(hand, cards), list(arr.melds))
        return reason or "ok"

    def _meld_leaves(self, state: State, seat: int, rest: list[Card], melds: list[rummy.Meld]) -> str | None:
        if state.deal_number == DEALS - 1 and len(rest) > 1:
            return "in the last deal every card is melded at once (at most one left to discard)"
        extra = [list(m.plays_as) for m in melds]
        if not self._finishable(state, seat, rest, extra):
            return "that would leave only cards you may neither discard nor lay off"
        return None

    def _can_buy(self, state: State, seat: int, index: int) -> bool:
        pile = state.zone(Zones.DISCARD).cards
        card = pile[index]
        taken = list(pile[index:])
        hand = hand_cards(state, seat) + taken
        pub = contract_public(state)
        if pub["met"][seat]:
            return any(self._lay_off_plays(state, i, card) is not None for i in range(len(pub["melds"])))
        found = _contract_with(hand, pub["contract"], card)
        if found is None:
            return False
        if state.deal_number == DEALS - 1:
            rest = _without(hand, [c for m in found for c in m.cards])
            return len(rest) <= 1
        return True

    def _lay_off_plays(self, state: State, index: int, card: Card, low: bool = False) -> Card | None:
        """The card ``card`` would play as, laid off on meld ``index`` (``low``: a joker below
        a run's lowest card, where it could stand above the top too); None if it cannot."""
        faces = self._lay_off_faces(state, index, card)
        if low:
            return faces[1] if len(faces) > 1 else None
        return faces[0] if faces else None

    def _lay_off_faces(self, state: State, index: int, card: Card) -> list[Card]:
        """What ``card`` can play as, laid off on meld ``index``, the default first: a joker
        on a run stands above its top card, or below its lowest - the player declares which
        where the run is open at both ends (docs/rules/rummy.md#c3)."""
        meld = contract_public(state)["melds"][index]
        plays = [Card(c) for c in meld["plays"]]
        if not card.is_joker:
            face = card.face
            return [face] if _meld([*plays, face]) is not None else []
        if meld["kind"] == "set":
            rank = plays[0].rank
            sets = (Card(f"{rank}{s}") for s in SUITS)
            return next(([cand] for cand in sets if _meld([*plays, cand]) is not None), [])
        suit = plays[0].suit
        above: list[Card] = []
        below: list[Card] = []
        for r in RANKS:
            cand = Card(f"{r}{suit}")
            m = _meld([*plays, cand])
            if m is not None:
                (above if m.plays_as[-1] == cand else below).append(cand)
        return above[:1] + below[:1]

    def _swaps(self, state: State, seat: int, hand: list[Card]) -> list[Action]:
        """The joker swaps open to ``seat``: each natural card in hand that a joker in a
        run stands for - as long as the turn can still end after it (the joker laid off,
        then a legal discard or going out; docs/rules/rummy.md#c3)."""
        actions = []
        for i, meld in enumerate(contract_public(state)["melds"]):
            if meld["kind"] != "run":
                continue
            for card_text, plays in zip(meld["cards"], meld["plays"]):
                joker = Card(card_text)
                if not joker.is_joker:
                    continue
                for c in sorted(set(hand)):
                    if not c.is_joker and str(c.face) == plays and self._swap_finishable(state, seat, hand, c, joker):
                        actions.append(Action(Kind.SWAP, (c,), target=i))
        return actions

    def _swap_finishable(self, state: State, seat: int, hand: list[Card], card: Card, joker: Card) -> bool:
        """Whether, after swapping ``card`` for ``joker``, the turn can still end: the
        joker must be laid off this turn (the table's melds play as before: ``card``
        stands where the joker stood), and what is left must still finish the turn."""
        melds = range(len(contract_public(state)["melds"]))
        if not any(self._lay_off_plays(state, i, joker) is not None for i in melds):
            return False
        return self._finishable(state, seat, _without(hand, [card]))

    def _finishable(self, state: State, seat: int, rest: list[Card], extra: Sequence[Sequence[Card]] = ()) -> bool:
        """Whether a hand left as ``rest`` can still end the turn: empty, or holding a
        card it may discard, or only cards it can lay off. A joker just won back by a
        swap must be laid off first (a meld on the table to take it), and does not count
        as a card to discard."""
        pub = contract_public(state)
        tables = [[Card(p) for p in m["plays"]] for m in pub["melds"]] + [list(e) for e in extra]
        swapped = pub["swapped"]
        if swapped is not None and Card(swapped) in rest:
            if not tables:
                return False
            rest = [c for c in rest if str(c) != swapped]
        if not rest or any(str(c) != pub["single_top"] for c in rest):
            return True
        for c in rest:
            if c.is_joker:
                if not tables:
                    return False
                continue
            if not any(_meld([*t, c.face]) is not None for t in tables):
                return False
        return True

    # --- applying -----------------------------------------------------------------------

    @hookimpl
    def hoyle_apply_action(self, state: State, seat: int, action: Action) -> bool:
        if action.kind == Kind.DRAW:
            self._apply_draw(state, seat, action)
            return True
        hand_name = hand_zone(seat)
        if action.kind == Kind.MELD:
            self._apply_meld(state, seat, action)
        elif action.kind == Kind.LAY_OFF:
            self._apply_lay_off(state, seat, action)
        elif action.kind == Kind.SWAP:
            self._apply_swap(state, seat, action)
        else:  # discard
            state.move([action.cards[0]], hand_name, Zones.DISCARD, seat=seat, event="discard")
            if state.zone(hand_name).cards:
                pub = contract_public(state)
                pub.update({"taken": None, "single_top": None, "must_use": None, "swapped": None})
                state.phase, state.to_act = Phase.DRAW, (seat + 1) % len(state.players)
                if not state.zone(Zones.STOCK).cards and not self._may_turn(state):
                    state.end_deal("stock out")
                return True
        if not state.zone(hand_name).cards:
            contract_public(state)["out"] = seat
            state.end_deal("out", seat=seat)
        return True

    def _apply_draw(self, state: State, seat: int, action: Action) -> None:
        """Draw from the stock (turning the pile first if it is empty), the pile's top
        card, or buy a deeper card with those above it (it must then be used)."""
        pub = contract_public(state)
        if action.source == "stock":
            if not state.zone(Zones.STOCK).cards:
                self._turn_pile(state)
            state.move_top(Zones.STOCK, hand_zone(seat), seat=seat, event="draw")
            pub["taken"] = None
        elif not action.cards:
            card = state.move_top(Zones.DISCARD, hand_zone(seat), seat=seat, event="draw")[0]
            pub.update({"taken": [str(card)], "single_top": str(card)})
        else:
            pile = state.zone(Zones.DISCARD).cards
            index = pile.index(action.cards[0])
            taken = state.move_top(Zones.DISCARD, hand_zone(seat), len(pile) - index, seat=seat, event="draw")
            pub.update({"taken": [str(c) for c in taken], "must_use": str(action.cards[0])})
        state.phase = Phase.PLAY

    def _apply_meld(self, state: State, seat: int, action: Action) -> None:
        """Lay the contract's melds down (or, once it is met, one more meld)."""
        pub = contract_public(state)
        if pub["met"][seat]:
            one = _meld(list(action.cards))
            assert one is not None
            melds = [one]
        else:
            arr = rummy.find_contract(list(action.cards), pub["contract"], RULES)
            assert arr is not None
            melds = list(arr.melds)
        for meld in melds:
            self._place(state, seat, meld)
        pub["met"][seat] = True
        pub["must_use"] = None

    def _apply_lay_off(self, state: State, seat: int, action: Action) -> None:
        """Lay a card off on a table meld: the meld's cards and what they play as kept
        in order (a run sorted), a joker's declared card noted."""
        pub = contract_public(state)
        card, i = action.cards[0], action.target
        assert i is not None
        plays = self._lay_off_plays(state, i, card, low=action.source == LOW)
        assert plays is not None
        laid = pub["melds"][i]
        zone = self._laid_zone(state, seat, i)
        state.move([card], hand_zone(seat), zone, seat=seat, event="lay_off")
        new = _meld([Card(p) for p in laid["plays"]] + [plays])
        assert new is not None
        pairs = [*list(zip(laid["cards"], laid["plays"])), (str(card), str(plays))]
        order = {str(p): k for k, p in enumerate(new.plays_as)}
        if laid["kind"] == "run":
            pairs.sort(key=lambda cp: order[cp[1]])
        laid["cards"], laid["plays"] = [c for c, _ in pairs], [p for _, p in pairs]
        if card.is_joker:
            pub["jokers"][str(card)] = str(plays)
            if pub["swapped"] == str(card):
                pub["swapped"] = None
        if pub["must_use"] == str(card):
            pub["must_use"] = None

    def _apply_swap(self, state: State, seat: int, action: Action) -> None:
        """Take a table meld's joker into the hand, the natural card it stands for put
        in its place."""
        pub = contract_public(state)
        hand_name = hand_zone(seat)
        card, i = action.cards[0], action.target
        assert i is not None
        laid = pub["melds"][i]
        k = laid["plays"].index(str(card.face))
        joker = Card(laid["cards"][k])
        state.move([joker], self._zone_holding(state, i, joker), hand_name, seat=seat, event="swap")
        state.move([card], hand_name, self._laid_zone(state, seat, i), seat=seat, event="swap")
        laid["cards"][k] = str(card)
        pub["jokers"].pop(str(joker), None)
        pub["swapped"] = str(joker)

    def _place(self, state: State, seat: int, meld: rummy.Meld) -> None:
        pub = contract_public(state)
        i = len(pub["melds"])
        name = f"meld:{i}"
        state.add_zone(name, owner=seat, visibility=Zone.PUBLIC)
        state.move(meld.cards, hand_zone(seat), name, seat=seat, event="meld")
        pub["melds"].append(
            {
                "owner": seat,
                "kind": meld.kind,
                "cards": [str(c) for c in meld.cards],
                "plays": [str(p) for p in meld.plays_as],
            }
        )
        for wild, plays in meld.wilds.items():
            pub["jokers"][str(wild)] = str(plays)

    @staticmethod
    def _laid_zone(state: State, seat: int, index: int) -> str:
        name = f"laid:{seat}:{index}"
        if name not in state.zones:
            state.add_zone(name, owner=seat, visibility=Zone.PUBLIC)
        return name

    @staticmethod
    def _zone_holding(state: State, index: int, card: Card) -> str:
        names = [f"meld:{index}"] + [n for n in state.zones if n.startswith("laid:") and n.endswith(f":{index}")]
        return next(n for n in names if card in state.zone(n).cards)

    @staticmethod
    def _may_turn(state: State) -> bool:
        limit = state.options["reshuffles"]
        return len(state.zone(Zones.DISCARD).cards) > 1 and (limit < 0 or contract_public(state)["reshuffles"] < limit)

    @staticmethod
    def _turn_pile(state: State) -> None:
        """The stock is empty: the discard pile but its top card, shuffled, is the new stock."""
        pile = state.zone(Zones.DISCARD).cards
        cards = list(pile[:-1])
        state.rng.shuffle(cards)
        state.move(cards, Zones.DISCARD, Zones.STOCK, event="reshuffle")
        contract_public(state)["reshuffles"] += 1

    # --- scoring -------------------------------------------------------------------------

    @hookimpl
    def hoyle_score_deal(self, state: State) -> dict[int, int]:
        return {s: sum(penalty(c) for c in hand_cards(state, s)) for s in state.seats}

    @hookimpl
    def hoyle_match_over(self, state: State) -> bool:
        return state.deal_number >= DEALS - 1

    @hookimpl
    def hoyle_settle(self, state: State) -> dict[int, int]:
        scores = state.scores
        return {s: sum(o - scores[s] for o in scores) for s in state.seats}


def _low(card: Card) -> int:
    value = card.rank_value or 0
    return 1 if value == 14 else value


def _without(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return rest


def contract_melds(hand: list[Card], contract: str, must: Card | None = None) -> list[list[rummy.Meld]]:
    """Every way to meld exactly ``contract`` from ``hand`` (holding ``must``, if
    given): each distinct set of cards that splits into the contract's sets and runs
    (runs of different suits), once, with one split of it. The legal actions offer each
    (``meld C...``), so a player or bot sees every choice - an all-natural meld beside
    one using the joker. Enumerated from every meld the hand holds (:func:`_every_meld`):
    the contract's number of sets, then of runs, pairwise disjoint.

    >>> from hoyle import Card
    >>> hand = [Card(c) for c in "7c 7d 7h 9s 9h 9d Jk 2c 5d Kh".split()]
    >>> texts = sorted(" ".join(map(str, sorted(c for m in ms for c in m.cards))) for ms in contract_melds(hand, "2 sets"))
    >>> texts[:2]
    ['7c 7d 7h 9d 9h 9s', '7c 7d 7h 9d 9h 9s Jk']
    """
    if rummy.find_contract(hand, contract, RULES) is None:
        return []
    sets, runs = contract_counts(contract)
    # Each meld's cards, as a set and as a run of a suit; a meld of one natural card and
    # jokers may be either (the exact split is the search's, below).
    by_kind: dict[str, list[tuple[frozenset[Card], str]]] = {"set": [], "run": []}
    for meld in _every_meld(hand):
        cards = frozenset(meld.cards)
        naturals = [c for c in meld.cards if not c.is_joker]
        if meld.kind == "run" or len(naturals) <= 1:
            suit = meld.plays_as[0].suit if meld.kind == "run" else naturals[0].suit if naturals else ""
            by_kind["run"].append((cards, str(suit or "")))
        if meld.kind == "set" or len(naturals) <= 1:
            by_kind["set"].append((cards, ""))
    found: dict[tuple[Card, ...], list[rummy.Meld]] = {}

    def pick(kind: str, k: int, start: int, used: frozenset[Card], suits: frozenset[str]) -> None:
        if k == 0:
            if kind == "set":
                pick("run", runs, 0, used, suits)
                return
            key = tuple(sorted(used))
            if key not in found and (must is None or must in used):
                exact = rummy.find_contract(list(key), contract, RULES)
                if exact is not None and not exact.deadwood:
                    found[key] = list(exact.melds)
            return
        options = by_kind[kind]
        for i in range(start, len(options)):
            meld_cards, suit = options[i]
            if meld_cards & used or (suit and suit in suits):
                continue
            pick(kind, k - 1, i + 1, used | meld_cards, suits | {suit} if suit else suits)

    pick("set", sets, 0, frozenset(), frozenset())
    return list(found.values())


def _every_meld(hand: list[Card]) -> list[rummy.Meld]:
    """Every set and run the hand holds. ``hoyle.rummy.all_melds`` lists each meld by
    its faces, with the melds a joker completes or extends; not a meld in which a joker
    stands for a natural card the hand also holds (6s Jk 8s beside the 7s), nor, with two
    packs, the same meld made of the other copy of a card. Those are added here, by
    putting a free joker in the place of a natural card, or the other copy (of a card,
    or the other joker) in its place, as long as new melds come."""
    jokers = [c for c in hand if c.is_joker]
    copies: dict[str, list[Card]] = {}
    for c in hand:
        if not c.is_joker:
            copies.setdefault(str(c.face), []).append(c)
    found = {frozenset(m.cards): m for m in rummy.all_melds(hand, RULES)}
    if not jokers and all(len(cs) == 1 for cs in copies.values()):
        return list(found.values())
    todo = list(found.values())
    while todo:
        meld = todo.pop()
        free = [j for j in jokers if j not in meld.cards]
        for i, card in enumerate(meld.cards):
            if card.is_joker:
                others = free[:1]  # the other joker
            else:
                others = [c for c in copies[str(card.face)] if c not in meld.cards] + free[:1]
            for other in others:
                cards = [*meld.cards[:i], other, *meld.cards[i + 1 :]]
                key = frozenset(cards)
                if key in found:
                    continue
                try:
                    found[key] = swapped = rummy.Meld(cards, RULES)
                except HoyleError:
                    continue
                todo.append(swapped)
    return list(found.values())


def _contract_with(hand: list[Card], contract: str, must: Card | None) -> list[rummy.Meld] | None:
    """Melds of exactly ``contract`` from ``hand``, holding ``must`` if given; None if
    none is found. Without ``must`` this is ``find_contract``; with it, the best
    arrangement if it holds ``must``, else each meld holding ``must`` completed by the
    rest of the contract from the other cards (runs of other suits)."""
    arr = rummy.find_contract(hand, contract, RULES)
    if arr is None:
        return None
    if must is None or must in [c for m in arr.melds for c in m.cards]:
        return list(arr.melds)
    sets, runs = contract_counts(contract)
    for meld in rummy.all_melds(hand, RULES):
        if must not in meld.cards:
            continue
        s, r = (sets - 1, runs) if meld.kind == "set" else (sets, runs - 1)
        if s < 0 or r < 0:
            continue
        if s == r == 0:
            return [meld]
        rest = _without(hand, list(meld.cards))
        suit = meld.plays_as[0].suit if meld.kind == "run" else None
        tries = [rest] + ([[c for c in rest if c.is_joker or c.suit != suit]] if suit else [])
        for cards in tries:
            sub = rummy.find_contract(cards, contract_text(s, r), RULES)
            if sub is None:
                continue
            if suit is None or all(m.kind == "set" or m.plays_as[0].suit != suit for m in sub.melds):
                return [meld, *sub.melds]
    return None


CONTRACT = Variant(
    name="contract-rummy",
    rules=ContractRules(),
    players=(3, 8),
    deck=_deck,
    options=(
        Option(
            name="first_dealer",
            default=-1,
            doc="Who deals first: -1 by the low cut (from the seed), or a seat",
            check_value=lambda v: None if v >= -1 else "a seat, or -1 for the cut",
        ),
        Option(
            name="reshuffles",
            default=-1,
            doc="Times the discard pile may be turned into a new stock before the deal ends with nobody out (-1: no limit)",
            check_value=lambda v: None if v >= -1 else "-1 or a count",
            bounded=3,
        ),
    ),
    family="rummy",
    description="Contract rummy: seven deals, seven contracts, buying from the pile, jokers; lowest penalty total wins.",
)
