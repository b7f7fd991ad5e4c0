# str.split/rsplit/splitlines with keyword arguments (sep=, maxsplit=, keepends=); sum(a, start)
# of a 1-d array (Numba's ol_sum); abs() of an array is a TypingError in Numba (numrs typed it).
import numpy as np
from numba import njit


@njit
def split_maxsplit_kw(s):
    return s.split(",", maxsplit=1)


@njit
def split_sep_kw(s):
    return s.split(sep="-")


@njit
def split_only_max(s):
    return s.split(maxsplit=1), s.rsplit(maxsplit=1)


@njit
def split_both(s):
    return s.split(sep=",", maxsplit=2), s.rsplit(sep=",", maxsplit=1)


@njit
def lines(s):
    return s.splitlines(keepends=True), s.splitlines(keepends=False)


@njit
def sum_arr_start(a):
    return sum(a, 10)


@njit
def sum_arr_fstart(a):
    return sum(a, 0.5)


@njit
def abs_arr(a):
    return abs(a)


CALLS = [
    ("split_maxsplit_kw", ("a,b,c",)),
    ("split_sep_kw", ("a-b-c",)),
    ("split_only_max", ("a b  c d",)),
    ("split_both", ("a,b,c,d",)),
    ("lines", ("a\nb\r\nc",)),
    ("sum_arr_start", (np.array([1, 2]),)),
    ("sum_arr_start", (np.array([1.5, 2.0]),)),
    ("sum_arr_fstart", (np.array([1, 2], dtype=np.int32),)),
    ("sum_arr_start", (np.zeros(0),)),
    ("abs_arr", (np.array([-1, 2]),)),
]
