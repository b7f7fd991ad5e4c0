# Realistic linear algebra programs: Kalman filter, PCA, polynomial fit, Newton's method.
import numpy as np
from numba import njit


@njit
def kalman(zs, q, r):
    F = np.array([[1.0, 1.0], [0.0, 1.0]])
    H = np.array([[1.0, 0.0]])
    Q = q * np.eye(2)
    R = np.array([[r]])
    x = np.zeros(2)
    P = np.eye(2)
    out = np.empty(zs.shape[0])
    for k in range(zs.shape[0]):
        x = F @ x
        P = F @ P @ F.T + Q
        y = zs[k] - (H @ x)[0]
        S = H @ P @ H.T + R
        K = P @ H.T @ np.linalg.inv(S)
        x = x + K[:, 0] * y
        P = (np.eye(2) - K @ H) @ P
        out[k] = x[0]
    return out


@njit
def pca(X, k):
    Xc = X - X.sum(axis=0) / X.shape[0]
    C = Xc.T @ Xc / (X.shape[0] - 1)
    w, V = np.linalg.eigh(C)
    order = np.argsort(w)[::-1]
    comps = np.empty((X.shape[1], k))
    for j in range(k):
        comps[:, j] = V[:, order[j]]
    return w[order[:k]], np.abs(Xc @ comps).sum()


@njit
def polyfit(x, y, deg):
    A = np.empty((x.shape[0], deg + 1))
    for i in range(x.shape[0]):
        for j in range(deg + 1):
            A[i, j] = x[i] ** j
    coef, res, rank, sv = np.linalg.lstsq(A, y)
    return coef, rank


@njit
def newton_system(x0, iters):
    x = x0.copy()
    for _ in range(iters):
        f = np.array([x[0] ** 2 + x[1] ** 2 - 4.0, x[0] * x[1] - 1.0])
        J = np.array([[2 * x[0], 2 * x[1]], [x[1], x[0]]])
        x = x - np.linalg.solve(J, f)
    return x


@njit
def power_iteration(A, n):
    v = np.ones(A.shape[0])
    lam = 0.0
    for _ in range(n):
        w = A @ v
        lam = np.dot(v, w) / np.dot(v, v)
        v = w / np.linalg.norm(w)
    return lam


@njit
def gaussian_samples(mean, cov, n, seed):
    np.random.seed(seed)
    L = np.linalg.cholesky(cov)
    out = np.empty((n, mean.shape[0]))
    for i in range(n):
        z = np.random.standard_normal(mean.shape[0])
        out[i] = mean + L @ z
    return out.sum(axis=0), np.cov(out.T)


@njit
def gram_schmidt_vs_qr(A):
    q, r = np.linalg.qr(A)
    return np.abs(np.diag(r)), np.linalg.matrix_rank(A), np.linalg.cond(A)


@njit
def markov_stationary(P):
    w, v = np.linalg.eig(P.T)
    k = np.argmin(np.abs(w - 1.0))
    s = v[:, k]
    return np.round(s / s.sum(), 12)


CALLS = [
    ("kalman", (np.array([1.0, 2.1, 2.9, 4.2, 5.1, 5.9]), 0.01, 0.5)),
    ("pca", (np.array([[2.5, 2.4, 0.5], [0.5, 0.7, 1.5], [2.2, 2.9, 0.1], [1.9, 2.2, 0.3], [3.1, 3.0, 0.2], [2.3, 2.7, 0.4]]), 2)),
    ("polyfit", (np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0]), np.array([1.0, 2.9, 9.1, 19.2, 33.0, 50.8]), 2)),
    ("newton_system", (np.array([2.0, 0.5]), 8)),
    ("power_iteration", (np.array([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]]), 50)),
    ("gaussian_samples", (np.array([1.0, -1.0]), np.array([[2.0, 0.3], [0.3, 1.0]]), 200, 42)),
    ("gram_schmidt_vs_qr", (np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 10.0], [1.0, 0.0, 1.0]]),)),
    ("markov_stationary", (np.array([[0.9, 0.1, 0.0], [0.2, 0.7, 0.1], [0.1, 0.2, 0.7]]),)),
]
