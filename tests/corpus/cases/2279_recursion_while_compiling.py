# Recursive calls made while a function's own signatures compile: Numba's dispatcher is not
# frozen yet, so a call whose argument types are not exactly a signature's compiles a
# specialization of its own (a literal, a float where the signature has an int, another
# array layout), typed and built as a call of a function without signatures.
import numpy as np
from numba import njit


@njit("int64(int64)")
def literal_arg(n):
    if n <= 0:
        return 7
    return literal_arg(0)


@njit("float64(float64, boolean)")
def flag_arg(x, flag):
    if x <= 0:
        return 1.0
    if flag:
        return flag_arg(x - 1, False) * 2
    return flag_arg(x - 1, flag) + 1


@njit("int64(int64, unicode_type)")
def string_arg(n, s):
    if n <= 0:
        return len(s)
    return string_arg(n - 1, "ab") + 1


@njit("float64(float64[::1])")
def sum_halves(x):
    if x.size <= 2:
        return x.sum()
    return sum_halves(x[::2]) + sum_halves(x[1::2])


@njit("int64(int64)")
def halve(n):
    if n <= 1:
        return n
    return halve(n / 2) + 1


@njit("float64(float32)")
def fdown(x):
    if x < 1:
        return x
    return fdown(x / 2.0) + 1


@njit("int64(int64, int64)")
def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


CALLS = [
    ("literal_arg", (5,)),
    ("literal_arg", (0,)),
    ("flag_arg", (3.0, True)),
    ("flag_arg", (2.0, False)),
    ("string_arg", (3, "hello")),
    ("sum_halves", (np.arange(8.0),)),
    ("sum_halves", (np.arange(13.0),)),
    ("halve", (10,)),
    ("halve", (1,)),
    ("fdown", (np.float32(10.0),)),
    ("ackermann", (2, 3)),
]
