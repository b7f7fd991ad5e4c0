# Dict views as Numba types them: `keys[DictType[...]]`, `values[...]`, `items[...]` are
# iterables with a length (not iterators), iterated again from the start each time.
import numpy as np
from numba import njit
from numba.typed import Dict


@njit
def lengths(n):
    d = {0: 0.5}
    for i in range(n):
        d[i] = i * 1.5
    k = d.keys()
    v = d.values()
    it = d.items()
    return len(k), len(v), len(it)


@njit
def iterate_twice(n):
    d = {}
    for i in range(n):
        d[i] = i * i
    ks = d.keys()
    s = 0
    for x in ks:
        s += x
    for x in ks:
        s += 10 * x
    return s


@njit
def consumers(n):
    d = {}
    for i in range(n):
        d[i] = float(n - i)
    return list(d.keys()), sorted(d.values()), max(d.keys()), min(d.values())


@njit
def items_loop(n):
    d = {}
    for i in range(n):
        d[str(i)] = i
    out = 0
    for k, v in d.items():
        out += len(k) * v
    pairs = d.items()
    return out, len(pairs)


@njit
def with_enumerate_zip(n):
    d = {}
    for i in range(n):
        d[i] = 2 * i
    t = 0
    for j, k in enumerate(d.keys()):
        t += j * k
    for a, b in zip(d.keys(), d.values()):
        t += a * b
    return t


@njit
def typed_dict_views(n):
    d = Dict()
    for i in range(n):
        d[i] = np.float32(i)
    vals = d.values()
    return len(vals), np.array(list(vals)).sum()


@njit
def view_to_set(n):
    d = {}
    for i in range(n):
        d[i % 3] = i
    return len(set(d.values())), len(d.keys())


@njit
def next_of_view(n):
    d = {1: n}
    return next(d.keys())


@njit
def contains_view(n):
    d = {1: n}
    return 1 in d.keys()


@njit
def sum_of_view(n):
    d = {1: n}
    return sum(d.values())


@njit
def bool_of_view(n):
    d = {1: n}
    return bool(d.keys())


@njit
def next_of_iter(n):
    d = {1: n}
    it = iter(d.items())
    return next(it)


@njit("(int64,)")
def view_locals(n):
    d = {0: 0.5}
    for i in range(n):
        d[i] = i * 1.5
    k = d.keys()
    v = d.values()
    it = d.items()
    first = iter(it)
    return len(k) + len(v) + len(it) + next(first)[0]


CALLS = [
    ("lengths", (4,)),
    ("iterate_twice", (4,)),
    ("consumers", (5,)),
    ("items_loop", (12,)),
    ("with_enumerate_zip", (4,)),
    ("typed_dict_views", (5,)),
    ("view_to_set", (7,)),
    ("next_of_view", (3,)),
    ("contains_view", (3,)),
    ("sum_of_view", (3,)),
    ("bool_of_view", (3,)),
    ("next_of_iter", (3,)),
]
