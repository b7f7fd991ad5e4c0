# float() of a string literal is converted when compiling (Numba's float_literal_impl); a
# literal that is not a number is a ValueError; float() of a run-time string is refused.
from numba import njit


@njit("float64(int64)")
def half_more(n):
    return float("1.5") + n


@njit("float64(int64)")
def spelled(n):
    return float(" -1_000.25e1 ") + float("-inf") * 0 + float("NaN") * 0 + n


@njit("float64(int64)")
def infinite(n):
    return float("Infinity") - n


@njit("float64(int64)")
def not_a_number(n):
    return float("abc")


@njit("float64(unicode_type)")
def runtime_text(s):
    return float(s)


CALLS = [("half_more", (1,)), ("spelled", (1,)), ("infinite", (2,))]
