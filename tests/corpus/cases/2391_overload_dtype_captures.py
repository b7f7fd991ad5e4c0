"""@overload typing functions that compute dtypes (`as_dtype`, `np.promote_types`,
`from_dtype`, `np.dtype`) or read Numba types, and implementations that capture them."""
import numpy as np
from numba import njit, types
from numba.extending import overload
from numba.np.numpy_support import as_dtype, from_dtype


def fill_like(arr, value):
    pass


@overload(fill_like)
def _fill_like(arr, value):
    dtype = np.promote_types(as_dtype(arr.dtype), as_dtype(value))

    def impl(arr, value):
        out = np.empty(arr.shape, dtype=dtype)
        out[:] = value
        return out
    return impl


def zeros_of(arr):
    pass


@overload(zeros_of)
def _zeros_of(arr):
    dt = arr.dtype

    def impl(arr):
        return np.zeros(arr.shape[0], dt)
    return impl


def widen(arr):
    pass


@overload(widen)
def _widen(arr):
    nb_dt = from_dtype(np.promote_types(as_dtype(arr.dtype), np.float32))
    if nb_dt == types.float64:
        def impl(arr):
            return arr.astype(np.float64) * 2
    else:
        def impl(arr):
            return arr.astype(np.float32) + 1
    return impl


def latest(arr, idx, fill):
    pass


@overload(latest)
def _latest(arr, idx, fill):
    # Code shared with Python: NumPy arrays there, Numba types here.
    typed = not isinstance(arr, np.ndarray)
    if typed:
        a_dtype = as_dtype(arr.dtype)
        v_dtype = as_dtype(fill)
    else:
        a_dtype = arr.dtype
        v_dtype = np.array(fill).dtype
    dtype = np.promote_types(a_dtype, v_dtype)

    def impl(arr, idx, fill):
        out = np.empty(idx.shape[0], dtype=dtype)
        for i in range(idx.shape[0]):
            j = idx[i]
            if j < 0 or j >= arr.shape[0]:
                out[i] = fill
            else:
                out[i] = arr[j]
        return out
    return impl


def sized(arr):
    pass


@overload(sized)
def _sized(arr):
    d = np.dtype(as_dtype(arr.dtype))
    size = d.itemsize
    kind = d.kind
    if d == np.float64 or kind == "c":
        def impl(arr):
            return arr.size * size
    else:
        def impl(arr):
            return -size
    return impl


def result_of(a, b, c):
    pass


@overload(result_of)
def _result_of(a, b, c):
    rt = np.result_type(as_dtype(a), as_dtype(b), as_dtype(c))

    def impl(a, b, c):
        r = np.zeros(2, rt)
        r[0] = a
        r[1] = b + c
        return r
    return impl


@njit("float64[:](int64[:], float64)")
def fill_f(a, v):
    return fill_like(a, v)


@njit("int64[:](int64[:], int32)")
def fill_i(a, v):
    return fill_like(a, v)


@njit("complex128[:](float32[:], complex64)")
def fill_c(a, v):
    return fill_like(a, v)


@njit("float32[:](float32[:])")
def zeros_f(a):
    return zeros_of(a)


@njit(["float32[:](int16[:])", "float64[:](int64[:])", "float32[:](float32[:])"])
def widen_all(a):
    return widen(a)


@njit
def latest_lazy(a, idx, fill):
    return latest(a, idx, fill)


@njit(["int64(float64[:])", "int64(int32[:])", "int64(complex64[:])"])
def sized_all(a):
    return sized(a)


@njit(["float64[:](int8, uint8, float32)", "int16[:](int8, uint8, int16)"])
def result_all(a, b, c):
    return result_of(a, b, c)


CALLS = [
    ("fill_f", (np.arange(3), 2.5)),
    ("fill_i", (np.arange(3), np.int32(7))),
    ("fill_c", (np.ones(2, np.float32), np.complex64(1 + 2j))),
    ("zeros_f", (np.ones(2, np.float32),)),
    ("widen_all", (np.ones(2, np.int16),)),
    ("widen_all", (np.ones(2, np.int64),)),
    ("widen_all", (np.ones(2, np.float32),)),
    ("latest_lazy", (np.array([1, 2, 3]), np.array([0, 2, 5, -1]), np.nan)),
    ("latest_lazy", (np.array([1, 2, 3]), np.array([1, 9]), -1)),
    ("latest_lazy", (np.array([1.5, 2.5], np.float32), np.array([1, 9]), 0.25)),
    ("sized_all", (np.ones(3),)),
    ("sized_all", (np.ones(3, np.int32),)),
    ("sized_all", (np.ones(3, np.complex64),)),
    ("result_all", (np.int8(-3), np.uint8(200), np.float32(0.5))),
    ("result_all", (np.int8(-3), np.uint8(200), np.int16(1000))),
]
