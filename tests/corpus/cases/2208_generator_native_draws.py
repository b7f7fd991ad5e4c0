# numpy.random.Generator methods drawn in compiled code: every distribution Numba supports, as
# scalars in loops and with `size`, the float32 variants, `standard_exponential(method="inv")`,
# `integers` of every dtype with `endpoint`, and parameters Numba does not check (a negative
# scale draws a number where NumPy would raise).
import numpy as np
from numba import njit


@njit
def continuous(rng):
    out = np.empty(22)
    out[0] = rng.standard_normal()
    out[1] = rng.standard_exponential()
    out[2] = rng.standard_gamma(0.7)
    out[3] = rng.normal(2.0, 0.5)
    out[4] = rng.uniform(-3.0, 3.0)
    out[5] = rng.exponential(1.5)
    out[6] = rng.gamma(3.0, 2.0)
    out[7] = rng.beta(0.5, 0.5)
    out[8] = rng.f(3.0, 7.0)
    out[9] = rng.chisquare(4.0)
    out[10] = rng.standard_cauchy()
    out[11] = rng.pareto(2.5)
    out[12] = rng.weibull(1.5)
    out[13] = rng.power(3.0)
    out[14] = rng.laplace(1.0, 2.0)
    out[15] = rng.logistic(0.0, 1.0)
    out[16] = rng.lognormal(0.1, 0.3)
    out[17] = rng.rayleigh(2.0)
    out[18] = rng.standard_t(5.0)
    out[19] = rng.wald(1.0, 2.0)
    out[20] = rng.triangular(0.0, 1.0, 4.0)
    out[21] = rng.noncentral_chisquare(3.0, 1.5) + rng.noncentral_f(3.0, 5.0, 0.5)
    return out


@njit
def discrete(rng):
    return (rng.geometric(0.3), rng.zipf(2.5), rng.poisson(4.5), rng.poisson(40.0),
            rng.negative_binomial(5, 0.4), rng.binomial(20, 0.25), rng.binomial(200, 0.7),
            rng.logseries(0.6))


@njit
def defaults_and_keywords(rng):
    return (rng.normal(), rng.uniform(), rng.exponential(), rng.laplace(scale=3.0),
            rng.lognormal(sigma=0.5), rng.rayleigh(), rng.uniform(high=5.0, low=4.0))


@njit
def monte_carlo_pi(rng, n):
    inside = 0
    for _ in range(n):
        x = rng.uniform(-1.0, 1.0)
        y = rng.uniform(-1.0, 1.0)
        if x * x + y * y <= 1.0:
            inside += 1
    return 4.0 * inside / n


@njit
def random_walk(rng, n):
    pos = np.zeros(n + 1)
    for i in range(n):
        pos[i + 1] = pos[i] + rng.normal(0.0, 1.0)
    return pos[-1], pos.max(), pos.min()


@njit
def sized(rng):
    return (rng.gamma(2.0, 1.0, 4), rng.binomial(10, 0.5, (2, 2)), rng.standard_t(3.0, size=3),
            rng.poisson(2.0, ()), rng.triangular(-1.0, 0.0, 1.0, 2))


@njit
def float32_draws(rng):
    return (rng.random(dtype=np.float32), rng.standard_normal(dtype=np.float32),
            rng.standard_exponential(dtype=np.float32), rng.standard_gamma(1.5, dtype=np.float32),
            rng.standard_normal(3, np.float32))


@njit
def exponential_methods(rng):
    return (rng.standard_exponential(method="inv"), rng.standard_exponential(2, method="zig"),
            rng.standard_exponential(3, np.float32, "inv"))


@njit
def integer_dtypes(rng):
    return (rng.integers(-5, 5, 6, dtype=np.int8), rng.integers(0, 1000, 5, dtype=np.int16),
            rng.integers(0, 2**31 - 1, 3, dtype=np.int32), rng.integers(0, 200, 7, dtype=np.uint8),
            rng.integers(1, 60000, 3, dtype=np.uint16), rng.integers(0, 2**32 - 1, 3, dtype=np.uint32),
            rng.integers(0, 2**40, 3, dtype=np.uint64), rng.integers(0, 2, 8, dtype=np.bool_))


@njit
def integer_scalars(rng, lo, hi):
    total = 0
    for _ in range(50):
        total += rng.integers(lo, hi)
    return total, rng.integers(lo, hi, endpoint=True), rng.integers(-10, -2), rng.integers(0, 2**62)


@njit
def integer_full_ranges(rng):
    return (rng.integers(-128, 127, 4, dtype=np.int8, endpoint=True),
            rng.integers(0, 2**32, 2, dtype=np.int64), rng.integers(3, 3, 2, endpoint=True))


@njit
def low_out_of_bounds(rng):
    return rng.integers(-1, 5, dtype=np.uint8)


@njit
def high_out_of_bounds(rng):
    return rng.integers(0, 300, dtype=np.uint8)


@njit
def low_above_high(rng):
    return rng.integers(7, 3)


@njit
def bad_method(rng):
    return rng.standard_exponential(method="other")


@njit
def exponential_method_named(rng, method):
    return rng.standard_exponential(2, method=method)


@njit
def unchecked_parameters(rng):
    return rng.normal(0.0, -1.0), rng.exponential(-2.0), rng.uniform(5.0, 1.0)


CALLS = [
    ("continuous", (np.random.default_rng(2024),)),
    ("discrete", (np.random.default_rng(17),)),
    ("defaults_and_keywords", (np.random.default_rng(8),)),
    ("monte_carlo_pi", (np.random.default_rng(0), 20000)),
    ("random_walk", (np.random.default_rng(99), 1000)),
    ("sized", (np.random.default_rng(4),)),
    ("float32_draws", (np.random.default_rng(6),)),
    ("exponential_methods", (np.random.default_rng(12),)),
    ("integer_dtypes", (np.random.default_rng(21),)),
    ("integer_scalars", (np.random.default_rng(5), 3, 17)),
    ("integer_full_ranges", (np.random.default_rng(31),)),
    ("low_out_of_bounds", (np.random.default_rng(1),)),
    ("high_out_of_bounds", (np.random.default_rng(1),)),
    ("low_above_high", (np.random.default_rng(1),)),
    ("bad_method", (np.random.default_rng(1),)),
    ("exponential_method_named", (np.random.default_rng(14), "inv")),
    ("exponential_method_named", (np.random.default_rng(14), "zig")),
    ("exponential_method_named", (np.random.default_rng(14), "fast")),
    ("unchecked_parameters", (np.random.default_rng(13),)),
]
