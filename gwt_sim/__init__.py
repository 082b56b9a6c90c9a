"""gwt-sim: Monte Carlo simulation and balance analysis for Great Western Trail (2nd edition).

    import gwt_sim
    out = gwt_sim.run("experiments/quickstart.toml", "runs/quickstart")   # -> dataset folder (Path)
"""

from importlib.metadata import PackageNotFoundError, version
from typing import Any

try:
    __version__ = version("gwt-sim")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+unknown"

__all__ = ["__version__", "run"]


def __getattr__(name: str) -> Any:
    # `gwt_sim.run` is `gwt_sim.runner.run`, imported on first use so `import gwt_sim` stays light.
    if name == "run":
        from gwt_sim.runner import run

        return run
    raise AttributeError(f"module 'gwt_sim' has no attribute {name!r}")
