from numba import njit


@njit("(int64,)")
def except_exception(n):
    try:
        r = 100 // n
    except Exception:
        r = -1
    return r


@njit("(int64,)")
def except_tuple(n):
    try:
        r = 100 // n
    except (ValueError, ZeroDivisionError):
        r = -1
    return r


@njit("(int64,)")
def try_finally(n):
    r = 0
    try:
        r = n + 1
    finally:
        r = r * 2
    return r
