"""An `@overload` typing function that binds the chosen implementation to a local name
(`fn = scalar_impl`) before returning it; one that raises a Python exception (not a Numba
error): Numba's template lookup re-raises it as it is, so the call is that ValueError."""
import numpy as np
from numba import njit, types
from numba.extending import overload


def spread(q):
    pass


@overload(spread)
def ov_spread(q):
    def scalar_impl(q):
        return q + 1.0

    def array_impl(q):
        return q.max() - q.min()

    if isinstance(q, (types.Float, types.Integer)):
        fn = scalar_impl
    elif isinstance(q, types.Array):
        fn = array_impl
    else:
        raise ValueError("q must be a number or an array")
    return fn


def total(a):
    pass


@overload(total)
def ov_total(a):
    def array_impl(a):
        return a.sum()

    if isinstance(a, types.Array):
        return array_impl
    raise TypeError("a must be an array")


@njit("float64(float64)")
def spread_scalar(q):
    return spread(q)


@njit
def spread_any(q):
    return spread(q)


@njit
def total_any(a):
    return total(a)


CALLS = [
    ("spread_scalar", (2.0,)),
    ("spread_any", (np.array([1.0, 4.0, 2.5]),)),
    ("spread_any", (3,)),
    ("spread_any", ((1.0, 2.0),)),
    ("total_any", (np.arange(4.0),)),
    ("total_any", (3.0,)),
]
