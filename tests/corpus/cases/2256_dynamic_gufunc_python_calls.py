# A @guvectorize with a layout only (Numba's dynamic GUFunc) takes every operand from Python,
# its outputs included: a call that leaves out the output is Numba's TypeError.
import numpy as np
from numba import guvectorize


@guvectorize("(n),()->(n)")
def powk(a, k, out):
    for i in range(a.shape[0]):
        out[i] = a[i] ** k


@guvectorize("(n)->()")
def total(a, out):
    s = 0.0
    for x in a:
        s += x
    out[0] = s


CALLS = [
    ("powk", (np.arange(4.0), 2.0, np.zeros(4))),
    ("powk", (np.arange(4.0), 2.0)),
    ("powk", (np.arange(6.0).reshape(2, 3), 3.0, np.zeros((2, 3)))),
    ("total", (np.arange(6.0).reshape(2, 3), np.zeros(2))),
    ("total", (np.arange(6.0).reshape(2, 3),)),
]
