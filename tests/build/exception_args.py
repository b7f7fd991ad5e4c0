"""Exceptions raised by compiled code surface in Python with Numba's arguments, not only its
class: a missing dict key is `KeyError(key)` (the number, string or tuple itself), `pop` and
`del` of a missing key `KeyError()`, `set.remove` its message, `raise ValueError("too big", n)`
its two arguments, strings among them; a list whose items Numba types differently cannot be
unboxed (`int64 != float64`); a slice assigned from an array or tuple of another shape names both; a call with
arguments no specialization takes names their Numba types (bytes, datetimes, arrays of strings);
a `@vectorize` ufunc's identity is its `identity=` (an empty reduction of one without raises); a
ufunc kernel's exception is the last element's, a gufunc's the first. Each call's outcome (result, or
exception class and `repr` of its arguments) must equal what Numba 0.68.1 gave for the same
call, recorded in `exception_args.expected.json`.

Usage: python tests/build/exception_args.py            (a Python with numpy and the runtime)
       python tests/build/exception_args.py --record   (a Python with numba 0.68.1: rewrites
                                                        the expected answers)
"""
import os
import sys

from numba_answers import run

EXPECTED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "exception_args.expected.json")

SOURCE = '''
import numpy as np
from numba import guvectorize, njit, vectorize
from numba.typed import Dict, List


class MyError(Exception):
    pass


class Sub(MyError):
    """A subclass."""


class WithInit(ValueError):
    def __init__(self, code, extra=1):
        super().__init__("code %d" % code)
        self.code = code * extra


@njit("int64(int64)")
def getitem(n):
    d = {1: 2}
    return d[n]


@njit("int64(int64)")
def pop(n):
    d = {1: 2}
    return d.pop(n)


@njit("int64(int64)")
def delitem(n):
    d = Dict()
    d[1] = 2
    del d[n]
    return len(d)


@njit("int64(int64)")
def remove(n):
    s = {1, 2}
    s.remove(n)
    return len(s)


@njit("float64(float64)")
def float_key(x):
    d = {1.5: 2.0}
    return d[x]


@njit("int64(boolean)")
def bool_key(b):
    d = {True: 2}
    return d[b]


@njit("int64(unicode_type)")
def str_key(x):
    d = {"a": 2}
    return d[x]


@njit("int64(int64)")
def tuple_key(n):
    d = {(1, 2): 2}
    return d[(n, n)]


@njit("int64(int64)")
def function_value(n):
    d = {7: lambda v: v + 100}
    return d[n](n)


@njit("int64(int64)")
def raised(n):
    if n > 2:
        raise ValueError("too big", n)
    return n


@njit("int64(int64)")
def raised_one(n):
    raise IndexError(n)


@njit("int64(int64)")
def raised_text(n):
    raise ValueError("bad value")


@njit("int64(int64)")
def raised_const(n):
    raise KeyError(3, "x", 2.5, None)


@njit("int64(unicode_type)")
def raised_name(name):
    raise ValueError("bad name", name, len(name))


@njit("int64(unicode_type)")
def raised_empty(s):
    raise ValueError(s)


@njit("float64(int64)")
def converted_key(n):
    d = {1.5: 1.0}
    return d[n]


@njit("int64(int64)")
def odd_constants(n):
    raise ValueError("can't open C:\\\\tmp\\n", 1e16, n)


@njit("int64(int64)")
def own_class(n):
    raise MyError("negative", n)


@njit("int64(int64)")
def own_subclass(n):
    raise Sub


@njit("int64(int64)")
def own_init(n):
    raise WithInit(n)


@njit("int64(unicode_type)")
def own_text(s):
    raise Sub(s)


@njit("int64(int64)")
def tuple_arg(n):
    raise ValueError((n, 2))


@njit("int64(float64)")
def tuple_args(x):
    raise KeyError("at", (x, 1), (x,))


@njit("int64(int64)")
def slice_assign(n):
    l = [1, 2, 3, 4, 5, 6]
    l[::2] = [7, 7]
    return len(l)


@njit("int64(int64)")
def typed_pop(n):
    l = List()
    l.append(1)
    return l.pop(n)


@njit("int64(int64)")
def typed_setitem(n):
    l = List()
    l.append(1)
    l[n] = 5
    return l[0]


@njit("int64(int64)")
def list_index(n):
    return [1, 2, 3].index(n)


@njit("int64(int64)")
def typed_list_getitem(n):
    l = List()
    l.append(1)
    return l[n]


@njit("int64(int64)")
def reflected_list_getitem(n):
    l = [1, 2]
    return l[n]


@njit("int64(int64)")
def popitem_empty(n):
    d = {1: 2}
    del d[n]
    return d.popitem()[0]


@njit("UniTuple(int64, 2)(int64, int64)")
def int_divmod(a, b):
    return divmod(a, b)


@njit("UniTuple(float64, 2)(float64, float64)")
def float_divmod(a, b):
    return divmod(a, b)


@njit("int64(int64, int64)")
def int_mod(a, b):
    return a % b


@njit("int64(int64, int64)")
def int_floordiv(a, b):
    return a // b


@njit("float64(float64, float64)")
def float_mod(a, b):
    return a % b


@njit("float64(float64, float64)")
def float_floordiv(a, b):
    return a // b


@njit("int64(List(int64, True))")
def list_len(xs):
    return len(xs)


@njit("float64(int64)")
def slice_mismatch(n):
    a = np.zeros(5)
    a[0:3] = np.ones(n)
    b = np.zeros((3, 3))
    b[1:] = np.ones((n, 3))
    return a.sum() + b.sum()


@vectorize(["float64(float64, float64)"], identity=0)
def vadd_identity(a, b):
    return a + b


@vectorize(["float64(float64, float64)"], identity="reorderable")
def vmax_reorderable(a, b):
    return max(a, b)


@vectorize(["int64(int64)"])
def raising_ufunc(x):
    if x > 2:
        raise ValueError("too big " + str(x))
    return x


@guvectorize(["void(float64[:], float64[:])"], "(n)->(n)")
def raising_gufunc(a, out):
    for i in range(a.shape[0]):
        if a[i] < 0:
            raise IndexError("negative " + str(i))
        out[i] = a[i]


@njit("unicode_type(unicode_type)")
def exclaim(s):
    return s + "!"


@njit("int64(int64)")
def repeated_message(n):
    s = "abc" * n
    raise ValueError(s)


@njit("float64(float64)")
def tuple_into_row(x):
    a = np.zeros((2, 3))
    a[0] = (x, x, x)
    a[1, 1:] = (x, 2 * x)
    a[1, :2] = (x, x, x)
    return a.sum()
'''

