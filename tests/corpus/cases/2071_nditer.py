# np.nditer (Numba's NumpyNdIterType): 0-d views of each input's item, in C order or, when
# more inputs are F than C, F order; arrays must match the trailing dimensions of the first
# input of the most dimensions (ValueError otherwise); numbers yield 0-d views of themselves.
import numpy as np
from numba import njit

@njit("(int64[:, ::1],)")
def e_sum(a):
    s = 0
    for x in np.nditer(a):
        s += x.item()
    return s

@njit("(float64[::1], float64[:, :])")
def e_pair(a, b):
    s = 0.0
    for x, y in np.nditer((a, b)):
        s += x.item() * y[()]
    return s

@njit("(float64[::1, :], float64)")
def e_scalar(a, c):
    s = 0.0
    for x, y in np.nditer((a, c)):
        s += x[()] - y[()]
    return s


@njit
def l_sum(a):
    s = 0
    for x in np.nditer(a):
        s += x.item()
    return s


@njit
def l_pair(a, b):
    s = 0.0
    for x, y in np.nditer((a, b)):
        s += x.item() * y[()]
    return s


@njit
def l_order(a):
    out = []
    for x in np.nditer(a):
        out.append(x.item())
    return out


@njit
def l_order2(a, b):
    out = []
    for x, y in np.nditer((a, b)):
        out.append((x.item(), y.item()))
    return out


@njit
def l_scalar(a, c):
    out = []
    for x, y in np.nditer((a, c)):
        out.append(x[()] + y[()])
    return out


@njit
def l_write(a):
    for x in np.nditer(a):
        x[()] = x[()] * 2
    return a


@njit
def l_expr(a):
    out = []
    for x in np.nditer(a):
        out.append(x + 1)
    return out


CALLS = [
    ("e_sum", (np.arange(6).reshape(2, 3),)),
    ("e_pair", (np.arange(3.0), np.arange(6.0).reshape(2, 3))),
    ("e_scalar", (np.asfortranarray(np.arange(6.0).reshape(2, 3)), 0.5)),
    ("l_sum", (np.arange(6).reshape(2, 3),)),
    ("l_sum", (np.zeros((0, 3)),)),
    ("l_pair", (np.arange(3.0), np.arange(3.0))),
    ("l_pair", (np.arange(6.0).reshape(2, 3), np.arange(3.0))),
    ("l_pair", (np.arange(6.0).reshape(2, 3), np.arange(2.0))),
    ("l_order", (np.arange(6).reshape(2, 3),)),
    ("l_order", (np.asfortranarray(np.arange(6).reshape(2, 3)),)),
    ("l_order", (np.arange(12).reshape(3, 4)[:, ::2],)),
    ("l_order", (np.arange(6).reshape(2, 3).T,)),
    ("l_order2", (np.asfortranarray(np.arange(6).reshape(2, 3)), np.arange(3))),
    ("l_order2", (np.asfortranarray(np.arange(6).reshape(2, 3)), np.asfortranarray(np.arange(6).reshape(2, 3) * 10))),
    ("l_scalar", (np.arange(4.0), 1.5)),
    ("l_scalar", (np.array(3.0), 2)),
    ("l_write", (np.arange(5),)),
    ("l_expr", (np.arange(3),)),
]
