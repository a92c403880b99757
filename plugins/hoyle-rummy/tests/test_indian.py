"""Indian Rummy (docs/rules/rummy.md#c7-2): the cut wild joker, declarations, the count
of losing hands, drops, modes; scripted with rigged decks (hands chosen so that the
outcome holds whatever rank the cut makes wild) and checked over many seeds."""

from __future__ import annotations

import hoyle
from hoyle import Deck, rummy
from hoyle.testing import check_variant
from hoyle_rummy.indian import indian_rules
from rummy_decks import cards, outcome, rummy_deck, texts

# Every card natural: a valid show whatever rank is wild (2-3-4c and 5-6-7d pure).
SHOW = "2c 3c 4c 5d 6d 7d 9h 9s 9c Jh Qh Kh Ah"
# One card of each rank, no three of a suit in sequence: no pure sequence, so every card
# counts - 94 less the wild rank's card, at least 84: 80.
NOTHING = "Ac 2d 3h 4s 5c 6h 7h 8s 9d Td Js Qs Kc"
# 2-3-4s pure, 6-7-8c, T-T-T, K-K-K: only the Qd unmatched (10, unless queens, tens or
# kings are wild).
THIRD = "2s 3s 4s#1 6c 7c 8c Tc Ts Th Kd Ks Kh#1 Qd"
TWO = Deck.standard(1, 1)
THREE = Deck.standard(2, 2)


def drawn(game: hoyle.Game) -> str:
    """The card the player to act just drew (the cut may take any stock card, so a
    scripted stock card is not always the one drawn)."""
    return cards(game, f"hand:{game.to_act}")[-1]


def indian(hands: list[str], up: str, stock: str = "", base: Deck = THREE, **options: object) -> hoyle.Game:
    """A rigged deal (the last seat deals); the seed fixes which card the cut takes."""
    return hoyle.new_game(
        "indian-rummy",
        players=len(hands),
        seed=7,
        deck=rummy_deck(hands, up, stock, base),
        options={"first_dealer": len(hands) - 1, **options},
    )


def test_deck_deal_and_the_cut_wild_joker() -> None:
    assert len(hoyle.new_game("indian-rummy", players=2, seed=1).state.deck) == 53
    assert len(hoyle.new_game("indian-rummy", players=2, seed=1, options={"two_packs": True}).state.deck) == 106
    assert len(hoyle.new_game("indian-rummy", players=3, seed=1).state.deck) == 106
    seen_joker = False
    for seed in range(60):
        st = hoyle.new_game("indian-rummy", players=3, seed=seed).state
        assert [len(st.zone(f"hand:{s}").cards) for s in st.seats] == [13, 13, 13]
        (cut,) = st.zone("wild").cards
        assert st.zone("wild").visibility == "public"
        if cut.is_joker:
            seen_joker = True
            assert st.public["wild_rank"] == "A"  # a printed joker cut: aces are wild
        else:
            assert st.public["wild_rank"] == cut.rank
    assert seen_joker  # now and then a printed joker is cut
    rules = indian_rules("7")
    assert rules.value(hoyle.Card("7h")) == 0 and rules.value(hoyle.Card("Jk")) == 0
    assert [rules.value(hoyle.Card(c)) for c in ["As", "Kd", "Qc", "Jh", "Ts", "9c"]] == [10, 10, 10, 10, 10, 9]


def test_a_valid_show_scores_zero_and_the_losers_count_at_most_80() -> None:
    game = indian([SHOW, NOTHING], "8d", "5s", base=TWO)
    game.act("draw stock")
    card = drawn(game)
    assert f"declare {card}" in texts(game) and f"discard {card}" in texts(game)
    game.act(f"declare {card}")
    assert outcome(game)["reason"] == "show" and outcome(game)["winner"] == 0
    assert game.state.score_sheet[-1] == [0, 80]
    assert game.result is not None and game.result["settlement"] == [80, -80]  # points: one deal, paid


def test_a_wrong_show_costs_80_and_the_deal_goes_on_without_the_declarer() -> None:
    game = indian([NOTHING, SHOW, THIRD], "8d", "5s 8h")
    game.act("draw stock")
    game.act(f"declare {drawn(game)}")  # nothing melds: a wrong show
    assert [e.type for e in game.events].count("wrong_show") == 1
    assert game.state.deal_number == 0 and game.to_act == 1  # the others play on
    assert game.state.public["wild_rank"] not in "QTK"  # else the Qd would meld with jokers
    game.act("draw stock")
    game.act(f"declare {drawn(game)}")
    assert outcome(game)["winner"] == 1
    assert game.state.score_sheet[-1] == [80, 0, 10]


