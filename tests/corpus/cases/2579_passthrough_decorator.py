# A decorator passing all it is given on to numba.njit, the function first (alphatims.utils.njit):
# bare (@njit) and called (@njit(nogil=True)), it compiles as numba.njit does.
import numba


def njit(_func=None, *args, **kwargs):
    # alphatims.utils.njit: a plain wrapper around numba.njit
    return numba.njit(_func, *args, **kwargs)


@njit
def f(x):
    return x + 1


@njit(nogil=True)
def g(x):
    return x * 2


@njit("float64(float64)", cache=False)
def h(x):
    return x / 4


CALLS = [
    ("h", (2.0,)),
    ("f", (1,)),
    ("g", (2.5,)),
]

