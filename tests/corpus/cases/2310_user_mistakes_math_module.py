import math
from numba import njit


@njit("(int64, int64)")
def m_gcd(a, b):
    return math.gcd(a, b)


@njit("(int64, int64)")
def m_lcm(a, b):
    return math.lcm(a, b)


@njit("(int64, int64)")
def m_comb(a, b):
    return math.comb(a, b)


@njit("(float64, float64)")
def m_isclose(a, b):
    return math.isclose(a, b)


@njit("(int64,)")
def m_factorial(n):
    return math.factorial(n)


@njit("(float64, float64, float64)")
def m_hypot3(a, b, c):
    return math.hypot(a, b, c)


@njit("(float64, float64)")
def m_log_base(a, b):
    return math.log(a, b)


@njit("(float64,)")
def m_log2_control(a):
    return math.log2(a)


@njit("(int64,)")
def m_isqrt(n):
    return math.isqrt(n)


@njit("(float64, float64)")
def m_remainder(a, b):
    return math.remainder(a, b)
