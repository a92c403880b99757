"""A joker keeps its identity on the table (docs/rules/rummy.md#c0): with ``6h Jk 8h``
melded (the joker the 7h) the 7h is an exchange where the game allows exchanges, never a
lay-off sliding the joker to an end of the run; the cards beyond its ends still lay off.
Scripted from rigged deals in every game with wild jokers on the straight-rummy table:
Wild Card rummy, Kaluki (Bicycle and British), Wrotham rummy (exchanges) and Dime rummy
(no exchange: the 7h has no place at all)."""

from __future__ import annotations

from dataclasses import dataclass, field

import hoyle
import pytest
from hoyle import Card, rummy
from hoyle.testing import rigged_deck
from hoyle_rummy.common import laid_off
from hoyle_rummy.kaluki import british_rules, kaluki_rules
from hoyle_rummy.wild_card import wild_card_rules
from hoyle_rummy.wrotham import WROTHAM_RULES


@dataclass
class Deal:
    """A two-player deal: seat 0 melds ``run`` (and what it needs to open), then seat 1,
    holding the natural cards, is asked what it may do with them."""

    variant: str
    hand0: str
    hand1: str
    turn0: list[str]  # seat 0's whole turn, up to its discard
    turn1: list[str]  # seat 1's turn up to the question
    exchanges: bool = True
    options: dict[str, object] = field(default_factory=dict)
    stock: str = "3c 4c"
    up: str | None = "Ah"


RUN = "6h Jk 8h"
ASKED = "7h 9h 5h"
DEALS = {
    "wild-card-rummy": Deal(
        "wild-card-rummy",
        f"{RUN} 2c 4d 9s Tc 3d 5s Qc",
        f"{ASKED} 2d 4s 8c 3s Kd Kc Js",
        ["draw stock", f"meld {RUN}", "discard Qc"],
        ["draw stock"],
    ),
    "kaluki": Deal(
        "kaluki",
        f"{RUN} Kh Kd Ks Qh Qd Qs 2c 4d 9s Tc 3d 5s",
        f"{ASKED} Ac Ad As Jc Jd Js 2d 4s 8c Td 3s 6c",
        ["draw stock", f"meld {RUN}", "meld Kh Kd Ks", "meld Qh Qd Qs", "discard 3c"],
        ["draw stock", "meld Ac Ad As", "meld Jc Jd Js"],  # 75: open
    ),
    "kaluki-british": Deal(
        "kaluki",
        f"{RUN} Kh Kd Ks 2c 4d 9s Tc 3d 5s Qc",
        f"{ASKED} Ac Ad As Jc Jd Js 2d 4s 8c 3s",
        ["draw stock", f"meld {RUN}", "meld Kh Kd Ks", "discard Qc"],
        ["draw stock", "meld Ac Ad As", "meld Jc Jd Js"],  # 63: open
        options={"british": True},
    ),
    "wrotham-rummy": Deal(
        "wrotham-rummy",
        f"{RUN} 2c 4d 9s Tc Qc",  # the starter: eight cards, no draw
        f"{ASKED} 2d 4s 8c 3s",
        [f"meld {RUN}", "discard Qc"],
        ["draw stock"],
        up=None,
    ),
    "dime-rummy": Deal(
        "dime-rummy",
        f"{RUN} 2c 4d 9s Tc 3d 5s Qc Kd Ks",
        f"{ASKED} 2d 4s 8c 3s Kc Js Jd Jc Td",
        ["draw stock", f"meld {RUN}", "discard Qc"],
        ["draw stock"],
        exchanges=False,
    ),
}


def play(deal: Deal) -> hoyle.Game:
    options = {"first_dealer": 1, **deal.options}
    deck = rigged_deck(
        deal.variant,
        hands={0: deal.hand0, 1: deal.hand1},
        up_card=deal.up,
        options=options,
        stock=deal.stock,
    )
    game = hoyle.new_game(deal.variant, players=2, deck=deck, options=options)
    for action in [*deal.turn0, *deal.turn1]:
        game.act(action)
    return game


@pytest.mark.parametrize("name", list(DEALS))
def test_the_card_a_joker_stands_for_is_no_lay_off(name: str) -> None:
    deal = DEALS[name]
    game = play(deal)
    assert [str(c) for c in game.state.zone("meld:0").cards] == RUN.split()
    legal = [str(a) for a in game.legal_actions()]
    assert "lay off 7h on 0" not in legal  # it would slide the joker to 5h or 9h
    assert ("exchange 7h on 0" in legal) is deal.exchanges
    assert "lay off 9h on 0" in legal and "lay off 5h on 0" in legal  # the ends still take cards
    game.act("lay off 9h on 0")
    assert [str(c) for c in game.state.zone("meld:0").cards] == ["6h", "Jk", "8h", "9h"]
    assert "lay off 7h on 0" not in [str(a) for a in game.legal_actions()]


def test_the_exchange_puts_the_natural_card_in_the_jokers_place() -> None:
    game = play(DEALS["wild-card-rummy"])
    game.act("exchange 7h on 0")
    assert [str(c) for c in game.state.zone("meld:0").cards] == ["6h", "7h", "8h"]
    assert "Jk" in [str(c) for c in game.state.zone("hand:1").cards]


RULES = {
    "wild-card": wild_card_rules("low", 0, False),
    "kaluki": kaluki_rules(),
    "british": british_rules(),
    "wrotham": WROTHAM_RULES,
}

