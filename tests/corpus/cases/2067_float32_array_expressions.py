# Array expressions over float32 arrays with integer scalars: Numba's kernel applies each
# ufunc with the loop of its items' types (np.abs(f32 + i64) is the float64 loop) and the
# scalar operators; only the stored result is float32. np.cbrt of float32 is float64 cbrt.
import numpy as np
from numba import njit


@njit
def f32_plus_int_minus(a):
    return a + 1 - a


@njit
def f32_separate(a):
    b = a + 1
    return b - a


@njit
def f32_poly(a):
    return a * a * 3 + a * 2 + 1


@njit
def f32_atan2_shift(a):
    return np.arctan2(a, a + 1)


@njit
def f32_div_int(a):
    return (a + 1) / 3 * 3 - a


@njit
def f32_mean_center(a):
    return (a - a.mean()) / a.std()


@njit
def f32_int_arr_mix(a, b):
    return a * b - a * b + a


@njit
def f32_abs_expr(a):
    return np.abs(a + 16777216) - 16777216


@njit
def f32_cbrt(a):
    return np.cbrt(a), np.cbrt(a[0])


@njit
def f32_sqrt_shift(a):
    return np.sqrt(a + 3) * 2, np.exp(a - 1) + a


CALLS = [
    ("f32_plus_int_minus", (np.array([1e8, 3.0, 16777216.0], dtype=np.float32),)),
    ("f32_separate", (np.array([1e8, 3.0, 16777216.0], dtype=np.float32),)),
    ("f32_poly", (np.array([1.1, 2.3, 1234.567], dtype=np.float32),)),
    ("f32_atan2_shift", (np.array([0.3, 1.1, 2.7], dtype=np.float32),)),
    ("f32_div_int", (np.array([0.3, 1.1, 2.7, 1e8], dtype=np.float32),)),
    ("f32_mean_center", (np.array([0.3, 1.1, 2.7], dtype=np.float32),)),
    ("f32_int_arr_mix", (np.array([0.1, 1.1], dtype=np.float32), np.array([3, 7], dtype=np.int16))),
    ("f32_abs_expr", (np.array([1.0, 3.0], dtype=np.float32),)),
    ("f32_cbrt", (np.linspace(-7.3, 7.9, 41).astype(np.float32),)),
    ("f32_sqrt_shift", (np.array([0.3, 1.1, 2.7], dtype=np.float32),)),
]
