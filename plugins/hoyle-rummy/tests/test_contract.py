"""Contract rummy (docs/rules/rummy.md#c3), scripted with fixed decks."""

from __future__ import annotations

import hoyle
import pytest
from hoyle import Card, Deck
from hoyle.errors import IllegalActionError, InvalidOptionError
from hoyle.testing import check_variant
from hoyle_rummy.bots import ContractBot
from rummy_decks import play_checked

FILLER_SKIP = {"Jk"}


def contract_deck(hands: list[str], up: str, stock: str = "", players: int = 4) -> Deck:
    """Deal these hands in dealing order (the first goes to the player left of the
    dealer, who plays first), turn up ``up``, then ``stock`` top first, then the rest
    of the pack(s) in order; hands not given are filled from the rest."""
    full = [str(c) for c in Deck.standard(1, 1)] if players <= 5 else [str(c) for c in Deck.standard(2, 2)]
    given = [h.split() for h in hands] + [[] for _ in range(players - len(hands))]
    size = max(len(h) for h in given) or 10
    used = [c for h in given for c in h] + [up] + stock.split()
    rest = [c for c in full if c not in used and c not in FILLER_SKIP]
    for h in given:
        while len(h) < size:
            h.append(rest.pop(0))
    order = [h[i] for i in range(size) for h in given] + [up] + stock.split()
    order += [c for c in full if c not in order]
    return Deck(" ".join(order))


def new(
    hands: list[str], up: str, stock: str = "", decks_before: list[Deck] | None = None, **options: object
) -> hoyle.Game:
    deck = contract_deck(hands, up, stock)
    return hoyle.new_game(
        "contract-rummy", players=4, deck=[*(decks_before or []), deck], options={"first_dealer": 3, **options}
    )


