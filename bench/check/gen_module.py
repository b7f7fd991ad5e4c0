#!/usr/bin/env python3
"""Generate a large, deterministic Numba module for the `numrs check` speed benchmark.

    python3 bench/check/gen_module.py -o target/big.py               # 500 functions, ~10k lines
    python3 bench/check/gen_module.py -n 50 --seed 7 -o small.py    # smaller / other seed

The output is one Python module of N `@njit` functions, each with an explicit signature
string, so Numba types and compiles every function when the module is imported (importing
it with Numba 0.68.1 is the validity check, and the import time is Numba's own typing +
compilation time for the module).

The function bodies are variations on the classic numeric kernels of the kernel benchmark
(reductions, dot products, array expressions, prefix scans, histograms, 2-D stencils,
escape-time iteration with complex numbers, n-body style pair loops, Black-Scholes style
math, sieves, recursion, Collatz-style while loops, row-wise softmax with temporaries),
with renamed functions and variables, randomised constants and optional extra statements
(math calls, tuples, if/else, while loops, calls to previously generated jitted
functions). Nothing is copied verbatim. The same seed and N always give the same bytes
(only Python's `random.Random`, no hash-order or time dependence).
"""

from __future__ import annotations

import argparse
import random
import sys

DEFAULT_SEED = 20240601
# Probability of each further filler statement; 0.89 gives ~10k lines for 500 functions.
DEFAULT_FILLER = 0.89

# --------------------------------------------------------------------------------------
# Signatures ("interfaces"). Every generated function implements one of these, so that a
# later function can call any earlier one whose interface it knows how to feed.
# --------------------------------------------------------------------------------------

SIGS = {
    # scalar helpers
    "f_f": "float64(float64)",
    "f_ff": "float64(float64, float64)",
    "b_ff": "boolean(float64, float64)",
    "i_i": "int64(int64)",
    "i_ii": "int64(int64, int64)",
    # 1-D reductions
    "f_a": "float64(float64[::1])",
    "f_aa": "float64(float64[::1], float64[::1])",
    "f_s": "float64(float64[:])",
    "f_af": "float64(float64[::1], float64)",
    "i_ia": "int64(int64[::1])",
    "t_a": "UniTuple(float64, 2)(float64[::1])",
    "t2_a": "Tuple((float64, int64))(float64[::1])",
    # 1-D transforms
    "a_aa": "float64[::1](float64[::1], float64[::1])",
    "a_fa": "float64[::1](float64, float64[::1])",
    "a_fAA": "float64[::1](float64, float64[::1], float64[::1])",
    "a_ai": "float64[::1](float64[::1], int64)",
    "ia_afi": "int64[::1](float64[::1], float64, float64, int64[::1])",
    "a_bs": "float64[::1](float64[::1], float64[::1], float64[::1], float64, float64,"
            " float64[::1], float64[::1])",
    "i_ib": "int64(int64, boolean[::1])",
    # 2-D
    "f_m": "float64(float64[:, ::1])",
    "f_mm": "float64(float64[:, ::1], float64[:, ::1])",
    "m_m": "float64[:, ::1](float64[:, ::1])",
    "m_mm": "float64[:, ::1](float64[:, ::1], float64[:, ::1])",
    "m_mmm": "float64[:, ::1](float64[:, ::1], float64[:, ::1], float64[:, ::1])",
    "f_mafm": "float64(float64[:, ::1], float64[::1], float64, float64[:, ::1])",
    # complex
    "c_ci": "int32(complex128, int64)",
    "g_ffffi": "int32[:, ::1](float64, float64, float64, float64, int64, int32[:, ::1])",
    "z_za": "complex128(complex128, float64[::1])",
}

VERBS = ["compute", "update", "accumulate", "reduce", "scan", "apply", "eval", "step",
         "relax", "smooth", "project", "integrate", "normalize", "estimate", "advance",
         "blend", "filter", "score", "solve", "refine", "sweep", "fold", "measure", "fit"]
NOUNS = ["energy", "flux", "weights", "grid", "signal", "spectrum", "residual", "norm",
         "density", "velocity", "pressure", "field", "profile", "moments", "kernel",
         "samples", "charges", "prices", "returns", "counts", "phase", "orbit", "heat",
         "stress", "gradient", "curvature", "mask", "bins", "series", "lattice"]

ARR_NAMES = ["x", "y", "data", "vals", "src", "buf", "samples", "coeffs", "weights",
             "signal", "xs", "ys", "arr", "values", "inp", "a", "b", "series", "col"]
OUT_NAMES = ["out", "dst", "res", "result", "target", "acc_buf", "dest"]
MAT_NAMES = ["u", "grid", "mat", "field", "img", "pos", "pts", "m", "lhs", "rhs", "tile"]
FLT_NAMES = ["alpha", "beta", "scale", "rate", "theta", "eps", "tol", "gamma", "lam",
             "mu", "sigma", "omega", "dt", "h", "bias", "shift", "w0", "c0", "kappa"]
INT_NAMES = ["n", "count", "steps", "limit", "m", "nsteps", "size", "order", "depth",
             "niter", "width"]
ACC_NAMES = ["acc", "total", "s", "running", "partial", "agg", "sm", "tally", "sum_v"]
TMP_NAMES = ["t", "v", "z", "q", "r", "p", "d", "e", "g", "w", "tmp", "val", "cur",
             "prev", "nxt", "delta", "diff", "ratio", "term", "corr", "fac", "lo", "hi",
             "mid", "peak", "base", "off", "span", "gain", "loss", "wt", "amp", "ang"]
IDX_NAMES = ["i", "j", "k", "idx", "ii", "jj", "kk", "pos_i", "it"]


class Names:
    """Unique local names for one function."""

    def __init__(self, rng: random.Random, reserved=()):
        self.rng = rng
        self.used = set(reserved)

    def pick(self, pool):
        cands = [c for c in pool if c not in self.used]
        if cands:
            name = self.rng.choice(cands)
        else:
            base = self.rng.choice(pool)
            k = 2
            while f"{base}{k}" in self.used:
                k += 1
            name = f"{base}{k}"
        self.used.add(name)
        return name


def fconst(rng, lo=0.1, hi=4.0):
    return repr(round(rng.uniform(lo, hi), rng.choice([1, 2, 3])))


