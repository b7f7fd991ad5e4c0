"""A decorator function that sets harmless options on the call's keywords before forwarding
to `numba.jit` (`kwargs["nopython"] = True`, under `if "nopython" not in kwargs`, inside
`try: import numba ... except ImportError`); module constants computed from string
constants (`numba.float64 if FTYPE[1] == "8" else numba.float32`, `FTYPE[1]`)."""
import numba
import numpy as np

FTYPE, CTYPE = "f8", "c16"
C_FTYPE = numba.float64 if FTYPE[1] == "8" else numba.float32
SAME = numba.float64 if FTYPE == "f8" else numba.float32
OTHER = numba.float64 if CTYPE != "c16" else numba.complex128
DIGIT = FTYPE[1]
LAST = CTYPE[-1]


def jit_ifnumba(*args, **kwargs):
    try:
        import numba

        if "nopython" not in kwargs:
            kwargs["nopython"] = True
        return numba.jit(*args, **kwargs)
    except ImportError:

        def wrap(func):
            return func

        return wrap


def jit_set(*args, **kwargs):
    kwargs["nopython"] = True
    return numba.jit(*args, **kwargs)


@jit_ifnumba(cache=True)
def add_one(x):
    return x + 1


@jit_set(nogil=True)
def double(x):
    return 2 * x


@numba.njit
def zeros_of_ftype(n):
    return np.zeros(n, dtype=C_FTYPE), np.zeros(n, dtype=SAME), np.zeros(n, dtype=OTHER)


@numba.njit
def chars():
    return DIGIT, LAST


CALLS = [
    ("add_one", (1,)),
    ("add_one", (2.5,)),
    ("double", (np.arange(3),)),
    ("zeros_of_ftype", (2,)),
    ("chars", ()),
]
