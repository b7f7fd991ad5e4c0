# A module-level tuple of jit functions (FUNCS = (sq, cu)), unrolled with literal_unroll or
# indexed by constants.
from numba import njit, literal_unroll


@njit
def sq(x):
    return x * x


@njit
def cu(x):
    return x * x * x


FUNCS = (sq, cu)


@njit
def apply_all(x):
    s = 0.0
    for f in literal_unroll(FUNCS):
        s += f(x)
    return s


@njit
def first(x):
    return FUNCS[0](x) + FUNCS[1](x)


CALLS = [("apply_all", (2.0,)), ("first", (3,))]