class Body:
    """Lines of one function body plus the expression helpers that need the module state."""

    def __init__(self, gen: "Generator", names: Names):
        self.gen = gen
        self.rng = gen.rng
        self.names = names
        self.lines: list[str] = []
        self.ind = 1

    def emit(self, s: str):
        self.lines.append("    " * self.ind + s)

    def push(self):
        self.ind += 1

    def pop(self):
        self.ind -= 1

    # ---- typed expression builders (float64 scalars only) ----
    def atom(self, fvars):
        if fvars and self.rng.random() < 0.8:
            return self.rng.choice(fvars)
        return fconst(self.rng)

    def fexpr(self, fvars, depth=0):
        rng = self.rng
        if depth >= 2 or rng.random() < 0.25:
            return self.atom(fvars)
        a = self.fexpr(fvars, depth + 1)
        b = self.fexpr(fvars, depth + 1)
        k = rng.randrange(14)
        if k <= 3:
            return f"({a} {rng.choice(['+', '-', '*'])} {b})"
        if k == 4:
            return f"{a} / ({b} * {b} + 1.0)"
        if k == 5:
            return f"math.sqrt({a} * {a} + {fconst(rng)})"
        if k == 6:
            return f"math.exp(-abs({a}))"
        if k == 7:
            return f"math.{rng.choice(['sin', 'cos', 'tanh', 'atan'])}({a})"
        if k == 8:
            return f"math.log(1.0 + abs({a}))"
        if k == 9:
            return f"{rng.choice(['min', 'max'])}({a}, {b})"
        if k == 10:
            return f"abs({a} - {b})"
        if k == 11:
            return f"math.hypot({a}, {b})"
        # call a previously generated scalar helper when there is one
        call = self.gen.call("f_f", a) if k == 12 else self.gen.call("f_ff", a, b)
        return call or f"({a} + {b})"

    # ---- filler statements: realistic extra work using the floats in scope ----
    def filler(self, fvars, count):
        """Emit `count` statements at the current indent; returns the new float names."""
        new = []
        for _ in range(count):
            scope = fvars + new
            k = self.rng.randrange(9)
            if k <= 2 or not scope:
                v = self.names.pick(TMP_NAMES)
                self.emit(f"{v} = {self.fexpr(scope)}")
                new.append(v)
            elif k == 3:
                v = self.names.pick(TMP_NAMES)
                self.emit(f"if {self.rng.choice(scope)} > {fconst(self.rng, -1.0, 1.0)}:")
                self.push()
                self.emit(f"{v} = {self.fexpr(scope)}")
                self.pop()
                self.emit("else:")
                self.push()
                self.emit(f"{v} = {self.fexpr(scope)}")
                self.pop()
                new.append(v)
            elif k == 4:
                p = self.names.pick(TMP_NAMES)
                q = self.names.pick(TMP_NAMES)
                self.emit(f"{p}, {q} = {self.fexpr(scope, 1)}, {self.fexpr(scope, 1)}")
                new += [p, q]
            elif k == 5:
                v = self.names.pick(TMP_NAMES)
                c = self.names.pick(["n_halve", "n_iter", "n_loop", "guard", "tries"])
                self.emit(f"{v} = abs({self.rng.choice(scope)}) + 1.0")
                self.emit(f"{c} = 0")
                self.emit(f"while {v} > {fconst(self.rng, 0.001, 0.5)} and {c} < "
                          f"{self.rng.randrange(8, 64)}:")
                self.push()
                self.emit(f"{v} = {v} * {fconst(self.rng, 0.3, 0.9)}")
                self.emit(f"{c} += 1")
                self.pop()
                new.append(v)
            elif k == 6:
                tv = self.names.pick(["pair", "bounds", "pt", "vec2", "span_t"])
                v = self.names.pick(TMP_NAMES)
                self.emit(f"{tv} = ({self.fexpr(scope, 1)}, {self.fexpr(scope, 1)})")
                self.emit(f"{v} = {tv}[0] * {fconst(self.rng)} - {tv}[1]")
                new.append(v)
            elif k == 7:
                v = self.names.pick(TMP_NAMES)
                a, b = (self.rng.sample(scope, 2) if len(scope) > 1
                        else (scope[0], fconst(self.rng)))
                pred = self.gen.call("b_ff", a, b)
                if pred is None:
                    pred = f"{a} < {b}"
                self.emit(f"{v} = {a} if {pred} else {b}")
                new.append(v)
            else:
                v = self.names.pick(TMP_NAMES)
                call = self.gen.call("f_f", self.rng.choice(scope)) or \
                    f"math.erf({self.rng.choice(scope)})"
                self.emit(f"{v} = {call}")
                new.append(v)
        return new


