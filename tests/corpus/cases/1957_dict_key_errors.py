# Missing keys: typed dicts raise KeyError(key) (the key as the exception's argument), sets'
# remove too. `del d[k]` of a dict display fails in Numba's lowering (an AssertionError: the
# display's type carries its initial value, the delitem signature's does not).
from numba import njit
from numba.typed import Dict


@njit("int64(int64)")
def getitem(n):
    d = {1: 2}
    return d[n]


@njit("int64(int64)")
def pop(n):
    d = {1: 2}
    return d.pop(n)


@njit("int64(int64)")
def delitem_display(n):
    d = {1: 2}
    del d[n]
    return len(d)


@njit("int64(int64)")
def delitem_built(n):
    d = Dict()
    d[1] = 2
    del d[n]
    return len(d)


@njit("int64(int64)")
def remove(n):
    s = {1, 2}
    s.remove(n)
    return len(s)


@njit("float64(float64)")
def float_key(x):
    d = {1.5: 2.0}
    return d[x]


@njit("int64(unicode_type)")
def str_key(x):
    d = {"a": 2}
    return d[x]


@njit("int64(int64)")
def tuple_key(n):
    d = {(1, 2): 2}
    return d[(n, n)]


CALLS = [
    ("getitem", (1,)),
    ("getitem", (3,)),
    ("pop", (3,)),
    ("delitem_built", (1,)),
    ("delitem_built", (3,)),
    ("remove", (3,)),
    ("float_key", (2.5,)),
    ("str_key", ("zz",)),
    ("tuple_key", (5,)),
]
