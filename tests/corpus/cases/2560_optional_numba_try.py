"""Optional numba: a module-level `try` importing numba, with an ImportError handler that
falls back to plain Python, and an `else` clause that jit-compiles functions (pyyeti's
rainflow); with numba installed the body and the `else` clause run."""
import numpy as np

try:
    import numba
    from numba import njit
except ImportError:
    HAVE_NUMBA = False

    def njit(*args, **kwargs):
        def wrap(f):
            return f
        return wrap
else:
    HAVE_NUMBA = True


def _count_peaks(a):
    n = 0
    for i in range(1, a.shape[0] - 1):
        if a[i] > a[i - 1] and a[i] > a[i + 1]:
            n += 1
    return n


try:
    import numba
except (ImportError, ModuleNotFoundError):
    pass
else:
    _count_peaks = numba.jit(nopython=True)(_count_peaks)


@njit(cache=True)
def peaks_and_flag(a):
    return _count_peaks(a), HAVE_NUMBA


@njit("int64(float64[:])")
def peaks_sig(a):
    return _count_peaks(a)


CALLS = [
    ("peaks_and_flag", (np.array([0.0, 2.0, 1.0, 3.0, 0.0]),)),
    ("peaks_and_flag", (np.zeros(2),)),
    ("peaks_sig", (np.array([1.0, 5.0, 1.0]),)),
    ("_count_peaks", (np.array([1.0, 5.0, 1.0, 6.0, 2.0]),)),
]
