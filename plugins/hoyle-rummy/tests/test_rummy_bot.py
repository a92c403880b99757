"""RummyBot: its drawing, playing and discarding rules on scripted deals, its
registration, and a quick seeded check that it beats random play in every variant of
the straight-rummy family (the full measure is benches/test_bench_rummy_bot.py)."""

from __future__ import annotations

import hoyle
import pytest
from hoyle import Card, make_bot, rummy
from hoyle.plugins import default_registry
from hoyle_rummy.boat_house import BOAT_HOUSE_RULES
from hoyle_rummy.bots import RummyBot, _open_spots, _table_melds, game_traits, meld_rules_of
from hoyle_rummy.five_hundred import five_hundred_rules
from hoyle_rummy.indian import indian_rules
from rummy_decks import new, texts
from test_bots import choose as choose_with


def choose(game: hoyle.Game) -> str:
    return choose_with(game, RummyBot())


def test_registered_by_name_for_every_straight_rummy_variant() -> None:
    hoyle.new_game("rummy", seed=1)  # builds the default registry
    assert default_registry().bots["rummy"] is RummyBot
    assert isinstance(make_bot("rummy", seed=3), RummyBot)
    straight = {"rummy", "seven-card-rummy", "500-rum", "wrotham-rummy", "dime-rummy"}
    catalogue = {"round-the-corner-rummy", "high-low-rummy", "one-meld-rummy", "wild-card-rummy", "pinochle-rummy"}
    catalogue |= {"michigan-rummy", "kaluki", "romme", "scala-40", "indian-rummy", "boat-house-rummy"}
    assert set(RummyBot.variants) == straight | catalogue
    assert all(default_registry().default_bot(v) == "rummy" for v in straight | catalogue)


def test_it_plays_any_variant_on_the_straight_rummy_turn_by_capability() -> None:
    """docs/rummy.md: the bot plays any variant built on RummyTurns - a third party's,
    named in no list - and not gin, whose rules are another turn."""
    from dataclasses import replace

    from hoyle.registry import bot_suits
    from hoyle_rummy.basic import BasicRummy

    class ThirdPartyRummy(BasicRummy):
        pass

    registry = default_registry()
    theirs = replace(registry.variant("rummy"), name="third-party-rummy", rules=ThirdPartyRummy())
    assert "third-party-rummy" not in RummyBot.variants and bot_suits(RummyBot, theirs)
    assert not bot_suits(RummyBot, registry.variant("gin-rummy"))


def test_the_rummy_bot_beats_random_play_in_the_catalogue_games() -> None:
    """A quick check of what docs/rummy.md measures over 200 games a row: the bot, seat 0
    or 1 in turn, wins most one-deal games against one random player."""
    for variant, options in (("kaluki", {"target": 60}), ("romme", {"deals": 1}), ("indian-rummy", {})):
        wins = 0
        for seed in range(20):
            game = hoyle.new_game(variant, players=2, seed=seed, options=options)
            me = seed % 2
            bots = {me: RummyBot(seed=seed), 1 - me: hoyle.RandomBot(seed=seed + 7)}
            for _ in range(5000):
                if game.is_over:
                    break
                seat = game.to_act
                assert seat is not None
                game.act(bots[seat].choose(game.view(seat), game.legal_actions(seat)), seat)
            assert game.is_over, f"{variant} seed {seed} did not end"
            assert game.result is not None
            wins += game.result["winners"] == [me]
        assert wins >= 17, f"{variant}: the bot won {wins} of 20"


def test_meld_rules_come_from_the_variant_and_its_options() -> None:
    high = hoyle.new_game("rummy", seed=1, options={"ace": "high-or-low"})
    assert meld_rules_of(high.view(0)).value(Card("As")) == 15
    low = hoyle.new_game("rummy", seed=1)
    assert meld_rules_of(low.view(0)).value(Card("As")) == 1
    dime = hoyle.new_game("dime-rummy", seed=1, options={"packs": 4})
    assert meld_rules_of(dime.view(0)).packs == 4
    traits = {v: game_traits(hoyle.new_game(v, seed=1).view(0)) for v in ("rummy", "500-rum", "michigan-rummy")}
    assert [(t.melds_score, t.spread) for t in traits.values()] == [(False, False), (True, True), (False, True)]


H0 = "2h 3h 5c 5d Kc 8d 9s"  # seven cards each (three players)
H1 = "4c 6c 8c Th Jh 2d 7d"
H2 = "Ac 3s 4s 6s 8s Ts Qs"


def test_takes_the_discard_that_completes_a_meld_and_not_a_useless_one() -> None:
    game = new([H0, H1, H2], "4h")  # 2h 3h + 4h: a run
    assert choose(game) == "draw discard"
    game = new([H0, H1, H2], "Jc")  # fits nothing
    assert choose(game) == "draw stock"


