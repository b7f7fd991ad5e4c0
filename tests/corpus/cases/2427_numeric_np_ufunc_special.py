import numpy as np
from numba import njit


@njit
def na(x, y):
    return np.nextafter(x, y)


@njit
def spacing(x):
    return np.spacing(x)


@njit
def ldexp(x, i):
    return np.ldexp(x, i)


@njit
def frexp(x):
    return np.frexp(x)


@njit
def heav(x, h):
    return np.heaviside(x, h)


@njit
def logaddexp(a, b):
    return np.logaddexp(a, b), np.logaddexp2(a, b)


@njit
def atan2(a, b):
    return np.arctan2(a, b)


@njit
def hypot(a, b):
    return np.hypot(a, b)


@njit
def cbrt(x):
    return np.cbrt(x)


@njit
def sq(x):
    return np.square(x)


@njit
def recip(x):
    return np.reciprocal(x)


@njit
def gcdlcm(a, b):
    return np.gcd(a, b), np.lcm(a, b)


@njit
def lshift(a, b):
    return np.left_shift(a, b), np.right_shift(a, b)


@njit
def fpow(a, b):
    return np.float_power(a, b)


@njit
def deg(x):
    return np.deg2rad(x), np.rad2deg(x)


@njit
def signbit(x):
    return np.signbit(x), np.isfinite(x), np.isinf(x), np.isnan(x)


@njit
def copysign(a, b):
    return np.copysign(a, b)


@njit
def exp2(x):
    return np.exp2(x), np.log2(x), np.expm1(x), np.log1p(x)


CALLS = [
    ("na", (1.0, 2.0)), ("na", (0.0, -1.0)), ("na", (-0.0, 1.0)), ("na", (1.0, 1.0)), ("na", (1.0, float("nan"))),
    ("na", (float("inf"), 0.0)), ("na", (np.float32(1.0), np.float32(2.0))), ("na", (1, 2)),
    ("spacing", (1.0,)), ("spacing", (-1.0,)), ("spacing", (0.0,)), ("spacing", (float("inf"),)),
    ("spacing", (np.float32(1.0),)), ("spacing", (1e308,)),
    ("ldexp", (1.0, 1024)), ("ldexp", (np.float32(1.0), 128)), ("ldexp", (3, 2)), ("ldexp", (1.0, -1075)),
    ("frexp", (0.0,)), ("frexp", (-5e-324,)), ("frexp", (np.float32(3.0),)), ("frexp", (float("inf"),)),
    ("heav", (0.0, 0.5)), ("heav", (-0.0, 0.5)), ("heav", (float("nan"), 0.5)), ("heav", (-1.0, 0.5)),
    ("heav", (2.0, float("nan"))), ("heav", (0.0, float("nan"))),
    ("logaddexp", (1000.0, 1000.0)), ("logaddexp", (float("-inf"), float("-inf"))), ("logaddexp", (float("inf"), float("inf"))),
    ("logaddexp", (float("inf"), float("-inf"))), ("logaddexp", (0.0, float("nan"))), ("logaddexp", (-1e308, 1.0)),
    ("atan2", (0.0, -0.0)), ("atan2", (-0.0, -0.0)), ("atan2", (-0.0, 0.0)), ("atan2", (float("inf"), float("-inf"))),
    ("atan2", (1, 0)),
    ("hypot", (float("inf"), float("nan"))), ("hypot", (3, 4)), ("hypot", (np.float32(3e20), np.float32(4e20))),
    ("cbrt", (-8.0,)), ("cbrt", (-0.0,)), ("cbrt", (27,)), ("cbrt", (np.float32(-27.0),)),
    ("sq", (np.int8(12),)), ("sq", (np.uint8(16),)), ("sq", (3037000500,)), ("sq", (1e200,)), ("sq", (1 + 1j,)),
    ("recip", (2,)), ("recip", (1,)), ("recip", (-1,)), ("recip", (2.0,)), ("recip", (0.0,)), ("recip", (np.uint8(1),)),
    ("recip", (-0.0,)),
    ("gcdlcm", (12, -18)), ("gcdlcm", (0, 0)), ("gcdlcm", (-9223372036854775808, 2)), ("gcdlcm", (4611686018427387904, 3)),
    ("gcdlcm", (np.uint8(200), np.uint8(30))), ("gcdlcm", (-4, 0)),
    ("lshift", (1, 64)), ("lshift", (1, 63)), ("lshift", (-8, 65)), ("lshift", (np.uint8(1), np.uint8(8))),
    ("lshift", (np.int8(-128), np.int8(8))),
    ("fpow", (2, -1)), ("fpow", (-8.0, 1.0 / 3)), ("fpow", (np.float32(2.0), np.float32(0.5))), ("fpow", (0, -1)),
    ("deg", (180,)), ("deg", (np.float32(1.0),)),
    ("signbit", (-0.0,)), ("signbit", (float("-nan"),)), ("signbit", (-3,)), ("signbit", (np.uint8(3),)),
    ("copysign", (1.0, -0.0)), ("copysign", (3, -1)), ("copysign", (np.float32(2.0), -1.0)),
    ("exp2", (1024.0,)), ("exp2", (-1075.0,)), ("exp2", (0,)), ("exp2", (-1.0,)), ("exp2", (np.float32(0.5),)),
]
