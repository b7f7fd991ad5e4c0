from numba import njit


@njit
def push(xs):
    xs.append(len(xs))
    xs[0] = -1
    return len(xs), xs[-1]


@njit
def total(xs):
    s = 0.0
    for x in xs:
        s += x
    return s


@njit
def nth(xs, i):
    return xs[i]


CALLS = [
    ("push", ([5, 6, 7],)),
    ("total", ([1.5, 2.5, 3.0],)),
    ("total", ([0.5],)),
    ("nth", ([1.5, 2.5], -2)),
    ("nth", ([1.5, 2.5], 2)),
    ("nth", ([1, 2.5], 0)),
]
