# np.clip of complex arrays (Numba types it, then has no complex comparison to lower:
# NotImplementedError) and np.bincount with complex weights (TypingError), beside the real forms.
import numpy as np
from numba import njit
@njit
def clip_c(a):
    return np.clip(a, 0, 1)
@njit
def clip_r(a):
    return np.clip(a, 0, 1)
@njit
def bc_w(a, w):
    return np.bincount(a, w)
CALLS = [("clip_c", (np.array([1 + 1j, -2j]),)), ("clip_r", (np.array([1.5, -2.0]),)), ("bc_w", (np.array([0, 1]), np.array([1 + 1j, 2j]))), ("bc_w", (np.array([0, 1, 1]), np.array([1.0, 2.0, 0.5])))]
