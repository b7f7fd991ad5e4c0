from numba import njit


@njit("(int64, int64)")
def or_value(a, b):
    return a or b


@njit("(int64, float64)")
def and_mixed(a, b):
    r = a and b
    return r


@njit("(boolean, boolean)")
def bool_logic(p, q):
    return (p and not q) or (q and not p)
