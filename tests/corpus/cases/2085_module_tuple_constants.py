# tuple() of a list or tuple of constants at module level is a constant (Numba freezes it).
import numpy as np
from numba import njit

SIZES = tuple([2, 3])
PAIR = tuple((1.5, "a"))
NEST = (SIZES, 4) + tuple([5])


@njit
def sizes():
    return SIZES[0] * SIZES[1], PAIR, NEST


CALLS = [("sizes", ())]
