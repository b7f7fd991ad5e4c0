"""@cfunc C callbacks of a built module, used as Numba users use them: `f.ctypes` and
`f.address` handed to C code (here ctypes and SciPy's `LowLevelCallable` for
`scipy.integrate.quad`), pointers viewed with `carray`/`farray`, an exception raised in the
callback written out as unraisable (the callback then gives 0), and calling `f` from Python
running its Python function (`carray` in Python too, without numba installed).

Every expectation was checked against Numba 0.68.1: `--numba` runs the same cases on the
source imported with Numba (the cases marked numrs-only are skipped there).

Usage: python tests/build/cfunc_callbacks.py [--numba]   (numpy, scipy and the runtime installed)
"""
import ctypes
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, "target", os.environ.get("NUMRS_PROFILE", "release"), "numrs")

SOURCE = '''
import numpy as np
from numba import cfunc, njit, carray, farray, types
from numba.types import CPointer, float64, float32, intc, int64, voidptr


@cfunc(float64(intc, CPointer(float64)))
def integrand(n, xx):
    x = carray(xx, n)
    return np.exp(-x[0] * x[1]) / x[0] ** 2


@cfunc("float64(float64)")
def gauss(x):
    return np.exp(-x * x)


@cfunc(types.void(CPointer(float64), intc, intc))
def fill_f(p, m, n):
    a = farray(p, (m, n))
    for i in range(m):
        for j in range(n):
            a[i, j] = i * 10 + j


@cfunc(float32(voidptr, int64))
def last32(p, n):
    a = carray(p, n, np.float32)
    return a[n - 1]


@cfunc("float64(float64)")
def inverse(x):
    return 1.0 / x


@cfunc("complex128(complex128)")
def twice(z):
    return 2 * z


@cfunc("int32(boolean, int32)")
def pick(flag, x):
    if flag:
        return x
    return -x


@njit("float64(float64)")
def use_inverse(x):
    return inverse(x) + 1.0


@njit("float64(float64[::1])")
def total_via_ctypes(a):
    s = 0.0
    for i in range(a.size - 1):
        s += integrand(np.int32(2), a[i:].ctypes)
    return s
'''


def doubles(values):
    a = np.ascontiguousarray(values, dtype=np.float64)
    return a, a.ctypes.data_as(ctypes.POINTER(ctypes.c_double))


def cases(m):
    """(description, thunk, expected value or exception class, numrs only)"""
    from scipy import LowLevelCallable, integrate

    x, px = doubles([1.5, 2.0])
    grid = np.zeros((2, 3))
    f32 = np.array([1.0, 2.5, 7.25], dtype=np.float32)

    def quad_ctypes():
        fast = integrate.quad(LowLevelCallable(m.integrand.ctypes), 1, np.inf, args=(2.0,))[0]
        slow = integrate.quad(lambda t, s: np.exp(-t * s) / t**2, 1, np.inf, args=(2.0,))[0]
        return abs(fast - slow) < 1e-13

    def fill():
        m.fill_f.ctypes(grid.ctypes.data_as(ctypes.POINTER(ctypes.c_double)), 2, 3)
        # `farray` of a (2, 3) shape: Fortran order over the C memory.
        return grid.ravel().tolist()

    return [
        ("repr", lambda: repr(m.gauss), "<Numba C callback 'gauss'>", False),
        ("called from Python: the Python function", lambda: m.gauss(0.5) == np.exp(-0.25), True, False),
        ("address", lambda: isinstance(m.gauss.address, int) and m.gauss.address > 0, True, False),
        ("native_name", lambda: isinstance(m.gauss.native_name, str), True, False),
        ("ctypes call", lambda: m.gauss.ctypes(0.5) == math.exp(-0.25), True, False),
        ("ctypes call with a pointer (carray)", lambda: m.integrand.ctypes(2, px) == math.exp(-3.0) / 1.5**2, True, False),
        ("quad of a LowLevelCallable", quad_ctypes, True, False),
        ("quad of the ctypes function", lambda: abs(integrate.quad(m.gauss.ctypes, -np.inf, np.inf)[0] - math.sqrt(math.pi)) < 1e-12, True, False),
        ("farray written through a pointer", fill, [0.0, 10.0, 1.0, 11.0, 2.0, 12.0], False),
        ("void* with an explicit dtype", lambda: m.last32.ctypes(ctypes.c_void_p(f32.ctypes.data), 3), 7.25, False),
        ("booleans", lambda: (m.pick.ctypes(True, 5), m.pick.ctypes(False, 5)), (5, -5), False),
        ("exception in the callback: 0", lambda: m.inverse.ctypes(0.0), 0.0, False),
        ("exception in a cfunc jit code calls: 0", lambda: m.use_inverse(0.0), 1.0, False),
        ("no ctypes type for complex128", lambda: m.twice.ctypes, TypeError, False),
        ("calling from Python: Python's errors", lambda: m.integrand(2, None), TypeError, False),
        ("carray in Python", lambda: m.integrand(2, px) == m.integrand.ctypes(2, px), True, False),
        ("a pointer of another type", lambda: m.integrand.ctypes(2, f32.ctypes.data_as(ctypes.POINTER(ctypes.c_float))), ctypes.ArgumentError, False),
        ("a.ctypes passed to a pointer from jit code", lambda: m.total_via_ctypes(np.array([1.5, 2.0, 4.0])), sum(math.exp(-a * b) / a**2 for a, b in [(1.5, 2.0), (2.0, 4.0)]), False),
        # numrs makes C callbacks of numbers and pointers only (Numba gives an address).
        ("no C callback of complex numbers", lambda: m.twice.address, NotImplementedError, True),
    ]


def main():
    use_numba = "--numba" in sys.argv[1:]
    failed = 0
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "cbmod.py")
        with open(src, "w") as f:
            f.write(SOURCE)
        if use_numba:
            sys.path.insert(0, d)
        else:
            out = os.path.join(d, "out")
            run = subprocess.run([BINARY, "build", src, "-o", out], capture_output=True, text=True)
            if run.returncode != 0:
                print(run.stdout + run.stderr)
                return 1
            sys.path.insert(0, out)
        import cbmod as m

        if not use_numba:
            try:
                import numba  # noqa: F401
                print("note: numba is installed here; carray in Python is numba's")
            except ImportError:
                pass
        raised = []
        sys.unraisablehook = lambda u: raised.append(u.exc_type.__name__)
        todo = [c for c in cases(m) if not (use_numba and c[3])]
        for what, thunk, want, _ in todo:
            try:
                got = thunk()
            except Exception as e:  # noqa: BLE001 - the class is the expected outcome
                got = type(e)
            if got != want:
                print("FAIL %s: %r, expected %r" % (what, got, want))
                failed += 1
        # The two calls that raised inside callbacks wrote their exceptions out.
        if raised != ["ZeroDivisionError", "ZeroDivisionError"]:
            print("FAIL unraisable exceptions: %r" % (raised,))
            failed += 1
        total = len(todo) + 1
    print("cfunc callbacks: %d/%d cases as expected" % (total - failed, total))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
