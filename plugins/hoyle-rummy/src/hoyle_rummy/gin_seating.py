"""How gin seats its players: the small strategy that deals a match's tables, scores a
deal and settles the game. Every seating plays its tables with the same functions
(:mod:`hoyle_rummy.gin_table`).

* :class:`OneTable` (two players, or three in rotation): one table per deal. With two,
  the dealer and the non-dealer; with three, the dealer deals to the other two and sits
  out, the player left of the dealer playing first. Each hand's winner scores its
  points and a box; the next dealer follows option ``dealer`` (three players: always
  the loser of the hand, who then sits out); a void hand is dealt again by the same
  dealer. At the end each other player settles with the winner.
* :class:`Partnerships` (four players): seats 0 and 2 against 1 and 3 at two tables
  played at once, each with its own pack; no boxes or game bonus.

    >>> SEATINGS[3].players_of(dealer=1)
    (2, 0)
    >>> four_tables(0, dealing_team=0)
    [(1, 0), (3, 2)]
"""

from __future__ import annotations

from hoyle import Card, State

from hoyle_rummy.gin_state import FourTableFacts, GinPublic, gin_public, one_table
from hoyle_rummy.gin_table import deal_table, four_table, hand_result, table

TEAMS = ((0, 2), (1, 3))


def target(state: State) -> int:
    """The points that win: option ``target``, where None means 100 (125 for the
    four-player partnership game)."""
    goal: int | None = state.options["target"]
    if goal is None:
        return 125 if len(state.players) == 4 else 100
    return goal


class Seating:
    """The seating strategy: the tables of a deal, a deal's scores, the settlement."""

    def deal(self, state: State, oklahoma: bool) -> None:
        """Deal this deal's tables and start their play."""
        raise NotImplementedError

    def score_deal(self, state: State) -> dict[int, int]:
        """The deal's scores (the tables' hands are over)."""
        raise NotImplementedError

    def settle(self, state: State) -> dict[int, int]:
        """The game's settlement, zero-sum."""
        raise NotImplementedError


class OneTable(Seating):
    """One table per deal among ``players`` (2, or 3 in rotation: the dealer sits out)."""

    def __init__(self, players: int) -> None:
        self.players = players

    def players_of(self, dealer: int) -> tuple[int, int]:
        """The table's (first player, dealer): the dealer's left plays first; with three
        the dealer deals to the other two and sits out (the one after the first player
        then "deals")."""
        n = self.players
        return (dealer + 1) % n, (dealer + 2) % n

    def deal(self, state: State, oklahoma: bool) -> None:
        pub = gin_public(state)
        n = self.players
        if state.deal_number == 0:
            first_dealer = state.options["first_dealer"]
            dealer = state.rng.below(n) if first_dealer < 0 else first_dealer
            pub.update({"boxes": [0] * n, "dealer": dealer, "hands_won": [0] * n})
        else:
            pub["dealer"] = pub["next_dealer"]
        players = self.players_of(pub["dealer"])
        one_table(state)["players"] = list(players)
        deal_table(state, table(players), oklahoma)

    def score_deal(self, state: State) -> dict[int, int]:
        pub = gin_public(state)
        t = table(one_table(state)["players"])
        result = hand_result(state, t)
        if result is None:
            pub["next_dealer"] = pub["dealer"]
            return {}
        winner, points, boxes = result
        pub["boxes"][winner] += boxes
        pub["hands_won"][winner] += 1
        pub["hand_winner"] = winner
        rule = state.options["dealer"]  # three players: always "loser"
        pub["next_dealer"] = t.other(winner) if rule == "loser" else winner if rule == "winner" else 1 - pub["dealer"]
        return {winner: points}

    def settle(self, state: State) -> dict[int, int]:
        """Each loser settles with the winner: the winner's total (score, game bonus -
        doubled, or the whole total doubled, against a loser who scored nothing - and
        boxes) less the loser's (score and boxes). A game that ends by option ``deals``
        before anyone reaches the target has no game bonus: score and boxes only."""
        opts = state.options
        scores = state.scores
        winner = max(state.seats, key=lambda s: (scores[s], -s))
        pub = gin_public(state)
        boxes = pub["boxes"]
        settle = dict.fromkeys(state.seats, 0)
        totals: dict[str, int] = {}
        reached = scores[winner] >= target(state)
        for loser in state.seats:
            if loser == winner:
                continue
            win_total = scores[winner] + boxes[winner] * opts["box_bonus"]
            shutout = scores[loser] == 0
            if reached and shutout and opts["shutout"] == "double-total":
                win_total = 2 * (win_total + opts["game_bonus"])
            elif reached:
                win_total += opts["game_bonus"] * (2 if shutout else 1)
            lose_total = scores[loser] + boxes[loser] * opts["box_bonus"]
            totals[str(winner)], totals[str(loser)] = win_total, lose_total
            settle[winner] += win_total - lose_total
            settle[loser] -= win_total - lose_total
        pub["totals"] = totals
        return settle


