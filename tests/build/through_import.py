"""Differential execution through built modules, the way a user runs them.

For every corpus case with `CALLS = [(function, args), ...]`: `numrs build` the case, then in a
child interpreter (one per worker, reused from case to case) `import` the built module (which loads the numrs runtime), call
`module.function(*args)` and compare `repr(result)`, or the raised exception's class name, with
Numba's recorded answer in `expected/<case>.json`. Dispatch (typeof, conversion kinds, ranking,
TypeError wording) is the runtime's, so this tests the whole path: codegen, table, runtime.

A function none of whose specializations built is a dispatcher that raises TypeError (as a
Numba dispatcher whose signatures all failed to compile does): that agrees with Numba only
where Numba raised TypeError too. Lazily
compiled functions get their calls' argument types through `--signatures`, as a signatures
file recorded from a Numba run would give them.

Needs a Python with numpy and the runtime installed (`scripts/build-runtime.sh` prints one).
Usage: python tests/build/through_import.py [--corpus DIR] [--only SUBSTR] [--verbose]
[--min-agree N] (exit 1 when fewer than N calls agree) [--jobs N] (cases at once; all CPUs).
"""
import argparse
import ast
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading

import numpy as np
from numrs_runtime import typeof  # Numba's typeof, the dispatcher's own

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.environ.get("NUMRS_SHARED", os.path.join(ROOT, "..", "shared"))
# The cargo profile the binary was built with: scripts/test.sh builds `ci`; by hand, `release`.
BINARY = os.path.join(ROOT, "target", os.environ.get("NUMRS_PROFILE", "release"), "numrs")


class JitRef:
    """A jit function of the case passed as an argument (built in the child)."""

    def __init__(self, name):
        self.name = name


def arg_type(a):
    if isinstance(a, JitRef):
        return "type(CPUDispatcher(<function %s>))" % a.name
    try:
        return typeof(a)
    except ValueError:
        # No Numba type (an enum class, say): the dispatcher finds no specialization.
        return "pyobject"


STAR_PARAMS = {}  # (case path, function) -> (positional parameter count, their default reprs)
PARAMS = {}  # (case path, function) -> (parameter count, their default reprs), functions with defaults


def call_arg_types(path, fname, args):
    """The argument types of a call as Numba's dispatcher types them: for a function with
    `*args`, the positional parameters (defaults left out as `omitted(default=...)`), then
    the tuple of the rest."""
    star = STAR_PARAMS.get((path, fname))
    if star is None:
        given = [arg_type(a) for a in args]
        # Parameters left to their defaults are `omitted(default=...)` to the dispatcher.
        n_pos, defaults = PARAMS.get((path, fname), (len(args), []))
        missing = n_pos - len(given)
        if 0 < missing <= len(defaults):
            given += ["omitted(default=%s)" % d for d in defaults[len(defaults) - missing:]]
        return given
    n_pos, defaults = star
    given = [arg_type(a) for a in args[:n_pos]]
    missing = n_pos - len(given)
    if missing > 0:
        given += ["omitted(default=%s)" % d for d in defaults[len(defaults) - missing:]]
    return given + [typeof(tuple(args[n_pos:]))]


def is_namedtuple_statement(node):
    """`import collections` / `from typing import NamedTuple`, `P = namedtuple(...)`,
    `class P(NamedTuple): ...`; and the enum classes (`import enum`, `class C(Enum): ...`)."""
    def dotted(e):
        return ast.unparse(e) if isinstance(e, (ast.Name, ast.Attribute)) else ""
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
        return all(m in ("collections", "typing", "enum") for m in mods)
    if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
        return dotted(node.value.func) in ("namedtuple", "collections.namedtuple")
    if isinstance(node, ast.ClassDef):
        return any(dotted(b) in ("NamedTuple", "typing.NamedTuple", "Enum", "IntEnum", "enum.Enum", "enum.IntEnum") for b in node.bases)
    return False


