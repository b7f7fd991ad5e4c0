from numba import njit


@njit("(List(int64, reflected=True),)")
def uniq(xs):
    s = set(xs)
    s.add(100)
    s.discard(3)
    t = {1, 2, 3}
    u = s | t
    i = s & t
    d = s - t
    x = s ^ t
    has = 2 in s
    sub = t.issubset(u)
    return len(u), len(i), len(d), len(x), has, sub


@njit("(int64,)")
def grow(n):
    s = set()
    for i in range(n):
        s.add(i % 3)
    s.update([7, 8])
    v = s.pop()
    s.remove(7)
    return s, v


CALLS = [("uniq", ([1, 2, 3, 3],)), ("grow", (5,))]
