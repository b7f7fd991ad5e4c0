import numpy as np
from numba import njit


@njit
def div(a, b):
    return a / b


@njit
def fdiv(a, b):
    return a // b


@njit
def mul(a, b):
    return a * b


@njit
def pw(a, b):
    return a ** b


@njit
def pw2(a):
    return a ** 2


@njit
def pw3(a):
    return a ** 3


@njit
def pwm1(a):
    return a ** -1


@njit
def ab(a):
    return abs(a)


@njit
def parts(a):
    return a.real, a.imag, a.conjugate()


@njit
def eq(a, b):
    return a == b, a != b


@njit
def cplx(a, b):
    return complex(a, b)


CALLS = [
    ("div", (1 + 1j, 0j)), ("div", (1 + 1j, 0.0)), ("div", (1 + 1j, 0)), ("div", (0j, 0j)),
    ("div", (1 + 2j, 3 - 4j)), ("div", (1e308 + 1e308j, 1e308 + 1e308j)), ("div", (1 + 1j, 1e-320 + 1e-320j)),
    ("div", (complex(float("inf"), 0), 1 + 1j)), ("div", (1 + 1j, complex(float("inf"), float("inf")))),
    ("div", (1.0, 1j)), ("div", (2, 1 + 1j)), ("div", (np.complex64(1 + 1j), np.complex64(3 + 0j))),
    ("div", (complex(float("nan"), 1), 1j)), ("div", (1j, complex(0, -0.0))),
    ("mul", (complex(float("inf"), 0), complex(0, 1))), ("mul", (complex(float("inf"), float("inf")), 0j)),
    ("mul", (1e200 + 1e200j, 1e200 + 1e200j)), ("mul", (complex(0.0, -0.0), complex(-0.0, 0.0))),
    ("mul", (np.complex64(1e20 + 1e20j), np.complex64(1e20 + 1e20j))),
    ("pw", (1j, 2)), ("pw", (1j, 2.0)), ("pw", (1j, 2 + 0j)), ("pw", (0j, 0j)), ("pw", (0j, 1 + 1j)),
    ("pw", (0j, -1 + 0j)), ("pw", (0j, 0)), ("pw", (2 + 0j, 0.5)), ("pw", (-1 + 0j, 0.5)),
    ("pw", (1 + 1j, 10)), ("pw", (1 + 1j, -3)), ("pw", (1 + 1j, 100)), ("pw", (1 + 1j, 3.0)),
    ("pw", (complex(-1, -0.0), 0.5)), ("pw", (2.0, 1j)), ("pw", (-2.0, 0.5 + 0j)),
    ("pw", (np.complex64(1j), np.complex64(2))),
    ("pw2", (1 + 1j,)), ("pw2", (complex(1e200, 1e200),)), ("pw2", (complex(float("inf"), 0),)),
    ("pw3", (1 + 1j,)), ("pw3", (complex(0, -0.0),)),
    ("pwm1", (1 + 1j,)), ("pwm1", (0j,)),
    ("ab", (complex(3e200, 4e200),)), ("ab", (complex(float("nan"), float("inf")),)),
    ("ab", (complex(-0.0, -0.0),)), ("ab", (np.complex64(3 + 4j),)), ("ab", (complex(5e-324, 5e-324),)),
    ("parts", (complex(-0.0, -0.0),)), ("parts", (np.complex64(1.1 - 2.2j),)), ("parts", (5,)), ("parts", (2.5,)),
    ("parts", (True,)),
    ("eq", (complex(float("nan"), 0), complex(float("nan"), 0))), ("eq", (0j, complex(-0.0, -0.0))),
    ("eq", (1 + 0j, 1)), ("eq", (1 + 0j, 1.0)),
    ("cplx", (1.0, -0.0)), ("cplx", (1, 2)), ("cplx", (float("nan"), float("inf"))),
]
