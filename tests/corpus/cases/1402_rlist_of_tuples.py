from numba import njit


@njit("(int64,)")
def pairs(n):
    out = [(0, 0.0)]
    for i in range(n):
        out.append((i, i * 0.5))
    total = 0.0
    for k, v in out:
        total += k * v
    a, b = out[1]
    return out, total, a, b


@njit("(int64,)")
def pairs_bad(n):
    out = [(0, 0.0)]
    out.append((1.5, 2))
    out.append(("x", 2))
    return out


CALLS = [("pairs", (3,))]
