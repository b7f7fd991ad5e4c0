import numpy as np
from numba import njit


@njit
def acc_u64(a):
    s = 0
    for x in a:
        s += x
    return s


@njit
def acc_i8(a):
    s = np.int8(0)
    for x in a:
        s += x
    return s


@njit
def acc_u8_init(a):
    s = np.uint8(0)
    for x in a:
        s = s + x
    return s


@njit
def tern(c, a, b):
    return a if c else b


@njit
def branch_ret(c, a, b):
    if c:
        return a
    return b


@njit
def var_rebind(c, x):
    y = 1
    if c:
        y = x
    return y


@njit
def tuple_unify(c, a, b):
    t = (a, 1)
    if c:
        t = (b, 2)
    return t


@njit
def list_unify(a, b):
    l = [a]
    l.append(b)
    return l


@njit
def minmax_loop(a):
    m = 0
    for x in a:
        if x > m:
            m = x
    return m


@njit
def u64_loop(n):
    s = np.uint64(0)
    for i in range(n):
        s += np.uint64(i)
    return s


@njit
def range_u64(n):
    s = 0
    for i in range(n):
        s += i
    return s


@njit
def u64_index_arith(a, i):
    return a[i - 1]


CALLS = [
    ("acc_u64", (np.array([18446744073709551615, 1], dtype=np.uint64),)),
    ("acc_u64", (np.array([9007199254740993, 0], dtype=np.uint64),)),
    ("acc_u64", (np.array([100, 100], dtype=np.int8),)),
    ("acc_u64", (np.array([0.1, 0.2], dtype=np.float32),)),
    ("acc_i8", (np.array([100, 100], dtype=np.int8),)),
    ("acc_i8", (np.array([0.5, 0.25]),)),
    ("acc_u8_init", (np.array([200, 100], dtype=np.uint8),)),
    ("acc_u8_init", (np.array([200, 100], dtype=np.int64),)),
    ("tern", (True, 9007199254740993, np.uint64(1))), ("tern", (False, -1, np.uint64(18446744073709551615))),
    ("tern", (True, np.int8(-1), np.uint8(1))), ("tern", (True, np.float32(0.1), 1)),
    ("tern", (True, np.float32(0.1), np.int16(1))), ("tern", (True, 1, 1j)), ("tern", (True, True, 2)),
    ("branch_ret", (True, -1, np.uint64(2))), ("branch_ret", (True, np.int32(-1), np.uint32(2))),
    ("branch_ret", (True, np.float32(0.1), 0.2)), ("branch_ret", (False, np.int8(1), np.uint16(70))),
    ("var_rebind", (True, np.uint64(18446744073709551615))), ("var_rebind", (True, 2.5)),
    ("var_rebind", (True, np.float32(0.1))),
    ("tuple_unify", (True, np.int32(1), 2.5)), ("tuple_unify", (False, np.uint64(9007199254740993), -1)),
    ("list_unify", (1, 2.5)), ("list_unify", (np.int8(1), 300)), ("list_unify", (np.uint64(1), -1)),
    ("minmax_loop", (np.array([0.5, 1.5]),)), ("minmax_loop", (np.array([18446744073709551615], dtype=np.uint64),)),
    ("u64_loop", (5,)), ("range_u64", (np.uint64(5),)), ("range_u64", (np.int8(5),)),
    ("u64_index_arith", (np.array([1.0, 2.0]), np.uint64(1))),
]
