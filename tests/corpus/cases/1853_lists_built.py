from numba import njit


@njit
def grow(n):
    xs = [n, n + 1]
    for i in range(n):
        xs.append(i * i)
    xs[0] = 100
    s = 0
    for x in xs:
        s += x
    return xs, len(xs), xs[-1], s


@njit
def halves(n):
    return [i * 0.5 for i in range(n)]


@njit
def pick(xs_len, k):
    xs = [1.5, 2.5, 3.5]
    for i in range(xs_len):
        xs.append(i)
    return xs[k]


@njit
def enumerate_list(n):
    xs = [3, 1, 4, 1, 5]
    best = -1
    for pos, val in enumerate(xs):
        if val > n:
            best = pos
    return best


CALLS = [
    ("grow", (5,)),
    ("grow", (0,)),
    ("halves", (4,)),
    ("pick", (2, -1)),
    ("pick", (2, 4)),
    ("pick", (0, 3)),
    ("pick", (0, -4)),
    ("enumerate_list", (2,)),
]
