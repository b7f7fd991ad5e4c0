from numba import njit


@njit("(unicode_type,)")
def split_int(s):
    return s.split(1)


@njit("(unicode_type,)")
def startswith_tuple(s):
    return s.startswith(('a', 'b'))


@njit("(unicode_type,)")
def find_start(s):
    return s.find('a', 1)


@njit("(unicode_type,)")
def replace_count(s):
    return s.replace('a', 'b', 1)


@njit("(unicode_type,)")
def strip_none(s):
    return s.strip(None)


@njit("(unicode_type,)")
def count_sub(s):
    return s.count('a')


@njit("(unicode_type,)")
def encode(s):
    return s.encode()


@njit("(unicode_type,)")
def join_ints(s):
    return s.join([1, 2])


@njit("(unicode_type,)")
def str_isdigit(s):
    return s.isdigit()


@njit("(unicode_type,)")
def str_index_float(s):
    return s[1.0]


@njit("(unicode_type,)")
def str_zfill(s):
    return s.zfill(5)


@njit("(unicode_type,)")
def str_format_method(s):
    return s.format(1)