def case_calls(path):
    tree = ast.parse(open(path, encoding="utf-8").read())
    calls, eager = None, set()
    names = {"np": np, "numpy": np}
    names.update({n.name: JitRef(n.name) for n in tree.body if isinstance(n, ast.FunctionDef)})
    # The case's named tuple classes, which arguments may be instances of: made here from
    # their statements (and the imports of `collections`/`typing` they need).
    for node in tree.body:
        if is_namedtuple_statement(node):
            try:
                exec(compile(ast.Module([node], []), path, "exec"), names)
            except Exception:  # noqa: BLE001 - the arguments are then not evaluable
                pass

    # Module-level constants a default may name (`tol=TOL`), evaluated in order where they
    # can be here (with NumPy and the constants before them).
    constants = dict(names)
    # Module-level arrays the calls may pass (`A = np.eye(3)`; `CALLS = [("f", (A,))]`),
    # made again in the child (`module_arrays`).
    arrays = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                value = eval(compile(ast.Expression(node.value), path, "eval"), constants)
            except Exception:  # noqa: BLE001 - not a constant this harness evaluates
                continue
            scalar = (bool, int, float, complex, str, np.generic)
            plain_dict = type(value) is dict and all(isinstance(k, scalar) and isinstance(v, scalar) for k, v in value.items())
            if isinstance(value, scalar) or (type(value) is tuple and all(isinstance(v, scalar) for v in value)) or plain_dict:
                # A number, string or NumPy scalar, or a plain tuple or dict of them.
                constants[node.targets[0].id] = value
            elif isinstance(value, tuple) and hasattr(value, "_fields"):
                # A named tuple instance (`Direction = DirectionT(*range(3))`), whose fields
                # defaults may name.
                constants[node.targets[0].id] = value
            elif isinstance(value, np.ndarray):
                arrays[node.targets[0].id] = value

    def default_repr(d):
        # The default's repr, as Numba's `omitted(default=...)` shows it (`<Unit.M: 1>` for an
        # enum member); its source where it cannot be evaluated here.
        text = ast.unparse(d)
        if isinstance(d, ast.Name) and d.id in constants and d.id not in names:
            return repr(constants[d.id])
        if isinstance(d, ast.Attribute) and isinstance(d.value, ast.Name) and d.value.id in names:
            try:
                return repr(eval(compile(ast.Expression(d), path, "eval"), dict(names)))
            except Exception:  # noqa: BLE001
                pass
        # An expression of numbers (`max(1.0, 2.0)`, `2 ** 3`), as Python computes it when the
        # `def` runs.
        try:
            value = eval(compile(ast.Expression(d), path, "eval"), dict(constants, np=np, numpy=np))
        except Exception:  # noqa: BLE001 - not a value this harness evaluates
            return text
        if isinstance(value, (bool, int, float, complex, str, np.generic)):
            return repr(value)
        return text

    def functions():
        # `def`s, and lambdas a decorator call compiles (`clamp = njit(lambda x, lo=0.0: ...)`),
        # by the module name they are bound to.
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                yield node.name, node.args
            elif (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                  and isinstance(node.value, ast.Call) and len(node.value.args) == 1
                  and isinstance(node.value.args[0], ast.Lambda)):
                yield node.targets[0].id, node.value.args[0].args

    for name, args in functions():
        if args.vararg is not None:
            STAR_PARAMS[(path, name)] = (len(args.args), [default_repr(d) for d in args.defaults])
        elif args.defaults and not args.kwonlyargs:
            PARAMS[(path, name)] = (len(args.args), [default_repr(d) for d in args.defaults])
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "CALLS" for t in node.targets):
            try:
                calls = eval(compile(ast.Expression(node.value), path, "eval"), names)
            except NameError:
                try:
                    calls = eval(compile(ast.Expression(node.value), path, "eval"), {**constants, **names, **arrays})
                except Exception:  # noqa: BLE001 - the calls are then not evaluable
                    calls = None
        if isinstance(node, ast.FunctionDef):
            for d in node.decorator_list:
                # `@guvectorize("(n)->()")`: a layout only, compiled lazily (a dynamic gufunc).
                name = getattr(d.func, "attr", getattr(d.func, "id", "")) if isinstance(d, ast.Call) else ""
                layout_only = name == "guvectorize" and len(d.args) == 1
                # A signature: a string, a list or tuple of them, or a type expression
                # (`int64(float64[:])`, a module-level name bound to one).
                if isinstance(d, ast.Call) and d.args and isinstance(d.args[0], (ast.Constant, ast.List, ast.Tuple, ast.Call, ast.Name, ast.Attribute, ast.Subscript)) and not layout_only:
                    eager.add(node.name)
    return calls or [], eager

