"""Import the module `numrs build examples/kernels.py -o DIR` wrote, and call it.

    python examples/use_built.py DIR

Needs only NumPy and the numrs runtime (`scripts/build-runtime.sh` installs it into a venv);
neither Numba nor LLVM.
"""
import sys

import numpy as np

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else "build")
import kernels  # noqa: E402  (the built extension module)

print("mean(arange(10.0)) =", kernels.mean(np.arange(10.0)))
# Two compiled specializations; the dispatcher picks one as Numba's does.
print("clamp_square(7) =", kernels.clamp_square(7))
print("clamp_square(2.5) =", kernels.clamp_square(2.5))
print("hypot(3.0, 4.0) =", kernels.hypot(3.0, 4.0))
try:
    kernels.clamp_square("seven")
except TypeError as e:
    print("clamp_square('seven') -> TypeError:", str(e).splitlines()[0])
# `describe` does not type (see `numrs check examples/`), so it was not built.
print("has describe:", hasattr(kernels, "describe"))
# A jitclass instance made by compiled code, then used from Python.
r = kernels.running(np.arange(5.0))
print("running(arange(5.0)): mean", r.mean, "count", r.count)
r.add(10.0)
print("after add(10.0): mean", r.mean, "of a", type(r).__name__)
