# Methods of an item of a unicode array (Numba's charseq overloads: isascii and isupper give
# bools, and the string methods it does not overload do not type), and the truth value of a
# typed dict.
import numpy as np
from numba import njit, typed, types


@njit
def item_isascii(x, i):
    return x[i].isascii()


@njit
def item_isupper(x, i):
    return x[i].isupper()


@njit
def item_upper_find(x, i):
    return x[i].upper(), x[i].find("b"), x[i].strip(), x[i].startswith("a")


@njit
def item_lower(x, i):
    return x[i].lower()


@njit
def item_isalpha(x, i):
    return x[i].isalpha()


@njit
def item_title(x, i):
    return x[i].title()


@njit("int64(int64)")
def typed_dict_truth(n):
    z = typed.Dict.empty(types.int64, types.int64)
    for i in range(n):
        z[i] = i
    if z:
        return 10
    return 20


@njit
def dict_not(n):
    d = typed.Dict.empty(types.unicode_type, types.float64)
    if n > 0:
        d["a"] = 1.0
    return not d, bool(d)


CALLS = [
    ("item_isascii", (np.array(["1234"]), 0)),
    ("item_isascii", (np.array(["1234\u00e9"]), 0)),
    ("item_isupper", (np.array(["ABC", "abc"]), 0)),
    ("item_isupper", (np.array(["ABC", "abc"]), 1)),
    ("item_upper_find", (np.array([" abc "]), 0)),
    ("item_lower", (np.array(["ABC"]), 0)),
    ("item_isalpha", (np.array(["ABC"]), 0)),
    ("item_title", (np.array(["abc"]), 0)),
    ("typed_dict_truth", (0,)),
    ("typed_dict_truth", (2,)),
    ("dict_not", (0,)),
    ("dict_not", (1,)),
]
