# Window functions of an integer length (Numba's window_generator): empty below 1, [1.0] for 1.
import numpy as np
from numba import njit


@njit("float64[:](int64)")
def bart(m):
    return np.bartlett(m)


@njit("float64[:](int64)")
def black(m):
    return np.blackman(m)


@njit("float64[:](int64)")
def hamm(m):
    return np.hamming(m)


@njit("float64[:](int64)")
def hann(m):
    return np.hanning(m)



@njit("float64[:](float64)")
def not_integer(m):
    return np.hanning(m)


CALLS = [
    ('bart', (-3,)),
    ('bart', (0,)),
    ('bart', (1,)),
    ('bart', (2,)),
    ('bart', (5,)),
    ('bart', (12,)),
    ('black', (-3,)),
    ('black', (0,)),
    ('black', (1,)),
    ('black', (2,)),
    ('black', (5,)),
    ('black', (12,)),
    ('hamm', (-3,)),
    ('hamm', (0,)),
    ('hamm', (1,)),
    ('hamm', (2,)),
    ('hamm', (5,)),
    ('hamm', (12,)),
    ('hann', (-3,)),
    ('hann', (0,)),
    ('hann', (1,)),
    ('hann', (2,)),
    ('hann', (5,)),
    ('hann', (12,)),
]
