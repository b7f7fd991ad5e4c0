#!/usr/bin/env python3
"""Speed benchmark of `numrs check` on a large generated Numba module, side by side with `ty`.

    bench/check/run.sh                      # generate, build if needed, time numrs and ty
    bench/check/run.sh --with-numba         # also time Numba's own typing (import, compiles all)
    bench/check/run.sh -n 100 --runs 10     # smaller module, more runs
    bench/check/run.sh --no-write           # print the table only, leave RESULTS.md alone

Steps: (1) generate the module with gen_module.py into a fresh temp dir (deterministic for a
seed); (2) build `target/release/numrs` with `cargo build --release -p numrs_cli` if it is
missing (or with --rebuild); (3) make `target/bench-venv` with the pinned `ty` (and numpy +
numba, so that ty resolves the module's imports like in a real project, and for
--with-numba) unless it is already there at those versions; (4) validate one run of each
tool (exit 0 or 1 is fine: 1 means the tool reported diagnostics; 2 or a crash is a
failure); (5) time each tool as a fresh process per run (hyperfine when installed, else a
Python timer), one warm-up then --runs runs, median reported; (6) print a Markdown table
and write it, with the machine description and versions, to bench/check/RESULTS.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))
import gen_module  # noqa: E402

# Pinned versions of the comparison tools (bump deliberately, and re-run).
TY_VERSION = "0.0.104"
NUMBA_VERSION = "0.68.1"
NUMPY_VERSION = "2.4.6"


# Run in the module's directory under the Numba interpreter: import the module (explicit
# signatures: every function is typed and compiled at import) and sum Numba's own per-pass
# timings over all compiled signatures (`cres.metadata["pipeline_times"]`).
NUMBA_PROBE = r"""
import json, time
t0 = time.perf_counter()
import bench_module
import_s = time.perf_counter() - t0
import numba, numpy
from numba.core.registry import CPUDispatcher
passes, nsig = {}, 0
for obj in list(vars(bench_module).values()):
    if isinstance(obj, CPUDispatcher):
        for cres in obj.overloads.values():
            nsig += 1
            for pipeline in cres.metadata["pipeline_times"].values():
                for name, t in pipeline.items():
                    name = name.split("_", 1)[1] if name[:1].isdigit() else name
                    passes[name] = passes.get(name, 0.0) + t.init + t.run + t.finalize
