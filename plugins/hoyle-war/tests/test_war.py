"""War's rules, scripted with fixed decks, plus the conformance kit."""

from typing import Any

import hoyle
import pytest
from hoyle import Deck, Variant, hookimpl
from hoyle.errors import IllegalActionError, InvalidArgumentError, InvalidOptionError
from hoyle.testing import check_variant, registry_with


def war_deck(top0: str, top1: str) -> Deck:
    """The deck that deals piles starting (from the top) with these cards; the rest of
    each pile is filled with the unused cards, low cards first to seat 0. Dealing
    alternates seat 0, seat 1, and the last card dealt ends on top."""
    a, b = top0.split(), top1.split()
    rest = [str(c) for c in Deck.standard() if str(c) not in a + b]
    a += rest[: 26 - len(a)]
    b += rest[26 - len(top0.split()) :]
    assert len(a) == len(b) == 26
    order = []
    for x, y in zip(reversed(a), reversed(b)):
        order += [x, y]
    return Deck(" ".join(order))


def pile(game: hoyle.Game, seat: int) -> list[str]:
    """A pile top card first."""
    return [str(c) for c in reversed(game.state.zone(f"pile:{seat}").cards)]


def test_the_plugin_is_installed() -> None:
    assert hoyle.variants()["war"].distribution == "hoyle-war"
    assert "war-cards-held" in hoyle.house_rules()


def test_higher_card_takes_both_under_the_pile() -> None:
    game = hoyle.new_game("war", deck=war_deck("Kd", "5c"))
    game.act("play")
    game.act("play", seat=1)
    assert pile(game, 0)[-2:] == ["Kd", "5c"] and len(pile(game, 0)) == 27
    assert len(pile(game, 1)) == 25


def test_ace_is_high_and_suits_do_not_matter() -> None:
    game = hoyle.new_game("war", deck=war_deck("Ks", "Ac"))
    game.act("play")
    game.act("play")
    assert len(pile(game, 1)) == 27


def test_a_tie_is_a_war_with_three_down_and_one_up() -> None:
    game = hoyle.new_game("war", deck=war_deck("7s 2c 3c 4c 9d", "7h 2h 3h 4h 8d"))
    game.act("play")
    game.act("play")
    assert game.state.public["war"] and game.to_act == 0
    game.act("play")
    game.act("play")
    # 9d beats 8d: seat 0 takes all ten cards on the table.
    assert len(pile(game, 0)) == 26 + 5 and len(pile(game, 1)) == 26 - 5
    assert not game.state.public["war"]


def test_down_cards_option() -> None:
    game = hoyle.new_game("war", options={"down_cards": 1}, deck=war_deck("7s 2c 9d", "7h 2h 8d"))
    for _ in range(4):
        game.act("play")
    assert len(pile(game, 0)) == 29
    # Under the pile: seat 0's face-up cards, seat 1's, then the face-down ones.
    assert pile(game, 0)[-6:] == ["7s", "9d", "7h", "8d", "2c", "2h"]


def test_running_out_loses_and_scores_one() -> None:
    game = hoyle.new_game("war", seed=5, options={"max_battles": 3})
    while not game.is_over:
        game.act("play")
    counts = [len(pile(game, s)) for s in (0, 1)]
    assert game.result is not None
    if counts[0] != counts[1]:
        winner = counts.index(max(counts))
        assert game.result["winners"] == [winner] and game.result["scores"][winner] == 1


def test_house_rule_changes_scoring() -> None:
    game = hoyle.new_game("war", seed=5, options={"max_battles": 3}, house_rules=["war-cards-held"])
    while not game.is_over:
        game.act("play")
    assert game.result is not None
    assert game.result["scores"] == [len(pile(game, 0)), len(pile(game, 1))]


def test_only_the_seat_to_act_plays() -> None:
    game = hoyle.new_game("war", seed=1)
    before = game.state.snapshot()
    with pytest.raises(IllegalActionError) as info:
        game.act("play", seat=1)
    assert info.value.seat == 1 and game.state.snapshot() == before


def test_options_are_validated() -> None:
    with pytest.raises(InvalidOptionError, match="down_cards"):
        hoyle.new_game("war", options={"down_cards": 0})
    with pytest.raises(InvalidOptionError, match="players"):
        hoyle.new_game("war", players=3)


def test_conformance() -> None:
    check_variant("war", games=4, options={"max_battles": 60})
    check_variant("war", games=2, options={"max_battles": 60, "down_cards": 1}, house_rules=["war-cards-held"])


def test_a_joker_dealt_into_war_is_an_error_naming_it() -> None:
    """War ranks ace high and has no joker: a variant built on War's rules with a deck
    that has jokers is an InvalidArgumentError naming the card when a joker is turned
    up (it was a TypeError comparing a rank with None)."""
    war = hoyle.variants()["war"]

    class WithJokers:
        @hookimpl
        def hoyle_register_variants(self, register: Any) -> None:
            register(
                Variant(
                    name="war-with-jokers",
                    rules=war.rules,
                    players=(2, 2),
                    deck=lambda options: Deck.standard(jokers=2),
                    options=war.options,
                )
            )

    registry = registry_with(WithJokers())
    cards = [str(c) for c in Deck.standard() if str(c) != "Kd"]
    # 54 cards dealt one at a time from seat 0: the last two dealt are seat 0's top (Kd)
    # and seat 1's (Jk).
    game = hoyle.new_game("war-with-jokers", deck=Deck(" ".join([*cards, "Jk#1", "Kd", "Jk"])), registry=registry)
    game.act("play")
    with pytest.raises(InvalidArgumentError, match="Jk"):
        game.act("play")
