"""Build script: compiles every .pyx of the project with one set of Cython directives.

Set GWT_SIM_DEBUG=1 in the environment to build with bounds checking, wraparound
and initialisation checks turned on (slower; for debugging the engine).
Set GWT_SIM_SANITIZE=1 to build with GCC's UndefinedBehaviorSanitizer (every index into a C array
of known size checked, the last array of a struct included, and signed overflow); run Python with
its runtime preloaded (scripts/sanitize.sh does both).
"""

import os
from pathlib import Path

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = Path(__file__).parent


def env_switch(name: str) -> bool:
    """A build switch from the environment: set and not 0/false."""
    return os.environ.get(name, "") not in ("", "0", "false", "False")


DEBUG = env_switch("GWT_SIM_DEBUG")
SANITIZE = env_switch("GWT_SIM_SANITIZE")
# Cython never bounds-checks a C array, and AddressSanitizer misses an index past one array into the
# next field of the same struct (the engine's state is such structs): UBSan's bounds-strict sees both.
# -fno-wrapv undoes Python's -fwrapv, which would hide signed overflow.
SANITIZER_FLAGS = ["-fsanitize=undefined", "-fsanitize=bounds-strict", "-fno-sanitize=alignment",
                   "-fno-wrapv", "-g", "-O1"]

# The one set of compiler directives for the whole project.
DIRECTIVES = {
    "language_level": "3",
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": not DEBUG,
    "nonecheck": DEBUG,
    "embedsignature": True,
}


def extensions() -> list[Extension]:
    exts = []
    for root in ("gwt_sim", "strategies"):
        for pyx in sorted((HERE / root).rglob("*.pyx")):
            rel = pyx.relative_to(HERE)
            module = ".".join(rel.with_suffix("").parts)
            exts.append(
                Extension(
                    module,
                    [str(rel)],
                    include_dirs=[numpy.get_include()],
                    define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")]
                    + ([("GWT_SIM_DEBUG", "1")] if DEBUG else []),
                    extra_compile_args=SANITIZER_FLAGS if SANITIZE else ["-O0", "-g"] if DEBUG else ["-O3"],
                    extra_link_args=SANITIZER_FLAGS if SANITIZE else [],
                )
            )
    return exts


setup(
    ext_modules=cythonize(
        extensions(),
        compiler_directives=DIRECTIVES,
        compile_time_env={"GWT_SIM_DEBUG": DEBUG},
        include_path=[str(HERE)],
    ),
    zip_safe=False,
)
