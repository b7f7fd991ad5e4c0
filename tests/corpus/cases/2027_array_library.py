# NumPy library functions that build arrays from pieces of others: np.delete, np.insert,
# np.extract, np.select, np.diagflat, np.indices, np.kron, np.trim_zeros, np.hsplit/vsplit/
# dsplit, np.trapezoid, np.kaiser, np.iscomplex/isreal/isscalar, with Numba's errors.
import numpy as np
from numba import njit


@njit
def delete(a, obj):
    return np.delete(a, obj)


@njit
def insert(a, obj, values):
    return np.insert(a, obj, values)


@njit
def extract(cond, a):
    return np.extract(cond, a)


@njit
def select2(c1, c2, x1, x2):
    return np.select([c1, c2], [x1, x2])


@njit
def select_default(c1, x1, d):
    return np.select((c1,), (x1,), d)


@njit
def diagflat(v, k):
    return np.diagflat(v, k)


@njit
def indices(n, m):
    return np.indices((n, m))


@njit
def kron(a, b):
    return np.kron(a, b)


@njit
def trim_zeros(a):
    return np.trim_zeros(a), np.trim_zeros(a, "f"), np.trim_zeros(a, "B")


@njit
def hsplit(a, n):
    return np.hsplit(a, n)


@njit
def vsplit(a, n):
    return np.vsplit(a, n)


@njit
def trapezoid(y):
    return np.trapezoid(y)


@njit
def trapezoid_x(y, x):
    return np.trapezoid(y, x)


@njit
def trapezoid_dx(y, dx):
    return np.trapezoid(y, dx=dx)


@njit
def kaiser(m, beta):
    return np.kaiser(m, beta)


@njit
def predicates(z):
    return np.iscomplex(z), np.isreal(z), np.isscalar(z), np.isscalar(np.asarray(z))


@njit("float64[:](float64[:], float64)")
def delete_float_index(a, i):
    return np.delete(a, i)


@njit("float64[:](float64[:], int64, float64)")
def insert_axis(a, i, v):
    return np.insert(a, i, v, axis=0)


@njit("float64[:](float64[:], float64[:])")
def select_not_bool(c, x):
    return np.select([c], [x])


@njit("float64[:,:](float64[:,:], float64[:,:])")
def kron_any_layout(a, b):
    return np.kron(a[:, ::2], b)


@njit("int64[:,:](int64)")
def indices_not_tuple(n):
    return np.indices(n)


@njit("float64(float64)")
def trapezoid_scalar(y):
    return np.trapezoid(y)


@njit("float64[:](float64[:,:])")
def trim_zeros_2d(a):
    return np.trim_zeros(a)


@njit("boolean[:](float64[:])")
def iscomplex_any_layout(a):
    return np.iscomplex(a)


CALLS = [
    ("delete", (np.arange(5.0), 1)),
    ("delete", (np.arange(5.0), -1)),
    ("delete", (np.arange(5.0), 7)),
    ("delete", (np.arange(6.0).reshape(2, 3), np.array([0, 2, -1]))),
    ("delete", (np.arange(4), np.array([5]))),
    ("insert", (np.arange(4), 1, 9)),
    ("insert", (np.arange(4), -1, np.array([7.5, 8.5]))),
    ("insert", (np.arange(4.0), np.array([3, 1, 1]), np.array([10.0, 20.0, 30.0]))),
    ("insert", (np.arange(4.0), np.array([0, 4]), 5.0)),
    ("insert", (np.arange(4.0), np.array([0, 9]), 5.0)),
    ("insert", (np.arange(4.0), np.array([0, 1]), np.array([1.0, 2.0, 3.0]))),
    ("extract", (np.array([True, False, True]), np.arange(3.0))),
    ("extract", (np.arange(6) % 3, np.arange(6).reshape(2, 3))),
    ("extract", (np.array([True, False, True, True]), np.arange(3.0))),
    ("extract", (np.array([True]), np.zeros(0))),
    ("select2", (np.array([True, False, False]), np.array([True, True, False]), np.arange(3.0), -np.arange(3.0))),
    ("select_default", (np.array([True, False]), np.array([1, 2]), 7.5)),
    ("diagflat", (np.arange(3.0), 1)),
    ("diagflat", (np.arange(4).reshape(2, 2), -2)),
    ("indices", (2, 3)),
    ("kron", (np.arange(3.0), np.arange(2.0))),
    ("kron", (np.arange(4.0).reshape(2, 2), np.ones((2, 3)))),
    ("kron", (np.arange(3), np.arange(2.5, 4.0))),
    ("kron", (2.0, np.arange(3.0))),
    ("kron", (np.arange(4.0).reshape(2, 2), 3.0)),
    ("kron", (2.0, 3.0)),
    ("trim_zeros", (np.array([0, 0, 1, 2, 0]),)),
    ("trim_zeros", (np.array([0.0, -0.0]),)),
    ("hsplit", (np.arange(8.0).reshape(2, 4), 2)),
    ("hsplit", (np.arange(6.0), 3)),
    ("hsplit", (np.arange(8.0).reshape(2, 4), 3)),
    ("vsplit", (np.arange(8.0).reshape(4, 2), 2)),
    ("vsplit", (np.arange(6.0), 2)),
    ("trapezoid", (np.array([1.0, 2.5, 4.0, 3.0]),)),
    ("trapezoid", (np.array([1, 2, 4]),)),
    ("trapezoid", (np.zeros(0),)),
    ("trapezoid_x", (np.array([1.0, 2.0, 3.0]), np.array([0.0, 0.5, 2.0]))),
    ("trapezoid_dx", (np.array([1.0, 2.0, 3.0]), 0.25)),
    ("kaiser", (6, 2.5)),
    ("kaiser", (1, 3.0)),
    ("kaiser", (0, 3.0)),
    ("kaiser", (5, 12)),
    ("predicates", (np.array([1 + 0j, 2j]),)),
    ("predicates", (np.arange(3.0),)),
    ("predicates", (2.5,)),
]
