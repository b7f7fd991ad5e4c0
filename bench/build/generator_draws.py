"""Draws from a `numpy.random.Generator` passed to compiled code: a built module (numrs) against
the same source under Numba, side by side on this machine. Each kernel draws N numbers one
call at a time in a loop (the Monte Carlo pattern) or with `size=`; the figure is nanoseconds
per draw, the best of 5 timings, in a fresh interpreter per backend, the backends alternated
over the rounds (best of rounds). Both backends draw from Generators seeded alike; the sums
they return are compared.

    python bench/build/generator_draws.py --numrs BIN --runtime-python PY --numba-python PY
        [--rounds 3] [--write bench/build/GENERATOR.md]

PY for the runtime must have numrs_runtime built with the release profile
(`NUMRS_PROFILE=release bash scripts/build-runtime.sh`); the test command builds it unoptimized.
"""
import json
import os
import sys
import tempfile

import sidebyside

N = 200_000

KERNELS = [
    ("random()", "rng.random()"),
    ("normal(0, 1)", "rng.normal(0.0, 1.0)"),
    ("uniform(-1, 1)", "rng.uniform(-1.0, 1.0)"),
    ("standard_exponential()", "rng.standard_exponential()"),
    ("gamma(2.5)", "rng.gamma(2.5)"),
    ("integers(0, 100)", "rng.integers(0, 100)"),
    ("poisson(3.0)", "rng.poisson(3.0)"),
    ("binomial(20, 0.3)", "rng.binomial(20, 0.3)"),
]

SIZED = [
    ("normal(size=N)", "rng.normal(0.0, 1.0, n).sum()"),
    ("integers(0, 100, size=N)", "rng.integers(0, 100, n).sum()"),
]


def source():
    parts = ["import numpy as np", "from numba import njit", ""]
    for i, (_, expr) in enumerate(KERNELS):
        parts += ["", "@njit", f"def k{i}(rng, n):", "    acc = 0.0", "    for _ in range(n):",
                  f"        acc += {expr}", "    return acc", ""]
    for i, (_, expr) in enumerate(SIZED):
        parts += ["", "@njit", f"def s{i}(rng, n):", f"    return float({expr})", ""]
    return "\n".join(parts)


CHILD = r'''
import json, sys, timeit
import numpy as np
sys.path.insert(0, sys.argv[1])
import genbench as m
names = json.loads(sys.argv[2])
n = int(sys.argv[3])
out = {}
for name in names:
    f = getattr(m, name)
    f(np.random.default_rng(1), 10)  # compiles under Numba (numrs: built already)
    value = f(np.random.default_rng(7), n)
    rng = np.random.default_rng(7)
    best = min(timeit.repeat(lambda: f(rng, n), number=1, repeat=5))
    out[name] = [best / n * 1e9, value]
print(json.dumps(out))
'''


def main():
    opts = sidebyside.parse_args()
    names = [f"k{i}" for i in range(len(KERNELS))] + [f"s{i}" for i in range(len(SIZED))]
    labels = [k for k, _ in KERNELS] + [k for k, _ in SIZED]
    with tempfile.TemporaryDirectory() as d:
        src_dir = os.path.join(d, "src")
        os.makedirs(src_dir)
        with open(os.path.join(src_dir, "genbench.py"), "w") as f:
            f.write(source())
        out = os.path.join(d, "out")
        sigs = [{"file": "genbench.py", "qualname": n, "args": ["NumPyRandomGeneratorType", "int64"]} for n in names]
        sidebyside.build(opts, src_dir, "genbench.py", sigs, out)
        best = sidebyside.best_over_rounds(opts, CHILD, out, src_dir, [json.dumps(names), str(N)])
    lines = sidebyside.header("# Generator draws in compiled code: numrs against Numba", "generator_draws.py") + [
        "Nanoseconds per draw of %s draws (best of %d rounds, each the best of 5 timings). Same sum: the kernel's "
        "result from a Generator seeded alike is the same under both." % (f"{N:,}", opts.rounds),
        "",
        "| draw | Numba | numrs | ratio | same sum |",
        "|---|---:|---:|---:|:---:|",
    ]
    for name, label in zip(names, labels):
        (a, va), (b, vb) = best["numba"][name], best["numrs"][name]
        same = "yes" if va == vb else "no"
        lines.append("| %s | %.1f | %.1f | %.2f | %s |" % (label.replace("|", "\\|"), a, b, b / a, same))
    sidebyside.emit(opts, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
