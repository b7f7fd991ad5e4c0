# Dicts whose values are functions: Numba turns a lambda without free variables into a
# dispatcher, so a dict literal of one lambda is a typed dict whose value type is that
# dispatcher's type; calling d[k](x) compiles the lambda for x. Two different lambdas have two
# different dispatcher types: the dict's value type is the first one's, and storing the
# second fails (Numba's TypingError, raised while lowering the dict literal).
import numpy as np
from numba import njit


@njit("int64(int64)")
def one_lambda(n):
    d = {1: lambda v: v * 3}
    return d[1](n)


@njit("float64(float64)")
def string_key(x):
    d = {"inc": lambda v: v + 1.0}
    f = d["inc"]
    return f(x) + d["inc"](2.0)


@njit("int64(int64)")
def two_lambdas(n):
    d = {1: lambda v: v, 2: lambda v: v * 2}
    return d[1](n) + d[2](n)


@njit("int64(int64)")
def same_lambda_twice(n):
    g = lambda v: v - 1
    d = {1: g, 2: g}
    return d[1](n) + d[2](n)


@njit("int64(int64)")
def looked_up(n):
    d = {7: lambda v: v + 100}
    if n in d:
        return d[n](n)
    return len(d)




# Other dict displays whose later items do not cast to the first item's types: Numba types
# them as dicts of the first item's types and fails when it stores the others.
@njit("int64(int64)")
def str_then_int_values(n):
    d = {1: "a", 2: n}
    return len(d)


@njit("int64(int64)")
def int_then_str_values(n):
    d = {1: n, 2: "a"}
    return len(d)


@njit("int64(int64)")
def float_key_after_int(n):
    d = {1: n, 2.5: 3}
    return len(d)


@njit("int64(int64)")
def tuples_of_two_lengths(n):
    d = {1: (n, 2), 2: (1, 2, n)}
    return len(d)


@njit("int64(int64)")
def arrays_of_two_ranks(n):
    d = {1: np.zeros(n), 2: np.zeros((n, n))}
    return len(d)


@njit("int64(int64)")
def float_then_int_values(n):
    d = {1: 1.5, 2: n}
    return len(d)


@njit("int64(int64)")
def bool_then_int_values(n):
    d = {1: True, 2: n}
    return len(d)


@njit("int64(int64)")
def bool_then_int_keys(n):
    d = {True: 1, 2: n}
    return len(d)


CALLS = [
    ("one_lambda", (4,)),
    ("string_key", (0.5,)),
    ("same_lambda_twice", (10,)),
    ("looked_up", (7,)),
    ("looked_up", (3,)),
    ("float_then_int_values", (3,)),
    ("bool_then_int_values", (3,)),
    ("bool_then_int_keys", (3,)),
]
