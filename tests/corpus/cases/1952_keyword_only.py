# Keyword-only parameters, bound as Numba binds them: calls from jit code pass their last
# positional arguments to the keyword-only parameters (Numba's `fold_arguments`), so only
# positional calls of the full arity type; keyword calls fail to bind (a TypingError), too few
# positional arguments fail with IndexError. From Python, Numba's dispatcher takes the
# keyword-only parameters as positional ones, and `__defaults__` count from the end.
from numba import njit


@njit("int64(int64, int64)")
def scaled(a, *, b):
    return a * b


@njit("int64(int64, int64)")
def shifted(a, *, b=2):
    return a + b


@njit("float64(float64, int64, int64)")
def two_kwonly(a, *, b, c):
    return a * b - c


@njit("int64(int64, int64)")
def first_default(a=1, *, b):
    return a * b


@njit("int64(int64)")
def positional_calls(x):
    return scaled(x, 3) + shifted(x, 10)


@njit("float64(float64)")
def full_arity(x):
    return two_kwonly(x, 2, 1) + two_kwonly(x, 4, 3, b=5)


@njit("int64(int64)")
def keyword_call(x):
    return scaled(x, b=4)


@njit("int64(int64)")
def default_not_used(x):
    return shifted(x)


@njit("float64(float64)")
def too_few(x):
    return two_kwonly(x)


@njit("int64(int64)")
def all_by_keyword(x):
    return scaled(a=x, b=2)


CALLS = [
    ("scaled", (2, 5)),
    ("shifted", (1, 2)),
    ("two_kwonly", (1.5, 2, 1)),
    ("first_default", (5, 6)),
    ("positional_calls", (4,)),
    ("full_arity", (0.5,)),
]
