# Dict displays of literal values remember them in their type (`DictType[...]<iv={1: 2}>`),
# as Numba's interpreter records them: keys and values that are constants (a tuple key counts
# only in a display of two or more items), `_UNKNOWN_VALUE(name)` for a variable's value.
# Dict methods drop the initial value; two displays with different ones unify without it; a
# jit function called with such a dict is compiled for the dict without it.
from numba import njit


@njit
def size(d):
    return len(d)


@njit("int64(int64)")
def one_item(n):
    d = {1: 2}
    return len(d) + d[1]


@njit("int64(int64)")
def several(n):
    d = {1: 2, 3: 4, 5: 6}
    return d[3]


@njit("int64(int64)")
def string_values(n):
    d = {1: "a", 2: "b"}
    return len(d[n])


@njit("int64(int64)")
def tuple_key_alone(n):
    d = {(1, 2): 2}
    return len(d)


@njit("int64(int64)")
def tuple_keys(n):
    d = {(1, 2): 2, (3, 4): 5}
    return d[(3, 4)]


@njit("int64(int64)")
def variable_key(n):
    d = {n: 3}
    return d[n]


@njit("int64(int64)")
def variable_value(n):
    x = 2
    d = {1: x}
    return d[1]


@njit("int64(int64)")
def repeated_key(n):
    d = {1: 2, 1: 3}
    return d[1]


@njit("int64(int64)")
def method_drops_it(n):
    d = {1: 2}
    return d.get(n, 0)


@njit("int64(int64)")
def two_displays(n):
    d = {1: 2}
    if n > 1:
        d = {5: 6}
    return len(d)


@njit("int64(int64)")
def passed_on(n):
    d = {1: 2}
    d[7] = n
    return size(d)


@njit("int64(int64)")
def not_literal(n):
    d = {1: n, 2: 1.5}
    return len(d)


CALLS = [
    ("one_item", (1,)),
    ("several", (1,)),
    ("string_values", (2,)),
    ("tuple_keys", (1,)),
    ("variable_key", (4,)),
    ("variable_value", (1,)),
    ("repeated_key", (1,)),
    ("method_drops_it", (1,)),
    ("two_displays", (3,)),
    ("passed_on", (9,)),
]
