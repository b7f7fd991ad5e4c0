# The Python side of @cfunc functions in modules built by numrs (see ccallback.rs), after
# Numba's numba/core/ccallback.py, and Numba's carray/farray (numba/np/numpy_support.py) for
# the Python functions of such callbacks where numba is not installed.

import ctypes
from functools import cached_property

# Numba's `ctypes_utils._TO_CTYPES`, by the Numba type's name.
_TO_CTYPES = {
    "bool": ctypes.c_bool,
    "int8": ctypes.c_int8,
    "int16": ctypes.c_int16,
    "int32": ctypes.c_int32,
    "int64": ctypes.c_int64,
    "uint8": ctypes.c_uint8,
    "uint16": ctypes.c_uint16,
    "uint32": ctypes.c_uint32,
    "uint64": ctypes.c_uint64,
    "float32": ctypes.c_float,
    "float64": ctypes.c_double,
    "void*": ctypes.c_void_p,
}


def to_ctypes(name):
    """Numba's `to_ctypes` of the type printed `name` (`None` for `none`)."""
    if name == "none":
        return None

    def convert(name):
        if name.endswith("*") and name != "void*":
            inner = convert(name[:-1])
            return None if inner is None else ctypes.POINTER(inner)
        return _TO_CTYPES.get(name)

    c = convert(name)
    if c is None:
        raise TypeError("Cannot convert Numba type '%s' to ctypes type" % (name,))
    return c


class CFunc:
    """A compiled C callback, as the @cfunc decorator makes it: calling it runs its Python
    function; `address`, `ctypes` and `cffi` give the compiled C function."""

    def __init__(self, pyfunc, module, symbol, args, restype):
        self.__name__ = pyfunc.__name__
        self.__qualname__ = getattr(pyfunc, "__qualname__", self.__name__)
        self.__wrapped__ = pyfunc
        self.__doc__ = getattr(pyfunc, "__doc__", None)
        self._pyfunc = pyfunc
        # The built module (its shared object exports the callback as `symbol`).
        self._module = module
        self._symbol = symbol
        self._args = tuple(args)
        self._restype = restype
        self._address = None

    @property
    def native_name(self):
        """The symbol the C callback is exported as."""
        self._require()
        return self._symbol

    @property
    def address(self):
        """The address of the C callback."""
        if self._address is None:
            self._require()
            import sys
            lib = ctypes.CDLL(sys.modules[self._module].__file__)
            try:
                fn = getattr(lib, self._symbol)
            except AttributeError:
                raise NotImplementedError(
                    "the C callback of @cfunc %s was not built (numrs build said why)" % (self.__name__,)) from None
            self._address = ctypes.cast(fn, ctypes.c_void_p).value
        return self._address

    @cached_property
    def cffi(self):
        """A cffi function pointer representing the C callback."""
        import cffi
        ffi = cffi.FFI()
        return ffi.cast("void *", self.address)

    @cached_property
    def ctypes(self):
        """A ctypes function object representing the C callback."""
        functype = ctypes.CFUNCTYPE(to_ctypes(self._restype), *[to_ctypes(a) for a in self._args])
        return functype(self.address)

    def inspect_llvm(self):
        raise NotImplementedError("a module built by numrs carries no LLVM IR: `numrs dump llvm FILE::%s` prints it" % (self.__name__,))

    @property
    def cache_hits(self):
        return 0

    def _require(self):
        if self._symbol is None:
            sig = "%s(%s)" % (self._restype, ", ".join(self._args))
            raise NotImplementedError(
                "numrs build makes C callbacks of numbers (not complex ones) and pointers only; "
                "@cfunc %s has the signature %s" % (self.__name__, sig))

    def __repr__(self):
        return "<Numba C callback %r>" % (self.__qualname__,)

    def __call__(self, *args, **kwargs):
        return self._pyfunc(*args, **kwargs)


def _dtype_of_pointer(cls):
    import numpy as np
    for name, c in _TO_CTYPES.items():
        if c is cls and name != "void*":
            return np.dtype("bool" if name == "bool" else name)
    return None


def carray(ptr, shape, dtype=None):
    """`numba.carray` in Python: a C-ordered array of `shape` over the memory a ctypes
    pointer points to (its dtype from the pointer's type, or `dtype` for a `c_void_p`)."""
    import numpy as np
    try:
        ptr = ptr._as_parameter_
    except AttributeError:
        pass
    if dtype is not None:
        dtype = np.dtype(dtype)
    if isinstance(ptr, ctypes.c_void_p):
        if dtype is None:
            raise TypeError("explicit dtype required for void* argument")
        p = ptr
    elif isinstance(ptr, ctypes._Pointer):
        ptr_dtype = _dtype_of_pointer(ptr._type_)
        if ptr_dtype is None:
            raise TypeError("Unsupported ctypes type: %s" % (ptr.__class__,))
        if dtype is not None and dtype != ptr_dtype:
            raise TypeError("mismatching dtype '%s' for pointer %s" % (dtype, ptr))
        dtype = ptr_dtype
        p = ctypes.cast(ptr, ctypes.c_void_p)
    else:
        raise TypeError("expected a ctypes pointer, got %r" % (ptr,))
    nbytes = dtype.itemsize * np.prod(shape, dtype=np.intp)
    address = p.value if isinstance(p, ctypes.c_void_p) else p
    buf = (ctypes.c_byte * int(nbytes)).from_address(address)
    return np.frombuffer(buf, dtype).reshape(shape)


def farray(ptr, shape, dtype=None):
    """`numba.farray` in Python: as `carray`, in Fortran order (the transpose of the C
    array of the reversed shape)."""
    reversed_shape = shape if isinstance(shape, int) else shape[::-1]
    return carray(ptr, reversed_shape, dtype).T


def get_cython_function_address(module_name, function_name):
    """`numba.extending.get_cython_function_address`: the address of a function a Cython
    module exports in its `__pyx_capi__` (`scipy.special.cython_special`'s, say)."""
    import importlib
    module = importlib.import_module(module_name)
    capsule = module.__pyx_capi__[function_name]
    # Prototypes of our own (setting `ctypes.pythonapi`'s would change them for everyone).
    get_name = ctypes.PYFUNCTYPE(ctypes.c_char_p, ctypes.py_object)(("PyCapsule_GetName", ctypes.pythonapi))
    get_pointer = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.py_object, ctypes.c_char_p)(("PyCapsule_GetPointer", ctypes.pythonapi))
    return get_pointer(capsule, get_name(capsule))
