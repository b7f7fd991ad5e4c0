# `in` and `count` of a LiteralList compare each item with `==`, unrolled: Numba lowers that only
# when every item is a constant (a float, a variable or `None` among them is its
# NotImplementedError); `copy()` is the list, `index()` a TypingError. `keys()` of a
# LiteralStrKey[Dict] is the keys view of a typed dict of its keys.
from numba import njit


@njit("(int64,)")
def in_literal_list(n):
    x = [1, "a", 2.5]
    return n in x, "a" in x, 2.5 in x


@njit("(int64,)")
def lskd_keys(n):
    d = {"a": 1, "b": "x"}
    k = d.keys()
    return len(k) + n


@njit("(unicode_type,)")
def lskd_keys_in(s):
    d = {"a": 1, "b": "x"}
    return s in d.keys()




@njit("(int64,)")
def two_literals(n):
    x = [1, "a"]
    return n in x


@njit("(int64,)")
def float_str(n):
    x = [1.5, "a"]
    return n in x


@njit("(int64,)")
def arg_str(n):
    x = [n, "a"]
    return 1 in x


@njit("(int64,)")
def counted(n):
    x = [1, "a", 1]
    return x.count(n)


@njit("(int64,)")
def unrolled(n):
    x = [1, "a", 2.5]
    s = 0
    for v in x:
        s += 1
    return s


@njit("(int64,)")
def with_none(n):
    x = [1, "a", None]
    return n in x


@njit("(int64,)")
def with_bool(n):
    x = [True, "a"]
    return n in x


@njit("(int64,)")
def count_float(n):
    x = [1.5, "a", 1]
    return x.count(n)


@njit("(int64,)")
def copied(n):
    x = [1, "a"]
    y = x.copy()
    return len(y) + n


@njit("(int64,)")
def index_refused(n):
    x = [1, "a"]
    return x.index(1)


@njit("(unicode_type,)")
def str_in(s):
    x = [1, "a", "bc"]
    return s in x, x.count(s)




@njit("(int64,)")
def keys_loop(n):
    d = {"ab": 1, "c": "x"}
    s = n
    for k in d.keys():
        s += len(k)
    return s


CALLS = [
    ("in_literal_list", (1,)), ("lskd_keys", (2,)), ("lskd_keys_in", ("b",)),
    ("two_literals", (1,)), ("two_literals", (2,)), ("counted", (1,)), ("counted", (5,)),
    ("with_bool", (1,)), ("with_bool", (0,)), ("copied", (1,)), ("str_in", ("bc",)), ("str_in", ("z",)),
    ("keys_loop", (1,)),
]
