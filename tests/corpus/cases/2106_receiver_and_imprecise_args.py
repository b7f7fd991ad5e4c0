# A tuple method (an @overload_method) is resolved on the unliteral tuple, which the receiver
# variable takes; a jit function given a list nothing has typed yet is not typed (Numba's call
# constraint waits for precise arguments), so the list is reported at its own line.
from numba import njit


@njit("(int64,)")
def tuple_index(n):
    t = (1, 2, 3)
    return t.index(2) + n


@njit
def fill_list(l, n):
    for i in range(n):
        l.append(i)


@njit("(int64,)")
def fill_empty(n):
    l = []
    fill_list(l, n)
    return l


CALLS = [("tuple_index", (1,))]
