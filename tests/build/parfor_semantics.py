"""Array expressions as Numba compiles them in `parallel=True` functions (parfors: operators,
ufunc and `@vectorize` calls; not a ufunc call given its output array) and as in-place
operators: the operand sizes Numba's array analysis asserts (`AssertionError: Sizes of
a, b do not match on FILE (LINE)`, where a serial function broadcasts or raises ValueError),
reductions of arrays of two or more dimensions split by Numba's n-dimensional schedule, the
sizes of 1 it broadcasts (known statically; not `x + np.ones(1)`, which Numba 0.68.1
compiles to reads past the end of the 1-item array), NumPy's loops for a complex `/` in a parfor and
for in-place operators (`inf`/`nan`, no ZeroDivisionError). Each call's outcome must equal what
Numba 0.68.1 gave, recorded in `parfor_semantics.expected.json` (the file's directory is left
out of messages).

Usage: python tests/build/parfor_semantics.py            (a Python with numpy and the runtime)
       python tests/build/parfor_semantics.py --record   (a Python with numba 0.68.1: rewrites
                                                          the expected answers)
"""
import os
import re
import sys

import numpy as np

from numba_answers import run

EXPECTED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "parfor_semantics.expected.json")

SOURCE = '''
import numpy as np
from numba import njit, vectorize

V = "float64[::1](float64[::1], float64[::1])"


@njit(V, parallel=True)
def add(a, b):
    return a + b


@njit(["float64[:, ::1](float64[:, ::1], float64[::1])", "float64[:, ::1](float64[:, ::1], float64[:, ::1])"],
      parallel=True)
def add2d(a, b):
    return a + b


@njit(V, parallel=True)
def scaled(a, b):
    return np.sqrt(a) * b + 1.0


@njit("float64(float64[::1], float64[::1])", parallel=True)
def summed(a, b):
    return (a + b).sum()


@njit(["float64[::1](float64[::1], float64[::1], float64[::1])",
       "float64[:, ::1](float64[:, ::1], float64[::1], float64[:, ::1])"], parallel=True)
def fused(a, b, c):
    return (a + b) * c


@njit(V, parallel=True)
def named(a, b):
    x = a * 2.0
    return x + b


@njit(V, parallel=True)
def inplace(a, b):
    a += b
    return a


@njit(V, parallel=True)
def ufunc_call(a, b):
    return np.arctan2(a, b)


@njit("boolean[::1](float64[::1], float64[::1])", parallel=True)
def compared(a, b):
    return a < b


@njit(V)
def serial(a, b):
    return a + b


@njit("float64[:, ::1](float64[::1])", parallel=True)
def reshaped(x):
    b = x.reshape((x.size, 1))
    return b * x


@njit("float64[:, ::1](float64[:, ::1], float64[::1])", parallel=True)
def row(m, v):
    return m - v.reshape((1, v.size))


@vectorize(["float64(float64, float64)"])
def vmul(x, y):
    return x * y + 1.0


@njit(V, parallel=True)
def vcall(a, b):
    return vmul(a, b)


@njit(V, parallel=True)
def out_call(a, b):
    out = np.empty_like(a)
    np.add(a, b, out)
    return out


@njit(["float64[::1](float64[::1], float64[::1], float64[::1])",
       "float64[:, ::1](float64[:, ::1], float64[::1], float64[:, ::1])"])
def out_serial(a, b, out):
    np.add(a, b, out)
    return out


@njit(["float64[::1](float64[::1], float64[::1], float64[::1])",
       "float64[:, ::1](float64[:, ::1], float64[::1], float64[:, ::1])"])
def out_nested(a, b, out):
    np.add(a * 2.0, b, out)
    return out


@njit(["float64[::1](float64[::1], float64[::1])", "float64[:, ::1](float64[:, ::1], float64[:, ::1])"])
def ip_serial(a, b):
    a += b
    return a


@njit("float64[:, ::1](float64[:, ::1])", parallel=True)
def zeros_row(m):
    mu = np.zeros((1, m.shape[1]))
    return m - mu


C = "complex128[::1](complex128[::1], complex128[::1])"


@njit(C, parallel=True)
def cdiv(a, b):
    return a / b


@njit(C)
def cdiv_serial(a, b):
    return a / b


@njit("complex128(complex128[::1], complex128[::1])", parallel=True)
def cdiv_sum(a, b):
    return (a / b).sum()


@njit(C)
def cdiv_inplace(a, b):
    a /= b
    return a


@njit(["float64[::1](float64[::1], int64[::1])", "float64[::1](float64[::1], int64)"])
def pow_inplace(a, b):
    a **= b
    return a


@njit("float64[::1](float64[::1], int64[::1])", parallel=True)
def pow_parallel(a, b):
    return a ** b


@njit("float64[::1](float64[::1], int64[::1])")
def pow_serial(a, b):
    return a ** b


@njit(["float64(float64[:, ::1])", "float64(float64[::1, :])", "float64(float64[:, :, ::1])",
       "float64(float64[:, :])"], parallel=True)
def sum_nd(a):
    return a.sum()


@njit(["float64(float64[:, ::1])", "float64(float64[:, :, ::1])"], parallel=True)
def mean_nd(a):
    return np.mean(a)


@njit("float64(float64[:, ::1])", parallel=True)
def prod_nd(a):
    return np.prod(a)


@njit("int64(int64[:, ::1])", parallel=True)
def isum_nd(a):
    return a.sum()


@njit(["complex128(complex128[::1])", "complex128(complex128[:, ::1])", "complex64(complex64[::1])"],
      parallel=True)
def csum(a):
    return a.sum()


@njit(["complex128(complex128[::1])", "complex128(complex128[:, ::1])", "complex64(complex64[::1])"],
      parallel=True)
def cmean(a):
    return a.mean()


@njit("complex128(complex128[::1])", parallel=True)
def cprod(a):
    return np.prod(a)


@njit("complex128(complex128[::1], complex128[::1])", parallel=True)
def cfused(a, b):
    return (a * b + 1.0).sum()
'''

