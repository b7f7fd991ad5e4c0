"""A jit decorator applied to what a factory of the module returns (dcor's
`njit(sig)(_generate(compiled=True))`, `njit(_make_scale(3.0))`): the factory's inner function,
its parameters captured as constants."""
import numba
import numpy as np
from numba import float64


def _inner_impl(x):
    return x * 2.0


_inner = numba.njit(float64[:](float64[:]))(_inner_impl)


def _generate(compiled):

    def _outer(x):
        f = _inner if compiled else None
        return f(x) + 1.0

    return _outer


_outer_compiled = numba.njit(float64[:](float64[:]))(_generate(compiled=True))


def _make_scale(k):
    def scale(x):
        return x * k
    return scale


scale3 = numba.njit(_make_scale(3.0))


@numba.njit
def use_outer(x):
    return _outer_compiled(x).sum()


CALLS = [
    ("_outer_compiled", (np.array([1.0, 2.0]),)),
    ("scale3", (np.array([1.0, 2.0]),)),
    ("use_outer", (np.array([1.0, 2.0]),)),
]
