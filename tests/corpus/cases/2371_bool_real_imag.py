"""`.real` / `.imag` / `.conjugate()` on a boolean: Numba has no such attributes on
types.Boolean (TypingError); numrs accepts and returns booleans."""
from numba import njit


@njit
def real(a):
    return a.real


@njit
def imag(a):
    return a.imag


@njit
def conj(a):
    return a.conjugate()


@njit("boolean(boolean)")
def real_eager(a):
    return a.real


CALLS = [
    ("real", (True,)),
    ("imag", (True,)),
    ("conj", (False,)),
    ("real", (3,)),
]
