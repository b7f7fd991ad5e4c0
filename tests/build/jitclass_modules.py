"""A `@jitclass` of one module returned to Python by another: `use.make()` returns a `Rect`
defined in `shapes`; boxing it imports `shapes` (built next to `use`) for its class, as
Python would have imported it for `from shapes import Rect`. Without `shapes`, the call raises
a TypeError naming the module, and nothing is left behind.

Usage: python tests/build/jitclass_modules.py   (a Python with numpy and the runtime installed)
"""
import gc
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, "target", os.environ.get("NUMRS_PROFILE", "release"), "numrs")

SHAPES = '''
from numba import float64
from numba.experimental import jitclass


@jitclass([("w", float64), ("h", float64)])
class Rect:
    def __init__(self, w, h):
        self.w = w
        self.h = h

    def area(self):
        return self.w * self.h
'''

USE = '''
from numba import njit
from shapes import Rect


@njit("(float64,)")
def make(w):
    return Rect(w, 2.0)


@njit("(float64,)")
def area(w):
    return Rect(w, 3.0).area()
'''


def main():
    failures = []

    def check(what, ok):
        print("%s %s" % ("ok  " if ok else "FAIL", what))
        if not ok:
            failures.append(what)

    with tempfile.TemporaryDirectory() as d:
        for name, src in (("shapes.py", SHAPES), ("use.py", USE)):
            with open(os.path.join(d, name), "w") as f:
                f.write(src)
        out = os.path.join(d, "out")
        build = subprocess.run([BINARY, "build", "use.py", "shapes.py", "-o", out], capture_output=True, text=True, cwd=d)
        if build.returncode != 0:
            print(build.stderr)
            return 1
        # Without `shapes` first: the instance's class comes from importing it.
        missing = os.path.join(d, "missing")
        os.makedirs(missing)
        for f in os.listdir(out):
            if f.startswith("use."):
                shutil.copy(os.path.join(out, f), missing)
        sys.path.insert(0, missing)
        import use
        check("a compiled call of another module's class", use.area(2.0) == 6.0)
        try:
            use.make(2.0)
            check("boxing without the class's module raises", False)
        except TypeError as e:
            check("boxing without the class's module raises a TypeError naming it", "'shapes'" in str(e))
        sys.path.remove(missing)
        del sys.modules["use"]
        sys.path.insert(0, out)
        import use  # noqa: F811
        r = use.make(2.5)
        check("the instance is a box of the class", type(r).__name__ == "Rect" and "shapes" in sys.modules)
        check("its fields and methods", (r.w, r.h, r.area()) == (2.5, 2.0, 5.0))
        import shapes
        check("isinstance with the class of its module", isinstance(r, shapes.Rect))
        del r
    gc.collect()
    import numrs_runtime
    stats = numrs_runtime._stats()
    check("no compiled-code memory left behind", stats["meminfo_live"] == 0)
    print("jitclass modules: %d checks failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
