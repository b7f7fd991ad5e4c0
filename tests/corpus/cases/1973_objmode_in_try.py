# A with objmode block inside a try body: Numba's with-lifting fails (CompilerError at the
# with); in a loop it runs.
from numba import njit, objmode


@njit("(int64,)")
def caught_then_other(n):
    try:
        with objmode():
            x = 1
    except Exception:
        pass
    return n


@njit("(int64,)")
def with_in_loop_try(n):
    s = 0
    for i in range(n):
        with objmode(t="int64"):
            t = i
        s += t
    return s


CALLS = [("with_in_loop_try", (4,))]
