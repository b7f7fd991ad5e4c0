from numba import njit


@njit("(int64,)")
def slices(n):
    xs = [i for i in range(n)]
    head = xs[:3]
    tail = xs[-2:]
    step = xs[::2]
    rev = xs[::-1]
    xs[1:3] = [10, 20]
    last = xs[-1]
    return head, tail, step, rev, last


@njit("(List(float64, reflected=True),)")
def slice_assign_bad(xs):
    xs[0:2] = (1.0, 2.0)
    return xs


CALLS = [("slices", (6,))]
