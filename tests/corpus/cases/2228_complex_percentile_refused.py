# Percentiles, quantiles and medians of complex arrays are Numba's TypingError.
import numpy as np
from numba import njit
@njit
def p(a): return np.percentile(a, 50)
@njit
def q(a): return np.nanquantile(a, 0.5)
@njit
def m(a): return np.median(a)
CALLS = [("p", (np.array([1+2j, 3+0j]),)), ("q", (np.array([1+2j, 3+0j]),)), ("m", (np.array([1+2j, 3+0j]),)), ("p", (np.array([1.0, 3.0]),))]
