# numbagg grouped.py: guvectorize layout with no "->" ("(n),(n),(z)": every argument is an input,
# the kernel writes into the last one). Numba accepts it (the call returns ()); the numrs-built
# module fails to import at all, so even unrelated functions in the file are lost.
import numpy as np
import numba
from numba import float64, int64


@numba.guvectorize([(float64[:], int64[:], float64[:])], "(n),(n),(z)", nopython=True)
def group_sum(values, labels, out):
    out[:] = 0.0
    for i in range(values.shape[0]):
        out[labels[i]] += values[i]


@numba.njit
def unrelated(x):
    return x + 1


CALLS = [
    ("group_sum", (np.array([1.0, 2.0, 3.0]), np.array([0, 1, 0]), np.zeros(2))),
    ("unrelated", (1,)),
]
