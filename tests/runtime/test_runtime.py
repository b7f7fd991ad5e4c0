"""Tests of the numrs runtime against a hand-made built module (tests/runtime/testmod.c).

Run through tests/runtime/run.sh, which builds the runtime and the module. Plain Python: each
test_* function runs, the last line is "N passed, N failed".
"""
import gc
import json
import os
import re
import sys
import traceback

import numpy as np

sys.path.insert(0, os.environ.get("NUMRS_TESTMOD_DIR", "."))
import numrs_runtime  # noqa: E402
import numrs_testmod as m  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def raises(exc, fn, *args, match=None, **kwargs):
    try:
        fn(*args, **kwargs)
    except exc as e:
        if match is not None:
            assert re.search(match, str(e)), f"message {str(e)!r} does not match {match!r}"
        return e
    except BaseException as e:  # the wrong exception
        raise AssertionError(f"expected {exc.__name__}, got {type(e).__name__}: {e}") from e
    raise AssertionError(f"expected {exc.__name__}, nothing raised")


def load_fixture():
    with open(os.path.join(HERE, "dispatch_fixture.json")) as fh:
        return json.load(fh)


def replay(module, fixture, signatures, cases):
    """Replays Numba's recorded calls in order, each through the call protocol the
    interpreter uses (`f(...)`: vectorcall where enabled) and through `tp_call`
    (`type(f).__call__(f, ...)`); returns the mismatches."""
    for name, sigs in signatures.items():
        assert getattr(module, name).signatures == sigs, (name, getattr(module, name).signatures, sigs)
    env = {"np": np}
    exec(fixture["prelude"], env)
    address = re.compile(r" at 0x[0-9a-f]+>")
    mismatches = []
    for case in cases:
        f = getattr(module, case["function"])
        env["f"] = f
        env["tp_call"] = type(f).__call__
        want = {k: case[k] for k in ("result", "error", "message") if k in case}
        for expr in (f"f({case['args']})", f"tp_call(f, {case['args']})"):
            try:
                got = {"result": eval(expr, env)}
            except Exception as e:
                got = {"error": type(e).__name__, "message": address.sub(" at ADDRESS>", str(e))}
            if got != want:
                mismatches.append(f"{case['function']}({case['args']}) as {expr}: numba {want}, numrs {got}")
    return mismatches


def test_dispatch_matches_numba():
    fixture = load_fixture()
    mismatches = replay(m, fixture, fixture["signatures"], fixture["cases"])
    assert not mismatches, "\n".join(mismatches)
    assert len(fixture["cases"]) >= 100


def test_defaults_match_numba():
    import numrs_testmod_v3 as v3

    fixture = load_fixture()
    d = fixture["defaults"]
    mismatches = replay(v3, fixture, d["signatures"], d["cases"])
    assert not mismatches, "\n".join(mismatches)
    assert len(d["cases"]) >= 20


def test_typeof_matches_numba():
    fixture = load_fixture()
    env = {"np": np}
    exec(fixture["prelude"], env)
    mismatches = []
    for case in fixture["typeof"]:
        value = eval(case["value"], env)
        try:
            got = numrs_runtime.typeof(value)
        except Exception as e:  # noqa: BLE001 - compared with Numba's exception class
            got = "raised " + type(e).__name__
        want = case["type"] if "type" in case else "raised " + case["error"]
        if got != want:
            mismatches.append((case["value"], got, want))
    assert not mismatches, mismatches
    assert len(fixture["typeof"]) >= 30


def test_scalar_results():
    assert m.add(2, 3) == 5 and type(m.add(2, 3)) is int
    assert m.add(2.5, 1) == 3.5 and type(m.add(2.5, 1)) is float
    assert m.add(np.int32(7), np.int8(1)) == 8
    assert m.add(a=1, b=2) == 3 and m.add(1, b=2) == 3
    assert m.inc(-1) == 0
    assert m.inc(2**63 - 1 - 1) == 2**63 - 1
    assert m.conj(1 + 2j) == 1 - 2j and type(m.conj(3)) is complex
    assert m.conj(np.complex64(1 + 2j)) == 1 - 2j
    assert m.f32half(3.0) == 1.5 and type(m.f32half(1)) is float
    assert m.u8wrap(255) == 0 and m.u8wrap(np.uint8(3)) == 4
    assert m.bnot(True) is False and m.bnot(0.0) is True and m.bnot(np.bool_(False)) is True
    # Unsafe conversions (explicit signatures) truncate as Numba's unboxing does.
    assert m.inc(1.9) == 2 and m.inc(-2.9) == -1
    raises(OverflowError, m.inc, 2**63, match="int too big to convert")


