"""Experiment files: parsing, seating and rotations, overrides, hashing, and every validation error
(one line naming file, key and problem; `ExperimentError` from the API, exit 2 from the CLI)."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from gwt_sim.cli import cli
from gwt_sim.experiment import ExperimentError, Overrides, load_experiment
from gwt_sim.plan import check_strategies, compile_arms, plan_experiment
from gwt_sim.runner import simulate

EXPERIMENTS = Path(__file__).resolve().parent.parent / "experiments"

BASE = """
name = "t"
games = 10
seed = 5
players = 4
strategies = ["random"]
"""


def write(tmp_path: Path, text: str, name: str = "exp.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- valid files


@pytest.mark.parametrize("path", sorted(EXPERIMENTS.glob("*.toml")), ids=lambda p: p.stem)
def test_ready_experiments_are_valid_and_documented(path: Path) -> None:
    exp = load_experiment(path)
    compiled = compile_arms(exp)
    assert exp.name == path.stem
    assert len(compiled) == len(exp.arms) >= 1
    text = path.read_text(encoding="utf-8")
    assert "Experiment file schema" in text and "[[arms]]" in text   # the schema comment at the top


def test_ready_experiments_cover_the_issue() -> None:
    names = {p.stem for p in EXPERIMENTS.glob("*.toml")}
    assert {"quickstart", "seat_balance", "building_sides", "station_masters", "strategy_matrix"} <= names
    seat = load_experiment(EXPERIMENTS / "seat_balance.toml")
    assert sorted(a.players for a in seat.arms if a.pool == seat.pools[0].name) == [2, 3, 4]
    whatif = compile_arms(load_experiment(EXPERIMENTS / "whatif_10b.toml"))
    assert len({c.content_hash for c in whatif}) == 2          # patched vs baseline content
    patched = {(c.arm.name, c.arm.pool): bool(c.arm.variant.patches) for c in whatif}
    assert patched == {(arm, pool): arm == "10b_gives_3" for arm in ("baseline", "10b_gives_3")
                       for pool in ("expert", "planner", "fast")}


def test_readme_example_is_valid() -> None:
    from gwt_sim.files import tomllib  # tomli before Python 3.11

    readme = (EXPERIMENTS.parent / "README.md").read_text(encoding="utf-8")
    block = readme.split("**Experiment files**")[1].split("```toml\n")[1].split("```")[0]
    compiled = compile_arms(load_experiment(tomllib.loads(block)))
    assert [c.arm.name for c in compiled] == ["baseline", "10b_gives_3"]
    assert compiled[0].content_hash != compiled[1].content_hash


def test_defaults_and_single_arm(tmp_path: Path) -> None:
    exp = load_experiment(write(tmp_path, "games = 3\n", "my_exp.toml"))
    assert exp.name == "my_exp" and exp.seed == 0 and exp.games == 3
    (arm,) = exp.arms
    assert arm.name == "main" and arm.players == 4 and arm.seating == "random"
    assert arm.lineup == ("random",) * 4 and arm.rotations == (0,)
    assert arm.variant.sides == "a"


def test_arms_inherit_and_override(tmp_path: Path) -> None:
    exp = load_experiment(write(tmp_path, BASE + """
[variant]
sides = "random"
simmental = true

[[arms]]
name = "x"

