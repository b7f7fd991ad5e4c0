# Module-level constants libraries write: machine limits of float32 (NumPy float32 scalars)
# and of the builtins `float`/`int`, `round()`, a value looked up in a dict display, a
# tolerance used as a parameter default, and structured arrays made with an inline dtype list
# whose fields are then assigned at module level.
import numpy as np
from numba import njit

FLOAT32_EPS = np.finfo(np.float32).eps
FLOAT32_TINY = np.finfo(np.float32).tiny
FLOAT32_MAX = np.finfo("float32").max
EPS = np.finfo(float).eps
INT_MAX = np.iinfo(int).max
_rtol = 4 * np.finfo(float).eps
HALF = round(2.5)
ROUNDED = round(-3.7)
TOL = {"tol": 1e-6, "maxiter": 50}["tol"]
MAXITER = {"tol": 1e-6, "maxiter": 50}["maxiter"]

CATALOG = np.zeros(4, dtype=[("id", np.int64), ("ra", np.float64), ("flag", np.bool_)])
CATALOG["id"] = np.arange(4) * 10
CATALOG["ra"] = np.array([10.5, 20.25, 30.0, 40.75])
CATALOG["flag"] = True

POINTS = np.array([(1.0, 2.0), (3.0, 4.0)], dtype=[("x", np.float32), ("y", np.float32)])


@njit
def float32_limits(x):
    return x * FLOAT32_EPS, FLOAT32_TINY, FLOAT32_MAX


@njit
def python_limits():
    return EPS, INT_MAX, HALF, ROUNDED, TOL, MAXITER


@njit
def close(a, b, rtol=_rtol):
    return abs(a - b) <= rtol * max(abs(a), abs(b))


@njit
def uses_default(a):
    return close(a, a * (1.0 + 1e-17)), close(a, a * 1.001)


@njit
def bisect(f_lo, f_hi, maxiter=MAXITER, tol=TOL):
    lo, hi = f_lo, f_hi
    it = 0
    while hi - lo > tol and it < maxiter:
        mid = 0.5 * (lo + hi)
        if mid * mid > 2.0:
            hi = mid
        else:
            lo = mid
        it += 1
    return lo, it


@njit
def catalog_stats():
    ra = CATALOG["ra"]
    total = 0
    for i in range(CATALOG.shape[0]):
        if CATALOG[i].flag:
            total += CATALOG[i].id
    return ra.mean(), total, CATALOG[2].ra


@njit
def point_norms():
    out = np.empty(POINTS.shape[0])
    for i in range(POINTS.shape[0]):
        out[i] = np.sqrt(POINTS[i].x ** 2 + POINTS[i].y ** 2)
    return out


@njit("float64(float64)")
def eps_scaled(x):
    return x * FLOAT32_EPS


@njit("float64(float64)")
def tolerance_scaled(x):
    return x * TOL * HALF


CALLS = [
    ("float32_limits", (np.float32(2.0),)),
    ("float32_limits", (3.0,)),
    ("python_limits", ()),
    ("uses_default", (1.5,)),
    ("bisect", (1.0, 2.0)),
    ("catalog_stats", ()),
    ("point_norms", ()),
    ("eps_scaled", (4.0,)),
    ("tolerance_scaled", (2.0,)),
]
