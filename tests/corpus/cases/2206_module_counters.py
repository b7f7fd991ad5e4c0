# Module-level constants updated by augmented assignments at top level (`COUNT += 4`) and
# conditions on them (`if COUNT > 3:`, ordered comparisons) decide the branch that binds.
import numpy as np
from numba import njit

COUNT = 1
COUNT += 4
SCALE = 2.5
SCALE *= 2

if COUNT > 3:
    MODE = 1
else:
    MODE = 2

if SCALE <= 5.0 and COUNT >= 5:
    LABEL = 10
else:
    LABEL = 20

N = 0
for _k in range(3):
    N += 1


@njit
def uses(a):
    return a.max() * COUNT + MODE + SCALE + LABEL


@njit("int64()")
def eager_mode():
    return MODE * 100 + COUNT


CALLS = [
    ("uses", (np.array([1.0, 4.0]),)),
    ("eager_mode", ()),
]
