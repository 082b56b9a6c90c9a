"""How an archetype's self-play score follows the length of its games: random variants of one
heuristic profile (each weight scaled by 2^N(0, spread) with probability 1/2, turn_cost drawn from a
range, the plan's targets kept), each played in 4-player self-play, with its decisions per game (what
its speed is paid in), its winners' mean score and its plan indicators against issue 12's bars.

    python benchmarks/tempo_frontier.py --profile builder --samples 40 --seed 2 [--games 300] \
        [--turn-cost 1.5,3.0] [--spread 0.5] [--jobs 2] [--out F.md] [--profiles DIR]
    python benchmarks/tempo_frontier.py --bot expert --profile expert_base --turn-cost 2.5,3.5 --games 200

Issue 12 asks each archetype for 2,500 four-player games/s per core, its plan, and self-play winners
of 65 VP; a faster tempo (fewer decisions per game) buys speed and costs score, and this shows
whether any variant gets both. Every variant plays strategy_quality.py's 4-player self-play seeds
(the same games for every variant but for the profile); the variants depend only on --seed. Prints
(and with --out writes) a Markdown table sorted by decisions per game; "plan" is "kept" when every
bar of the archetype's plan (reports/plan_indicators.py ARCHETYPE_TARGETS) is met and "65 VP" when
the winners also reach WINNERS_VP_TARGET. With `--bot expert` the expert plays each variant as its
profile (`expert:profile=...`: its own turns, play-outs and finishers' base), held to issue 11's
bars (EXPERT_TARGETS, the winners' floor of 75 VP): "plan" names the bars missed. The variants'
profiles are written to --profiles (default: a temporary folder) so any row can be replayed; the
same --seed and options make the same variants.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from common import COUNT, JOB_COUNT, Parser, check_writable, real, run_main, usage_error
from plan_check import self_play_indicators
from tune_profile import write_profile

from reports.plan_indicators import (
    ARCHETYPE_TARGETS,
    EXPERT_TARGETS,
    EXPERT_WINNERS_VP_FLOOR,
    WINNERS_VP_TARGET,
)
from strategies.profiles import PROFILE_FIELDS, Profile, available_profiles, load_profile, with_settings

PLAYERS = 4
BOTS = ("heuristic", "expert")      # who plays the profile: the heuristic itself, or the expert's search
# kept as the profile has them: the fields that say what the plan is, not how much things are worth,
# turn_cost (drawn from its own range) and aux_bias (signed, so scaling it is no change of size)
PLAN_FIELDS = frozenset(k for k in PROFILE_FIELDS if k.startswith("target_")) | {
    "big_building_from", "objective_play_missing", "aux_bias", "turn_cost"}


def variant(base: Profile, rng: random.Random, turn_cost: tuple[float, float], spread: float) -> str:
    """One random variant of `base`, as a --set string of with_settings."""
    sets = {"turn_cost": round(rng.uniform(*turn_cost), 3)}
    for key, (_, lo, hi, _) in PROFILE_FIELDS.items():
        w = base.weight(key)
        if key not in PLAN_FIELDS and w != 0 and rng.random() < 0.5:
            sets[key] = round(min(hi, max(lo, w * 2 ** rng.gauss(0, spread))), 4)
    return ",".join(f"{k}={v}" for k, v in sets.items())


def bars_of(bot: str, profile: str) -> list[tuple[str, float]]:
    """The bars the variants are held to: issue 11's for the expert, issue 12's for an archetype."""
    return EXPERT_TARGETS if bot == "expert" else ARCHETYPE_TARGETS.get(profile, [])


def verdict(bot: str, profile: str, values: dict[str, float]) -> str:
    """An archetype: "kept" (its plan's bars met), "kept, 65 VP" (and the winners' score), or "".
    The expert: "all bars" or the bars missed (with the winners' floor of 75 VP)."""
    missed = [k for k, lo in bars_of(bot, profile) if values[k] < lo]
    if bot == "expert":
        if values["winners_vp"] < EXPERT_WINNERS_VP_FLOOR:
            missed.append(f"winners_vp < {EXPERT_WINNERS_VP_FLOOR:g}")
        return "missed: " + ", ".join(missed) if missed else "all bars"
    if missed:
        return ""
    return "kept, 65 VP" if values["winners_vp"] >= WINNERS_VP_TARGET else "kept"


def table(bot: str, profile: str, rows: list[tuple[str, float, dict[str, float]]]) -> str:
    bars = [k for k, _ in bars_of(bot, profile)]
    head = ["variant", "turn_cost", "decisions per game", "winners VP", *bars, "plan"]
    lines = ["| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 2) + "---|"]
    for name, tc, v in sorted(rows, key=lambda r: r[2]["decisions_per_game"]):
        cells = [name, f"{tc:.2f}", f"{v['decisions_per_game']:,.0f}", f"{v['winners_vp']:.1f}",
                 *(f"{v[k]:.3g}" for k in bars), verdict(bot, profile, v)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", required=True, help="a built-in archetype (its bars are issue 12's); with "
                    "--bot expert any built-in profile (the expert's bars, issue 11's)")
    ap.add_argument("--bot", choices=BOTS, default="heuristic", help="who plays the variants (default: the heuristic)")
    ap.add_argument("--samples", type=COUNT, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=COUNT, default=300)
    ap.add_argument("--turn-cost", default="1.5,3.0", help="LO,HI: the range turn_cost is drawn from")
    ap.add_argument("--spread", type=real(0, 10), default=0.5, help="sd of each scaled weight's log2 factor")
    ap.add_argument("--jobs", type=JOB_COUNT, default=2)
    ap.add_argument("--out", help="Markdown file to write")
    ap.add_argument("--profiles", help="folder for the variants' profile files (default: a temporary one)")
    args = ap.parse_args()
    if args.bot == "heuristic" and args.profile not in ARCHETYPE_TARGETS:
        usage_error(f"--profile must be an archetype: {', '.join(ARCHETYPE_TARGETS)}")
    if args.profile not in available_profiles():
        usage_error(f"--profile must be a built-in profile: {', '.join(available_profiles())}")
    try:
        lo, hi = (float(x) for x in args.turn_cost.split(","))
    except ValueError:
        usage_error(f"--turn-cost must be LO,HI (two numbers), not {args.turn_cost!r}")
    if not 0 <= lo <= hi <= PROFILE_FIELDS["turn_cost"][2]:
        usage_error(f"--turn-cost must have 0 <= LO <= HI <= {PROFILE_FIELDS['turn_cost'][2]:g}")
    if args.out:
        check_writable(args.out, "--out")
    if args.profiles:
        check_writable(args.profiles, "--profiles", folder=True)
    base = load_profile(args.profile)
    folder = Path(args.profiles) if args.profiles else Path(tempfile.mkdtemp(prefix="tempo_frontier_"))
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    rows = []
    for i in range(args.samples):
        settings = variant(base, rng, (lo, hi), args.spread)
        prof = with_settings(base, settings)       # valid: variant() keeps every weight in its range
        path = folder / f"{args.profile}_{args.seed}_{i}.toml"
        write_profile(str(path), prof, f"made by benchmarks/tempo_frontier.py: --set {settings}")
        values = self_play_indicators(f"{args.bot}:profile={path}", PLAYERS, args.games, args.jobs)
        rows.append((path.stem, prof.weight("turn_cost"), values))
        print(f"{path.stem}: {values['decisions_per_game']:,.0f} decisions per game, winners "
              f"{values['winners_vp']:.1f} VP {verdict(args.bot, args.profile, values)}", flush=True)
    played = "" if args.bot == "heuristic" else f" played by the {args.bot}"
    text = (f"# Tempo and score: {args.samples} variants of `{args.profile}`{played} (seed {args.seed}, {args.games} "
            f"4-player self-play games each; benchmarks/tempo_frontier.py)\n\n" + table(args.bot, args.profile, rows))
    if args.out:
        Path(args.out).write_text(text)
    print(text, end="")


if __name__ == "__main__":
    run_main(main)
