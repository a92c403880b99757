"""Gin rummy (docs/rules/rummy.md#c2), scripted deal by deal with fixed decks."""

from __future__ import annotations

from typing import Any

import hoyle
import pytest
from hoyle import Card, Deck
from hoyle.errors import HoyleError, IllegalActionError
from hoyle.testing import check_variant

KNOCKER = "As 2s 3s 4h 5h 6h 9c 9d 9h Kc"  # melds A-2-3s, 4-5-6h, 9-9-9; Kc deadwood


def gin_deck(non_dealer: str, dealer: str, up: str, stock: str = "") -> Deck:
    """The deck that deals these hands (dealing alternates, non-dealer first), turns up
    ``up`` and leaves ``stock`` (then every other card) to be drawn in that order."""
    nd, d = non_dealer.split(), dealer.split()
    assert len(nd) == len(d) == 10
    order = [c for pair in zip(nd, d) for c in pair] + [up] + stock.split()
    rest = [str(c) for c in Deck.standard() if str(c) not in order]
    return Deck(" ".join(order + rest))


def new(hand0: str, hand1: str, up: str, stock: str = "", variant: str = "gin-rummy", **options: Any) -> hoyle.Game:
    """Seat 1 deals, so seat 0 is the non-dealer and is offered the up-card first."""
    return hoyle.new_game(variant, deck=gin_deck(hand0, hand1, up, stock), options={"first_dealer": 1, **options})


def outcome(game: hoyle.Game) -> dict[str, Any]:
    """How the last deal ended, from the event log (the next deal may have started)."""
    return dict(next(e.data for e in reversed(game.events) if e.type == "deal_end"))


