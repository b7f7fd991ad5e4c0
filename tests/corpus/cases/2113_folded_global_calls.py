# Module-level constants made by builtin calls on constants: len, max, min, abs, and the
# case and strip methods of ASCII strings, `&`/`|` of booleans (a bool) and of a bool and an int; Numba types them from their values.
from numba import njit

WORD = "abc".upper()
NAME = "  Mixed Case ".strip().lower()
COUNT = len("abcd")
PAIR = len((1, 2))
TOP = max(1, 2, 1.5)
LOW = min(3, -2.5)
SIZE = abs(-7)
BOTH = True & False
EITHER = True | 0


@njit("(int64,)")
def constants(n):
    return WORD, NAME, COUNT + n, PAIR, TOP, LOW, SIZE, BOTH, EITHER


CALLS = [("constants", (1,))]
