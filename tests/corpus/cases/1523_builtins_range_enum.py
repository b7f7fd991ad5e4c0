from numba import njit


@njit("(int64,)")
def ranges(n):
    down = [i for i in range(n, 0, -1)]
    step = [i for i in range(10, -10, -3)]
    r = range(0, n, 2)
    ln = len(r)
    acc = 0
    for i, v in enumerate(range(n, -1, -2), 5):
        acc += i * v
    return down, step, ln, acc, 3 in r


@njit("(float64,)")
def range_float(x):
    return [i for i in range(x)]


@njit("(int64,)")
def sorted_strs(n):
    words = ["pear", "fig", "apple"]
    a = sorted(words)
    b = sorted(words, key=lambda w: len(w))
    return a, b


@njit("(int64,)")
def sorted_key_builtin(n):
    return sorted(["b", "a"], key=len)


CALLS = [("ranges", (5,)), ("sorted_strs", (0,))]
