"""Linear algebra in built modules against Numba, side by side on this machine: `np.dot`/`@`
of small matrices in a loop (the cost around each BLAS call), of large ones, and
`np.linalg` functions. Both call the same SciPy BLAS/LAPACK, so the figures compare what is
around the calls; the results are compared too (`same`: equal bits). Each figure is the best
of 5 timings, in a fresh interpreter per backend, the backends alternated over the rounds.

    python bench/build/linalg.py --numrs BIN --runtime-python PY --numba-python PY
        [--rounds 3] [--write bench/build/LINALG.md]

Both interpreters need SciPy; PY for the runtime must have numrs_runtime built with the
release profile (`NUMRS_PROFILE=release bash scripts/build-runtime.sh`).
"""
import json
import os
import sys
import tempfile

import sidebyside

SOURCE = '''
import numpy as np
from numba import njit


@njit("float64(float64[:, ::1], float64[:, ::1], int64)")
def small_products(a, b, n):
    acc = 0.0
    for i in range(n):
        acc += (a @ b)[0, 1]
    return acc


@njit("float64(float64[::1], float64[::1], int64)")
def small_dots(x, y, n):
    acc = 0.0
    for i in range(n):
        acc += np.dot(x, y)
    return acc


@njit("float64[:, ::1](float64[:, ::1], float64[:, ::1])")
def matmul(a, b):
    return a @ b


@njit("float64[::1](float64[:, ::1], float64[::1])")
def matvec(a, x):
    return a @ x


@njit("float64[:, :](float64[:, ::1])")
def inv(a):
    return np.linalg.inv(a)


@njit("float64[::1](float64[:, ::1], float64[::1])")
def solve(a, b):
    return np.linalg.solve(a, b)


@njit("float64(float64[:, ::1])")
def det(a):
    return np.linalg.det(a)


@njit("float64[::1](float64[:, ::1])")
def eigvalsh(a):
    return np.linalg.eigvalsh(a)


@njit("float64[::1](float64[:, ::1])")
def singular_values(a):
    return np.linalg.svd(a)[1]


@njit("float64[::1](float64[:, ::1], float64[::1])")
def lstsq(a, b):
    return np.linalg.lstsq(a, b)[0]


@njit("float64(float64[::1])")
def norm(x):
    return np.linalg.norm(x)


@njit("float64(float64[:, ::1])")
def small_inverses(a):
    acc = 0.0
    for i in range(1000):
        acc += np.linalg.inv(a)[0, 0]
    return acc
'''

# (name, setup of the arguments, call, repetitions per timing)
OPERATIONS = [
    ("3x3 a @ b, 10,000 in a loop", "a = rng.random((3, 3)); b = rng.random((3, 3))", "m.small_products(a, b, 10000)", 20),
    ("8-vector np.dot, 10,000 in a loop", "x = rng.random(8); y = rng.random(8)", "m.small_dots(x, y, 10000)", 20),
    ("3x3 inv, 1,000 in a loop", "a = rng.random((3, 3)) + 3 * np.eye(3)", "m.small_inverses(a)", 20),
    ("300x300 a @ b", "a = rng.random((300, 300)); b = rng.random((300, 300))", "m.matmul(a, b)", 10),
    ("2000x2000 a @ x", "a = rng.random((2000, 2000)); x = rng.random(2000)", "m.matvec(a, x)", 10),
    ("200x200 inv", "a = rng.random((200, 200)) + 200 * np.eye(200)", "m.inv(a)", 10),
    ("300x300 solve", "a = rng.random((300, 300)) + 300 * np.eye(300); b = rng.random(300)", "m.solve(a, b)", 10),
    ("300x300 det", "a = rng.random((300, 300)) / 10 + np.eye(300)", "m.det(a)", 10),
    ("200x200 eigvalsh", "a = rng.random((200, 200)); a = a + a.T", "m.eigvalsh(a)", 5),
    ("200x120 svd", "a = rng.random((200, 120))", "m.singular_values(a)", 5),
    ("500x40 lstsq", "a = rng.random((500, 40)); b = rng.random(500)", "m.lstsq(a, b)", 5),
    ("10^6 norm", "x = rng.random(1000000)", "m.norm(x)", 20),
]

CHILD = r'''
import hashlib, json, sys, timeit
import numpy as np
sys.path.insert(0, sys.argv[1])
import labench as m
ops = json.loads(sys.argv[2])
out = {}
for name, setup, stmt, number in ops:
    rng = np.random.default_rng(7)
    env = {"m": m, "np": np, "rng": rng}
    exec(setup, env)
    r = eval(stmt, env)  # the first call (Numba: compiled already, signatures are eager)
    digest = hashlib.sha256(np.asarray(r).tobytes()).hexdigest()[:12]
    best = min(timeit.repeat(stmt, globals=env, number=number, repeat=5)) / number
    out[name] = [best * 1e6, digest]
print(json.dumps(out))
'''


def main():
    opts = sidebyside.parse_args()
    with tempfile.TemporaryDirectory() as d:
        src_dir = os.path.join(d, "src")
        os.makedirs(src_dir)
        with open(os.path.join(src_dir, "labench.py"), "w") as f:
            f.write(SOURCE)
        out = os.path.join(d, "out")
        sidebyside.build(opts, src_dir, "labench.py", [], out)
        best = sidebyside.best_over_rounds(opts, CHILD, out, src_dir, [json.dumps(OPERATIONS)])
    lines = sidebyside.header("# Linear algebra: numrs against Numba", "linalg.py") + [
        "Microseconds per call (best of %d rounds, each the best of 5 timings); both call SciPy's" % opts.rounds,
        "BLAS and LAPACK. `same`: the results have the same bits.",
        "",
        "| operation | Numba | numrs | ratio | same |",
        "|---|---:|---:|---:|:---:|",
    ]
    for name, *_ in OPERATIONS:
        (a, da), (b, db) = best["numba"][name], best["numrs"][name]
        lines.append("| %s | %.1f | %.1f | %.2f | %s |" % (name, a, b, b / a, "yes" if da == db else "no"))
    sidebyside.emit(opts, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
