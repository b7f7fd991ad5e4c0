from numba import njit


@njit("(List(float64, reflected=True), UniTuple(int64, 3))")
def walk(xs, t):
    acc = 0.0
    for i, v in enumerate(xs, 1):
        acc += i * v
    for a, b in zip(xs, t):
        acc += a * b
    for i, v in enumerate(t):
        acc += i + v
    pairs = [(i, v) for i, v in enumerate(xs)]
    return acc, pairs


@njit("(int64,)")
def zip_three(n):
    a = [1, 2, 3]
    b = [1.0, 2.0]
    c = "xyz"
    out = []
    for x, y, z in zip(a, b, c):
        out.append((x, y, z))
    return out


@njit("(int64,)")
def enumerate_bad(n):
    for i, v in enumerate(n):
        pass
    return n


@njit("(List(float64, reflected=True),)")
def enumerate_kw(xs):
    acc = 0.0
    for i, v in enumerate(xs, start=1):
        acc += i * v
    return acc


CALLS = [("walk", ([1.0, 2.0], (1, 2, 3))), ("zip_three", (0,))]