def test_tuples():
    assert m.pdivmod(7, 2) == (3, 1)
    assert m.pdivmod(-7, 2) == divmod(-7, 2)
    r = m.mixed(1.5, 4)
    assert r == (3.0, 8, False) and type(r[2]) is bool and type(r[1]) is int


def test_exceptions():
    raises(ZeroDivisionError, m.idiv, 1, 0, match="^division by zero$")
    raises(ZeroDivisionError, m.pdivmod, 1, 0, match="^integer divmod by zero$")  # Numba's message
    raises(ValueError, m.arange, -1, match="^negative dimensions not allowed$")
    assert m.idiv(7, 2) == 3
    # Owned messages are freed: many raising calls do not grow memory unboundedly (smoke).
    for _ in range(1000):
        raises(ZeroDivisionError, m.idiv, 1, 0)


def test_arrays_in():
    a = np.arange(10.0)
    assert m.asum(a) == 45.0
    raises(TypeError, m.asum, a[::2], match="No matching definition for argument type\\(s\\) array\\(float64, 1d, A\\)")
    raises(TypeError, m.asum, np.arange(10), match="array\\(int64, 1d, C\\)")
    ro = a.copy()
    ro.setflags(write=False)
    raises(TypeError, m.asum, ro, match="readonly array\\(float64, 1d, C\\)")
    assert m.rsum(ro) == 45.0 and m.rsum(a) == 45.0 and m.rsum(a[::2]) == 20.0
    assert m.asum(np.zeros(0)) == 0.0


def test_arrays_out_own_memory():
    gc.collect()
    before = numrs_runtime._stats()
    r = m.arange(5)
    assert isinstance(r, np.ndarray) and r.dtype == np.float64
    assert r.tolist() == [0.0, 1.0, 2.0, 3.0, 4.0]
    assert r.flags.c_contiguous and r.flags.writeable and not r.flags.owndata
    assert type(r.base).__name__ == "_MemInfo" and r.base.refcount == 1 and r.base.size == 40
    mid = numrs_runtime._stats()
    assert mid["meminfo_live"] == before["meminfo_live"] + 1
    v = r[1:]
    del r
    gc.collect()
    assert numrs_runtime._stats()["meminfo_live"] == mid["meminfo_live"], "a view keeps the memory alive"
    assert v.tolist() == [1.0, 2.0, 3.0, 4.0]
    del v
    gc.collect()
    assert numrs_runtime._stats()["meminfo_live"] == before["meminfo_live"]
    for _ in range(2000):
        m.arange(100)
    gc.collect()
    after = numrs_runtime._stats()
    assert after["meminfo_live"] == before["meminfo_live"], (before, after)
    assert after["meminfo_allocs"] >= before["meminfo_allocs"] + 2001
    assert m.arange(0).shape == (0,)


def test_arrays_out_views():
    a = np.arange(6.0)
    assert m.ident(a) is a, "returning the argument unchanged returns the same ndarray"
    s = a[::2]
    assert m.ident(s) is s
    t = m.tail(a)
    assert t.tolist() == [1.0, 2.0, 3.0, 4.0, 5.0] and t.base is a
    t[0] = 42.0
    assert a[1] == 42.0
    rc = sys.getrefcount(a)
    for _ in range(1000):
        m.tail(a)
        m.ident(a)
    assert sys.getrefcount(a) == rc, "no reference leaks on argument arrays"


def test_wrong_calls_raise():
    raises(TypeError, m.add, 1, match="not enough arguments: expected 2, got 1")
    raises(TypeError, m.add, 1, 2, 3, match="too many arguments: expected 2, got 3")
    raises(TypeError, m.add, 1, c=2, match="missing argument 'b'")
    raises(TypeError, m.add, "x", 1)
    raises(TypeError, m.asum, None)
    raises(TypeError, m.asum, [1.0, 2.0])
    raises(TypeError, m.pdivmod, (1, 2), 3)
    raises(TypeError, m.conj, "1j")
    raises(ValueError, m.asum, [], match="cannot compute fingerprint of empty list")
    raises(TypeError, m.mixed, object(), object())
    raises(TypeError, m.add, **{"a": 1, "b": 2, "c": 3}, match="too many arguments")

    class Weird:
        def __index__(self):
            raise RuntimeError("boom")

    raises(TypeError, m.inc, Weird())
    # Every wrong call leaves the interpreter healthy.
    assert m.add(1, 2) == 3


def test_dispatcher_object():
    assert m.add.__name__ == "add" and m.add.__module__ == "numrs_testmod"
    assert m.add.signatures == ["(int64, int64) -> int64", "(float64, float64) -> float64"]
    assert "add" in repr(m.add)
    assert m.add._select(1, 2) == 0 and m.add._select(1.0, 2) == 1
    assert (numrs_runtime.MIN_ABI_VERSION, numrs_runtime.MAX_ABI_VERSION) == (1, 13)
    raises(TypeError, type(m.add))
    assert isinstance(m.add, numrs_runtime.Dispatcher)


