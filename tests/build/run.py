"""Differential test of `numrs build` against Numba's recorded call results.

For every corpus case with `CALLS = [(function, args), ...]`, build the case with
`numrs build` (lazily compiled functions get the argument types of their calls through
`--signatures`, as a recorded run would provide), load the shared object with ctypes, walk its
`numrs_module_table` (numrs_abi::ModuleTable), pick the specialization the way Numba's
dispatcher does, call its uniform wrapper (numrs_abi::WrapperFn) and compare the result's
repr, or the exception class, with `expected/<case>.json`.

A call agrees when the result repr (or the exception class name) equals Numba's. A call whose
function did not build counts as disagreeing. Calls that fail in dispatch (no or an ambiguous
matching specialization: TypeError) are counted separately, since no compiled code runs.

Needs numpy. Usage: python3 tests/build/run.py [--corpus DIR] [--only SUBSTR] [--verbose]
[--min-agree N] (exit 1 when fewer than N calls agree).
"""
import argparse
import ast
import ctypes
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.environ.get("NUMRS_SHARED", os.path.join(ROOT, "..", "shared"))
BINARY = os.path.join(ROOT, "target", "release", "numrs")

EXC_NAMES = [
    "Exception", "IndexError", "ZeroDivisionError", "ValueError", "TypeError", "KeyError",
    "AssertionError", "OverflowError", "RuntimeError", "StopIteration", "NotImplementedError",
    "ArithmeticError", "LookupError", "MemoryError", "FloatingPointError",
]


# ----- numrs_abi structures -------------------------------------------------------------

class ExcInfo(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_uint32), ("msg", ctypes.c_void_p), ("msg_len", ctypes.c_size_t),
                ("msg_owned", ctypes.c_uint32)]


WRAPPER = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ExcInfo))


class Specialization(ctypes.Structure):
    _fields_ = [("n_args", ctypes.c_uint32), ("arg_types", ctypes.POINTER(ctypes.c_char_p)),
                ("return_type", ctypes.c_char_p), ("wrapper", ctypes.c_void_p), ("c_symbol", ctypes.c_char_p)]


class FunctionEntry(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("n_specs", ctypes.c_uint32),
                ("specs", ctypes.POINTER(Specialization))]


class FunctionEntryV3(ctypes.Structure):
    """Tables of version 2 add `param_names`, version 3 also `param_defaults`."""
    _fields_ = [("name", ctypes.c_char_p), ("n_specs", ctypes.c_uint32),
                ("specs", ctypes.POINTER(Specialization)), ("param_names", ctypes.c_void_p),
                ("param_defaults", ctypes.c_void_p)]


class FunctionEntryV2(ctypes.Structure):
    _fields_ = FunctionEntryV3._fields_[:4]


ENTRY_TYPES = {1: FunctionEntry, 2: FunctionEntryV2, 3: FunctionEntryV3}


class ModuleTable(ctypes.Structure):
    _fields_ = [("abi_version", ctypes.c_uint32), ("n_functions", ctypes.c_uint32),
                ("module_name", ctypes.c_char_p), ("functions", ctypes.POINTER(FunctionEntry)),
                ("runtime", ctypes.c_void_p)]


def install_runtime(lib):
    """Give the module the numrs runtime's services (allocation), as its PyInit would: hand the
    table to `numrs_runtime._populate`. Without the runtime (not installed), compiled code that
    allocates reports a RuntimeError instead."""
    try:
        import types
        import numrs_runtime
    except ImportError:
        return
    table = ModuleTable.in_dll(lib, "numrs_module_table")
    new_capsule = ctypes.pythonapi.PyCapsule_New
    new_capsule.restype = ctypes.py_object
    new_capsule.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    capsule = new_capsule(ctypes.addressof(table), b"numrs.module_table", None)
    numrs_runtime._populate(types.ModuleType(table.module_name.decode()), capsule)


