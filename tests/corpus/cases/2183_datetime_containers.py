# Datetimes and timedeltas in containers: a typed dict of datetime values (Numba's TypingError
# on sorted dict keys), a typed list of timedeltas from tuples of dates, reflected lists of
# (int, timedelta) tuples returned, and tuples of dates passed in.
import numpy as np
from numba import njit, types
from numba.typed import Dict, List


@njit
def last_seen(ids, times):
    d = Dict.empty(types.int64, types.NPDatetime("s"))
    for i in range(ids.shape[0]):
        d[ids[i]] = times[i]
    out = np.empty(len(d), dtype=times.dtype)
    k = 0
    for key in sorted(d.keys()):
        out[k] = d[key]
        k += 1
    return out


@njit
def durations(pairs):
    out = List()
    for a, b in pairs:
        out.append(b - a)
    return out


@njit
def gaps(times):
    res = []
    for i in range(1, len(times)):
        res.append((i, times[i] - times[i - 1]))
    return res


@njit
def tuple_arg(t):
    return t[0] < t[1], t[1] - t[0]


CALLS = [
    ("last_seen", (np.array([3, 1, 3]), np.array(["2024-01-01T00:00:00", "2024-01-01T00:00:05", "2024-01-01T00:00:09"], dtype="M8[s]"))),
    ("durations", ([(np.datetime64("2024-01-01", "D"), np.datetime64("2024-01-03", "D"))],)),
    ("gaps", (np.array(["2024-01-01", "2024-01-04", "2024-01-05"], dtype="M8[D]"),)),
    ("tuple_arg", ((np.datetime64("2024-01-01T10", "h"), np.datetime64("2024-01-02T09", "h")),)),
]
