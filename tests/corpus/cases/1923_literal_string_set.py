# A set display of one string literal: Numba's type inference asserts (Literal[str] is not a
# hashable set item type); two different literals unify to unicode_type.
from numba import njit


@njit("(unicode_type,)")
def single(x):
    s = {"a"}
    return len(s)


@njit("(unicode_type,)")
def via_var(x):
    y = "y"
    s = {y}
    return x in s


@njit("(unicode_type,)")
def repeated(x):
    s = {"a", "a"}
    return len(s)


@njit("(unicode_type,)")
def two(x):
    s = {"a", "b"}
    return x in s


@njit("(unicode_type,)")
def added(x):
    s = set()
    s.add("a")
    return x in s


CALLS = [("two", ("a",)), ("two", ("c",)), ("added", ("a",))]
