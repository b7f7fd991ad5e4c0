# Module-level arrays made by np.array of list comprehensions over range (with if clauses,
# nested for more dimensions, conditional expressions) and of displays holding module
# constants and arithmetic: Numba freezes the values NumPy made.
import numpy as np
from numba import njit

N = 6
SQUARES = np.array([i * i for i in range(N)])
EVENS = np.array([i / 2 for i in range(10) if i % 2 == 0])
TABLE = np.array([[i * 10 + j for j in range(3)] for i in range(4)], dtype=np.int32)
SIGNS = np.array([1 if i % 3 else -1 for i in range(7)], dtype=np.float64)
PAIRS = np.array([i + j for i in range(3) for j in range(i)])
MIXED = np.array([N, N * 2.5, 2 ** 5])


@njit
def squares():
    return SQUARES.sum(), SQUARES[-1], SQUARES.size


@njit
def evens():
    return EVENS.sum(), EVENS[1]


@njit
def table():
    return TABLE[2, 1], TABLE.sum(), TABLE.shape[0]


@njit
def signs():
    return SIGNS.sum(), SIGNS[0], SIGNS[1]


@njit
def pairs():
    return PAIRS.size, PAIRS.sum(), PAIRS[-1]


@njit
def mixed():
    return MIXED[0], MIXED[1], MIXED[2]


CALLS = [("squares", ()), ("evens", ()), ("table", ()), ("signs", ()), ("pairs", ()), ("mixed", ())]
