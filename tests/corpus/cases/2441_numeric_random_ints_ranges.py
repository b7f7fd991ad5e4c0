import random
import numpy as np
from numba import njit


@njit
def np_ri(lo, hi):
    np.random.seed(7)
    return np.random.randint(lo, hi), np.random.randint(lo, hi)


@njit
def np_ri1(hi):
    np.random.seed(7)
    return np.random.randint(hi)


@njit
def np_ri_size(lo, hi, n):
    np.random.seed(7)
    return np.random.randint(lo, hi, n)


@njit
def py_rr3(a, b, c):
    random.seed(7)
    return random.randrange(a, b, c), random.randrange(a, b, c)


@njit
def py_rr1(a):
    random.seed(7)
    return random.randrange(a)


@njit
def py_bits(k):
    random.seed(7)
    return random.getrandbits(k)


@njit
def shuf(n):
    np.random.seed(7)
    a = np.arange(n)
    np.random.shuffle(a)
    return a


@njit
def pyshuf(n):
    random.seed(7)
    a = np.arange(n)
    random.shuffle(a)
    return a


@njit
def rand_sample(n):
    np.random.seed(7)
    return np.random.random_sample(n)


@njit
def np_choice_p(seed):
    np.random.seed(seed)
    return np.random.choice(np.array([1.5, 2.5, 3.5]), 4, False) if False else np.random.choice(np.array([1.5, 2.5, 3.5]), 3, False)


CALLS = [
    ("np_ri", (0, 1)), ("np_ri", (0, 2)), ("np_ri", (-1, 0)), ("np_ri", (0, 2**32)), ("np_ri", (0, 2**32 + 1)),
    ("np_ri", (0, 2**62)), ("np_ri", (0, 2**63 - 1)),
    ("np_ri", (np.int8(-5), np.int8(5))), ("np_ri", (np.uint8(0), np.uint8(200))), ("np_ri", (np.uint64(0), np.uint64(10))),
    ("np_ri", (3, 2)),
    ("np_ri1", (1,)), ("np_ri1", (0,)), ("np_ri1", (-5,)), ("np_ri1", (2**40,)),
    ("np_ri_size", (0, 10, 5)), ("np_ri_size", (0, 10, 0)),
    ("py_rr3", (0, 10, 3)), ("py_rr3", (10, 0, -3)), ("py_rr3", (0, 10, -1)), ("py_rr3", (-2**62, 2**62, 2**61)), ("py_rr3", (0, 2**63 - 1, 1)), ("py_rr3", (9223372036854775806, -9223372036854775807, -3)),
    ("py_rr1", (1,)), ("py_rr1", (0,)), ("py_rr1", (2**63 - 1,)),
    ("py_bits", (1,)), ("py_bits", (32,)), ("py_bits", (63,)), ("py_bits", (64,)), ("py_bits", (0,)), ("py_bits", (65,)),
    ("shuf", (0,)), ("shuf", (1,)), ("shuf", (10,)), ("pyshuf", (10,)), ("pyshuf", (0,)),
    ("rand_sample", (0,)), ("rand_sample", (3,)),
    ("np_choice_p", (1,)),
]
