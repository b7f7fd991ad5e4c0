from numba import njit


@njit("(int64,)")
def dict_literal_mixed(n):
    d = {'a': n, 'b': 2.5}
    return d['a']


@njit("(int64,)")
def dict_setitem_mixed(n):
    d = {}
    d['a'] = n
    d['b'] = 'x'
    return d


@njit("(int64,)")
def dict_mixed_keys(n):
    d = {1: 'a', 'b': n}
    return len(d)


@njit("(int64,)")
def dict_empty_returned(n):
    d = dict()
    return d


@njit("(int64,)")
def dict_typed_control(n):
    d = {}
    for i in range(n):
        d[i] = i * 1.5
    return d


@njit("(int64,)")
def dict_get_default_mismatch(n):
    d = {1: 1.0}
    return d.get(n, 'none')


@njit("(int64,)")
def dict_literal_loop(n):
    d = {'a': n, 'b': 2.5}
    s = 0.0
    for k in d:
        s += d[k]
    return s


@njit("(int64,)")
def dict_list_key(n):
    d = {}
    d[[1, 2]] = n
    return d
