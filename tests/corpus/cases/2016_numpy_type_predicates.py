# np.iscomplexobj / np.isrealobj (from the type alone), np.isposinf / np.isneginf (arrays and
# scalars), np.asarray_chkfinite (ValueError for an inf or a NaN).
import numpy as np
from numba import njit


@njit("boolean(float64[:])")
def complexobj_real(a):
    return np.iscomplexobj(a)


@njit("boolean(complex128[:])")
def complexobj_complex(a):
    return np.iscomplexobj(a)


@njit("boolean(int64)")
def realobj_int(x):
    return np.isrealobj(x)


@njit("boolean(complex128)")
def realobj_complex(x):
    return np.isrealobj(x)


@njit("boolean[:](float64[:])")
def posinf(a):
    return np.isposinf(a)


@njit("boolean[:](float64[:])")
def neginf(a):
    return np.isneginf(a)


@njit("boolean(float64)")
def posinf_scalar(x):
    return np.isposinf(x)


@njit("float64[:](float64[:])")
def chkfinite(a):
    return np.asarray_chkfinite(a)


CALLS = [
    ("complexobj_real", (np.zeros(2),)),
    ("complexobj_complex", (np.zeros(2, np.complex128),)),
    ("realobj_int", (3,)),
    ("realobj_complex", (1j,)),
    ("posinf", (np.array([np.inf, -np.inf, 1.0, np.nan]),)),
    ("neginf", (np.array([np.inf, -np.inf, 1.0, np.nan]),)),
    ("posinf_scalar", (np.inf,)),
    ("posinf_scalar", (-np.inf,)),
    ("chkfinite", (np.array([1.0, 2.0]),)),
    ("chkfinite", (np.array([1.0, np.nan]),)),
    ("chkfinite", (np.array([np.inf]),)),
]
