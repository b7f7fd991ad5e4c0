//! Conversion kinds between types: Numba's `BaseContext.can_convert`, and the rating of a
//! candidate signature used by overload resolution (static here, and the runtime dispatcher later).

use crate::conversion_table::NUMERIC_CONVERSIONS;
use crate::Type;

/// How a value of one type converts to another, best first (Numba's `Conversion`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Conversion {
    Exact = 1,
    Promote = 2,
    Safe = 3,
    Unsafe = 4,
}

/// Numba's `can_convert(fromty, toty)`: `None` when there is no conversion at all.
pub fn can_convert(from: &Type, to: &Type) -> Option<Conversion> {
    if from == to {
        return Some(Conversion::Exact);
    }
    // A `DeferredType` defined as a jitclass's instances converts as them. (Defined as
    // another type, a number, it has no conversion: Numba's operators refuse it.)
    if let Type::Deferred(d) = from {
        return can_convert(d.get().filter(|t| t.holds_jitclass_instance())?, to);
    }
    if let Type::Deferred(d) = to {
        return can_convert(from, d.get().filter(|t| t.holds_jitclass_instance())?);
    }
    // The type manager's registered rules (numbers only).
    if let (Type::Number(a), Type::Number(b)) = (from, to) {
        return NUMERIC_CONVERSIONS[*a as usize][*b as usize];
    }
    let forward = convert_to(from, to);
    let backward = convert_from(to, from);
    match (forward, backward) {
        (f, None) => f,
        (None, b) => b,
        (Some(f), Some(b)) => Some(f.min(b)),
    }
}

/// `fromty.can_convert_to(ctx, toty)` for the types that define it.
fn convert_to(from: &Type, to: &Type) -> Option<Conversion> {
    match from {
        Type::IntegerLiteral(_) | Type::BooleanLiteral(_) => {
            can_convert(&from.unliteral(), to).map(|c| c.max(Conversion::Promote))
        }
        Type::StringLiteral(_) => matches!(to, Type::Unicode).then_some(Conversion::Safe),
        // `IntEnumMember.can_convert_to`: an IntEnum member converts as its value does, at
        // best safely.
        Type::EnumMember(e) if e.int_enum => can_convert(&e.dtype, to).map(|c| c.max(Conversion::Safe)),
        // `BaseAnonymousTuple.can_convert_to`: named tuples take no conversion either way.
        Type::UniTuple(..) | Type::Tuple(_) if !matches!(to, Type::NamedTuple(_)) => {
            let a = from.tuple_items()?;
            let b = to.tuple_items()?;
            if a.len() != b.len() {
                return None;
            }
            if a.is_empty() {
                return Some(Conversion::Safe);
            }
            let mut worst = Conversion::Exact;
            for (x, y) in a.iter().zip(b.iter()) {
                worst = worst.max(can_convert(x, y)?);
            }
            Some(worst)
        }
        // `ArrayCTypes.can_convert_to`: `a.ctypes` passes as a pointer to its dtype or `void*`.
        Type::ArrayCTypes(a) => match to {
            Type::CPointer(d) if **d == a.dtype => Some(Conversion::Safe),
            Type::VoidPtr => Some(Conversion::Safe),
            _ => None,
        },
        Type::Optional(inner) => match to {
            Type::Optional(other) => can_convert(inner, other),
            _ => can_convert(inner, to).map(|c| c.max(Conversion::Safe)),
        },
        Type::Array(a) => {
            let b = to.as_array()?;
            (b.ndim == a.ndim
                && b.dtype == a.dtype
                && (b.layout == crate::Layout::A || b.layout == a.layout)
                && (!a.readonly || b.readonly)
                && (a.aligned || !b.aligned)
                && a.buffer == b.buffer)
                .then_some(Conversion::Safe)
        }
        // A dispatcher converts to a first-class function type if it can compile that
        // signature; the inference layer checks that, so statically this is "safe".
        Type::Dispatcher(_) => matches!(to, Type::FunctionType(_)).then_some(Conversion::Safe),
        // `UnicodeCharSeq.can_convert_to`: to another length, safely.
        Type::UnicodeCharSeq(_) => matches!(to, Type::UnicodeCharSeq(_)).then_some(Conversion::Safe),
        _ => None,
    }
}

