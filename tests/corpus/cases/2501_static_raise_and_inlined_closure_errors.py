"""What Numba refuses before typing: raising a constant that is not an exception class
(`raise int`, `raise 1`, a string), calling an inner function with `*args`, and calling an
inner function that yields (the inliner's check, at the `yield`)."""
from numba import njit


@njit("int64(int64)")
def raise_class_int(i):
    if i == 1:
        raise int
    return i


@njit("int64(int64)")
def raise_number(i):
    if i == 1:
        raise 1
    return i


@njit("int64(int64)")
def raise_text(i):
    if i == 1:
        raise "bad"
    return i


@njit("void()")
def closure_star_args():
    def bar(a, b):
        pass

    x = 1, 2
    bar(*x)


@njit("int64(int64)")
def closure_generator(x):
    z = x + 1

    def inner(x):
        yield x + z

    t = 0
    for i in inner(x):
        t = i
    return t


@njit("int64(int64)")
def fine(i):
    if i == 1:
        raise ValueError
    return i
