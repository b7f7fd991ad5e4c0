"""Lists extended with sets, dicts and dict views (typed and reflected lists), which are iterated
from their variables."""
from numba import njit, typed
@njit
def ext_set():
    l = typed.List([1, 2])
    l.extend({3, 4})
    return len(l), l[2] + l[3]
@njit
def ext_set_reflected():
    l = [1.5]
    l.extend({3, 4})
    return len(l), l[1] + l[2]
@njit
def ext_dict():
    l = [1]
    d = {5: 1.0, 6: 2.0}
    l.extend(d)
    l.extend(d.keys())
    return l
@njit
def ext_dict_typed():
    l = typed.List([1.0])
    d = {5: 1.0, 6: 2.0}
    l.extend(d.values())
    return len(l), l[1], l[2]
CALLS = [("ext_set", ()), ("ext_set_reflected", ()), ("ext_dict", ()), ("ext_dict_typed", ())]
