//! `numpy.datetime64` / `timedelta64` scalars: Numba's templates of `numba/np/types/datetime.py`
//! (operators with NumPy's unit rules), `int()` and `min`/`max` of `datetime_registry.py`.

use numrs_types::{best_unit, can_cast_timedelta_units, combine_datetime_timedelta_units, DtUnit, Type};

use crate::registry::{AbstractFn, CallError, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("operator.pos", td_unary),
    ("operator.neg", td_unary),
    ("builtins.abs", td_unary),
    ("operator.add", td_binop),
    ("operator.iadd", td_binop),
    ("operator.sub", td_binop),
    ("operator.isub", td_binop),
    ("operator.mul", td_mix),
    ("operator.imul", td_mix),
    ("operator.truediv", td_truediv),
    ("operator.itruediv", td_truediv),
    ("operator.floordiv", td_floordiv),
    ("operator.ifloordiv", td_floordiv),
    ("operator.eq", td_ordered_cmp),
    ("operator.ne", td_ordered_cmp),
    ("operator.lt", td_ordered_cmp),
    ("operator.le", td_ordered_cmp),
    ("operator.gt", td_ordered_cmp),
    ("operator.ge", td_ordered_cmp),
    ("operator.add", dt_plus_td),
    ("operator.iadd", dt_plus_td),
    ("operator.sub", dt_minus_td),
    ("operator.isub", dt_minus_td),
    ("operator.sub", dt_minus_dt),
    ("operator.eq", dt_cmp),
    ("operator.ne", dt_cmp),
    ("operator.lt", dt_cmp),
    ("operator.le", dt_cmp),
    ("operator.gt", dt_cmp),
    ("operator.ge", dt_cmp),
    ("builtins.int", int_),
];

fn sig(ret: Type, args: &[Type]) -> CallResult {
    Ok(Some(numrs_types::Signature::new(ret, args.to_vec())))
}

fn td(t: &Type) -> Option<DtUnit> {
    if let Type::NPTimedelta(u) = t {
        Some(*u)
    } else {
        None
    }
}

fn dt(t: &Type) -> Option<DtUnit> {
    if let Type::NPDatetime(u) = t {
        Some(*u)
    } else {
        None
    }
}

/// Whether either unit casts safely to the other (the ordered operations' requirement).
fn compatible(a: DtUnit, b: DtUnit) -> bool {
    can_cast_timedelta_units(a, b) || can_cast_timedelta_units(b, a)
}

/// `TimedeltaUnaryOp`: `+t`, `-t`, `abs(t)`.
fn td_unary(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [t] if td(t).is_some() => sig(t.clone(), args),
        _ => Ok(None),
    }
}

/// `TimedeltaBinOp`: `t1 ± t2` in the unit the other casts to.
fn td_binop(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let [l, r] = args else { return Ok(None) };
    let (Some(a), Some(b)) = (td(l), td(r)) else { return Ok(None) };
    if can_cast_timedelta_units(a, b) {
        sig(r.clone(), args)
    } else if can_cast_timedelta_units(b, a) {
        sig(l.clone(), args)
    } else {
        Ok(None)
    }
}

/// `TimedeltaMixOp`: a timedelta times an integer (as `int64`) or a float, either side.
fn td_mix(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let [l, r] = args else { return Ok(None) };
    let (t, other, td_first) = if td(r).is_some() {
        (r, l, false)
    } else if td(l).is_some() {
        (l, r, true)
    } else {
        return Ok(None);
    };
    let other = if other.is_integer() {
        Type::int64()
    } else if other.is_float() {
        other.unliteral()
    } else {
        return Ok(None);
    };
    let params = if td_first { vec![t.clone(), other] } else { vec![other, t.clone()] };
    Ok(Some(numrs_types::Signature::new(t.clone(), params)))
}

/// `TimedeltaDivOp`: a timedelta over a number (`int64` for integers), or over a compatible
/// timedelta (`float64`).
fn td_div(args: &[Type]) -> CallResult {
    let [l, r] = args else { return Ok(None) };
    let Some(a) = td(l) else { return Ok(None) };
    if let Some(b) = td(r) {
        return if compatible(a, b) { sig(Type::float64(), args) } else { Ok(None) };
    }
    if r.is_float() {
        return Ok(Some(numrs_types::Signature::new(l.clone(), vec![l.clone(), r.unliteral()])));
    }
    if r.is_integer() {
        return Ok(Some(numrs_types::Signature::new(l.clone(), vec![l.clone(), Type::int64()])));
    }
    Ok(None)
}

fn td_truediv(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    td_div(args)
}

/// `t1 // t2` types as `float64` in Numba 0.68.1, whose lowering then computes an `int64`
/// and fails (numrs_infer's `postcheck` reports that, once the whole function typed).
fn td_floordiv(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    td_div(args)
}

/// `TimedeltaOrderedCmpOp`: comparisons of timedeltas of compatible units (NumPy 1.25+ also
/// for `==`/`!=`).
fn td_ordered_cmp(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let [l, r] = args else { return Ok(None) };
    match (td(l), td(r)) {
        (Some(a), Some(b)) if compatible(a, b) => sig(Type::boolean(), args),
        _ => Ok(None),
    }
}

/// `DatetimePlusTimedelta`: either order, in the combined unit.
fn dt_plus_td(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let [l, r] = args else { return Ok(None) };
    let (d, t) = if let Some(t) = td(r) {
        (l, t)
    } else if let Some(t) = td(l) {
        (r, t)
    } else {
        return Ok(None);
    };
    match dt(d).and_then(|u| combine_datetime_timedelta_units(u, t)) {
        Some(unit) => sig(Type::NPDatetime(unit), args),
        None => Ok(None),
    }
}

/// `DatetimeMinusTimedelta`.
fn dt_minus_td(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let [l, r] = args else { return Ok(None) };
    match (dt(l), td(r)) {
        (Some(d), Some(t)) => match combine_datetime_timedelta_units(d, t) {
            Some(unit) => sig(Type::NPDatetime(unit), args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

/// `DatetimeMinusDatetime`: a timedelta in the finer unit.
fn dt_minus_dt(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let [l, r] = args else { return Ok(None) };
    match (dt(l), dt(r)) {
        (Some(a), Some(b)) => sig(Type::NPTimedelta(best_unit(a, b)), args),
        _ => Ok(None),
    }
}

/// `DatetimeCmpOp`: datetimes of any units compare.
fn dt_cmp(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [l, r] if dt(l).is_some() && dt(r).is_some() => sig(Type::boolean(), args),
        _ => Ok(None),
    }
}

/// `ol_int`: `int(x)` of a timedelta, or of a `datetime64[ns]`.
fn int_(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let [x] = args else { return Ok(None) };
    if !kws.is_empty() {
        return Ok(None);
    }
    match x {
        Type::NPTimedelta(_) => sig(Type::int64(), args),
        Type::NPDatetime(u) if u.name() == "ns" => sig(Type::int64(), args),
        // Raised inside the overload, so Numba reports its TypingError ("No implementation
        // ...", the NumbaTypeError among the candidates' reasons).
        Type::NPDatetime(u) => Err(CallError {
            kind: "TypingError",
            message: format!("Only datetime64[ns] can be converted, but got datetime64[{}]", u.name()),
        }),
        _ => Ok(None),
    }
}
