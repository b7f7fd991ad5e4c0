"""`numba.typed.List` and `numba.typed.Dict` in built modules: the module below is built with
`numrs build` and imported. Results must equal CPython running the same source with plain
lists and dicts standing in for the typed containers (compared item by item, nested typed
lists as lists); the returned `TypedList` and `TypedDict` objects must print as Numba's do.
They share the native container with compiled code, as `numba.typed` objects do: passed back
to a built function, its changes are seen from Python and Python's changes by compiled code;
containers made in Python (`numrs_runtime.TypedList(...)`, `TypedDict.empty(...)`) pass in
too, NumPy arrays stored into them from Python or by compiled code are held (their memory
shared), and Python
sets passed in get the compiled code's changes back (Numba's reflected sets). Repeated calls must leave no native memory behind (`numrs_runtime._stats()`): typed lists
nested in typed lists, typed lists and strings held as dict values are freed with their
container.

Usage: python tests/build/typed_containers.py   (a Python with numpy and the runtime installed)
"""
import os
import subprocess
import sys
import tempfile
import types

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The cargo profile the binary was built with: scripts/test.sh builds `ci`; by hand, `release`.
BINARY = os.path.join(ROOT, "target", os.environ.get("NUMRS_PROFILE", "release"), "numrs")

SOURCE = '''
from numba import njit, types
from numba.typed import Dict, List

int_list = types.ListType(types.int64)
int_float_dict = types.DictType(types.int64, types.float64)


@njit("(int64,)")
def squares(n):
    out = List.empty_list(types.int64)
    for i in range(n):
        out.append(i * i)
    return out


@njit("(int64,)")
def nested(n):
    outer = List()
    for i in range(n):
        inner = List.empty_list(types.float64)
        for j in range(i):
            inner.append(j + 0.5)
        outer.append(inner)
    last = outer.pop()
    return outer, len(last)


@njit("(int64,)")
def lists_in_dict(n):
    d = Dict.empty(key_type=types.int64, value_type=int_list)
    for i in range(n):
        inner = List.empty_list(types.int64)
        for j in range(i + 1):
            inner.append(j)
        d[i] = inner
    d[0] = List([7, 8])
    del d[n - 1]
    total = 0
    for k in d:
        total += len(d[k])
    return d, total


@njit("(int64,)")
def strings_in_dict(n):
    d = Dict.empty(key_type=types.int64, value_type=types.unicode_type)
    for i in range(n):
        d[i] = "v" + str(i)
    d[1] = "replaced"
    popped = d.pop(0)
    kept = d.get(2, "x")
    missing = d.get(7, "missing")
    gone = d.pop(8, "gone")
    there = d.pop(2, "unused")
    return d, popped, kept, missing, gone, there


@njit("(int64,)")
def sorted_copy(n):
    tl = List([5, 3, 9, 1])
    for i in range(n):
        tl.append(i)
    c = tl.copy()
    c.sort()
    return tl, c, c.index(9)


@njit("(int64,)")
def dicts_in_dicts(n):
    d = Dict.empty(key_type=types.int64, value_type=int_float_dict)
    for i in range(n):
        e = Dict.empty(key_type=types.int64, value_type=types.float64)
        for j in range(i):
            e[j] = j * 0.5
        d[i] = e
    d[0][9] = 4.5
    total = 0.0
    for k in d:
        for v in d[k].values():
            total += v
    return d, total


@njit("(int64,)")
def dicts_in_list(n):
    xs = []
    for i in range(n):
        e = Dict.empty(key_type=types.int64, value_type=types.int64)
        e[i] = i * i
        xs.append(e)
    s = 0
    for e in xs:
        for k in e:
            s += e[k]
    return s, xs


@njit("(Set(int64, reflected=True), int64)")
def set_add(s, v):
    s.add(v)
    s.discard(1)
    return s


@njit("(Set(int64, reflected=True), Set(int64, reflected=True))")
def set_dual(sa, sb):
    sa.add(sb.pop())
    return len(sa) * 10 + len(sb)


@njit("(Tuple((Set(int64, reflected=True),)),)")
def set_in_tuple(t):
    return len(t[0])


@njit("(Set(int64, reflected=True),)")
def set_sum(s):
    t = 0
    for x in s:
        t += x
    return t


@njit("(ListType(int64),)")
def total(tl):
    s = 0
    for x in tl:
        s += x
    tl.append(s)
    return s


@njit("(int64,)")
def table(n):
    d = Dict.empty(key_type=types.int64, value_type=types.float64)
    for i in range(n):
        d[i] = i * 0.5
    return d


@njit("(DictType(int64, float64), int64)")
def lookup(d, k):
    d[100] = 1.0
    return d.get(k, -1.0)


@njit("(DictType(unicode_type, int64),)")
def weighted(d):
    s = 0
    for k, v in d.items():
        s += v * len(k)
    return s


@njit("(DictType(int64, ListType(int64)),)")
def sizes(d):
    s = 0
    for k in d:
        s += len(d[k])
    d[-1] = List([s])
    return s


@njit("(ListType(float64[::1]),)")
def array_total(xs):
    s = 0.0
    for a in xs:
        s += a.sum()
    return s


@njit("(DictType(int64, float64[:]), int64)")
def array_lookup(d, k):
    d[k][0] = -1.0
    return d[k].sum()


@njit("(float64[:],)")
def keep_array(a):
    l = List()
    l.append(a)
    l.append(a[1:])
    return l
'''