def test_call_protocol():
    have_vectorcall = bool(type(m.add).__flags__ & (1 << 11))
    assert have_vectorcall == numrs_runtime.VECTORCALL
    assert numrs_runtime.VECTORCALL == (os.environ.get("NUMRS_RUNTIME_VECTORCALL") != "0")
    call = type(m.add).__call__
    assert call(m.add, 1, 2) == 3 and call(m.add, 1, b=2) == 3 and call(m.add, b=2.5, a=1) == 3.5
    assert m.add(*(1, 2)) == 3 and m.add(**{"a": 1, "b": 2}) == 3
    # Keyword names that are not interned (built at run time) are found by equality.
    b = "".join(["b"])
    assert m.add(1, **{b: 2}) == 3 and call(m.add, 1, **{b: 2}) == 3
    raises(TypeError, m.add, 1, **{"".join(["c"]): 2}, match="missing argument 'b'")
    raises(TypeError, call, m.add, 1, 2, 3, match="too many arguments")
    raises(TypeError, call, m.add, match="not enough arguments: expected 2, got 0")


def test_fast_path_edges():
    class I(int):
        pass

    class F(float):
        pass

    # Subclasses take the full path and are typed as their base (as in Numba).
    assert m.inc(I(4)) == 5 and type(m.inc(I(4))) is int
    assert m.add(F(1.5), F(1.0)) == 2.5 and m.add(I(1), I(2)) == 3
    assert m.add(True, 2) == 3 and m.inc(True) == 2
    raises(OverflowError, m.add, 2**63, 1)
    raises(OverflowError, m.add, 1, -(2**63) - 1)
    assert m.add(2**62, 2**62 - 1) == 2**63 - 1
    assert m.asum(np.ones(4)) == 4.0 and m.asum(np.ones(4)) == 4.0
    ro = np.ones(3)
    ro.setflags(write=False)
    raises(TypeError, m.asum, ro, match="No matching definition")
    assert m.rsum(ro) == 3.0
    raises(TypeError, m.asum, np.ones((2, 2)), match="No matching definition")
    raises(TypeError, m.asum, np.ones(3, dtype=np.float32), match="No matching definition")
    assert m.add(1, 2) == 3


def test_version_3_tables():
    import numrs_testmod_v3 as v3

    assert v3.add_d(1) == 3 and v3.add_d(1, 5) == 6 and v3.add_d(x=1) == 3 and v3.add_d(1, y=5) == 6
    assert v3.add_d.signatures == ["(int64, omitted(default=2)) -> int64", "(int64, int64) -> int64"]
    assert v3.add_d._select(1) == 0 and v3.add_d._select(1, 2) == 1
    raises(TypeError, v3.add_d, match="not enough arguments: expected at least 1, got 0")
    # A function with nothing built is a dispatcher whose every call raises TypeError.
    assert v3.unbuilt.signatures == []
    raises(TypeError, v3.unbuilt, 1, 2.5, match=r"^No matching definition for argument type\(s\) int64, float64$")
    raises(TypeError, v3.unbuilt, b=1, a=2, match="No matching definition")
    raises(TypeError, v3.unbuilt, 1, match="not enough arguments: expected 2, got 1")
    # Everything else is as in version 2.
    assert v3.add(1, b=2) == 3 and v3.arange(2).tolist() == [0.0, 1.0]
    raises(ZeroDivisionError, v3.idiv, 1, 0)
    raises(TypeError, v3.add, 1, match="not enough arguments: expected 2, got 1")


def test_version_1_tables():
    import numrs_testmod_v1 as v1

    assert v1.add(1, 2) == 3 and v1.add(1.5, 2) == 3.5
    assert v1.arange(3).tolist() == [0.0, 1.0, 2.0]
    raises(ZeroDivisionError, v1.idiv, 1, 0, match="division by zero")
    # Without parameter names only positional arguments are accepted.
    raises(TypeError, v1.add, 1, b=2, match="some keyword arguments unexpected")
    raises(TypeError, v1.add, 1, 2, 3, match="too many arguments: expected 2, got 3")


def test_populate_rejects_bad_tables():
    raises(ImportError, numrs_runtime._populate, m, object(), match="expected a capsule")


def main():
    tests = [(n, f) for n, f in sorted(globals().items()) if n.startswith("test_") and callable(f)]
    if len(sys.argv) > 1:
        tests = [(n, f) for n, f in tests if any(a in n for a in sys.argv[1:])]
    passed = failed = 0
    for name, fn in tests:
        try:
            fn()
            passed += 1
            print(f"ok   {name}")
        except Exception:
            failed += 1
            print(f"FAIL {name}")
            traceback.print_exc()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
