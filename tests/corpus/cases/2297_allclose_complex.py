"""np.allclose of complex arrays and numbers (Numba's _allclose_scalars: NaN or infinite when
a part is, infinities compared with ==, else magnitudes)."""
import numpy as np
from numba import njit


@njit
def close(a, b):
    return np.allclose(a, b)


@njit
def close_nan(a, b):
    return np.allclose(a, b, equal_nan=True)


@njit
def close_to_number(a, z):
    return np.allclose(a, z, rtol=1e-3)


CALLS = [
    ("close", (np.array([1j, 2.0 + 0j]), np.array([1j, 2.0 + 1e-9j]))),
    ("close", (np.array([1j, 2.0 + 0j]), np.array([1j, 2.1 + 0j]))),
    ("close", (np.array([complex(np.inf, 1.0)]), np.array([complex(np.inf, 1.0)]))),
    ("close", (np.array([complex(np.nan, 0.0)]), np.array([complex(np.nan, 0.0)]))),
    ("close_nan", (np.array([complex(np.nan, 0.0)]), np.array([complex(0.0, np.nan)]))),
    ("close_to_number", (np.array([1.0 + 1j, 1.0005 + 1j]), 1.0 + 1j)),
    ("close_to_number", (np.array([1.0 + 1j, 1.5 + 1j]), 1.0 + 1j)),
]
