#!/usr/bin/env python3
"""RESULTS.md for the numrs-vs-Numba kernel benchmark, generated from the result files.

Inputs: the runs of `run_numba.py` that run.sh makes, one process per backend, pair and
kernel (`RUNS/<backend>-<pair>-<kernel>.json`, `<kernel>` = `dispatch` for the dispatch probe),
and the compile-CPU JSON of compile_cpu.py. Per kernel and size, the ratio numrs/Numba is taken
per back-to-back pair from the per-call CPU-time medians (`cpu_median_s`, the steadier figure
on a shared machine), then the median over the pairs is reported. Nothing here is typed by hand.

Usage: report.py --runs DIR --pairs N --compile C.json [--imports I.json] --out RESULTS.md
"""
import argparse
import datetime
import glob
import json
import math
import os
import statistics


def load_runs(runs_dir, pairs, backend):
    """One merged result per pair: the per-kernel processes of that pair, as one run."""
    merged = []
    for i in range(1, pairs + 1):
        paths = sorted(glob.glob(os.path.join(runs_dir, "%s-%d-*.json" % (backend, i))))
        if not paths:
            raise SystemExit("no runs for %s pair %d in %s" % (backend, i, runs_dir))
        run = {"kernels": {}, "loads": []}
        for path in paths:
            part = json.load(open(path))
            run.setdefault("machine", part["machine"])
            run["kernels"].update(part["kernels"])
            if part.get("dispatch"):
                run["dispatch"] = part["dispatch"]
            run["loads"] += [l[0] for l in (part.get("loadavg_start"), part.get("loadavg_end")) if l]
        merged.append(run)
    return merged


def per_call(res, backend):
    out = {}
    for name, k in res["kernels"].items():
        for row in k["sizes"]:
            b = row.get(backend) or {}
            t = b.get("cpu_median_s") or b.get("median_s")
            if t:
                out[(name, row["n"])] = (t, row.get("digest"))
    return out


def fmt_t(s):
    if s < 1e-3:
        return "%.1f us" % (s * 1e6)
    if s < 1:
        return "%.2f ms" % (s * 1e3)
    return "%.2f s" % s


def digest_close(a, b, rtol=1e-7):
    if a is None or b is None:
        return False
    if a.get("kind") != b.get("kind"):
        return False
    for key in ("shape",):
        if a.get(key) != b.get(key):
            return False
    for key in ("sum", "abs_sum", "value"):
        x, y = a.get(key), b.get(key)
        if x is None and y is None:
            continue
        if x is None or y is None:
            return False
        if isinstance(x, (int, float)) and isinstance(y, (int, float)):
            if not math.isclose(x, y, rel_tol=rtol, abs_tol=1e-12):
                return False
        elif x != y:
            return False
    if a.get("items") or b.get("items"):
        return len(a.get("items", [])) == len(b.get("items", [])) and all(
            digest_close(x, y, rtol) for x, y in zip(a["items"], b["items"]))
    return True


def dispatch_section(nb_runs, nr_runs):
    """Per-call cost of trivial functions (`dispatch_probe.py`), medians over the runs."""
    nb = [r["dispatch"]["cases"] for r in nb_runs if r.get("dispatch")]
    nr = [r["dispatch"]["cases"] for r in nr_runs if r.get("dispatch")]
    if not nb or not nr:
        return []
    out = ["\n## Dispatch overhead\n",
           "Warm call of a trivial compiled function from Python (`dispatch_probe.py` of the shared "
           "benchmark: type matching, unboxing, the call, boxing the result), per-call CPU time, median "
           "over the runs; a plain Python function with the same body for scale.\n",
           "| arguments | Numba | numrs | ratio | plain Python |",
           "|---|---:|---:|---:|---:|"]
    for case in nb[0]:
        if not all(case in x for x in nb + nr):
            continue
        tb = statistics.median(x[case]["compiled_cpu_ns"]["median"] for x in nb)
        tr = statistics.median(x[case]["compiled_cpu_ns"]["median"] for x in nr)
        tp = statistics.median(x[case]["python_cpu_ns"]["median"] for x in nb + nr)
        out.append("| `%s` | %.0f ns | %.0f ns | %.2f | %.0f ns |" % (case, tb, tr, tr / tb, tp))
    return out


