"""Every event of every variant reads as a sentence whose verb agrees with its subject
(``hoyle.words``): a player (``Ann``) or the table takes the third person singular,
``You`` the plain form - "The table moves 31 cards", never "The table move 31 cards".
Each variant is played by random legal moves for a while and each event is rendered for
a spectator and for the seat it names."""

from __future__ import annotations

import hoyle
import pytest
from hoyle import Rng, words

PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ivy", "Jo"]
#: Third person singular forms that are not the plain form plus -s, -es or -ies.
IRREGULAR = {"are": "is", "have": "has"}


def agrees(plain: str, third: str) -> bool:
    """Whether ``third`` is the third person singular of the verb ``plain`` (English
    spelling rules, written here independently of :mod:`hoyle.words`)."""
    if plain in IRREGULAR:
        return IRREGULAR[plain] == third
    return third in (plain + "s", plain + "es", plain[:-1] + "ies")


def random_events(name: str, actions: int = 300) -> list[hoyle.engine.state.Event]:
    variant = hoyle.variants()[name]
    game = hoyle.new_game(name, players=variant.players[0], seed=11, options=variant.bounded_options())
    rng = Rng(11)
    for _ in range(actions):
        if game.is_over or game.to_act is None:
            break
        legal = game.legal_actions()
        game.act(legal[rng.below(len(legal))])
    return list(game.events)


@pytest.mark.parametrize("name", sorted(hoyle.variants()))
def test_every_event_agrees_with_its_subject(name: str) -> None:
    for event in random_events(name):
        seen = event.for_viewer(None)
        line = words.describe_event(seen, PLAYERS)
        if line is None:
            continue
        subject = "The table" if event.seat is None else PLAYERS[event.seat]
        if not line.startswith(subject + " "):
            continue  # a label ("Flop: ...", "Deal scored: ...")
        verb = line[len(subject) + 1 :].split()[0]
        if event.seat is None:
            assert verb.endswith("s"), f"{name}: {event.type}: {line!r}"
            continue
        mine = words.describe_event(event.for_viewer(event.seat), PLAYERS, viewer=event.seat)
        assert mine is not None and mine.startswith("You "), f"{name}: {event.type}: {mine!r}"
        plain = mine[4:].split()[0]
        assert agrees(plain, verb), f"{name}: {event.type}: {line!r} / {mine!r}"
