# numbagg builds gufuncs as `numba.guvectorize(sigs, layout, nopython=True)(func)` (call form,
# not a decorator); the same kernel as a decorator is built.
import numpy as np
import numba
from numba import float64


def add_one(a, out):
    for i in range(a.shape[0]):
        out[i] = a[i] + 1.0


gu_add_one = numba.guvectorize([(float64[:], float64[:])], "(n)->(n)", nopython=True)(add_one)


@numba.guvectorize([(float64[:], float64[:])], "(n)->(n)", nopython=True)
def deco_add_one(a, out):
    for i in range(a.shape[0]):
        out[i] = a[i] + 1.0


CALLS = [
    ("gu_add_one", (np.array([1.0, 2.0]),)),
    ("deco_add_one", (np.array([1.0, 2.0]),)),
]
