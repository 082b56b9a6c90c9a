"""The value-model fitter (benchmarks/fit_value.py): the regression recovers planted coefficients,
keeps every feature's terms on the side its sign allows, and the positions it collects carry the VP
each position still brought."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from strategies.values import FEATURE_NAMES, FEATURE_SIGNS, coefficient_names

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def fv():
    spec = importlib.util.spec_from_file_location("fit_value", ROOT / "benchmarks" / "fit_value.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _synthetic(n: int, seed: int = 0) -> np.ndarray:
    """Random positions: progress, VP now, features."""
    rng = np.random.default_rng(seed)
    return np.column_stack([rng.uniform(0, 1, n), rng.normal(20, 5, n),
                            rng.gamma(2.0, 2.0, (n, len(FEATURE_NAMES)))])


def test_design_matrix_columns(fv):
    rows = np.array([[0.25, 10.0, *range(1, len(FEATURE_NAMES) + 1)]], dtype=float)
    x = fv.design(rows)
    assert x.shape == (1, len(coefficient_names()))
    rem = 0.75
    assert x[0, :3].tolist() == [1.0, rem, rem * rem]
    names = coefficient_names()
    assert x[0, names.index("money_rem")] == pytest.approx(1 * rem)
    assert x[0, names.index("engineers_rem2")] == pytest.approx(4 * rem * rem)


def test_fit_recovers_planted_coefficients(fv):
    names = coefficient_names()
    beta = np.zeros(len(names))
    beta[names.index("bias")] = 2.0
    beta[names.index("rem")] = 5.0
    beta[names.index("money_rem")] = 0.4
    beta[names.index("cowboys_rem")] = 3.0
    beta[names.index("kc_distance_rem2")] = -1.5
    rows = _synthetic(20000)
    targets = fv.design(rows) @ beta + np.random.default_rng(1).normal(0, 0.5, len(rows))
    got, r2, sd = fv.fit(rows, targets, ridge=0.0)
    assert r2 > 0.95 and sd == pytest.approx(0.5, rel=0.1)
    for key in ("bias", "rem", "money_rem", "cowboys_rem", "kc_distance_rem2"):
        assert got[names.index(key)] == pytest.approx(beta[names.index(key)], abs=0.1), key


def test_fit_keeps_each_feature_on_its_sign(fv):
    names = coefficient_names()
    beta = np.zeros(len(names))
    beta[names.index("bias")] = 1.0
    beta[names.index("engineers_rem")] = -4.0        # a resource that seems to hurt: must not
    beta[names.index("kc_distance_rem")] = 2.0       # distance that seems to help: must not
    beta[names.index("deck_size_rem")] = -1.0        # free sign: kept
    rows = _synthetic(20000, seed=3)
    targets = fv.design(rows) @ beta
    got, _, _ = fv.fit(rows, targets, ridge=0.0)
    for feature, sign in FEATURE_SIGNS.items():
        for suffix in ("_rem", "_rem2"):
            v = got[names.index(feature + suffix)]
            assert sign == 0 or sign * v >= -1e-9, (feature + suffix, v)
    assert got[names.index("engineers_rem")] == pytest.approx(0.0, abs=1e-9)
    assert got[names.index("kc_distance_rem")] == pytest.approx(0.0, abs=1e-9)
    assert got[names.index("deck_size_rem")] < -0.8                 # the free sign stays negative


def test_collected_positions_carry_what_they_still_brought(fv):
    rows, targets = fv.collect(2, ["heuristic"], range(3, 5))
    assert rows.shape[1] == 2 + len(FEATURE_NAMES)
    assert len(rows) == len(targets) > 20
    assert ((rows[:, 0] >= 0) & (rows[:, 0] <= 1)).all()
    # the first recorded position of a game stands at progress 0; the VP it stood at plus what it
    # still brought is the final score, the same for every position of one seat in one game
    assert rows[0, 0] == 0.0
    finals = rows[:, 1] + targets
    assert len(np.unique(finals)) <= 4                   # 2 games x 2 seats
