# SciPy's special functions called from jit code through ctypes function objects, the usual
# recipe (Numba's ExternalFunctionPointer): the address from
# numba.extending.get_cython_function_address, the C signature from ctypes.CFUNCTYPE.
import ctypes

import numpy as np
from numba import njit
from numba.extending import get_cython_function_address

_dble = ctypes.c_double
functype = ctypes.CFUNCTYPE(_dble, _dble)
gammaln = functype(get_cython_function_address("scipy.special.cython_special", "gammaln"))
erf = functype(get_cython_function_address("scipy.special.cython_special", "__pyx_fuse_1erf"))
binom = ctypes.CFUNCTYPE(ctypes.c_double, ctypes.c_double, ctypes.c_double)(
    get_cython_function_address("scipy.special.cython_special", "binom")
)
chebyt = ctypes.CFUNCTYPE(ctypes.c_double, ctypes.c_long, ctypes.c_double)(
    get_cython_function_address("scipy.special.cython_special", "__pyx_fuse_1_1eval_chebyt")
)
expit32 = ctypes.CFUNCTYPE(ctypes.c_float, ctypes.c_float)(
    get_cython_function_address("scipy.special.cython_special", "__pyx_fuse_1expit")
)
wide = ctypes.CFUNCTYPE(ctypes.c_double, ctypes.c_longlong)(
    get_cython_function_address("scipy.special.cython_special", "gammaln")
)


@njit("float64(float64)")
def log_gamma(x):
    return gammaln(x)


@njit("float64(int64, int64)")
def log_binomial(n, k):
    # An int64 argument converts to the C double.
    return gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1)


@njit("float64[:](float64[:])")
def erf_all(a):
    out = np.empty_like(a)
    for i in range(a.size):
        out[i] = erf(a[i])
    return out


@njit("float64(float64, float64)")
def binomial(n, k):
    f = binom
    return f(n, k)


@njit("float64(int64, float64)")
def chebyshev(n, x):
    return chebyt(n, x)


@njit("float32(float32)")
def logistic32(x):
    y = expit32(x)
    return y


@njit("float64(float64)")
def logistic_from_float64(x):
    return expit32(x)


@njit("float64(complex128)")
def complex_argument(z):
    return gammaln(z)


@njit("float64(float64)")
def too_many_arguments(x):
    return gammaln(x, x)


@njit("float64(int64)")
def unknown_ctype(n):
    return wide(n)


CALLS = [
    ("log_gamma", (4.5,)),
    ("log_gamma", (0.5,)),
    ("log_binomial", (10, 3)),
    ("erf_all", (np.linspace(-1.0, 1.0, 5),)),
    ("binomial", (7.0, 2.0)),
    ("chebyshev", (3, 0.5)),
    ("chebyshev", (5, -0.25)),
    ("logistic32", (np.float32(0.5),)),
    ("logistic_from_float64", (0.1,)),
]
