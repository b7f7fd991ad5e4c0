# A typing error inside an inner function called where it is defined is reported at its line
# in the inner function (Numba inlines the call), not at the call.
from numba import njit

@njit("float64(float64[:])")
def closure_err(a):
    f = lambda v: v + "s"
    return f(a[0])

@njit("float64(float64[:])")
def closure_err_def(a):
    def f(v):
        return v + "s"
    return f(a[0])

@njit("float64(float64[:])")
def closure_err_def2(a):
    def f(v):
        w = v * 2
        return w + "s"
    return f(a[0])
