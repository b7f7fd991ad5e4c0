# Records with subarray fields (`("pos", np.float64, (3,))`): a field is a `nestedarray(float64, (3,))`
# over the record's bytes (indexed, written, iterated, summed), a field view of a record array has
# the subarray's dimensions after its own; aligned records with subarrays.
import numpy as np
import numba
from numba import njit

PT = np.dtype([("pos", np.float64, (3,)), ("m", np.float64)])
PT_T = numba.from_dtype(PT)
GRID = np.dtype([("cell", np.int32, (2, 2)), ("tag", np.uint8)])
GRID_T = numba.from_dtype(GRID)


@njit((PT_T[:],))
def moment(a):
    s = 0.0
    for i in range(a.shape[0]):
        p = a[i].pos
        s += p[0] * a[i].m + p.sum()
    return s


@njit((PT_T[:],))
def move(a):
    for i in range(a.shape[0]):
        a[i].pos[1] = 5.0
        a[i]["pos"][2] += 1.0
    return a


@njit((PT_T[:],))
def positions(a):
    return a.pos, a["pos"][:, 0]


@njit((GRID_T[:],))
def cells(a):
    c = a[0].cell
    return c[1, 0], c.shape, c.sum(), len(c)


@njit((PT_T,))
def one(r):
    return r.pos


@njit((PT_T[:],))
def iterate(a):
    t = 0.0
    for v in a[0].pos:
        t += v
    return t


ALIGNED = np.dtype([("flag", np.bool_), ("v", np.float32, (2,))], align=True)
AL_T = numba.from_dtype(ALIGNED)


@njit((AL_T[:],))
def aligned_sub(a):
    a[0].v[:] = 1.5
    return a.v.sum(), a[1].v[1], a


@njit
def scaled(a, k):
    out = np.zeros((a.shape[0], 3))
    for i in range(a.shape[0]):
        out[i] = a[i].pos * k
    return out


CALLS = [
    ("one", (np.array([([1.0, 2.0, 3.0], 2.0)], dtype=[("pos", "f8", (3,)), ("m", "f8")])[0],)),
    ("aligned_sub", (np.array([(True, [1.0, 2.0]), (False, [3.0, 4.0])], dtype=np.dtype([("flag", "?"), ("v", "f4", (2,))], align=True)),)),
    ("scaled", (np.array([([1.0, 2.0, 3.0], 2.0), ([0.5, 0.5, 0.5], 4.0)], dtype=[("pos", "f8", (3,)), ("m", "f8")]), 2.0)),
    ("moment", (np.array([([1.0, 2.0, 3.0], 2.0), ([0.5, 0.5, 0.5], 4.0)], dtype=[("pos", "f8", (3,)), ("m", "f8")]),)),
    ("move", (np.array([([1.0, 2.0, 3.0], 2.0), ([0.5, 0.5, 0.5], 4.0)], dtype=[("pos", "f8", (3,)), ("m", "f8")]),)),
    ("positions", (np.array([([1.0, 2.0, 3.0], 2.0), ([0.5, 0.5, 0.5], 4.0)], dtype=[("pos", "f8", (3,)), ("m", "f8")]),)),
    ("cells", (np.array([([[1, 2], [3, 4]], 7)], dtype=[("cell", "i4", (2, 2)), ("tag", "u1")]),)),
    ("iterate", (np.array([([1.0, 2.0, 3.0], 2.0)], dtype=[("pos", "f8", (3,)), ("m", "f8")]),)),
]
