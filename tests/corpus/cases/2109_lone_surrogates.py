# Strings holding a lone surrogate cross between Python and compiled code as they are (Numba
# keeps the code point), and string operations keep it. (Numba concatenating such strings
# gives wrong text: `s.upper() + "-" + s[1]` of 'a\ud800b' is 'A\ud800B-ud800b'.)
from numba import njit


@njit("unicode_type(int64)")
def from_code(i):
    return chr(i)


@njit("int64(unicode_type)")
def length(s):
    return len(s)


@njit("(unicode_type,)")
def upper(s):
    return s.upper(), s[1], s.replace("a", "xy")


@njit("int64(unicode_type, unicode_type)")
def find(s, t):
    return s.find(t) + ord(s[1])


CALLS = [
    ("from_code", (0xD800,)),
    ("from_code", (0xDFFF,)),
    ("length", ("a\ud800b",)),
    ("upper", ("a\ud800b",)),
    ("find", ("a\udc00b", "b")),
]
