"""gwt-sim: Monte Carlo simulation and balance analysis for Great Western Trail (2nd edition)."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("gwt-sim")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+unknown"

__all__ = ["__version__"]