def test_melds_what_it_can_then_discards_the_loosest_high_card() -> None:
    game = new([H0, H1, H2], "4h")
    game.act("draw discard")
    assert choose(game) == "meld 2h 3h 4h"
    game.act("meld 2h 3h 4h")
    # Left: 5c 5d (a pair: partners) Kc 8d 9s - the king goes (the most points, no partner).
    assert choose(game) == "discard Kc"


def test_never_throws_a_joker_while_another_card_can_go() -> None:
    # Wrotham rummy: the starter holds eight cards and a joker, no meld yet.
    hands = ["Jk 2h 5c 9d Kc Qd 7s 3d", "4c 6c 8c Th Jh 2d 7d", "Ac 3s 4s 6s 8s Ts Qs"]
    order = [h.split() for h in hands]
    deal = [order[s][i] for i in range(7) for s in range(3)] + [order[0][7]]
    rest = [str(c) for c in hoyle.Deck.standard() if str(c) not in deal] + ["Jk#1", "Jk#2"]
    deck = hoyle.Deck(" ".join(deal + rest))
    game = hoyle.new_game("wrotham-rummy", players=3, deck=deck, options={"first_dealer": 2})
    assert game.to_act == 0 and len(game.state.zone("hand:0").cards) == 8
    action = choose(game)
    assert action.startswith("discard") and action != "discard Jk"


def test_does_not_go_down_to_one_card_with_nothing_left_to_lay_off() -> None:
    """A single card goes out only by a lay-off: while no card out of sight could still
    be laid off, the bot keeps two cards (which a third can meld with) rather than meld
    down to one; with one such card left it melds (one card goes out as soon as it, or
    the card drawn, fits)."""
    rules = rummy.MeldRules.basic()
    bot = RummyBot(rules=rules)
    # Full sets of tens, jacks and queens; the run 5s..9s takes only the 4s (in hand)
    # or the Ts (on the table); the 5s, fourth five of the new set, is on the table.
    table = {f"meld:{i}": {"cards": [f"{r}{s}" for s in "cdhs"]} for i, r in enumerate("TJQ")}
    table["meld:3"] = {"cards": ["5s", "6s", "7s", "8s", "9s"]}
    hand = ["5h", "5c", "5d", "4s", "9d"]
    view = {
        "seat": 0,
        "public": {},
        "zones": {"hand:0": {"cards": hand}, "discard": {"cards": ["Kd"]}, "stock": {"count": 20}, **table},
    }
    legal = [hoyle.Action("meld", tuple(Card(c) for c in ["5h", "5c", "5d"]))] + [
        hoyle.Action("discard", (Card(c),)) for c in hand
    ]
    assert str(bot.choose(view, legal)).startswith("discard")
    # The set of tens short of the Ts: the Ts, out of sight, fits the tens and the run.
    view["zones"]["meld:0"] = {"cards": ["Tc", "Td", "Th"]}
    assert _open_spots(_table_melds(view["zones"]), [Card(c) for c in hand], rules) == 1
    assert str(bot.choose(view, legal)) == "meld 5h 5c 5d"


def test_boat_house_goes_out_whenever_it_may() -> None:
    bot = RummyBot(rules=BOAT_HOUSE_RULES)
    hand = ["Qs", "Ks", "As", "2s", "7d", "7h", "7c", "Td"]
    view = {"seat": 0, "public": {}, "zones": {"hand:0": {"cards": hand}, "discard": {"cards": ["4c"]}}}
    legal = [hoyle.Action("go out", (Card("Td"),))] + [hoyle.Action("discard", (Card(c),)) for c in hand]
    assert str(bot.choose(view, legal)) == "go out Td"


def test_boat_house_bot_draws_discards_and_ends_games() -> None:
    result = hoyle.simulate("boat-house-rummy", games=10, bots=["rummy", "random"], seed=4)
    assert result.wins[0] >= 9 and result.stopped == 0
    selfplay = hoyle.simulate("boat-house-rummy", games=4, seed=5)  # the default: the rummy bot in every seat
    assert selfplay.bots == ["rummy", "rummy"] and all(r.actions < 2000 for r in selfplay.records)


