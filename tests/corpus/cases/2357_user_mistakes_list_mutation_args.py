from numba import njit


@njit("(List(int64, reflected=True),)")
def list_insert_float(l):
    l.insert(0, 2.5)
    return l


@njit("(List(int64, reflected=True),)")
def list_setitem_float(l):
    l[0] = 2.5
    return l


@njit("(List(int64, reflected=True),)")
def list_extend_float(l):
    l.extend([2.5])
    return l


@njit("(List(int64, reflected=True),)")
def list_append_str(l):
    l.append('a')
    return l


@njit("(List(int64, reflected=True),)")
def list_local_append_float(l):
    m = [1]
    m.append(2.5)
    return len(m) + len(l)


@njit("(List(float64, reflected=True),)")
def list_float_append_int(l):
    l.append(1)
    return l


@njit("(List(int64, reflected=True),)")
def list_append_float_noreturn(l):
    l.append(2.5)
    return len(l)


@njit("(ListType(int64),)")
def typed_list_append_float(l):
    l.append(2.5)
    return l


@njit("(List(int64, reflected=True),)")
def list_sort_key_float(l):
    l.sort()
    return l


@njit("(List(UniTuple(int64, 2), reflected=True),)")
def list_tuple_arg(l):
    return l[0][0]


@njit("(List(float64[:], reflected=True),)")
def list_array_arg(l):
    return l[0].sum()
