# Records, continued: nested structured dtypes, explicit offsets, a record argument (an
# `np.void` item passed from Python, written through), records passed to another jit function,
# whole-item assignment `a[0] = a[1]`, 2-d record arrays, writes through field views.
import numpy as np
import numba
from numba import njit

INNER = np.dtype([("lo", np.int16), ("hi", np.int16)])
OUTER = np.dtype([("tag", np.uint8), ("span", INNER), ("w", np.complex128)])
PAIR = np.dtype({"names": ["a", "b"], "formats": ["f4", "i8"], "offsets": [8, 0], "itemsize": 16})
O_T = numba.from_dtype(OUTER)
P_T = numba.from_dtype(PAIR)
PT = np.dtype([("x", "f8"), ("y", "f8")])
PT_T = numba.from_dtype(PT)


@njit((O_T[:],))
def nested(a):
    s = a[0].span
    return s.lo + s.hi, a[1].span.hi, a[0].w.imag, a.tag.sum()


@njit((P_T[:],))
def offsets(a):
    a[0].a = 1.5
    return a[0].a, a[0].b, a.a


@njit((PT_T,))
def scalar(r):
    r.x = r.x + 10.0
    return r.x * r.y


@njit
def norm(r):
    return (r.x * r.x + r.y * r.y) ** 0.5


@njit((PT_T[:],))
def calls(a):
    out = np.empty(a.shape[0])
    for i in range(a.shape[0]):
        out[i] = norm(a[i])
    return out


@njit((PT_T[:],))
def copy_item(a):
    a[0] = a[1]
    return a


@njit((numba.int64, numba.int64))
def make2d(n, m):
    b = np.zeros((n, m), dtype=PT)
    for i in range(n):
        for j in range(m):
            b[i, j].x = i
            b[i, j].y = j
    return b, b.y.sum()


@njit((PT_T[:],))
def field_write(a):
    a.x[:] = 2.0
    a["y"][1] = 7.0
    xs = a.x
    xs += 1.0
    return a


@njit((PT_T[:],))
def where_big(a):
    n = 0
    for r in a:
        if r["x"] > 1.0 and r[1] < 5.0:
            n += 1
    return n


CALLS = [
    ("nested", (np.array([(1, (2, 3), 1 + 2j), (4, (5, 6), 3 - 1j)], dtype=[("tag", "u1"), ("span", [("lo", "i2"), ("hi", "i2")]), ("w", "c16")]),)),
    ("offsets", (np.array([(1.0, 2), (3.0, 4)], dtype={"names": ["a", "b"], "formats": ["f4", "i8"], "offsets": [8, 0], "itemsize": 16}),)),
    ("scalar", (np.array([(1.0, 2.0)], dtype=[("x", "f8"), ("y", "f8")])[0],)),
    ("calls", (np.array([(3.0, 4.0), (6.0, 8.0)], dtype=[("x", "f8"), ("y", "f8")]),)),
    ("copy_item", (np.array([(3.0, 4.0), (6.0, 8.0)], dtype=[("x", "f8"), ("y", "f8")]),)),
    ("make2d", (2, 3)),
    ("field_write", (np.array([(3.0, 4.0), (6.0, 8.0)], dtype=[("x", "f8"), ("y", "f8")]),)),
    ("where_big", (np.array([(3.0, 4.0), (6.0, 8.0), (0.5, 1.0)], dtype=[("x", "f8"), ("y", "f8")]),)),
    ("scalar", ((1.0, 2.0),)),
]
