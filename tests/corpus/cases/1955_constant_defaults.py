# Parameter defaults that name module-level constants (`def f(x, tol=TOL)`): Python evaluates
# them when the `def` runs, and Numba types an omitted one as that value's literal type.
from numba import njit

TOL = 1e-3
SCALE = 4
FLAG = True


@njit
def close(a, b, tol=TOL):
    return abs(a - b) < tol


@njit
def scaled(x, k=SCALE):
    return x * k


@njit
def pick(x, flag=FLAG):
    if flag:
        return x
    return -x


@njit("boolean(float64, float64)")
def both_tolerances(a, b):
    return close(a, b) and close(a, b, tol=1.0)


@njit("int64(int64)")
def scale_three_ways(n):
    return scaled(n) + scaled(n, k=2) + scaled(k=3, x=n)


@njit("int64(int64)")
def flag_default(n):
    return pick(n) + pick(n, False)


CALLS = [
    ("both_tolerances", (1.0, 1.0005)),
    ("both_tolerances", (1.0, 1.5)),
    ("scale_three_ways", (5,)),
    ("flag_default", (7,)),
]
