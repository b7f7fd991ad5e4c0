from numba import njit, types
from numba.typed import List, Dict

item_type = types.unicode_type
int_list = types.ListType(types.int64)


@njit("(int64,)")
def methods(n):
    tl = List([3, 1, 2])
    for i in range(n):
        tl.append(i * 10)
    tl[0] = 7
    tl[-1] = tl[-1] + 1
    first = tl.pop(0)
    tl.insert(1, 99)
    tl.remove(99)
    total = 0
    for x in tl:
        total += x
    return tl, first, total, 2 in tl, 5 in tl, len(tl), tl[-2]


@njit("(int64,)")
def strings(n):
    u = item_type
    words = List.empty_list(u)
    for i in range(n):
        words.append("w" + str(i))
    words.reverse()
    return words, "-".join(words)


@njit("(int64,)")
def copied(n):
    a = List.empty_list(types.float64)
    for i in range(n):
        a.append(i + 0.5)
    b = a.copy()
    b.append(100.0)
    a.clear()
    return a, b, len(b)


@njit("(int64,)")
def not_found(n):
    tl = List([1, 2, 3])
    return tl.index(n)


@njit("(int64,)")
def pop_empty(n):
    tl = List.empty_list(types.int64)
    for i in range(n):
        tl.append(i)
    return tl.pop()


@njit("(int64,)")
def lists_in_dict(n):
    d = Dict.empty(key_type=types.int64, value_type=int_list)
    for i in range(n):
        inner = List.empty_list(types.int64)
        for j in range(i + 1):
            inner.append(j * j)
        d[i] = inner
    return len(d), d[n - 1]


CALLS = [
    ("methods", (2,)),
    ("strings", (3,)),
    ("copied", (3,)),
    ("not_found", (2,)),
    ("not_found", (9,)),
    ("pop_empty", (0,)),
    ("pop_empty", (2,)),
    ("lists_in_dict", (3,)),
]
