# Structured arrays with datetime64/timedelta64 fields (Numba's records of NPDatetime /
# NPTimedelta members): reading, comparing and writing the fields.
import numpy as np
import numba
from numba import njit

EVENT = np.dtype([("t", "M8[s]"), ("dur", "m8[s]"), ("value", np.float64)])
EVENT_T = numba.from_dtype(EVENT)

@njit
def ends(ev):
    out = np.empty(ev.shape[0], dtype=np.int64)
    for i in range(ev.shape[0]):
        out[i] = np.int64(ev[i]["t"] + ev[i]["dur"])
    return out


@njit
def longest(ev):
    best = 0
    for i in range(1, ev.shape[0]):
        if ev[i]["dur"] > ev[best]["dur"]:
            best = i
    return best, ev[best]["t"]


@njit
def shift(ev, d):
    for i in range(ev.shape[0]):
        ev[i]["t"] = ev[i]["t"] + d
    return ev["t"]


@njit
def total(ev):
    return ev["dur"].sum(), ev["value"].sum()


@njit((EVENT_T[:],))
def typed_first(ev):
    return ev[0]["t"], ev[0]["dur"] * 2


CALLS = [
    ("ends", (np.array([("2024-01-01T00:00:00", 60, 1.0), ("2024-01-01T01:00:00", 30, 2.0)], dtype=[("t", "M8[s]"), ("dur", "m8[s]"), ("value", "f8")]),)),
    ("longest", (np.array([("2024-01-01T00:00:00", 60, 1.0), ("2024-01-01T01:00:00", 90, 2.0)], dtype=[("t", "M8[s]"), ("dur", "m8[s]"), ("value", "f8")]),)),
    ("shift", (np.array([("2024-01-01T00:00:00", 60, 1.0)], dtype=[("t", "M8[s]"), ("dur", "m8[s]"), ("value", "f8")]), np.timedelta64(5, "s"))),
    ("total", (np.array([("2024-01-01T00:00:00", 60, 1.0), ("2024-01-01T01:00:00", 90, 2.0)], dtype=[("t", "M8[s]"), ("dur", "m8[s]"), ("value", "f8")]),)),
    ("typed_first", (np.array([("2024-01-01T00:00:00", 60, 1.0)], dtype=[("t", "M8[s]"), ("dur", "m8[s]"), ("value", "f8")]),)),
]
