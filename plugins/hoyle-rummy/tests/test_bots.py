"""GinBot: its drawing, discarding and knocking rules on scripted deals, its
registration, and a fast statistical check that it beats random play."""

from __future__ import annotations

import hoyle
from hoyle import Action, Card
from hoyle.plugins import default_registry, make_bot
from hoyle_rummy.bots import GinBot
from test_gin import KNOCKER, new


def choose(game: hoyle.Game, bot: hoyle.Bot | None = None) -> str:
    """The text of the action ``bot`` (default: a GinBot) chooses for the player to act."""
    bot = bot or GinBot()
    seat = game.to_act
    assert seat is not None
    return str(bot.choose(game.view(seat), game.legal_actions(seat)))


def test_registered_for_simulate_and_play() -> None:
    assert default_registry().bots["gin"] is GinBot
    assert isinstance(make_bot("gin", seed=3), GinBot)
    assert "gin-rummy" in GinBot.variants


def test_takes_the_up_card_only_when_it_lowers_deadwood() -> None:
    # Seat 0's deadwood is 9c 9d Kh Kc = 38; the up-card 9s makes a set of nines and a
    # king can go: 10 -> take it.
    game = new("As 2s 3s 4h 5h 6h 9c 9d Kh Kc", "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "9s")
    assert choose(game) == "draw discard"
    # A useless Jd is passed.
    game = new(KNOCKER, "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "Jd")
    assert choose(game) == "pass"


def test_knocks_early_goes_gin_and_waits_late() -> None:
    game = new(KNOCKER, "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "Jh", "2d")
    for a in ("pass", "pass", "draw stock"):
        game.act(a)
    # 31 cards in the stock: knock with the least deadwood (discard Kc, keep 2d: 2).
    assert choose(game) == "knock Kc"
    # Late in the hand (stock under early_stock) with 2 deadwood: still knocks (<= late_knock);
    # with late_knock=1 it waits and discards the highest dead card instead.
    assert choose(game, GinBot(early_stock=40)) == "knock Kc"
    assert choose(game, GinBot(early_stock=40, late_knock=1)) == "discard Kc"
    gin = new(KNOCKER, "7h 8h 7c 7d Qc Qd Js Ts 5c 2c", "Jh", "4s")
    for a in ("pass", "pass", "draw stock"):
        gin.act(a)
    assert choose(gin, GinBot(early_stock=40, late_knock=0)) == "knock Kc"  # gin


def test_avoids_discarding_what_the_opponent_collects() -> None:
    # Seat 1 took 8c from the pile; seat 0 then holds two dead tens of equal value
    # (Td, Tc) and a deadwood tie: Tc sits two ranks from 8c in its suit, so Td goes.
    bot = GinBot()
    view = {
        "seat": 0,
        "phase": "discard",
        "public": {"knock_limit": 10, "taken": None},
        "zones": {
            "hand:0": {"cards": ["As", "2s", "3s", "4h", "5h", "6h", "9c", "9s", "9h", "Td", "Tc"]},
            "stock": {"count": 25},
        },
        "events": [
            {"type": "deal_start", "seat": None},
            {"type": "draw", "seat": 1, "from": "discard", "to": "hand:1", "cards": ["8c"]},
        ],
    }
    legal = [Action("discard", (Card(c),)) for c in ("Td", "Tc")]
    assert str(bot.choose(view, legal)) == "discard Td"
    view["events"] = view["events"][:1]
    assert str(bot.choose(view, legal)) == "discard Tc"  # no information: the first card in card order


def test_beats_random_play() -> None:
    """30 short games against RandomBot, the bot in either seat: a bot that did not
    reduce its deadwood or knock would win about half of them."""
    result = hoyle.simulate("gin-rummy", games=15, bots=["gin", "random"], seed=7, options={"target": 25})
    swapped = hoyle.simulate("gin-rummy", games=15, bots=["random", "gin"], seed=8, options={"target": 25})
    wins = result.wins[0] + swapped.wins[1]
    assert wins >= 25, wins


def test_hoyle_play_and_simulate_find_the_gin_bot() -> None:
    from click.testing import CliRunner
    from hoyle.cli import cli

    runner = CliRunner()
    res = runner.invoke(cli, ["play", "gin-rummy", "--bots", "gin", "--seed", "1", "--seat", "1"], input="hint\nquit\n")
    assert res.exit_code == 0, res.output
    assert "gin bot would play: pass" in res.output  # the up-card Ks does not help its hand
    res = runner.invoke(cli, ["simulate", "gin-rummy", "--games", "4", "--bots", "gin,random", "--seed", "3", "--json"])
    assert res.exit_code == 0, res.output


def test_contract_bot_after_its_contract_takes_a_discard_it_can_use() -> None:
    from hoyle_rummy.bots import ContractBot
    from hoyle_rummy.common import DRAW_DISCARD, DRAW_STOCK

    def take(top: str) -> bool:
        view = {
            "seat": 0,
            "public": {
                "met": [True, False],
                "contract": "2 sets",
                "melds": [{"kind": "set", "plays": ["9c", "9d", "9h"]}],
            },
            "zones": {"hand:0": {"cards": ["Qd", "Qh", "7s"]}, "discard": {"cards": ["2d", top]}},
        }
        return ContractBot(seed=1).choose(view, [DRAW_STOCK, DRAW_DISCARD]) == DRAW_DISCARD

    assert take("Qc")  # a set with its two queens
    assert take("9s")  # laid off on the nines
    assert not take("2c")  # of no use: the stock
