# Python's random module in jit code (Numba's cpython/randomimpl.py): a state of its own,
# seeded apart from np.random's; CPython's algorithms for the variates, Python-style bits
# for getrandbits/randrange/randint/shuffle.
import random

import numpy as np
from numba import njit


@njit("(int64,)")
def variates(seed):
    random.seed(seed)
    return (
        random.random(), random.gauss(0.0, 2.0), random.normalvariate(1.0, 0.5), random.uniform(-1.0, 3.0),
        random.triangular(0.0, 4.0), random.triangular(0.0, 4.0, 1.0), random.gammavariate(2.5, 1.5),
        random.gammavariate(0.4, 2.0), random.betavariate(2.0, 5.0), random.expovariate(1.5),
        random.lognormvariate(0.0, 0.25), random.paretovariate(3.0), random.weibullvariate(1.0, 2.0),
        random.vonmisesvariate(1.0, 4.0),
    )


@njit("(int64,)")
def integers(seed):
    random.seed(seed)
    return (
        random.randint(1, 6), random.randrange(10), random.randrange(5, 50), random.randrange(100, 0, -7),
        random.randrange(3, 1000, 9), random.getrandbits(5), random.getrandbits(40), random.getrandbits(64),
    )


@njit("(int64,)")
def two_states(seed):
    random.seed(seed)
    np.random.seed(seed)
    a = random.random()
    b = np.random.random()
    c = random.random()
    return a, b, c


@njit("(int64, int64[:])")
def shuffled(seed, a):
    random.seed(seed)
    random.shuffle(a)
    return a


@njit("(int64,)")
def bad_bits(k):
    return random.getrandbits(k)


@njit("(int64,)")
def empty_range(n):
    return random.randrange(n)


CALLS = [
    ("variates", (0,)),
    ("variates", (31337,)),
    ("integers", (0,)),
    ("integers", (7,)),
    ("two_states", (5,)),
    ("shuffled", (3, np.arange(10))),
    ("bad_bits", (70,)),
    ("empty_range", (0,)),
]
