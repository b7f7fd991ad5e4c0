# Numba's `_inline_arraycall`: a list made empty before a `for` loop, appended to once at the
# end of each iteration and given to `np.array` right after the loop (a list comprehension
# passed to np.array alike) becomes an array allocated and filled in place. Items that are not
# NumPy scalars then fail: tuples, lists and strings cannot be an array's dtype, arrays cannot
# be stored into one. Loops the rewrite leaves alone (a conditional append, a `break`, a
# `while` loop, the list used after the loop's block) build the array from the list.
import numpy as np
from numba import njit


@njit("(int64,)")
def tuples(n):
    lst = []
    for i in range(n):
        lst.append((i, i))
    return np.array(lst)


@njit("(int64,)")
def comprehension(n):
    return np.array([(i, 2 * i) for i in range(n)])


@njit("(int64,)")
def strings(n):
    lst = []
    for i in range(n):
        lst.append(str(i))
    return np.array(lst)


@njit("(int64,)")
def lists(n):
    lst = []
    for i in range(n):
        lst.append([i, i])
    return np.array(lst)


@njit("(int64,)")
def arrays(n):
    lst = []
    for i in range(n):
        lst.append(np.zeros(2))
    return np.array(lst)


@njit("(float64[:],)")
def over_array(x):
    lst = []
    for v in x:
        lst.append((v, v))
    return np.array(lst)


@njit("(int64,)")
def numbers(n):
    lst = []
    for i in range(n):
        lst.append(i * 0.5)
    return np.array(lst)


@njit("(int64,)")
def numbers_dtype(n):
    lst = []
    for i in range(n):
        lst.append(i)
    return np.array(lst, dtype=np.float32)


@njit("(int64,)")
def conditional(n):
    lst = []
    for i in range(n):
        if i % 2:
            lst.append((i, i))
    return np.array(lst)


@njit("(int64,)")
def with_break(n):
    lst = []
    for i in range(n):
        if i > 5:
            break
        lst.append((i, i))
    return np.array(lst)


@njit("(int64,)")
def while_loop(n):
    lst = []
    i = 0
    while i < n:
        lst.append((i, i))
        i += 1
    return np.array(lst)


@njit("(int64,)")
def two_appends(n):
    lst = []
    for i in range(n):
        lst.append((i, i))
        lst.append((i, i))
    return np.array(lst)


@njit("(int64, boolean)")
def used_later(n, c):
    lst = []
    for i in range(n):
        lst.append((i, i))
    a = np.array(lst)
    if c:
        lst.append((0, 0))
    return a, len(lst)


@njit("(int64,)")
def used_in_exit_block(n):
    lst = []
    for i in range(n):
        lst.append((i, i))
    a = np.array(lst)
    return a, len(lst)


@njit("(int64,)")
def not_right_after(n):
    lst = []
    for i in range(n):
        lst.append((i, i))
    m = n + 1
    return np.array(lst), m


CALLS = [
    ("numbers", (4,)),
    ("numbers_dtype", (3,)),
    ("conditional", (5,)),
    ("with_break", (3,)),
    ("while_loop", (3,)),
    ("two_appends", (2,)),
    ("used_later", (3, True)),
]