def read_table(lib):
    table = ModuleTable.in_dll(lib, "numrs_module_table")
    entry_t = ENTRY_TYPES[table.abi_version]
    functions = ctypes.cast(table.functions, ctypes.POINTER(entry_t))
    out = {}
    for i in range(table.n_functions):
        f = functions[i]
        specs = []
        for j in range(f.n_specs):
            s = f.specs[j]
            args = [s.arg_types[k].decode() for k in range(s.n_args)]
            specs.append((args, s.return_type.decode(), s.wrapper))
        out[f.name.decode()] = specs
    return out


# ----- Numba types as strings -------------------------------------------------------------

SCALARS = {
    "bool": ("?", 1), "int8": ("b", 1), "int16": ("h", 2), "int32": ("i", 4), "int64": ("q", 8),
    "uint8": ("B", 1), "uint16": ("H", 2), "uint32": ("I", 4), "uint64": ("Q", 8),
    "float32": ("f", 4), "float64": ("d", 8), "complex64": ("ff", 4), "complex128": ("dd", 8),
}
CTYPES = {
    "bool": ctypes.c_uint8, "int8": ctypes.c_int8, "int16": ctypes.c_int16, "int32": ctypes.c_int32,
    "int64": ctypes.c_int64, "uint8": ctypes.c_uint8, "uint16": ctypes.c_uint16, "uint32": ctypes.c_uint32,
    "uint64": ctypes.c_uint64, "float32": ctypes.c_float, "float64": ctypes.c_double,
}


def split_top(s):
    parts, depth, cur = [], 0, ""
    for ch in s:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def parse(t):
    """Numba type string -> ('scalar', name) | ('tuple', [items]) | ('array', dtype, ndim, layout,
    readonly) | ('none',) | None (unsupported here)."""
    t = t.strip()
    m = re.fullmatch(r"Literal\[(int|bool)\]\((.*)\)", t)
    if m:
        return ("scalar", "int64" if m.group(1) == "int" else "bool")
    if t in SCALARS:
        return ("scalar", t)
    if t == "none":
        return ("none",)
    m = re.fullmatch(r"UniTuple\((.*) x (\d+)\)", t)
    if m:
        item = parse(m.group(1))
        return ("tuple", [item] * int(m.group(2))) if item else None
    m = re.fullmatch(r"Tuple\((.*)\)", t)
    if m:
        items = [parse(x) for x in split_top(m.group(1))]
        return ("tuple", items) if all(items) else None
    m = re.fullmatch(r"(readonly )?array\((\w+), (\d+)d, ([CFA])\)", t)
    if m:
        return ("array", m.group(2), int(m.group(3)), m.group(4), bool(m.group(1)))
    return None


class Layout:
    """Native storage of a parsed type (numrs_abi::layout): size, align, field offsets."""

    def __init__(self, p):
        kind = p[0]
        if kind == "scalar":
            fmt, align = SCALARS[p[1]]
            self.size = 2 * align if len(fmt) == 2 else align
            self.align = align
        elif kind == "none":
            self.size, self.align = 0, 1
        elif kind == "array":
            self.size, self.align = 8 * (5 + 2 * p[2]), 8
        else:
            off, align, self.fields = 0, 1, []
            for item in p[1]:
                sub = Layout(item)
                off = (off + sub.align - 1) // sub.align * sub.align
                self.fields.append((off, item))
                off += sub.size
                align = max(align, sub.align)
            self.size, self.align = (off + align - 1) // align * align, align


def typeof(v):
    """Numba's typeof for call arguments, as a string."""
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int64" if -2**63 <= v < 2**63 else "uint64"
    if isinstance(v, float):
        return "float64"
    if isinstance(v, complex):
        return "complex128"
    if v is None:
        return "none"
    if isinstance(v, np.generic):
        return {"bool_": "bool"}.get(type(v).__name__, str(v.dtype))
    if isinstance(v, tuple):
        items = [typeof(x) for x in v]
        if items and all(i == items[0] for i in items):
            return "UniTuple(%s x %d)" % (items[0], len(items))
        return "Tuple(%s)" % ", ".join(items)
    if isinstance(v, np.ndarray):
        layout = "C" if v.flags.c_contiguous else ("F" if v.flags.f_contiguous else "A")
        dtype = "bool" if v.dtype == np.bool_ else str(v.dtype)
        ro = "" if v.flags.writeable else "readonly "
        return "%sarray(%s, %dd, %s)" % (ro, dtype, v.ndim, layout)
    if isinstance(v, str):
        return "unicode_type"
    return type(v).__name__