# Runs in a child interpreter, one per worker thread: for each case named on stdin (a JSON
# line), import the built module, make the calls, and print the outcomes as a JSON line after
# MARK (compiled code may print too). numpy and the runtime are imported once per worker, not
# once per case: on a slow 2-CPU machine that import took 3-8 s, most of each case's time.
MARK = "\x00numrs-outcomes "
ADDRESS = re.compile(r"0x[0-9a-fA-F]+")
# Jitclass type names carry the address of Numba's class object (numrs prints a hash there):
# compared as `#?`, as scripts/corpus_check.py compares types.
JITCLASS_ADDRESS = re.compile(r"(jitclass\.[A-Za-z_][A-Za-z0-9_]*)#[0-9a-f]+<")
CHILD = r"""
import ast, gc, importlib, json, sys
import numpy as np
import numrs_runtime
MARK = "\x00numrs-outcomes "
def live():
    gc.collect()
    st = numrs_runtime._stats()
    return (st["meminfo_live"], st["plain_live"], st["live_dicts"])
def run(out_dir, module, calls_path, case_path):
    sys.path.insert(0, out_dir)
    try:
        mod = importlib.import_module(module)
    except BaseException as e:
        return [["import", "%s: %s" % (type(e).__name__, e)]]
    src = open(case_path, encoding="utf-8").read()
    calls = None
    # Module-level numbers and arrays the calls may name, made here as the parent made them.
    consts = {"np": np, "numpy": np}
    for node in ast.parse(src).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and node.targets[0].id != "CALLS":
            try:
                value = eval(compile(ast.Expression(node.value), case_path, "eval"), dict(consts))
            except Exception:
                continue
            if isinstance(value, (bool, int, float, complex, str, np.ndarray)):
                consts[node.targets[0].id] = value
    for node in ast.parse(src).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "CALLS" for t in node.targets):
            # The module's own (built) functions may be arguments.
            ns = dict(consts)
            ns.update(vars(mod))
            ns.update(np=np, numpy=np)
            calls = eval(compile(ast.Expression(node.value), case_path, "eval"), ns)
    outcomes, leaks = [], []
    for fname, args in calls or []:
        f = getattr(mod, fname, None)
        if f is None:
            outcomes.append(["not built", ""])
            continue
        before = live()
        try:
            outcomes.append(["result", repr(f(*args))])
        except BaseException as e:
            outcomes.append(["error", type(e).__name__, str(e)])
            del e
        after = live()
        if after != before:
            # Memory the compiled code allocated and nothing holds any more.
            leaks.append("%s: %d meminfos, %d plain allocations, %d containers" % (fname, after[0] - before[0], after[1] - before[1], after[2] - before[2]))
    return {"outcomes": outcomes, "leaks": leaks}
for line in sys.stdin:
    reply = run(*json.loads(line))
    sys.stdout.flush()
    print(MARK + json.dumps(reply), flush=True)
"""


