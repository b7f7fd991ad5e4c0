# An inner function of an inner function passed to a jit function. Numba inlines the direct
# calls of the outer inner function first, so the passed function is then the jit function's
# own: it captures the jit function's constants, while a variable of the inlined function
# (renamed when inlined) has no single definition. An inner function that escaped is
# compiled as a function of its own, whose own inner functions capture from it.
from numba import njit


@njit
def apply(f, x):
    return f(x)


@njit
def apply_both(f, g, x):
    return f(x) + g(x)


@njit("(int64,)")
def passes_plain(a):
    def mid(b):
        def inner(c):
            return c + 1
        return apply(inner, b) + apply(inner, b + 1)
    return mid(a)


@njit("(int64,)")
def captures_outer_constant(a):
    k = 3
    def mid(b):
        def inner(c):
            return c * k
        return apply(inner, b)
    return mid(a)


@njit("(float64,)")
def two_calls_two_types(a):
    def mid(b):
        def inner(c):
            return c * 2
        return apply(inner, b)
    return mid(a) + mid(1)


@njit("(int64,)")
def three_levels(a):
    def m1(b):
        def m2(c):
            def inner(d):
                return d - 1
            return apply(inner, c)
        return m2(b) * 2
    return m1(a)


@njit("(int64,)")
def escaped_holds_one(a):
    def mid(b):
        def inner(c):
            w = 10
            def deepest(d):
                return d * w
            return apply(deepest, c)
        return apply(inner, b)
    return mid(a)


@njit("(int64,)")
def lambda_in_inner(a):
    k = 2
    def mid(b):
        return apply(lambda x: x + k, b)
    return mid(a)


@njit("(int64,)")
def two_passed(a):
    def mid(b):
        def f(c):
            return c + 1
        def g(c):
            return c * 3
        return apply_both(f, g, b)
    return mid(a)


@njit("(int64,)")
def captures_inlined_argument(a):
    def mid(b):
        def inner(c):
            return c * b
        return apply(inner, a)
    return mid(2)


@njit("(int64,)")
def captures_inlined_constant(a):
    def mid(b):
        m = 5
        def inner(c):
            return c * m
        return apply(inner, b)
    return mid(a)


@njit("(int64,)")
def captures_outer_argument(a):
    def mid(b):
        def inner(c):
            return c + a + b
        return apply(inner, b)
    return mid(2)


@njit("(int64,)")
def captures_outer_twice_assigned(a):
    k = 3
    if a > 2:
        k = 4
    def mid(b):
        def inner(c):
            return c * k
        return apply(inner, b)
    return mid(a)


@njit("(int64,)")
def captures_through_escaped(a):
    k = 4
    def inner(c):
        def deepest(d):
            return d * k
        return apply(deepest, c)
    return apply(inner, a)


@njit("(int64,)")
def escaped_holds_two(a):
    def inner(c):
        v = 3
        def deepest(d):
            return d * v
        return apply(deepest, c)
    return apply(inner, a)


@njit("(int64,)")
def five_levels(a):
    def m1(b):
        def m2(c):
            def m3(d):
                def m4(e):
                    def inner(x):
                        return x + 1
                    return apply(inner, e)
                return m4(d)
            return m3(c)
        return m2(b)
    return m1(a)


CALLS = [
    ("five_levels", (3,)),
    ("passes_plain", (5,)),
    ("captures_outer_constant", (5,)),
    ("two_calls_two_types", (2.5,)),
    ("three_levels", (5,)),
    ("escaped_holds_one", (5,)),
    ("lambda_in_inner", (5,)),
    ("two_passed", (4,)),
    ("escaped_holds_two", (7,)),
]
