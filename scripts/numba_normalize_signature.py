"""Print Numba's normalization of signature strings read one per line from stdin.

    python scripts/numba_normalize_signature.py < sigs.txt

Each line prints as `'<sig>' => ok (<args>) -> <return type or None>` or
`'<sig>' => err <ExceptionClass>: <message>` (newlines in messages written as `\\n`); compare with numrs's
`cargo run -p numrs_hir --example normalize_signature`. Run outside the numba source tree.
"""
import sys
import warnings

from numba.core import sigutils

warnings.simplefilter("ignore")


def show(s):
    try:
        args, ret = sigutils.normalize_signature(s)
        return "ok (" + ", ".join(str(a) for a in args) + ") -> " + str(ret)
    except Exception as e:
        return ("err %s: %s" % (type(e).__name__, e)).replace("\n", "\\n")


for line in sys.stdin:
    line = line.rstrip("\n")
    if line:
        print(repr(line), "=>", show(line))