class Worker:
    """A child interpreter that runs cases one after another (restarted after a crash)."""

    def __init__(self):
        self.proc = None
        self.err = None

    def run(self, out, module, sigs, src):
        """The child's reply for one case, or None if the child died (then the stderr tail)."""
        if self.proc is None:
            # The oracle runs Numba with PYTHONHASHSEED=0; sets of strings iterate in hash order.
            env = dict(os.environ, PYTHONHASHSEED="0")
            self.err = tempfile.TemporaryFile(mode="w+")
            self.proc = subprocess.Popen([sys.executable, "-c", CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=self.err, text=True, env=env)
        try:
            self.proc.stdin.write(json.dumps([out, module, sigs, src]) + "\n")
            self.proc.stdin.flush()
            for line in self.proc.stdout:
                at = line.find(MARK)
                if at >= 0:
                    return json.loads(line[at + len(MARK):]), None
        except (BrokenPipeError, ValueError):
            pass
        code = self.proc.wait()
        self.err.seek(0)
        tail = (self.err.read().strip().splitlines() or ["no output"])[-1]
        self.proc = None
        return None, "exit %d: %s" % (code, tail)

    def close(self):
        if self.proc is not None:
            self.proc.stdin.close()
            self.proc.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default=os.path.join(SHARED, "corpus"))
    ap.add_argument("--only", default="")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--min-agree", type=int, default=0)
    ap.add_argument("--no-scipy", action="store_true", help="build as for an environment without SciPy (as the answers were recorded)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="cases built and run at once")
    opts = ap.parse_args()
    cases_dir = os.path.join(opts.corpus, "cases")
    expected_dir = os.path.join(opts.corpus, "expected")
    total = agree = 0
    failures = []
    leaks = []
    internal = []
    counts = {}
    work = tempfile.mkdtemp(prefix="numrs-import-diff-")
    names = []
    for name in sorted(os.listdir(cases_dir)):
        if not name.endswith(".py") or opts.only not in name:
            continue
        exp_path = os.path.join(expected_dir, name[:-3] + ".json")
        if os.path.exists(exp_path):
            names.append(name)

    local = threading.local()
    workers = []
    workers_lock = threading.Lock()

    def run_case(name):
        """Build one case and make its calls; (stem, expected, outcomes, build stderr, leaks)."""
        stem = name[:-3]
        expected = json.load(open(os.path.join(expected_dir, stem + ".json"), encoding="utf-8")).get("calls", [])
        if not expected:
            return stem, [], [], "", [], []
        calls, eager = case_calls(os.path.join(cases_dir, name))
        # Each call's specialization as the build names it (lazily compiled functions only).
        specs = ["%s(%s)" % (f, ", ".join(call_arg_types(os.path.join(cases_dir, name), f, a))) if f not in eager else None for f, a in calls]
        module = "case_" + re.sub(r"\W", "_", stem)
        src = os.path.join(work, module + ".py")
        shutil.copy(os.path.join(cases_dir, name), src)
        sigs = os.path.join(work, module + ".sigs.jsonl")
        with open(sigs, "w") as fh:
            for fname, args in calls:
                if fname not in eager:
                    fh.write(json.dumps({"file": src, "qualname": fname, "args": call_arg_types(os.path.join(cases_dir, name), fname, args)}) + "\n")
        out = os.path.join(work, "out-" + module)
        build = subprocess.run([BINARY, "build", src, "-o", out, "--signatures", sigs] + (["--no-scipy"] if opts.no_scipy else []), capture_output=True, text=True)
        case_leaks = []
        if len(calls) != len(expected):
            outcomes = [["harness", "arguments not evaluable"]] * len(expected)
        else:
            worker = getattr(local, "worker", None)
            if worker is None:
                worker = local.worker = Worker()
                with workers_lock:
                    workers.append(worker)
            reply, crash = worker.run(out, module, sigs, src)
            if reply is None:
                outcomes = [["crash", crash]] * len(expected)
            else:
                outcomes = reply if isinstance(reply, list) else reply["outcomes"]
                case_leaks = ["LEAK %s %s" % (stem, l) for l in ([] if isinstance(reply, list) else reply["leaks"])]
            if len(outcomes) == 1 and outcomes[0][0] == "import":
                outcomes = outcomes * len(expected)
        return stem, expected, outcomes, build.stderr, case_leaks, specs

    try:
        # Cases are independent (own module name, own output folder): build and run them on
        # every CPU; results are tallied in case order.
        with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as pool:
            results = list(pool.map(run_case, names))
        for stem, expected, outcomes, build_stderr, case_leaks, specs in results:
            leaks.extend(case_leaks)
            # What crates/numrs_cli/tests/it/build_robust.rs checks for the files without calls:
            # LLVM never rejects generated code and nothing panics, whatever the file holds.
            internal.extend("INTERNAL %s: %s" % (stem, l.strip()) for l in build_stderr.splitlines()
                            if "internal error" in l or "panicked at" in l)
            for k, (exp, outcome) in enumerate(zip(expected, outcomes)):
                total += 1
                kind = outcome[0]
                if kind == "result":
                    # The oracle writes memory addresses as `0x?` (run_numba.py's scrub).
                    outcome = [kind, JITCLASS_ADDRESS.sub(r"\1#?<", ADDRESS.sub("0x?", outcome[1]))] + outcome[2:]
                    if exp.get("result") is not None:
                        exp = dict(exp, result=JITCLASS_ADDRESS.sub(r"\1#?<", exp["result"]))
                ok = (kind == "result" and outcome[1] == exp.get("result")) or (
                    kind == "error" and outcome[1] == exp.get("error"))
                if ok:
                    agree += 1
                    continue
                why = kind
                reasons = [l for l in build_stderr.splitlines() if ": %s(" % exp["function"] in l]
                if kind == "error" and outcome[1] == "TypeError" and reasons:
                    # A function with nothing built is a dispatcher that raises TypeError.
                    kind = "not built"
                    # Numba failed to compile the call: the same kind of error where the build
                    # reports the function as not typing agrees.
                    spec = specs[k] if k < len(specs) else None
                    if spec and exp.get("error") and any(("%s: %s:" % (spec, exp["error"])) in l for l in reasons):
                        agree += 1
                        continue
                if kind == "not built":
                    why = "not built: " + (reasons[0].split(": ", 2)[-1] if reasons else "no specialization")
                    why = re.sub(r"^[^:]*\): ", "", why)
                elif kind == "result":
                    why = "wrong result"
                elif kind == "error":
                    why = "raised %s" % outcome[1] if not exp.get("error") else "raised %s, not %s" % (outcome[1], exp["error"])
                counts[why] = counts.get(why, 0) + 1
                failures.append("DIFF %s %s%s: %s %s (Numba: %s)" % (
                    stem, exp["function"], " ".join(exp["args"].split()), why, outcome[1] if len(outcome) > 1 else "",
                    exp.get("result") or exp.get("error")))
    finally:
        for w in workers:
            w.close()
        shutil.rmtree(work, ignore_errors=True)
    if opts.verbose:
        print("\n".join(failures))
    print("build (through import): %d/%d calls agree with Numba 0.68.1" % (agree, total))
    for k, n in sorted(counts.items(), key=lambda kv: -kv[1])[:25]:
        print("  %4d  %s" % (n, k[:150]))
    print("calls that left compiled-code memory behind: %d" % len(leaks))
    for l in leaks:
        print("  " + l)
    print("builds with an internal error: %d" % len(internal))
    for l in internal:
        print("  " + l)
    return 1 if agree < opts.min_agree or leaks or internal else 0


if __name__ == "__main__":
    sys.exit(main())
