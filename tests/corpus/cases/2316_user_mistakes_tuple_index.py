from numba import njit


@njit("(int64,)")
def hetero_var_index(i):
    t = (1, 2.5, 'a')
    return t[i]


@njit("(int64,)")
def homo_var_index(i):
    t = (1, 2, 3)
    return t[i]


@njit("(int64, int64)")
def hetero_var_slice(i, j):
    t = (1, 2.5, 'a')
    return t[i:j]


@njit("(int64,)")
def tuple_setitem(n):
    t = (1, 2, 3)
    t[0] = n
    return t


@njit("(int64,)")
def tuple_append(n):
    t = (1, 2)
    t.append(n)
    return t


@njit("(int64,)")
def tuple_concat(n):
    t = (1, 2)
    return t + (n,)


@njit("(int64,)")
def hetero_num_var_index(i):
    t = (1, 2.5)
    return t[i]


@njit("(int64,)")
def tuple_out_of_range(n):
    t = (1, 2)
    return t[5]


@njit("(UniTuple(int64, 3), int64)")
def unituple_arg_slice(t, i):
    return t[i:]
