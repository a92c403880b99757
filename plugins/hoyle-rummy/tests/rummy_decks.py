"""Fixed decks for scripted rummy deals (shared by the basic-family tests)."""

from __future__ import annotations

from typing import Any

import hoyle
from hoyle import Deck


def rummy_deck(hands: list[str], up: str, stock: str = "", base: Deck | None = None) -> Deck:
    """The deck that deals ``hands`` (dealt one card at a time, the first hand first),
    turns up ``up`` and leaves ``stock`` (then every other card of ``base``, default one
    standard pack, in pack order) to be drawn in that order."""
    split = [h.split() for h in hands]
    size = len(split[0])
    assert all(len(h) == size for h in split)
    order = [h[i] for i in range(size) for h in split] + [up] + stock.split()
    assert len(set(order)) == len(order), "a card twice"
    rest = [str(c) for c in (base or Deck.standard()) if str(c) not in order]
    return Deck(" ".join(order + rest))


def new(
    hands: list[str], up: str, stock: str = "", variant: str = "rummy", base: Deck | None = None, **options: Any
) -> hoyle.Game:
    """The last seat deals, so seat 0 gets the first card and plays first."""
    return hoyle.new_game(
        variant,
        players=len(hands),
        deck=rummy_deck(hands, up, stock, base),
        options={"first_dealer": len(hands) - 1, **options},
    )


def texts(game: hoyle.Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def cards(game: hoyle.Game, zone: str) -> list[str]:
    return [str(c) for c in game.state.zone(zone).cards]


def outcome(game: hoyle.Game) -> dict[str, Any]:
    """How the last deal ended, from the event log."""
    return dict(next(e.data for e in reversed(game.events) if e.type == "deal_end"))


def cycle(game: hoyle.Game, turns: int) -> None:
    """Each player in turn draws from the stock and discards the card drawn."""
    for _ in range(turns):
        seat = game.to_act
        game.act("draw stock")
        game.act(f"discard {game.state.zone(f'hand:{seat}').cards[-1]}")


def card_value(card: str, ace: int, joker: int) -> int:
    """An independent count of a card left in hand: ``ace`` for an ace, ``joker`` for a
    joker, 10 for the pictures and tens, face value otherwise."""
    if card.startswith("Jk"):
        return joker
    rank = card[0]
    return ace if rank == "A" else 10 if rank in "TJQK" else int(rank)


def assert_can_act(game: hoyle.Game, where: str) -> list[Any]:
    """The legal actions of the seat to act, asserting there is one (unless it is over)."""
    if game.is_over:
        return []
    seat = game.to_act
    assert seat is not None
    legal = game.legal_actions(seat)
    hand = [str(c) for c in game.state.zone(f"hand:{seat}").cards] if f"hand:{seat}" in game.state.zones else []
    assert legal, (
        f"{where}: deal {game.state.deal_number + 1}, seat {seat} ({game.phase}) holding "
        f"{' '.join(hand)} has no legal action"
    )
    return legal


def play_checked(
    variant: str, seed: int, bots: list[str], max_actions: int = 20_000, look_ahead: bool = False
) -> hoyle.Game:
    """Play ``variant`` between ``bots`` (by name, seeded as ``hoyle.simulate`` seeds them:
    bot ``i`` from stream ``1 + i`` of ``seed``) for at most ``max_actions`` actions,
    asserting before each action that the seat to act has a legal action. With
    ``look_ahead``, also every other play a seat could make mid-turn (each legal action
    but a draw or a discard, tried on a clone) must leave a seat with a legal action."""
    from hoyle import Rng
    from hoyle.plugins import make_bot

    game = hoyle.new_game(variant, players=len(bots), seed=seed)
    players = [make_bot(b, Rng(seed, 1 + i).next_u64()) for i, b in enumerate(bots)]
    for n in range(max_actions):
        where = f"{variant} seed {seed} {bots} after {n} actions"
        legal = assert_can_act(game, where)
        if not legal:
            break
        seat = game.to_act
        assert seat is not None
        if look_ahead:
            for action in legal:
                if action.kind not in ("draw", "discard"):
                    trial = game.clone()
                    trial.act(action, seat)
                    assert_can_act(trial, f"{where}, then {action}")
        game.act(players[seat].choose(game.view(seat), legal), seat)
    return game
