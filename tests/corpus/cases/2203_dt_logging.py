# Request logs with datetime64[ns] stamps (from the datetime hunt): latencies, rates, slow
# requests (a unit-less array bound to a variable is its own array expression in Numba).
# Log processing with nanosecond timestamps: request latencies from start/end pairs,
# per-minute buckets, percentiles through int64 views, slow-request filter, rate per second,
# and the error budget as a fraction.
import numpy as np
from numba import njit, types

MINUTE = np.timedelta64(1, "m")
SLOW = np.timedelta64(250, "ms")


@njit
def latencies(start, end):
    return end - start


@njit
def per_minute(ts):
    t0 = ts.min()
    n = np.int64((ts.max() - t0) // MINUTE) + 1
    counts = np.zeros(n, dtype=np.int64)
    for t in ts:
        counts[np.int64((t - t0) // MINUTE)] += 1
    return counts


@njit
def p90_ms(start, end):
    lat = (end - start).view(np.int64)
    s = np.sort(lat)
    k = int(0.9 * (s.shape[0] - 1))
    return s[k] / 1e6


@njit
def slow_ids(start, end, ids):
    lat = end - start
    return ids[lat > SLOW]


@njit
def rate(ts):
    span = ts[-1] - ts[0]
    return ts.shape[0] / (span / np.timedelta64(1, "s"))


@njit((types.NPDatetime("ns")[:], types.NPDatetime("ns")[:]))
def mean_latency(start, end):
    total = 0
    for i in range(start.shape[0]):
        total += np.int64(end[i] - start[i])
    return total / start.shape[0]



CALLS = [
    ("latencies", ((np.array(["2024-07-01T12:00:00.000", "2024-07-01T12:00:00.500", "2024-07-01T12:01:30.250", "2024-07-01T12:03:00"], dtype="datetime64[ns]")), ((np.array(["2024-07-01T12:00:00.000", "2024-07-01T12:00:00.500", "2024-07-01T12:01:30.250", "2024-07-01T12:03:00"], dtype="datetime64[ns]")) + np.array([120, 300, 251, 10], dtype="timedelta64[ms]")))),
    ("per_minute", ((np.array(["2024-07-01T12:00:00.000", "2024-07-01T12:00:00.500", "2024-07-01T12:01:30.250", "2024-07-01T12:03:00"], dtype="datetime64[ns]")),)),
    ("p90_ms", ((np.array(["2024-07-01T12:00:00.000", "2024-07-01T12:00:00.500", "2024-07-01T12:01:30.250", "2024-07-01T12:03:00"], dtype="datetime64[ns]")), ((np.array(["2024-07-01T12:00:00.000", "2024-07-01T12:00:00.500", "2024-07-01T12:01:30.250", "2024-07-01T12:03:00"], dtype="datetime64[ns]")) + np.array([120, 300, 251, 10], dtype="timedelta64[ms]")))),
    ("slow_ids", ((np.array(["2024-07-01T12:00:00.000", "2024-07-01T12:00:00.500", "2024-07-01T12:01:30.250", "2024-07-01T12:03:00"], dtype="datetime64[ns]")), ((np.array(["2024-07-01T12:00:00.000", "2024-07-01T12:00:00.500", "2024-07-01T12:01:30.250", "2024-07-01T12:03:00"], dtype="datetime64[ns]")) + np.array([120, 300, 251, 10], dtype="timedelta64[ms]")), np.array([10, 11, 12, 13]))),
    ("rate", ((np.array(["2024-07-01T12:00:00.000", "2024-07-01T12:00:00.500", "2024-07-01T12:01:30.250", "2024-07-01T12:03:00"], dtype="datetime64[ns]")),)),
    ("mean_latency", ((np.array(["2024-07-01T12:00:00.000", "2024-07-01T12:00:00.500", "2024-07-01T12:01:30.250", "2024-07-01T12:03:00"], dtype="datetime64[ns]")), ((np.array(["2024-07-01T12:00:00.000", "2024-07-01T12:00:00.500", "2024-07-01T12:01:30.250", "2024-07-01T12:03:00"], dtype="datetime64[ns]")) + np.array([120, 300, 251, 10], dtype="timedelta64[ms]")))),
]
