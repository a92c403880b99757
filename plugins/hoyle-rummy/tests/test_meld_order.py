"""A meld's zone stays in rank order as cards are laid off (docs/rules/rummy.md#c0), even
where the card laid off makes an ace change its place in the run; a joker keeps its
place (tests/test_joker_identity.py has the cards it refuses)."""

from __future__ import annotations

import pytest
from hoyle import Card, Deck, State, rummy
from hoyle_rummy.common import lay_off_card
from hoyle_rummy.scala40 import scala_rules
from hoyle_rummy.wrotham import WROTHAM_RULES

HIGH_OR_LOW = rummy.MeldRules.basic().replace(ace="high_or_low", values={"A": 15})
CLUBS = "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc"

# (rules, the meld's zone, the card laid off, the zone's faces afterwards, written out by hand)
CASES = [
    # Scala 40's whole-suit run: the other ace goes on a 2..K-A run, below the 2.
    (scala_rules(), f"{CLUBS} Ac", "Ac#1", f"Ac {CLUBS} Ac"),
    (scala_rules(), f"Ac {CLUBS}", "Ac#1", f"Ac {CLUBS} Ac"),
    # an ace high or low on 2..K plays low
    (HIGH_OR_LOW, CLUBS, "Ac", f"Ac {CLUBS}"),
    (HIGH_OR_LOW, "Qc Kc Ac", "Jc", "Jc Qc Kc Ac"),
    # a joker keeps its place: the ace's below the 2c, the 7c's above the 6c
    (WROTHAM_RULES, "Jk 2c 3c", "4c", "Jk 2c 3c 4c"),
    (WROTHAM_RULES, "2c 3c 4c 5c 6c Jk", "8c", "2c 3c 4c 5c 6c Jk 8c"),
    (WROTHAM_RULES, "2c 3c 4c 5c 6c", "Jk", "2c 3c 4c 5c 6c Jk"),
]


@pytest.mark.parametrize(("rules", "meld", "card", "after"), CASES)
def test_a_lay_off_keeps_the_meld_in_rank_order(rules: rummy.MeldRules, meld: str, card: str, after: str) -> None:
    state = State("rummy", ["a", "b"], {}, deck=Deck(f"{card} {meld}"))
    state.add_zone("hand:0")
    state.add_zone("meld:0")
    state.move_top("deck", "hand:0")
    state.move_top("deck", "meld:0", len(meld.split()))
    assert [str(c) for c in state.zone("meld:0").cards] == meld.split()  # as the meld was laid down
    lay_off_card(state, 0, Card(card), 0, rules)
    zone = state.zone("meld:0").cards
    assert " ".join(str(c.face) for c in zone) == after
    assert sorted(zone) == sorted(Card(c) for c in [*meld.split(), card]) and not state.zone("hand:0").cards
