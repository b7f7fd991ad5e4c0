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
        Type::UniTuple(..) | Type::Tuple(_) => {
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
        Type::Optional(inner) => match to {
            Type::Optional(other) => can_convert(inner, other),
            _ => can_convert(inner, to).map(|c| c.max(Conversion::Safe)),
        },
        Type::Array(a) => {
            let b = to.as_array()?;
            (b.ndim == a.ndim
                && b.dtype == a.dtype
                && (b.layout == crate::Layout::A || b.layout == a.layout)
                && (!a.readonly || b.readonly))
                .then_some(Conversion::Safe)
        }
        // A dispatcher converts to a first-class function type if it can compile that
        // signature; the inference layer checks that, so statically this is "safe".
        Type::Dispatcher(_) => matches!(to, Type::FunctionType(_)).then_some(Conversion::Safe),
        _ => None,
    }
}

/// `toty.can_convert_from(ctx, fromty)` for the types that define it.
fn convert_from(to: &Type, from: &Type) -> Option<Conversion> {
    match to {
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
