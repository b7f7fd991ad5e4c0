"""Regenerate crates/numrs_hir/src/numba_names.rs from Numba itself.

Run with Numba 0.68.1 installed (outside the numba source tree, so `types` is not shadowed):
    python scripts/gen_hir_names.py > crates/numrs_hir/src/numba_names.rs
The tables are the names numrs_hir resolves signatures, type expressions, jit decorators and
their options against; they are generated, never edited by hand.
"""
import builtins
import importlib
import inspect
import re

import numpy as np
import numba
from numba.core import types
from numba.core.cpu import CPUTargetOptions
from numba.core.options import TargetOptions
from numba.np.numpy_support import from_dtype
from numba.np.ufunc.ufuncbuilder import UFuncTargetOptions


def rs(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def option_names(cls):
    return sorted(k for k in dir(cls) if isinstance(getattr(cls, k), TargetOptions.Mapping))


def params(func, drop=()):
    return [p.name for p in inspect.signature(func).parameters.values()
            if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.name not in drop]


def emit_strs(name, doc, items):
    print("/// %s" % doc)
    print("pub(crate) const %s: &[&str] = &[" % name)
    for s in items:
        print("    %s," % rs(s))
    print("];")
    print()


def emit_pairs(name, doc, items, ty="(&str, &str)"):
    print("/// %s" % doc)
    print("pub(crate) const %s: &[%s] = &[" % (name, ty))
    for t in items:
        print("    (" + ", ".join(rs(x) for x in t) + "),")
    print("];")
    print()


ns = types.__dict__
instances = [(k, str(v), type(v).__name__) for k, v in ns.items()
             if not k.startswith("__") and isinstance(v, types.Type)]
classes = [(k, v.__name__) for k, v in ns.items()
           if not k.startswith("__") and isinstance(v, type) and issubclass(v, types.Type)]

# The type classes numrs can construct, with their constructor's Python signature.
CONSTRUCTED = ["Array", "UniTuple", "Tuple", "List", "Set", "ListType", "DictType", "Optional",
               "NumberClass", "DType", "FunctionType", "NPDatetime", "NPTimedelta", "CPointer", "NamedTuple", "NamedUniTuple",
               "UnicodeCharSeq"]
constructors = []
for name in CONSTRUCTED:
    cls = ns[name]
    method = "__new__" if "__new__" in cls.__dict__ else "__init__"
    sig = inspect.signature(getattr(cls, method))
    # (`*args, **kws` that a class passes on to its base are not modelled.)
    bound = ("cls",) if method == "__new__" else ("self",)
    ps = [p for p in sig.parameters.values() if p.name not in bound and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    assert all(p.kind == p.POSITIONAL_OR_KEYWORD for p in ps), name
    required = sum(1 for p in ps if p.default is p.empty)
    assert all(p.default is None or isinstance(p.default, bool) for p in ps if p.default is not p.empty), name
    constructors.append((name, method, [p.name for p in ps], required,
                         [repr(p.default) for p in ps if p.default is not p.empty]))

toplevel = sorted(k for k in dir(numba) if not k.startswith("_"))
toplevel_types = [k for k in toplevel
                  if k in ns and getattr(numba, k) is ns[k]
                  and (isinstance(ns[k], types.Type)
                       or (isinstance(ns[k], type) and issubclass(ns[k], types.Type)))]

numpy_scalars = []
for k in sorted(dir(np)):
    v = getattr(np, k)
    if isinstance(v, type) and issubclass(v, np.generic):
        try:
            numpy_scalars.append((k, str(from_dtype(np.dtype(v)))))
        except Exception:
            pass

# Decorators numrs recognises, by family. Only paths that exist in this Numba are emitted.
DECORATOR_CANDIDATES = [
    ("numba.jit", "jit"), ("numba.core.decorators.jit", "jit"),
    ("numba.njit", "njit"), ("numba.core.decorators.njit", "njit"),
    ("numba.vectorize", "vectorize"), ("numba.np.ufunc.vectorize", "vectorize"),
    ("numba.np.ufunc.decorators.vectorize", "vectorize"),
    ("numba.guvectorize", "guvectorize"), ("numba.np.ufunc.guvectorize", "guvectorize"),
    ("numba.np.ufunc.decorators.guvectorize", "guvectorize"),
    ("numba.cuda.jit", "cuda.jit"), ("numba.cuda.decorators.jit", "cuda.jit"),
    ("numba.cfunc", "cfunc"), ("numba.core.decorators.cfunc", "cfunc"),
    ("numba.stencil", "stencil"), ("numba.core.decorators.stencil", "stencil"),
    ("numba.stencils.stencil.stencil", "stencil"),
    ("numba.extending.overload", "overload"), ("numba.core.extending.overload", "overload"),
    ("numba.extending.overload_method", "overload_method"),
    ("numba.core.extending.overload_method", "overload_method"),
    ("numba.extending.overload_attribute", "overload_attribute"),
    ("numba.core.extending.overload_attribute", "overload_attribute"),
    ("numba.extending.overload_classmethod", "overload_classmethod"),
    ("numba.core.extending.overload_classmethod", "overload_classmethod"),
    ("numba.extending.intrinsic", "intrinsic"), ("numba.core.extending.intrinsic", "intrinsic"),
    ("numba.extending.register_jitable", "register_jitable"),
    ("numba.core.extending.register_jitable", "register_jitable"),
    ("numba.generated_jit", "generated_jit"),
]


def exists(path):
    mod, _, attr = path.rpartition(".")
    try:
        return hasattr(importlib.import_module(mod), attr)
    except ImportError:
        return False


decorators = [(p, f) for p, f in DECORATOR_CANDIDATES if exists(p)]
removed = [p for p, f in DECORATOR_CANDIDATES if not exists(p)]

from numba.core import decorators as core_decorators
from numba.cuda import decorators as cuda_decorators
from numba.np.ufunc import decorators as ufunc_decorators

print("//! Names from Numba %s and NumPy %s, generated by `scripts/gen_hir_names.py`." % (
    numba.__version__, np.__version__))
print("//! Do not edit by hand.")
print()
emit_pairs("TYPE_INSTANCES",
           "Every `numba.core.types` attribute bound to a type instance: (name, `str(value)`, class name).",
           instances, "(&str, &str, &str)")
emit_pairs("TYPE_CLASSES", "Every `numba.core.types` attribute bound to a `Type` subclass: (name, class `__name__`).",
           classes)
print("/// A type class constructor numrs evaluates, with its Python signature.")
print("pub(crate) struct Constructor {")
print("    pub class: &'static str,")
print("    /// `__init__` or `__new__` (for error messages).")
print("    pub method: &'static str,")
print("    pub params: &'static [&'static str],")
print("    /// How many leading parameters have no default.")
print("    pub required: usize,")
print("    /// The `repr()` of the defaults of the remaining parameters.")
print("    pub defaults: &'static [&'static str],")
print("}")
print()
print("/// The type classes numrs constructs (`Array(float64, 1, 'C')`, `UniTuple(int64, 2)`, ...).")
print("pub(crate) const CONSTRUCTORS: &[Constructor] = &[")
for name, method, ps, required, defaults in constructors:
    print("    Constructor { class: %s, method: %s, params: &[%s], required: %d, defaults: &[%s] }," % (
        rs(name), rs(method), ", ".join(rs(p) for p in ps), required, ", ".join(rs(d) for d in defaults)))
print("];")
print()
emit_strs("NUMBA_TOPLEVEL_TYPES",
          "Names under which `numba` itself re-exports a `numba.core.types` type or type class.",
          toplevel_types)
emit_strs("NUMBA_TOPLEVEL", "Every public attribute of the `numba` package (what `from numba import *` binds).",
          toplevel)
import pkgutil
emit_strs("NUMBA_SUBMODULES", "Subpackages and modules of `numba` (what `import numba.<name>` can bind).",
          sorted(m.name for m in pkgutil.iter_modules(numba.__path__)))
emit_pairs("NUMPY_SCALARS", "NumPy scalar classes Numba maps to a type: (`numpy` attribute, `str(from_dtype(...))`).",
           numpy_scalars)
emit_strs("PY_BUILTINS", "Python's builtin names (visible to signature strings evaluated by `eval`).",
          sorted(k for k in dir(builtins) if not k.startswith("_")))
emit_pairs("DECORATORS", "Dotted paths of the decorators numrs recognises, with their family.", decorators)
emit_strs("REMOVED_DECORATORS", "Decorator paths numrs knows of that this Numba no longer has.", removed)
emit_strs("JIT_PARAMS", "Named parameters of `numba.jit` (besides `**options`).",
          params(core_decorators.jit))
emit_strs("CFUNC_PARAMS", "Named parameters of `numba.cfunc` (besides `**options`).",
          params(core_decorators.cfunc))
emit_strs("CPU_TARGET_OPTIONS", "Options the CPU target accepts (`CPUTargetOptions`).",
          option_names(CPUTargetOptions))
emit_strs("UFUNC_TARGET_OPTIONS", "Options the ufunc builders accept (`UFuncTargetOptions`).",
          option_names(UFuncTargetOptions))
from numba.cuda.dispatcher import _Kernel

cuda_options = set(params(cuda_decorators.jit))
cuda_options |= set(re.findall(r"kws\.get\('(\w+)'", inspect.getsource(cuda_decorators.jit)))
cuda_options |= set(params(_Kernel.__init__, drop=("self", "py_func", "argtypes")))
cuda_options -= {"argtypes", "restype", "bind"}
emit_strs("CUDA_JIT_OPTIONS",
          "Keywords `numba.cuda.jit` accepts: its parameters, the `kws` it reads, and `_Kernel`'s options.",
          sorted(cuda_options))
print("/// `numba.core.decorators._msg_deprecated_signature_arg`; `{0}` is the keyword's name.")
print("pub(crate) const DEPRECATED_SIGNATURE_ARG_MSG: &str = %s;" % rs(core_decorators._msg_deprecated_signature_arg))
