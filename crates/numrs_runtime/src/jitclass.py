# The Python side of @jitclass classes in modules built by numrs (see jitclass.rs), after
# Numba's numba/experimental/jitclass/boxing.py and base.py.

# The dunder methods Numba's box classes expose to Python (boxing.py); the others are only
# called from compiled code.
SUPPORTED_DUNDERS = {
    "__abs__", "__bool__", "__complex__", "__contains__", "__float__", "__getitem__",
    "__hash__", "__index__", "__int__", "__len__", "__setitem__", "__str__", "__eq__",
    "__ne__", "__ge__", "__gt__", "__le__", "__lt__", "__add__", "__floordiv__",
    "__lshift__", "__matmul__", "__mod__", "__mul__", "__neg__", "__pos__", "__pow__",
    "__rshift__", "__sub__", "__truediv__", "__and__", "__or__", "__xor__", "__iadd__",
    "__ifloordiv__", "__ilshift__", "__imatmul__", "__imod__", "__imul__", "__ipow__",
    "__irshift__", "__isub__", "__itruediv__", "__iand__", "__ior__", "__ixor__",
    "__radd__", "__rfloordiv__", "__rlshift__", "__rmatmul__", "__rmod__", "__rmul__",
    "__rpow__", "__rrshift__", "__rsub__", "__rtruediv__", "__rand__", "__ror__", "__rxor__",
}


import inspect


class JitClassType(type):
    """The class a module exposes for a jitclass: calling it constructs an instance (a box)."""

    def __call__(cls, *args, **kwargs):
        # As Numba's: the call bound to __init__'s parameters, defaults filled in, then the
        # constructor called with every argument by position.
        sig = cls._ctor_sig
        if sig is None:
            return cls._ctor(*args, **kwargs)
        bound = sig.bind(*args, **kwargs)
        bound.apply_defaults()
        return cls._ctor(*bound.args, **bound.kwargs)

    def __instancecheck__(cls, instance):
        return type(instance) is cls._box_class


def _method(dispatcher, name, qualname):
    def method(self, *args):
        return dispatcher(self, *args)

    method.__name__ = name
    method.__qualname__ = qualname
    return method


def _signature(names, defaults):
    if not names:
        return None
    empty = inspect.Parameter.empty
    return inspect.Signature([
        inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=empty if d is None else d.value)
        for n, d in zip(names, defaults)
    ])


def make_class(name, module, type_name, base, fields, methods, statics, getters, setters, ctor, descriptors, ctor_sig):
    params, defaults = ctor_sig
    dct = {"__slots__": (), "__module__": "numba.experimental.jitclass.boxing", "__doc__": "A box for numba created jit-class instance"}
    # Fields: descriptors of the runtime reading and writing the instance.
    for field, descriptor in zip(fields, descriptors):
        dct[field] = descriptor
    # Properties: their getters' and setters' dispatchers, called with the instance.
    for prop, getter in getters.items():
        dct[prop] = property(getter, setters.get(prop))
    for meth, dispatcher in methods.items():
        if meth.startswith("__") and meth.endswith("__") and meth not in SUPPORTED_DUNDERS:
            continue
        dct[meth] = _method(dispatcher, meth, name + "." + meth)
    for meth, dispatcher in statics.items():
        dct[meth] = staticmethod(dispatcher)
    box_class = type(name, (base,), dct)
    cdct = {"__module__": module, "_ctor": ctor, "_box_class": box_class, "_numba_type_name": type_name,
            "_ctor_sig": _signature(params, defaults)}
    for meth, dispatcher in statics.items():
        cdct[meth] = staticmethod(dispatcher)
    return box_class, JitClassType(name, (), cdct)