# Numba's number conversion kinds, read from the table numrs generated from Numba's type manager.
PROMOTE, SAFE, UNSAFE = 1, 2, 3
KIND_ORDER = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
              "float32", "float64", "complex64", "complex128"]


def _conversions():
    path = os.path.join(ROOT, "crates", "numrs_types", "src", "conversion_table.rs")
    text = open(path, encoding="utf-8").read()
    body = text[text.index("NUMERIC_CONVERSIONS"):]
    rows = re.findall(r"^\s*\[(Some\(Conversion::.*|None.*)\],?$", body, re.M)[:13]
    value = {"Exact": 0, "Promote": PROMOTE, "Safe": SAFE, "Unsafe": UNSAFE}
    rules = {}
    for a, row in zip(KIND_ORDER, rows):
        cells = [c.strip() for c in row.split(",") if c.strip()]
        for b, cell in zip(KIND_ORDER, cells):
            m = re.match(r"Some\(Conversion::(\w+)\)", cell)
            if m:
                rules[(a, b)] = value[m.group(1)]
    return rules


CONV = _conversions()


def conversion(actual, formal):
    if actual == formal:
        return 0
    if actual in SCALARS and formal in SCALARS:
        return CONV.get((actual, formal))
    pa, pf = parse(actual), parse(formal)
    if pa and pf and pa[0] == "array" and pf[0] == "array":
        if pa[1] == pf[1] and pa[2] == pf[2] and pf[3] in ("A", pa[3]) and (pf[4] or not pa[4]):
            return SAFE
    if pa and pf and pa[0] == "tuple" and pf[0] == "tuple" and len(pa[1]) == len(pf[1]):
        ai, fi = tuple_item_strings(actual), tuple_item_strings(formal)
        ks = [conversion(a, f) for a, f in zip(ai, fi)]
        if all(k is not None for k in ks):
            return max(ks + [0])
    return None


def tuple_item_strings(t):
    m = re.fullmatch(r"UniTuple\((.*) x (\d+)\)", t)
    if m:
        return [m.group(1)] * int(m.group(2))
    m = re.fullmatch(r"Tuple\((.*)\)", t)
    return split_top(m.group(1)) if m else []


def select(specs, actual, eager):
    """The index of the specialization Numba's dispatcher runs, or an error string."""
    for i, (args, _, _) in enumerate(specs):
        if args == actual:
            return i
    best, best_rating, tie = None, None, False
    for i, (args, _, _) in enumerate(specs):
        if len(args) != len(actual):
            continue
        ks = [conversion(a, f) for a, f in zip(actual, args)]
        if any(k is None for k in ks):
            continue
        rating = (ks.count(UNSAFE), ks.count(SAFE), ks.count(PROMOTE))
        if best_rating is None or rating < best_rating:
            best, best_rating, tie = i, rating, False
        elif rating == best_rating:
            tie = True
    if best is None or tie:
        return "TypeError"
    return best


# ----- marshalling --------------------------------------------------------------------------

def store(buf, offset, p, value, keep):
    kind = p[0]
    if kind == "scalar":
        name = p[1]
        if name in ("complex64", "complex128"):
            ct = ctypes.c_float if name == "complex64" else ctypes.c_double
            step = ctypes.sizeof(ct)
            ct.from_buffer(buf, offset).value = complex(value).real
            ct.from_buffer(buf, offset + step).value = complex(value).imag
        elif name == "bool":
            ctypes.c_uint8.from_buffer(buf, offset).value = 1 if value else 0
        elif name.startswith("float"):
            CTYPES[name].from_buffer(buf, offset).value = float(value)
        else:
            CTYPES[name].from_buffer(buf, offset).value = int(value)
    elif kind == "none":
        pass
    elif kind == "tuple":
        lay = Layout(p)
        for (off, item), v in zip(lay.fields, value):
            store(buf, offset + off, item, v, keep)
    elif kind == "array":
        arr = value
        keep.append(arr)
        words = [0, 0, arr.size, arr.itemsize, arr.ctypes.data] + list(arr.shape) + list(arr.strides)
        for k, w in enumerate(words):
            ctypes.c_int64.from_buffer(buf, offset + 8 * k).value = w


