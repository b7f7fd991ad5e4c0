# `with objmode(...)`: the block runs in the Python interpreter and is not typed; the
# variables named in the call come back with the types their annotations give (strings
# evaluated as Numba type names, or type objects). A variable the block assigns and the code
# after it reads must be named ("Missing type annotation on outgoing variable(s)"); an
# annotation that is not a type raises what evaluating it raises (NameError). Both have no line.
# An annotation that is an expression other than a name or an attribute is a CompilerError.
import numpy as np
import numba
from numba import njit, objmode, types


@njit("(float64,)")
def declared(x):
    with objmode(y="float64", z="intp[:]"):
        y = x * 2.0
        z = np.arange(3)
    return y + z.sum()


@njit("(float64,)")
def undeclared(x):
    with objmode():
        w = x * 2.0
    return w


@njit("(float64,)")
def returns_inside(x):
    with objmode(y="float64"):
        y = x
        return y
    return y


@njit("(float64,)")
def type_object(x):
    with numba.objmode(y=types.float64):
        y = float(x) + 1
    return y


@njit("(float64,)")
def no_outputs(x):
    with objmode():
        unused = x + 1.0
    return x


@njit("(float64,)")
def bad_type(x):
    with objmode(y="notatype"):
        y = 1.0
    return y


@njit("(float64,)")
def used_before(x):
    a = np.ones(3)
    with objmode(y="float64"):
        y = float(a.sum()) + x
    return y


@njit("(int64,)")
def in_loop(n):
    s = 0.0
    for i in range(n):
        with objmode(t="float64"):
            t = i * 0.5
        s += t
    return s



@njit("(float64,)")
def expression_annotation(x):
    with objmode(y=types.float64[:]):
        y = np.ones(3) * x
    return y.sum()


CALLS = [
    ("declared", (1.5,)),
    ("type_object", (2.0,)),
    ("no_outputs", (1.0,)),
    ("used_before", (0.5,)),
    ("in_loop", (4,)),
]
