# Calls of @intrinsic functions: numrs runs the typing function on the call's types (a signature
# made by calling a type or `signature(...)`, or None: no implementation). The build cannot
# lower them (their code generators build LLVM IR with llvmlite).
import numpy as np
from numba import njit, types
from numba.extending import intrinsic
from numba.core.typing import signature


@intrinsic
def add_one(typingctx, x):
    sig = x(x)

    def codegen(context, builder, signature, args):
        return builder.add(args[0], context.get_constant(x, 1))
    return sig, codegen


@intrinsic
def as_float(typingctx, x):
    if isinstance(x, types.Integer):
        def codegen(context, builder, sig, args):
            return builder.sitofp(args[0], context.get_value_type(types.float64))
        return signature(types.float64, x), codegen
    return None


@njit
def f(x):
    return add_one(x) * 2


@njit
def g(x):
    return as_float(x) / 2


@njit("float64(float64)")
def h(x):
    return as_float(x)


CALLS = [("f", (3,)), ("g", (5,))]
