# A module constant rebound after a function with an explicit signature: Numba compiles that
# function when its decorator runs, so it keeps the earlier value; a lazily compiled one sees
# the module's last value.
from numba import njit

RATE = 1.0


@njit("float64(float64)")
def eager_scale(x):
    return x * RATE


@njit
def lazy_scale(x):
    return x * RATE


RATE = 100.0

CALLS = [("eager_scale", (2.0,)), ("lazy_scale", (2.0,))]
