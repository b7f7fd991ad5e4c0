"""Module-level values computed by NumPy's transcendental functions, which a built module
computes when it is imported (numrs cannot reproduce NumPy's last bits): the values are NumPy's
own, a name bound twice gives each function the binding Numba would freeze (an eager signature
the one before its `def`), the helpers the module uses are gone afterwards, and a failure of the
statements (here a RuntimeWarning made an error) fails the import with ImportError instead of
leaving compiled code to read empty slots.

Usage: python tests/build/imported_values.py   (a Python with numpy and the runtime installed)
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, "target", os.environ.get("NUMRS_PROFILE", "release"), "numrs")

SOURCE = '''
import numpy as np
from numba import njit

L = np.log(2.0)


@njit("float64()")
def early():
    return L


L = np.log(3.0)
GRID = np.exp(np.linspace(-1.0, 1.0, 1001))
BAD = np.log(-1.0)


@njit("float64()")
def late():
    return L


@njit("float64(int64)")
def grid(i):
    return GRID[i]


@njit("float64()")
def bad():
    return BAD
'''


def main():
    failures = []

    def check(what, ok):
        print("%s %s" % ("ok  " if ok else "FAIL", what))
        if not ok:
            failures.append(what)

    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "logs.py"), "w") as f:
            f.write(SOURCE)
        out = os.path.join(d, "out")
        build = subprocess.run([BINARY, "build", "logs.py", "-o", out], capture_output=True, text=True, cwd=d)
        if build.returncode != 0:
            print(build.stderr)
            return 1
        sys.path.insert(0, out)
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import logs
        check("a name bound twice: the eager function freezes the first binding", logs.early() == np.log(2.0))
        check("and the one compiled later the second", logs.late() == np.log(3.0))
        grid = np.exp(np.linspace(-1.0, 1.0, 1001))
        check("an array's items are NumPy's, bit for bit", all(logs.grid(i) == grid[i] for i in range(1001)))
        check("nan where NumPy gives nan", np.isnan(logs.bad()))
        check("the setters are not left in the module", not [n for n in dir(logs) if n.startswith("__numrs_set")])
        # The same module imported where NumPy's warning is an error: the import fails.
        run = subprocess.run(
            [sys.executable, "-W", "error::RuntimeWarning", "-c", "import logs"],
            capture_output=True, text=True, cwd=out,
        )
        check("a failing statement fails the import with ImportError",
              run.returncode == 1 and "ImportError" in run.stderr and "RuntimeWarning" in run.stderr)
    import numrs_runtime
    check("no compiled-code memory left behind", numrs_runtime._stats()["meminfo_live"] == 0)
    print("imported values: %d checks failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
