from numba import njit


@njit("(unicode_type, int64)")
def add_int(s, n):
    return s + n


@njit("(unicode_type,)")
def to_float(s):
    return float(s)


@njit("(unicode_type,)")
def setchar(s):
    s[0] = "x"
    return s


@njit("(unicode_type,)")
def to_int(s):
    return int(s)


@njit("(unicode_type, unicode_type)")
def ok_cmp(s, t):
    x = s.split(t)
    return len(x) > 0 and s.isspace()
