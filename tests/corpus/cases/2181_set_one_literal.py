# A set display of one literal (written once or repeated) is Numba's set(Literal[int](100)):
# its length, membership, iteration, union and return, and `add` refining it to set(int64).
from numba import njit


@njit("int64()")
def one_set():
    s = {100}
    return len(s)


@njit("int64(int64)")
def one_set_add(x):
    s = {100}
    s.add(x)
    return len(s)


@njit("int64()")
def repeated():
    s = {7, 7}
    t = 0
    for v in s:
        t += v
    return t


@njit("boolean(int64)")
def member(x):
    return x in {5}


@njit
def union():
    return {1} | {2}


@njit
def ret_set():
    return {100}


@njit("int64()")
def bools():
    s = {True}
    return len(s)


CALLS = [
    ("one_set", ()),
    ("one_set_add", (5,)),
    ("one_set_add", (100,)),
    ("repeated", ()),
    ("member", (5,)),
    ("member", (6,)),
    ("union", ()),
    ("ret_set", ()),
    ("bools", ()),
]
