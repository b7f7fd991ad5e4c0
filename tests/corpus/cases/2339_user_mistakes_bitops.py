from numba import njit


@njit("(float64, int64)")
def float_shift(x, n):
    return x << n


@njit("(float64, float64)")
def float_and(a, b):
    return a & b


@njit("(float64,)")
def float_invert(x):
    return ~x


@njit("(int64,)")
def int_xor_bool(n):
    return n ^ True


@njit("(int64, int64)")
def shift_ok(a, b):
    return (a << b) | (a >> 1)


@njit("(boolean,)")
def bool_invert(b):
    return ~b


@njit("(float64[:], int64)")
def array_float_shift(a, n):
    return a >> n
