# np.random.rand / np.random.randn: Numba's aliases of random(size) / standard_normal(size),
# the arguments being the shape; seeded draws are Numba's stream.
import numpy as np
from numba import njit


@njit("(int64,)")
def draws(seed):
    np.random.seed(seed)
    return np.random.rand(), np.random.rand(3), np.random.rand(2, 2), np.random.randn(), np.random.randn(2, 3)


CALLS = [("draws", (42,)), ("draws", (7,))]