def texts(game: hoyle.Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


# Hands that go out on their first turn in each deal (after drawing the stock's top card).
QUICK = [
    ("7c 7d 7h 9c 9d 9h 2s 3s 4s Kc", "5s", ["meld 7c 7d 7h 9c 9d 9h", "meld 2s 3s 4s 5s"]),
    ("7c 7d 7h 2s 3s 4s 9c 9d 9h Kc", "5s", ["meld 7c 7d 7h 2s 3s 4s 5s", "meld 9c 9d 9h"]),
    ("2s 3s 4s 6h 7h 8h 9c 9d 9h Kc", "5s", ["meld 2s 3s 4s 5s 6h 7h 8h", "meld 9c 9d 9h"]),
    ("7c 7d 7h 9c 9d 9h Qc Qd Qh Kc", "7s", ["meld 7c 7d 7h 7s 9c 9d 9h Qc Qd Qh"]),
    ("7c 7d 7h 9c 9d 9h 2s 3s 4s Jc Jd Kc", "Jh", ["meld 7c 7d 7h 9c 9d 9h 2s 3s 4s", "meld Jc Jd Jh"]),
    ("7c 7d 7s 2s 3s 4s 6h 7h 8h Jc Jd Kc", "Js", ["meld 7c 7d 7s 2s 3s 4s 6h 7h 8h", "meld Jc Jd Js"]),
    ("2s 3s 4s 5s 6h 7h 8h 9h 2c 3c 4c Kc", "5c", ["meld 2s 3s 4s 5s 6h 7h 8h 9h 2c 3c 4c 5c"]),
]


def quick_out(game: hoyle.Game, deal: int) -> None:
    game.act("draw stock")
    for m in QUICK[deal][2]:
        game.act(m)
    game.act("discard Kc")


def test_the_deal_the_cut_and_the_packs() -> None:
    game = new([], "8c")
    state = game.state
    assert len(state.deck) == 53 and state.public["dealer"] == 3 and game.to_act == 0
    assert state.public["contract"] == "2 sets" and all(len(state.zone(f"hand:{s}").cards) == 10 for s in range(4))
    assert [str(c) for c in state.zone("discard").cards] == ["8c"]
    six = hoyle.new_game("contract-rummy", players=6, seed=5)
    assert len(six.state.deck) == 106 and sum(c.is_joker for c in six.state.deck) == 2
    cut = next(e.data["cards"] for e in six.events if e.type == "cut")
    lows = {int(s): 1 if Card(c).rank == "A" else Card(c).rank_value for s, c in cut.items()}
    assert six.state.public["dealer"] == min(lows, key=lambda s: lows[s])
    assert six.to_act == (six.state.public["dealer"] + 1) % 6
    with pytest.raises(InvalidOptionError, match="first_dealer"):
        hoyle.new_game("contract-rummy", players=3, options={"first_dealer": 3})


def test_first_meld_is_exactly_the_contract() -> None:
    game = new(["7c 7d 7h 9c 9d 9h 2s 3s 4s Kc"], "Qd", "5s")
    game.act("draw stock")
    for wrong in ("meld 7c 7d 7h", "meld 7c 7d 7h 9c 9d 9h 2s 3s 4s 5s", "meld 2s 3s 4s 5s 9c 9d 9h"):
        with pytest.raises(IllegalActionError, match="not exactly the contract"):
            game.act(wrong)
    assert not any(t.startswith("lay off") for t in texts(game))
    game.act("meld 7c 7d 9c 9d 9h 7h")
    assert game.state.public["met"][0] and [m["kind"] for m in game.state.public["melds"]] == ["set", "set"]


def test_lay_offs_only_after_the_contract_and_they_sit_in_front_of_the_player() -> None:
    game = new(["7c 7d 7h 9c 9d 9h 2s 3s 4s Kc", "7s 8d 8h 8s Tc Td Th Qs Ks 5d"], "Qd", "5s 6c")
    game.act("draw stock")
    game.act("meld 7c 7d 7h 9c 9d 9h")
    game.act("discard Kc")
    game.act("draw stock")  # seat 1 has not met the contract
    with pytest.raises(IllegalActionError):
        game.act("lay off 7s on 0")
    game.act("meld 8d 8h 8s Tc Td Th")
    game.act("lay off 7s on 0")
    assert [str(c) for c in game.state.zone("laid:1:0").cards] == ["7s"]
    assert game.state.public["melds"][0]["cards"] == ["7c", "7d", "7h", "7s"]


def test_runs_of_one_suit_are_refused_in_one_contract() -> None:
    before = [contract_deck([QUICK[d][0]], "Ts", QUICK[d][1]) for d in range(2)]
    game = new(["2s 3s 4s 6s 7s 8s 6h 7h 8h Kc"], "Qd", "2d", decks_before=before)
    quick_out(game, 0)
    quick_out(game, 1)
    assert game.state.public["contract"] == "2 runs" and game.to_act == 2
    game.act("draw stock")
    with pytest.raises(IllegalActionError, match="different suits"):
        game.act("meld 2s 3s 4s 6s 7s 8s")
    game.act("meld 2s 3s 4s 6h 7h 8h")


def test_buying_from_inside_takes_every_card_above() -> None:
    hands = ["2c 3d 4h 6s 6c 7d 7c Jc Qd 9c", "2d 3h 4s 5c 6d 7h 9s Td Jh Kc", "8d 8h 5d 5h 5s Qs Js 3c 4c 2h"]
    game = new(hands, "8c", "Ac Ad")
    game.act("draw stock")
    game.act("discard 9c")
    game.act("draw stock")
    game.act("discard Kc")
    assert game.to_act == 2 and [str(c) for c in game.state.zone("discard").cards] == ["8c", "9c", "Kc"]
    legal = texts(game)
    assert "draw discard 8c" in legal and "draw discard 9c" not in legal
    with pytest.raises(IllegalActionError):
        game.act("draw discard 9c")
    game.act("draw discard 8c")
    hand = {str(c) for c in game.state.zone("hand:2").cards}
    assert {"8c", "9c", "Kc"} <= hand and not game.state.zone("discard").cards
    # The bought card must be melded now: nothing else is legal.
    assert texts(game) == ["meld 5d 5h 5s 8c 8d 8h"]
    with pytest.raises(IllegalActionError):
        game.act("discard Kc")
    game.act("meld 5d 5h 5s 8c 8d 8h")
    assert "discard Kc" in texts(game)  # of several cards drawn, one may be discarded


def test_a_single_card_from_the_top_may_not_be_discarded_that_turn() -> None:
    game = new([], "8c")
    game.act("draw discard")
    assert "discard 8c" not in texts(game)
    with pytest.raises(IllegalActionError):
        game.act("discard 8c")


def test_the_joker_swap_and_the_joker_must_be_used_that_turn() -> None:
    hands = ["7c 7d 7h 9c 9d 9h 5s Jk 7s Kc", "8c 8d 8h Tc Td Th 6s 2d 3h Kd"]
    game = new(hands, "Qd", "4d 4c")
    game.act("draw stock")
    game.act("meld 7c 7d 7h 9c 9d 9h")
    game.act("meld 5s Jk 7s")
    assert game.state.public["jokers"] == {"Jk": "6s"}
    game.act("discard Kc")
    game.act("draw stock")
    assert not any(t.startswith("swap") for t in texts(game))  # contract not met yet
    game.act("meld 8c 8d 8h Tc Td Th")
    assert "swap 6s on 2" in texts(game)
    game.act("swap 6s on 2")
    state = game.state
    assert "Jk" in [str(c) for c in state.zone("hand:1").cards]
    assert state.public["melds"][2]["cards"] == ["5s", "6s", "7s"] and "Jk" not in state.public["jokers"]
    assert not any(t.startswith("discard") for t in texts(game))  # use the joker first
    game.act("lay off Jk on 2")
    assert state.public["jokers"] == {"Jk": "8s"} and state.public["melds"][2]["cards"] == ["5s", "6s", "7s", "Jk"]
    assert "discard Kd" in texts(game)


@pytest.mark.parametrize(
    ("action", "stands_for", "cards"),
    [("lay off Jk on 2", "8s", "5s 6s 7s Jk"), ("lay off low Jk on 2", "4s", "Jk 5s 6s 7s")],
)
def test_the_player_declares_the_card_a_laid_off_joker_stands_for(action: str, stands_for: str, cards: str) -> None:
    """docs/rules/rummy.md#c3: the player declares what each joker stands for. Won back by
    the swap, the joker may go on either open end of ``5s 6s 7s``."""
    hands = ["7c 7d 7h 9c 9d 9h 5s Jk 7s Kc", "8c 8d 8h Tc Td Th 6s 2d 3h Kd"]
    game = new(hands, "Qd", "4d 4c")
    for step in ["draw stock", "meld 7c 7d 7h 9c 9d 9h", "meld 5s Jk 7s", "discard Kc", "draw stock"]:
        game.act(step)
    game.act("meld 8c 8d 8h Tc Td Th")
    game.act("swap 6s on 2")
    assert {"lay off Jk on 2", "lay off low Jk on 2"} <= set(texts(game))
    game.act(action)
    state = game.state
    assert state.public["jokers"] == {"Jk": stands_for}
    assert state.public["melds"][2]["cards"] == cards.split()


def test_no_joker_swap_that_would_leave_only_the_card_just_taken() -> None:
    """docs/rules/rummy.md#c3 (no turn without an end): holding ``6s Kc`` with the Kc just
    taken from the top of the pile, ``swap 6s`` would bring back the joker, which must be
    laid off, and then leave only the Kc, which may not be discarded: it is not offered,
    and the discard of the 6s is the only way to end the turn. Found by random play (seed
    7861062152367299380, bots random, random, contract, deal 2: ``3s Jk`` stranded)."""
    hands = ["7c 7d 7h 9c 9d 9h 5s Jk 7s Kc", "8c 8d 8h Tc Td Th 8s Ts 9s 6s"]
    game = new(hands, "Qd", "4d")
    game.act("draw stock")
    game.act("meld 7c 7d 7h 9c 9d 9h")
    game.act("meld 5s Jk 7s")
    game.act("discard Kc")
    game.act("draw discard")
    game.act("meld 8c 8d 8h Tc Td Th")
    for play in ("lay off 8s on 3", "lay off Ts on 4", "lay off 9s on 1"):
        game.act(play)
    assert sorted(str(c) for c in game.state.zone("hand:1").cards) == ["6s", "Kc"]
    assert texts(game) == ["discard 6s"]
    with pytest.raises(IllegalActionError):
        game.act("swap 6s on 2")


def test_the_stranded_seed_plays_to_the_end() -> None:
    """The random-play game of the test above, replayed: the seat to act always has a
    legal action, through all seven deals."""
    game = play_checked("contract-rummy", 7861062152367299380, ["random", "random", "contract"])
    assert game.is_over and len(game.state.score_sheet) == 7


def test_no_swap_strands_in_the_soaks_game() -> None:
    """The no-stranding soak's game 289 (four random players, seed 15595143122666537382):
    after 411 actions, ``swap 6h on 1`` would have left seat 2 holding ``7c Jk`` - the 7c
    just taken from the pile - with no legal action; every play tried along the game
    (the look-ahead) leaves one."""
    play_checked("contract-rummy", 15595143122666537382, ["random"] * 4, max_actions=600, look_ahead=True)


def test_five_players_deal_every_contract_from_two_packs() -> None:
    """docs/rules/rummy.md#c3: one pack and a joker cannot deal five players 12 cards each
    (61 cards with the up-card), so five play with two packs and two jokers."""
    game = hoyle.new_game("contract-rummy", players=5, seed=1)
    assert len(game.state.deck) == 106 and sum(c.is_joker for c in game.state.deck) == 2
    assert len(hoyle.new_game("contract-rummy", players=4, seed=1).state.deck) == 53
    game = play_checked("contract-rummy", 348981619399714926, ["contract", "random", "random", "random", "contract"])
    assert game.is_over and len(game.state.score_sheet) == 7


def test_jokers_in_sets_are_dead() -> None:
    hands = ["7c 7d Jk 9c 9d 9h 2s 4d 6s Kc", "8c 8d 8h Tc Td Th 7h 2d 3h Kd"]
    game = new(hands, "Qd", "4h 4c")
    game.act("draw stock")
    game.act("meld 7c 7d Jk 9c 9d 9h")
    game.act("discard Kc")
    game.act("draw stock")
    game.act("meld 8c 8d 8h Tc Td Th")
    assert not any(t.startswith("swap") for t in texts(game))
    with pytest.raises(IllegalActionError):
        game.act("swap 7h on 0")


def test_going_out_ends_the_deal_with_penalty_points() -> None:
    hands = [QUICK[0][0], "Kd Qd Jd Td As 2c 3d 4h Jk 5c", "2h 3c 4d 5h 6c 8d Ah Ad 9s Ts"]
    game = new(hands, "Qh", QUICK[0][1])
    quick_out(game, 0)
    # K Q J 10 = 10 each, ace 15, joker 15, others face value.
    assert game.state.score_sheet[0][:3] == [
        0,
        4 * 10 + 15 + 2 + 3 + 4 + 15 + 5,
        2 + 3 + 4 + 5 + 6 + 8 + 15 + 15 + 9 + 10,
    ]
    assert game.state.deal_number == 1 and game.state.public["contract"] == "1 set + 1 run"


def test_seven_deals_make_a_match_and_the_lowest_total_wins() -> None:
    decks = [contract_deck([QUICK[d][0]], "Ts", QUICK[d][1]) for d in range(7)]
    game = hoyle.new_game("contract-rummy", players=4, deck=decks, options={"first_dealer": 3})
    for deal in range(7):
        assert not game.is_over
        # The deal moves left: the player left of the dealer plays first.
        assert game.state.public["dealer"] == (3 + deal) % 4 and game.to_act == deal % 4
        quick_out(game, deal)
        assert game.state.score_sheet[-1][deal % 4] == 0  # the first player went out
    assert game.is_over and game.result and game.result["deals"] == 7
    scores = game.result["scores"]
    assert scores == [sum(row[s] for row in game.state.score_sheet) for s in range(4)]
    assert game.result["winners"] == [scores.index(min(scores))] and len(set(scores)) == 4
    assert sum(game.result["settlement"]) == 0


def test_conformance() -> None:
    check_variant("contract-rummy", games=2, players=4, bot=ContractBot, options={"reshuffles": 1})
    check_variant("contract-rummy", games=1, players=6, bot=ContractBot, options={"reshuffles": 1})


def test_aces_high_or_low_but_not_round_the_corner() -> None:
    game = new(["7c 7d 7h 9c 9d 9h Qh Kh Ah 2h", "3c 4c 5s 6s Td Jd 8d 2c Tc Jc"], "Qd", "4s As")
    game.act("draw stock")
    game.act("meld 7c 7d 7h 9c 9d 9h")
    game.act("meld Qh Kh Ah")  # Q-K-A
    assert game.state.public["melds"][2]["plays"] == ["Qh", "Kh", "Ah"]
    assert "lay off 2h on 2" not in texts(game)  # K-A-2 is no run
    with pytest.raises(IllegalActionError):
        game.act("lay off 2h on 2")
    with pytest.raises(IllegalActionError, match="not a set or run"):
        game.act("meld 2h 4s")
    game.act("discard 4s")
    assert game.to_act == 1


def test_two_packs_sets_never_repeat_a_suit() -> None:
    hands = ["7h 7h#1 7c 7d 9c 9d 9h 2s 3s Kc"]
    game = hoyle.new_game(
        "contract-rummy", players=6, deck=contract_deck(hands, "Qd", "4d", players=6), options={"first_dealer": 5}
    )
    game.act("draw stock")
    with pytest.raises(IllegalActionError, match="not exactly the contract"):
        game.act("meld 7h 7h#1 7c 9c 9d 9h")
    game.act("meld 7h 7c 7d 9c 9d 9h")
    assert game.state.public["met"][0]


def test_new_game_without_players_seats_the_fewest_contract_rummy_allows() -> None:
    game = hoyle.new_game("contract-rummy", seed=1)
    assert len(game.state.players) == 3
    assert len(hoyle.new_game("gin-rummy", seed=1).state.players) == 2  # two, where two may play


def _brute_contract_melds(hand: list[Card], contract: str) -> set[tuple[str, ...]]:
    """Every subset of the hand that is exactly the contract, by trying them all."""
    from itertools import combinations

    from hoyle_rummy.contract import RULES

    found = set()
    for k in range(3, len(hand) + 1):
        for cards in combinations(hand, k):
            arr = hoyle.rummy.find_contract(list(cards), contract, RULES)
            if arr is not None and not arr.deadwood:
                found.add(tuple(sorted(str(c) for c in cards)))
    return found


def test_legal_actions_list_every_contract_meld_natural_and_with_the_joker() -> None:
    """Deal 1 (two sets): the hand holds 7c 7d 7h, 9c 9d 9h 9s and the joker. Every
    subset that is exactly the contract is offered - the all-natural melds as well as
    those using the joker (today's single listed meld used the joker) - and nothing
    else; each is accepted."""
    hand = "7c 7d 7h 9c 9d 9h 9s Jk 2d 5s"
    game = new([hand], "Qd", "Kc")
    game.act("draw stock")
    listed = {tuple(sorted(t.split()[1:])) for t in texts(game) if t.startswith("meld")}
    cards = [Card(c) for c in [*hand.split(), "Kc"]]
    assert listed == _brute_contract_melds(cards, "2 sets")
    assert ("7c", "7d", "7h", "9c", "9d", "9h") in listed  # all natural
    assert ("7c", "7d", "9c", "9d", "9h", "Jk") in listed  # the joker in the sevens
    for meld in sorted(listed)[:4]:
        trial = new([hand], "Qd", "Kc")
        trial.act("draw stock")
        trial.act("meld " + " ".join(meld))
        assert trial.state.public["met"][0]


def test_every_contract_meld_against_brute_force_on_random_hands() -> None:
    from hoyle_rummy.contract import contract_melds, contract_text

    rng = hoyle.Rng(7)
    # rich hands: ten cards of ranks 5-9 in three suits and the joker, so most hold a contract
    pool = [Card(f"{r}{s}") for r in "56789" for s in "chs"] + [Card("Jk")]
    held = 0
    for contract in (contract_text(2, 0), contract_text(1, 1), contract_text(0, 2)):
        for _ in range(15):
            cards = list(pool)
            rng.shuffle(cards)
            hand = cards[:10]
            listed = [tuple(sorted(str(c) for m in ms for c in m.cards)) for ms in contract_melds(hand, contract)]
            assert len(listed) == len(set(listed))  # each once
            brute = _brute_contract_melds(hand, contract)
            assert set(listed) == brute, (contract, [str(c) for c in hand])
            held += bool(brute)
    assert held >= 20


def test_every_contract_meld_with_two_packs_against_brute_force() -> None:
    """Two packs: the same meld of either copy of a card, and of either joker, is listed."""
    from hoyle_rummy.contract import contract_melds, contract_text

    rng = hoyle.Rng(11)
    pool = [Card(f"{r}{s}{copy}") for r in "6789" for s in "cdh" for copy in ("", "#1")] + [Card("Jk"), Card("Jk#1")]
    held = 0
    for contract in (contract_text(2, 0), contract_text(1, 1)):
        for _ in range(8):
            cards = list(pool)
            rng.shuffle(cards)
            hand = cards[:10]
            listed = {tuple(sorted(str(c) for m in ms for c in m.cards)) for ms in contract_melds(hand, contract)}
            brute = _brute_contract_melds(hand, contract)
            assert listed == brute, (contract, [str(c) for c in hand])
            held += bool(brute)
    assert held >= 8


def test_contract_bot_keeps_two_cards_while_nothing_out_of_sight_could_be_laid_off() -> None:
    """One card goes out only by a lay-off: with every card that fits the table's melds
    in sight, the bot keeps two cards (a third may meld with them) - else the deal goes
    round the reshuffled pile for ever (a stalled game found by self-play)."""
    from hoyle import Action, Card
    from hoyle_rummy.bots import ContractBot

    def choice(melds: list[list[str]]) -> str:
        view = {
            "seat": 0,
            "players": ["a", "b", "c"],
            "public": {
                "met": [True, True, True],
                "contract": "2 sets",
                "melds": [{"plays": m, "cards": m} for m in melds],
            },
            "zones": {"hand:0": {"cards": ["Ks", "2c", "7d"]}, "discard": {"cards": ["5h"]}},
        }
        legal = [Action("lay off", (Card("Ks"),), target=0)] + [
            Action("discard", (Card(c),)) for c in ("Ks", "2c", "7d")
        ]
        return str(ContractBot(seed=1).choose(view, legal))

    assert choice([["Kc", "Kd", "Kh"], ["4c", "4d", "4h", "4s"]]).startswith("discard")
    assert choice([["Kc", "Kd", "Kh"], ["4c", "4d", "4h"]]) == "lay off Ks on 0"  # the 4s may still come
