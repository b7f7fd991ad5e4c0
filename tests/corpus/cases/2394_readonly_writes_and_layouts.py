"""Functions that write into an array do not type for a read-only one (a.sort(),
np.random.shuffle, a read-only `out` of np.round/np.around/np.clip), except through
`a.flat[i] = v`, which Numba does not check; results that are views unified with copies stay
read-only (np.resize of a C array, np.nan_to_num); np.imag of a real A array cannot be
allocated; np.partition has no order for complex numbers."""
import numpy as np
from numba import njit, types

RO = types.Array(types.float64, 1, 'C', readonly=True)
ROA = types.Array(types.float64, 1, 'A', readonly=True)
WA = types.Array(types.float64, 1, 'A')


@njit(types.void(RO))
def sort_sig(a):
    a.sort()


@njit
def sort_inplace(a):
    a.sort()
    return a


@njit(types.void(RO))
def shuffle_ro(a):
    np.random.shuffle(a)


@njit(types.void(RO))
def round_out(a):
    np.round(a, 0, a)


@njit(types.void(RO))
def around_out(a):
    np.around(a, 1, a)


@njit(types.void(RO, types.float64[::1]))
def round_into_ro(a, b):
    np.round(b, 0, a)


@njit(types.void(RO, types.float64[::1]))
def clip_into_ro(a, b):
    np.clip(b, 0.0, 1.0, a)


@njit(types.void(RO, types.float64[::1]))
def clip_method_into_ro(a, b):
    b.clip(0.0, 1.0, out=a)


@njit(types.void(RO))
def flat_set(a):
    a.flat[0] = 1.0


@njit([(RO,), (ROA,), (WA,)])
def nan_to_num_of(a):
    r = np.nan_to_num(a)
    return r


@njit([(RO,), (ROA,), (WA,)])
def resize_of(a):
    r = np.resize(a, 3)
    return r


@njit([(RO,), (ROA,), (WA,)])
def imag_of(a):
    r = np.imag(a)
    return r


@njit([(RO,), (ROA,), (WA,)])
def nan_to_num_write(a):
    r = np.nan_to_num(a)
    r[0] = 1.0
    return r


@njit
def nan_to_num_lazy(a):
    r = np.nan_to_num(a)
    r[0] = 7.0
    return r


@njit
def imag_lazy(a):
    return np.imag(a)


@njit
def resize_lazy(a):
    r = np.resize(a, 3)
    r[0] = 7.0
    return r


@njit([(types.complex128[::1],), (types.complex128[:],)])
def partition_complex(a):
    r = np.partition(a, 0)
    return r


@njit([(types.complex128[::1],), (types.complex128[:],)])
def argpartition_complex(a):
    r = np.argpartition(a, 0)
    return r


@njit
def partition_lazy(a):
    return np.partition(a, 1)


R = np.frombuffer(np.array([3.0, np.nan, 2.0, 5.0]).tobytes())
A = np.arange(6.0)[::2]
C = np.array([3 + 1j, 1 + 0j, 2 - 1j])

CALLS = [
    ("sort_inplace", (R,)),
    ("sort_inplace", (np.array([3.0, 1.0, 2.0]),)),
    ("nan_to_num_lazy", (R,)),
    ("nan_to_num_lazy", (A,)),
    ("imag_lazy", (A,)),
    ("imag_lazy", (np.arange(3.0),)),
    ("resize_lazy", (R,)),
    ("resize_lazy", (A,)),
    ("partition_lazy", (C,)),
    ("partition_lazy", (np.array([3.0, 1.0, 2.0]),)),
]
