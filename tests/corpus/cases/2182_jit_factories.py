# Jit functions made by factories (`double = make_scaler(2.0)`): each call of the factory is
# its own jit function reading the factory's parameters as the constants the call gave them
# (or their defaults), called from Python and from other jit functions; the inner function
# may have explicit signatures or options.
import numpy as np
from numba import njit


def make_scaler(scale):
    @njit
    def scaler(x):
        return x * scale
    return scaler


def make_poly(a, b=1.0, c=0.0):
    """a*x**2 + b*x + c"""
    @njit("float64(float64)")
    def poly(x):
        return (a * x + b) * x + c
    return poly


def make_counter(limit, step):
    @njit(boundscheck=True)
    def count(xs):
        n = 0
        for x in xs:
            if x < limit:
                n += step
        return n
    return count


double = make_scaler(2.0)
triple = make_scaler(3)
square_plus = make_poly(1.0, c=5.0)
linear = make_poly(0.0, 2.0)
small = make_counter(3, step=10)


@njit("float64(float64)")
def use_double(x):
    return double(x) + 1.0


@njit
def use_both(a):
    return double(a), triple(a)


@njit
def use_poly(x):
    return square_plus(x) + linear(x)


CALLS = [
    ("double", (4.0,)),
    ("triple", (4,)),
    ("triple", (np.arange(3),)),
    ("square_plus", (2.0,)),
    ("linear", (3.0,)),
    ("small", (np.array([1, 5, 2, 9]),)),
    ("use_double", (3.0,)),
    ("use_both", (np.array([1.0, 2.0]),)),
    ("use_poly", (2.0,)),
]
