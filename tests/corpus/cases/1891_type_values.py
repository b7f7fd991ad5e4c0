import numpy as np
from numba import njit, types
from numba.typed import Dict, List

float_array = types.float64[:]
pair = types.UniTuple(types.int64, 2)
int_class = types.int32


@njit("(int64,)")
def subscripted_in_body(n):
    d = Dict.empty(key_type=types.unicode_type, value_type=types.float64[:])
    d["a"] = np.zeros(n)
    rows = List.empty_list(types.int64[::1])
    rows.append(np.arange(n))
    kind = types.unicode_type
    return d, rows, d["a"].sum() + rows[0].sum()


@njit("(int64,)")
def module_level_types(n):
    d = Dict.empty(key_type=pair, value_type=float_array)
    d[(n, n)] = np.ones(n)
    counts = Dict.empty(key_type=int_class, value_type=int_class)
    counts[1] = 2
    return d, counts


@njit("(int64,)")
def two_d_item_types(n):
    c_rows = List.empty_list(types.float64[:, ::1])
    c_rows.append(np.zeros((n, 2)))
    f_rows = List.empty_list(types.float64[::1, :])
    f_rows.append(np.zeros((2, n)).T)
    a_rows = List.empty_list(types.int64[:, :])
    a_rows.append(np.ones((n, n), dtype=np.int64)[::2])
    return c_rows, f_rows, a_rows


CALLS = [("subscripted_in_body", (3,)), ("module_level_types", (2,)), ("two_d_item_types", (2,))]
