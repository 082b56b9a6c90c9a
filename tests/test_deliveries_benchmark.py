"""benchmarks/deliveries.py: the deliveries it notes are exactly the ones the players table counts (the
same games as strategy_quality's self-play), each against the breeding value it could spend, the most valuable city allowed and the deck's best hand, and bad
options get one line and exit code 2."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def modules(benchmarks_importable):
    import deliveries
    import strategy_quality
    return deliveries, strategy_quality


@pytest.mark.parametrize("strategy, players", [("fast", 4), ("heuristic:profile=cattle", 3)])
def test_it_counts_the_players_tables_deliveries(modules, strategy, players):
    dl, sq = modules
    games = 4
    _, rows, _, _ = sq._play_range(players, [strategy], range(games), sq.self_play_seed0(players), True, "2e", True)
    noted = dl._deliveries(strategy, players, "2e", range(sq.self_play_seed0(players), sq.self_play_seed0(players) + games))
    assert len(noted) == sum(r["deliveries"] for r in rows) > 0
    assert sum(d.delivered for d in noted) == sum(r["delivery_value"] for r in rows)
    assert all(d.breeding >= d.allowed >= d.delivered for d in noted)
    # at Kansas City the value that could be spent is the visit's income (every delivery here is one)
    assert len(noted) == sum(r["kc_visits"] for r in rows)
    assert sum(d.breeding for d in noted) == sum(r["income_total"] for r in rows)
    # the deck's best hand: from one breed (the starting deck's) up to every breed of the content
    assert all(1 <= d.best_hand <= 30 for d in noted) and len({d.best_hand for d in noted}) > 1
    # numbered per player: every player's deliveries 1, 2, 3... (as many 1sts as players delivering)
    firsts = sum(1 for r in rows if r["deliveries"] > 0)
    assert sum(1 for d in noted if d.number == 1) == firsts


def test_report_tables(modules):
    dl, _ = modules
    rows = [dl.Delivery(*r) for r in [(1, 1, 7, 6, 7), (2, 8, 9, 8, 10), (1, 4, 5, 4, 6), (9, 18, 20, 18, 15)]]
    text = dl.report("x", 4, 2, "2e", rows)
    assert "| all | 4 | 7.75 | 10.25 | 9.00 | 25.0% | 9.50 |" in text
    assert "| 1 | 2 | 2.50 | 6.00 | 5.00 | 50.0% | 6.50 |" in text
    assert "| 8+ | 1 | 18.00 | 20.00 | 18.00 | 0.0% | 15.00 |" in text
    assert "Cities chosen (value: deliveries): 1: 1, 4: 1, 8: 1, 18: 1" in text


@pytest.mark.parametrize("args, fragment", [
    (["--strategy", "nosuch"], "nosuch"),
    (["--strategy", "fast", "--players", "5"], "argument --players: expected 2 to 4, got 5"),
    (["--strategy", "fast", "--games", "0"], "argument --games: expected 1 to"),
])
@pytest.mark.parametrize("script", ["deliveries.py", "plan_check.py"])     # both take the self-play options
def test_bad_options_one_line(run_benchmark, script, args, fragment):
    done = run_benchmark(script, *args)
    assert done.returncode == 2 and fragment in done.stderr and done.stderr.count("\n") == 1


def test_out_file_gets_a_title_once(tmp_path, run_benchmark):
    out = tmp_path / "d.md"
    for _ in range(2):
        run_benchmark("deliveries.py", "--strategy", "heuristic:profile=cattle", "--games", "2", "--jobs", "1",
                      "--out", str(out)).check_returncode()
    text = out.read_text()
    assert text.startswith("# Deliveries in self-play") and text.count("# Deliveries") == 1
    assert text.count("### heuristic:profile=cattle, 4 players, 2 games (2e)") == 2