CALLS = [
    ("squares", (0,)),
    ("squares", (5,)),
    ("nested", (4,)),
    ("lists_in_dict", (4,)),
    ("strings_in_dict", (3,)),
    ("sorted_copy", (3,)),
    ("dicts_in_dicts", (4,)),
    ("dicts_in_list", (4,)),
]


class _Types:
    """Stands in for `numba.types` in the CPython run."""

    def __getattr__(self, name):
        return lambda *a, **k: None


class _List(list):
    @staticmethod
    def empty_list(item_type=None, allocated=0):
        return _List()


class _Dict(dict):
    @staticmethod
    def empty(key_type=None, value_type=None, n_keys=0):
        return _Dict()


def shared(mod, List, Dict):
    """Containers shared between Python and compiled code, made on either side: every
    result and every container's contents after the calls, as plain values."""
    out = []
    tl = mod.squares(4)
    out += [mod.total(tl), plain(tl)]
    tl.append(100)
    tl[0] = 7
    out += [mod.total(tl), plain(tl), plain(tl[1:3]), tl.pop(), tl.index(100)]
    m = List([1, 2, 3])
    m.extend([4])
    m.insert(0, 9)
    out += [m.pop(), m.count(2)]
    m[1] = 5
    del m[0]
    out += [mod.total(m), plain(m), 6 in m, len(m)]
    d = mod.table(3)
    out += [mod.lookup(d, 1), mod.lookup(d, 7)]
    d[5] = 2.5
    out += [mod.lookup(d, 5), plain(d), d.pop(0), d.get(42, "none"), d.setdefault(1, 9.0), plain(d)]
    e = Dict.empty("unicode_type", "int64")
    e["ab"] = 2
    e.update({"c": 3, "ab": 4})
    out += [mod.weighted(e), e.pop("c"), plain(e), sorted(e.keys())]
    of_lists, _ = mod.lists_in_dict(3)
    of_lists[0].append(11)
    of_lists[7] = List([1, 2, 3])
    out += [mod.sizes(of_lists), plain(of_lists)]
    # Python sets passed in: changes reflected back, the set itself returned.
    st = {1, 2, 3}
    r = mod.set_add(st, 7)
    out += [r is st, sorted(st), mod.set_sum(st), sorted(st)]
    # The same set twice is one native set, as in Numba (its changes are not lost).
    out += [mod.set_dual(st, st), sorted(st)]
    other = {9}
    out += [mod.set_dual(st, other), sorted(st), sorted(other)]
    # A set inside a tuple, call after call.
    out += [mod.set_in_tuple((st,)) for _ in range(3)]
    # NumPy arrays stored from Python: the container holds them (their memory shared, as
    # Numba's do), compiled code reads and writes them.
    import numpy as np
    a = np.arange(3.0)
    la = List.empty_list("array(float64, 1d, C)")
    la.append(a)
    la.append(np.ones(2))
    a[0] = 10.0
    out += [mod.array_total(la), [float(x) for x in la[0]], len(la)]
    da = Dict.empty("int64", "array(float64, 1d, A)")
    b = np.arange(6.0)
    da[3] = b[::2]
    out += [mod.array_lookup(da, 3), float(b[0]), [float(x) for x in da[3]]]
    # An argument's array stored by compiled code into a container that outlives the call:
    # the container keeps the Python array alive (Numba's NRT_adapt_ndarray_from_python).
    import gc
    kept = mod.keep_array(np.arange(5.0))
    gc.collect()
    junk = [np.full(1000, 9.0) for _ in range(100)]
    out += [[float(x) for x in kept[0]], [float(x) for x in kept[1]], len(junk)]
    return out


