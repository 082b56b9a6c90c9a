"""Build script: compiles every .pyx of the project with one set of Cython directives.

Set GWT_SIM_DEBUG=1 in the environment to build with bounds checking, wraparound
and initialisation checks turned on (slower; for debugging the engine).
"""

import os
from pathlib import Path

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = Path(__file__).parent
DEBUG = os.environ.get("GWT_SIM_DEBUG", "") not in ("", "0", "false", "False")

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
                    extra_compile_args=["-O3"] if not DEBUG else ["-O0", "-g"],
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
