import numpy as np
from numba import njit


@njit(["(float64[:, :],)", "(float32[:, :],)", "(float64[:, ::1],)"])
def laplace_slices(u):
    out = np.zeros_like(u)
    out[1:-1, 1:-1] = u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4.0 * u[1:-1, 1:-1]
    return out


@njit(["(float64[:, :], int64)", "(int32[:, :], int64)"])
def jacobi(u, iters):
    cur = u.astype(np.float64)
    nxt = cur.copy()
    for _ in range(iters):
        for i in range(1, cur.shape[0] - 1):
            for j in range(1, cur.shape[1] - 1):
                nxt[i, j] = 0.25 * (cur[i - 1, j] + cur[i + 1, j] + cur[i, j - 1] + cur[i, j + 1])
        cur, nxt = nxt, cur
    return cur


CALLS = [("jacobi", (np.ones((3, 3)), 2))]