def test_never_takes_back_its_own_discard_while_the_stock_lasts() -> None:
    """Two bots each taking the card the other just threw (which it had thrown before)
    would swap cards for ever (a Scala 40 self-play game did)."""
    from hoyle_rummy.common import DRAW_DISCARD, DRAW_STOCK

    bot = RummyBot(rules=rummy.MeldRules.basic())
    events = [{"type": "deal_start", "seat": None}, {"type": "discard", "seat": 0, "cards": ["4h"]}]
    view = {
        "seat": 0,
        "public": {},
        "events": events,
        "zones": {"hand:0": {"cards": ["2h", "3h", "9c", "Kd"]}, "discard": {"cards": ["4h"]}, "stock": {"count": 9}},
    }
    assert str(bot.choose(view, [DRAW_STOCK, DRAW_DISCARD])) == "draw stock"
    view["events"] = [*events[:1], {"type": "discard", "seat": 1, "cards": ["4h"]}]  # the other's discard
    assert str(bot.choose(view, [DRAW_STOCK, DRAW_DISCARD])) == "draw discard"
    view["events"] = [*events, {"type": "deal_start", "seat": None}]  # thrown in an earlier deal
    assert str(bot.choose(view, [DRAW_STOCK, DRAW_DISCARD])) == "draw discard"


def test_indian_rummy_declares_only_a_valid_show() -> None:
    rules = indian_rules("A")
    bot = RummyBot(rules=rules)

    def choice(hand: list[str]) -> str:
        view = {"seat": 0, "public": {}, "zones": {"hand:0": {"cards": hand}, "discard": {"cards": ["3h"]}}}
        legal = [hoyle.Action(k, (Card(c),)) for k in ("discard", "declare") for c in hand]
        return str(bot.choose(view, legal))

    # Two sequences (4c-6c pure), an impure one (Jk for the 9s) and four sevens: the Kd goes.
    ready = ["4c", "5c", "6c", "8c", "9c", "Tc", "Ts", "Js", "Jk", "7d", "7h", "7s", "7c", "Kd"]
    assert choice(ready) == "declare Kd"
    # With the 2h for the 7c no show is valid: the bot discards (a wrong show costs 80).
    assert choice([*ready[:12], "2h", "Kd"]).startswith("discard")


def _discard_of(bot: RummyBot, hand: list[str], pile: list[str]) -> str:
    view = {"seat": 0, "public": {}, "zones": {"hand:0": {"cards": hand}, "discard": {"cards": pile}}}
    return str(bot.choose(view, [hoyle.Action("discard", (Card(c),)) for c in hand]))


def test_where_melds_score_low_cards_are_discarded_first() -> None:
    """500 Rum: a card the next player melds scores for them, so of unmatched cards the
    bot throws the low one; where melds do not score, the high one (it counts against
    the hand)."""
    rules = five_hundred_rules()
    hand = ["Kd", "3c", "8h", "5s"]  # nothing melds, no card has a partner
    scoring = RummyBot(rules=rules, melds_score=True, spread=True)
    plain = RummyBot(rules=rules)
    assert _discard_of(scoring, hand, ["2h"]) == "discard 3c"
    assert _discard_of(plain, hand, ["2h"]) == "discard Kd"


def test_where_the_pile_is_spread_a_discard_that_melds_with_it_is_kept() -> None:
    """Michigan rummy: the 9h would let the next player take the pile down to the 9c
    and meld three nines; a plain game's pile gives only its top card."""
    rules = rummy.MeldRules.basic()
    hand = ["9h", "3c", "4d", "6s"]
    pile = ["9c", "Kh", "9d", "2s"]
    assert _discard_of(RummyBot(rules=rules, spread=True), hand, pile) == "discard 6s"
    assert _discard_of(RummyBot(rules=rules), hand, pile) == "discard 9h"


def test_lays_off_a_joker_to_go_out() -> None:
    bot = RummyBot(rules=rummy.MeldRules.wrotham().replace(hand_size=None))
    view = {
        "seat": 0,
        "public": {},
        "zones": {"hand:0": {"cards": ["Jk", "Kd"]}, "discard": {"cards": []}, "meld:0": {"cards": ["4h", "5h", "6h"]}},
    }
    legal = [hoyle.Action("lay off", (Card("Jk"),), target=0), hoyle.Action("discard", (Card("Kd"),))]
    assert str(bot.choose(view, legal)) == "lay off Jk on 0"


@pytest.mark.parametrize(
    ("variant", "players"),
    [
        ("rummy", 2),
        ("rummy", 4),
        ("seven-card-rummy", 3),
        ("500-rum", 2),
        ("wrotham-rummy", 2),
        ("dime-rummy", 2),
        ("boat-house-rummy", 3),
    ],
)
def test_beats_random_play_and_ends_games(variant: str, players: int) -> None:
    """Seeded (so this cannot flake): the bot in seat 0 against random players, a few
    whole games; every game ends."""
    result = hoyle.simulate(variant, games=12, bots=["rummy"] + ["random"] * (players - 1), seed=5)
    assert result.wins[0] >= 11
    selfplay = hoyle.simulate(variant, games=3, bots=["rummy"] * players, seed=6)
    assert all(r.actions < 5000 for r in selfplay.records)


def test_texts_helper_is_shared() -> None:
    game = new([H0, H1, H2], "4h")
    assert texts(game) == ["draw stock", "draw discard"]
