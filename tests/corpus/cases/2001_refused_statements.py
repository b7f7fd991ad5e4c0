# Statements Numba refuses while reading the bytecode or lowering: deleting a local variable
# (CompilerError), a bare raise in an except clause and storing the exception (UnsupportedBytecodeError),
# raising a value that is not an exception (Numba's internal AttributeError), deleting a list item.
from numba import njit


@njit("int64(int64)")
def del_var(n):
    x = n
    del x
    return n


@njit("int64(int64)")
def reraise(n):
    try:
        if n < 0:
            raise ValueError("neg")
    except Exception:
        raise
    return n


@njit("int64(int64)")
def raise_non_exc(n):
    raise n


@njit("int64(int64)")
def del_list_item(n):
    l = [1, 2, 3]
    del l[0]
    return len(l) + n


@njit("int64(int64)")
def reraise_named(n):
    try:
        if n < 0:
            raise ValueError("neg")
    except Exception as e:
        raise e
    return n


@njit("int64(int64)")
def raise_constant(n):
    if n > 0:
        raise 5
    return n


@njit("int64(int64)")
def del_dict_item(n):
    d = {1: 2, 3: 4}
    del d[1]
    return len(d) + n


@njit("int64(int64)")
def raise_from_none(n):
    if n > 0:
        raise ValueError("x") from None
    return n


@njit("float64(float64[:])")
def shape_assign(a):
    a.shape = (1, -1)
    return a[0]


@njit("float64(float64[:])")
def dtype_assign(a):
    a.dtype = 1
    return a[0]
