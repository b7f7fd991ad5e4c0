# An item assignment after a dict comprehension that the comprehension's dict cannot take:
# Numba types the assignment before the inlined comprehension, so the error is the
# comprehension's failure to unify with that refinement, at its line. A value the dict can take
# (an int into a float dict) is cast.
from numba import njit


@njit("int64(int64)")
def str_values_then_int(n):
    d = {i: str(i) for i in range(n)}
    d[0] = 5
    return len(d)


@njit("int64(int64)")
def float_values_then_str(n):
    d = {i: i * 0.5 for i in range(n)}
    d[1] = "x"
    return len(d)


@njit("float64(int64)")
def float_values_then_int(n):
    d = {i: i * 0.5 for i in range(n)}
    d[1] = 5
    return d[1] + len(d)


@njit("int64(int64)")
def loop_then_int(n):
    d = {}
    for i in range(n):
        d[i] = str(i)
    d[0] = 5
    return len(d)


CALLS = [("float_values_then_int", (3,))]
