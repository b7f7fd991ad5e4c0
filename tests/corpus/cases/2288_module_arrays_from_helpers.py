"""Module-level arrays computed by the module's own plain functions, NumPy's window functions,
np.sort, and a seeded generator's samples: Numba freezes each value when it compiles, so
their types are what typeof gives the values."""
import numpy as np
from numba import njit


def _make_table(n):
    return np.arange(n, dtype=np.float64) ** 2


def _grid(n, scale=2.0):
    """A grid of n x n points."""
    x = np.linspace(0.0, 1.0, n)
    y = x * scale
    return y.reshape((n, 1)) + x


def _smooth(n):
    w = np.exp(-np.arange(n) / 2.0)
    return w / w.sum()


def _counts(n):
    return np.zeros(n, dtype=np.int32) + _offset()


def _offset():
    return 3


TABLE = _make_table(4)
GRID = _grid(3)
SMOOTH = _smooth(5)
COUNTS = _counts(4)
WINDOW = np.hanning(5)
HAMMING = np.hamming(4)
BARTLETT = np.bartlett(6)
INIT = np.random.default_rng(0).random(3)
NOISE = np.random.default_rng(42).normal(0.0, 1.0, size=(2, 3))
PICKS = np.random.default_rng(7).integers(0, 10, 5)
EDGES = np.sort(np.array([3.0, 1.0, 2.0]))
ROWS = np.sort(np.array([[3, 1, 2], [9, 8, 7]]))


@njit("float64(int64)")
def table(i):
    return TABLE[i]


@njit("float64(int64, int64)")
def grid(i, j):
    return GRID[i, j]


@njit("float64()")
def smooth_total():
    return SMOOTH.sum()


@njit("int64(int64)")
def counts(i):
    return COUNTS[i] * 2


@njit("float64(int64)")
def window(i):
    return WINDOW[i] + HAMMING[i % 4] + BARTLETT[i]


@njit("float64(int64)")
def init(i):
    return INIT[i]


@njit("float64(int64, int64)")
def noise(i, j):
    return NOISE[i, j]


@njit("int64()")
def picks_total():
    return PICKS.sum()


@njit("float64(int64)")
def edges(i):
    return EDGES[i]


@njit("int64(int64, int64)")
def rows(i, j):
    return ROWS[i, j]


CALLS = [
    ("table", (3,)),
    ("grid", (2, 1)),
    ("smooth_total", ()),
    ("counts", (1,)),
    ("window", (2,)),
    ("init", (0,)),
    ("noise", (1, 2)),
    ("picks_total", ()),
    ("edges", (0,)),
    ("rows", (1, 0)),
]
