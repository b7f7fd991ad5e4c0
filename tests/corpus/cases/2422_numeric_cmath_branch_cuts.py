import cmath
import numpy as np
from numba import njit


@njit
def sqrt(z):
    return cmath.sqrt(z)


@njit
def log(z):
    return cmath.log(z)


@njit
def logb(z, b):
    return cmath.log(z, b)


@njit
def log10(z):
    return cmath.log10(z)


@njit
def exp(z):
    return cmath.exp(z)


@njit
def inv_trig(z):
    return cmath.asin(z), cmath.acos(z), cmath.atan(z)


@njit
def inv_hyp(z):
    return cmath.asinh(z), cmath.acosh(z), cmath.atanh(z)


@njit
def trig(z):
    return cmath.sin(z), cmath.cos(z), cmath.tan(z)


@njit
def hyp(z):
    return cmath.sinh(z), cmath.cosh(z), cmath.tanh(z)


@njit
def polar(z):
    return cmath.polar(z), cmath.phase(z)


@njit
def rect(r, p):
    return cmath.rect(r, p)


@njit
def preds(z):
    return cmath.isnan(z), cmath.isinf(z), cmath.isfinite(z)


CALLS = [
    ("sqrt", (complex(-1.0, 0.0),)),
    ("sqrt", (complex(-1.0, -0.0),)),
    ("sqrt", (complex(0.0, 0.0),)),
    ("sqrt", (complex(-0.0, 0.0),)),
    ("sqrt", (complex(-0.0, -0.0),)),
    ("sqrt", (complex(2.0, 0.0),)),
    ("sqrt", (complex(2.0, -0.0),)),
    ("sqrt", (complex(-2.0, 0.0),)),
    ("sqrt", (complex(-2.0, -0.0),)),
    ("sqrt", (complex(0.0, 2.0),)),
    ("sqrt", (complex(0.0, -2.0),)),
    ("sqrt", (complex(float("inf"), float("nan")),)),
    ("sqrt", (complex(float("-inf"), 1.0),)),
    ("sqrt", (complex(float("nan"), 0.0),)),
    ("sqrt", (complex(1e+308, 1e+308),)),
    ("sqrt", (complex(1e-310, 0.0),)),
    ("sqrt", (complex(0.5, 0.0),)),
    ("sqrt", (complex(0.0, 1.0),)),
    ("sqrt", (complex(float("inf"), float("-inf")),)),
    ("log", (complex(-1.0, 0.0),)),
    ("log", (complex(-1.0, -0.0),)),
    ("log", (complex(0.0, 0.0),)),
    ("log", (complex(-0.0, 0.0),)),
    ("log", (complex(-0.0, -0.0),)),
    ("log", (complex(2.0, 0.0),)),
    ("log", (complex(2.0, -0.0),)),
    ("log", (complex(-2.0, 0.0),)),
    ("log", (complex(-2.0, -0.0),)),
    ("log", (complex(0.0, 2.0),)),
    ("log", (complex(0.0, -2.0),)),
    ("log", (complex(float("inf"), float("nan")),)),
    ("log", (complex(float("-inf"), 1.0),)),
    ("log", (complex(float("nan"), 0.0),)),
    ("log", (complex(1e+308, 1e+308),)),
    ("log", (complex(1e-310, 0.0),)),
    ("log", (complex(0.5, 0.0),)),
    ("log", (complex(0.0, 1.0),)),
    ("log", (complex(float("inf"), float("-inf")),)),
    ("exp", (complex(-1.0, 0.0),)),
    ("exp", (complex(-1.0, -0.0),)),
    ("exp", (complex(0.0, 0.0),)),
    ("exp", (complex(-0.0, 0.0),)),
    ("exp", (complex(-0.0, -0.0),)),
    ("exp", (complex(2.0, 0.0),)),
    ("exp", (complex(2.0, -0.0),)),
    ("exp", (complex(-2.0, 0.0),)),
    ("exp", (complex(-2.0, -0.0),)),
    ("exp", (complex(0.0, 2.0),)),
    ("exp", (complex(0.0, -2.0),)),
    ("exp", (complex(float("inf"), float("nan")),)),
    ("exp", (complex(float("-inf"), 1.0),)),
    ("exp", (complex(float("nan"), 0.0),)),
    ("exp", (complex(1e+308, 1e+308),)),
    ("exp", (complex(1e-310, 0.0),)),
    ("exp", (complex(0.5, 0.0),)),
    ("exp", (complex(0.0, 1.0),)),
    ("exp", (complex(float("inf"), float("-inf")),)),
    ("inv_trig", (complex(-1.0, 0.0),)),
    ("inv_trig", (complex(-1.0, -0.0),)),
    ("inv_trig", (complex(0.0, 0.0),)),
    ("inv_trig", (complex(-0.0, 0.0),)),
    ("inv_trig", (complex(-0.0, -0.0),)),
    ("inv_trig", (complex(2.0, 0.0),)),
    ("inv_trig", (complex(2.0, -0.0),)),
    ("inv_trig", (complex(-2.0, 0.0),)),
    ("inv_trig", (complex(-2.0, -0.0),)),
    ("inv_trig", (complex(0.0, 2.0),)),
    ("inv_trig", (complex(0.0, -2.0),)),
    ("inv_trig", (complex(float("inf"), float("nan")),)),
    ("inv_trig", (complex(float("-inf"), 1.0),)),
    ("inv_trig", (complex(float("nan"), 0.0),)),
    ("inv_trig", (complex(1e+308, 1e+308),)),
    ("inv_trig", (complex(1e-310, 0.0),)),
    ("inv_trig", (complex(0.5, 0.0),)),
    ("inv_trig", (complex(0.0, 1.0),)),
    ("inv_trig", (complex(float("inf"), float("-inf")),)),
    ("inv_hyp", (complex(-1.0, 0.0),)),
    ("inv_hyp", (complex(-1.0, -0.0),)),
    ("inv_hyp", (complex(0.0, 0.0),)),
    ("inv_hyp", (complex(-0.0, 0.0),)),
    ("inv_hyp", (complex(-0.0, -0.0),)),
    ("inv_hyp", (complex(2.0, 0.0),)),
    ("inv_hyp", (complex(2.0, -0.0),)),
    ("inv_hyp", (complex(-2.0, 0.0),)),
    ("inv_hyp", (complex(-2.0, -0.0),)),
    ("inv_hyp", (complex(0.0, 2.0),)),
    ("inv_hyp", (complex(0.0, -2.0),)),
    ("inv_hyp", (complex(float("inf"), float("nan")),)),
    ("inv_hyp", (complex(float("-inf"), 1.0),)),
    ("inv_hyp", (complex(float("nan"), 0.0),)),
    ("inv_hyp", (complex(1e+308, 1e+308),)),
    ("inv_hyp", (complex(1e-310, 0.0),)),
    ("inv_hyp", (complex(0.5, 0.0),)),
    ("inv_hyp", (complex(0.0, 1.0),)),
    ("inv_hyp", (complex(float("inf"), float("-inf")),)),
    ("trig", (complex(-1.0, 0.0),)),
    ("trig", (complex(-1.0, -0.0),)),
    ("trig", (complex(0.0, 0.0),)),
    ("trig", (complex(-0.0, 0.0),)),
    ("trig", (complex(-0.0, -0.0),)),
    ("trig", (complex(2.0, 0.0),)),
    ("trig", (complex(2.0, -0.0),)),
    ("trig", (complex(-2.0, 0.0),)),
    ("trig", (complex(-2.0, -0.0),)),
    ("trig", (complex(0.0, 2.0),)),
    ("trig", (complex(0.0, -2.0),)),
    ("trig", (complex(float("inf"), float("nan")),)),
    ("trig", (complex(float("-inf"), 1.0),)),
    ("trig", (complex(float("nan"), 0.0),)),
    ("trig", (complex(1e+308, 1e+308),)),
    ("trig", (complex(1e-310, 0.0),)),
    ("trig", (complex(0.5, 0.0),)),
    ("trig", (complex(0.0, 1.0),)),
    ("trig", (complex(float("inf"), float("-inf")),)),
    ("hyp", (complex(-1.0, 0.0),)),
    ("hyp", (complex(-1.0, -0.0),)),
    ("hyp", (complex(0.0, 0.0),)),
    ("hyp", (complex(-0.0, 0.0),)),
    ("hyp", (complex(-0.0, -0.0),)),
    ("hyp", (complex(2.0, 0.0),)),
    ("hyp", (complex(2.0, -0.0),)),
    ("hyp", (complex(-2.0, 0.0),)),
    ("hyp", (complex(-2.0, -0.0),)),
    ("hyp", (complex(0.0, 2.0),)),
    ("hyp", (complex(0.0, -2.0),)),
    ("hyp", (complex(float("inf"), float("nan")),)),
    ("hyp", (complex(float("-inf"), 1.0),)),
    ("hyp", (complex(float("nan"), 0.0),)),
    ("hyp", (complex(1e+308, 1e+308),)),
    ("hyp", (complex(1e-310, 0.0),)),
    ("hyp", (complex(0.5, 0.0),)),
    ("hyp", (complex(0.0, 1.0),)),
    ("hyp", (complex(float("inf"), float("-inf")),)),
    ("polar", (complex(-1.0, 0.0),)),
    ("polar", (complex(-1.0, -0.0),)),
    ("polar", (complex(0.0, 0.0),)),
    ("polar", (complex(-0.0, 0.0),)),
    ("polar", (complex(-0.0, -0.0),)),
    ("polar", (complex(2.0, 0.0),)),
    ("polar", (complex(2.0, -0.0),)),
    ("polar", (complex(-2.0, 0.0),)),
    ("polar", (complex(-2.0, -0.0),)),
    ("polar", (complex(0.0, 2.0),)),
    ("polar", (complex(0.0, -2.0),)),
    ("polar", (complex(float("inf"), float("nan")),)),
    ("polar", (complex(float("-inf"), 1.0),)),
    ("polar", (complex(float("nan"), 0.0),)),
    ("polar", (complex(1e+308, 1e+308),)),
    ("polar", (complex(1e-310, 0.0),)),
    ("polar", (complex(0.5, 0.0),)),
    ("polar", (complex(0.0, 1.0),)),
    ("polar", (complex(float("inf"), float("-inf")),)),
    ("preds", (complex(-1.0, 0.0),)),
    ("preds", (complex(-1.0, -0.0),)),
    ("preds", (complex(0.0, 0.0),)),
    ("preds", (complex(-0.0, 0.0),)),
    ("preds", (complex(-0.0, -0.0),)),
    ("preds", (complex(2.0, 0.0),)),
    ("preds", (complex(2.0, -0.0),)),
    ("preds", (complex(-2.0, 0.0),)),
    ("preds", (complex(-2.0, -0.0),)),
    ("preds", (complex(0.0, 2.0),)),
    ("preds", (complex(0.0, -2.0),)),
    ("preds", (complex(float("inf"), float("nan")),)),
    ("preds", (complex(float("-inf"), 1.0),)),
    ("preds", (complex(float("nan"), 0.0),)),
    ("preds", (complex(1e+308, 1e+308),)),
    ("preds", (complex(1e-310, 0.0),)),
    ("preds", (complex(0.5, 0.0),)),
    ("preds", (complex(0.0, 1.0),)),
    ("preds", (complex(float("inf"), float("-inf")),)),
    ("log10", (complex(-1.0, 0.0),)),
    ("log10", (complex(-1.0, -0.0),)),
    ("log10", (complex(0.0, 0.0),)),
    ("log10", (complex(-0.0, 0.0),)),
    ("log10", (complex(-0.0, -0.0),)),
    ("log10", (complex(2.0, 0.0),)),
    ("log10", (complex(2.0, -0.0),)),
    ("log10", (complex(-2.0, 0.0),)),
    ("log10", (complex(-2.0, -0.0),)),
    ("log10", (complex(0.0, 2.0),)),
    ("logb", (8 + 0j, 2 + 0j)), ("logb", (8 + 0j, 2)), ("logb", (8.0, 2.0)), ("logb", (0j, 2 + 0j)),
    ("logb", (1 + 0j, 1 + 0j)),
    ("rect", (1.0, 0.0)), ("rect", (1.0, 3.141592653589793)), ("rect", (float("inf"), 0.0)),
    ("rect", (0.0, float("inf"))), ("rect", (float("inf"), 1.0)), ("rect", (-1.0, 0.5)),
    ("rect", (float("nan"), 0.0)), ("rect", (2, 1)),
    ("sqrt", (-4.0,)), ("sqrt", (-4,)), ("log", (-1.0,)), ("sqrt", (np.complex64(-4 + 0j),)),
    ("log", (np.complex64(-1 + 0j),)), ("exp", (np.complex64(1 + 1j),)),
]