backend = ("native_lowering", "nopython_backend")
print(json.dumps({
    "import_s": import_s, "signatures": nsig, "numba": numba.__version__,
    "numpy": numpy.__version__,
    "typing_s": passes.get("nopython_type_inference", 0.0),
    "frontend_s": sum(v for k, v in passes.items() if k not in backend),
    "lowering_s": sum(v for k, v in passes.items() if k in backend),
}))
"""


def display_path(p: Path) -> str:
    p = Path(p).absolute()
    return str(p.relative_to(ROOT)) if p.is_relative_to(ROOT) else str(p)


def log(msg: str):
    print(f"[bench] {msg}", file=sys.stderr, flush=True)


def run(cmd, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


# ---------------------------------------------------------------------------------------
# Tools
# ---------------------------------------------------------------------------------------

def ensure_numrs(path: Path | None, rebuild: bool) -> Path:
    if path is not None:
        if not path.exists():
            sys.exit(f"--numrs {path}: no such file")
        return path
    exe = ROOT / "target" / "release" / "numrs"
    if rebuild or not exe.exists():
        log("building target/release/numrs (cargo build --release -p numrs_cli)")
        proc = subprocess.run(["cargo", "build", "--release", "-p", "numrs_cli"], cwd=ROOT)
        if proc.returncode != 0 or not exe.exists():
            sys.exit("cargo build --release -p numrs_cli failed")
    return exe


def venv_python(venv: Path) -> Path:
    return venv / "bin" / "python"


def pip_version(py: Path, dist: str) -> str | None:
    proc = run([str(py), "-c",
                f"import importlib.metadata as m; print(m.version({dist!r}))"])
    return proc.stdout.strip() if proc.returncode == 0 else None


def ensure_venv(venv: Path, want_numba: bool) -> dict:
    """target/bench-venv with ty (and numpy + numba); returns what is available."""
    py = venv_python(venv)
    if not py.exists():
        log(f"creating {venv.relative_to(ROOT) if venv.is_relative_to(ROOT) else venv}")
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    have = {d: pip_version(py, d) for d in ("ty", "numpy", "numba")}
    want = {"ty": TY_VERSION, "numpy": NUMPY_VERSION, "numba": NUMBA_VERSION}
    missing = [f"{d}=={v}" for d, v in want.items() if have[d] != v]
    if missing:
        log(f"pip install {' '.join(missing)}")
        proc = subprocess.run([str(py), "-m", "pip", "install", "-q", *missing])
        if proc.returncode != 0:
            log("pip install failed for some packages; continuing with what is there")
        have = {d: pip_version(py, d) for d in ("ty", "numpy", "numba")}
    if have["ty"] is None:
        sys.exit(f"ty is not installed in {venv} (pip install ty=={TY_VERSION} failed)")
    if want_numba and have["numba"] is None:
        log("numba is not available in the bench venv; use --numba-python PATH")
    return have


# ---------------------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------------------

def validate(name: str, cmd: list[str], cwd: Path, ok_codes=(0, 1)) -> tuple[int, str]:
    proc = run(cmd, cwd=cwd)
    tail = (proc.stdout + proc.stderr).strip().splitlines()
    last = tail[-1] if tail else ""
    if proc.returncode not in ok_codes:
        print((proc.stdout + proc.stderr)[-4000:], file=sys.stderr)
        sys.exit(f"{name} failed with exit status {proc.returncode}: {' '.join(cmd)}")
    return proc.returncode, last


def time_python(cmd: list[str], cwd: Path, runs: int, warmup: int) -> list[float]:
    times = []
    for k in range(warmup + runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        dt = time.perf_counter() - t0
        if k >= warmup:
            times.append(dt)
    return times


def time_hyperfine(cmd: list[str], cwd: Path, runs: int, warmup: int) -> list[float]:
    import shlex

    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        out = Path(f.name)
    try:
        proc = subprocess.run(
            ["hyperfine", "--style", "none", "-N", "-i", "--warmup", str(warmup), "--runs",
             str(runs), "--export-json", str(out), shlex.join(cmd)],
            cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if proc.returncode != 0:
            log(f"hyperfine failed ({proc.stderr.strip()[:200]}); falling back to Python timer")
            return time_python(cmd, cwd, runs, warmup)
        data = json.loads(out.read_text())
        return list(data["results"][0]["times"])
    finally:
        out.unlink(missing_ok=True)


def summarize(times: list[float]) -> dict:
    return {"median": statistics.median(times), "min": min(times), "max": max(times),
            "runs": len(times)}


# ---------------------------------------------------------------------------------------
# Machine description
# ---------------------------------------------------------------------------------------

def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def mem_total() -> str:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                kb = int(line.split()[1])
                return f"{kb / 1024 / 1024:.1f} GiB"
    except (OSError, ValueError):
        pass
    return "unknown"


def coverage_note(summary: str, functions: int) -> str | None:
    """A warning when numrs did not type every generated function (pipeline incomplete)."""
    import re

    m = re.search(r"(\d+) jit functions?", summary)
    if m is None:
        return None
    typed = int(m.group(1))
    if typed >= functions:
        return None
    return (f"numrs reported {typed} of {functions} jit functions checked; the numrs "
            f"time covers only part of the work and is not comparable yet.")


def nproc() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def fmt_s(x: float) -> str:
    return f"{x * 1000:.0f} ms" if x < 10 else f"{x:.1f} s"


# ---------------------------------------------------------------------------------------

def main(argv=None):
    ap = argparse.ArgumentParser(description="numrs check speed benchmark")
    ap.add_argument("-n", "--functions", type=int, default=500)
    ap.add_argument("--seed", type=int, default=gen_module.DEFAULT_SEED)
    ap.add_argument("--runs", type=int, default=5, help="timed runs per tool (median reported)")
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--with-numba", action="store_true",
                    help="also time `import module` under Numba (compiles every signature)")
    ap.add_argument("--numba-runs", type=int, default=1)
    ap.add_argument("--numba-python", type=Path, default=None,
                    help="interpreter with numba for --with-numba (default: the bench venv)")
    ap.add_argument("--numrs", type=Path, default=None, help="numrs binary (default: build it)")
    ap.add_argument("--rebuild", action="store_true", help="cargo build even if the binary exists")
    ap.add_argument("--venv", type=Path, default=ROOT / "target" / "bench-venv")
    ap.add_argument("--no-hyperfine", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep the temp dir with the module")
    ap.add_argument("--no-write", action="store_true", help="do not write RESULTS.md")
    ap.add_argument("--results", type=Path, default=HERE / "RESULTS.md")
    args = ap.parse_args(argv)

    numrs = ensure_numrs(args.numrs, args.rebuild)
    have = ensure_venv(args.venv.resolve(), args.with_numba)
    ty = args.venv.resolve() / "bin" / "ty"

    tmp = Path(tempfile.mkdtemp(prefix="numrs-bench-"))
    try:
        module = tmp / "bench_module.py"
        src = gen_module.Generator(args.seed, args.functions, gen_module.DEFAULT_FILLER).generate()
        module.write_text(src, encoding="utf-8")
        stats = {
            "functions": src.count("\n@njit("),
            "lines": src.count("\n"),
            "bytes": len(src.encode()),
            "sha256": hashlib.sha256(src.encode()).hexdigest()[:16],
        }
        log(f"module: {stats['functions']} functions, {stats['lines']} lines, "
            f"{stats['bytes']} bytes ({module})")

        # The temp dir has no pyproject.toml, so neither tool picks up repository config.
        numrs_cmd = [str(numrs), "check", module.name]
        ty_cmd = [str(ty), "check", "--no-progress", "--color", "never", "--python",
                  str(args.venv.resolve()), module.name]

        numrs_rc, numrs_summary = validate("numrs check", numrs_cmd, tmp)
        ty_rc, ty_summary = validate("ty check", ty_cmd, tmp)
        use_hf = shutil.which("hyperfine") is not None and not args.no_hyperfine
        timer = time_hyperfine if use_hf else time_python
        log(f"timing with {'hyperfine' if use_hf else 'a Python timer'}: "
            f"{args.warmup} warm-up + {args.runs} runs per tool")
        results = {
            "numrs": summarize(timer(numrs_cmd, tmp, args.runs, args.warmup)),
            "ty": summarize(timer(ty_cmd, tmp, args.runs, args.warmup)),
        }
        results["numrs"].update(rc=numrs_rc, summary=numrs_summary)
        results["ty"].update(rc=ty_rc, summary=ty_summary)

        numba_info = None
        if args.with_numba:
            py = args.numba_python or venv_python(args.venv.resolve())
            times, imports, passes = [], [], []
            for k in range(args.numba_runs):
                cache = tmp / f"numba-cache-{k}"
                env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), PYTHONDONTWRITEBYTECODE="1")
                log(f"Numba: importing the module (compiles {stats['functions']} functions), "
                    f"run {k + 1}/{args.numba_runs}")
                t0 = time.perf_counter()
                proc = run([str(py), "-c", NUMBA_PROBE], cwd=tmp, env=env)
                dt = time.perf_counter() - t0
                if proc.returncode != 0:
                    print(proc.stderr[-4000:], file=sys.stderr)
                    sys.exit("Numba failed to compile the generated module")
                times.append(dt)
                probe = json.loads(proc.stdout.strip().splitlines()[-1])
                imports.append(probe["import_s"])
                passes.append(probe)
            numba_info = summarize(times)
            numba_info["import_median"] = statistics.median(imports)
            numba_info["typing_median"] = statistics.median(p["typing_s"] for p in passes)
            numba_info["frontend_median"] = statistics.median(p["frontend_s"] for p in passes)
            numba_info["lowering_median"] = statistics.median(p["lowering_s"] for p in passes)
            numba_info["signatures"] = passes[0]["signatures"]
            numba_info["versions"] = f"numba {passes[0]['numba']}, numpy {passes[0]['numpy']}"
            numba_info["version"] = passes[0]["numba"]
            numba_info["python"] = display_path(py)
    finally:
        if args.keep:
            log(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)

    # ---- report ----
    numrs_ver = run([str(numrs), "--version"]).stdout.strip() or "numrs (unknown version)"
    ty_ver = run([str(ty), "--version"]).stdout.strip()
    hf_ver = run(["hyperfine", "--version"]).stdout.strip() if use_hf else "none (Python timer)"
    rustc = run(["rustc", "--version"]).stdout.strip() if shutil.which("rustc") else "unknown"
    git = run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"]).stdout.strip()
    dirty = run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"]).stdout.strip()
    n, t = results["numrs"], results["ty"]
    ratio = n["median"] / t["median"]

    rows = [
        "| tool | command | median | min | max | runs | exit | numrs / tool |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
        f"| numrs | `numrs check bench_module.py` | {fmt_s(n['median'])} | {fmt_s(n['min'])} | "
        f"{fmt_s(n['max'])} | {n['runs']} | {n['rc']} | 1.00 |",
        f"| ty {TY_VERSION} | `ty check --python VENV bench_module.py` | {fmt_s(t['median'])} | "
        f"{fmt_s(t['min'])} | {fmt_s(t['max'])} | {t['runs']} | {t['rc']} | {ratio:.2f} |",
    ]
    if numba_info:
        v, r = numba_info["version"], numba_info["runs"]
        rows += [
            f"| Numba {v}, whole import | `python -c 'import bench_module'` (types + compiles "
            f"every signature) | {fmt_s(numba_info['median'])} | {fmt_s(numba_info['min'])} | "
            f"{fmt_s(numba_info['max'])} | {r} | 0 | {n['median'] / numba_info['median']:.4f} |",
            f"| Numba {v}, front end | sum of all passes before lowering (bytecode → typed IR) "
            f"| {fmt_s(numba_info['frontend_median'])} | | | {r} | | "
            f"{n['median'] / numba_info['frontend_median']:.4f} |",
            f"| Numba {v}, typing only | sum of `nopython_type_inference` pass times "
            f"| {fmt_s(numba_info['typing_median'])} | | | {r} | | "
            f"{n['median'] / numba_info['typing_median']:.4f} |",
        ]
    table = "\n".join(rows)
    print()
    print(table)
    print()
    print(f"numrs / ty = {ratio:.2f}  (numrs: {n['summary']!r}; ty: {t['summary']!r})")
    coverage = coverage_note(n["summary"], stats["functions"])
    if coverage:
        print(f"WARNING: {coverage}")

    if args.no_write:
        return
    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    numba_line = ""
    if numba_info:
        numba_line = (
            f"- Numba ({numba_info['versions']}): `{numba_info['python']} -c 'import bench_module'` "
            f"in a fresh process with an empty `NUMBA_CACHE_DIR`; explicit signatures make Numba "
            f"type **and compile** all {numba_info['signatures']} signatures at import. Whole "
            f"process {fmt_s(numba_info['median'])}, of which the `import` itself "
            f"{fmt_s(numba_info['import_median'])}; summed over all signatures from Numba's own "
            f"pass timings: front end (bytecode analysis, untyped IR, rewrites, SSA, type "
            f"inference) {fmt_s(numba_info['frontend_median'])}, type inference alone "
            f"{fmt_s(numba_info['typing_median'])}, lowering + LLVM "
            f"{fmt_s(numba_info['lowering_median'])}. The pass sums are in-process CPU-bound "
            f"work without interpreter start-up, so numrs' whole-process time against them "
            f"is conservative.\n")
    if coverage:
        numba_line += f"\n> **Warning:** {coverage}\n"
    md = f"""# `numrs check` speed benchmark: results