def test_a_wrong_show_with_one_player_left_ends_the_deal() -> None:
    game = indian([NOTHING, SHOW], "8d", "5s", base=TWO)
    game.act("draw stock")
    game.act(f"declare {drawn(game)}")
    assert outcome(game)["winner"] == 1 and game.state.score_sheet[-1] == [80, 0]


def test_drops_cost_20_before_the_first_draw_and_40_after() -> None:
    game = indian([NOTHING, SHOW, THIRD], "8d", "5s 8h 4h")
    assert "drop" in texts(game)
    game.act("drop")  # seat 0 before any draw: 20
    for _ in range(2):  # seats 1 and 2 draw and discard
        game.act("draw stock")
        game.act(f"discard {drawn(game)}")
    game.act("drop")  # seat 1 after drawing: 40; seat 2 is left alone and wins
    assert outcome(game)["winner"] == 2
    assert game.state.score_sheet[-1] == [20, 40, 0]
    pool = indian([NOTHING, SHOW, THIRD], "8d", "5s", mode="pool", pool=201)
    pool.act("drop")
    pool.act("drop")
    assert pool.state.score_sheet[-1] == [25, 25, 0]  # 201 pool: 25 and 50


def test_no_wild_pickup_and_the_card_just_taken() -> None:
    checked = 0
    for seed in range(80):
        plain = hoyle.new_game("indian-rummy", players=2, seed=seed)
        strict = hoyle.new_game("indian-rummy", players=2, seed=seed, options={"no_wild_pickup": True})
        top = plain.state.zone("discard").cards[-1]
        wild = top.is_joker or top.rank == plain.state.public["wild_rank"]
        assert "draw discard" in texts(plain)
        assert ("draw discard" in texts(strict)) is not wild
        checked += wild
    assert checked > 0
    game = indian([SHOW, NOTHING], "8d", "5s", base=TWO)
    game.act("draw discard")
    assert "discard 8d" not in texts(game) and "declare 8d" not in texts(game)


def test_the_count_search_agrees_with_the_game() -> None:
    rules = indian_rules("9")
    assert rummy.indian_count(NOTHING, rules) == 80
    assert rummy.indian_count(THIRD, rules) == 10
    assert rummy.indian_count(THIRD, indian_rules("Q")) == 0
    assert rummy.declaration(SHOW, rules) is not None


def test_modes_play_through() -> None:
    for players, options in ((2, {}), (3, {"mode": "deals", "deals": 2}), (4, {"mode": "pool"})):
        games = check_variant("indian-rummy", games=3, seed=12, players=players, options=options)
        if options.get("mode") == "pool":
            for g in games:
                assert sum(score < 101 for score in g.state.scores) == 1  # the last survivor
        if options.get("mode") == "deals":
            assert all(len(g.state.score_sheet) == 2 for g in games)


def test_the_deal_passes_left_after_drops_and_wrong_shows() -> None:
    # Seat 2 deals; seats 0 and 1 drop, so seat 2 is left alone: the next deal is still
    # dealt by seat 0 (the player to the dealer's left) and seat 1 leads.
    game = indian([NOTHING, SHOW, THIRD], "8d", "5s", mode="deals", deals=2)
    game.act("drop")
    game.act("drop")
    assert game.state.deal_number == 1
    assert game.state.public["dealer"] == 0 and game.to_act == 1
    # Two players, seat 1 deals; seat 0 shows wrongly and is out: seat 0 deals next.
    two = indian([NOTHING, SHOW], "8d", "5s", base=TWO, mode="deals", deals=2)
    two.act("draw stock")
    two.act(f"declare {drawn(two)}")
    assert two.state.public["dealer"] == 0 and two.to_act == 1
    # The dealer's left-hand neighbour drops and the third player shows: still seat 0.
    show = indian([NOTHING, THIRD, SHOW], "8d", "5s 8h", mode="deals", deals=2)
    show.act("drop")
    show.act("draw stock")
    show.act(f"discard {drawn(show)}")
    show.act("draw stock")
    show.act(f"declare {drawn(show)}")
    assert outcome(show)["winner"] == 2
    assert show.state.public["dealer"] == 0 and show.to_act == 1


def test_in_pool_rummy_the_deal_skips_only_players_out_of_the_game() -> None:
    for seed in range(12):
        game = hoyle.new_game("indian-rummy", players=4, seed=seed, options={"mode": "pool"})
        bots = [hoyle.RandomBot(seed + s) for s in range(4)]
        dealer = game.state.public["dealer"]
        deal = 0
        while game.result is None:
            game.act(bots[game.to_act].choose(game.view(game.to_act), game.legal_actions()))
            if game.result is None and game.state.deal_number != deal:
                deal = game.state.deal_number
                alive = [s for s in range(4) if game.state.scores[s] < 101]
                expected = next(s for s in ((dealer + k) % 4 for k in range(1, 5)) if s in alive)
                assert game.state.public["dealer"] == expected
                dealer = expected
