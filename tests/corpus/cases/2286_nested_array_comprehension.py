"""np.array of a comprehension of comprehensions: Numba's _inline_arraycall rewrites both
loops into array stores and _fix_nested_array makes one 2-d array, when the inner loop's length
is known before the outer array is allocated; otherwise typing fails at the store."""
import numpy as np
from numba import njit


@njit("int64[:,:](int64)")
def const_inner(n):
    return np.array([[i * j for j in range(3)] for i in range(n)])


@njit("int64[:,:](int64, int64)")
def arg_inner(n, m):
    return np.array([[i * j for j in range(m)] for i in range(n)])


@njit("int64[:,:](int64)")
def triangular_inner(n):
    return np.array([[i * j for j in range(i)] for i in range(n)])


@njit("float64[:,:](float64[:])")
def array_inner(a):
    return np.array([[x * 2 for x in a] for i in range(3)])


@njit("int64[:,:](int64)")
def explicit_loops(n):
    out = []
    for i in range(n):
        row = []
        for j in range(3):
            row.append(i + j)
        out.append(row)
    return np.array(out)


@njit("float64[:,:](int64)")
def dtype_given(n):
    return np.array([[i * j for j in range(3)] for i in range(n)], dtype=np.float64)


@njit("int64[:,:](int64)")
def start_stop_inner(n):
    return np.array([[i * j for j in range(1, 4)] for i in range(n)])


@njit("int64[:,:](int64)")
def arange_rows(n):
    return np.array([np.arange(3) for i in range(n)])


@njit("float64[:,:](int64)")
def offset_outer(n):
    return np.array([[i * 1.5 for j in range(3)] for i in range(2, n)])


@njit("float64[:,:](float64[:,:])")
def rows_of_array(a):
    return np.array([[v for v in row] for row in a])


@njit("int64[:,:](int64)")
def local_const_inner(n):
    m = 4
    return np.array([[i * j for j in range(m)] for i in range(n)])


@njit("int64[:,:](int64)")
def named_list(n):
    x = [[i * j for j in range(3)] for i in range(n)]
    return np.array(x)


@njit("Tuple((int64[:,:], int64))(int64)")
def list_read_after(n):
    x = [[i * j for j in range(3)] for i in range(n)]
    y = np.array(x)
    return y, len(x)


@njit("float64[:,:](int64)")
def float_rows(n):
    return np.array([[i / 2 for j in range(2)] for i in range(n)])


@njit("int64(int64)")
def sum_nested(n):
    return np.array([[i + j for j in range(n)] for i in range(n)]).sum()


N = 3


@njit("int64[:,:](int64)")
def global_inner(n):
    return np.array([[i * j for j in range(N)] for i in range(n)])


@njit("float64[:](int64)")
def dtype_numbers(n):
    out = []
    for i in range(n):
        out.append(i * 2)
    return np.array(out, dtype=np.float64)


@njit("float64[:,:](int64)")
def dtype_rows_loops(n):
    out = []
    for i in range(n):
        row = [float(i), 1.0]
        out.append(row)
    return np.array(out, dtype=np.float64)


@njit("int64[:,:](int64)")
def unfixed_loops(n):
    out = []
    for i in range(n):
        row = []
        for j in range(i, i + 3):
            row.append(j)
        out.append(row)
    return np.array(out)


@njit("int64[:,:](int64)")
def row_display(n):
    out = []
    for i in range(n):
        out.append([i, i + 1])
    return np.array(out)


@njit("int64[:](int64)")
def flat(n):
    return np.array([i * 2 for i in range(n)])


@njit("int64[:](int64)")
def flat_from_one(n):
    return np.array([i * 2 for i in range(1, n)])


CALLS = [
    ("dtype_numbers", (3,)),
    ("const_inner", (3,)),
    ("arg_inner", (3, 2)),
    ("explicit_loops", (2,)),
    ("offset_outer", (4,)),
    ("local_const_inner", (2,)),
    ("named_list", (2,)),
    ("list_read_after", (2,)),
    ("float_rows", (3,)),
    ("sum_nested", (4,)),
    ("const_inner", (0,)),
    ("arg_inner", (0, 3)),
    ("arg_inner", (2, -1)),
    ("arg_inner", (2, 0)),
    ("flat", (-1,)),
    ("flat", (0,)),
    ("flat_from_one", (0,)),
    ("flat_from_one", (1,)),
    ("flat_from_one", (4,)),
]