CALLS = [
    "getitem(1)", "getitem(3)", "getitem(-7)", "pop(3)", "delitem(3)", "remove(3)", "float_key(2.5)", "float_key(-0.0)",
    "bool_key(False)", "str_key('zz')", "str_key('')", "str_key('it\\'s \\\\ é\\n')", "tuple_key(5)", "function_value(7)", "function_value(3)",
    "raised(1)", "raised(5)", "raised_one(5)", "raised_text(5)", "raised_const(1)",
    "raised_name('x\\'y')", "raised_empty('')", "raised_empty('ab')",
    "converted_key(2)", "odd_constants(1)",
    "list_index(5)", "typed_list_getitem(3)", "reflected_list_getitem(3)", "popitem_empty(1)",
    "int_divmod(7, 0)", "float_divmod(7.5, 0.0)", "int_mod(7, 0)", "int_floordiv(7, 0)", "float_mod(7.5, 0.0)",
    "float_floordiv(7.5, 0.0)",
    "own_class(-1)", "own_subclass(1)", "own_init(-5)", "own_text('it is')",
    "tuple_arg(5)", "tuple_args(1.5)", "tuple_args(-0.0)",
    "slice_assign(0)", "typed_pop(2)", "typed_setitem(2)",
    "vadd_identity.identity", "vadd_identity.reduce(np.array([]))", "vmax_reorderable.identity",
    "vmax_reorderable.reduce(np.array([]))", "raising_ufunc(np.arange(6))", "raising_ufunc(4)",
    "raising_gufunc(np.array([[1.0, -1.0], [-2.0, 3.0], [-4.0, -5.0]]))", "vmax_reorderable.reduce(np.array([1.0, 3.0, 2.0]))",
    "exclaim(b'ab')", "exclaim(bytearray(b'ab'))", "exclaim(np.datetime64('2020-01-01'))", "exclaim(np.timedelta64(3, 'h'))",
    "exclaim(np.array(['a', 'bc']))", "exclaim(np.array([1, None], dtype=object))", "exclaim(np.ones((2, 2), dtype=np.float16)[:, ::2])",
    "exclaim(np.float16(1.5))",
    "repeated_message(2)", "repeated_message(0)", "slice_mismatch(3)", "slice_mismatch(2)", "slice_mismatch(1)", "tuple_into_row(1.5)",
    "list_len([1, 2])", "list_len([1, 2.5])", "list_len([1, 'a'])", "list_len([1, 2**63])", "list_len([3, True])",
]


def main():
    return run("exception arguments", SOURCE, "excmod", CALLS, EXPECTED)


if __name__ == "__main__":
    sys.exit(main())
