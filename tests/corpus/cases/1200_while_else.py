from numba import njit


@njit("(int64,)")
def while_else(n):
    i = 0
    while i < n:
        if i == 7:
            break
        i += 1
    else:
        i = -1
    return i


@njit("(int64,)")
def for_else_found(n):
    for k in range(n):
        if k * k > 50:
            break
    else:
        k = 0
    return k