def load(buf, offset, p):
    kind = p[0]
    if kind == "scalar":
        name = p[1]
        if name in ("complex64", "complex128"):
            ct = ctypes.c_float if name == "complex64" else ctypes.c_double
            step = ctypes.sizeof(ct)
            return complex(ct.from_buffer(buf, offset).value, ct.from_buffer(buf, offset + step).value)
        if name == "bool":
            return bool(ctypes.c_uint8.from_buffer(buf, offset).value)
        v = CTYPES[name].from_buffer(buf, offset).value
        return float(v) if name.startswith("float") else int(v)
    if kind == "none":
        return None
    if kind == "tuple":
        lay = Layout(p)
        return tuple(load(buf, offset + off, item) for off, item in lay.fields)
    if kind == "array":
        words = [ctypes.c_int64.from_buffer(buf, offset + 8 * k).value for k in range(5 + 2 * p[2])]
        nitems, itemsize, data = words[2], words[3], words[4]
        shape, strides = words[5:5 + p[2]], words[5 + p[2]:]
        dtype = np.dtype("bool" if p[1] == "bool" else p[1])
        if nitems == 0:
            return np.empty(shape, dtype)
        # The bytes the view spans (strides may be negative: the lowest address comes first).
        low = sum((n - 1) * st for n, st in zip(shape, strides) if st < 0)
        high = sum((n - 1) * st for n, st in zip(shape, strides) if st > 0) + itemsize
        raw = (ctypes.c_char * (high - low)).from_address(data + low)
        return np.ndarray(shape, dtype, buffer=raw, offset=-low, strides=strides).copy()
    raise ValueError("cannot read back %r" % (p,))


def call(spec, args):
    arg_types, ret_type, wrapper = spec
    keep = []
    ptrs = (ctypes.c_void_p * max(1, len(args)))()
    for i, (t, v) in enumerate(zip(arg_types, args)):
        p = parse(t)
        if p is None:
            return ("unsupported", "argument type %s" % t)
        buf = ctypes.create_string_buffer(max(8, Layout(p).size))
        store(buf, 0, p, v, keep)
        keep.append(buf)
        ptrs[i] = ctypes.addressof(buf)
    rp = parse(ret_type)
    if rp is None:
        return ("unsupported", "return type %s" % ret_type)
    ret = ctypes.create_string_buffer(max(8, Layout(rp).size))
    exc = ExcInfo()
    status = WRAPPER(wrapper)(ctypes.addressof(ptrs), ctypes.addressof(ret), ctypes.byref(exc))
    if status == 0:
        return ("result", repr(load(ret, 0, rp)))
    return ("error", EXC_NAMES[exc.kind] if exc.kind < len(EXC_NAMES) else "Exception")


# ----- driver -------------------------------------------------------------------------------

