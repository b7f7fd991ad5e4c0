# Ufunc loops Numba implements its own way: integer power through float64 (large results
# round, narrow types wrap as a float conversion does), np.sign of unsigned integers and of
# -0.0, np.fmod of signed integers (an unsigned remainder), shifts, gcd/lcm, ldexp,
# nextafter/spacing/signbit/copysign, logaddexp(2), boolean loops and divmod.
import numpy as np
from numba import njit


@njit("(int64[:], int64[:])")
def int_loops(a, b):
    return (np.power(a, b), a ** b, np.sign(a), np.fmod(a, b), np.left_shift(a, b),
            np.right_shift(a, b), np.gcd(a, b), np.lcm(a, b), np.divmod(a, b), np.reciprocal(a))


@njit("(int16[:], int16[:])")
def narrow_loops(a, b):
    return np.power(a, b), np.fmod(a, b), np.lcm(a, b), np.divmod(a, b)


@njit("(uint8[:],)")
def unsigned_sign(a):
    return np.sign(a)


@njit("(float64[:], float64[:], int32[:])")
def float_loops(x, y, e):
    return (np.sign(x), np.ldexp(x, e), np.copysign(x, y), np.nextafter(x, y), np.spacing(x),
            np.signbit(x), np.logaddexp(x, y), np.logaddexp2(x, y), np.float_power(x, y),
            np.divmod(x, y))


@njit("(float32, float32)")
def float32_scalars(x, y):
    return np.logaddexp(x, y), np.spacing(x), np.nextafter(x, y), np.divmod(x, y)


@njit("(float32[:], int64)")
def operator_powers(x, n):
    # `**` in an array expression is the scalar operator: repeated squaring in float32, and
    # 1.0 / r raising ZeroDivisionError when r is 0 (Python's error model, always).
    return x ** 3, x ** n, x ** -2, np.power(x, n)


@njit("(float64, int64)")
def scalar_power(x, n):
    return x ** n


@njit("(int16[:], int16[:])")
def narrow_operator_power(a, b):
    return a ** b, np.power(a, b)


@njit("(boolean[:], boolean[:])")
def bool_loops(p, q):
    return np.add(p, q), np.multiply(p, q), np.maximum(p, q), np.minimum(p, q), np.absolute(p)


CALLS = [
    ("int_loops", (np.array([0, 1, -3, 7, 12, -6, 100, 3]), np.array([2, 3, 0, 1, 5, 4, 6, 39]))),
    ("narrow_loops", (np.array([0, 1, -3, 7, 12, -6, 100, 2], dtype=np.int16),
                      np.array([2, 3, 0, 1, 5, 4, 6, 15], dtype=np.int16))),
    ("unsigned_sign", (np.array([0, 1, 127, 128, 200, 255], dtype=np.uint8),)),
    ("float_loops", (np.array([0.0, -1.5, 2.25, float("inf"), float("nan"), -0.0, 1e-30, 3.0]),
                     np.array([1.0, 2.0, -0.0, float("inf"), 2.5, -3.0, 0.0, float("nan")]),
                     np.array([2, 3, 0, 1, 5, 4, 6, 3], dtype=np.int32))),
    ("float32_scalars", (np.float32(1.5), np.float32(-2.0))),
    ("float32_scalars", (np.float32(0.0), np.float32(0.0))),
    ("bool_loops", (np.array([True, False, True, False]), np.array([True, True, False, False]))),
    ("operator_powers", (np.array([1.1, 2.7182818, -3.3, 0.1, 123.456], dtype=np.float32), 7)),
    ("operator_powers", (np.array([1.5, 0.0], dtype=np.float32), 2)),
    ("scalar_power", (0.0, -1)),
    ("scalar_power", (1e-200, -2)),
    ("scalar_power", (2.5, -3)),
    ("narrow_operator_power", (np.array([100, 3, 2, 7], dtype=np.int16), np.array([6, 9, 15, 5], dtype=np.int16))),
]
