"""Tests of the `gwt-sim` command line (click's CliRunner, plus the installed console script)."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gwt_sim import __version__
from gwt_sim.cli import main
from gwt_sim.content import BUILTIN_DIR, load_content


def assert_one_line_error(result, *fragments: str) -> str:
    """Exit code 2, nothing on stdout, exactly one stderr line `error: ...` containing the fragments."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    for fragment in fragments:
        assert fragment in lines[0]
    assert result.stdout == ""
    return lines[0]


def summary_values(stdout: str) -> dict[str, str]:
    """The `content check` table as label -> value (columns are separated by 2+ spaces)."""
    out = {}
    for line in stdout.splitlines():
        parts = re.split(r"\s{2,}", line.strip(), maxsplit=1)
        if len(parts) == 2:
            out[parts[0]] = parts[1]
    return out


@pytest.fixture
def broken_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(BUILTIN_DIR, folder)
    f = folder / "buildings.toml"
    text = f.read_text()
    broken = text.replace('op = "move_engine", min = 1, per = "own_woods_buildings"',
                          'op = "mvoe_engine", min = 1, per = "own_woods_buildings"')
    assert broken != text
    f.write_text(broken)
    return folder


# --------------------------------------------------------------------------- version and help


def test_version(run):
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"gwt-sim {__version__}"


def test_help_lists_content_commands(run):
    result = run("content", "--help")
    assert result.exit_code == 0
    for command in ("check", "show", "uncertain"):
        assert command in result.stdout


