# The scalar type aliases numba re-exports from numba.core.types (numba.intp, numba.f8,
# numba.double, ...): as dtypes, casts, imported names and in explicit signatures.
import numba
import numpy as np
from numba import njit, intp, uintp, types


@njit
def f_intp(n):
    return np.zeros(n, dtype=numba.intp)


@njit
def f_intp2(n):
    return np.zeros(n, dtype=intp)


@njit
def f_uintp(n):
    return np.zeros(n, dtype=uintp)


@njit
def f_types_intp(n):
    return np.empty(n, dtype=types.intp)


@njit
def f_np_intp(n):
    return np.zeros(n, dtype=np.intp)


@njit
def f_cast(x):
    return numba.intp(x)


@njit
def f_int64(n):
    return np.ones(n, dtype=numba.int64)


@njit("int64(int64)")
def f_intp(n):
    return np.zeros(n, dtype=numba.intp).size

@njit("int64(int64)")
def f_uintp(n):
    return np.zeros(n, dtype=numba.uintp).size

@njit("int64(int64)")
def f_intc(n):
    return np.zeros(n, dtype=numba.intc).size

@njit("int64(int64)")
def f_uintc(n):
    return np.zeros(n, dtype=numba.uintc).size

@njit("int64(int64)")
def f_ssize_t(n):
    return np.zeros(n, dtype=numba.ssize_t).size

@njit("int64(int64)")
def f_size_t(n):
    return np.zeros(n, dtype=numba.size_t).size

@njit("int64(int64)")
def f_boolean(n):
    return np.zeros(n, dtype=numba.boolean).size

@njit("int64(int64)")
def f_b1(n):
    return np.zeros(n, dtype=numba.b1).size

@njit("int64(int64)")
def f_byte(n):
    return np.zeros(n, dtype=numba.byte).size

@njit("int64(int64)")
def f_char(n):
    return np.zeros(n, dtype=numba.char).size

@njit("int64(int64)")
def f_uchar(n):
    return np.zeros(n, dtype=numba.uchar).size

@njit("int64(int64)")
def f_short(n):
    return np.zeros(n, dtype=numba.short).size

@njit("int64(int64)")
def f_ushort(n):
    return np.zeros(n, dtype=numba.ushort).size

@njit("int64(int64)")
def f_int_(n):
    return np.zeros(n, dtype=numba.int_).size

@njit("int64(int64)")
def f_uint(n):
    return np.zeros(n, dtype=numba.uint).size

@njit("int64(int64)")
def f_long_(n):
    return np.zeros(n, dtype=numba.long_).size

@njit("int64(int64)")
def f_ulong(n):
    return np.zeros(n, dtype=numba.ulong).size

@njit("int64(int64)")
def f_longlong(n):
    return np.zeros(n, dtype=numba.longlong).size

@njit("int64(int64)")
def f_ulonglong(n):
    return np.zeros(n, dtype=numba.ulonglong).size


@njit("int64(int64)")
def f_double(n):
    return np.zeros(n, dtype=numba.double).size

@njit("int64(int64)")
def f_i1(n):
    return np.zeros(n, dtype=numba.i1).size

@njit("int64(int64)")
def f_i2(n):
    return np.zeros(n, dtype=numba.i2).size

@njit("int64(int64)")
def f_i4(n):
    return np.zeros(n, dtype=numba.i4).size

@njit("int64(int64)")
def f_i8(n):
    return np.zeros(n, dtype=numba.i8).size

@njit("int64(int64)")
def f_u1(n):
    return np.zeros(n, dtype=numba.u1).size

@njit("int64(int64)")
def f_u2(n):
    return np.zeros(n, dtype=numba.u2).size

@njit("int64(int64)")
def f_u4(n):
    return np.zeros(n, dtype=numba.u4).size

@njit("int64(int64)")
def f_u8(n):
    return np.zeros(n, dtype=numba.u8).size

@njit("int64(int64)")
def f_f4(n):
    return np.zeros(n, dtype=numba.f4).size

@njit("int64(int64)")
def f_f8(n):
    return np.zeros(n, dtype=numba.f8).size

@njit("int64(int64)")
def f_c8(n):
    return np.zeros(n, dtype=numba.c8).size

@njit("int64(int64)")
def f_c16(n):
    return np.zeros(n, dtype=numba.c16).size

@njit("int64(int64)")
def f_int8(n):
    return np.zeros(n, dtype=numba.int8).size

@njit("int64(int64)")
def f_uint8(n):
    return np.zeros(n, dtype=numba.uint8).size

@njit("int64(int64)")
def f_int16(n):
    return np.zeros(n, dtype=numba.int16).size

@njit("int64(int64)")
def f_int32(n):
    return np.zeros(n, dtype=numba.int32).size

@njit("int64(int64)")
def f_uint32(n):
    return np.zeros(n, dtype=numba.uint32).size

@njit("int64(int64)")
def f_int64(n):
    return np.zeros(n, dtype=numba.int64).size

@njit("int64(int64)")
def f_uint64(n):
    return np.zeros(n, dtype=numba.uint64).size

@njit("int64(int64)")
def f_float32(n):
    return np.zeros(n, dtype=numba.float32).size

@njit("int64(int64)")
def f_float64(n):
    return np.zeros(n, dtype=numba.float64).size

@njit("int64(int64)")
def f_complex64(n):
    return np.zeros(n, dtype=numba.complex64).size

@njit("int64(int64)")
def f_complex128(n):
    return np.zeros(n, dtype=numba.complex128).size

@njit("int64(int64)")
def f_bool_(n):
    return np.zeros(n, dtype=numba.bool_).size
CALLS = [
    ("f_intp", (3,)),
    ("f_intp2", (3,)),
    ("f_uintp", (3,)),
    ("f_types_intp", (0,)),
    ("f_np_intp", (3,)),
    ("f_cast", (3.7,)),
    ("f_int64", (2,)),
]
