# NaN-ignoring reductions of complex arrays (an item is NaN when either part is): nansum and
# nanprod in the items' type, nanmean in complex128, nanvar/nanstd of real(d * conj(d)), with ddof.
import numpy as np
from numba import njit

@njit
def reductions(a):
    return np.nansum(a), np.nanprod(a), np.nanmean(a), np.nanvar(a), np.nanstd(a)

@njit
def with_ddof(a):
    return np.nanvar(a, ddof=1), np.nanstd(a, ddof=2)

@njit
def c64(a):
    return np.nansum(a), np.nanmean(a)

CALLS = [
    ("reductions", (np.array([1 + 2j, np.nan + 0j, 3 - 1j, complex(0, np.nan)]),)),
    ("reductions", (np.array([complex(np.nan, 1)]),)),
    ("reductions", (np.array([[1 + 1j, 2 - 2j], [0.5j, 4.0]]).T,)),
    ("with_ddof", (np.array([1 + 2j, 2 + 0j, 3 - 1j]),)),
    ("c64", (np.array([1 + 2j, np.nan, 3 - 1j], dtype=np.complex64),)),
]