def four_tables(deal: int, dealing_team: int) -> list[tuple[int, int]]:
    """The two tables of a four-player deal as (first player, dealer): partners 0 and 2
    play against 1 and 3, alternating opponents each deal (0-1 and 2-3, then 0-3 and
    2-1); the dealing partnership alternates too."""
    pairs = [(0, 1), (2, 3)] if deal % 2 == 0 else [(0, 3), (2, 1)]
    return [(b, a) if dealing_team == 0 else (a, b) for a, b in pairs]


class Partnerships(Seating):
    """Four-player partnership gin: seats 0 and 2 against 1 and 3. Each deal holds two
    gin tables (zones prefixed ``a:`` and ``b:``, each with its own pack of a two-pack
    deck - copy 0 at table ``a``, copy 1 at ``b``; a deck listing pack 0 then pack 1 is
    dealt in that order, otherwise each table's pack is shuffled with ``state.rng``),
    played at the same time: the turn passes between the tables whenever a table's turn
    passes. Each player meets the opponents alternately (0-1 and 2-3, then 0-3 and
    2-1); the partnership that deals alternates (the first by a cut, or the team of
    option ``first_dealer``). When both tables are over the deal is scored: if both
    partners won, their team scores the sum of their points; if the hands split, the
    team with the higher score scores the difference; a void table counts for nobody.
    Both partners carry the team's score; the first team to 125 (``target`` None) wins,
    and each seat settles the difference of the team scores (no boxes or game bonus)."""

    def deal(self, state: State, oklahoma: bool) -> None:
        pub = gin_public(state)
        if state.deal_number == 0:
            first = state.options["first_dealer"]
            pub["dealing_team"] = state.rng.below(2) if first < 0 else first % 2
        else:
            pub["dealing_team"] = 1 - pub["dealing_team"]
        tables: list[FourTableFacts] = []
        pub["tables"] = tables
        top_first = list(reversed(state.zone("deck").cards))
        packs: list[list[Card]]
        if all(c.copy == 0 for c in top_first[:52]):
            packs = [top_first[:52], top_first[52:]]  # a prepared deck: pack 0, then pack 1
        else:
            # Each table shuffles its own pack (a deal by position could put both copies
            # of a card at one table).
            packs = [sorted(c for c in top_first if c.copy == i) for i in range(2)]
            for pack in packs:
                state.rng.shuffle(pack)
        for i, players in enumerate(four_tables(state.deal_number, pub["dealing_team"])):
            prefix = "ab"[i] + ":"
            tables.append(four_table(prefix, list(players)))
            deal_table(state, table(players, prefix, i), oklahoma, packs[i])
        first_table = tables[0]
        state.phase, state.to_act = first_table["phase"], first_table["to_act"]

    def score_deal(self, state: State) -> dict[int, int]:
        won = [0, 0]
        winners = [0, 0]
        pub: GinPublic = gin_public(state)
        for i, tp in enumerate(pub["tables"]):
            result = hand_result(state, table(tp["players"], tp["prefix"], i))
            if result is not None:
                winner, points, _ = result
                won[winner % 2] += points
                winners[winner % 2] += 1
        if winners[0] and winners[1]:
            team = 0 if won[0] > won[1] else 1
            points = abs(won[0] - won[1])
        else:
            team = 0 if winners[0] else 1
            points = won[team]
        pub["deal_team_score"] = {"team": team, "points": points}
        return {seat: points for seat in TEAMS[team]} if points else {}

    def settle(self, state: State) -> dict[int, int]:
        a, b = state.scores[0], state.scores[1]
        return {0: a - b, 2: a - b, 1: b - a, 3: b - a}


#: The seating of each number of players.
SEATINGS: dict[int, OneTable | Partnerships] = {2: OneTable(2), 3: OneTable(3), 4: Partnerships()}
