# An inner function reading an enclosing variable that is assigned again (in a loop, in a
# branch, after the call) reads the value it has at the call, as Numba's inlining gives.
from numba import njit


@njit("(int64,)")
def running(n):
    total = 0

    def step(v):
        return v + total

    for i in range(n):
        total = step(i)
    return total


@njit("(int64,)")
def branchy(n):
    scale = 1

    def mul(v):
        return v * scale

    out = 0
    for i in range(n):
        if i % 2 == 0:
            scale = scale + 1
        out += mul(i)
    scale = 100
    return out + mul(1)


CALLS = [("running", (5,)), ("branchy", (6,))]
