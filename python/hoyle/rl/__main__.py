"""``python -m hoyle.rl``: a Markdown table of every installed variant's encoding (the
table in docs/rl.md), at the variant's smallest number of players (2 at least)."""

from __future__ import annotations

import hoyle
from hoyle.rl.encoding import encoding


def table() -> str:
    rows = [
        "| variant | players | actions | templates | observation | planes | features |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, v in sorted(hoyle.variants().items()):
        enc = encoding(name, max(2, v.players[0]))
        d = enc.describe()
        templates = ", ".join(f"{r['template']} ({r['shape']})" for r in d["actions"])
        planes = ", ".join(enc.layout.planes)
        features = ", ".join(f.name for f in enc.layout.features) or "-"
        rows.append(
            f"| {name} | {enc.players} | {enc.action_size} | {templates} | {enc.observation_size} | {planes} | {features} |"
        )
    return "\n".join(rows)


if __name__ == "__main__":
    print(table())
