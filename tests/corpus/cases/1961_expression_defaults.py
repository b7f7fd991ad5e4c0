# Parameter defaults that are expressions: Python computes them when the `def` runs, and Numba
# types an omitted one from that value (resolve_value_type_prefer_literal): `float(2)` is
# float64, `np.float32(1.5)` float32, `2 ** 3` Literal[int](8), `1 + 2j` complex128, `np.e`
# float64, a tuple by typeof. Using one wrongly is a typing error at its use.
import numpy as np
from numba import njit


@njit
def f(x, k=float(2), s=np.float32(1.5), t=(1, 2.0), n=None):
    return x * k + s + t[1]


@njit
def g(x, scale=2 ** 3, neg=-(3), z=1 + 2j, e=np.e, flag=np.bool_(0)):
    if flag:
        return x
    return x * scale + neg + z.real + e


@njit
def h(x, eps=np.float32(1e-6)):
    return x + eps


@njit
def bad_use(x, eps=np.float32(1e-6)):
    return eps[0] + x


@njit("(float64,)")
def use(x):
    return f(x), f(x, 3.0), g(x), g(x, neg=1), h(np.float32(x))


@njit("(float64,)")
def use_bad(x):
    return bad_use(x)


CALLS = [("use", (1.5,))]