def test_installed_console_script():
    exe = shutil.which("gwt-sim") or str(Path(sys.executable).parent / "gwt-sim")
    done = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"gwt-sim {__version__}"
    done = subprocess.run([exe, "content", "show", "building", "13z"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("error: unknown building '13z'")
    done = subprocess.run([exe, "content", "check"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].startswith("OK: content valid (hash ")


# --------------------------------------------------------------------------- content check


def test_content_check_counts(run):
    result = run("content", "check")
    assert result.exit_code == 0, result.output
    values = summary_values(result.stdout)
    expected = {
        "market cattle cards": "36", "starting cattle cards per player": "14", "worker tiles": "54",
        "hazard tiles": "18", "outlaw tiles": "22", "station-master tiles": "9", "objective cards (deck)": "24",
        "starting objective cards": "4", "neutral buildings": "7", "neutral building spaces": "7",
        "private building spaces": "22", "railroad spaces": "39", "stations": "10", "cities": "10",
        "discs per player": "14", "private buildings": "12 × 2 sides",
    }
    for label, value in expected.items():
        assert values.get(label) == value, label
    content = load_content()
    assert values["content"] == content.name
    assert values["trail nodes"] == str(len(content.trail.nodes))
    last = result.stdout.splitlines()[-1]
    assert last == f"OK: content valid (hash {content.content_hash})"


def test_content_check_columns_are_aligned(run):
    lines = run("content", "check").stdout.splitlines()[:-1]
    starts = {re.search(r"\S\s{2,}(\S)", line).start(1) for line in lines}
    assert len(starts) == 1


def test_content_check_folder(run, tmp_path: Path):
    folder = tmp_path / "copy"
    shutil.copytree(BUILTIN_DIR, folder)
    result = run("content", "check", str(folder))
    assert result.exit_code == 0, result.output
    assert summary_values(result.stdout)["source"] == str(folder)


def test_content_check_broken_folder(run, broken_folder: Path):
    result = run("content", "check", str(broken_folder))
    line = assert_one_line_error(result, "buildings.toml", "private.7b.actions[0][0]", "unknown verb 'mvoe_engine'")
    assert line == "error: buildings.toml: private.7b.actions[0][0]: unknown verb 'mvoe_engine'"


def test_content_check_missing_folder_and_file(run, tmp_path: Path):
    assert_one_line_error(run("content", "check", str(tmp_path / "nowhere")), "content folder not found")
    folder = tmp_path / "incomplete"
    shutil.copytree(BUILTIN_DIR, folder)
    (folder / "railroad.toml").unlink()
    assert_one_line_error(run("content", "check", str(folder)), "railroad.toml", "missing")


def test_content_check_invalid_toml(run, tmp_path: Path):
    folder = tmp_path / "bad"
    shutil.copytree(BUILTIN_DIR, folder)
    (folder / "cities.toml").write_text("[cities.fulton\norder = 1\n")
    assert_one_line_error(run("content", "check", str(folder)), "cities.toml", "not valid TOML")


def test_patch_changes_hash(run, tmp_path: Path):
    base = run("content", "check").stdout.splitlines()[-1]
    patch = tmp_path / "cheaper_f.toml"
    patch.write_text('set = { "neutral.F.actions[1][0].cost" = 5 }\n')
    result = run("content", "check", "--patch", str(patch))
    assert result.exit_code == 0, result.output
    patched = result.stdout.splitlines()[-1]
    assert patched.startswith("OK: content valid (hash ") and patched != base
    assert patched == f"OK: content valid (hash {load_content(patches=[patch.read_text()]).content_hash})"
    assert summary_values(result.stdout)["patches"] == str(patch)
    shown = run("content", "show", "building", "F", "--patch", str(patch)).stdout
    assert "remove 1 hazard tile for $5" in shown


def test_patch_errors_name_the_patch_file(run, tmp_path: Path):
    good = tmp_path / "good.toml"
    good.write_text('[stations.5]\ncost = 7\n')
    unknown = tmp_path / "unknown.toml"
    unknown.write_text('[stations.42]\ncost = 7\n')
    result = run("content", "check", "--patch", str(good), "--patch", str(unknown))
    assert_one_line_error(result, "unknown.toml", "stations.42", "no such component")
    bad_toml = tmp_path / "bad.toml"
    bad_toml.write_text("[stations.5\n")
    assert_one_line_error(run("content", "check", "--patch", str(bad_toml)), "bad.toml", "not valid TOML")
    assert_one_line_error(run("content", "check", "--patch", str(tmp_path / "missing.toml")),
                          "missing.toml", "patch file not found")
    bad_value = tmp_path / "bad_value.toml"
    bad_value.write_text('[private.7b]\nvp = "six"\n')
    assert_one_line_error(run("content", "check", "--patch", str(bad_value)),
                          "buildings.toml", "private.7b.vp", "bad_value.toml")


# --------------------------------------------------------------------------- content show


def test_show_building_7b(run):
    result = run("content", "show", "building", "7b")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Private building 7b — 5 builders, 6 VP, green and black hands (fees for other players)  [M]" in out
    assert "1. move your engine up to 1 space per own building on a woods space" in out


def test_show_building_10b(run):
    out = run("content", "show", "building", "10b").stdout
    assert "Private building 10b — 8 builders, 11 VP, black hand" in out
    assert "1. gain $4" in out and "2. move your engine up to 4 spaces forward" in out
    assert "3. move your herder up to 4 locations" in out


def test_show_neutral_buildings(run):
    a = run("content", "show", "building", "A").stdout
    assert "Neutral building A — no hands  [H]" in a
    assert "1. discard 1 Galloway → gain $2" in a and "3. hire 1 worker at row cost +$2" in a
    d = run("content", "show", "building", "D").stdout
    assert "Neutral building D — no hands" in d
    assert "EITHER collect 1 outlaw bounty OR pay $2, then move your engine up to 2 spaces forward" in d
    assert "2. single or double auxiliary action" in d
    assert run("content", "show", "neutral", "d").stdout == d


def test_show_station_master_objective_city_station(run):
    sm = run("content", "show", "station-master", "SM3").stdout
    assert "Station master SM3" in sm and "gain 1 permanent certificate" in sm
    assert "3 VP per green-and-orange outlaw pair held" in sm
    obj = run("content", "show", "objective", "AUX_NY").stdout
    assert "Objective card AUX_NY" in obj and "4 copies" in obj and "single or double auxiliary action" in obj
    assert "+5 VP" in obj and "-3 VP" in obj and "1 × new york disc" in obj
    city = run("content", "show", "city", "new_york").stdout
    assert "City New York" in city and "value 18" in city and "+9 VP per disc" in city
    station = run("content", "show", "station", "5").stdout
    assert "Station 5" in station and "upgrade cost: $6" in station and "VP at game end: 3" in station
    assert "turnout between spaces 16 and 17" in station and "station-master space: yes" in station


def test_show_plural_kinds_and_all(run):
    result = run("content", "show", "stations", "all")
    assert result.exit_code == 0
    assert all(f"Station {i}  [" in result.stdout for i in range(1, 11))
    buildings = run("content", "show", "buildings", "all").stdout
    assert buildings.count("Neutral building ") == 7 and buildings.count("Private building ") == 24
    assert run("content", "show", "station-masters", "all").stdout.count("Station master SM") == 9
    n_cards = len(load_content().objective_cards)      # records: 4 starting + the deck's distinct cards
    assert run("content", "show", "objectives", "all").stdout.count("Objective card ") == n_cards
    cities = run("content", "show", "cities", "all").stdout.splitlines()
    assert sum(line.startswith("City ") for line in cities) == 10
    listing = run("content", "show", "building").stdout
    assert listing.startswith("building ids: A, B") and "12b" in listing


def test_show_with_custom_content(run, tmp_path: Path):
    folder = tmp_path / "c"
    shutil.copytree(BUILTIN_DIR, folder)
    f = folder / "buildings.toml"
    f.write_text(f.read_text().replace("[private.10b]\nbuilders = 8\nvp = 11", "[private.10b]\nbuilders = 8\nvp = 12"))
    out = run("content", "show", "building", "10b", "--content", str(folder)).stdout
    assert "8 builders, 12 VP" in out


def test_show_errors(run, broken_folder: Path):
    assert_one_line_error(run("content", "show", "building", "13z"), "unknown building '13z'")
    assert_one_line_error(run("content", "show", "spaceship", "1"), "unknown kind 'spaceship'")
    assert_one_line_error(run("content", "show", "station", "11"), "unknown station '11'")
    assert_one_line_error(run("content", "show", "neutral", "7b"), "unknown neutral building '7b'")
    assert_one_line_error(run("content", "show", "building", "7b", "--content", str(broken_folder)),
                          "unknown verb 'mvoe_engine'")


def test_usage_errors_keep_click_format(run):
    result = run("content", "show")
    assert result.exit_code == 2
    assert "Usage:" in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize("value", ["nan", "inf", "0", "-1"])
def test_decision_timeout_must_be_a_finite_positive_number(run, value):
    # click's FloatRange lets nan through: play ran with a timeout of nan
    result = run("play", "-q", "-n", "2", "--strategies", "random", "--decision-timeout", value)
    assert result.exit_code == 2 and "--decision-timeout" in result.stderr and "Traceback" not in result.output


# --------------------------------------------------------------------------- content uncertain


def test_uncertain(run):
    result = run("content", "uncertain")
    assert result.exit_code == 0, result.output
    out = result.stdout
    f_line = next(line for line in out.splitlines() if "neutral.F" in line)
    assert "remove_hazard_cost" in f_line and " 7 " in f_line
    assert "objectives.toml: deck.GAIN2_SSH" in out and "objectives.toml: starting.START_34B" in out
    assert "green_teepee_task_as" in out and "aux5_removal_optional" in out
    assert "private.11a" in out and "breeds.galloway" in out
    assert "AUX_NY" not in out


def test_uncertain_broken_folder(run, broken_folder: Path):
    assert_one_line_error(run("content", "uncertain", str(broken_folder)), "buildings.toml")


# --------------------------------------------------------------------------- main()


def test_main_reports_errors_in_one_line(capsys, broken_folder: Path):
    with pytest.raises(SystemExit) as exc:
        main(["content", "check", str(broken_folder)])
    assert exc.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "error: buildings.toml: private.7b.actions[0][0]: unknown verb 'mvoe_engine'\n"


def test_main_success_and_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["content", "show", "city", "fulton"])
    assert exc.value.code == 0
    assert "City Fulton" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exc:
        main(["content", "check", "--no-such-option"])
    assert exc.value.code == 2
    assert "No such option" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"gwt-sim {__version__}"
