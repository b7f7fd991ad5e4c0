from numba import njit


@njit("(int64,)")
def except_plain(n):
    try:
        if n < 0:
            raise ValueError
        r = n
    except ValueError:
        r = -1
    return r


@njit("(int64,)")
def except_as(n):
    try:
        if n < 0:
            raise ValueError("neg")
        r = n
    except ValueError as e:
        r = -1
    return r


@njit("(int64,)")
def try_finally(n):
    r = 0
    try:
        r = n
    finally:
        r += 1
    return r


@njit("(int64,)")
def except_tuple(n):
    try:
        r = 10 // n
    except (ZeroDivisionError, ValueError):
        r = 0
    return r


@njit("(int64,)")
def try_else(n):
    try:
        r = n
    except Exception:
        r = 0
    else:
        r += 1
    return r


@njit("(int64,)")
def bare_reraise(n):
    try:
        r = 10 // n
    except Exception:
        raise
    return r


@njit("(int64,)")
def except_bare(n):
    try:
        r = 10 // n
    except:
        r = 0
    return r
