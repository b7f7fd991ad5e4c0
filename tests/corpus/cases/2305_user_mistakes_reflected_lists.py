from numba import njit


@njit("(int64,)")
def list_of_lists_build(n):
    l = [[1, 2], [3, n]]
    return l


@njit("int64(List(List(int64, reflected=True), reflected=True))")
def list_of_lists_arg(l):
    return l[0][0]


@njit("int64(List(int64, reflected=True))")
def list_arg(l):
    s = 0
    for x in l:
        s += x
    return s


@njit("(List(int64, reflected=True),)")
def list_arg_append_float(l):
    l.append(2.5)
    return l


@njit("(List(int64, reflected=True),)")
def list_arg_extend_list(l):
    l.extend([1, 2])
    return l


@njit("(int64,)")
def list_of_lists_append(n):
    out = []
    for i in range(n):
        out.append([i])
    return out
