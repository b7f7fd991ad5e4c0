from numba import njit


@njit("(int64,)")
def nested(n):
    acc = 0
    for i in range(n):
        for j in range(i):
            if j % 3 == 0:
                acc += j
            else:
                acc -= 1
    return acc


@njit("(int64,)")
def nested_float(n):
    acc = 0
    for i in range(n):
        for j in range(n):
            acc = acc + 0.5 * j
    return acc
