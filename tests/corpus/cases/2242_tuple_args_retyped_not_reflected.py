# Tuples crossing into compiled code: a lazily compiled function called with a tuple holding a
# Python int in [2**63, 2**64) is compiled for Python's typeof of it (uint64 there), even when an
# earlier tuple of the same shape (passed to another function) was typed int64 (the dispatcher's
# fingerprint cache); a list
# or set inside a tuple argument is not reflected back into Python (only arguments themselves
# are).
from numba import njit


@njit
def first(t):
    return t[0], t[2]


@njit
def other(t):
    return t[3]


@njit
def tuple_list_mut(t):
    t[0].append(5)
    return t[1]


@njit
def tuple_set_mut(t):
    t[0].add(5)
    return len(t[0])


@njit
def show(x):
    return x


CALLS = [
    ("other", ((1, True, 1.5, 7, None),)),
    ("first", ((2**63, True, 2.5, 7, None),)),
    ("first", ((2**63 + 5, False, 3.5, 7, None),)),
    ("tuple_list_mut", (tl := ([1], 9),)),
    ("show", (tl,)),
    ("tuple_set_mut", (ts := ({1}, 9),)),
    ("show", (ts,)),
]
