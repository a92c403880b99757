"""Issue 31, item 3: one bad table log never takes the others down. Each log is replayed
on its own at start; a damaged one is quarantined (kept, renamed, reported by file and
line), a torn last line is reported with the bytes dropped, and an unwritable store is
a clear error at start."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx
from server_helpers import Server, bearer


def _tables(server: Server, count: int) -> list[tuple[str, str]]:
    """``count`` two-human war tables, each two actions in."""
    out = []
    with httpx.Client(base_url=server.url, timeout=30) as c:
        for seed in range(count):
            made = c.post("/api/tables", json={"variant": "war", "players": 2, "seed": seed, "practice": True}).json()
            tokens = [s["token"] for s in made["seats"]]
            for _ in range(2):
                for token in tokens:
                    legal = c.get(f"/api/tables/{made['table']}/view", headers=bearer(token)).json()["legal_actions"]
                    if legal:
                        c.post(
                            f"/api/tables/{made['table']}/actions",
                            headers=bearer(token),
                            json={"action": legal[0]["text"]},
                        )
                        break
            out.append((made["table"], tokens[0]))
    return out


def test_damaged_logs_are_quarantined_and_the_rest_serve(server: Server) -> None:
    (junk, _), (corrupt, _), (illegal, _), (torn, _), (good, token) = _tables(server, 5)
    with httpx.Client(base_url=server.url, timeout=30) as c:
        good_view = c.get(f"/api/tables/{good}/view", headers=bearer(token)).json()
        torn_view = c.get(f"/api/tables/{torn}/view").json()
    server.stop()
    store = server.store
    original = {t: (store / f"{t}.jsonl").read_bytes() for t in (junk, corrupt, illegal)}
    assert all(len(b.splitlines()) == 3 for b in original.values())  # creation + two actions
    damaged = {
        junk: original[junk].replace(b'"action"', b'"\xff\xfe\x00ction"', 1),
        corrupt: b"\n".join(
            [*original[corrupt].split(b"\n")[:1], b'{"seat": 0, "act', *original[corrupt].split(b"\n")[2:]]
        ),
        illegal: original[illegal].replace(b'"action":"play"', b'"action":"no such move"', 1),
    }
    for table, data in damaged.items():
        (store / f"{table}.jsonl").write_bytes(data)
    with (store / f"{torn}.jsonl").open("ab") as f:
        f.write(b'{"seat":0,"act')  # 14 bytes of a half-written line

    server.start()
    with httpx.Client(base_url=server.url, timeout=30) as c:
        assert c.get(f"/api/tables/{good}/view", headers=bearer(token)).json() == good_view
        assert c.get(f"/api/tables/{torn}/view").json() == torn_view
        for table in damaged:
            assert c.get(f"/api/tables/{table}/view").status_code == 404
        problems = c.get("/api/admin/store").json()["problems"]
    by_table = {p["table"]: p for p in problems}
    assert set(by_table) == {junk, corrupt, illegal, torn}
    assert by_table[junk]["line"] == 2 and by_table[corrupt]["line"] == 2 and by_table[illegal]["line"] == 2
    assert by_table[torn]["bytes"] == 14 and "torn" in by_table[torn]["problem"]
    for table, data in damaged.items():
        kept = store / by_table[table]["quarantined_as"]
        assert kept.read_bytes() == data  # kept whole, under its new name
        assert not (store / f"{table}.jsonl").exists()
        assert f"{table}.jsonl" in server.log() and by_table[table]["file"] == f"{table}.jsonl"
    assert (store / f"{torn}.jsonl").read_bytes().endswith(b"\n")
    assert json.loads((store / f"{torn}.jsonl").read_text().splitlines()[-1])["seat"] in (0, 1)


def _serve(store: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hoyle.cli", "serve", "--port", "0", "--store", str(store)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_store_under_a_file_is_a_clear_error_at_start(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a directory")
    done = _serve(tmp_path / "file" / "store")
    assert done.returncode != 0
    assert "is not writable" in done.stderr and "Traceback" not in done.stderr
