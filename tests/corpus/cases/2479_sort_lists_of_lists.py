"""Sorting lists of lists (typed and reflected): items ordered by the lists' own comparison."""
from numba import njit
from numba.typed import List


@njit
def sort_nested(n):
    outer = List()
    for i in range(n):
        outer.append(List([(i * 3) % n, i]))
    outer.sort()
    return outer


@njit
def sorted_nested(n):
    outer = List()
    for i in range(n):
        outer.append(List([n - i]))
    return sorted(outer)


@njit
def cmp_elems(n):
    outer = List()
    for i in range(n):
        outer.append(List([n - i]))
    return outer[0] < outer[1]




@njit
def sort_reflected(n):
    outer = [[(i * 7) % 5, i] for i in range(n)]
    outer.sort()
    return outer


@njit
def sorted_reversed(n):
    outer = [[i % 3, -i] for i in range(n)]
    return sorted(outer, reverse=True)


CALLS = [
    ("sort_nested", (4,)),
    ("sorted_nested", (3,)),
    ("cmp_elems", (3,)),
    ("sort_reflected", (6,)),
    ("sorted_reversed", (5,)),
]
