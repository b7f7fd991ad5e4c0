"""A jitclass with a record field: Numba types the class but cannot make an instance (its
record model has no data form), a NotImplementedError when the constructing function is
compiled; a jitclass holding the record's array works."""
import numpy as np
from numba import from_dtype, njit, types
from numba.experimental import jitclass

PTT = from_dtype(np.dtype([("x", np.float64), ("y", np.float64)]))


@jitclass([("r", PTT), ("n", types.int64)])
class HasRec:
    def __init__(self, r):
        self.r = r
        self.n = 0


@jitclass([("rows", PTT[:]), ("i", types.int64)])
class HasRows:
    def __init__(self, rows, i):
        self.rows = rows
        self.i = i

    def x(self):
        return self.rows[self.i].x


@njit
def rec_in_jitclass(a):
    h = HasRec(a[0])
    return h.r.x


@njit
def rows_in_jitclass(a):
    h = HasRows(a, 1)
    return h.x()


CALLS = [
    ("rec_in_jitclass", (np.array([(1.0, 2.0)], dtype=[("x", "f8"), ("y", "f8")]),)),
    ("rows_in_jitclass", (np.array([(1.0, 2.0), (3.0, 4.0)], dtype=[("x", "f8"), ("y", "f8")]),)),
]
