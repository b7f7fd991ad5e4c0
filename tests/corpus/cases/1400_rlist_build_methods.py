from numba import njit


@njit("(int64,)")
def build(n):
    xs = []
    for i in range(n):
        xs.append(i * 2)
    xs.extend([7, 8])
    xs.insert(1, -1)
    top = xs.pop()
    first = xs.pop(0)
    xs.sort()
    xs.reverse()
    pos = xs.index(7)
    return xs, top, first, pos


@njit("(float64,)")
def mixed_append(x):
    xs = [1, 2]
    xs.append(x)
    return xs


CALLS = [("build", (4,))]
