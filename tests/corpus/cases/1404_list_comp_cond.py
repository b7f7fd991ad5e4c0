from numba import njit


@njit("(int64,)")
def evens(n):
    xs = [i * i for i in range(n) if i % 2 == 0]
    ys = [float(x) for x in xs if x > 3]
    flags = [x > 4 for x in xs]
    return xs, ys, flags


@njit("(int64,)")
def nested(n):
    grid = [[i * j for j in range(n)] for i in range(n)]
    flat = [v for row in grid for v in row if v > 0]
    return grid, flat


CALLS = [("evens", (7,)), ("nested", (3,))]
