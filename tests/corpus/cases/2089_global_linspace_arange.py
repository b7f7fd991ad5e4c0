# Module-level arrays made by np.linspace (NumPy's i * step + start, the last item stop) and
# np.arange of integers: numrs build had no values for them.
import numpy as np
from numba import njit

GRID = np.linspace(0.0, 1.0, 3)
FINE = np.linspace(-1, 2, 7, endpoint=False)
G50 = np.linspace(0.1, 0.7)
ONE = np.linspace(2.5, 9.0, 1)
IDX = np.arange(5)
STEPS = np.arange(2, 20, 3)
DOWN = np.arange(10, 0, -4)


@njit
def grid():
    return GRID, FINE, ONE


@njit
def g50():
    return G50.sum(), G50[17], G50[-1]


@njit
def idx():
    return IDX, STEPS, DOWN, IDX.sum()


CALLS = [("grid", ()), ("g50", ()), ("idx", ())]
