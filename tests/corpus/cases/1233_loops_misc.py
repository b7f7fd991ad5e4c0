from numba import njit


@njit("(int64,)")
def countdown(n):
    out = 0
    while n > 0:
        n -= 1
        if n == 3:
            continue
        out += n
    return out, n


@njit("(float64[:],)")
def first_negative(a):
    idx = -1
    for i in range(a.shape[0]):
        if a[i] < 0:
            idx = i
            break
    return idx


@njit("(int64,)")
def enumerate_zip(n):
    s = 0.0
    for i, (x, y) in enumerate(zip(range(n), range(n, 0, -1))):
        s += i * x - y
    return s
