import numpy as np
from numba import njit

COUNTER = 0
GLIST = [1, 2, 3]
GDICT = {'a': 1}
GARR = np.arange(5.0)
GTUP = (1, 2, 3)


@njit("(int64,)")
def global_mutate(n):
    global COUNTER
    COUNTER += n
    return COUNTER


@njit("(int64,)")
def global_list_read(i):
    return GLIST[i]


@njit("(unicode_type,)")
def global_dict_read(k):
    return GDICT[k]


@njit("(int64,)")
def global_array_read(i):
    return GARR[i]


@njit("(int64,)")
def global_array_write(i):
    GARR[i] = 1.0
    return GARR[i]


@njit("(int64,)")
def global_tuple_read(i):
    return GTUP[i]


@njit("(int64,)")
def global_undefined(i):
    return UNDEFINED_NAME + i
