"""The example third-party plugins (``examples/plugins/``: crazy pineapple, Tonk, a
bomb-pot house rule) are written on the public API alone: they import no private name
of hoyle or of a built-in plugin (checked on their syntax trees), and installed into a
fresh virtualenv they pass their own tests, the conformance kit, PettingZoo's
``api_test``, ``hoyle simulate`` and a game through the server's API."""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import site
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted(p for p in (ROOT / "examples" / "plugins").iterdir() if (p / "pyproject.toml").exists())
#: The packages whose private names a third party must not use.
OURS = ("hoyle", "hoyle_poker", "hoyle_rummy", "hoyle_parlor", "hoyle_war")


def _ours(module: str) -> bool:
    return module.split(".", maxsplit=1)[0] in OURS


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_names(source: str) -> list[str]:
    """The private names of hoyle's packages that ``source`` uses: a module path with a
    ``_`` part (``hoyle._core``), a ``_`` name imported from one of them, or a ``_``
    attribute read off a name bound to one of their modules or objects.

    >>> private_names("from hoyle.engine.state import _copy_plain")
    ['hoyle.engine.state._copy_plain']
    >>> private_names("import hoyle\\nhoyle._core.Card")
    ['hoyle._core']
    >>> private_names("from hoyle import Action\\nclass R:\\n    def f(self): return self._x")
    []
    """
    tree = ast.parse(source)
    found: list[str] = []
    bound: dict[str, str] = {}  # local name -> the module path (or object) it is
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _ours(alias.name):
                    if any(_private(part) for part in alias.name.split(".")):
                        found.append(alias.name)
                    if alias.asname:  # import a.b as c: c is a.b
                        bound[alias.asname] = alias.name
                    else:  # import a.b: a is bound
                        bound[alias.name.split(".")[0]] = alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and _ours(node.module):
            if any(_private(part) for part in node.module.split(".")):
                found.append(node.module)
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{node.module}.{alias.name}")
                bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            base = node.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name) and base.id in bound:
                found.append(f"{ast.unparse(node.value)}.{node.attr}".replace(base.id, bound[base.id], 1))
    return found


def test_the_checker_finds_private_names() -> None:
    assert private_names("from hoyle_rummy.bots import _table_melds") == ["hoyle_rummy.bots._table_melds"]
    assert private_names("import hoyle_poker.betting as b\nb._set_turn(s, 1)") == ["hoyle_poker.betting._set_turn"]
    assert private_names("from hoyle_poker import betting\nbetting._first_to_act(s, 0)") == [
        "hoyle_poker.betting._first_to_act"
    ]
    assert private_names("from hoyle.rl import encoding\nencoding._refinements.cache_clear()")
    assert private_names("import os\nos._exit(0)") == []


def test_there_are_three_examples() -> None:
    assert [p.name for p in EXAMPLES] == ["hoyle-bomb-pot", "hoyle-crazy-pineapple", "hoyle-tonk"]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_an_example_imports_no_private_name(example: Path) -> None:
    for path in sorted(example.rglob("*.py")):
        assert private_names(path.read_text()) == [], path


