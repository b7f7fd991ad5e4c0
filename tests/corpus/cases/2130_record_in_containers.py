# Records inside returned tuples and inside lists: Numba's record model has no data
# representation there (NotImplementedError: use load_from_data_pointer() instead), also for
# a caller of such a function; a local tuple holding a record and lists of record arrays work.
import numpy as np
import numba
from numba import njit

P = np.dtype([("x", np.float64)])
P_T = numba.from_dtype(P)


@njit((P_T[:],))
def returned_pair(a):
    return a[0], 1


@njit
def helper(a):
    return a[0], 2


@njit((P_T[:],))
def caller(a):
    r, k = helper(a)
    return r.x + k


@njit((P_T[:],))
def local_tuple(a):
    t = (a[0], 1)
    return t[0].x + t[1]


@njit((P_T[:],))
def listed(a):
    l = [a[i] for i in range(a.shape[0])]
    return len(l)


@njit
def record_arrays(arrs):
    return len(arrs), arrs[0][1].x


CALLS = [
    ("local_tuple", (np.array([(2.5,), (1.0,)], dtype=[("x", "f8")]),)),
    ("record_arrays", ([np.array([(2.5,), (1.0,)], dtype=[("x", "f8")])],)),
]
