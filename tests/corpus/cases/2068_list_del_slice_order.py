# `del xs[a:b]` (Numba's delitem_list: a step other than 1 is NotImplementedError) and the
# ordering of reflected lists (the first differing item decides, else the lengths).
from numba import njit


@njit
def del_slices(n):
    l = list(range(n))
    del l[1]
    del l[-2:]
    l[0] = 99
    return l


@njit
def del_middle(n, a, b):
    l = [str(i) for i in range(n)]
    del l[a:b]
    return l


@njit
def del_step(n):
    l = list(range(n))
    del l[::2]
    return l


@njit
def order(a, b):
    return a == b, a < b, a <= b, a > b, a >= b


@njit
def order_floats(a, b):
    return a < b, a >= b


CALLS = [
    ("del_slices", (6,)),
    ("del_slices", (3,)),
    ("del_middle", (6, 1, 4)),
    ("del_middle", (6, 4, 1)),
    ("del_middle", (6, -3, 100)),
    ("del_middle", (3, 0, 3)),
    ("del_step", (5,)),
    ("order", ([1, 2, 3], [1, 2, 4])),
    ("order", ([1, 2, 3], [1, 2])),
    ("order", ([1, 2], [1, 2, 0])),
    ("order", ([1, 2, 3], [1, 2, 3])),
    ("order", ([5], [1, 2, 3])),
    ("order_floats", ([1.5, float("nan")], [1.5, 2.0])),
    ("order_floats", ([0.5], [1])),
]
