from numba import njit


@njit("(int64,)")
def skip_odd(n):
    s = 0
    for i in range(n):
        if i % 2:
            continue
        if i > 100:
            break
        s += i
    return s


@njit("(int64,)")
def while_true_break(n):
    x = 1
    while True:
        x *= 2
        if x > n:
            break
    return x