class Generator:
    def __init__(self, seed: int, nfuncs: int, filler: float):
        self.rng = random.Random(seed)
        self.seed = seed
        self.nfuncs = nfuncs
        self.filler_rate = filler
        self.funcs: list[tuple[str, str, list[str]]] = []  # (name, sig key, lines)
        self.by_sig: dict[str, list[str]] = {}
        self.used_names: set[str] = set()
        self.recursive: set[str] = set()
        self.counter = 0

    # ---- naming and calls ----
    def fname(self, hint: str) -> str:
        rng = self.rng
        for _ in range(20):
            name = f"{rng.choice(VERBS)}_{rng.choice(NOUNS)}"
            if rng.random() < 0.5:
                name = f"{name}_{hint}"
            if name not in self.used_names:
                break
        else:
            name = f"{name}_{self.counter}"
        while name in self.used_names:
            self.counter += 1
            name = f"{name}_{self.counter}"
        self.used_names.add(name)
        return name

    def callee(self, key):
        cands = self.by_sig.get(key)
        if not cands:
            return None
        # prefer recent functions a bit, as real modules call their neighbours
        window = cands[-40:] if self.rng.random() < 0.7 else cands
        return self.rng.choice(window)

    def call(self, key, *args):
        name = self.callee(key)
        if name is None:
            return None
        return f"{name}({', '.join(args)})"

    def nfill(self):
        """How many filler statements to add at one point (geometric-ish around the rate)."""
        n = 0
        while self.rng.random() < self.filler_rate and n < 8:
            n += 1
        return n

    def add(self, key, name, params, body: Body, doc=None):
        lines = [f'@njit("{SIGS[key]}")', f"def {name}({', '.join(params)}):"]
        if doc:
            lines.append(f'    """{doc}"""')
        lines += body.lines
        self.funcs.append((name, key, lines))
        self.by_sig.setdefault(key, []).append(name)

    # ---- families -------------------------------------------------------------------
    def fam_scalar(self):
        """Scalar helpers: f_f, f_ff, b_ff (norm-cdf style math)."""
        rng = self.rng
        key = rng.choice(["f_f", "f_f", "f_ff", "f_ff", "b_ff"])
        names = Names(rng)
        nargs = 1 if key == "f_f" else 2
        params = [names.pick(FLT_NAMES + ["x", "y", "u", "v"]) for _ in range(nargs)]
        name = self.fname("fn")
        b = Body(self, names)
        fv = list(params)
        style = rng.randrange(4)
        if style == 0:
            b.emit(f"return 0.5 * (1.0 + math.erf({params[0]} / math.sqrt({fconst(rng, 1.5, 3.0)})))"
                   if key != "b_ff" else f"return {params[0]} * {params[0]} < {params[1]} + {fconst(rng)}")
        else:
            fv += b.filler(fv, 1 + self.nfill())
            if style == 1:
                b.emit(f"if {rng.choice(fv)} < {fconst(rng, -2.0, 0.0)}:")
                b.push()
                b.emit(f"return {self.scalar_ret(key, b, fv)}")
                b.pop()
            b.emit(f"return {self.scalar_ret(key, b, fv)}")
        self.add(key, name, params, b)

    def scalar_ret(self, key, b, fv):
        if key == "b_ff":
            return f"{b.fexpr(fv, 1)} > {b.fexpr(fv, 1)}"
        return b.fexpr(fv)

    def fam_int(self):
        """Integer helpers: Collatz-like while loops, gcd, recursion (fib-like)."""
        rng = self.rng
        names = Names(rng)
        style = rng.randrange(4)
        b = Body(self, names)
        if style == 0:  # collatz-like chain length
            x = names.pick(["x", "v", "start", "seed"])
            st = names.pick(["steps", "length", "hops"])
            b.emit(f"{st} = 1")
            b.emit(f"while {x} != 1 and {st} < {rng.choice([500, 1000, 10000])}:")
            b.push()
            m = rng.choice([2, 3])
            b.emit(f"if {x} % {m} == 0:")
            b.push()
            b.emit(f"{x} = {x} // {m}")
            b.pop()
            b.emit("else:")
            b.push()
            b.emit(f"{x} = {rng.choice([3, 5])} * {x} + 1")
            b.pop()
            b.emit(f"{st} += 1")
            b.pop()
            b.emit(f"return {st}")
            self.add("i_i", self.fname("len"), [x], b)
        elif style == 1:  # recursion
            n = names.pick(["n", "k", "depth"])
            name = self.fname("rec")
            cut = rng.choice([2, 3])
            b.emit(f"if {n} < {cut}:")
            b.push()
            b.emit(f"return {n}")
            b.pop()
            if rng.random() < 0.5:
                b.emit(f"return {name}({n} - 1) + {name}({n} - 2)")
            else:
                b.emit(f"return {name}({n} - 1) + {rng.randrange(1, 4)} * {name}({n} - {cut})")
            self.add("i_i", name, [n], b)
            self.recursive.add(name)
        elif style == 2:  # gcd / modular arithmetic
            a = names.pick(["a", "p", "lhs"])
            c = names.pick(["b", "q", "rhs"])
            t = names.pick(["t", "rem", "tmp"])
            b.emit(f"{a} = abs({a})")
            b.emit(f"{c} = abs({c})")
            b.emit(f"while {c} != 0:")
            b.push()
            b.emit(f"{t} = {a} % {c}")
            b.emit(f"{a} = {c}")
            b.emit(f"{c} = {t}")
            b.pop()
            b.emit(f"return {a}")
            self.add("i_ii", self.fname("gcd"), [a, c], b)
        else:  # driver: longest chain over a range, calling an i_i helper
            n = names.pick(INT_NAMES)
            best = names.pick(["best", "top", "longest"])
            arg = names.pick(["best_start", "arg_best", "where"])
            s = names.pick(IDX_NAMES)
            c = names.pick(["c", "ln", "cur"])
            callee = self.callee("i_i")
            b.emit(f"{best} = 1")
            b.emit(f"{arg} = 1")
            b.emit(f"for {s} in range(1, {n} + 1):")
            b.push()
            b.emit(f"{c} = {callee}({s})" if callee and callee not in self.recursive
                   else f"{c} = ({s} * {rng.randrange(3, 97)}) % {rng.randrange(101, 997)}")
            b.emit(f"if {c} > {best}:")
            b.push()
            b.emit(f"{best} = {c}")
            b.emit(f"{arg} = {s}")
            b.pop()
            b.pop()
            b.emit(f"return {arg}")
            self.add("i_i", self.fname("argmax"), [n], b)

    def fam_reduce(self):
        """1-D reductions: sum / dot / weighted / strided / conditional, f_a f_aa f_s f_af."""
        rng = self.rng
        names = Names(rng)
        key = rng.choice(["f_a", "f_a", "f_aa", "f_aa", "f_s", "f_af"])
        b = Body(self, names)
        x = names.pick(ARR_NAMES)
        params = [x]
        y = None
        if key == "f_aa":
            y = names.pick(ARR_NAMES)
            params.append(y)
        scal = []
        if key == "f_af":
            scal = [names.pick(FLT_NAMES)]
            params += scal
        n = names.pick(INT_NAMES)
        acc = names.pick(ACC_NAMES)
        i = names.pick(IDX_NAMES)
        b.emit(f"{n} = {x}.shape[0]")
        if y is not None and rng.random() < 0.5:
            b.emit(f"if {y}.shape[0] < {n}:")
            b.push()
            b.emit(f"{n} = {y}.shape[0]")
            b.pop()
        b.emit(f"{acc} = 0.0")
        fv = list(scal)
        if rng.random() < 0.5:
            fv += b.filler(fv, 1 + self.nfill())
        step = rng.choice([None, None, None, 2, 3])
        rng_expr = f"range({n})" if step is None else f"range(0, {n}, {step})"
        b.emit(f"for {i} in {rng_expr}:")
        b.push()
        xi = names.pick(TMP_NAMES)
        b.emit(f"{xi} = {x}[{i}]")
        inner = fv + [xi]
        if y is not None:
            yi = names.pick(TMP_NAMES)
            b.emit(f"{yi} = {y}[{i}]")
            inner.append(yi)
            term = f"{xi} * {yi}"
        else:
            term = xi
        inner += b.filler(inner, self.nfill())
        style = rng.randrange(4)
        if style == 0:
            b.emit(f"{acc} += {term}")
        elif style == 1:
            b.emit(f"{acc} += {b.fexpr(inner, 1)}")
        elif style == 2:
            b.emit(f"if {xi} > {fconst(rng, -1.0, 1.0)}:")
            b.push()
            b.emit(f"{acc} += {term}")
            b.pop()
            b.emit(f"elif {xi} < {fconst(rng, -3.0, -1.0)}:")
            b.push()
            b.emit("continue")
            b.pop()
            b.emit("else:")
            b.push()
            b.emit(f"{acc} -= {b.fexpr(inner, 1)}")
            b.pop()
        else:
            b.emit(f"{acc} = max({acc}, abs({term}))")
        b.pop()
        fv.append(acc)
        if rng.random() < 0.4:
            fv += b.filler(fv, 1 + self.nfill())
            b.emit(f"return {acc} + {rng.choice(fv)} * {fconst(rng, 0.001, 0.01)}")
        else:
            b.emit(f"return {acc}")
        self.add(key, self.fname(rng.choice(["sum", "dot", "red"])), params, b)

    def fam_tuple(self):
        """Tuple-returning scans: (min, max), (mean, var), (max, argmax)."""
        rng = self.rng
        names = Names(rng)
        key = rng.choice(["t_a", "t2_a"])
        b = Body(self, names)
        x = names.pick(ARR_NAMES)
        i = names.pick(IDX_NAMES)
        if key == "t2_a":
            best = names.pick(["best", "peak", "top"])
            k = names.pick(["arg", "where", "at"])
            b.emit(f"{best} = {x}[0]")
            b.emit(f"{k} = 0")
            b.emit(f"for {i} in range(1, {x}.shape[0]):")
            b.push()
            b.emit(f"if {x}[{i}] {rng.choice(['>', '<'])} {best}:")
            b.push()
            b.emit(f"{best} = {x}[{i}]")
            b.emit(f"{k} = {i}")
            b.pop()
            b.pop()
            b.emit(f"return {best}, {k}")
        elif rng.random() < 0.5:
            lo = names.pick(["lo", "mn", "lower"])
            hi = names.pick(["hi", "mx", "upper"])
            b.emit(f"{lo} = {x}[0]")
            b.emit(f"{hi} = {x}[0]")
            b.emit(f"for {i} in range({x}.shape[0]):")
            b.push()
            b.emit(f"{lo} = min({lo}, {x}[{i}])")
            b.emit(f"{hi} = max({hi}, {x}[{i}])")
            b.pop()
            b.emit(f"return ({lo}, {hi})")
        else:
            n = names.pick(INT_NAMES)
            mean = names.pick(["mean", "avg", "mu"])
            var = names.pick(["var", "m2", "spread"])
            d = names.pick(["d", "dev", "delta"])
            b.emit(f"{n} = {x}.shape[0]")
            b.emit(f"{mean} = 0.0")
            b.emit(f"{var} = 0.0")
            b.emit(f"for {i} in range({n}):")
            b.push()
            b.emit(f"{d} = {x}[{i}] - {mean}")
            b.emit(f"{mean} += {d} / ({i} + 1)")
            b.emit(f"{var} += {d} * ({x}[{i}] - {mean})")
            b.pop()
            b.emit(f"if {n} > 1:")
            b.push()
            b.emit(f"{var} = {var} / ({n} - 1)")
            b.pop()
            b.emit(f"return {mean}, {var}")
        self.add(key, self.fname("stats"), [x], b)

    def fam_scan(self):
        """Prefix-sum-like transforms into a caller-provided output (a_aa)."""
        rng = self.rng
        names = Names(rng)
        b = Body(self, names)
        a = names.pick(ARR_NAMES)
        out = names.pick(OUT_NAMES)
        acc = names.pick(ACC_NAMES)
        i = names.pick(IDX_NAMES)
        style = rng.randrange(4)
        fv = []
        if rng.random() < 0.3:
            red = self.call("f_a", a)
            if red:
                sc = names.pick(["norm", "ref", "mag"])
                b.emit(f"{sc} = {red}")
                fv.append(sc)
        b.emit(f"{acc} = 0.0")
        if style == 3:
            lam = names.pick(FLT_NAMES)
            b.emit(f"{lam} = {fconst(rng, 0.05, 0.95)}")
            fv.append(lam)
        b.emit(f"for {i} in range({a}.shape[0]):")
        b.push()
        inner = fv + [acc]
        if style == 0:
            b.emit(f"{acc} += {a}[{i}]")
        elif style == 1:
            b.emit(f"{acc} += abs({a}[{i}])")
        elif style == 2:
            b.emit(f"{acc} = max({acc}, {a}[{i}])")
        else:
            b.emit(f"{acc} = {fv[-1]} * {a}[{i}] + (1.0 - {fv[-1]}) * {acc}")
        extra = b.filler(inner, self.nfill())
        if extra:
            b.emit(f"{out}[{i}] = {acc} + {fconst(rng, 0.0, 0.01)} * {extra[-1]}")
        else:
            b.emit(f"{out}[{i}] = {acc}")
        b.pop()
        b.emit(f"return {out}")
        self.add("a_aa", self.fname("scan"), [a, out], b)

    def fam_axpy(self):
        """Array expressions / allocating transforms: a_fa, a_fAA, a_ai."""
        rng = self.rng
        names = Names(rng)
        key = rng.choice(["a_fa", "a_fAA", "a_ai", "a_ai"])
        b = Body(self, names)
        if key == "a_fAA":
            al = names.pick(FLT_NAMES)
            x = names.pick(ARR_NAMES)
            y = names.pick(ARR_NAMES)
            params = [al, x, y]
            e = rng.choice([f"{al} * {x} + {y}", f"np.sqrt({x} * {x} + {y} * {y}) * {al}",
                            f"np.exp(-{al} * {x}) - {y}", f"({x} - {y}) * ({x} + {y}) + {al}",
                            f"np.maximum({x}, {y}) * {al}"])
            if rng.random() < 0.5:
                b.emit(f"return {e}")
            else:
                r = names.pick(OUT_NAMES)
                b.emit(f"{r} = {e}")
                i = names.pick(IDX_NAMES)
                b.emit(f"for {i} in range({r}.shape[0]):")
                b.push()
                b.emit(f"if {r}[{i}] < 0.0:")
                b.push()
                b.emit(f"{r}[{i}] = 0.0")
                b.pop()
                b.pop()
                b.emit(f"return {r}")
        elif key == "a_fa":
            al = names.pick(FLT_NAMES)
            x = names.pick(ARR_NAMES)
            params = [al, x]
            r = names.pick(OUT_NAMES)
            if rng.random() < 0.5:
                b.emit(f"{r} = np.empty_like({x})")
            else:
                b.emit(f"{r} = np.zeros({x}.shape[0])")
            i = names.pick(IDX_NAMES)
            b.emit(f"for {i} in range({x}.shape[0]):")
            b.push()
            xi = names.pick(TMP_NAMES)
            b.emit(f"{xi} = {x}[{i}]")
            inner = [al, xi] + b.filler([al, xi], self.nfill())
            b.emit(f"{r}[{i}] = {b.fexpr(inner)}")
            b.pop()
            b.emit(f"return {r}")
        else:
            x = names.pick(ARR_NAMES)
            k = names.pick(INT_NAMES)
            params = [x, k]
            n = names.pick(["n", "length", "nn"])
            r = names.pick(OUT_NAMES)
            b.emit(f"{n} = {x}.shape[0]")
            alloc = rng.choice(["np.empty", "np.zeros", "np.ones"])
            b.emit(f"{r} = {alloc}({n})")
            i = names.pick(IDX_NAMES)
            j = names.pick(IDX_NAMES)
            w = names.pick(["window", "acc", "run"])
            style = rng.randrange(3)
            if style == 0:  # moving average over k
                b.emit(f"for {i} in range({n}):")
                b.push()
                b.emit(f"{w} = 0.0")
                b.emit(f"for {j} in range(max(0, {i} - {k} + 1), {i} + 1):")
                b.push()
                b.emit(f"{w} += {x}[{j}]")
                b.pop()
                b.emit(f"{r}[{i}] = {w} / min({k}, {i} + 1)")
                b.pop()
            elif style == 1:  # shift by k with wrap
                b.emit(f"for {i} in range({n}):")
                b.push()
                b.emit(f"{r}[({i} + {k}) % {n}] = {x}[{i}]")
                b.pop()
            else:  # power iteration of a map k times
                b.emit(f"{r}[:] = {x}")
                b.emit(f"for {j} in range({k}):")
                b.push()
                b.emit(f"for {i} in range({n}):")
                b.push()
                ri = f"{r}[{i}]"
                helper = self.call("f_f", ri)
                b.emit(f"{r}[{i}] = {helper or f'math.cos({ri})'}")
                b.pop()
                b.pop()
            if rng.random() < 0.3:
                tot = self.call("f_a", r)
                if tot:
                    b.emit(f"{r} /= {tot} + 1.0")
            b.emit(f"return {r}")
        self.add(key, self.fname("map"), params, b)

    def fam_hist(self):
        rng = self.rng
        names = Names(rng)
        b = Body(self, names)
        data = names.pick(ARR_NAMES)
        lo = names.pick(["lo", "lower", "xmin"])
        hi = names.pick(["hi", "upper", "xmax"])
        counts = names.pick(["counts", "bins", "hist", "tally"])
        nb = names.pick(["nbins", "nb", "nslots"])
        bi = names.pick(["b", "slot", "bin_i"])
        i = names.pick(IDX_NAMES)
        sc = names.pick(["scale", "inv_w", "factor"])
        xv = names.pick(TMP_NAMES)
        b.emit(f"{nb} = {counts}.shape[0]")
        b.emit(f"for {bi} in range({nb}):")
        b.push()
        b.emit(f"{counts}[{bi}] = 0")
        b.pop()
        b.emit(f"{sc} = {nb} / ({hi} - {lo})")
        b.emit(f"for {i} in range({data}.shape[0]):")
        b.push()
        b.emit(f"{xv} = {data}[{i}]")
        extra = b.filler([xv, lo, hi], self.nfill() // 2)
        if extra and rng.random() < 0.5:
            b.emit(f"{xv} = {xv} + {fconst(rng, 0.0, 0.001)} * {extra[-1]}")
        b.emit(f"if {xv} >= {lo} and {xv} < {hi}:")
        b.push()
        b.emit(f"{bi} = int(({xv} - {lo}) * {sc})")
        b.emit(f"if {bi} >= {nb}:")
        b.push()
        b.emit(f"{bi} = {nb} - 1")
        b.pop()
        b.emit(f"{counts}[{bi}] += 1")
        b.pop()
        b.pop()
        b.emit(f"return {counts}")
        self.add("ia_afi", self.fname("hist"), [data, lo, hi, counts], b)

    def fam_intred(self):
        rng = self.rng
        names = Names(rng)
        b = Body(self, names)
        v = names.pick(["counts", "ids", "labels", "flags_i", "keys"])
        tot = names.pick(ACC_NAMES)
        i = names.pick(IDX_NAMES)
        b.emit(f"{tot} = 0")
        b.emit(f"for {i} in range({v}.shape[0]):")
        b.push()
        style = rng.randrange(3)
        if style == 0:
            b.emit(f"{tot} += {v}[{i}]")
        elif style == 1:
            b.emit(f"if {v}[{i}] % {rng.choice([2, 3, 5])} == 0:")
            b.push()
            b.emit(f"{tot} += 1")
            b.pop()
        else:
            g = self.call("i_ii", tot, f"{v}[{i}]")
            b.emit(f"{tot} = {g}" if g else f"{tot} = max({tot}, {v}[{i}])")
        b.pop()
        b.emit(f"return {tot}")
        self.add("i_ia", self.fname("count"), [v], b)

    def fam_sieve(self):
        rng = self.rng
        names = Names(rng)
        b = Body(self, names)
        lim = names.pick(["limit", "upto", "nmax"])
        fl = names.pick(["flags", "is_prime", "marks"])
        i = names.pick(IDX_NAMES)
        p = names.pick(["p", "base", "q"])
        m = names.pick(["mult", "mm", "kk"])
        c = names.pick(["count", "found", "nprimes"])
        b.emit(f"for {i} in range({lim} + 1):")
        b.push()
        b.emit(f"{fl}[{i}] = True")
        b.pop()
        b.emit(f"{fl}[0] = False")
        b.emit(f"if {lim} >= 1:")
        b.push()
        b.emit(f"{fl}[1] = False")
        b.pop()
        b.emit(f"{p} = 2")
        b.emit(f"while {p} * {p} <= {lim}:")
        b.push()
        b.emit(f"if {fl}[{p}]:")
        b.push()
        b.emit(f"for {m} in range({p} * {p}, {lim} + 1, {p}):")
        b.push()
        b.emit(f"{fl}[{m}] = False")
        b.pop()
        b.pop()
        b.emit(f"{p} += 1")
        b.pop()
        b.emit(f"{c} = 0")
        b.emit(f"for {i} in range({lim} + 1):")
        b.push()
        b.emit(f"if {fl}[{i}]:")
        b.push()
        b.emit(f"{c} += 1")
        b.pop()
        b.pop()
        b.emit(f"return {c}")
        self.add("i_ib", self.fname("sieve"), [lim, fl], b)

    def fam_bs(self):
        """Black-Scholes-like element-wise pricing calling scalar helpers."""
        rng = self.rng
        names = Names(rng)
        b = Body(self, names)
        s_, k_, t_ = (names.pick(["spot", "s0", "price"]), names.pick(["strike", "k0", "level"]),
                      names.pick(["tmat", "expiry", "horizon"]))
        r_, v_ = names.pick(["rate", "r0", "drift"]), names.pick(["vol", "sigma", "sd"])
        c_, p_ = names.pick(["call", "up", "c_out"]), names.pick(["put", "down", "p_out"])
        i = names.pick(IDX_NAMES)
        s, k, t = names.pick(["s", "sv"]), names.pick(["kv", "kx"]), names.pick(["tv", "tt"])
        sq = names.pick(["sqrt_t", "rt", "st"])
        d1, d2 = names.pick(["d1", "dp"]), names.pick(["d2", "dm"])
        disc = names.pick(["disc", "pv", "df"])
        cv = names.pick(["c", "cval", "cc"])
        b.emit(f"for {i} in range({s_}.shape[0]):")
        b.push()
        b.emit(f"{s} = {s_}[{i}]")
        b.emit(f"{k} = {k_}[{i}]")
        b.emit(f"{t} = {t_}[{i}]")
        b.emit(f"{sq} = math.sqrt({t})")
        b.emit(f"{d1} = (math.log({s} / {k}) + ({r_} + 0.5 * {v_} * {v_}) * {t}) / ({v_} * {sq})")
        b.emit(f"{d2} = {d1} - {v_} * {sq}")
        b.emit(f"{disc} = {k} * math.exp(-{r_} * {t})")
        n1 = self.call("f_f", d1) or f"0.5 * (1.0 + math.erf({d1} / math.sqrt(2.0)))"
        n2 = self.call("f_f", d2) or f"0.5 * (1.0 + math.erf({d2} / math.sqrt(2.0)))"
        b.emit(f"{cv} = {s} * {n1} - {disc} * {n2}")
        b.filler([s, k, t, d1, d2], self.nfill() // 2)
        b.emit(f"{c_}[{i}] = {cv}")
        b.emit(f"{p_}[{i}] = {cv} - {s} + {disc}")
        b.pop()
        b.emit(f"return {c_}")
        self.add("a_bs", self.fname("price"), [s_, k_, t_, r_, v_, c_, p_], b)

    def fam_stencil(self):
        """Jacobi-like 2-D 5-point stencil returning the max change (f_mm)."""
        rng = self.rng
        names = Names(rng)
        b = Body(self, names)
        u = names.pick(MAT_NAMES)
        out = names.pick(OUT_NAMES)
        ny, nx = names.pick(["ny", "rows", "nr"]), names.pick(["nx", "cols", "nc"])
        i, j = names.pick(["i", "r"]), names.pick(["j", "c"])
        err = names.pick(["err", "change", "resid"])
        v, d = names.pick(["v", "newv", "avg"]), names.pick(["d", "dv", "step_d"])
        w = fconst(rng, 0.2, 0.25)
        b.emit(f"{ny} = {u}.shape[0]")
        b.emit(f"{nx} = {u}.shape[1]")
        b.emit(f"for {j} in range({nx}):")
        b.push()
        b.emit(f"{out}[0, {j}] = {u}[0, {j}]")
        b.emit(f"{out}[{ny} - 1, {j}] = {u}[{ny} - 1, {j}]")
        b.pop()
        b.emit(f"for {i} in range(1, {ny} - 1):")
        b.push()
        b.emit(f"{out}[{i}, 0] = {u}[{i}, 0]")
        b.emit(f"{out}[{i}, {nx} - 1] = {u}[{i}, {nx} - 1]")
        b.pop()
        b.emit(f"{err} = 0.0")
        b.emit(f"for {i} in range(1, {ny} - 1):")
        b.push()
        b.emit(f"for {j} in range(1, {nx} - 1):")
        b.push()
        if rng.random() < 0.5:
            b.emit(f"{v} = {w} * ({u}[{i} - 1, {j}] + {u}[{i} + 1, {j}] + {u}[{i}, {j} - 1]"
                   f" + {u}[{i}, {j} + 1])")
        else:
            b.emit(f"{v} = (1.0 - 4.0 * {w}) * {u}[{i}, {j}] + {w} * ({u}[{i} - 1, {j}]"
                   f" + {u}[{i} + 1, {j}] + {u}[{i}, {j} - 1] + {u}[{i}, {j} + 1])")
        b.emit(f"{d} = abs({v} - {u}[{i}, {j}])")
        extra = b.filler([v, d], self.nfill() // 2)
        if extra:
            b.emit(f"{v} = {v} + {fconst(rng, 0.0, 0.001)} * {extra[-1]}")
        b.emit(f"if {d} > {err}:")
        b.push()
        b.emit(f"{err} = {d}")
        b.pop()
        b.emit(f"{out}[{i}, {j}] = {v}")
        b.pop()
        b.pop()
        b.emit(f"return {err}")
        self.add("f_mm", self.fname("sweep"), [u, out], b)

    def fam_matrix(self):
        """matmul / pairwise distances into an output matrix (m_mmm, m_mm) and 2-D reductions (f_m)."""
        rng = self.rng
        names = Names(rng)
        b = Body(self, names)
        style = rng.randrange(3)
        if style == 0:
            a, bb, c = names.pick(["a", "lhs"]), names.pick(["b", "rhs"]), names.pick(OUT_NAMES)
            n, m, p = names.pick(["n", "nr"]), names.pick(["m", "nc"]), names.pick(["p", "inner"])
            i, j, k = names.pick(["i"]), names.pick(["j"]), names.pick(["k"])
            acc = names.pick(ACC_NAMES)
            b.emit(f"{n} = {a}.shape[0]")
            b.emit(f"{m} = {bb}.shape[1]")
            b.emit(f"{p} = {a}.shape[1]")
            b.emit(f"for {i} in range({n}):")
            b.push()
            b.emit(f"for {j} in range({m}):")
            b.push()
            b.emit(f"{acc} = 0.0")
            b.emit(f"for {k} in range({p}):")
            b.push()
            b.emit(f"{acc} += {a}[{i}, {k}] * {bb}[{k}, {j}]")
            b.pop()
            b.emit(f"{c}[{i}, {j}] = {acc}")
            b.pop()
            b.pop()
            b.emit(f"return {c}")
            self.add("m_mmm", self.fname("matmul"), [a, bb, c], b)
        elif style == 1:
            x, out = names.pick(["x", "pts", "coords"]), names.pick(OUT_NAMES)
            n, d = names.pick(["n", "npts"]), names.pick(["d", "ndim"])
            i, j, k = names.pick(["i"]), names.pick(["j"]), names.pick(["k"])
            acc, t = names.pick(ACC_NAMES), names.pick(["t", "diff", "dd"])
            b.emit(f"{n} = {x}.shape[0]")
            b.emit(f"{d} = {x}.shape[1]")
            b.emit(f"for {i} in range({n}):")
            b.push()
            b.emit(f"for {j} in range({n}):")
            b.push()
            b.emit(f"{acc} = 0.0")
            b.emit(f"for {k} in range({d}):")
            b.push()
            b.emit(f"{t} = {x}[{i}, {k}] - {x}[{j}, {k}]")
            b.emit(f"{acc} += {t} * {t}" if rng.random() < 0.7 else f"{acc} += abs({t})")
            b.pop()
            extra = b.filler([acc], self.nfill() // 2)
            if extra:
                b.emit(f"{acc} = {acc} + {fconst(rng, 0.0, 0.001)} * abs({extra[-1]})")
            b.emit(f"{out}[{i}, {j}] = math.sqrt({acc})")
            b.pop()
            b.pop()
            b.emit(f"return {out}")
            self.add("m_mm", self.fname("dist"), [x, out], b)
        else:
            g = names.pick(MAT_NAMES)
            i, j = names.pick(["i", "r"]), names.pick(["j", "c"])
            acc, row = names.pick(ACC_NAMES), names.pick(["row", "line", "rv"])
            best = names.pick(["best", "worst", "peak"])
            b.emit(f"{best} = 0.0")
            b.emit(f"for {i} in range({g}.shape[0]):")
            b.push()
            b.emit(f"{row} = {g}[{i}]")
            red = self.call("f_a", row) if rng.random() < 0.5 else None
            if red:
                b.emit(f"{acc} = {red}")
            else:
                b.emit(f"{acc} = 0.0")
                b.emit(f"for {j} in range({row}.shape[0]):")
                b.push()
                b.emit(f"{acc} += {row}[{j}] * {row}[{j}]")
                b.pop()
            b.emit(f"{best} = max({best}, {acc})")
            b.pop()
            b.emit(f"return math.sqrt({best})")
            self.add("f_m", self.fname("rownorm"), [g], b)

    def fam_softmax(self):
        """Row-wise softmax with np.empty, per-row temporaries, np.exp and .sum() (m_m)."""
        rng = self.rng
        names = Names(rng)
        b = Body(self, names)
        x = names.pick(MAT_NAMES)
        n, m = names.pick(["n", "nrows"]), names.pick(["m", "ncols"])
        out = names.pick(OUT_NAMES)
        i, j = names.pick(["i", "r"]), names.pick(["j", "c"])
        row, mx = names.pick(["row", "rv"]), names.pick(["mx", "rmax", "top"])
        e, s = names.pick(["e", "ex", "expd"]), names.pick(["s", "denom", "z"])
        b.emit(f"{n} = {x}.shape[0]")
        b.emit(f"{m} = {x}.shape[1]")
        b.emit(f"{out} = np.{rng.choice(['empty', 'zeros'])}(({n}, {m}))")
        b.emit(f"for {i} in range({n}):")
        b.push()
        b.emit(f"{row} = {x}[{i}]")
        if rng.random() < 0.5:
            b.emit(f"{mx} = {row}[0]")
            b.emit(f"for {j} in range(1, {m}):")
            b.push()
            b.emit(f"if {row}[{j}] > {mx}:")
            b.push()
            b.emit(f"{mx} = {row}[{j}]")
            b.pop()
            b.pop()
        else:
            b.emit(f"{mx} = {row}.max()")
        temp = rng.choice(["", f" / {fconst(rng, 0.5, 2.0)}"])
        b.emit(f"{e} = np.exp(({row} - {mx}){temp})")
        b.emit(f"{s} = {e}.sum()" if rng.random() < 0.6 else f"{s} = np.sum({e})")
        extra = b.filler([mx, s], self.nfill() // 2)
        if extra:
            b.emit(f"{s} = {s} + {fconst(rng, 0.0, 0.001)} * abs({extra[-1]})")
        b.emit(f"for {j} in range({m}):")
        b.push()
        b.emit(f"{out}[{i}, {j}] = {e}[{j}] / {s}")
        b.pop()
        b.pop()
        b.emit(f"return {out}")
        self.add("m_m", self.fname("softmax"), [x], b)

    def fam_nbody(self):
        rng = self.rng
        names = Names(rng)
        b = Body(self, names)
        pos, mass = names.pick(["pos", "xyz", "coords"]), names.pick(["mass", "charge", "wts"])
        eps, acc = names.pick(["eps", "soft", "h"]), names.pick(["acc", "force", "grad"])
        n = names.pick(["n", "nb"])
        pot = names.pick(["pot", "energy", "phi"])
        i, j = names.pick(["i"]), names.pick(["j"])
        xi, yi, zi = names.pick(["xi"]), names.pick(["yi"]), names.pick(["zi"])
        ax, ay, az = names.pick(["ax"]), names.pick(["ay"]), names.pick(["az"])
        dx, dy, dz = names.pick(["dx"]), names.pick(["dy"]), names.pick(["dz"])
        r2, ir, ir3 = names.pick(["r2"]), names.pick(["inv_r"]), names.pick(["inv_r3"])
        b.emit(f"{n} = {pos}.shape[0]")
        b.emit(f"{pot} = 0.0")
        b.emit(f"for {i} in range({n}):")
        b.push()
        for c in range(3):
            b.emit(f"{acc}[{i}, {c}] = 0.0")
        b.pop()
        b.emit(f"for {i} in range({n}):")
        b.push()
        for c, v in enumerate([xi, yi, zi]):
            b.emit(f"{v} = {pos}[{i}, {c}]")
        for v in (ax, ay, az):
            b.emit(f"{v} = 0.0")
        b.emit(f"for {j} in range({n}):")
        b.push()
        b.emit(f"if {i} == {j}:")
        b.push()
        b.emit("continue")
        b.pop()
        for c, (dv, v) in enumerate([(dx, xi), (dy, yi), (dz, zi)]):
            b.emit(f"{dv} = {pos}[{j}, {c}] - {v}")
        b.emit(f"{r2} = {dx} * {dx} + {dy} * {dy} + {dz} * {dz} + {eps} * {eps}")
        b.emit(f"{ir} = 1.0 / math.sqrt({r2})")
        b.emit(f"{ir3} = {ir} * {ir} * {ir}")
        extra = b.filler([dx, dy, dz, r2, ir], self.nfill() // 2)
        if extra:
            b.emit(f"{ir3} = {ir3} * (1.0 + {fconst(rng, 0.0, 0.001)} * {extra[-1]})")
        for av, dv in ((ax, dx), (ay, dy), (az, dz)):
            b.emit(f"{av} += {mass}[{j}] * {dv} * {ir3}")
        b.emit(f"if {j} > {i}:")
        b.push()
        b.emit(f"{pot} -= {mass}[{i}] * {mass}[{j}] * {ir}")
        b.pop()
        b.pop()
        for c, av in enumerate((ax, ay, az)):
            b.emit(f"{acc}[{i}, {c}] = {av}")
        b.pop()
        b.emit(f"return {pot}")
        self.add("f_mafm", self.fname("accel"), [pos, mass, eps, acc], b)

    def fam_complex(self):
        """Escape-time iteration on complex128 (c_ci) and its grid driver (g_ffffi)."""
        rng = self.rng
        names = Names(rng)
        b = Body(self, names)
        if not self.by_sig.get("c_ci") or rng.random() < 0.5:
            c, mi = names.pick(["c", "c0", "zc"]), names.pick(["max_iter", "maxit", "budget"])
            z, k = names.pick(["z", "w"]), names.pick(["k", "it"])
            b.emit(f"{z} = 0j")
            b.emit(f"for {k} in range({mi}):")
            b.push()
            if rng.random() < 0.7:
                b.emit(f"{z} = {z} * {z} + {c}")
            else:
                b.emit(f"{z} = {z} * {z} * {z} + {c}")
            if rng.random() < 0.5:
                b.emit(f"if {z}.real * {z}.real + {z}.imag * {z}.imag > {fconst(rng, 4.0, 16.0)}:")
            else:
                b.emit(f"if abs({z}) > {fconst(rng, 2.0, 4.0)}:")
            b.push()
            b.emit(f"return {k}")
            b.pop()
            b.pop()
            b.emit(f"return {mi}")
            self.add("c_ci", self.fname("escape"), [c, mi], b)
            return
        if rng.random() < 0.3:
            z, w = names.pick(["z", "zz"]), names.pick(["coef", "poly", "ws"])
            acc, i = names.pick(["acc", "hz"]), names.pick(["i", "k"])
            b.emit(f"{acc} = 0j")
            b.emit(f"for {i} in range({w}.shape[0] - 1, -1, -1):")
            b.push()
            b.emit(f"{acc} = {acc} * {z} + {w}[{i}]")
            b.pop()
            b.emit(f"return {acc}")
            self.add("z_za", self.fname("horner"), [z, w], b)
            return
        xmin, xmax, ymin, ymax = "xmin", "xmax", "ymin", "ymax"
        for nm in (xmin, xmax, ymin, ymax):
            names.used.add(nm)
        mi, out = names.pick(["max_iter", "maxit"]), names.pick(["out", "img", "canvas"])
        h, w = names.pick(["h", "height"]), names.pick(["w", "wd"])
        dx, dy = names.pick(["dx", "sx"]), names.pick(["dy", "sy"])
        i, j, y, c = names.pick(["i"]), names.pick(["j"]), names.pick(["y", "yv"]), names.pick(["c", "cc"])
        b.emit(f"{h} = {out}.shape[0]")
        b.emit(f"{w} = {out}.shape[1]")
        b.emit(f"{dx} = ({xmax} - {xmin}) / {w}")
        b.emit(f"{dy} = ({ymax} - {ymin}) / {h}")
        b.emit(f"for {i} in range({h}):")
        b.push()
        b.emit(f"{y} = {ymin} + {i} * {dy}")
        b.emit(f"for {j} in range({w}):")
        b.push()
        b.emit(f"{c} = complex({xmin} + {j} * {dx}, {y})")
        b.emit(f"{out}[{i}, {j}] = {self.call('c_ci', c, mi)}")
        b.pop()
        b.pop()
        b.emit(f"return {out}")
        self.add("g_ffffi", self.fname("render"), [xmin, xmax, ymin, ymax, mi, out], b)

    def fam_driver(self):
        """Pipelines: allocate, call several earlier kernels, combine with tuples and math."""
        rng = self.rng
        names = Names(rng)
        b = Body(self, names)
        x = names.pick(ARR_NAMES)
        params = [x]
        key = rng.choice(["f_a", "f_af", "f_aa", "f_s"])
        fv = []
        if key == "f_af":
            sc = names.pick(FLT_NAMES)
            params.append(sc)
            fv.append(sc)
        y = None
        if key == "f_aa":
            y = names.pick(ARR_NAMES)
            params.append(y)
        arr = x
        if key == "f_s":
            # A-layout input: copy into a fresh C-contiguous buffer first
            cx = names.pick(["xc", "contig", "flat"])
            b.emit(f"{cx} = np.ascontiguousarray({x})")
            arr = cx
        n = names.pick(INT_NAMES)
        b.emit(f"{n} = {arr}.shape[0]")
        steps = 2 + self.nfill()
        for _ in range(steps):
            k = rng.randrange(8)
            if k == 0 and self.by_sig.get("t_a"):
                lo, hi = names.pick(["lo", "mn", "lower"]), names.pick(["hi", "mx", "upper"])
                b.emit(f"{lo}, {hi} = {self.call('t_a', arr)}")
                fv += [lo, hi]
            elif k == 1 and self.by_sig.get("t2_a"):
                v, at = names.pick(["best", "peak", "vmax"]), names.pick(["at", "where", "pos_i"])
                b.emit(f"{v}, {at} = {self.call('t2_a', arr)}")
                tv = names.pick(TMP_NAMES)
                b.emit(f"{tv} = {v} + {at} / ({n} + 1.0)")
                fv += [v, tv]
            elif k == 2 and self.by_sig.get("a_aa"):
                tmp = names.pick(["tmp", "work", "scratch", "buf2"])
                b.emit(f"{tmp} = np.{rng.choice(['empty', 'zeros'])}({n})")
                b.emit(f"{self.call('a_aa', arr, tmp)}")
                r = names.pick(TMP_NAMES)
                b.emit(f"{r} = {tmp}[{n} - 1] if {n} > 0 else 0.0")
                fv.append(r)
            elif k == 3 and self.by_sig.get("a_fa"):
                z = names.pick(["mapped", "scaled", "ys"])
                b.emit(f"{z} = {self.call('a_fa', fconst(rng), arr)}")
                r = names.pick(TMP_NAMES)
                b.emit(f"{r} = {z}.{rng.choice(['sum', 'mean', 'max', 'min'])}()")
                fv.append(r)
            elif k == 4 and self.by_sig.get("f_a"):
                r = names.pick(TMP_NAMES)
                b.emit(f"{r} = {self.call('f_a', arr)}")
                fv.append(r)
            elif k == 5 and y is not None and self.by_sig.get("f_aa"):
                r = names.pick(TMP_NAMES)
                b.emit(f"{r} = {self.call('f_aa', arr, y)}")
                fv.append(r)
            elif k == 6 and self.by_sig.get("a_ai"):
                z = names.pick(["smoothed", "shifted", "filtered"])
                b.emit(f"{z} = {self.call('a_ai', arr, str(rng.randrange(2, 9)))}")
                r = names.pick(TMP_NAMES)
                b.emit(f"{r} = np.{rng.choice(['sum', 'max', 'mean'])}({z})")
                fv.append(r)
            else:
                fv += b.filler(fv, 1)
        if not fv:
            r = names.pick(TMP_NAMES)
            b.emit(f"{r} = {arr}.sum()")
            fv.append(r)
        fv += b.filler(fv, self.nfill())
        b.emit(f"return {b.fexpr(fv)}")
        self.add(key, self.fname("pipeline"), params, b)

    FAMILIES = [
        ("fam_scalar", 14), ("fam_int", 6), ("fam_reduce", 14), ("fam_tuple", 5),
        ("fam_scan", 7), ("fam_axpy", 9), ("fam_hist", 3), ("fam_intred", 3),
        ("fam_sieve", 2), ("fam_bs", 4), ("fam_stencil", 3), ("fam_matrix", 5),
        ("fam_softmax", 3), ("fam_nbody", 2), ("fam_complex", 4), ("fam_driver", 16),
    ]

    def generate(self) -> str:
        names = [f for f, _ in self.FAMILIES]
        weights = [w for _, w in self.FAMILIES]
        # a few scalar helpers first, so that later functions have something to call
        seeds = ["fam_scalar", "fam_scalar", "fam_scalar", "fam_int", "fam_reduce", "fam_tuple"]
        for k in range(self.nfuncs):
            fam = seeds[k] if k < len(seeds) else self.rng.choices(names, weights)[0]
            getattr(self, fam)()
        out = [
            f'"""Generated Numba module for the numrs check benchmark '
            f'(gen_module.py --seed {self.seed} -n {self.nfuncs}).',
            "",
            "Do not edit: regenerate with bench/check/gen_module.py.",
            '"""',
            "import math",
            "",
            "import numpy as np",
            "from numba import njit",
        ]
        for _, _, lines in self.funcs:
            out += ["", ""] + lines
        return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--functions", type=int, default=500, help="number of functions")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--filler", type=float, default=DEFAULT_FILLER,
                    help="probability of each extra filler statement (controls size)")
    ap.add_argument("-o", "--output", default="-", help="output file (default stdout)")
    ap.add_argument("--stats", action="store_true", help="print size statistics to stderr")
    args = ap.parse_args(argv)
    src = Generator(args.seed, args.functions, args.filler).generate()
    if args.output == "-":
        sys.stdout.write(src)
    else:
        with open(args.output, "w", encoding="utf-8", newline="\n") as f:
            f.write(src)
    if args.stats:
        nlines = src.count("\n")
        nfun = src.count("\n@njit(")
        print(f"functions={nfun} lines={nlines} bytes={len(src.encode())}", file=sys.stderr)


if __name__ == "__main__":
    main()
