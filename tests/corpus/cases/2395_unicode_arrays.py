"""Arrays of unicode items (`<U1`): `==` of two arrays of one type (Numba's CmpOpEqArray), a
string against an array, tuple or list (never equal), np.array_equal, np.where, min/max/argmax,
fill with a string, copies between unicode arrays."""
import numpy as np
from numba import njit, types

U1 = types.Array(types.UnicodeCharSeq(1), 1, 'C')
U3 = types.Array(types.UnicodeCharSeq(3), 1, 'C')
U1_2 = types.Array(types.UnicodeCharSeq(1), 2, 'C')
U1A = types.Array(types.UnicodeCharSeq(1), 1, 'A')


@njit([(U1, U1), (U1, U3)])
def eq_arr(a, b):
    r = a == b
    return r


@njit([(U1,)])
def eq_str(a):
    r = a == "b"
    return r


@njit([(U1, U1), (types.int64[::1], U1)])
def ae(a, b):
    r = np.array_equal(a, b)
    return r


@njit([(U1,), (U3,)])
def amax(a):
    r = np.max(a)
    return r


@njit([(U1,)])
def amin(a):
    r = a.min()
    return r


@njit([(U1,)])
def aargmax(a):
    r = np.argmax(a)
    return r


@njit([(U1,)])
def fill_(a):
    b = a.copy()
    b.fill("q")
    return b


@njit([(U1,)])
def slice_set(a):
    b = np.empty_like(a)
    b[:] = a
    return b


@njit([(U1,)])
def item_set(a):
    b = a.copy()
    b[0] = "z"
    return b


@njit([(U1,)])
def ne_arr(a):
    r = a != a
    return r


@njit([(U1,)])
def lt_arr(a):
    r = a < a
    return r


@njit([(U1,)])
def where_eq(a):
    r = np.where(a == a, a, a)
    return r



@njit([(U1,)])
def ne_str(a):
    r = a != "b"
    return r


@njit([(U1,)])
def str_eq(a):
    r = "b" == a
    return r


@njit([(U1,)])
def eq_int(a):
    r = a == 1
    return r


@njit([(U1_2, U1), (U1A, U1)])
def eq_bcast(a, b):
    r = a == b
    return r


@njit([(U1,)])
def eq_item(a):
    r = a[0] == "b"
    return r


@njit([(U1,)])
def np_eq(a):
    r = np.equal(a, a)
    return r


@njit([(U1,), (types.Array(types.UnicodeCharSeq(2), 1, 'C'),)])
def eq_self_unichr(a):
    r = a == a[0]
    return r


@njit("(int64,)")
def int_eq_str(x):
    r = x == "a"
    return r


@njit("(int64,)")
def str_ne_int(x):
    r = "a" != x
    return r


@njit("(UniTuple(int64, 2),)")
def tup_eq_str(x):
    r = x == "a"
    return r


@njit("(float64[:],)")
def farr_eq_str(x):
    r = x == "a"
    return r


@njit("(float64[:],)")
def farr_ne_str(x):
    r = x != "a"
    return r

@njit
def copy_wider(a):
    b = np.empty(a.shape[0], dtype=np.dtype("<U3"))
    b[:] = a
    return b


@njit
def copy_narrower(a, b):
    b[:] = a
    return b


@njit
def where_bcast(c, x, y):
    return np.where(c, x, y)


@njit
def eq_2d(a, b):
    return a == b


@njit
def argmin_2d(a):
    return np.argmin(a), a.max()


@njit([(U3, U1), (U1, U3)])
def copy_sized(a, b):
    b[:] = a
    return b


@njit([(U3, U1), (U1, U3)])
def item_sized(a, b):
    b[0] = a[0]
    return b


@njit([(U1, types.unicode_type)])
def item_str(b, s):
    b[0] = s
    return b


@njit("(int64,)")
def empty_u3(n):
    return np.empty(n, dtype=np.dtype("<U3"))


@njit("(int64,)")
def empty_u2s(n):
    r = np.empty(n, dtype="<U2")
    r[:] = "ab"
    return r


@njit
def where_lit(a):
    return np.where(True, "x", "y")


@njit
def where_cond_str(c, a):
    return np.where(c, a, "z")


@njit
def where_cond_scalar(flag, a, b):
    return np.where(flag, a, b)


S = np.array(["b", "a", "c"])
T = np.array(["b", "x", "c"])
V = np.array(["bcd", "a", "c"])
CALLS = [
    ("eq_arr", (S, T)),
    ("eq_arr", (S, V)),
    ("eq_str", (S,)),
    ("ae", (S, S)),
    ("ae", (S, T)),
    ("amax", (S,)),
    ("amax", (V,)),
    ("amin", (S,)),
    ("aargmax", (S,)),
    ("fill_", (S,)),
    ("slice_set", (S,)),
    ("item_set", (S,)),
    ("ne_arr", (S,)),
    ("lt_arr", (S,)),
    ("where_eq", (S,)),
    ("copy_wider", (S,)),
    ("copy_narrower", (V, np.array(["x", "y", "z"]))),
    ("where_bcast", (np.array([[True], [False]]), S, V)),
    ("eq_2d", (np.array([["a", "b"], ["c", "d"]]), np.array([["a", "x"], ["c", "d"]]))),
    ("eq_2d", (np.array([["a", "b"], ["c", "d"]]), np.array([["a", "b"]]))),
    ("eq_2d", (np.array([["a", "b"], ["c", "d"]]), np.array([["a", "b", "c"]]))),
    ("argmin_2d", (np.array([["bb", "b"], ["ab", "c"]]),)),
    ("argmin_2d", (np.array([["bb", "b"], ["ab", "c"]]).T,)),
    ("argmin_2d", (np.array([], dtype="<U2").reshape(0, 2),)),
    ("item_str", (np.array(["x", "y"]), "zz")),
    ("empty_u2s", (2,)),
    ("where_lit", (np.ones(2),)),
    ("where_cond_str", (np.array([True, False, True]), S)),
    ("where_cond_scalar", (False, S, np.array(["q", "r", "s"]))),
]
