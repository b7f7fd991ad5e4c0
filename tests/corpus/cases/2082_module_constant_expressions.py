# Module-level constants computed by expressions (2 ** 3, 1.0 / 60, 2 * math.pi, np.pi,
# np.finfo(np.float64).eps, tuple concatenation), constants imported by name (from math import
# pi), aliases of NumPy classes and of jit functions (DTYPE = np.float64, alias = total):
# Numba reads them when compiling; numrs could not evaluate them.
import math
import numpy as np
from numba import njit


# Module-level constants computed by an expression are not evaluated by numrs build:
# "Untyped global name 'X': cannot determine Numba type of global 'X' without running the module"

N_BINS = 2 ** 3          # arithmetic on literals
DT = 1.0 / 60
TWO_PI = 2 * math.pi
PI = np.pi               # plain alias of a numpy constant
EPS = np.finfo(np.float64).eps
SHAPE = (4, 4) + (2,)


@njit
def bins(x):
    return int(x * N_BINS)


@njit
def steps(t):
    return t / DT


@njit
def angle(f):
    return TWO_PI * f, PI


@njit
def eps():
    return EPS


@njit
def shape():
    return SHAPE


# Constants imported by name and dtype aliases held in module globals are not available to numrs build.
#  - `from numpy import pi` / `from math import inf, pi as PI`: "cannot lower: the value of global 'pi'
#    (float64) is not available to numrs build yet" -> function not built (TypeError at call)
#  - `DTYPE = np.float64`, `DT2 = np.dtype(np.float32)`: TypingError "Untyped global name 'DTYPE'"
#  (`from numpy import float64` and `NT = types.float64` work.)
from numpy import pi
from math import inf
from math import pi as PI

DTYPE = np.float64
DT2 = np.dtype(np.float32)


@njit
def consts():
    return pi, inf, PI                 # Numba: (3.141592653589793, inf, 3.141592653589793)


@njit
def zeros_dtype(n):
    return np.zeros(n, dtype=DTYPE)    # Numba: array([0., 0.])


@njit
def zeros_dtype2(n):
    return np.zeros(n, dtype=DT2)      # Numba: array([0., 0.], dtype=float32)


@njit
def cast(x):
    return DTYPE(x)                    # Numba: 3.0


@njit
def total(a):
    return a.sum()


alias_total = total


@njit
def uses_alias(a):
    return alias_total(a) * 2


CALLS = [
    ("bins", (0.6,)), ("steps", (1.0,)), ("angle", (0.5,)), ("eps", ()), ("shape", ()),
    ("consts", ()), ("zeros_dtype", (2,)), ("zeros_dtype2", (2,)), ("cast", (3,)),
    ("uses_alias", (np.arange(4.0),)),
    ("alias_total", (np.arange(3.0),)),
]
