# @overload typing functions returning lambdas (`return lambda x: ...`, `impl = lambda ...`)
# beside a nested def, picked by the argument's type class.
import numpy as np
from numba import njit, types
from numba.extending import overload

def absval(x):
    pass

@overload(absval)
def _ol_absval(x):
    if isinstance(x, types.Float):
        return lambda x: abs(x)
    if isinstance(x, types.Integer):
        def impl(x):
            return x if x > 0 else -x
        return impl
    impl2 = lambda x: x.sum()
    return impl2

@njit
def f(s):
    return absval(s)

CALLS = [("f", (-2.5,)), ("f", (-3,)), ("f", (np.ones(3),))]
