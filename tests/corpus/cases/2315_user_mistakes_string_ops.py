from numba import njit


@njit("(unicode_type,)")
def str_times_float(s):
    return s * 2.0


@njit("(unicode_type, int64)")
def str_times_int(s, n):
    return s * n


@njit("(unicode_type, int64)")
def str_plus_int(s, n):
    return s + n


@njit("(unicode_type,)")
def str_upper(s):
    return s.upper()


@njit("(unicode_type,)")
def str_setitem(s):
    s[0] = 'x'
    return s


@njit("(int64,)")
def len_of_int(n):
    return len(n)


@njit("(unicode_type,)")
def str_to_float(s):
    return float(s)


@njit("(unicode_type,)")
def str_to_int(s):
    return int(s)


@njit("(unicode_type, unicode_type)")
def str_less(a, b):
    return a < b


@njit("(unicode_type,)")
def str_split_join(s):
    return "-".join(s.split(","))
