//! The methods Numba's `charseq.py` gives `bytes` (`types.Bytes`) that answer with a bool:
//! `startswith`/`endswith` of another `bytes` (compared byte by byte, as Numba's `_to_str`
//! does) and `isascii`.

use numrs_types::{BufferKind, Type};

use crate::registry::{AbstractFn, CallResult};
use numrs_types::Signature;

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("bytes.startswith", affix),
    ("bytes.endswith", affix),
    ("bytes.isascii", isascii),
];

/// The methods of a `bytes` value typed here.
pub(crate) const METHODS: &[&str] = &["startswith", "endswith", "isascii"];

fn is_bytes(t: &Type) -> bool {
    matches!(t, Type::Array(a) if a.buffer == Some(BufferKind::Bytes))
}

fn affix(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws.is_empty()) {
        ([recv, other], true) if is_bytes(recv) && is_bytes(other) => Ok(Some(Signature::new(Type::boolean(), args.to_vec()))),
        _ => Ok(None),
    }
}

fn isascii(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws.is_empty()) {
        ([recv], true) if is_bytes(recv) => Ok(Some(Signature::new(Type::boolean(), args.to_vec()))),
        _ => Ok(None),
    }
}
