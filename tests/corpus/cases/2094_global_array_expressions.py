# Module-level arrays computed from other module-level arrays and constants: Numba freezes
# the value the module computed (NumPy's promotion, broadcasting and pairwise summation).
import numpy as np
from numba import njit

WEIGHTS = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0])
WEIGHTS = WEIGHTS / WEIGHTS.sum()
BOX = np.ones(5) / 5
GAUSS = np.linspace(-2.0, 2.0, 9) ** 2
GRID = np.arange(12).reshape(3, 4)
SHIFTED = np.eye(3) * 2.5 + 1
CODES = np.array([3, 1, 2], dtype=np.int32) * 2 + 1
SMALL = np.ones(4, dtype=np.float32) * 0.1
TOTAL = WEIGHTS.sum()
STEPS = np.arange(0.0, 1.0, 0.1)
RATIOS = np.arange(200) / 7.0
RATIO_SUM = RATIOS.sum()
NORMED = np.array([4.0, 1.0, 3.0])
NORMED /= NORMED.sum()
TABLE = np.arange(3).reshape(3, 1) * 10 + np.arange(4)
CENTERED = np.arange(5.0) - np.arange(5.0).mean()


@njit("Tuple((float64, float64))(float64)")
def weighted(x):
    return (WEIGHTS * x).sum(), WEIGHTS[3]


@njit("float64(float64[:])")
def smooth_first(a):
    return (a[:5] * BOX).sum()


@njit("Tuple((float64, int64, float64, int32, float32, float64))()")
def tables():
    return GAUSS[1], GRID[2, 3], SHIFTED[1, 1], CODES[0], SMALL[2], TOTAL


@njit("Tuple((float64, float64, float64, float64, int64, float64))()")
def more_tables():
    return STEPS[7], RATIOS[150], RATIO_SUM, NORMED[1], TABLE[2, 3], CENTERED[0]


@njit("int64()")
def grid_sum():
    return GRID.sum()


CALLS = [
    ("weighted", (2.0,)),
    ("smooth_first", (np.arange(8.0),)),
    ("tables", ()),
    ("more_tables", ()),
    ("grid_sum", ()),
]
