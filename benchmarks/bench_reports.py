"""Report speed: a synthetic dataset of 1,000,000 player rows (250,000 four-player games with four
strategies, random sides with per-player built_<n> columns, random station masters with per-player
taken/points columns, per-city deliveries) and the time of the whole report (load, every section,
figures, HTML).

    python benchmarks/bench_reports.py [--rows 1000000] [--players 4] [--threads 2] [--replays 1] [--keep DIR]

`--replays 4` plays each seed in four games (as an experiment's strategy pools or rotations do), which
the report's tests cluster by seed; its results go to reports_replayed.json.

`--threads` caps polars' thread pool (set before polars is imported); the target is under 60 s on the
2-core project machine. Prints the times and writes benchmarks/results/reports.json.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

from common import COUNT, JOB_COUNT, PLAYER_COUNT, Parser, check_writable, run_main, usage_error

CITIES = ("kansas_city", "fulton", "st_louis", "bloomington", "peoria", "chicago", "toledo", "pittsburgh",
          "philadelphia", "new_york")

def main() -> None:
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=COUNT, default=1_000_000)
    ap.add_argument("--players", type=PLAYER_COUNT, default=4)
    ap.add_argument("--threads", type=JOB_COUNT, default=2)
    ap.add_argument("--replays", type=COUNT, default=1, help="games per seed (the pools or rotations that replay it)")
    ap.add_argument("--keep", metavar="DIR", help="write the dataset and report here (default: a temp folder)")
    ap.add_argument("--json", help="results file (default: results/reports.json, or reports_replayed.json with "
                    "--replays above 1)")
    args = ap.parse_args()
    if args.replays < 1 or 25_000 % args.replays:
        usage_error("--replays must be a divisor of 25,000 (the games per part)")
    results = Path(__file__).parent / "results"
    json_path = Path(args.json) if args.json else results / ("reports.json" if args.replays == 1 else
                                                             "reports_replayed.json")
    check_writable(json_path, "--json")
    if args.keep:
        check_writable(args.keep, "--keep", folder=True)
    os.environ["POLARS_MAX_THREADS"] = str(args.threads)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from reports.report import make_report
    from reports.synthetic import make_dataset

    games = args.rows // args.players
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(args.keep or tmp)
        t0 = time.perf_counter()
        make_dataset(root / "data", games=games, players=args.players, strategies=("A", "B", "C", "D"),
                     strategy_bonus={"A": 2.0, "D": -1.0}, seat_bonus=[1.0, 0, 0, 0][: args.players],
                     side_b_bonus={7: 2.0}, built=True, master_bonus={"SM3": 1.0}, master_points={"SM2": 6},
                     direct=True, cities=CITIES, seed=7, chunk_games=25_000, replays=args.replays,
                     seed_sd=5.0 if args.replays > 1 else 0.0)
        t_gen = time.perf_counter() - t0
        t0 = time.perf_counter()
        out = make_report(root / "data", root / "report.html")
        t_report = time.perf_counter() - t0
        size = out.stat().st_size
    print(f"dataset: {games:,} games ({args.replays} per seed), {games * args.players:,} player rows, generated in "
          f"{t_gen:.1f} s")
    print(f"report:  {t_report:.1f} s with {args.threads} polars threads ({size / 1e6:.1f} MB HTML); "
          f"target < 60 s")
    json_path.parent.mkdir(parents=True, exist_ok=True)
    json_path.write_text(json.dumps({
        "player_rows": games * args.players, "games": games, "games_per_seed": args.replays, "threads": args.threads,
        "report_seconds": round(t_report, 2), "generate_seconds": round(t_gen, 2), "html_bytes": size,
        "machine": platform.platform(), "cpus": os.cpu_count()}, indent=2) + "\n")


if __name__ == "__main__":
    run_main(main)