/// `toty.can_convert_from(ctx, fromty)` for the types that define it.
fn convert_from(to: &Type, from: &Type) -> Option<Conversion> {
    match to {
        // `UnicodeCharSeq.can_convert_from`: a string, safely (stored truncated or padded).
        Type::UnicodeCharSeq(_) => matches!(from, Type::Unicode | Type::StringLiteral(_)).then_some(Conversion::Safe),
        // Numba's cast of `bytes` (or another item) to a bytes array's item (`charseq.py`).
        Type::CharSeq(_) => (matches!(from, Type::CharSeq(_)) || matches!(from, Type::Array(a) if a.buffer == Some(crate::BufferKind::Bytes))).then_some(Conversion::Safe),
        Type::Optional(inner) => match from {
            Type::NoneType => Some(Conversion::Promote),
            Type::Optional(other) => can_convert(other, inner),
            _ => can_convert(from, inner).map(|c| c.max(Conversion::Promote)),
        },
        _ => None,
    }
}

/// Numba's `_Rating`: counts of promote, safe and unsafe conversions over all arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rating {
    pub unsafe_convert: u32,
    pub safe_convert: u32,
    pub promote: u32,
}

impl Rating {
    /// Rate converting `actual` argument types to a candidate's `formal` types
    /// (Numba's `BaseContext._rate_arguments`). `None` when some argument does not convert,
    /// or converts unsafely while `unsafe_casting` is off.
    pub fn rate(actual: &[Type], formal: &[Type], unsafe_casting: bool, exact_match_required: bool) -> Option<Rating> {
        if actual.len() != formal.len() {
            return None;
        }
        let mut rating = Rating::default();
        for (a, f) in actual.iter().zip(formal.iter()) {
            match can_convert(a, f)? {
                Conversion::Exact => {}
                _ if exact_match_required => return None,
                Conversion::Promote => rating.promote += 1,
                Conversion::Safe => rating.safe_convert += 1,
                Conversion::Unsafe => {
                    if !unsafe_casting {
                        return None;
                    }
                    rating.unsafe_convert += 1
                }
            }
        }
        Some(rating)
    }
}

/// What storing a `from` into a typed container slot of type `to` raises in Numba: a dict
/// display's items after the first (`build_map` calls `impl_setitem`, whose `_cast`
/// checks `_sentry_safe_cast` and whose lowering calls `context.cast`): the exception class
/// and a message, `None` when it works.
pub fn typed_store_error(from: &Type, to: &Type) -> Option<(&'static str, String)> {
    let (f, t) = (from.unliteral(), to.unliteral());
    if f == t {
        return None;
    }
    // `_sentry_safe_cast`: a hard error only for number targets.
    let by = can_convert(&f, &t);
    if by.is_none_or(|c| c > Conversion::Safe) {
        let fine = match (f.as_number(), t.as_number()) {
            // `types.Boolean` is not a `types.Number`: only a warning.
            (_, Some(crate::NumericKind::Boolean)) => true,
            (Some(a), Some(b)) => {
                (a.is_integer() && b.is_integer())
                    || (a.is_integer() && b.is_float())
                    || (a.is_float() && b.is_float())
                    || (a.is_complex() && b.is_complex())
            }
            (_, Some(_)) => false,
            (_, None) => true,
        } || matches!((&f, &t), (Type::DictType(_), Type::DictType(_)));
        if !fine {
            return Some(("TypingError", format!("cannot safely cast {f} to {t}. Please cast explicitly.")));
        }
    }
    lowering_cast_error(&f, &t)
}

/// What Numba's `context.cast(from, to)` raises while lowering, `None` when it works.
fn lowering_cast_error(f: &Type, t: &Type) -> Option<(&'static str, String)> {
    if f == t || (f.as_number().is_some() && t.as_number().is_some()) {
        return None;
    }
    match (f, t) {
        (Type::Array(a), Type::Array(b)) => {
            // `array_to_array` asserts that only a cast to an 'A' array changes the type.
            (a.readonly == b.readonly && b.layout != crate::Layout::A)
                .then(|| ("AssertionError", format!("Numba's lowering cannot cast {f} to {t} (it asserts in array_to_array)")))
        }
        _ if f.tuple_items().is_some() && t.tuple_items().is_some() => {
            let (fi, ti) = (f.tuple_items().unwrap_or_default(), t.tuple_items().unwrap_or_default());
            if fi.len() != ti.len() {
                return Some(("NotImplementedError", format!("Numba's lowering cannot cast {f} to {t} (tuples of different lengths)")));
            }
            fi.iter().zip(&ti).find_map(|(a, b)| lowering_cast_error(&a.unliteral(), &b.unliteral()))
        }
        _ if can_convert(f, t).is_some() => None,
        _ if f.to_string() == t.to_string() => {
            Some(("TypingError", format!("Numba cannot cast one {f} to another: each lambda or inner function is a type of its own")))
        }
        _ => Some(("TypingError", format!("Numba cannot cast {f} to {t}"))),
    }
}
