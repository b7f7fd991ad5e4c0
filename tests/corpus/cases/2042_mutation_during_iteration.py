# Containers changed while they are iterated, as Numba handles them: a typed dict's iteration
# ends when its size changed (the keys added are not visited), a typed list's next step
# raises RuntimeError("list was mutated during iteration"); a reflected list keeps going
# over its current items.
from numba import njit
from numba.typed import Dict, List


@njit
def dict_grows(n):
    d = Dict()
    for i in range(n):
        d[i] = i
    for k in d:
        d[k + 100] = 1
    return len(d)


@njit
def typed_list_grows(n):
    l = List(range(n))
    for x in l:
        l.append(x)
        if len(l) > 100:
            break
    return len(l)


@njit
def reflected_list_grows(n):
    l = list(range(n))
    for x in l:
        l.append(x)
        if len(l) > 10:
            break
    return len(l)


CALLS = [("dict_grows", (3,)), ("typed_list_grows", (3,)), ("reflected_list_grows", (3,))]
