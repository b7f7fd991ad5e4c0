# Explicitly typed datetime64/timedelta64 functions: string signatures, 2-d arrays, contiguous
# arrays, mixed units (returns that do not unify), float32 scaling, and the refusals.
import numpy as np
from numba import njit, types

NS = types.NPDatetime("ns")
TD_NS = types.NPTimedelta("ns")


@njit("int64(NPDatetime('ns')[:])")
def count_valid(d):
    n = 0
    for x in d:
        if not np.isnat(x):
            n += 1
    return n


@njit((NS[:, :],))
def col_max(d):
    out = np.empty(d.shape[1], dtype=d.dtype)
    for j in range(d.shape[1]):
        out[j] = d[:, j].max()
    return out


@njit((NS[::1], TD_NS))
def bucket(d, width):
    out = np.empty(d.shape[0], dtype=np.int64)
    t0 = d[0]
    for i in range(d.shape[0]):
        out[i] = np.int64((d[i] - t0) / width)
    return out


@njit((types.NPDatetime("D"), types.NPDatetime("h")))
def later_of(a, b):
    if a > b:
        return a
    return b


@njit((types.NPTimedelta("s"), types.NPTimedelta("ms")))
def total_ms(a, b):
    c = a + b
    c -= b
    return c


@njit((types.NPDatetime("D")[:],))
def bad_astype(d):
    return d.astype(np.int64)


@njit((types.NPTimedelta("Y"), types.NPTimedelta("D")))
def bad_units(a, b):
    return a < b


@njit((types.NPTimedelta("s"), types.float32))
def scale32(a, f):
    return a * f, a / f


CALLS = [
    ("count_valid", (np.array(["2024-01-01T00:00:00.000000001", "NaT"], dtype="M8[ns]"),)),
    ("col_max", (np.array([["2024-01-01", "2024-01-03"], ["2024-01-02", "NaT"]], dtype="M8[ns]"),)),
    ("bucket", (np.array(["2024-01-01T00:00", "2024-01-01T00:20", "2024-01-01T01:05"], dtype="M8[ns]"), np.timedelta64(15 * 60 * 10**9, "ns"))),
    ("later_of", (np.datetime64("2024-01-02", "D"), np.datetime64("2024-01-01T23", "h"))),
    ("total_ms", (np.timedelta64(5, "s"), np.timedelta64(250, "ms"))),
    ("scale32", (np.timedelta64(5, "s"), np.float32(1.5))),
]
