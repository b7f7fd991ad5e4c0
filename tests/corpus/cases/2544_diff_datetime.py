"""np.diff of datetime64 arrays does not type (Numba: the differences are timedeltas, which its
scratch array of datetimes cannot hold); of timedelta64 and boolean arrays it does."""
import numpy as np
from numba import njit
@njit
def f(t):
    return np.diff(t)
CALLS = [("f", (np.array([1, 5, 9]).astype('datetime64[ns]'),)), ("f", (np.array([1, 5, 9]).astype('timedelta64[s]'),)), ("f", (np.array([True, False, False]),))]
