# A function with explicit signatures compiles nothing else: a call with other argument types
# (another record layout, an int array, a 2-d array) is a TypeError. Slice constants inside
# tuple indices, and a slice's start/stop/step (None filled in as Numba's slice model does).
import numpy as np
import numba
from numba import njit, float64, int64

P = numba.from_dtype(np.dtype([("x", np.float64), ("y", np.float64), ("id", np.int32)]))
TAIL = slice(-2, None)
STEP = slice(1, None, 3)
BACK = slice(None, None, -1)


@njit(float64(P[:]))
def typed_call(a):
    return a[0].x + 1.0


@njit(int64(float64[:]))
def size_of(a):
    return a.size


@njit
def tail_rows(a):
    return a[TAIL, 0].copy(), a[1:, TAIL].copy(), a[(TAIL,)].copy()


@njit("(int64,)")
def attrs(i):
    s = slice(2, None)
    return STEP.start + i, STEP.stop, STEP.step, BACK.start, BACK.stop, s.start, s.stop, s.step


@njit("(int64, int64)")
def local(a, b):
    s = slice(a, b)
    return s.start * 10 + s.stop


CALLS = [
    ("typed_call", (np.zeros(1, dtype=[("x", "f8"), ("y", "f8"), ("id", "i4")]),)),
    ("typed_call", (np.zeros(1, dtype=[("x", "f8"), ("y", "f8"), ("id", "i8")]),)),
    ("size_of", (np.zeros(3),)), ("size_of", (np.zeros(3, dtype=np.int64),)), ("size_of", (np.zeros((3, 2)),)),
    ("tail_rows", (np.arange(6).reshape(3, 2),)), ("attrs", (1,)), ("local", (2, 5)),
]
