# numpy.random.Generator objects passed in (NumPyRandomGeneratorType): its distributions with
# their parameters, `size` (an integer, a tuple or ()), float32/float64 `dtype=`,
# `integers` (high required in Numba), shuffle in place, permutation, draws in a loop, and
# Numba's TypingErrors for arguments of the wrong kind.
import numpy as np
from numba import njit


@njit
def draws(rng, n):
    return rng.random(n), rng.standard_normal((2, 2)), rng.normal(1.0, 2.0), rng.uniform(-1.0, 1.0, n)


@njit
def scalars_in_loop(rng, n):
    acc = 0.0
    for _ in range(n):
        acc += rng.exponential(2.0) + rng.gamma(2.0) + rng.beta(1.5, 2.5)
    return acc


@njit
def integer_draws(rng, n):
    return rng.integers(0, 10, n), rng.integers(5, 9), rng.poisson(3.0, n), rng.binomial(10, 0.3, (2, 3))


@njit
def typed_draws(rng):
    return rng.random(3, dtype=np.float32), rng.integers(0, 100, 4, dtype=np.int32), rng.standard_normal(2, np.float64)


@njit
def shuffled(rng, a):
    b = a.copy()
    rng.shuffle(b)
    return b, rng.permutation(6)


@njit
def empty_size(rng):
    return rng.random(())


@njit
def give_back(rng):
    rng.random()
    return rng


@njit
def one_arg_integers(rng):
    return rng.integers(10)


@njit
def bad_size(rng):
    return rng.random(2.5)


@njit
def bad_param(rng):
    return rng.normal("a")


CALLS = [
    ("draws", (np.random.default_rng(42), 3)),
    ("scalars_in_loop", (np.random.default_rng(1), 5)),
    ("integer_draws", (np.random.default_rng(7), 4)),
    ("typed_draws", (np.random.default_rng(3),)),
    ("shuffled", (np.random.default_rng(5), np.arange(8.0))),
    ("empty_size", (np.random.default_rng(11),)),
    ("one_arg_integers", (np.random.default_rng(0),)),
    ("bad_size", (np.random.default_rng(0),)),
    ("bad_param", (np.random.default_rng(0),)),
]