CALLS = [
    "add(o(3), o(1))", "add(o(3), o(4))", "add(o(5), o(5))", "add(o(20000), o(20001))", "add(o(20000), o(1))",
    "add(o(20000), o(20000))",
    "add2d(o((3, 4)), o(4))", "add2d(o((3, 4)), o(3))", "add2d(o((3, 4)), o((1, 4)))", "add2d(o((3, 4)), o((3, 4)))",
    "scaled(o(5), o(1))", "scaled(o(5), o(5))", "summed(o(5), o(1))", "summed(o(5), o(5))", "summed(o(20000), o(3))",
    "fused(o(3), o(3), o(4))", "fused(o(3), o(4), o(4))", "fused(o((2, 3)), o(3), o((1, 3)))",
    "fused(o((2, 3)), o(3), o((2, 3)))", "fused(o((2, 3)), o(2), o((2, 3)))",
    "named(o(3), o(4))", "inplace(o(3), o(4))", "inplace(o(3), o(1))", "inplace(o(3), o(3))",
    "ufunc_call(o(3), o(4))", "compared(o(3), o(4))", "serial(o(3), o(4))", "serial(o(3), o(1))",
    "vcall(o(3), o(4))", "vcall(o(4), o(4))", "vcall(o(20000), o(1))", "out_call(o(3), o(4))", "out_call(o(3), o(1))",
    "out_call(o(20000), o(20000))",
    # With an output array Numba reads the operands at the output's indices: a larger operand
    # is cut, a size of 1 broadcast (no check; numrs raises where Numba reads past the end).
    "out_serial(o(3), o(4), z0(3))", "out_serial(o(3), o(1), z0(3))", "out_serial(o((2, 3)), o(4), z0((2, 3)))",
    "out_serial(o((2, 3)), o(3), z0((2, 3)))", "out_nested(o(5), o(4), z0(3))", "out_nested(o((3, 3)), o(3), z0((2, 3)))",
    "out_nested(o(4), o(3), z0(3))",
    "ip_serial(o(3), o(4))", "ip_serial(o(1), o(3))", "ip_serial(o((2, 3)), o((3, 3)))", "ip_serial(o((2, 3)), o((1, 3)))",
    "reshaped(o(3))", "row(o((2, 3)), o(3))", "zeros_row(o((2, 3)))",
    "cdiv(c([1+1j, 2, 0]), c([0, 1, 0]))", "cdiv(c([1+1j] * 20000), c([0, 1] * 10000))",
    "cdiv_serial(c([1+1j, 2, 0]), c([0, 1, 0]))", "cdiv_sum(c([1+1j, 2, 0]), c([0, 1, 0]))",
    "cdiv_sum(c([1+1j, 2, 4]), c([1, 1, 2]))", "cdiv_inplace(c([1+1j, 0]), c([0, 0]))",
    "pow_inplace(f([0.0, 2.0]), i([-1, 2]))", "pow_inplace(f([0.0, 2.0, 1.1]), -1)", "pow_inplace(f([1.1, 2.5]), 7)",
    "pow_parallel(f([0.0, 2.0]), i([-1, 2]))", "pow_serial(f([0.0, 2.0]), i([-1, 2]))",
    # Reductions of arrays of two or more dimensions: the boxes of Numba's n-dimensional
    # schedule, reduced apart and combined in order (so the last bits are Numba's).
    "sum_nd(r((100, 100)))", "sum_nd(r((7, 300)))", "sum_nd(r((300, 7)))", "sum_nd(r((200, 100)))",
    "sum_nd(r((7, 3000)))", "sum_nd(r((5, 6, 7)))", "sum_nd(r((30, 20, 40)))", "sum_nd(r((1, 50)))",
    "sum_nd(r((0, 5)))", "sum_nd(np.asfortranarray(r((150, 130))))", "sum_nd(r((40, 600))[::2, 1::3])",
    "mean_nd(r((100, 100)))", "mean_nd(r((30, 20, 40)))", "mean_nd(r((0, 3)))", "prod_nd(1.0 + r((20, 30)) / 64)",
    "isum_nd(i(list(range(-5000, 15000))).reshape(200, 100))",
    # Complex reductions are chunked the same way; a complex mean divides as Numba's
    # `c / len(a)` does (complex128, ZeroDivisionError on no items).
    "csum(z(10001))", "csum(z(30000))", "csum(z(20000).reshape(100, 200))", "csum(z(0))",
    "csum(z(10001).astype(np.complex64))", "cmean(z(10001))", "cmean(z(30000).reshape(150, 200))", "cmean(z(0))",
    "cmean(z(7).astype(np.complex64))", "cprod(1.0 + z(10001) / 1e4)", "cfused(z(10001), z(10001)[::-1].copy())",
    "cfused(z(20000), z(20000)[::-1].copy())",
]

