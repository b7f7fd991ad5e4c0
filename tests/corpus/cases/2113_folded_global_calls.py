# Module-level constants made by builtin calls on constants: len, max, min, abs, and the
# case and strip methods of ASCII strings; Numba types them from their values.
from numba import njit

WORD = "abc".upper()
NAME = "  Mixed Case ".strip().lower()
COUNT = len("abcd")
PAIR = len((1, 2))
TOP = max(1, 2, 1.5)
LOW = min(3, -2.5)
SIZE = abs(-7)


@njit("(int64,)")
def constants(n):
    return WORD, NAME, COUNT + n, PAIR, TOP, LOW, SIZE


CALLS = [("constants", (1,))]
