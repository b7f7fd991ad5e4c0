"""Empty lists refined through phis, as Numba refines them: a refined type goes back only through the\ncopy (Propagate) that ran last into the phi, and copies themselves never refine; an empty list left\nunrefined is an imprecise-type error at its line."""
from numba import njit

@njit("int64(boolean)")
def two_empties(c):
    if c:
        l = []
    else:
        l = []
    l.append(1)
    return len(l)

@njit("int64(boolean)")
def empty_then_full(c):
    if c:
        l = []
    else:
        l = [5]
    l.append(1)
    return len(l)

@njit("int64(boolean)")
def full_then_empty(c):
    if c:
        l = [5]
    else:
        l = []
    l.append(1)
    return len(l)

@njit("int64(int64)")
def loop_reset_first(n):
    row = []
    for i in range(n):
        if i % 2 == 1:
            row = [0]
        row.append(i)
    return len(row)

@njit("int64(int64)")
def loop_reset_empty(n):
    row = [1]
    for i in range(n):
        row.append(i)
        if i % 2 == 1:
            row = []
    return len(row)

@njit("int64(int64)")
def loop_plain(n):
    row = []
    for i in range(n):
        row.append(i)
    return len(row)

@njit("int64(int64)")
def while_reset(n):
    row = []
    i = 0
    while i < n:
        row.append(i)
        if len(row) > 2:
            row = []
        i += 1
    return len(row)

@njit
def reassign_in_loop(n):
    row = []
    for i in range(n):
        row.append(i)
        if i % 2 == 1:
            row = [0]
    return row



@njit
def dict_two_empties(c):
    if c:
        d = {}
    else:
        d = {}
    d[1] = 2.0
    return len(d)


@njit
def dict_loop_reset(n):
    d = {}
    for i in range(n):
        d[i] = 1.0
        if i == 2:
            d = {}
    return len(d)


@njit
def list_alias_then_append(n):
    a = []
    b = a
    b.append(n)
    return len(a)


CALLS = [("reassign_in_loop", (4,)), ("reassign_in_loop", (0,)), ("dict_two_empties", (True,)), ("dict_loop_reset", (5,)), ("list_alias_then_append", (3,))]
