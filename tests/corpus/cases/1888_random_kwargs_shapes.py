# np.random with keyword arguments, tuple sizes, uniform and exponential draws: seeded, so
# the streams are Numba's own.
import numpy as np
from numba import njit


@njit("(int64, float64, float64)")
def draws(n, mu, sigma):
    np.random.seed(42)
    a = np.random.normal(mu, sigma, size=n)
    b = np.random.uniform(0.0, 1.0, n)
    c = np.random.randint(0, n, size=n)
    d = np.random.exponential(sigma, n)
    e = np.random.standard_normal((n, 2))
    f = np.random.normal(loc=mu, scale=sigma)
    g = np.random.uniform(low=-1.0, high=1.0, size=(2, 2))
    h = np.random.exponential()
    i = np.random.random((2, 3))
    return a, b, c, d, e, f, g, h, i


CALLS = [("draws", (3, 0.5, 2.0))]
