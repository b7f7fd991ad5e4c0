# numpy.random.Generator.random() drawn in compiled code from the bit generator (Numba's
# random_standard_uniform), in hot loops and interleaved with other methods of the same
# Generator (whose state it shares).
import numpy as np
from numba import njit


@njit
def mc_pi(rng, n):
    inside = 0
    for _ in range(n):
        x = rng.random()
        y = rng.random()
        if x * x + y * y < 1.0:
            inside += 1
    return 4.0 * inside / n


@njit
def mixed(rng):
    a = rng.random()
    b = rng.normal(0.0, 1.0)
    c = rng.random()
    d = rng.integers(0, 100)
    e = rng.random()
    return a, b, c, d, e


@njit
def walk(rng, n):
    pos = np.zeros(n)
    for i in range(1, n):
        pos[i] = pos[i - 1] + (1.0 if rng.random() < 0.5 else -1.0)
    return pos[-1], rng.random(size=2)


CALLS = [
    ("mc_pi", (np.random.default_rng(42), 20000)),
    ("mixed", (np.random.default_rng(7),)),
    ("mixed", (np.random.Generator(np.random.MT19937(3)),)),
    ("walk", (np.random.default_rng(1), 1000)),
]
