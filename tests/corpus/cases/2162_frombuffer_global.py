# A module-level lookup table made from a bytes constant (np.frombuffer(..., dtype=np.uint8),
# copied or not), as base64 encoders write it.
import numpy as np
from numba import njit

B64 = np.frombuffer(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", dtype=np.uint8).copy()
RAW = np.frombuffer(b"\x00\x7f\x80\xff", dtype=np.int8)


@njit
def b64encode(data):
    n = data.shape[0]
    out = np.empty(((n + 2) // 3) * 4, dtype=np.uint8)
    j = 0
    for i in range(0, n, 3):
        b0 = np.int64(data[i])
        b1 = np.int64(data[i + 1]) if i + 1 < n else 0
        b2 = np.int64(data[i + 2]) if i + 2 < n else 0
        t = (b0 << 16) | (b1 << 8) | b2
        out[j] = B64[(t >> 18) & 63]
        out[j + 1] = B64[(t >> 12) & 63]
        out[j + 2] = B64[(t >> 6) & 63] if i + 1 < n else 61
        out[j + 3] = B64[t & 63] if i + 2 < n else 61
        j += 4
    return out


@njit
def raw_items():
    return RAW[0], RAW[1], RAW[2], RAW[3], RAW.sum()


CALLS = [
    ("b64encode", (np.array([77, 97, 110], dtype=np.uint8),)),
    ("b64encode", (np.array([104, 101, 108, 108, 111], dtype=np.uint8),)),
    ("raw_items", ()),
]
