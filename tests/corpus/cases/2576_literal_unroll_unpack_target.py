# Unpacking the target of a literal_unroll loop (numba#5412): Numba's loop canonicalization binds
# the target to the loop's index, and the unpack fails (TypingError at the for line).
from numba import njit, literal_unroll

@njit("int64()")
def simple_kernel_sig():
    s = 0
    for x, y in literal_unroll(((1, 2), (2, 3), (3, 4))):
        s += x * y
    return s

@njit
def simple_kernel():
    s = 0
    for x, y in literal_unroll(((1, 2), (2, 3), (3, 4))):
        s += x * y
    return s

@njit
def hetero_unpack():
    s = 0.0
    for x, y in literal_unroll(((1, 2.5), (2, 'a'))):
        s += x
    return s

CALLS = [
    ("simple_kernel", ()),
    ("hetero_unpack", ()),
]
