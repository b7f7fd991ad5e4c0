"""== and != between lists of lists compare item by item at every level."""
from numba import njit


@njit
def eq_nested():
    return [[1, 2], [3]] == [[1, 2], [3]]


@njit
def eq_nested_var(n, m):
    x = [[i, i * 2] for i in range(n)]
    y = [[i, i * 2] for i in range(m)]
    return x == y, x != y


@njit
def differ_inside(k):
    x = [[1.0, 2.0], [3.0]]
    y = [[1.0, 2.0], [float(k)]]
    return x == y, x != y


@njit
def three_levels(k):
    x = [[[1, 2]], [[k]]]
    y = [[[1, 2]], [[3]]]
    return x == y


CALLS = [
    ("eq_nested", ()),
    ("eq_nested_var", (3, 3)),
    ("eq_nested_var", (3, 2)),
    ("eq_nested_var", (0, 0)),
    ("differ_inside", (3,)),
    ("differ_inside", (4,)),
    ("three_levels", (3,)),
    ("three_levels", (5,)),
]
