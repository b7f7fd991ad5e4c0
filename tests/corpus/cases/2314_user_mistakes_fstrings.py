from numba import njit


@njit("(float64,)")
def fstr_spec(x):
    return f"{x:.2f}"


@njit("(int64,)")
def fstr_int(n):
    return f"{n}"


@njit("(int64,)")
def percent_fmt(n):
    return "%d" % n


@njit("(int64,)")
def str_format(n):
    return "{}".format(n)


@njit("(float64,)")
def str_of_float(x):
    return str(x)


@njit("(int64,)")
def str_of_int(n):
    return str(n)


@njit("(float64,)")
def fstr_float(x):
    return f"value={x}"


@njit("(int64,)")
def fstr_repr(n):
    return f"{n!r}"
