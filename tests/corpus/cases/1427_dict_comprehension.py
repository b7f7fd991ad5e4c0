from numba import njit


@njit("(int64,)")
def comp(n):
    sq = {i: i * i for i in range(n)}
    inv = {v: k for k, v in sq.items()}
    big = {k: float(v) for k, v in sq.items() if v > 2}
    keys = [k for k in big]
    return sq, inv, big, keys


@njit("(List(unicode_type, reflected=True),)")
def counts(words):
    c = {}
    for w in words:
        c[w] = c.get(w, 0) + 1
    return c


CALLS = [("comp", (4,)), ("counts", (["a", "b", "a"],))]
