# Things Numba refuses inside jit code although they run from Python: `literal_unroll` over a
# function argument that is not a tuple (a list, an array, a typed list), and a ufunc made by
# @vectorize / @guvectorize for target "parallel" (a NumPy ufunc, not one Numba compiles into
# its callers).
import numpy as np
from numba import njit, literal_unroll, vectorize, guvectorize, float64


@njit
def unroll_argument(xs):
    s = 0
    for v in literal_unroll(xs):
        s += v
    return s


@njit
def unroll_local_list():
    xs = [1, 2, 3]
    s = 0
    for v in literal_unroll(xs):
        s += v
    return s


@njit
def unroll_mixed_tuple(t):
    s = 0.0
    for v in literal_unroll(t):
        s += v
    return s


@vectorize([float64(float64, float64)], target="parallel")
def add_par(a, b):
    return a + b


@vectorize([float64(float64, float64)], target="cpu")
def add_cpu(a, b):
    return a + b


@guvectorize(["void(float64[:], float64[:])"], "(n)->(n)", target="parallel")
def double_par(a, out):
    for i in range(a.shape[0]):
        out[i] = 2.0 * a[i]


@njit
def uses_parallel_ufunc(x):
    return add_par(x, x)


@njit
def uses_cpu_ufunc(x):
    return add_cpu(x, x)


@njit
def uses_parallel_gufunc(x):
    return double_par(x)


@njit("float64(float64[:])")
def sig_uses_parallel_ufunc(x):
    return add_par(x, x).sum()


@njit("int64(int64[:])")
def sig_unroll_array(a):
    s = 0
    for v in literal_unroll(a):
        s += v
    return s


CALLS = [
    ("unroll_argument", ([1, 2, 3],)),
    ("unroll_argument", (np.arange(3),)),
    ("unroll_argument", ((1, 2.5),)),
    ("unroll_local_list", ()),
    ("unroll_mixed_tuple", ((1, 2.5, True),)),
    ("uses_parallel_ufunc", (np.array([0.25, 2.0]),)),
    ("uses_cpu_ufunc", (np.array([0.25, 2.0]),)),
    ("uses_parallel_gufunc", (np.ones(3),)),
    ("add_par", (np.ones(2), np.ones(2))),
]
