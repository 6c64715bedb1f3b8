"""The compiled solver: one small C extension, built by setuptools itself.

Everything else about the package is in pyproject.toml.  The extension is
optional: without a C compiler the install still succeeds and the solver runs
in pure Python (mancala_diagrams.solver.search, the reference); `make test`
requires the extension (tests/test_solver_compiled.py).
"""
from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "mancala_diagrams.solver._bevohoka",
            sources=["mancala_diagrams/solver/_bevohoka.c"],
            extra_compile_args=["-O2", "-std=gnu11"],
            optional=True,
        )
    ]
)
