# Structured dtypes (Numba records): `np.dtype([...])` globals (packed and `align=True`),
# `numba.from_dtype`, record fields by attribute, name and position, field views of record
# arrays (`a.x`, `a["y"]`, unaligned when the record is), records in loops and slices,
# `np.zeros(n, dtype=REC)`, returning an item (an `np.record`), and the errors Numba gives.
import numpy as np
import numba
from numba import njit

POINT = np.dtype([("x", np.float64), ("y", np.int32), ("ok", np.bool_)])
ALIGNED = np.dtype([("a", np.int8), ("b", np.float64)], align=True)
P_T = numba.from_dtype(POINT)
A_T = numba.from_dtype(ALIGNED)


@njit((P_T[::1],))
def fields(a):
    r = a[0]
    return r.x, r["y"], r.ok, r[0], len(a)


@njit((P_T[::1], numba.int64))
def set_fields(a, i):
    a[i].x = 2.5
    a[i]["y"] = 7
    r = a[i]
    r.ok = True
    return a


@njit((P_T[::1],))
def field_views(a):
    xs = a.x
    ys = a["y"]
    return xs.sum(), ys[0], xs


@njit((P_T[::1],))
def loop(a):
    s = 0.0
    for r in a:
        if r.ok:
            s += r.x * r.y
    return s


@njit((numba.int64,))
def make(n):
    b = np.zeros(n, dtype=POINT)
    for i in range(n):
        b[i].x = i * 0.5
        b[i].y = i
    return b


@njit((A_T[:],))
def aligned(a):
    return a[0].a + a[0].b, a.b


@njit((P_T[:, ::1],))
def two_d(a):
    return a[1, 0].x, a[1].y, a.x


@njit((P_T,))
def scalar_rec(r):
    return r.x + r.y


@njit((P_T[::1],))
def slice_rec(a):
    b = a[1:]
    return b[0].x, b


@njit((P_T[::1],))
def bad_str_field(a):
    return a[0]["z"]


@njit((P_T[::1],))
def bad_set(a):
    a[0].x = "s"


@njit((P_T[::1],))
def bad_arr_attr(a):
    return a.z


@njit((P_T[::1],))
def bad_attr(a):
    return a[0].w


@njit((P_T[::1],))
def ret_rec(a):
    return a[1]


@njit((P_T[::1],))
def eq_rec(a):
    return a[0] == a[1]


CALLS = [
    ("fields", (np.array([(1.0, 4, True), (2.0, 5, False), (3.5, 6, True)], dtype=[("x", "f8"), ("y", "i4"), ("ok", "?")]),)),
    ("set_fields", (np.array([(1.0, 4, True), (2.0, 5, False), (3.5, 6, True)], dtype=[("x", "f8"), ("y", "i4"), ("ok", "?")]), 1)),
    ("field_views", (np.array([(1.0, 4, True), (2.0, 5, False), (3.5, 6, True)], dtype=[("x", "f8"), ("y", "i4"), ("ok", "?")]),)),
    ("loop", (np.array([(1.0, 4, True), (2.0, 5, False), (3.5, 6, True)], dtype=[("x", "f8"), ("y", "i4"), ("ok", "?")]),)),
    ("make", (3,)),
    ("aligned", (np.array([(1, 2.5), (3, 4.5)], dtype=np.dtype([("a", np.int8), ("b", np.float64)], align=True)),)),
    ("two_d", (np.array([[(1.0, 4, True), (2.0, 5, False)], [(3.5, 6, True), (4.5, 7, False)]], dtype=[("x", "f8"), ("y", "i4"), ("ok", "?")]),)),
    ("slice_rec", (np.array([(1.0, 4, True), (2.0, 5, False), (3.5, 6, True)], dtype=[("x", "f8"), ("y", "i4"), ("ok", "?")]),)),
    ("ret_rec", (np.array([(1.0, 4, True), (2.0, 5, False), (3.5, 6, True)], dtype=[("x", "f8"), ("y", "i4"), ("ok", "?")]),)),
    ("fields", (np.zeros(2, dtype=[("x", "f8"), ("y", "i8")]),)),
]
