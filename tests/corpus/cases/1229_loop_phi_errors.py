from numba import njit


@njit("(int64,)")
def while_flip(n):
    v = 0
    i = 0
    while i < n:
        if i > 2:
            v = "big"
        else:
            v = i
        i += 1
    return v


@njit("(int64,)")
def loop_list_grow(n):
    out = []
    for i in range(n):
        out.append(i * 1.5)
    return out
