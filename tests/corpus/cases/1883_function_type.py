# First-class functions: jit functions passed from Python to parameters typed
# FunctionType[...], called through the function value; several signatures, a function that
# raises, and a function without the wanted specialization (no conversion: TypeError).
from numba import njit


@njit("float64(float64)")
def neg(x):
    return -x


@njit("float64(float64)")
def half(x):
    return x / 2.0


@njit(["int64(int64, int64)", "float64(float64, float64)"])
def add(a, b):
    return a + b


@njit("float64(float64)")
def positive_only(x):
    if x < 0:
        raise ValueError("negative")
    return x


@njit("(FunctionType(float64(float64)), float64)")
def apply_twice(f, x):
    return f(f(x))


@njit("(FunctionType(int64(int64, int64)), int64)")
def fold(f, n):
    acc = 0
    for i in range(n):
        acc = f(acc, i)
    return acc


@njit("int64(int64)")
def square(x):
    return x * x


CALLS = [
    ("apply_twice", (neg, 3.0)),
    ("apply_twice", (half, 3.0)),
    ("apply_twice", (positive_only, 4.0)),
    ("apply_twice", (positive_only, -4.0)),
    ("fold", (add, 5)),
    ("apply_twice", (square, 3.0)),
]