def texts(game: hoyle.Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def knock_deal(defender: str, stock: str = "3d", **options: Any) -> hoyle.Game:
    """Both pass the up-card, seat 0 draws ``stock`` and knocks with Kc."""
    game = new(KNOCKER, defender, "Jh", stock, **options)
    game.act("pass")
    game.act("pass")
    game.act("draw stock")
    game.act("knock Kc")
    return game


def test_up_card_offer_then_non_dealer_must_draw_stock() -> None:
    game = new(KNOCKER, "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "Jh")
    assert game.phase == "offer" and game.to_act == 0 and texts(game) == ["draw discard", "pass"]
    game.act("pass")
    assert game.to_act == 1 and texts(game) == ["draw discard", "pass"]
    game.act("pass")
    assert game.to_act == 0 and texts(game) == ["draw stock"]
    with pytest.raises(IllegalActionError):
        game.act("draw discard")


def test_the_card_taken_from_the_discard_pile_cannot_be_discarded_that_turn() -> None:
    game = new(KNOCKER, "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "Jh")
    game.act("draw discard")
    assert game.phase == "discard" and "discard Jh" not in texts(game) and "discard Kc" in texts(game)
    before = game.state.snapshot()
    with pytest.raises(IllegalActionError):
        game.act("discard Jh")
    assert game.state.snapshot() == before
    game.act("discard Kc")
    assert game.to_act == 1 and game.phase == "draw"
    assert [str(c) for c in game.state.zone("discard").cards] == ["Kc"]


def test_knock_only_with_ten_or_less() -> None:
    game = new("As 2s 3s 4h 5h 6h 9c 9d Kd Kc", "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "Jh", "Qh")
    game.act("pass")
    game.act("pass")
    game.act("draw stock")
    assert not [t for t in texts(game) if t.startswith("knock")]
    ok = new(KNOCKER, "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "Jh", "Qh")
    ok.act("pass")
    ok.act("pass")
    ok.act("draw stock")
    # Knocking with Kc leaves Qh (10), with Qh leaves Kc (10): both allowed; a 9 would break a meld.
    assert {t for t in texts(ok) if t.startswith("knock")} == {"knock Kc", "knock Qh"}


def test_knocker_scores_the_difference_and_the_defender_may_meld() -> None:
    # Defender: 7c 7d 7h as a set beats laying 7h 8h off on 4-5-6h (55 against 61).
    game = knock_deal("7h 8h 7c 7d Qc Qd Js Ts 5c 2c", target=1000)
    out = outcome(game)
    assert (out["knocker_deadwood"], out["defender_deadwood"], out["gin"], out["undercut"]) == (3, 55, False, False)
    assert game.state.score_sheet == [[52, 0]]


def test_defender_lays_off_in_a_chain_on_the_knockers_run() -> None:
    game = knock_deal("7h 8h 2c 3c Qc Qd Js Ts 5c 4d", target=1000)
    assert outcome(game)["defender_deadwood"] == 2 + 3 + 40 + 5 + 4
    layoffs = [(str(e.cards[0]), e.data["to"]) for e in game.events if e.type == "lay_off"]
    melds = {e.data["to"]: sorted(map(str, e.cards)) for e in game.events if e.type == "meld" and e.seat == 0}
    assert [c for c, _ in layoffs] == ["7h", "8h"] and melds[layoffs[0][1]] == ["4h", "5h", "6h"]
    assert game.state.score_sheet == [[54 - 3, 0]]


def test_undercut_scores_the_difference_plus_ten_for_the_defender() -> None:
    game = knock_deal("2c 3c 4c 5d 6d 7d 8s 8c 8h Ad", stock="Qd", target=1000)
    out = outcome(game)
    assert (out["knocker_deadwood"], out["defender_deadwood"], out["undercut"]) == (10, 1, True)
    assert game.state.score_sheet == [[0, 10 - 1 + 10]]


def test_equal_counts_are_an_undercut_too() -> None:
    game = knock_deal("2c 3c 4c 5d 6d 7d 8s 8c 8h Ts", stock="Qd", target=1000)
    assert game.state.score_sheet == [[0, 10]]


def test_gin_scores_twenty_plus_the_count_and_nothing_lays_off_on_gin() -> None:
    # 7h would lay off on 4-5-6h, but not on gin.
    game = knock_deal("7h 2c 3c Qc Qd Js Ts 5c 4d Kd", stock="9s", target=1000)
    out = outcome(game)
    assert out["gin"] and out["defender_deadwood"] == 7 + 2 + 3 + 40 + 5 + 4 + 10
    assert game.state.score_sheet == [[20 + 71, 0]]


def test_two_five_card_runs_are_gin() -> None:
    game = new("3h 4h 5h 6h 7h 9s Ts Js Qs 2c", "7c 8c 7d 8d Qc Qd Jd Td 5c 2d", "Jh", "Ks", target=1000)
    game.act("pass")
    game.act("pass")
    game.act("draw stock")
    game.act("knock 2c")
    assert outcome(game)["gin"]


def test_void_hand_when_the_stock_is_down_to_two() -> None:
    game = new(KNOCKER, "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "Jh")
    game.act("pass")
    game.act("pass")
    draws = 0
    while game.state.deal_number == 0:
        drawn = next(e.cards[0] for e in game.act("draw stock") if e.type == "draw")
        draws += 1
        game.act(f"discard {drawn}")
    # 31 stock cards: the 29th draw leaves two, and its discard voids the hand.
    assert draws == 29 and game.state.score_sheet == [[0, 0]]
    assert game.state.public["dealer"] == 1  # the same dealer deals again


def test_game_to_target_with_game_bonus_shutout_and_box() -> None:
    game = knock_deal("7h 8h 7c 7d Qc Qd Js Ts 5c 2c", target=50)
    assert game.is_over and game.result is not None
    # 52 points + 200 (game bonus doubled: the loser scored nothing) + one box of 20.
    assert game.result["settlement"] == [272, -272] and game.result["scores"] == [52, 0]
    doubled = knock_deal("7h 8h 7c 7d Qc Qd Js Ts 5c 2c", target=50, shutout="double-total")
    assert doubled.result is not None and doubled.result["settlement"] == [2 * (52 + 100 + 20), -2 * (52 + 100 + 20)]
    bigger = knock_deal("7h 8h 7c 7d Qc Qd Js Ts 5c 2c", target=50, gin_bonus=25, box_bonus=25)
    assert bigger.result is not None and bigger.result["settlement"][0] == 52 + 200 + 25


def test_the_loser_deals_next_or_as_chosen() -> None:
    loser = knock_deal("7h 8h 7c 7d Qc Qd Js Ts 5c 2c", target=1000)
    assert loser.state.public["dealer"] == 1  # seat 1 lost the hand and deals again
    winner = knock_deal("7h 8h 7c 7d Qc Qd Js Ts 5c 2c", target=1000, dealer="winner")
    assert winner.state.public["dealer"] == 0


def test_eleven_card_start() -> None:
    game = new(KNOCKER, "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "Jh", eleven_card_start=True)
    assert len(game.state.zone("hand:0").cards) == 11 and not game.state.zone("discard").cards
    assert game.phase == "discard" and game.to_act == 0
    # The "up-card" position went to the non-dealer as the eleventh card.
    assert "Jh" in map(str, game.state.zone("hand:0").cards)


def test_oklahoma_up_card_sets_the_knock_limit_and_spades_double() -> None:
    low = new(KNOCKER, "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "4c", "Qh", variant="oklahoma-gin")
    assert low.state.public["knock_limit"] == 4
    low.act("pass")
    low.act("pass")
    low.act("draw stock")
    assert not [t for t in texts(low) if t.startswith("knock")]  # 10 left is over 4
    spade = new(KNOCKER, "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "Jc", "3d", variant="oklahoma-gin")
    assert spade.state.public["multiplier"] == 1
    spade = new(KNOCKER, "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "Kd", "3d", variant="oklahoma-gin", target=1000)
    for a in ("pass", "pass", "draw stock", "knock Kc"):
        spade.act(a)
    assert spade.state.score_sheet == [[52, 0]]
    doubled = hoyle.new_game(
        "oklahoma-gin",
        deck=gin_deck(KNOCKER, "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "Ks", "3d"),
        options={"first_dealer": 1, "target": 1000},
    )
    assert doubled.state.public["multiplier"] == 2
    for a in ("pass", "pass", "draw stock", "knock Kc"):
        doubled.act(a)
    assert doubled.state.score_sheet == [[104, 0]]


def test_oklahoma_ace_means_gin_only_as_an_option() -> None:
    ace = new(KNOCKER, "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "Ad", variant="oklahoma-gin")
    assert ace.state.public["knock_limit"] == 1
    strict = new(KNOCKER, "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "Ad", variant="oklahoma-gin", ace_means_gin=True)
    assert strict.state.public["knock_limit"] == 0
    assert hoyle.variants()["oklahoma-gin"].options[0].default == 150


def test_late_pickup_option() -> None:
    # Seat 1 needs 8c: 8s 8d 8c then leaves Jd Qd, and knocking with one leaves 10.
    hand1 = "2c 3c 4c 5d 6d 7d 8s 8d Jd Qd"
    used = set((KNOCKER + " " + hand1 + " Jh 8c").split())
    filler = [str(c) for c in Deck.standard() if str(c) not in used][:28]
    stock = " ".join([*filler, "8c"])  # seat 0 makes the 29th draw, leaving two: 8c

    def play_to_the_last_discard(game: hoyle.Game) -> None:
        game.act("pass")
        game.act("pass")
        while True:
            drawn = next(e.cards[0] for e in game.act("draw stock") if e.type == "draw")
            game.act(f"discard {drawn}")
            if str(drawn) == "8c":
                return

    plain = new(KNOCKER, hand1, "Jh", stock, target=1000)
    play_to_the_last_discard(plain)
    assert plain.state.score_sheet == [[0, 0]]  # void: no late pick-up by default
    late = new(KNOCKER, hand1, "Jh", stock, target=1000, late_pickup=True)
    play_to_the_last_discard(late)
    assert late.phase == "last-chance" and late.to_act == 1 and texts(late) == ["draw discard", "pass"]
    late.act("draw discard")
    assert sorted(texts(late)) == ["knock Jd", "knock Qd"]  # only to knock
    late.act("knock Qd")
    assert outcome(late)["knocker"] == 1 and outcome(late)["knocker_deadwood"] == 10


def test_late_pickup_is_offered_even_when_it_cannot_knock() -> None:
    # Seat 1 could not knock with the last discard: it is still asked (so that the
    # discarder learns nothing about its hand), may only pass, and the hand is void.
    game = new(KNOCKER, "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "Jh", target=1000, late_pickup=True)
    game.act("pass")
    game.act("pass")
    while game.phase != "last-chance":
        drawn = next(e.cards[0] for e in game.act("draw stock") if e.type == "draw")
        game.act(f"discard {drawn}")
    assert texts(game) == ["pass"] and len(game.state.zone("stock").cards) == 2
    game.act("pass")
    assert game.state.score_sheet == [[0, 0]] and outcome(game)["reason"] == "void"


def test_retake_rule() -> None:
    hand1 = "7h 8h 7c 7d Qc Qd Js Ts 5c 2c"

    def to_retake(game: hoyle.Game) -> None:
        for a in ("pass", "pass", "draw stock", "discard Qh", "draw discard"):
            game.act(a)

    strict = new(KNOCKER, hand1, "Jh", "Qh", target=1000)
    to_retake(strict)
    assert "discard Qh" not in texts(strict)
    gra = new(KNOCKER, hand1, "Jh", "Qh", target=1000, retake=True)
    to_retake(gra)
    gra.act("discard Qh")  # allowed under the GRA rule
    assert texts(gra) == ["draw stock", "draw discard"]
    gra.act("draw discard")
    # Seat 0 threw Qh first, so it may take it back only to knock.
    assert texts(gra) and all(t.startswith("knock") for t in texts(gra))


class KnockingBot(hoyle.RandomBot):
    """Random, except that it knocks whenever it may (so random deals end)."""

    def choose(self, view: Any, legal_actions: Any) -> hoyle.Action:
        knocks = [a for a in legal_actions if a.kind == "knock"]
        return knocks[0] if knocks else super().choose(view, legal_actions)


def test_conformance() -> None:
    check_variant("gin-rummy", games=3, options={"target": 25}, bot=KnockingBot)
    check_variant("oklahoma-gin", games=2, options={"extra_boxes": True, "target": 25}, bot=KnockingBot)
    check_variant(
        "gin-rummy",
        games=2,
        bot=KnockingBot,
        options={"target": 25, "eleven_card_start": True, "late_pickup": True, "retake": True},
    )


def test_deals_option_ends_the_game_after_one_hand() -> None:
    # A knock for 52 ends a one-deal game: score and one box (20), no game bonus.
    game = knock_deal("7h 8h 7c 7d Qc Qd Js Ts 5c 2c", deals=1)
    assert game.is_over and game.result
    assert game.result["settlement"] == [52 + 20, -(52 + 20)] and game.result["deals"] == 1
    # Without the option the same hand leaves the game running (to 100).
    assert not knock_deal("7h 8h 7c 7d Qc Qd Js Ts 5c 2c").is_over


def test_deals_option_counts_a_void_hand() -> None:
    game = new(KNOCKER, "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "Jh", deals=1)
    game.act("pass")
    game.act("pass")
    while not game.is_over:
        drawn = next(e.cards[0] for e in game.act("draw stock") if e.type == "draw")
        game.act(f"discard {drawn}")
    assert game.result and game.result["settlement"] == [0, 0] and game.state.score_sheet == [[0, 0]]
    assert outcome(game)["reason"] == "void"


def test_deals_option_keeps_the_game_bonus_for_the_target() -> None:
    # 52 reaches a target of 50 in the only deal: the game bonus (doubled: a shutout) counts.
    game = knock_deal("7h 8h 7c 7d Qc Qd Js Ts 5c 2c", deals=1, target=50)
    assert game.result and game.result["settlement"] == [52 + 20 + 200, -(52 + 20 + 200)]


def test_knock_when_the_eleven_cards_count_exactly_ten_over_the_limit() -> None:
    # After drawing Qd seat 0's deadwood is Kc + Qd = 20; discarding either leaves 10.
    game = new(KNOCKER, "7h 8h 7c 7d Qc 5d Js Ts 5c 2c", "Jh", "Qd")
    for a in ("pass", "pass", "draw stock"):
        game.act(a)
    assert {t for t in texts(game) if t.startswith("knock")} == {"knock Kc", "knock Qd"}


def test_lay_offs_fit_the_meld_as_it_stands_and_melds_stay_in_rank_order() -> None:
    """The defender lays 7c 8c off on the knocker's 9c Tc Jc: the 8c first (the 7c
    fits only once the 8c is there), and the meld reads 7c 8c 9c Tc Jc."""
    game = new("9c Tc Jc 4h 5h 6h As 2s 3s Kd", "7c 8c Qh Qd Js Ts 5c 2c 4d 6d", "Jh", "2d", deals=1)
    for a in ("pass", "pass", "draw stock", "knock Kd"):
        game.act(a)
    lay_offs = [e for e in game.events if e.type == "lay_off"]
    assert [[str(c) for c in e.cards] for e in lay_offs] == [["8c"], ["7c"]]
    run = next(name for name, z in game.state.zones.items() if "9c" in map(str, z.cards) and name.startswith("meld:"))
    assert [str(c) for c in game.state.zones[run].cards] == ["7c", "8c", "9c", "Tc", "Jc"]
    # Each lay-off fitted the meld as it then stood (replayed from the events).
    standing = ["9c", "Tc", "Jc"]
    for e in lay_offs:
        assert e.data["to"] == run
        standing = [*standing, *map(str, e.cards)]
        hoyle.rummy.Meld(standing, hoyle.rummy.MeldRules.gin())  # raises if not a meld


def test_every_knocked_hand_lays_off_in_a_valid_order_and_keeps_melds_in_order() -> None:
    """Over many seeded hands between gin bots: every meld zone reads in rank order (a
    run low to high), and every lay-off fitted its meld as it stood then."""
    from hoyle_rummy.bots import GinBot

    rules = hoyle.rummy.MeldRules.gin()
    checked = 0
    for seed in range(150):
        game = hoyle.new_game("gin-rummy", seed=seed, options={"deals": 1})
        bots = [GinBot(), GinBot(late_knock=10)]
        while game.result is None:
            seat = game.to_act
            game.act(bots[seat].choose(game.view(seat), game.legal_actions()))
        standing = {
            name: [
                str(c)
                for c in z.cards
                if not any(str(c) in map(str, e.cards) for e in game.events if e.type == "lay_off")
            ]
            for name, z in game.state.zones.items()
            if name.startswith("meld:")
        }
        for e in game.events:
            if e.type == "lay_off":
                name = e.data["to"]
                standing[name] = [*standing[name], *map(str, e.cards)]
                hoyle.rummy.Meld(standing[name], rules)  # raises if the card did not fit then
                checked += 1
        for name, z in game.state.zones.items():
            if name.startswith("meld:"):
                in_order = hoyle.rummy.Meld(list(z.cards), rules).cards  # runs low to high
                assert [c.rank for c in z.cards] == [c.rank for c in in_order], name
    assert checked >= 20  # enough lay-offs were made to mean something


def test_the_knocker_spreads_what_is_best_against_the_defenders_lay_offs() -> None:
    """5-6-7 in three suits spread as three sets lets the defender lay off 5s and 7s
    (75 - 12 = 63 left); as three runs nothing (75 left): the knocker (2s deadwood)
    spreads the runs and scores 73, not 61."""
    game = new("5c 6c 7c 5d 6d 7d 5h 6h 7h Kc", "5s 7s Kh Qd Jd 9c 9h Ts 2d 3h", "Jh", "2s", deals=1)
    for a in ("pass", "pass", "draw stock", "knock Kc"):
        game.act(a)
    assert not [e for e in game.events if e.type == "lay_off"]
    spread = sorted(" ".join(map(str, z.cards)) for n, z in game.state.zones.items() if n.startswith("meld:0:"))
    assert spread == ["5c 6c 7c", "5d 6d 7d", "5h 6h 7h"]
    assert game.state.score_sheet == [[73, 0]]


def _brute_best_knock(hand: list[Card], defender: list[Card], limit: int, bonus: int) -> int:
    """The knocker's best result over every spread, each answered by the defender's best
    lay-offs - both by trying every possibility (an independent model)."""
    from itertools import combinations, product

    rules = hoyle.rummy.MeldRules.gin()

    def is_meld(cards: list[Card]) -> bool:
        try:
            hoyle.rummy.Meld(cards, rules)
        except HoyleError:
            return False
        return True

    def spreads(cards: list[Card]) -> list[list[list[Card]]]:
        if not cards:
            return [[]]
        first, rest = cards[0], cards[1:]
        out = [s for s in spreads(rest)]  # first stays deadwood
        for k in range(2, len(rest) + 1):
            for group in combinations(rest, k):
                if is_meld([first, *group]):
                    left = [c for c in rest if c not in group]
                    out += [[[first, *group], *s] for s in spreads(left)]
        return out

    def value(cards: list[Card]) -> int:
        return sum(rules.value(c) for c in cards)

    best = None
    for spread in spreads(hand):
        k = value(hand) - sum(value(m) for m in spread)
        if k > limit:
            continue
        if k == 0:
            result = bonus * 0 + hoyle.rummy.deadwood(defender, rules) + 1000  # gin: beats any knock
        else:
            near = [
                c
                for c in defender
                if any(is_meld([*m, c]) or c.suit == m[0].suit for m in spread)
                or any(c.rank == m[0].rank for m in spread)
            ]
            d = hoyle.rummy.deadwood(defender, rules)
            for assign in product(range(len(spread) + 1), repeat=len(near)):
                grown = [list(m) for m in spread]
                for c, where in zip(near, assign):
                    if where < len(spread):
                        grown[where].append(c)
                if all(is_meld(g) for g, m in zip(grown, spread) if len(g) > len(m)):
                    laid = [c for c, where in zip(near, assign) if where < len(spread)]
                    d = min(d, hoyle.rummy.deadwood([c for c in defender if c not in laid], rules))
            result = d - k if d > k else -(k - d + bonus)
        best = result if best is None else max(best, result)
    assert best is not None
    return best


def test_the_automatic_spread_is_the_best_against_brute_force() -> None:
    from knock_reference import knocker_result

    best_spread = hoyle.rummy.best_knock

    rules = hoyle.rummy.MeldRules.gin()
    rng = hoyle.Rng(3)
    pool = [Card(f"{r}{s}") for r in "456789" for s in "cdh"]  # rich in melds
    full = list(Deck.standard())
    tried = 0
    for _ in range(400):
        cards = list(pool)
        rng.shuffle(cards)
        hand = cards[:10]
        if hoyle.rummy.deadwood(hand, rules) > 10:
            continue
        rest = [c for c in full if c not in hand]
        rng.shuffle(rest)
        defender = rest[:10]
        melds, reply = best_spread(hand, defender, rules, limit=10, undercut_bonus=10)
        k = sum(rules.value(c) for c in hand) - sum(rules.value(c) for m in melds for c in m.cards)
        got = knocker_result(k, reply.deadwood_value, 10) if k else hoyle.rummy.deadwood(defender, rules) + 1000
        assert got == _brute_best_knock(hand, defender, 10, 10), ([str(c) for c in hand], [str(c) for c in defender])
        tried += 1
        if tried == 15:
            break
    assert tried == 15


def test_the_knocker_may_name_the_spread() -> None:
    """``knock Kc on N`` spreads spread N of ``hoyle.rummy.knock_spreads``: naming the three sets lets
    the defender lay off 5s and 7s (75 - 12 = 63 left), so the knocker scores 61; a
    spread number the hand does not have is refused and nothing changes."""

    def start() -> hoyle.Game:
        game = new("5c 6c 7c 5d 6d 7d 5h 6h 7h Kc", "5s 7s Kh Qd Jd 9c 9h Ts 2d 3h", "Jh", "2s", deals=1)
        for a in ("pass", "pass", "draw stock"):
            game.act(a)
        return game

    rest = [Card(c) for c in ["5c", "6c", "7c", "5d", "6d", "7d", "5h", "6h", "7h", "2s"]]
    spreads = hoyle.rummy.knock_spreads(rest, hoyle.rummy.MeldRules.gin(), limit=10)
    sets = next(i for i, s in enumerate(spreads) if len(s) == 3 and all(m.kind == "set" for m in s))
    game = start()
    game.act(f"knock Kc on {sets}")
    assert sorted(str(c) for e in game.events if e.type == "lay_off" for c in e.cards) == ["5s", "7s"]
    assert game.state.score_sheet == [[61, 0]]
    game = start()
    before = game.state.snapshot()
    with pytest.raises(IllegalActionError, match="spreads 0"):
        game.act(f"knock Kc on {len(spreads)}")
    with pytest.raises(IllegalActionError):
        game.act("knock 5c on 0")  # 5c is no legal knock (deadwood 12)
    assert game.state.snapshot() == before