def import_section(imp):
    out = ["\n## Import time\n",
           "`import MODULE` of each built module in a fresh interpreter after `import numpy`, median of "
           "%d runs (`bench/build/import_time.py`): the module alone (numrs runtime already loaded) and "
           "as the first numrs module of the process (the runtime loads with it).\n" % imp["repeats"],
           "| module | import | with the runtime |", "|---|---:|---:|"]
    for name, rec in sorted(imp["modules"].items()):
        out.append("| %s | %.2f ms | %.2f ms |" % (name, rec["module_s"] * 1e3, rec["with_runtime_s"] * 1e3))
    worst = max(imp["modules"].values(), key=lambda r: r["with_runtime_s"])
    line = "\nSlowest: %.2f ms alone, %.2f ms with the runtime." % (
        max(r["module_s"] for r in imp["modules"].values()) * 1e3, worst["with_runtime_s"] * 1e3)
    if imp.get("import_numba_s"):
        line += " For scale, `import numba` after NumPy: %.0f ms (before any compilation)." % (
            imp["import_numba_s"] * 1e3)
    out.append(line)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", required=True, help="directory of run.sh's per-kernel runs")
    ap.add_argument("--pairs", type=int, required=True)
    ap.add_argument("--compile", required=True)
    ap.add_argument("--imports", default=None, help="JSON of import_time.py")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    nb_runs = load_runs(a.runs, a.pairs, "numba")
    nr_runs = load_runs(a.runs, a.pairs, "numrs")
    nb = [per_call(r, "numba") for r in nb_runs]
    nr = [per_call(r, "numrs") for r in nr_runs]
    keys = [k for k in nb[0] if all(k in x for x in nb + nr)]
    rows = []
    for key in keys:
        ratios = [b[key][0] / a_[key][0] for a_, b in zip(nb, nr)]
        same = all(digest_close(a_[key][1], b[key][1]) for a_, b in zip(nb, nr))
        rows.append((key, statistics.median(ratios), statistics.median(x[key][0] for x in nb),
                     statistics.median(x[key][0] for x in nr), same, min(ratios), max(ratios)))
    geo = math.exp(sum(math.log(r[1]) for r in rows) / len(rows))
    per_kernel = {}
    for (name, _), r, *_ in rows:
        per_kernel.setdefault(name, []).append(r)
    kgeo = {k: math.exp(sum(map(math.log, v)) / len(v)) for k, v in per_kernel.items()}
    comp = json.load(open(a.compile))["kernels"]
    m = nb_runs[0]["machine"]
    loads = [l for r in nb_runs + nr_runs for l in r["loads"]]
    out = []
    out.append("# numrs build vs Numba: benchmark kernels\n")
    out.append("Generated by `bench/build/run.sh` (`bench/build/report.py`) on %s from %d Numba and %d "
               "numrs runs of `run_numba.py`, each run one process per kernel, the Numba and numrs processes of a "
               "kernel back to back (order swapped every other pair). Do not edit by hand.\n" % (
                   datetime.date.today().isoformat(), len(nb_runs), len(nr_runs)))
    out.append("Machine: %s, %s CPUs, Python %s, Numba %s, NumPy %s. 1-minute load average during the runs: "
               "%.2f to %.2f (other work shares the machine).\n" % (
                   m.get("cpu_model", "?"), m.get("cpu_count"), m.get("python"), m.get("numba"), m.get("numpy"),
                   min(loads) if loads else float("nan"), max(loads) if loads else float("nan")))
    out.append("Ratio = numrs / Numba per-call CPU-time median, per back-to-back pair of runs, median over "
               "pairs (< 1: numrs faster); the lowest and highest pair ratios beside it. Results: `digest` of each "
               "call's result compared with Numba's.\n")
    out.append("**Geometric mean of ratios: %.3f** over %d kernel sizes; slowest kernel size %.3f (%s n=%s); "
               "slowest kernel (geomean over its sizes) %.3f (%s).\n" % (
                   geo, len(rows), max(r[1] for r in rows), *max(((r[0][0], r[0][1], r[1]) for r in rows), key=lambda t: t[2])[:2],
                   max(kgeo.values()), max(kgeo, key=kgeo.get)))
    out.append("| kernel | n | Numba | numrs | ratio | pair ratios | same result |")
    out.append("|---|---:|---:|---:|---:|---:|:---:|")
    for (name, n), r, tb, tr, same, lo, hi in rows:
        out.append("| %s | %s | %s | %s | %.3f | %.2f-%.2f | %s |" % (
            name, f"{n:,}", fmt_t(tb), fmt_t(tr), r, lo, hi, "yes" if same else "NO"))
    out.append("\n## Compile CPU time\n")
    out.append("`numrs build KERNEL.py` (whole process: parse, type, LLVM O3, link) vs Numba's eager compile of the "
               "same explicit signatures in a fresh process with an empty cache (after `import numba` and Numba's "
               "one-time initialisation, which are not counted). Median of %d runs each.\n" % json.load(open(a.compile))["repeats"])
    out.append("| kernel | numrs build CPU | Numba cold compile CPU |")
    out.append("|---|---:|---:|")
    tn = tb = 0.0
    for k, v in sorted(comp.items()):
        tn += v["numrs_build_cpu_s"]
        tb += v["numba_compile_cpu_s"]
        out.append("| %s | %.3f s | %.3f s |" % (k, v["numrs_build_cpu_s"], v["numba_compile_cpu_s"]))
    out.append("| **all %d files** | **%.2f s** | **%.2f s** |" % (len(comp), tn, tb))
    out.extend(dispatch_section(nb_runs, nr_runs))
    if a.imports:
        out.extend(import_section(json.load(open(a.imports))))
    open(a.out, "w").write("\n".join(out) + "\n")
    print("geomean %.3f, max %.3f; build CPU %.2f s vs Numba %.2f s" % (geo, max(r[1] for r in rows), tn, tb))


if __name__ == "__main__":
    main()
