# The operator module's functions in compiled code: the functions the operators type and lower
# through (operator.add(a, b) is a + b).
import operator
import numpy as np
from numba import njit


@njit("int64(int64, int64)")
def op_mod(a, b):
    return operator.add(a, b) * operator.mul(a, 2) - operator.neg(b)


@njit("float64(float64, float64)")
def op_float(a, b):
    return operator.truediv(a, b) + operator.pow(a, 2) - operator.mod(b, 3.0)


@njit("boolean(int64, int64)")
def op_cmp(a, b):
    return operator.lt(a, b) and operator.ne(a, 3) or operator.not_(b)


@njit("float64[:](float64[:], float64[:])")
def op_arrays(x, y):
    return operator.sub(operator.mul(x, y), x)


@njit("int64(int64)")
def op_getitem(n):
    t = (1, 2, n)
    return operator.getitem(t, 2) + operator.floordiv(n, 2) + operator.xor(n, 1)

CALLS = [("op_mod", (3, 4)), ("op_float", (1.5, 4.0)), ("op_cmp", (1, 0)), ("op_cmp", (5, 2)), ("op_arrays", (np.arange(3.0), np.ones(3))), ("op_getitem", (9,))]
