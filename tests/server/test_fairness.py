"""Fair shuffles against a real server on loopback: a table of several people never
uses a seed its creator chose; the server's seed is committed to (SHA-256 of
"<table>:<seed>") before the first deal, kept out of every answer until the game is
over, then revealed; ``hoyle verify`` accepts the honest record and refuses doctored
ones."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any

import hoyle
import httpx
from click.testing import CliRunner
from hoyle.cli import cli
from server_helpers import bearer


def _two_humans(client: httpx.Client) -> tuple[dict[str, Any], list[str]]:
    """A heads-up hold'em table of two people, played to its end (the first to act
    folds); returns the creation answer and every answer seen before the end."""
    made = client.post("/api/tables", json={"variant": "texas-holdem", "players": 2})
    assert made.status_code == 201, made.text
    body = made.json()
    table, tokens = body["table"], [s["token"] for s in body["seats"]]
    seen = [made.text, client.get("/api/tables").text]
    states = [client.get(f"/api/tables/{table}/view", headers=bearer(t)) for t in tokens]
    seen += [s.text for s in states] + [client.get(f"/api/tables/{table}/view").text]
    assert client.get(f"/api/tables/{table}/record").status_code == 403  # the seed stays secret
    mover = states[0].json()["view"]["to_act"]
    folded = client.post(f"/api/tables/{table}/actions", headers=bearer(tokens[mover]), json={"action": "fold"})
    assert folded.status_code == 200 and folded.json()["over"], folded.text
    body["hole"] = [s.json()["view"]["zones"][f"hole:{i}"]["cards"] for i, s in enumerate(states)]
    return body, seen


def test_a_chosen_seed_is_refused_at_a_table_of_several_people(client: httpx.Client) -> None:
    for request in (
        {"variant": "texas-holdem", "players": 2, "seed": 5},
        {"variant": "texas-holdem", "players": 3, "seed": 5, "bots": {"2": "poker"}},
    ):
        refused = client.post("/api/tables", json=request)
        assert refused.status_code == 422, refused.text
        assert "seed" in refused.json()["error"] and "practice" in refused.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []  # nothing was made
    assert client.post("/api/tables", json={"variant": "war", "practice": "yes"}).status_code == 400


def test_a_chosen_seed_stays_possible_alone_or_for_practice_and_is_shown_as_such(client: httpx.Client) -> None:
    alone = client.post("/api/tables", json={"variant": "texas-holdem", "seed": 5, "bots": {"1": "poker"}}).json()
    practice = client.post("/api/tables", json={"variant": "texas-holdem", "seed": 5, "practice": True}).json()
    drawn = client.post("/api/tables", json={"variant": "texas-holdem", "players": 2}).json()
    assert (alone["fairness"]["seed_chosen"], alone["fairness"]["practice"]) == (True, False)
    assert (practice["fairness"]["seed_chosen"], practice["fairness"]["practice"]) == (True, True)
    assert (drawn["fairness"]["seed_chosen"], drawn["fairness"]["practice"]) == (False, False)
    listed = {t["table"]: t for t in client.get("/api/tables").json()["tables"]}
    assert listed[practice["table"]]["practice"] and not listed[drawn["table"]]["practice"]
    # the chosen seed deals what the engine deals from it
    seat0 = client.get(f"/api/tables/{alone['table']}/view", headers=bearer(alone["seats"][0]["token"])).json()
    fresh = hoyle.new_game("texas-holdem", players=2, seed=5)
    assert seat0["view"]["zones"]["hole:0"]["cards"] == fresh.view(0)["zones"]["hole:0"]["cards"]


def test_the_seed_is_committed_before_the_deal_and_revealed_at_the_end(client: httpx.Client) -> None:
    body, seen = _two_humans(client)
    table, published = body["table"], body["fairness"]["commitment"]
    assert body["fairness"]["seed"] is None
    end = client.get(f"/api/tables/{table}/view").json()
    seed = end["fairness"]["seed"]
    assert isinstance(seed, int) and end["fairness"]["commitment"] == published
    assert hashlib.sha256(f"{table}:{seed}".encode()).hexdigest() == published
    assert not any(str(seed) in text for text in seen)  # in no answer before the end
    # the revealed seed deals exactly the hole cards each seat was shown
    fresh = hoyle.new_game("texas-holdem", players=2, seed=seed)
    assert body["hole"] == [fresh.view(i)["zones"][f"hole:{i}"]["cards"] for i in range(2)]
    record = client.get(f"/api/tables/{table}/record").json()
    assert record["table"] == table and record["commitment"] == published and record["game"]["seed"] == seed
    other = client.post("/api/tables", json={"variant": "texas-holdem", "players": 2}).json()
    assert other["fairness"]["commitment"] != published  # a fresh seed per table


def _verify(tmp_path: Path, record: dict[str, Any], *args: str) -> tuple[int, str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(cli, ["verify", str(path), *args])
    return result.exit_code, result.output


def test_hoyle_verify_accepts_the_honest_record_and_refuses_doctored_ones(client: httpx.Client, tmp_path: Path) -> None:
    body, _ = _two_humans(client)
    record = client.get(f"/api/tables/{body['table']}/record").json()
    published = body["fairness"]["commitment"]
    code, output = _verify(tmp_path, record, "--commitment", published)
    assert code == 0, output
    assert f"dealt to player 1: {' '.join(body['hole'][0])}" in output
    doctored: list[dict[str, Any]] = []
    for change in ("seed", "commitment", "result", "action"):
        bad = copy.deepcopy(record)
        if change == "seed":  # another seed, another deal: it does not hash to the commitment
            bad["game"]["seed"] = (bad["game"]["seed"] + 1) % 2**64
        elif change == "commitment":  # a commitment made up after the fact
            bad["commitment"] = hashlib.sha256(f"{bad['table']}:{bad['game']['seed'] + 1}".encode()).hexdigest()
        elif change == "result":
            bad["result"] = {"winners": [1 - record["game"]["actions"][-1][0]], "doctored": True}
        else:  # an action the seed's deal does not allow
            bad["game"]["actions"][-1] = [bad["game"]["actions"][-1][0], "raise to 100000"]
        doctored.append(bad)
    for bad in doctored:
        code, output = _verify(tmp_path, bad, "--commitment", published)
        assert code == 1 and "FAIL" in output and "NOT verified" in output, output
    code, output = _verify(tmp_path, record, "--commitment", "0" * 64)  # not the one noted at the start
    assert code == 1 and "FAIL" in output
