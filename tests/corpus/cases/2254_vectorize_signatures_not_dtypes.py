# @vectorize signatures of types that are not NumPy dtypes (arrays, strings, tuples) are
# refused when the decorator builds the ufunc; a lazily compiled ufunc called with a list runs
# the loop of the list's items (NumPy converts the list).
import numpy as np
from numba import vectorize


@vectorize(["float64(float64[:])"])
def arr_sig(x):
    return x[0]


@vectorize(["unicode_type(unicode_type)"])
def strs(s):
    return s


@vectorize(["UniTuple(float64, 2)(float64)"])
def tuple_return(x):
    return (x, x)


@vectorize(["float64(float64)"])
def ok(x):
    return x + 1


@vectorize
def lazy_twice(x):
    return 2 * x


CALLS = [
    ("ok", (np.arange(3.0),)),
    ("lazy_twice", (np.arange(3.0),)),
    ("lazy_twice", ([1.0, 2.0],)),
    ("lazy_twice", (np.arange(3),)),
    ("lazy_twice", ([1, 2],)),
]
