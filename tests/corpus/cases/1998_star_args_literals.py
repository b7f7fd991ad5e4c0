# A jit function taking *args, called from jit code with constants among the arguments: Numba
# compiles it for a tuple of those types, literals kept (`Tuple(int64, Literal[int](2))`),
# which iterates as the UniTuple of one type when its items are that type but for literal
# values; items of other types (float64 and a literal int, int32 and int64) do not.
from numba import njit


@njit
def total(*args):
    s = 0
    for a in args:
        s += a
    return s


@njit
def first_and_rest(x, *rest):
    return x + len(rest)


@njit("int64(int64)")
def use_total(n):
    return total(n, 2, 3)


@njit("int64(int64)")
def use_first_and_rest(n):
    return first_and_rest(n, 1, 2)


@njit("float64(float64)")
def mixed(x):
    return total(x, 1)


@njit("int64(int64)")
def literal_items(n):
    t = (n, 2, 3)
    s = 0
    for a in t:
        s += a * 2
    return s


@njit("int64(int32)")
def other_widths(n):
    return total(n, 2)


@njit("int64(int64)")
def all_constants(n):
    return total(1, 2) + n


CALLS = [
    ("literal_items", (4,)),
    ("all_constants", (4,)),
    ("use_total", (1,)),
    ("use_first_and_rest", (4,)),
    ("mixed", (0.5,)),
]
