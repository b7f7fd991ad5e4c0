# Arguments of a @jitclass constructor: all given works; leaving out one with a default fails
# when Numba lowers the call (its constructor passes only the given ones to __init__), and
# keyword arguments are refused when it types the call. Methods take defaults and keywords.
from numba import njit, int64, float64
from numba.experimental import jitclass


@jitclass([("n", int64), ("scale", float64)])
class S:
    def __init__(self, n, scale=2.0):
        self.n = n
        self.scale = scale

    def get(self, k=1):
        return self.n * self.scale * k


@njit("(int64,)")
def omitted(n):
    s = S(n)
    return s.n


@njit("(int64,)")
def given(n):
    s = S(n, 3.0)
    return s.get() + s.get(2) + s.get(k=3)


@njit("(int64,)")
def keywords(n):
    s = S(n, scale=4.0)
    return s.n


CALLS = [("given", (2,))]