def case_calls(path):
    tree = ast.parse(open(path, encoding="utf-8").read())
    calls, eager = None, set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "CALLS" for t in node.targets):
            try:
                calls = eval(compile(ast.Expression(node.value), path, "eval"), {"np": np, "numpy": np})
            except NameError:
                # Arguments naming the module's own functions: not expressible here.
                calls = None
        if isinstance(node, ast.FunctionDef):
            for d in node.decorator_list:
                if isinstance(d, ast.Call) and d.args and isinstance(d.args[0], (ast.Constant, ast.List, ast.Tuple)):
                    eager.add(node.name)
    return calls or [], eager


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default=os.path.join(SHARED, "corpus"))
    ap.add_argument("--only", default="")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--min-agree", type=int, default=0)
    opts = ap.parse_args()
    cases_dir = os.path.join(opts.corpus, "cases")
    expected_dir = os.path.join(opts.corpus, "expected")
    total = agree = dispatch_agree = 0
    failures = {}
    work = tempfile.mkdtemp(prefix="numrs-build-diff-")
    try:
        for name in sorted(os.listdir(cases_dir)):
            if not name.endswith(".py") or opts.only not in name:
                continue
            stem = name[:-3]
            exp_path = os.path.join(expected_dir, stem + ".json")
            if not os.path.exists(exp_path):
                continue
            expected = json.load(open(exp_path, encoding="utf-8")).get("calls", [])
            if not expected:
                continue
            calls, eager = case_calls(os.path.join(cases_dir, name))
            if len(calls) != len(expected):
                for exp in expected:
                    total += 1
                    failures[(stem, exp["function"], exp["args"])] = ("harness: arguments not evaluable", "", "")
                continue
            module = "case_" + re.sub(r"\W", "_", stem)
            src = os.path.join(work, module + ".py")
            shutil.copy(os.path.join(cases_dir, name), src)
            sigs = os.path.join(work, module + ".sigs.jsonl")
            with open(sigs, "w") as fh:
                for fname, args in calls:
                    if fname not in eager:
                        fh.write(json.dumps({"file": src, "qualname": fname, "args": [typeof(a) for a in args]}) + "\n")
            out = os.path.join(work, "out-" + module)
            run = subprocess.run([BINARY, "build", src, "-o", out, "--signatures", sigs], capture_output=True, text=True)
            so = os.path.join(out, module + ".abi3.so")
            table = {}
            if os.path.exists(so):
                lib = ctypes.CDLL(so)
                table = read_table(lib)
                install_runtime(lib)
            for (fname, args), exp in zip(calls, expected):
                total += 1
                actual = [typeof(a) for a in args]
                specs = table.get(fname, [])
                pick = select(specs, actual, fname in eager) if specs else "not built"
                if isinstance(pick, int):
                    try:
                        outcome = call(specs[pick], args)
                    except Exception as e:  # noqa: BLE001 - a harness limitation, reported
                        outcome = ("harness", "%s: %s" % (type(e).__name__, e))
                elif pick == "TypeError":
                    outcome = ("error", "TypeError")
                else:
                    outcome = ("not built", "")
                ok = (outcome[0] == "result" and outcome[1] == exp.get("result")) or (
                    outcome[0] == "error" and outcome[1] == exp.get("error"))
                if ok:
                    agree += 1
                    if not isinstance(pick, int):
                        dispatch_agree += 1
                else:
                    why = outcome[0]
                    if why == "not built":
                        reasons = [l for l in run.stderr.splitlines() if ": %s(" % fname in l]
                        why = "not built: " + (reasons[0].split(": ", 2)[-1] if reasons else "no specialization")
                    failures[(stem, fname, repr(args))] = (why, outcome[1], exp.get("result") or exp.get("error"))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for (stem, fname, args), (why, got, want) in sorted(failures.items()):
        if opts.verbose:
            print("DIFF %s %s%s: %s %s (Numba: %s)" % (stem, fname, " ".join(args.split()), why, got, want))
    print("build: %d/%d calls agree with Numba 0.68.1 (%d of them dispatch TypeErrors, no compiled code ran)" % (agree, total, dispatch_agree))
    counts = {}
    for (why, _, _) in failures.values():
        k = "wrong result" if why == "result" else ("wrong exception/none raised" if why == "error" else why)
        k = re.sub(r"^not built: [^:]*\): ", "not built: ", k)
        counts[k] = counts.get(k, 0) + 1
    for k, n in sorted(counts.items(), key=lambda kv: -kv[1])[:25]:
        print("  %4d  %s" % (n, k))
    return 1 if agree < opts.min_agree else 0


if __name__ == "__main__":
    sys.exit(main())
