import random
import numpy as np
from numba import njit


@njit
def np_seed(s):
    np.random.seed(s)
    return np.random.random()


@njit
def py_seed(s):
    random.seed(s)
    return random.random()


@njit
def np_choice_norep(seed, n, k):
    np.random.seed(seed)
    return np.random.choice(n, k, replace=False)


@njit
def np_choice_arr(seed, a, k):
    np.random.seed(seed)
    return np.random.choice(a, k)


@njit
def np_choice_one(seed, a):
    np.random.seed(seed)
    return np.random.choice(a)


@njit
def py_choice(seed, a):
    random.seed(seed)
    return random.choice(a)


@njit
def np_rand_shape(seed, a, b):
    np.random.seed(seed)
    return np.random.rand(a, b)


@njit
def np_randn(seed):
    np.random.seed(seed)
    return np.random.randn(), np.random.standard_normal()


@njit
def np_bytes_like(seed):
    np.random.seed(seed)
    return np.random.random_sample(), np.random.ranf() if False else np.random.sample()


CALLS = [
    ("np_seed", (0,)), ("np_seed", (2**32 - 1,)), ("np_seed", (2**32,)), ("np_seed", (-1,)), ("np_seed", (np.uint32(5),)),
    ("np_seed", (np.int8(-1),)), ("np_seed", (2**63 - 1,)),
    ("py_seed", (0,)), ("py_seed", (2**32,)), ("py_seed", (-1,)), ("py_seed", (2**63 - 1,)), ("py_seed", (np.uint32(5),)),
    ("np_choice_norep", (1, 5, 5)), ("np_choice_norep", (1, 5, 6)), ("np_choice_norep", (1, 5, 0)),
    ("np_choice_arr", (1, np.array([1.5, 2.5]), 3)), ("np_choice_arr", (1, np.zeros(0), 3)),
    ("np_choice_one", (1, np.array([1.5, 2.5, 3.5]))), ("np_choice_one", (1, 7)), ("np_choice_one", (1, 0)),
    ("py_choice", (1, np.array([1.5, 2.5, 3.5]))), ("py_choice", (1, [1, 2, 3])), ("py_choice", (1, np.zeros(0))),
    ("np_rand_shape", (1, 2, 2)), ("np_rand_shape", (1, 0, 2)),
    ("np_randn", (3,)), ("np_bytes_like", (3,)),
]
