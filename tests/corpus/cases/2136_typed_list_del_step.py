# `del l[a:b:c]` of a typed List deletes any step as Python does (Numba's
# numba_list_delete_slice); of a reflected list a step other than 1 is NotImplementedError.
from numba import njit
from numba.typed import List


@njit
def typed_del(n, a, b, c):
    l = List()
    for i in range(n):
        l.append(i * 10)
    del l[a:b:c]
    return sum(l), len(l), l[0] if len(l) else -1


@njit
def typed_del_every_third(n):
    l = List()
    for i in range(n):
        l.append(float(i))
    del l[::3]
    out = 0.0
    for k in range(len(l)):
        out = out * 3.0 + l[k]
    return out, len(l)


@njit
def typed_del_reverse(n):
    l = List()
    for i in range(n):
        l.append(i)
    del l[::-2]
    s = 0
    for k in range(len(l)):
        s = s * 7 + l[k]
    return s, len(l)


@njit
def typed_del_lists(n):
    l = List()
    for i in range(n):
        inner = List()
        inner.append(i)
        l.append(inner)
    del l[1::2]
    t = 0
    for x in l:
        t += x[0]
    return t, len(l)


@njit
def reflected_del_step(n):
    l = [i for i in range(n)]
    del l[::2]
    return len(l)


CALLS = [
    ("typed_del", (10, 1, 8, 3)),
    ("typed_del", (10, -1, 0, -3)),
    ("typed_del", (10, 0, 10, 1)),
    ("typed_del", (10, 20, 30, 2)),
    ("typed_del", (0, 0, 5, 2)),
    ("typed_del", (7, 6, -100, -1)),
    ("typed_del", (10, 0, 10, 0)),
    ("typed_del_every_third", (10,)),
    ("typed_del_every_third", (1,)),
    ("typed_del_reverse", (9,)),
    ("typed_del_reverse", (8,)),
    ("typed_del_lists", (9,)),
    ("reflected_del_step", (6,)),
]
