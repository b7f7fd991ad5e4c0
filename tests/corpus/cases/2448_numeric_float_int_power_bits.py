import numpy as np
from numba import njit


@njit
def pw(a, b):
    return a ** b


@njit
def pw_const7(a):
    return a ** 7


@njit
def pw_const_m3(a):
    return a ** -3


@njit
def pw_const_f(a):
    return a ** 7.0


@njit
def npw(a, b):
    return np.power(a, b)


@njit
def arr_pw(a, b):
    return a ** b


@njit
def ipow_inplace(a, n):
    a **= n
    return a


CALLS = [
    ("pw", (1.1, 50)), ("pw", (0.9, 100)), ("pw", (3.7, -7)), ("pw", (1.0000001, 1000000)), ("pw", (1.1, 50.0)),
    ("pw", (2.5, 13)), ("pw", (1.3, 17)), ("pw", (-1.7, 23)), ("pw", (1.01, -250)), ("pw", (7.3, 31)),
    ("pw", (np.float32(1.1), 50)), ("pw", (np.float32(1.3), np.int32(17))), ("pw", (np.float32(1.1), np.int64(-9))),
    ("pw", (1.1 + 0.3j, 13)), ("pw", (1.1 + 0.3j, -5)), ("pw", (1.1 + 0.3j, 13.0)), ("pw", (np.complex64(1.1 + 0.3j), 13)),
    ("pw", (1.1, np.int8(50))), ("pw", (1.1, np.uint8(50))), ("pw", (1.1, np.uint64(50))), ("pw", (1.1, True)),
    ("pw_const7", (1.3,)), ("pw_const7", (np.float32(1.3),)), ("pw_const7", (1.1 + 0.3j,)), ("pw_const7", (-2.7,)),
    ("pw_const_m3", (1.3,)), ("pw_const_m3", (np.float32(1.3),)), ("pw_const_m3", (1.1 + 0.3j,)),
    ("pw_const_f", (1.3,)), ("pw_const_f", (np.float32(1.3),)),
    ("npw", (1.3, 17)), ("npw", (np.float32(1.3), 17)), ("npw", (1.1 + 0.3j, 13)), ("npw", (1.3, 17.0)),
    ("arr_pw", (np.array([1.1, 1.3, 2.5, 7.3]), np.array([50, 17, 13, 31]))),
    ("arr_pw", (np.array([1.1, 1.3, 2.5, 7.3]), 17)),
    ("arr_pw", (np.array([1.1, 1.3], dtype=np.float32), 17)),
    ("arr_pw", (np.array([1.1, 1.3], dtype=np.float32), np.array([17, 5], dtype=np.int32))),
    ("arr_pw", (np.array([1.1 + 0.3j]), 13)),
    ("arr_pw", (1.3, np.array([17, -3]))),
    ("ipow_inplace", (1.3, 17)), ("ipow_inplace", (np.array([1.3, 2.5]), 17)),
]
