"""Arguments Numba reads at run time where a constant is usual: np.convolve/np.correlate's
mode string, np.trim_zeros's trim string, np.split/np.array_split's axis (a tuple's
IndexError for sections, normalize_axis's ValueError for cut positions)."""
import numpy as np
from numba import njit


@njit
def convolve_mode(a, v, mode):
    return np.convolve(a, v, mode=mode)


@njit
def correlate_mode(a, v, mode):
    return np.correlate(a, v, mode)


@njit
def trim(a, trim):
    return np.trim_zeros(a, trim)


@njit
def array_split_axis(a, n, axis):
    return np.array_split(a, n, axis=axis)

@njit
def split_axis(a, n, axis):
    return np.split(a, n, axis=axis)

@njit
def array_split_at(a, idx, axis):
    return np.array_split(a, idx, axis=axis)

@njit
def split_last(a):
    return np.split(a, 2, axis=-1)


CALLS = [
    ("convolve_mode", (np.array([1.0, 2.0, 3.0, 4.0]), np.array([0.5, 1.0]), "same")),
    ("convolve_mode", (np.array([1.0, 2.0, 3.0]), np.array([1.0, 1.0]), "bogus")),
    ("correlate_mode", (np.array([1.0, 2.0, 3.0]), np.array([0.0, 1.0, 0.5]), "valid")),
    ("correlate_mode", (np.array([1.0, 2.0, 3.0]), np.array([0.0, 1.0, 0.5]), "same")),
    ("correlate_mode", (np.array([1.0, 2.0, 3.0]), np.array([0.0, 1.0, 0.5]), "full")),
    ("correlate_mode", (np.array([1.0, 2.0, 3.0]), np.array([0.0, 1.0, 0.5]), "x")),
    ("convolve_mode", (np.array([1.0, 2.0]), np.array([1.0, 1.0, 1.0]), "valid")),
    ("convolve_mode", (np.array([1.0, 2.0]), np.array([1.0, 1.0, 1.0]), "same")),
    ("convolve_mode", (np.array([1.0, 2.0]), np.array([1.0, 1.0, 1.0]), "full")),
    ("trim", (np.array([0, 0, 1, 0, 2, 0]), "b")), ("trim", (np.array([0, 0, 1, 0, 2, 0]), "f")), ("trim", (np.array([0, 0, 1, 0, 2, 0]), "fb")), ("trim", (np.array([0, 0, 1, 0, 2, 0]), "B")), ("trim", (np.array([0, 0, 1, 0, 2, 0]), "x")), ("trim", (np.array([0, 0, 1, 0, 2, 0]), "")), ("trim", (np.zeros(3), "F")),
    ("array_split_axis", (np.arange(12).reshape(3, 4), 2, 1)), ("array_split_axis", (np.arange(12).reshape(3, 4), 2, 0)), ("array_split_axis", (np.arange(12).reshape(3, 4), 3, -1)), ("array_split_axis", (np.arange(12).reshape(3, 4), 2, 2)), ("array_split_axis", (np.arange(12).reshape(3, 4), 2, -3)),
         ("split_axis", (np.arange(12).reshape(3, 4), 2, 1)), ("split_axis", (np.arange(12).reshape(3, 4), 3, 1)), ("split_axis", (np.arange(12).reshape(3, 4), 2, 5)),
         ("array_split_at", (np.arange(12).reshape(3, 4), np.array([1, 3]), 1)), ("array_split_at", (np.arange(12).reshape(3, 4), np.array([1]), 2)), ("array_split_at", (np.arange(12).reshape(3, 4), np.array([1]), -2)), ("split_last", (np.arange(12).reshape(3, 4),)),
]
