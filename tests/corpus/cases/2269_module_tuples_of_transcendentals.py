# Module-level tuples of NumPy transcendental values (NumPy's exact bits, frozen when the
# module is imported), mixed with Python numbers and other NumPy scalar types.
import numpy as np
from numba import njit

LOGS = (np.log(2.0), np.log(3.0))
MIXED = (np.exp(1.0), 4, np.float32(np.sqrt(2.0)))
TRIG = (np.sin(0.5), np.cos(0.5), np.tan(0.5))


@njit
def use_logs(x):
    return x * LOGS[0] + LOGS[1]


@njit
def sum_trig():
    s = 0.0
    for v in TRIG:
        s += v
    return s


@njit
def mixed_parts():
    return MIXED[0], MIXED[1], MIXED[2]


@njit
def whole():
    return LOGS


@njit("float64(float64)")
def eager_logs(x):
    return x / LOGS[1]


CALLS = [
    ("use_logs", (1.0,)),
    ("use_logs", (3,)),
    ("sum_trig", ()),
    ("mixed_parts", ()),
    ("whole", ()),
    ("eager_logs", (2.0,)),
]