Generated by `bench/check/run.sh{' --with-numba' if numba_info else ''}` on {now}
(see `bench/check/README.md` for what is measured). Re-running overwrites this file.

## Module

`gen_module.py --seed {args.seed} -n {args.functions}`: {stats['functions']} `@njit` functions
with explicit signatures, {stats['lines']} lines, {stats['bytes']} bytes
(sha256 prefix `{stats['sha256']}`).

## Timings (wall clock, fresh process per run, {args.warmup} warm-up run(s) excluded)

{table}

**numrs / ty = {ratio:.2f}** (median wall time; below 1 means numrs is faster).

- numrs summary line: `{n['summary']}`
- ty summary line: `{t['summary']}`
{numba_line}
## Machine and versions

- CPU: {cpu_model()}, `nproc` = {nproc()}, memory {mem_total()}
- OS: {platform.platform()}
- numrs: `{numrs_ver}` (git {git}{', uncommitted changes' if dirty else ''}), {rustc}
- ty: `{ty_ver}` (pinned `ty=={TY_VERSION}`; resolves imports from a venv with numpy {have.get('numpy')}, numba {have.get('numba')})
- timer: {hf_ver}
- Python (driver): {platform.python_version()}
"""
    args.results.write_text(md, encoding="utf-8")
    log(f"wrote {args.results.relative_to(ROOT) if args.results.is_relative_to(ROOT) else args.results}")


if __name__ == "__main__":
    main()
