# New features together: Generator methods with keywords and inside parallel functions, a
# stencil applied in a parallel function, unicode arrays in comprehensions, F order, loops.
import numpy as np
from numba import njit, stencil, prange


@njit
def gen_kw(rng):
    return rng.normal(loc=1.0, scale=2.0, size=3), rng.integers(low=1, high=5, size=(2, 2)), rng.uniform(size=2)


@njit(parallel=True)
def gen_in_prange(rng, n):
    out = np.zeros(n)
    for i in prange(n):
        out[i] = 1.0
    return out.sum() + rng.random()


@stencil
def s2(a):
    return a[0, 1] - a[0, -1]


@njit(parallel=True)
def stencil_parallel(a):
    return s2(a)


@njit
def uni_sorted(a):
    xs = [str(x) for x in a]
    xs.sort()
    return xs


@njit
def uni_f(a):
    return a[1, 0] + a[0, 1]


@njit
def uni_in(a, s):
    for x in a:
        if x == s:
            return True
    return False


CALLS = [
    ("gen_kw", (np.random.default_rng(3),)),
    ("gen_in_prange", (np.random.default_rng(4), 100)),
    ("stencil_parallel", (np.arange(12.0).reshape(3, 4),)),
    ("uni_sorted", (np.array(["b", "a", "c"]),)),
    ("uni_f", (np.asfortranarray(np.array([["a", "b"], ["c", "d"]])),)),
    ("uni_in", (np.array(["x", "yy"]), "yy")),
]
