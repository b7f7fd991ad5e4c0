# trackpy try_numba.py / center_of_mass.py: `from builtins import int, round` makes int and round
# module globals (the builtin functions themselves), used inside jit code.
from builtins import int, round

import numpy as np
from numba import njit


@njit
def rounded_total(a):
    return int(round(a.sum()))


CALLS = [
    ("rounded_total", (np.array([1.25, 2.5, 3.0]),)),
]