# (the table meld in its order, the card offered, the meld afterwards or None), by hand.
CASES = [
    ("6h Jk 8h", "7h", None),
    ("6h Jk 8h", "5h", "5h 6h Jk 8h"),
    ("6h Jk 8h", "9h", "6h Jk 8h 9h"),
    ("Jk 5h 6h", "4h", None),  # the joker is the 4h
    ("Jk 5h 6h", "7h", "Jk 5h 6h 7h"),
    ("Jk 5h 6h", "3h", "3h Jk 5h 6h"),
    ("5h 6h Jk", "7h", None),  # melded so, the joker is the 7h
    ("5h 6h Jk", "4h", "4h 5h 6h Jk"),
    ("5h 6h Jk", "8h", "5h 6h Jk 8h"),
    ("Jk Jk#1 5h 6h", "4h", None),
    ("Jk Jk#1 5h 6h", "3h", None),
    ("Jk Jk#1 5h 6h", "2h", "2h Jk Jk#1 5h 6h"),
    ("5h 6h 7h", "Jk", "5h 6h 7h Jk"),  # a joker laid off stands above the top card
]


@pytest.mark.parametrize("rules_name", list(RULES))
@pytest.mark.parametrize(("meld", "card", "after"), CASES)
def test_laid_off_keeps_every_joker_standing(rules_name: str, meld: str, card: str, after: str | None) -> None:
    grown = laid_off([Card(c) for c in meld.split()], Card(card), RULES[rules_name])
    assert (None if grown is None else " ".join(map(str, grown))) == after


def test_a_joker_laid_off_goes_below_where_the_run_cannot_go_higher() -> None:
    high = rummy.MeldRules.basic().replace(ace="high", jokers_wild=True)
    grown = laid_off([Card(c) for c in ["Qh", "Kh", "Ah"]], Card("Jk"), high)
    assert grown is not None and " ".join(map(str, grown)) == "Jk Qh Kh Ah"


@pytest.mark.parametrize(("meld", "points"), [("Jk 9s Ts Js", 37), ("9s Ts Js Jk", 39)])
def test_a_joker_counts_towards_the_opening_as_the_card_it_stands_for(meld: str, points: int) -> None:
    """Kaluki (docs/rules/rummy.md#c7-1): a melded joker counts as the card it stands for,
    which the order the run is named in declares: the 8s (8) or the Qs (10)."""
    hand = f"{meld} Qh Qd Qs 2c 3d 5h 6c 7d 8h 4h Ah"
    deck = rigged_deck("kaluki", hands={0: hand}, up_card="9h", options={"first_dealer": 1}, stock="4d")
    game = hoyle.new_game("kaluki", players=2, deck=deck, options={"first_dealer": 1})
    game.act("draw stock")
    game.act(f"meld {meld}")
    assert [str(c) for c in game.state.zone("meld:0").cards] == meld.split()
    assert game.state.public["turn_points"] == points


# (the table run, the wild card laid off, its place: "low" or the default), by hand:
# a wild card on a run open at both ends stands where the player declares.
LOW_CASES = [
    ("5h 6h 7h", "Jk", "Jk 5h 6h 7h"),
    ("6h Jk 8h", "Jk#1", "Jk#1 6h Jk 8h"),
    ("Jk 5h 6h", "Jk#1", "Jk#1 Jk 5h 6h"),
    ("5h 6h 7h", "4h", None),  # a natural card has one place: no choice to declare
    ("Ah 2h 3h", "Jk", None),  # nothing below the ace (ace low): only above
]


@pytest.mark.parametrize("rules_name", list(RULES))
@pytest.mark.parametrize(("meld", "card", "after"), LOW_CASES)
def test_a_wild_card_laid_off_low_stands_below_the_run(
    rules_name: str, meld: str, card: str, after: str | None
) -> None:
    grown = laid_off([Card(c) for c in meld.split()], Card(card), RULES[rules_name], low=True)
    assert (None if grown is None else " ".join(map(str, grown))) == after


@pytest.mark.parametrize(
    ("action", "run", "lays_off", "no_lay_off"),
    [
        ("lay off Jk on 0", "5h 6h 7h Jk", "4h", "8h"),  # the joker is the 8h
        ("lay off low Jk on 0", "Jk 5h 6h 7h", "8h", "4h"),  # the joker is the 4h
    ],
)
def test_the_player_declares_the_end_a_laid_off_joker_stands_at(
    action: str, run: str, lays_off: str, no_lay_off: str
) -> None:
    """Both ends of ``5h 6h 7h`` are open, so the joker may stand for the 4h or the 8h: both
    lay-offs are offered, and the one played fixes the joker's card for the cards after."""
    deal = Deal(
        "wild-card-rummy",
        "5h 6h 7h 2c 4d 9s Tc 3d 5s Qc",
        "Jk 4h 8h 2d 4s 8c 3s Kd Kc Js",
        ["draw stock", "meld 5h 6h 7h", "discard Qc"],
        ["draw stock"],
    )
    game = play(deal)
    legal = [str(a) for a in game.legal_actions()]
    assert {"lay off Jk on 0", "lay off low Jk on 0"} <= set(legal)
    game.act(action)
    assert [str(c) for c in game.state.zone("meld:0").cards] == run.split()
    legal = [str(a) for a in game.legal_actions()]
    assert f"lay off {lays_off} on 0" in legal and f"lay off {no_lay_off} on 0" not in legal
    assert f"exchange {no_lay_off} on 0" in legal  # Wild Card rummy's exchange wins it back