HELPERS = {
    "o": lambda shape: np.ones(shape) + np.arange(np.prod(shape)).reshape(shape) / 8,
    "c": lambda xs: np.array(xs, dtype=np.complex128),
    "f": lambda xs: np.array(xs, dtype=np.float64),
    "i": lambda xs: np.array(xs, dtype=np.int64),
    # Items whose float sum depends on the order (IEEE division only: the same on every machine).
    "r": lambda shape: ((np.arange(np.prod(shape)) % 7 - 3) / (np.arange(np.prod(shape)) % 5 + 1.5)).reshape(shape),
    "z": lambda n: ((np.arange(n) % 7 - 3) / (np.arange(n) % 5 + 1.5)) * (1 - 0.5j) + 1j / (np.arange(n) % 3 + 1.25),
    "z0": np.zeros,
    "np": np,
}


def outcome(module, call):
    try:
        r = eval("m." + call, dict(HELPERS, m=module))
        if isinstance(r, np.ndarray):
            return {"shape": list(r.shape), "dtype": str(r.dtype), "sum": repr(r.sum()), "head": repr(r.ravel()[:4].tolist())}
        return {"result": repr(r)}
    except Exception as e:  # noqa: BLE001
        # The directory the source was built or run from is not part of the answer, nor the
        # place in Numba's own source that some of its messages add.
        message = re.sub(r"on \S*?([\w.]+\.py) \(", r"on \1 (", str(e)).split("\nFile ")[0]
        return {"error": type(e).__name__, "message": message}


def main():
    # The answers were recorded with three threads (the schedule depends on their number).
    os.environ["NUMBA_NUM_THREADS"] = "3"
    return run("parfor semantics", SOURCE, "parmod", CALLS, EXPECTED, outcome)


if __name__ == "__main__":
    sys.exit(main())
