from numba import njit


@njit("(UniTuple(int64, 2),)")
def tuple_len_prune(t):
    if len(t) == 2:
        r = t[0]
    else:
        r = "other"
    return r


@njit("(array(float64, 2d, C),)")
def ndim_prune(a):
    if a.ndim == 1:
        return a[0]
    return a[0, 0]
