# str predicates and whitespace splitting follow CPython's character classes, as Numba's
# type records do: \x1c-\x1f are whitespace (but not for rsplit of an ASCII string, which uses
# Py_ISSPACE), Roman numerals are not alphabetic, format characters are not printable,
# superscripts are digits but not decimals, other scripts' digits are both.
from numba import njit


@njit
def classes(s):
    out = []
    for ch in s:
        out.append((ch.isspace(), ch.isalpha(), ch.isdigit(), ch.isdecimal(), ch.isnumeric(), ch.isalnum(), ch.isprintable()))
    return out


@njit
def whitespace(s):
    return s.split(), s.rsplit(), s.strip(), s.rsplit(None, 1)


CALLS = [
    ("classes", ("\x1c\x1f \xa0\u3000\u2028\x85",)),
    ("classes", ("a\u2170\u216b\u3007\u00aa\u01c5",)),
    ("classes", ("\u00b2\u00b3\u0663\u096b\uff10\u2460\U0001d7d8",)),
    ("classes", ("\u200b\u00ad\ufeff\u0378~\t",)),
    ("whitespace", ("a\x1cb\x1d c\u3000d\x85e\xa0f ",)),
    ("whitespace", ("a\x1cb\x1d c",)),
]
