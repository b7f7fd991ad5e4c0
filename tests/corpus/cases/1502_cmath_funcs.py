import cmath
from numba import njit


@njit("(complex128, float64)")
def cfuncs(z, x):
    a = cmath.exp(z)
    b = cmath.sqrt(z)
    c = cmath.phase(z)
    d = cmath.sqrt(x)
    e = cmath.log(z)
    f = cmath.polar(z)
    g = cmath.rect(x, 0.5)
    h = abs(z)
    i = cmath.isnan(z)
    j = cmath.log10(z)
    k = z.real + z.imag
    l = z.conjugate()
    return a, b, c, d, e, f, g, h, i, j, k, l


@njit("(complex64,)")
def c64(z):
    return cmath.exp(z), cmath.phase(z), cmath.sqrt(z), abs(z), cmath.cos(z)


CALLS = [("cfuncs", (1 + 2j, 2.0))]
