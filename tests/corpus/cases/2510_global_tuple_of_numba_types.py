"""A module-level tuple of Numba types (`KV = (types.int64, types.unicode_type)`) is a tuple of
type classes in jit code: star-passed to `Dict.empty`, indexed, and used in a jitclass spec."""
from numba import njit, typed, types
from numba.experimental import jitclass

KV = (types.int64, types.unicode_type)
FLOATS = (types.float64, types.float32)


@jitclass([("d", types.DictType(*KV))])
class Holder:
    def __init__(self):
        self.d = typed.Dict.empty(*KV)


@njit
def star_empty():
    d = typed.Dict.empty(*KV)
    d[1] = "a"
    return len(d), d[1]


@njit
def indexed():
    d = typed.Dict.empty(KV[0], KV[1])
    d[3] = "b"
    l = typed.List.empty_list(FLOATS[1])
    l.append(1.5)
    return d[3], l[0]


@njit("Tuple((int64, unicode_type))()")
def holder():
    h = Holder()
    h.d[2] = "orange"
    return len(h.d), h.d[2]


CALLS = [("star_empty", ()), ("indexed", ()), ("holder", ())]
