from numba import njit


@njit(["(int64,)", "(float64,)", "(unicode_type,)"])
def describe(x):
    if isinstance(x, str):
        return len(x)
    elif isinstance(x, float):
        return int(x)
    return x


@njit("(int64,)")
def isinstance_phi(n):
    if n > 0:
        z = 1
    else:
        z = 2.5
    if isinstance(z, int):
        return 1
    return 0
