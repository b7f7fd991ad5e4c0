# More programs: complex and float32 linear algebra, errors raised in loops (allocations
# freed), Tikhonov regularisation with pinv, matrix functions by eigendecomposition.
import numpy as np
from numba import njit


@njit
def complex_solve(n):
    A = np.empty((n, n), dtype=np.complex128)
    for i in range(n):
        for j in range(n):
            A[i, j] = complex(i + j + 1, i - j) if i != j else complex(10.0 + i, 1.0)
    b = np.ones(n, dtype=np.complex128)
    x = np.linalg.solve(A, b)
    return x, np.abs(A @ x - b).max() < 1e-12, np.linalg.det(A)


@njit
def float32_pipeline(a):
    g = a.T @ a + np.eye(a.shape[1], dtype=np.float32)
    L = np.linalg.cholesky(g)
    s = np.linalg.svd(g)[1]
    return L, s, np.linalg.norm(a), np.linalg.norm(a, 1)


@njit
def first_singular(mats):
    count = 0
    for k in range(mats.shape[0]):
        try:
            np.linalg.inv(mats[k])
        except Exception:
            count += 1
    return count


@njit
def inv_or_raise(a):
    total = 0.0
    for i in range(3):
        total += np.linalg.inv(a * (i - 1))[0, 0]
    return total


@njit
def tikhonov(A, b, lam):
    n = A.shape[1]
    M = np.vstack((A, np.sqrt(lam) * np.eye(n)))
    rhs = np.concatenate((b, np.zeros(n)))
    return np.linalg.pinv(M) @ rhs


@njit
def sqrtm_sym(A):
    w, V = np.linalg.eigh(A)
    return np.round((V * np.sqrt(w)) @ V.T, 12)


@njit
def expm_power(A, k):
    return np.linalg.matrix_power(np.eye(A.shape[0]) + A / 64.0, k)


CALLS = [
    ("complex_solve", (4,)),
    ("float32_pipeline", (np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.5]], dtype=np.float32),)),
    ("first_singular", (np.array([[[1.0, 0.0], [0.0, 1.0]], [[1.0, 1.0], [1.0, 1.0]], [[2.0, 0.0], [0.0, 0.0]]]),)),
    ("inv_or_raise", (np.array([[2.0, 1.0], [1.0, 3.0]]),)),
    ("tikhonov", (np.array([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]), np.array([1.0, 2.0, 2.9]), 0.1)),
    ("sqrtm_sym", (np.array([[4.0, 1.0], [1.0, 3.0]]),)),
    ("expm_power", (np.array([[0.0, 1.0], [-1.0, 0.0]]), 64)),
]
