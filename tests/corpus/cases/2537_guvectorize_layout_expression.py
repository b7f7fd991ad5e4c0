"""A `@guvectorize` layout built from string constants (the-virtual-brain's `'(n),(m)' + ',()' * 17
+ '->(n)'`) and a signature list built with `* N`: both fold to constants."""
import numpy as np
from numba import guvectorize, float64


# TVB style: signature tuple built with `* N`, layout built with `+` and `*`
@guvectorize([(float64[:],) * 4], '(n),(m)' + ',()' * 1 + '->(n)', nopython=True)
def both_expr(y, c, a, dx):
    dx[0] = y[0] * a[0] + c[0]
    dx[1] = y[1] - a[0]


@guvectorize([(float64[:],) * 4], '(n),(m),()->(n)', nopython=True)
def sig_mul(y, c, a, dx):
    dx[0] = y[0] * a[0] + c[0]
    dx[1] = y[1] - a[0]


@guvectorize([(float64[:], float64[:], float64[:], float64[:])], '(n),(m)' + ',()' * 1 + '->(n)', nopython=True)
def layout_expr(y, c, a, dx):
    dx[0] = y[0] * a[0] + c[0]
    dx[1] = y[1] - a[0]


@guvectorize([(float64[:], float64[:], float64[:], float64[:])], '(n),(m),()->(n)', nopython=True)
def plain(y, c, a, dx):
    dx[0] = y[0] * a[0] + c[0]
    dx[1] = y[1] - a[0]


Y = np.array([[1.0, 2.0], [3.0, 4.0]])
C = np.array([[0.5], [0.25]])
A = np.array([2.0])
CALLS = [
    ("both_expr", (Y, C, A)),
    ("sig_mul", (Y, C, A)),
    ("layout_expr", (Y, C, A)),
    ("plain", (Y, C, A)),
]
