# Complex numbers a module computes with complex functions (cmath, NumPy's ufuncs on complex
# numbers, complex(), powers), and magnitudes of them: Numba freezes their values; numrs
# types them, and a built module reads them when it is imported.
import cmath

import numpy as np
from numba import njit

PHASE = np.exp(0.25j * np.pi)
ROT = cmath.exp(0.5j)
Z0 = complex(1.0, 2.0)
ROOT = (1 + 2j) ** 0.5
MAG = abs(3 + 4j)
ANGLE = cmath.phase(ROT * 2)
POLAR = cmath.rect(2.0, 0.3)


@njit("complex128(int64)")
def phase_pow(k):
    return PHASE ** k


@njit("complex128(int64)")
def rot(k):
    return ROT * k + Z0


@njit("float64(float64)")
def mag(x):
    return MAG * x + ANGLE


@njit("complex128()")
def others():
    return ROOT + POLAR


CALLS = [("phase_pow", (3,)), ("rot", (2,)), ("mag", (2.0,)), ("others", ())]
