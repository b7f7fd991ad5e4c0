"""One plain class made into several jitclasses by calling jitclass on it and binding the
results to other names (fastparquet's `Numpy8 = jitclass(spec8)(NumpyIO)`)."""
import numba
import numpy as np
from numba import njit
from numba.experimental import jitclass


class IO(object):
    def __init__(self, data):
        self.data = data
        self.loc = 0

    def read_byte(self):
        self.loc += 1
        return self.data[self.loc - 1]

    @property
    def remaining(self):
        return len(self.data) - self.loc


IO8 = jitclass([("data", numba.uint8[:]), ("loc", numba.int64)])(IO)
IO32 = jitclass(IO, [("data", numba.uint32[:]), ("loc", numba.int64)])


@njit
def first8(raw):
    io = IO8(raw)
    return io.read_byte(), io.read_byte(), io.remaining


@njit
def first32(raw):
    io = IO32(raw)
    x = io.read_byte()
    return x * 2, io.remaining


@njit
def both(a, b):
    return IO8(a).read_byte() + IO32(b).read_byte()


CALLS = [
    ("first8", (np.array([7, 8, 9], dtype=np.uint8),)),
    ("first32", (np.array([9, 8], dtype=np.uint32),)),
    ("both", (np.array([250], dtype=np.uint8), np.array([4000000000], dtype=np.uint32))),
]
