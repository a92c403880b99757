"""Egyptian Ratscrew (docs/rules/parlor.md#b8): scripted deals for every rule and option."""

from __future__ import annotations

from collections.abc import Sequence

import hoyle
import pytest
from hoyle import Card, Deck
from hoyle.errors import IllegalActionError, InvalidOptionError
from hoyle.testing import check_variant
from hoyle_parlor.ratscrew import SLAP_RULES, SlapBot, slap_rule


def ers_deck(tops: Sequence[str], jokers: int = 0, hands: Sequence[str] | None = None) -> Deck:
    """A deck that deals seat ``s`` a hand whose top cards (played first) are
    ``tops[s]``; the rest of the pack fills the hands below them. ``hands`` gives whole
    hands (top first) instead."""
    n = len(tops) if hands is None else len(hands)
    pack = list(Deck.standard(1, jokers))
    sizes = [len(pack) // n + (1 if s < len(pack) % n else 0) for s in range(n)]
    if hands is not None:
        plays = [[Card(c) for c in h.split()] for h in hands]
    else:
        plays = [[Card(c) for c in t.split()] for t in tops]
        rest = [c for c in pack if not any(c in p for p in plays)]
        for s in range(n):
            while len(plays[s]) < sizes[s]:
                plays[s].append(rest.pop())
    assert [len(p) for p in plays] == sizes and sorted(c for p in plays for c in p) == sorted(pack)
    # card j of the deal goes to seat j % n and ends (j // n) cards above the bottom
    return Deck([plays[j % n][sizes[j % n] - 1 - j // n] for j in range(len(pack))])


def game(tops: Sequence[str], **options: object) -> hoyle.Game:
    deck = ers_deck(tops, jokers=int(options.get("jokers", 0)))  # type: ignore[call-overload]
    return hoyle.new_game("egyptian-ratscrew", players=len(tops), deck=deck, options=options, seed=1)


def pile(g: hoyle.Game) -> list[str]:
    return [str(c) for c in g.state.zone("pile").cards]


def count(g: hoyle.Game, seat: int) -> int:
    return len(g.state.zone(f"hand:{seat}").cards)


def test_players_play_their_top_cards_in_turn() -> None:
    g = game(["2c 3c", "5d 6d"])
    assert count(g, 0) == count(g, 1) == 26
    g.act("play")
    g.act("play")
    g.act("play")
    assert pile(g) == ["2c", "5d", "3c"] and g.to_act == 1
    assert g.view(0)["zones"]["hand:0"]["cards"] is None  # nobody looks at their own cards


def test_three_players_are_dealt_evenly_in_turn() -> None:
    g = game(["2c", "3c", "4c"])
    assert [count(g, s) for s in range(3)] == [18, 17, 17]
    for _ in range(3):
        g.act("play")
    assert pile(g) == ["2c", "3c", "4c"] and g.to_act == 0


def test_a_jack_gives_one_chance_then_its_player_takes_the_pile() -> None:
    g = game(["2c Jh 9c", "5d 4c"])
    for _ in range(3):
        g.act("play")  # 2c, 5d, Jh
    assert g.to_act == 1
    g.act("play")  # 4c: no face card in one chance
    assert g.phase == "take" and g.to_act == 0
    assert g.legal_actions(0) == [hoyle.Action("take"), hoyle.Action("slap")]
    assert g.legal_actions(1) == [hoyle.Action("slap")]  # the pile can still be slapped
    g.act("take")
    assert pile(g) == [] and count(g, 0) == 24 + 4 and g.to_act == 0 and g.phase == "play"
    # the pile went face down under the hand: its top card lowest
    assert [str(c) for c in g.state.zone("hand:0").cards[:4]] == ["4c", "Jh", "5d", "2c"]
    g.act("play")
    assert pile(g) == ["9c"]  # the taker leads


@pytest.mark.parametrize(("face", "chances"), [("Jh", 1), ("Qh", 2), ("Kh", 3), ("Ah", 4)])
def test_chances_per_face_card(face: str, chances: int) -> None:
    g = game([face, "2c 3c 4c 5c 6c"])
    g.act("play")
    for _ in range(chances - 1):
        g.act("play")
        assert g.to_act == 1 and g.phase == "play"
    g.act("play")
    assert g.phase == "take" and g.to_act == 0
    assert len(pile(g)) == 1 + chances


def test_a_face_card_in_time_passes_the_duty_on() -> None:
    g = game(["Qh 2d 3d 4d", "2c Kc"])
    g.act("play")  # Q: seat 1 has two chances
    g.act("play")  # 2c
    g.act("play")  # Kc: now seat 0 has three chances
    assert g.to_act == 0 and g.phase == "play"
    for _ in range(3):
        g.act("play")
    assert g.phase == "take" and g.to_act == 1
    g.act("take")
    assert count(g, 1) == 24 + 6 and g.to_act == 1


SLAPPABLE = [
    ("double", "5c 5d"),
    ("sandwich", "5c 8d 5h"),
    ("top-bottom", "5c 8d 9h 5h"),
    ("tens", "3c 7d"),
    ("tens", "Ac 9d"),
    ("tens", "3c Jd 7h"),
    ("run", "4c 5d 6h 7s"),
    ("run", "7s 6h 5d 4c"),
    ("run", "Qc Kd Ah 2s"),
    ("marriage", "Kc Qd"),
    ("marriage", "Qc Kd"),
]


def alternate(cards: str) -> list[str]:
    """Tops for two seats that play ``cards`` in this order when play alternates."""
    words = cards.split()
    return [" ".join(words[0::2]), " ".join(words[1::2])]


@pytest.mark.parametrize(("rule", "cards"), SLAPPABLE)
def test_each_slap_rule_wins_the_pile(rule: str, cards: str) -> None:
    g = game(alternate(cards), slaps=rule)
    for _ in cards.split():
        g.act("play", seat=g.to_act)
    assert pile(g) == cards.split()
    slapper = 1 - g.to_act if g.phase == "play" else 1  # also when the pile waits to be taken
    before = count(g, slapper)
    g.act("slap", seat=slapper)
    assert pile(g) == [] and count(g, slapper) == before + len(cards.split())
    assert g.to_act == slapper and g.phase == "play" and g.state.public["challenger"] is None
    assert any(e.type == "slap" and e.data["rule"] == rule for e in g.events)


@pytest.mark.parametrize(("rule", "cards"), SLAPPABLE)
def test_a_slap_rule_that_is_off_makes_the_slap_wrong(rule: str, cards: str) -> None:
    others = ",".join(r for r in SLAP_RULES if r != rule and slap_rule(cards.split(), [r]) is None)
    g = game(alternate(cards), slaps=others)
    for _ in cards.split():
        g.act("play", seat=g.to_act)
    g.act("slap", seat=0)
    assert len(pile(g)) == len(cards.split()) + 1 and any(e.type == "wrong_slap" for e in g.events)


def test_slap_rules_that_must_not_fire() -> None:
    assert slap_rule(["5c", "8d", "9h", "6h"], SLAP_RULES) is None
    assert slap_rule(["3c", "8d", "7h"], ["tens"]) is None  # not a face card between
    assert slap_rule(["Kc", "Ah", "2s", "4d"], ["run"]) is None
    assert slap_rule(["Jc", "Qd"], ["marriage"]) is None
    assert slap_rule(["5c"], SLAP_RULES) is None
    assert slap_rule(["Jk"], ["double", "sandwich"]) is None
    assert slap_rule(["Jk", "9c"], ["joker"]) is None  # the joker must be on top


def test_a_joker_on_top_is_slapped_when_jokers_are_used() -> None:
    g = game(["4c", "Jk"], jokers=1)
    assert len(g.state.deck) == 53
    g.act("play")
    g.act("play")
    assert g.to_act == 0 and g.phase == "play"  # a joker is no face card
    g.act("slap", seat=0)
    assert any(e.type == "slap" and e.data["rule"] == "joker" for e in g.events)


@pytest.mark.parametrize("penalty", [1, 2])
def test_a_wrong_slap_puts_penalty_cards_under_the_pile(penalty: int) -> None:
    g = game(["5c", "8d 9s Ts"], penalty=penalty)
    g.act("play")
    g.act("play")
    g.act("slap", seat=1)  # 5c 8d is nothing
    assert count(g, 1) == 25 - penalty
    assert pile(g) == [*["Ts", "9s"][2 - penalty :], "5c", "8d"]
    assert g.to_act == 0  # play goes on


def no_twos_deal() -> Deck:
    """Seat 1 holds every heart and spade but the twos, plus 3c 4c; seat 0 plays 2c 5c 2d first."""
    seat1 = [c for c in Deck.standard() if c.suit in "hs" and c.rank != "2"] + [Card("3c"), Card("4c")]
    seat0 = [Card("2c"), Card("5c"), Card("2d")]
    seat0 += [c for c in Deck.standard() if c not in seat1 and c not in seat0]
    return ers_deck([], hands=[" ".join(map(str, seat0)), " ".join(map(str, seat1))])


def drain_seat_1(g: hoyle.Game) -> None:
    g.act("play")  # 2c
    while count(g, 1):
        g.act("slap", seat=1)  # never a sandwich: seat 1 pays no 2 under the pile
    assert g.to_act == 0 and len(pile(g)) == 27


def test_a_player_with_no_cards_can_slap_back_in() -> None:
    g = hoyle.new_game("egyptian-ratscrew", deck=no_twos_deal(), options={"slaps": "sandwich"}, seed=1)
    drain_seat_1(g)
    assert g.legal_actions(1) == [hoyle.Action("slap")]
    g.act("play")  # 5c: seat 0 plays on alone
    g.act("play")  # 2d on 5c on 2c
    g.act("slap", seat=1)
    assert count(g, 1) == 29 and g.to_act == 1 and not g.is_over


def test_a_player_with_no_cards_who_slaps_wrongly_is_out() -> None:
    g = hoyle.new_game("egyptian-ratscrew", deck=no_twos_deal(), options={"slaps": "sandwich"}, seed=1)
    drain_seat_1(g)
    g.act("play")  # 5c
    g.act("slap", seat=1)
    assert g.state.public["out"] == [1] and g.legal_actions(1) == []
    with pytest.raises(IllegalActionError):
        g.act("slap", seat=1)


def last_card_jack_deal() -> Deck:
    """Seat 0 plays 2c 3c 4c 5c ...; seat 1's last card is the Jh, under 25 others."""
    seat0 = [
        Card(c)
        for c in [
            "2c",
            "3c",
            "4c",
            "5c",
            "6c",
            "7c",
            "8c",
            "9c",
            "Tc",
            "2d",
            "3d",
            "4d",
            "5d",
            "6d",
            "7d",
            "8d",
            "9d",
            "Td",
            "Jc",
            "Qc",
            "Kc",
            "Ac",
            "Jd",
            "Qd",
            "Kd",
            "Ad",
        ]
    ]
    seat1 = [c for c in Deck.standard() if c not in seat0 and c != Card("Jh")] + [Card("Jh")]
    return ers_deck([], hands=[" ".join(map(str, seat0)), " ".join(map(str, seat1))])


def play_last_jack(g: hoyle.Game) -> None:
    g.act("play")  # 2c
    while count(g, 1) > 1:
        g.act("slap", seat=1)  # marriage only and the 2c on top: always wrong
    g.act("play", seat=1)  # Jh, seat 1's last card: seat 0 has one chance
    assert g.state.public["challenger"] == 1 and g.to_act == 0 and count(g, 1) == 0


def test_a_player_put_out_forfeits_their_face_card_challenge() -> None:
    g = hoyle.new_game("egyptian-ratscrew", deck=last_card_jack_deal(), options={"slaps": "marriage"}, seed=1)
    play_last_jack(g)
    g.act("slap", seat=1)  # no cards and a wrong slap: out for good
    assert g.state.public["out"] == [1] and g.state.public["challenger"] is None
    g.act("play")  # 3c would have lost the challenge; now it is plain play
    assert g.phase == "play" and g.to_act == 0 and pile(g)[-2:] == ["Jh", "3c"]


def test_a_player_put_out_forfeits_the_pile_they_were_to_take() -> None:
    g = hoyle.new_game("egyptian-ratscrew", deck=last_card_jack_deal(), options={"slaps": "marriage"}, seed=1)
    play_last_jack(g)
    g.act("play")  # 3c: the challenge fails, seat 1 must take
    assert g.phase == "take" and g.to_act == 1
    g.act("slap", seat=1)  # but slaps wrongly first, holding no cards
    assert g.state.public["out"] == [1]
    assert g.phase == "play" and g.to_act == 0 and len(pile(g)) == 28
    while not g.is_over:  # seat 0 plays out alone and takes everything back
        g.act(g.legal_actions(0)[0])
    assert g.result is not None and g.result["winners"] == [0]


def test_the_last_player_in_is_never_put_out() -> None:
    faces = [c for c in Deck.standard() if c.rank in "JQKA"]
    numbers = [c for c in Deck.standard() if c.rank not in "JQKA"]
    seat0, seat1 = numbers[:26], faces + numbers[26:]
    deck = ers_deck([], hands=[" ".join(map(str, seat0)), " ".join(map(str, seat1))])
    g = hoyle.new_game("egyptian-ratscrew", deck=deck, options={"slaps": "marriage"}, seed=1)
    g.act("play")  # a number card: marriage can never be slapped
    while count(g, 1):
        g.act("slap", seat=1)
    g.act("slap", seat=1)
    assert g.state.public["out"] == [1]
    while count(g, 0):
        g.act("play")  # no face cards: seat 0 plays out alone
    assert g.phase == "take" and g.to_act == 0
    g.act("slap", seat=0)  # wrong, with no cards, but seat 0 is the last one in
    assert g.state.public["out"] == [1] and g.legal_actions(0) == [hoyle.Action("take"), hoyle.Action("slap")]
    g.act("take")
    assert g.is_over and g.result is not None and g.result["winners"] == [0]


def test_whoever_holds_all_the_cards_wins() -> None:
    hands = [
        "2c Kc " + " ".join(str(c) for c in Deck.standard() if c.suit in "cd" and str(c) not in ("2c", "Kc")),
        " ".join(str(c) for c in Deck.standard() if c.suit in "hs"),
    ]
    g = hoyle.new_game("egyptian-ratscrew", deck=ers_deck([], hands=hands), options={"slaps": "marriage"}, seed=1)
    g.act("play")  # 2c
    while count(g, 1):
        g.act("slap", seat=1)  # the 2c stays on top: never a marriage
    g.act("play")  # Kc: nobody else holds a card, so seat 0 must take
    assert g.phase == "take" and g.to_act == 0
    g.act("take")
    assert g.is_over and g.result is not None
    assert g.result["winners"] == [0] and g.result["scores"] == [1, 0]


def test_the_turn_limit_ends_the_game_and_most_cards_win() -> None:
    g = game(["2c 3c", "5d 6d"], max_turns=3)
    g.act("play")
    g.act("play")
    g.act("slap", seat=0)  # wrong: seat 0 pays a card
    g.act("play")
    assert g.is_over and g.result is not None
    assert g.result["winners"] == [1] and g.result["scores"] == [0, 1]


def test_options_are_validated() -> None:
    with pytest.raises(InvalidOptionError, match="unknown slap rule 'snap'"):
        hoyle.new_game("egyptian-ratscrew", options={"slaps": "double,snap"})
    with pytest.raises(InvalidOptionError):
        hoyle.new_game("egyptian-ratscrew", options={"penalty": 3})
    g = hoyle.new_game("egyptian-ratscrew", options={"slaps": ""}, seed=2)
    assert g.state.public["slaps"] == []


def slap_bot(seed: int) -> SlapBot:
    return SlapBot(seed=seed, skill=0.8, mistakes=0.05)


@pytest.mark.parametrize("players", [2, 3])
def test_conformance(players: int) -> None:
    check_variant("egyptian-ratscrew", games=3, players=players, options={"max_turns": 150})
    check_variant("egyptian-ratscrew", games=3, players=players, options={"max_turns": 150, "jokers": 2}, bot=slap_bot)


def test_a_quicker_sharper_slapper_wins_more_often() -> None:
    sharp = lambda seed: SlapBot(seed=seed, skill=0.9, speed=0.5)  # noqa: E731
    dull = lambda seed: SlapBot(seed=seed, skill=0.3, speed=1.0)  # noqa: E731
    r = hoyle.simulate("egyptian-ratscrew", games=20, bots=[sharp, dull], seed=4, options={"max_turns": 3000})
    assert r.wins[0] > 15
    again = hoyle.simulate("egyptian-ratscrew", games=20, bots=[sharp, dull], seed=4, options={"max_turns": 3000})
    assert [x.settlement for x in again.records] == [x.settlement for x in r.records]


def test_docstrings() -> None:
    import doctest

    import hoyle_parlor
    from hoyle_parlor import in_between, ratscrew

    for module in (hoyle_parlor, in_between, ratscrew):
        assert doctest.testmod(module).failed == 0, module.__name__
