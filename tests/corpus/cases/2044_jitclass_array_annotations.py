# jitclass fields declared by class annotations with Numba array types (`data: float64[:]`,
# `grid: types.float64[:, ::1]`), as Numba's `as_numba_type` reads them.
import numpy as np
from numba import njit, int64, float64, types
from numba.experimental import jitclass


@jitclass
class Box:
    n: int64
    data: float64[:]
    grid: types.float64[:, ::1]

    def __init__(self, n):
        self.n = n
        self.data = np.zeros(n)
        self.grid = np.ones((n, 2))


@njit("float64(int64)")
def total(n):
    b = Box(n)
    b.data[0] = 2.5
    return b.data.sum() + b.grid.sum()


CALLS = [("total", (3,))]
