# Lists built in compiled code and lists passed from Python (reflected): methods, slicing
# (also slice assignment), iteration with enumerate/zip, lists of arrays and of lists,
# np.array of lists, errors (IndexError, ValueError) and reflection of mutations.
import numpy as np
from numba import njit


@njit
def edit(xs, k):
    xs.append(k)
    xs.insert(-1, 2 * k)
    xs[0] = xs[-1] + 1
    del xs[1]
    return xs.index(k), xs.count(k), xs


@njit
def slices(n):
    xs = list(range(n))
    ys = xs[1:-1]
    xs[1:3] = [10, 20, 30]
    zs = list(range(n))
    zs[::2] = [7, 8, 9]
    return ys, xs, zs, xs[::-2]


@njit
def walk(xs, t):
    s = 0.0
    out = []
    for a, b in zip(xs, t):
        s += a * b
        out.append((b, a))
    for i, v in enumerate(xs, 1):
        s += i * v
    return s, out, sorted(out, reverse=True)


@njit
def arrays(n):
    parts = [np.arange(i) * 1.0 for i in range(n)]
    parts.append(np.ones(2))
    first = parts.pop(0)
    total = 0.0
    for p in parts:
        total += p.sum()
    return parts, first, total


@njit
def nested(n):
    rows = [[i * j for j in range(n)] for i in range(n)]
    rows[0][0] = 9
    grid = np.array(rows)
    flat = []
    for r in rows:
        flat.extend(r)
    return rows, grid, sum(flat), min(flat), max(flat), 4 in flat


@njit
def get(xs, i):
    return xs[i]


@njit
def take(xs, v):
    xs.remove(v)
    return xs.pop()


CALLS = [
    ("edit", ([1, 2, 3], 5)),
    ("slices", (6,)),
    ("walk", ([1.0, 2.0, 3.0], (1, 2))),
    ("arrays", (4,)),
    ("nested", (3,)),
    ("get", ([1.5, 2.5], -2)),
    ("get", ([1.5, 2.5], 2)),
    ("get", ([1, 2], -3)),
    ("take", ([1, 2, 3], 2)),
    ("take", ([1, 2, 3], 7)),
    ("take", ([4], 4)),
]
