"""A heap of jitclass instances orders them with their `__lt__`, as Numba's `heapq` does with
`<`: a priority queue of cells and `heapify` of a list. (Numba's sorts of such lists, and
`nsmallest`, fail with a RecursionError while compiling.)"""
import heapq

import numpy as np
from numba import float64, int64, njit
from numba.experimental import jitclass


@jitclass
class Cell:
    row: int64
    value: float64

    def __init__(self, row, value):
        self.row = row
        self.value = value

    def __lt__(self, other):
        return self.value < other.value


@njit
def pop_order(values):
    heap = [Cell(0, values[0])]
    for i in range(1, values.shape[0]):
        heapq.heappush(heap, Cell(i, values[i]))
    out = np.empty(len(heap), dtype=np.int64)
    k = 0
    while len(heap) > 0:
        out[k] = heapq.heappop(heap).row
        k += 1
    return out


@njit
def heapified_first(values):
    cells = [Cell(i, values[i]) for i in range(values.shape[0])]
    heapq.heapify(cells)
    return cells[0].row


CALLS = [
    ("pop_order", (np.array([3.0, 1.0, 2.0, 0.5]),)),
    ("pop_order", (np.array([1.0, 1.0, 0.0]),)),
    ("heapified_first", (np.array([5.0, 4.0, 3.0, -1.0, 2.0]),)),
]
