# The text of a returned string literal may hold any character, parentheses included, and an
# empty f-string is the constant "" (CPython folds it), so its type is Literal[str]().
from numba import njit


@njit("(int64,)")
def paren(n):
    return "f(x) = (n)"


@njit("(int64,)")
def closing(n):
    return ")"


@njit("(int64,)")
def empty(n):
    return f""


@njit("(int64,)")
def tupled(n):
    return "a)", n


CALLS = [
    ("paren", (3,)),
    ("closing", (1,)),
    ("empty", (2,)),
    ("tupled", (4,)),
]
