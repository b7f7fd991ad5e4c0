# A typed list sorted with a key (a lambda or a jit function), as Numba's typed-list sort
# calls the key on the items.
from numba import njit
from numba.typed import List


@njit
def keyf(v):
    return v % 3


@njit
def by_lambda(a):
    l = List()
    for x in a:
        l.append(x)
    l.sort(key=lambda v: -v)
    return l


@njit
def by_function(a):
    l = List()
    for x in a:
        l.append(x)
    l.sort(key=keyf, reverse=True)
    return l


CALLS = [("by_lambda", ([3, 1, 2],)), ("by_function", ([5, 3, 4, 9, 7],))]
