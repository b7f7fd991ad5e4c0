"""Shared by the tests whose expected answers were recorded from Numba itself: build a module
from source with `numrs build`, make each call (a Python expression on the module), and compare
its outcome with the answer recorded in a JSON file; or, with `--record` and a Python that has
numba 0.68.1, make the same calls on the source run by Numba and rewrite the file.
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, "target", os.environ.get("NUMRS_PROFILE", "release"), "numrs")


def call_outcome(module, call):
    """A call's outcome: the repr of its result, or the exception's class and arguments."""
    import numpy as np
    try:
        return {"result": repr(eval("m." + call, {"m": module, "np": np}))}
    except Exception as e:  # noqa: BLE001
        return {"error": type(e).__name__, "args": repr(e.args)}


def run(title, source, module, calls, expected_path, outcome=call_outcome, recorded=(), check_recorded=None, no_leaks=False):
    """`outcome(module, call)` gives a call's comparable outcome. `recorded`: the lazily
    compiled specializations to build, as (function, argument type strings); with `--record`,
    `check_recorded(module)` gives Numba's, which must be the same. `no_leaks`: compiled-code
    memory must all be released after the calls. Returns the exit status."""
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, module + ".py"), "w") as f:
            f.write(source)
        if "--record" in sys.argv:
            sys.path.insert(0, d)
            mod = __import__(module)
            answers = {call: outcome(mod, call) for call in calls}
            import numba
            with open(expected_path, "w") as f:
                json.dump({"numba_version": numba.__version__, "calls": answers}, f, indent=1, sort_keys=True)
                f.write("\n")
            print("recorded %d calls" % len(answers))
            if check_recorded is not None and sorted(check_recorded(mod)) != sorted(recorded):
                print("the recorded specializations differ from Numba's: %s" % sorted(check_recorded(mod)))
                return 1
            return 0
        out = os.path.join(d, "out")
        cmd = [BINARY, "build", module + ".py", "-o", out]
        if recorded:
            sigs = os.path.join(d, "signatures.jsonl")
            with open(sigs, "w") as f:
                for name, args in recorded:
                    f.write(json.dumps({"file": module + ".py", "qualname": name, "args": args}) + "\n")
            cmd += ["--signatures", sigs]
        build = subprocess.run(cmd, capture_output=True, text=True, cwd=d)
        if build.returncode != 0:
            print(build.stderr)
            return 1
        sys.path.insert(0, out)
        mod = __import__(module)
        with open(expected_path) as f:
            expected = json.load(f)["calls"]
        failed = 0
        for call in calls:
            got, want = outcome(mod, call), expected[call]
            ok = got == want
            print("%s %s -> %s" % ("ok  " if ok else "FAIL", call, got) + ("" if ok else "  (Numba: %s)" % (want,)))
            failed += not ok
    print("%s: %d calls, %d failed" % (title, len(calls), failed))
    if no_leaks:
        import numrs_runtime
        stats = numrs_runtime._stats()
        if stats["meminfo_live"] != 0:
            print("%s: compiled-code memory left behind: %r" % (title, stats))
            return 1
    return 1 if failed else 0