#: What the fresh environment runs for each example variant (and the bomb pot).
_SMOKE = """
import json, subprocess, sys
import hoyle
from hoyle.testing import check_variant
from pettingzoo.test import api_test
from starlette.testclient import TestClient
from hoyle.server import create_app
import hoyle.rl

done = {}
for variant, players, rules, options in json.loads(sys.argv[1]):
    check_variant(variant, games=3, players=players, house_rules=rules, options=options)
    env = hoyle.rl.aec_env(variant, players=players, house_rules=rules, options=options)
    api_test(env, num_cycles=20)
    cli = [sys.executable, "-m", "hoyle.cli", "simulate", variant, "--games", "3", "--players", str(players)]
    for rule in rules:
        cli += ["--house-rule", rule]
    for key, value in options.items():
        cli += ["--option", f"{key}={json.dumps(value)}"]
    ran = subprocess.run(cli, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    with TestClient(create_app()) as client:
        listed = {v["name"]: v for v in client.get("/api/variants").json()["variants"]}
        assert variant in listed and all(r in [h["name"] for h in listed[variant]["house_rules"]] for r in rules)
        request = {"variant": variant, "players": players, "seed": 3, "house_rules": rules, "options": options,
                   "bots": {str(s): "random" for s in range(1, players)}}
        made = client.post("/api/tables", json=request)
        assert made.status_code == 201, made.text
        table, token = made.json()["table"], made.json()["seats"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        state = client.get(f"/api/tables/{table}/view", headers=auth).json()
        moves = 0
        while not state["over"] and moves < 2000:
            legal = state["legal_actions"]
            if not legal:
                state = client.get(f"/api/tables/{table}/view", headers=auth).json()
                continue
            reply = client.post(f"/api/tables/{table}/actions", headers=auth, json={"action": legal[0]["text"]})
            assert reply.status_code == 200, reply.text
            state, moves = reply.json(), moves + 1
        assert state["over"], (variant, moves)
    done[variant + "+" + "+".join(rules)] = moves
print(json.dumps(done))
"""

#: Each example's game in the smoke run: variant, players, house rules, options.
_GAMES = [
    ("crazy-pineapple", 3, [], {}),
    ("tonk", 3, [], {"deals": 2}),
    ("texas-holdem", 3, ["bomb-pot"], {"hands": 3, "bomb_every": 2}),
]


def _fresh_env(tmp_path: Path) -> Path:
    """A virtualenv that sees this environment's packages (hoyle and the built-in
    plugins, as installed here) and nothing else: its python."""
    env = tmp_path / "venv"
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(env)
    python = env / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    parents = [p for p in site.getsitepackages() if Path(p).is_dir()]
    Path(purelib, "hoyle-parent.pth").write_text(f"import site; list(map(site.addsitedir, {parents!r}))\n")
    return python


@pytest.mark.xdist_group("examples")
def test_the_examples_install_and_play_everywhere(tmp_path: Path) -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("starlette")
    python = _fresh_env(tmp_path)
    install = [str(python), "-m", "pip", "install", "--quiet", "--no-deps", *map(str, EXAMPLES)]
    if importlib.util.find_spec("hatchling") is not None:  # the test extra has it
        install.insert(-len(EXAMPLES), "--no-build-isolation")  # no download
    installed = subprocess.run(install, capture_output=True, text=True)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    for example in EXAMPLES:
        ran = subprocess.run(
            [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", str(example / "tests")],
            capture_output=True,
            text=True,
            cwd=example,
        )
        assert ran.returncode == 0, ran.stdout + ran.stderr
    smoke = subprocess.run(
        [str(python), "-c", _SMOKE, json.dumps(_GAMES)], capture_output=True, text=True, cwd=tmp_path
    )
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    played = json.loads(smoke.stdout.splitlines()[-1])
    assert set(played) == {"crazy-pineapple+", "tonk+", "texas-holdem+bomb-pot"}


@pytest.mark.xdist_group("mypy")
def test_the_examples_type_check_strictly() -> None:
    """docs/plugins.md recommends ``mypy --strict`` on a plugin: the examples pass it
    against hoyle's and the built-in plugins' types (every package ships py.typed)."""
    pytest.importorskip("mypy")
    sources = ":".join(str(p / "src") for p in EXAMPLES)
    modules = [d.name for p in EXAMPLES for d in sorted((p / "src").iterdir()) if (d / "__init__.py").exists()]
    assert len(modules) == len(EXAMPLES), modules
    packages = [arg for m in modules for arg in ("-p", m)]
    ran = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *packages],
        capture_output=True,
        text=True,
        env={**os.environ, "MYPYPATH": sources},
        cwd=ROOT,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
