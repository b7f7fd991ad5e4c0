# @vectorize functions called from jit code (Numba's DUFunc typing): with signatures the
# first loop the element types cast to safely runs (int64 inputs run a float64 loop listed
# first); lazily compiled ones compile the kernel for the exact element types. Scalars give
# scalars; arrays broadcast into a new C array (F when every array operand is F) or into an
# explicit output.
import numpy as np
from numba import njit, vectorize


@vectorize(["float64(float64, float64)", "int64(int64, int64)"])
def add_first(x, y):
    return x + y


@vectorize
def mul_add(x, y):
    return x * y + 1


@vectorize(["float64(float64)", "float32(float32)"])
def clamp(v):
    if v > 10:
        return 10.0
    return v


@njit(["(int64, int64)", "(float32, float32)", "(boolean, boolean)", "(int32, int32)"])
def frozen_scalars(a, b):
    r = add_first(a, b)
    return r


@njit(["(int64, int64)", "(int32, int32)", "(float32, float64)", "(boolean, boolean)"])
def lazy_scalars(a, b):
    r = mul_add(a, b)
    return r


@njit(["(float64[:], float64[:])", "(int64[:, :], int64[:])", "(float64[::1, :], float64[::1, :])"])
def frozen_arrays(a, b):
    r = add_first(a, b)
    return r


@njit(["(float64[:, :], float64)", "(int32[:], int32[:])", "(float32[::1, :], float32[::1, :])"])
def lazy_arrays(a, b):
    r = mul_add(a, b)
    return r


@njit(["(float64[:], float64[:], float64[:])"])
def into_output(a, b, out):
    r = add_first(a, b, out)
    return r


@njit(["(float32[:],)", "(int64[:],)", "(float64,)"])
def clamp_values(a):
    return clamp(a)


@njit(["(complex128, int64)"])
def no_loop(a, b):
    return add_first(a, b)


@njit(["(float64, float64)"])
def too_many(a, b):
    return add_first(a, b, a)


CALLS = [
    ("frozen_scalars", (3, 4)),
    ("frozen_scalars", (np.float32(1.5), np.float32(2.0))),
    ("frozen_scalars", (True, True)),
    ("lazy_scalars", (3, 4)),
    ("lazy_scalars", (np.int32(7), np.int32(2))),
    ("lazy_scalars", (np.float32(1.5), 2.0)),
    ("lazy_scalars", (True, False)),
    ("frozen_arrays", (np.arange(4.0), np.linspace(0.0, 1.0, 4))),
    ("frozen_arrays", (np.arange(6).reshape(2, 3), np.array([10, 20, 30]))),
    ("frozen_arrays", (np.asfortranarray(np.arange(6.0).reshape(2, 3)), np.asfortranarray(np.ones((2, 3))))),
    ("frozen_arrays", (np.arange(3.0), np.arange(4.0))),
    ("lazy_arrays", (np.arange(6.0).reshape(2, 3)[:, ::2], 2.5)),
    ("lazy_arrays", (np.arange(4, dtype=np.int32), np.array([3, 3, 3, 3], dtype=np.int32))),
    ("lazy_arrays", (np.asfortranarray(np.ones((2, 2), dtype=np.float32)), np.asfortranarray(np.full((2, 2), 2.0, dtype=np.float32)))),
    ("into_output", (np.arange(3.0), np.ones(3), np.zeros(3))),
    ("clamp_values", (np.array([1.5, 20.0, -3.0], dtype=np.float32),)),
    ("clamp_values", (np.array([5, 50, 500]),)),
    ("clamp_values", (12.5,)),
]
