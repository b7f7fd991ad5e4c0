# Module-level arrays of records built from constants (`np.array([...], dtype=SPEC)`,
# `np.zeros(n, dtype=SPEC)`, nested and subarray fields): Numba freezes them as readonly
# arrays of the record type; numrs packs their bytes as NumPy lays them out.
import numpy as np
from numba import njit

SPEC = np.dtype([("lo", np.float64), ("hi", np.float64), ("w", np.int16)])
TABLE = np.array([(0.0, 1.0, 1), (1.0, 5.0, 2), (5.0, 10.0, 3)], dtype=SPEC)
BLANK = np.zeros(2, dtype=SPEC)
PT = np.dtype([("xy", np.float32, (2,)), ("tag", np.uint8), ("inner", [("a", np.int32), ("b", np.bool_)])])
POINTS = np.array([([1.5, 2.5], 7, (3, True)), ([-1.0, 0.25], 255, (-4, False))], dtype=PT)


@njit("(float64,)")
def table_weight(x):
    for i in range(TABLE.shape[0]):
        if TABLE[i].lo <= x < TABLE[i].hi:
            return TABLE[i].w
    return -1


@njit("()")
def table_fields():
    return TABLE["hi"].sum(), TABLE.w.max(), BLANK.lo.sum(), BLANK.shape[0]


@njit("(int64,)")
def point(i):
    p = POINTS[i]
    return p.xy[0] + p.xy[1], p.tag, p.inner.a, p.inner.b


@njit("()")
def whole():
    return TABLE, POINTS


CALLS = [("table_weight", (0.5,)), ("table_weight", (5.0,)), ("table_weight", (11.0,)), ("table_fields", ()), ("point", (0,)), ("point", (1,)), ("whole", ())]
