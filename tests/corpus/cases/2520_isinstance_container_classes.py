"""`isinstance` with the container classes Numba's `ol_isinstance` lists: `list` is a reflected
list (not a typed List), `dict` a typed dict or a dict of string keys and values of several
types, `tuple`, `set`, `bytes` and `range`, alone or in a tuple of classes; `str` is a string."""
import numpy as np
from numba import njit, typed


@njit
def kind(a):
    if isinstance(a, (tuple, list)):
        return 1
    elif isinstance(a, set):
        return 2
    elif isinstance(a, bytes):
        return 3
    elif isinstance(a, (str, range)):
        return 4
    return 0


@njit
def typed_list_is_not_list():
    t = typed.List([1, 2])
    return isinstance(t, list), isinstance([1], list)


@njit
def literal_dict():
    b = {"a": 10, "b": np.zeros(3)}
    d = {1: 2}
    return isinstance(b, dict), isinstance(d, dict), isinstance(b, tuple)


@njit
def of_range(n):
    return isinstance(range(n), range), kind(range(n))


CALLS = [
    ("kind", ((1, 2),)),
    ("kind", ([1, 2],)),
    ("kind", ({1, 2},)),
    ("kind", (b"ab",)),
    ("kind", ("x",)),
    ("kind", (None,)),
    ("kind", (3,)),
    ("typed_list_is_not_list", ()),
    ("literal_dict", ()),
    ("of_range", (3,)),
]
