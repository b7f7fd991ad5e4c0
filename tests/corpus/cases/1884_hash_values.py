# hash() of integers (around 2**61 - 1, the extremes of int64 and uint64), floats (integral,
# fractional, tiny, huge, infinite, negative zero) and tuples, as CPython computes them.
import numpy as np
from numba import njit


@njit("(int64,)")
def hash_int(n):
    return hash(n), hash(-n), hash(n - 1)


@njit("(uint64,)")
def hash_uint(n):
    return hash(n)


@njit("(float64,)")
def hash_float(x):
    return hash(x), hash(-x), hash(x * 1e300), hash(x * 1e-300)


@njit("(int64, float64)")
def hash_tuple(n, x):
    return hash((n, x)), hash((x, (n, True))), hash(())


CALLS = [
    ("hash_int", (0,)),
    ("hash_int", (2305843009213693951,)),
    ("hash_int", (2305843009213693952,)),
    ("hash_int", (-9223372036854775807,)),
    ("hash_int", (9223372036854775807,)),
    ("hash_uint", (np.uint64(18446744073709551615),)),
    ("hash_float", (2.567,)),
    ("hash_float", (3.0,)),
    ("hash_float", (-0.0,)),
    ("hash_float", (np.inf,)),
    ("hash_float", (5e-324,)),
    ("hash_tuple", (-7, 2.567)),
    ("hash_tuple", (1, -1.0)),
]
