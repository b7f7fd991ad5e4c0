# datetime64/timedelta64 (from the datetime hunt): diffsig
import numpy as np
from numba import njit, types


@njit((types.NPDatetime("D")[:],))
def diff_dates(d):
    return np.diff(d)


@njit((types.NPTimedelta("s")[:],))
def diff_td(d):
    return np.diff(d)


@njit((types.NPTimedelta("s")[:],))
def med_td(d):
    return np.median(d)


@njit((types.NPTimedelta("s")[:],))
def isnan_td(d):
    return np.isnan(d)
