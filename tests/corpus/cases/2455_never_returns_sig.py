"""Functions that never return (they always raise, or loop until they raise) compiled with an
explicit signature: Numba types their result as `none`, whatever the signature declares, and so
does a caller's variable holding it."""
from numba import njit

@njit("int64(int64)")
def raise_only(n):
    raise ValueError("x")

@njit("float64(float64)")
def raise_if_else(x):
    if x > 0:
        raise ValueError("pos")
    else:
        raise KeyError("nonpos")

@njit("int64(int64)")
def raise_in_loop_forever(n):
    while True:
        if n > 3:
            raise ValueError("big")
        n += 1

@njit("int64(int64)")
def caller(n):
    x = raise_only(n)
    return 1

CALLS = [("raise_only", (1,)), ("raise_if_else", (1.0,)), ("raise_in_loop_forever", (1,)), ("caller", (1,))]
