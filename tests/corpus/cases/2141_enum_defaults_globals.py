# Enum members as parameter defaults (omitted(default=<Unit.M: 1>) in the signature, also
# when a jit function leaves them out), and module-level NumPy scalars (np.complex128,
# np.complex64, np.float32, np.int16) read by jit code.
import numpy as np
from enum import Enum, IntEnum
from numba import njit


class Unit(Enum):
    M = 1
    KM = 1000


class Lvl(IntEnum):
    LO = 1
    HI = 5


@njit
def conv(x, u=Unit.M):
    if u == Unit.KM:
        return x * 1000.0
    return x * 1.0


@njit
def lvl(x, l=Lvl.HI):
    return x * l


@njit
def which(u=Unit.KM):
    return u


Z = np.complex128(1 + 2j)
W = np.float32(1.5)
K = np.int16(-7)
C64 = np.complex64(0.1 - 3j)


@njit
def cglob(x):
    return x * Z, W * x, K * 2


@njit
def c64():
    return C64, C64 * 2


@njit
def call_conv(x):
    return conv(x) + conv(x, Unit.KM) + lvl(1)


CALLS = [
    ("conv", (2.0,)),
    ("conv", (2.0, Unit.KM)),
    ("conv", (2.0, Unit.M)),
    ("lvl", (3,)),
    ("lvl", (3, Lvl.LO)),
    ("which", ()),
    ("which", (Unit.M,)),
    ("cglob", (2.0,)),
    ("c64", ()),
    ("call_conv", (1.5,)),
]