[[arms]]
name = "y"
players = 2
[arms.variant]
sides = "b"
[arms.patch]
set = { "private.10b.actions[0][0].amount" = 3 }
"""))
    x, y = exp.arms
    assert (x.players, x.variant.sides, x.variant.simmental, x.variant.patches) == (4, "random", True, ())
    assert (y.players, y.variant.sides, y.variant.simmental) == (2, "b", True)
    assert y.variant.patches == ({"set": {"private.10b.actions[0][0].amount": 3}},)
    assert exp.games_per_seed == 2 and exp.total_games == 20


def test_arm_override_builds_only_the_arm_kept(tmp_path: Path) -> None:
    # a 2-strategy lineup fits the 2-player arm kept; the 3-player arm left out is not built
    path = write(tmp_path, BASE + "\n[[arms]]\nname = 'p2'\nplayers = 2\n\n[[arms]]\nname = 'p3'\nplayers = 3\n")
    exp = load_experiment(path, Overrides(arm="p2", strategies=("random", "random"), seating="rotations"))
    assert [(a.name, a.players, a.lineup) for a in exp.arms] == [("p2", 2, ("random", "random"))]
    with pytest.raises(ExperimentError, match="2 strategies cannot fill 3 seats"):
        load_experiment(path, Overrides(strategies=("random", "random"), seating="rotations"))
    with pytest.raises(ExperimentError, match="no arm named 'p5'"):
        load_experiment(path, Overrides(arm="p5"))


def test_lineups_and_rotations(tmp_path: Path) -> None:
    def arm(strategies: str, players: int, seating: str):
        path = write(tmp_path, f"games = 1\nplayers = {players}\nseating = '{seating}'\nstrategies = {strategies}\n")
        return load_experiment(path).arms[0]

    a = arm('["random"]', 3, "rotations")
    assert a.lineup == ("random",) * 3 and a.rotations == (0,)          # identical rotations collapse
    # a lineup shorter than the seats is repeated: a, b, a, b has two distinct rotations
    a = arm('["random", " random "]', 4, "fixed")
    assert a.lineup == ("random",) * 4
    a = arm('["random"]', 2, "draw")
    assert a.lineup is None and a.rotations == (0,)


def test_rotation_seats(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import strategies.registry as registry
    from gwt_sim.engine.policy import RandomPolicy

    real = registry.make_policy
    monkeypatch.setattr(registry, "make_policy", lambda t: RandomPolicy() if t in ("x", "y") else real(t))
    arm = load_experiment(write(tmp_path, "games = 1\nplayers = 4\nseating = 'rotations'\n"
                                          "strategies = ['x', 'y', 'y', 'y']\n")).arms[0]
    assert arm.rotations == (0, 1, 2, 3)
    assert [arm.seats_for_rotation(k).index("x") for k in arm.rotations] == [0, 1, 2, 3]
    arm = load_experiment(write(tmp_path, "games = 1\nplayers = 4\nseating = 'rotations'\n"
                                          "strategies = ['x', 'y']\n")).arms[0]
    assert arm.lineup == ("x", "y", "x", "y") and arm.rotations == (0, 1)


def test_overrides(tmp_path: Path) -> None:
    path = write(tmp_path, BASE + "[[arms]]\nname = 'a'\nplayers = 3\n[[arms]]\nname = 'b'\n")
    exp = load_experiment(path)
    over = load_experiment(path, games=7, players=2, strategies="random,random", chunk_size=3, seed=9)
    assert (over.games, over.seed, over.chunk_size) == (7, 9, 3)
    assert [a.players for a in over.arms] == [2, 2] and [a.players for a in exp.arms] == [3, 4]
    assert over.arms[0].strategies == ("random", "random")
    assert over.hash != exp.hash


def test_edition_selects_the_built_in_content(tmp_path: Path) -> None:
    from gwt_sim.content import FIRST_EDITION_DIR

    default = load_experiment(write(tmp_path, BASE, "d.toml"))
    second = load_experiment(write(tmp_path, BASE + "edition = '2e'\n", "s.toml"))
    first = load_experiment(write(tmp_path, BASE + "edition = '1e'\n", "f.toml"))
    assert default.content is None and second.content is None and second.hash == default.hash
    assert first.content == str(FIRST_EDITION_DIR.resolve())
    # the command line's --edition replaces the file's edition (or content)
    assert load_experiment(write(tmp_path, BASE, "o.toml"), edition="1e").content == first.content
    assert load_experiment(write(tmp_path, BASE + "edition = '1e'\n", "b.toml"), edition="2e").content is None
    compiled = compile_arms(first)
    assert compiled[0].tables.edition == 1 and compiled[0].tables.names["section"] == ("teepee",)


def test_first_edition_dataset_records_its_edition(tmp_path: Path) -> None:
    path = write(tmp_path, BASE.replace("games = 10", "games = 4") + "edition = '1e'\n[variant]\nsides = 'random'\n")
    out = tmp_path / "out"
    simulate(path, out, jobs=1, progress=False)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["edition"] == 1 and manifest["content_name"] == "Great Western Trail, First Edition"
    games = pl.read_parquet(out / "games")
    assert [c for c in games.columns if c.startswith("side_")] == [f"side_{k}" for k in range(1, 11)]
    players = pl.read_parquet(out / "players")
    assert "deliveries_san_francisco" in players.columns and "deliveries_new_york" not in players.columns


def test_hash_is_canonical(tmp_path: Path) -> None:
    a = load_experiment(write(tmp_path, BASE + "description = 'one'\nchunk_size = 5\n", "a.toml"))
    b = load_experiment(write(tmp_path, "strategies = ['random']\nplayers = 4\nseed = 5\ngames = 10\n"
                                        "name = 't'\ndescription = 'two'\n", "b.toml"))
    assert a.hash == b.hash                      # key order, description, chunk size: same dataset
    c = load_experiment(write(tmp_path, BASE.replace("seed = 5", "seed = 6"), "c.toml"))
    assert c.hash != a.hash


def test_mapping_spec() -> None:
    exp = load_experiment({"name": "m", "games": 4, "players": 2, "variant": {"sides": "b"}})
    assert exp.arms[0].variant.sides == "b" and exp.source == "<experiment>"


# --------------------------------------------------------------------------- errors

# (file text or None for a missing file, fragments the one-line message must contain)
BAD: list[tuple[str, str | None, tuple[str, ...]]] = [
    ("missing_file", None, ("experiment file not found",)),
    ("bad_toml", "games = \n", ("not valid TOML", "line 1")),
    ("unknown_key", BASE + "sides = 'b'\n", ("sides", "unknown key", "variant knobs go under [variant]")),
    ("no_games", "players = 4\n", ("games", "missing")),
    ("zero_games", BASE.replace("games = 10", "games = 0"), ("games", "at least 1")),
    ("games_type", BASE.replace("games = 10", "games = 'many'"), ("games", "expected an integer")),
    ("negative_seed", BASE.replace("seed = 5", "seed = -1"), ("seed", "at least 0")),
    ("chunk_size", BASE + "chunk_size = 0\n", ("chunk_size", "at least 1")),
    ("bad_name", BASE.replace('name = "t"', 'name = "my exp!"'), ("name", "not a valid name")),
    ("players", BASE.replace("players = 4", "players = 5"), ("players", "between 1 and 4")),
    ("no_strategies", BASE.replace('["random"]', "[]"), ("strategies", "expected a list")),
    ("unknown_strategy", BASE.replace('["random"]', '["rnadom"]'), ("strategies[0]", "unknown strategy 'rnadom'")),
    ("strategy_param", BASE.replace('["random"]', '["random:x=1"]'), ("strategies[0]", "random:x=1")),
    ("seating", BASE + "seating = 'circle'\n", ("seating", "unknown seating 'circle'")),
    ("lineup", BASE.replace('["random"]', '["random", "random", "random"]'),
     ("strategies", "3 strategies cannot fill 4 seats", "draw")),
    ("variant_knob", BASE + "[variant]\nside = 'b'\n", ("variant.side", "unknown key")),
    ("sides", BASE + "[variant]\nsides = 'abc'\n", ("variant.sides", "12 letters")),
    ("layout", BASE + "[variant]\nneutral_layout = 'ABC'\n", ("variant.neutral_layout", "A-G")),
    ("money", BASE + "[variant]\nstarting_money = [6, 7]\n", ("variant.starting_money", "2 values for 4 seats")),
    ("station_master_id", BASE + "[variant]\nstation_masters = ['SM1', 'SM2', 'SM3', 'SM4', 'SM99']\n",
     ("variant.station_masters", "unknown tile 'SM99'")),
    ("patch", BASE + "[patch]\nset = { 'private.10b.actions[0][0].amonut' = 3 }\n", ("patch: ", "amonut")),
    ("patch_component", BASE + "[patch]\nbuildings = 3\n", ("patch: buildings: no such component",)),
    ("patch_file", BASE + "patch_files = ['nowhere.toml']\n", ("patch_files[0]", "not found")),
    ("content", BASE + "content = 'no_such_folder'\n", ("content", "not found")),
    ("edition", BASE + "edition = '3e'\n", ("edition", "unknown edition '3e'", "'1e' or '2e'")),
    ("edition_and_content", BASE + "edition = '1e'\ncontent = '.'\n", ("edition", "not both")),
    ("sides_1e", BASE + "edition = '1e'\n[variant]\nsides = 'abbaabbaabab'\n",
     ("variant.sides", "12 letters for the content's 10 building numbers")),
    ("station_master_1e", BASE + "edition = '1e'\n[variant]\nstation_masters = ['SM1', 'SM2', 'SM3', 'SM4', 'SM9']\n",
     ("variant.station_masters", "unknown tile 'SM9'")),
    ("solo_1e", BASE.replace("players = 4", "players = 1") + "edition = '1e'\n",
     ("players: 1 is the solo mode, and this content has none",)),
    ("arms_type", BASE + "arms = 3\n", ("arms", "[[arms]] tables")),
    ("arm_no_name", BASE + "[[arms]]\nplayers = 2\n", ("arms[0].name", "every arm needs a name")),
    ("arm_duplicate", BASE + "[[arms]]\nname = 'a'\n[[arms]]\nname = 'a'\n", ("arms[1].name", "duplicate")),
    ("arm_key", BASE + "[[arms]]\nname = 'a'\ngames = 3\n", ("arms[0].games", "unknown key")),
    ("arm_players", BASE + "[[arms]]\nname = 'a'\nplayers = 0\n", ("arms[0].players", "between 1 and 4")),
    ("arm_sides", BASE + "[[arms]]\nname = 'a'\n[arms.variant]\nsides = 'c'\n", ("arms[0].variant.sides",)),
]


def _bad_path(tmp_path: Path, text: str | None) -> Path:
    return tmp_path / "missing.toml" if text is None else write(tmp_path, text)


@pytest.mark.parametrize(("case", "text", "fragments"), BAD, ids=[b[0] for b in BAD])
def test_bad_experiment_api(tmp_path: Path, case: str, text: str | None, fragments: tuple[str, ...]) -> None:
    path = _bad_path(tmp_path, text)
    out = tmp_path / "out"
    with pytest.raises(ExperimentError) as info:
        simulate(path, out, jobs=1, progress=False)
    message = str(info.value)
    assert "\n" not in message and message.startswith(str(path))
    for fragment in fragments:
        assert fragment in message, message
    assert "patch: patch:" not in message        # the place is named once
    assert not out.exists()                      # nothing is created for a bad experiment


@pytest.mark.parametrize(("case", "text", "fragments"), BAD, ids=[b[0] for b in BAD])
def test_bad_experiment_cli(tmp_path: Path, case: str, text: str | None, fragments: tuple[str, ...]) -> None:
    path = _bad_path(tmp_path, text)
    result = CliRunner().invoke(cli, ["simulate", str(path), "--out", str(tmp_path / "out"), "-q"],
                                catch_exceptions=False)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in lines[0]


@pytest.mark.parametrize(("args", "fragments"), [
    (["--players", "7"], ("--players", "between 1 and 4")),
    (["--games", "0"], ("--games", "at least 1")),
    (["--strategies", "nope"], ("--strategies[0]", "unknown strategy 'nope'")),
    (["--strategies", "random,random,random"], ("--strategies", "3 strategies cannot fill 4 seats")),
    (["--chunk-size", "-3"], ("--chunk-size", "at least 1")),
    (["--jobs", "0"], ("jobs", "positive")),
    (["--scheduler", "tcp://127.0.0.1:1", "--backend", "loky"], ("--scheduler needs --backend dask",)),
])
def test_bad_cli_overrides(tmp_path: Path, args: list[str], fragments: tuple[str, ...]) -> None:
    path = write(tmp_path, BASE)
    result = CliRunner().invoke(cli, ["simulate", str(path), "--out", str(tmp_path / "out"), "-q", *args],
                                catch_exceptions=False)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0]


def test_misbehaving_plugin_constructor(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import strategies.registry as registry

    real = registry.make_policy

    def make(text: str):
        if text == "explodes":
            raise ZeroDivisionError("division by zero")
        if text == "not_a_policy":
            return object()
        return real(text)

    monkeypatch.setattr(registry, "make_policy", make)
    for name, fragment in (("explodes", "ZeroDivisionError: division by zero"), ("not_a_policy", "not a gwt_sim Policy")):
        path = write(tmp_path, BASE.replace('["random"]', f'["{name}"]'))
        load_experiment(path)                          # the spec stage builds nothing
        with pytest.raises(ExperimentError, match=fragment):
            plan_experiment(path)


@pytest.mark.parametrize("path", sorted((EXPERIMENTS.parent / "benchmarks" / "experiments").glob("*.toml")),
                         ids=lambda p: p.stem)
def test_benchmark_experiments_are_valid(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # their strategy strings name profile files relative to the repository root, where they are run
    monkeypatch.chdir(EXPERIMENTS.parent)
    exp = load_experiment(path)
    assert exp.name == path.stem
    check_strategies(exp)                       # every strategy string builds (its profile file found)
    assert len(compile_arms(exp)) == len(exp.arms) >= 1
    assert f"gwt-sim simulate benchmarks/experiments/{path.name}" in path.read_text(encoding="utf-8")
