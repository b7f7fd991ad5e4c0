# Complex powers: Numba squares `b == 2` by multiplication and uses CPython's c_pow otherwise.
from numba import njit


@njit(["(complex128, complex128)", "(complex64, complex64)"])
def cpow(a, b):
    return a ** b, a ** 2, a ** 3, a ** 0.5


CALLS = [
    ("cpow", (1 + 1j, 2 - 1j)),
    ("cpow", (0.5 - 2j, -1.5 + 0.25j)),
    ("cpow", (0j, 0j)),
    ("cpow", (-3 + 0j, 0.5 + 0j)),
    ("cpow", (1e10 + 1j, 2 + 0j)),
]