def plain(value):
    """Typed containers (built or stand-in) as plain lists, dicts and tuples."""
    if isinstance(value, tuple):
        return tuple(plain(v) for v in value)
    if isinstance(value, (list, _List)) or type(value).__name__ == "TypedList":
        return [plain(v) for v in value]
    if isinstance(value, dict) or type(value).__name__ == "TypedDict":
        return {k: plain(value[k]) for k in value}
    return value


def main():
    failed = 0
    tmp = tempfile.mkdtemp(prefix="numrs-typed-")
    src = os.path.join(tmp, "typedmod.py")
    with open(src, "w") as fh:
        fh.write(SOURCE)
    out = os.path.join(tmp, "out")
    b = subprocess.run([BINARY, "build", src, "-o", out], capture_output=True, text=True)
    if b.returncode != 0:
        print("BUILD failed (rc %d):\n%s%s" % (b.returncode, b.stdout, b.stderr))
        return 1
    sys.path.insert(0, out)
    import typedmod  # the built module
    import numrs_runtime

    ref = {"__name__": "ref"}
    ref_src = SOURCE.replace("from numba import njit, types", "njit = lambda *a, **k: (lambda f: f)")
    ref_src = ref_src.replace("from numba.typed import Dict, List", "")
    ref.update(types=_Types(), List=_List, Dict=_Dict)
    exec(compile(ref_src, "ref", "exec"), ref)

    before = numrs_runtime._stats()
    for _ in range(3):  # repeated calls must not accumulate memory
        for name, args in CALLS:
            got = plain(getattr(typedmod, name)(*args))
            want = plain(ref[name](*args))
            if got != want:
                failed += 1
                print("DIFF %s%r: built %r, Python %r" % (name, args, got, want))
    after = numrs_runtime._stats()
    if any(after[k] != before[k] for k in ("meminfo_live", "live_bytes", "plain_live")):
        failed += 1
        print("LEAK: %r -> %r" % (before, after))

    # Containers shared with compiled code, made by it or in Python.
    before = numrs_runtime._stats()
    for _ in range(3):
        got = plain(shared(typedmod, numrs_runtime.TypedList, numrs_runtime.TypedDict))
        want = plain(shared(types.SimpleNamespace(**ref), _List, _Dict))
        if got != want:
            failed += 1
            print("DIFF shared containers:\n  built  %r\n  Python %r" % (got, want))
    after = numrs_runtime._stats()
    if any(after[k] != before[k] for k in ("meminfo_live", "live_bytes", "plain_live", "live_dicts")):
        failed += 1
        print("LEAK (shared containers): %r -> %r" % (before, after))

    # The returned object: Numba's repr and str.
    tl = typedmod.squares(4)
    checks = [
        (repr(tl), "ListType[int64]([0, 1, 4, 9])"),
        (str(tl), "[0, 1, 4, 9]"),
        (len(tl), 4),
        (tl[-1], 9),
        (tl[1:3], [1, 4]),
        (4 in tl, True),
        (list(tl), [0, 1, 4, 9]),
        (tl == [0, 1, 4, 9], True),
        (tl.to_list(), [0, 1, 4, 9]),
        (repr(typedmod.nested(3)[0]), "ListType[ListType[float64]]([[], [0.5]])"),
        (repr(typedmod.strings_in_dict(2)[0]), "DictType[int64,unicode_type]<iv=None>({1: replaced})"),
        (repr(numrs_runtime.TypedDict.empty("int64", "float64")), "DictType[int64,float64]<iv=None>({})"),
        (numrs_runtime.typeof(tl), "ListType[int64]"),
        (numrs_runtime.typeof(typedmod.table(1)), "DictType[int64,float64]<iv=None>"),
        # `TypedList()`: untyped (Numba's repr) until its first item types it.
        (repr(numrs_runtime.TypedList()), "ListType[Undefined]([])"),
        (len(numrs_runtime.TypedList([])), 0),
    ]
    untyped = numrs_runtime.TypedList()
    untyped.append(2)
    untyped.extend([3, 4])
    checks += [(repr(untyped), "ListType[int64]([2, 3, 4])"), (typedmod.total(untyped), 9)]
    rl = numrs_runtime.TypedList([3, 1, 4, 1, 5])
    rl.remove(1)
    rl.reverse()
    checks.append((rl.to_list(), [5, 1, 4, 3]))
    # sort (with key and reverse), index with bounds, += (as numba.typed.List gives them).
    sl = numrs_runtime.TypedList([3.0, 1.5, 4.5, 0.0, 1.5])
    sl.sort()
    checks.append((sl.to_list(), [0.0, 1.5, 1.5, 3.0, 4.5]))
    sl.sort(reverse=True)
    checks.append((sl.to_list(), [4.5, 3.0, 1.5, 1.5, 0.0]))
    sl.sort(key=lambda x: abs(x - 2.0))
    checks.append((sl.to_list(), [1.5, 1.5, 3.0, 0.0, 4.5]))
    checks += [(sl.index(1.5), 0), (sl.index(1.5, 1), 1), (sl.index(4.5, -1), 4)]
    sl += [7.0]
    checks += [(sl.to_list()[-1], 7.0), (len(sl), 6)]
    # Slices assigned and deleted, ordering by length first (numba.typed.List's).
    TL = numrs_runtime.TypedList
    a = TL([1, 2, 3, 4])
    del a[1:3]
    b = TL([1, 2, 3, 4])
    b[::2] = [7, 8]
    checks += [
        (a.to_list(), [1, 4]),
        (b.to_list(), [7, 2, 8, 4]),
        ((TL([1, 2, 3]) < TL([2]), TL([1, 2]) < TL([1, 3]), TL([5]) > TL([1, 2]), TL([1, 2]) < [3]), (False, True, False, False)),
    ]
    # The dict side as numba.typed.Dict (a MutableMapping): views, get's unified default,
    # update from pairs, KeyError() of a missing key.
    td = numrs_runtime.TypedDict.empty("int64", "float64")
    td[1] = 1.5
    td[2] = 2.5
    td.update([(6, 6.0)])
    checks += [
        (td.get(3, 0), 0.0),
        (type(td.get(3, 0)).__name__, "float"),
        (td.keys() & {1, 6}, {1, 6}),
        (list(td.values()), [1.5, 2.5, 6.0]),
        (list(td.items())[-1], (6, 6.0)),
    ]
    try:
        del td[9]
        checks.append(("no KeyError", "KeyError()"))
    except KeyError as e:
        checks.append((repr(e), "KeyError()"))

    def outcome(f):
        try:
            return repr(f())
        except Exception as e:  # noqa: BLE001
            return "%s: %s" % (type(e).__name__, e)

    def first_set():
        L = numrs_runtime.TypedList()
        L[0] = 1.5

    def typed_by_set():
        L = numrs_runtime.TypedList()
        try:
            L[0] = 1.5
        except IndexError:
            pass
        return repr(L)

    # What Numba 0.68.1's `numba.typed.List` gives for the same operations.
    E = numrs_runtime.TypedList
    checks += [
        (outcome(first_set), "IndexError: list index out of range"),
        (outcome(typed_by_set), "'ListType[float64]([])'"),
        (outcome(lambda: numrs_runtime.typeof(E())), "TypeError: invalid operation on untyped list"),
        (outcome(lambda: E(5)), "TypeError: List() argument must be iterable"),
        (outcome(lambda: E()[0]), "IndexError: "),
        (outcome(lambda: E().pop()), "TypeError: invalid operation on untyped list"),
        (outcome(lambda: E().remove(3)), "TypeError: invalid operation on untyped list"),
        (outcome(lambda: E().reverse()), "TypeError: invalid operation on untyped list"),
        (outcome(lambda: E([1, 2]).remove(3)), "ValueError: list.remove(x): x not in list"),
        (outcome(lambda: E().clear()), "TypeError: invalid operation on untyped list"),
        (outcome(lambda: list(E())), "[]"),
    ]
    for got, want in checks:
        if got != want:
            failed += 1
            print("DIFF TypedList: %r, expected %r" % (got, want))
    # What Numba would not store is refused, as its typed containers refuse it.
    bad = [
        lambda: tl.append("x"),
        lambda: typedmod.table(2).__setitem__("a", 1.0),
        lambda: typedmod.total(numrs_runtime.TypedList([1.5])),
        # An untyped list (typed by its first item, as Numba's `List()`) cannot be passed.
        lambda: typedmod.total(numrs_runtime.TypedList()),
        lambda: numrs_runtime.TypedList().count(1),
    ]
    for f in bad:
        try:
            f()
            failed += 1
            print("DIFF: no TypeError from a bad typed-container operation")
        except TypeError:
            pass
    print("typed containers: %d calls x3, %d checks, %d failed" % (len(CALLS), len(checks), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
