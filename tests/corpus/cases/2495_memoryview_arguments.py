"""memoryview arguments: Numba types them `memoryview(dtype, ndim, layout)` from their buffer
(the PEP 3118 format, the contiguity, `readonly` for a view of bytes). Indexing, assignment,
`len`, iteration and the memoryview attributes compile; a memoryview cannot be returned. `types.MemoryView(...)` declares one in a signature."""
import numpy as np
from numba import njit, types


@njit
def total(m):
    t = 0.0
    for i in range(len(m)):
        t += m[i]
    return t


@njit
def iterate(m):
    t = 0
    for x in m:
        t += x
    return t


@njit
def attributes(m):
    return m.nbytes, m.itemsize, m.ndim, m.readonly, m.shape, m.strides, m.contiguous, m.c_contiguous, m.f_contiguous


@njit
def corner(m):
    return m[0, 0] + m[1, 2]


@njit
def store(m, v):
    m[0] = v
    return m[0]


@njit
def give_back(m):
    return m


@njit
def sliced(m):
    return m[1:3]


@njit(types.int64(types.MemoryView(types.uint8, 1, "C", readonly=True)))
def typed_len(b):
    return len(b) * 1000 + b[0]


CALLS = [
    ("typed_len", (memoryview(b"ab"),)),
    ("total", (memoryview(np.arange(6.0)),)),
    ("total", (memoryview(np.arange(10.0)[::2]),)),
    ("total", (memoryview(np.arange(4, dtype=np.int32)),)),
    ("iterate", (memoryview(b"abc"),)),
    ("iterate", (memoryview(bytearray(b"xyz")),)),
    ("attributes", (memoryview(np.arange(6.0)),)),
    ("attributes", (memoryview(np.arange(6.0).reshape(2, 3)),)),
    ("attributes", (memoryview(np.asfortranarray(np.arange(6.0).reshape(2, 3))),)),
    ("attributes", (memoryview(np.arange(12.0).reshape(3, 4)[:, ::2]),)),
    ("attributes", (memoryview(b"abcd"),)),
    ("attributes", (memoryview(np.arange(3, dtype=np.uint16)),)),
    ("corner", (memoryview(np.arange(6.0).reshape(2, 3)),)),
    ("store", (memoryview(np.zeros(3)), 4.5)),
    ("store", (memoryview(b"abc"), 1)),
    ("give_back", (memoryview(np.arange(3.0)),)),
    ("sliced", (memoryview(np.arange(5.0)),)),
    ("total", (memoryview(np.array([True, False])),)),
]
