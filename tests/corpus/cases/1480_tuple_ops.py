from numba import njit


@njit("(int64, float64)")
def tup(n, x):
    t = (n, x, n + 1)
    a = t[0]
    b = t[-1]
    s = t[1:]
    c = t + (x,)
    u = (1, 2, 3)
    v = u[::-1]
    lt = u < (1, 2, 4)
    eq = (n, n) == (n, n)
    return a, b, s, c, v, lt, eq


@njit("(UniTuple(int64, 3), int64)")
def var_index(t, i):
    return t[i], len(t), t.index(2)


@njit("(UniTuple(int64, 2),)")
def tuple_repeat(t):
    return t * 2


@njit("(Tuple((int64, float64)), int64)")
def hetero_var_index(t, i):
    return t[i]


CALLS = [("tup", (2, 1.5))]
