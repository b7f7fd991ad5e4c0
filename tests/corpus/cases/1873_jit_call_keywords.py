# Calls between jit functions with keyword arguments and defaults of several kinds: the
# arguments are bound to the callee's parameters as Numba's fold_arguments does.
from numba import njit


@njit
def affine(x, scale=2.0, shift=0, clip=False, tag=None):
    y = x * scale + shift
    if clip and y < 0:
        y = 0.0 * y
    if tag is None:
        return y
    return y + 1


@njit("(float64,)")
def keywords(x):
    a = affine(x)
    b = affine(x, shift=3)
    c = affine(x, clip=True, scale=-1.0)
    d = affine(x, 0.5, 1, True)
    e = affine(shift=-2, x=x)
    return a, b, c, d, e


@njit
def count_to(n, step=1):
    c = 0
    for i in range(0, n, step):
        c += 1
    return c


@njit("(int64,)")
def nested(n):
    return count_to(n) + count_to(n, step=3) + count_to(step=2, n=n)


CALLS = [
    ("keywords", (1.5,)),
    ("keywords", (-4.0,)),
    ("nested", (10,)),
    ("nested", (0,)),
]
