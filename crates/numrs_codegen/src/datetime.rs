//! `numpy.datetime64` / `timedelta64` values: an `i64` count of their unit since 1970, NaT
//! the minimum. Operations follow Numba's `numba/np/npdatetime.py`: a NaT operand gives NaT
//! (comparisons false, `!=` true), units are brought to the result's by exact factors, and
//! dates in years or months go through the calendar to reach finer units.

use inkwell::values::{BasicValueEnum, IntValue};
use inkwell::{FloatPredicate, IntPredicate};
use numrs_types::{best_unit, datetime_conversion, timedelta_conversion_factor, DtUnit, Signature, Type, NAT};

use crate::func::{FnCx, R};
use crate::ops::OpImpl;
use crate::types::numeric;

type BV<'ctx> = BasicValueEnum<'ctx>;

/// The unit of a datetime or timedelta type.
pub(crate) fn unit(t: &Type) -> Option<DtUnit> {
    match t {
        Type::NPDatetime(u) | Type::NPTimedelta(u) => Some(*u),
        _ => None,
    }
}

pub(crate) fn is_datetime_like(t: &Type) -> bool {
    t.is_datetime_like()
}

/// The implementation of `key` (an in-place operator already given as its plain one) when a
/// datetime or timedelta is among the signature's types.
pub(crate) fn lookup(key: &str, sig: &Signature) -> Option<OpImpl> {
    if !sig.args.iter().chain([&sig.return_type]).any(is_datetime_like) {
        return None;
    }
    let first = sig.args.first()?;
    let second = sig.args.get(1);
    let is_dt = |t: Option<&Type>| matches!(t, Some(Type::NPDatetime(_)));
    let is_td = |t: Option<&Type>| matches!(t, Some(Type::NPTimedelta(_)));
    let f: OpImpl = match (key, sig.args.len()) {
        ("operator.neg", 1) if is_td(Some(first)) => neg,
        ("operator.pos", 1) if is_td(Some(first)) => pos,
        ("builtins.abs", 1) if is_td(Some(first)) => abs,
        ("numpy.isnat", 1) => isnat,
        ("class.number" | "builtins.int", 1) => to_number,
        ("operator.add", 2) if is_td(Some(first)) && is_td(second) => td_add,
        ("operator.sub", 2) if is_td(Some(first)) && is_td(second) => td_sub,
        ("operator.add", 2) if is_dt(Some(first)) && is_td(second) => dt_plus_td,
        ("operator.add", 2) if is_td(Some(first)) && is_dt(second) => td_plus_dt,
        ("operator.sub", 2) if is_dt(Some(first)) && is_td(second) => dt_minus_td,
        ("operator.sub", 2) if is_dt(Some(first)) && is_dt(second) => dt_minus_dt,
        ("operator.mul", 2) => td_times_number,
        ("operator.truediv", 2) if is_td(second) => td_over_td,
        ("operator.floordiv", 2) if is_td(second) => td_floordiv_td,
        ("operator.truediv" | "operator.floordiv", 2) => td_over_number,
        ("operator.eq" | "operator.ne" | "operator.lt" | "operator.le" | "operator.gt" | "operator.ge", 2) => compare_for(key)?,
        ("builtins.hash", 1) => hash,
        ("builtins.max", _) => max,
        ("builtins.min", _) => min,
        _ => return None,
    };
    Some(f)
}

fn val<'ctx>(cx: &FnCx<'_, 'ctx>, vals: &[Option<BV<'ctx>>], i: usize) -> R<IntValue<'ctx>> {
    match vals.get(i).copied().flatten() {
        Some(v) if v.is_int_value() => Ok(v.into_int_value()),
        _ => cx.fail(format!("datetime operand {i} has no run-time value")),
    }
}

fn nat<'ctx>(cx: &FnCx<'_, 'ctx>) -> IntValue<'ctx> {
    cx.i64(NAT)
}

fn is_nat<'ctx>(cx: &FnCx<'_, 'ctx>, v: IntValue<'ctx>) -> R<IntValue<'ctx>> {
    Ok(cx.b.build_int_compare(IntPredicate::EQ, v, nat(cx), "")?)
}

/// True when any of `vs` is NaT.
fn any_nat<'ctx>(cx: &FnCx<'_, 'ctx>, vs: &[IntValue<'ctx>]) -> R<IntValue<'ctx>> {
    let mut r = cx.ctx.bool_type().const_zero();
    for v in vs {
        r = cx.b.build_or(r, is_nat(cx, *v)?, "")?;
    }
    Ok(r)
}

/// `v` unless one of `vs` is NaT.
fn or_nat<'ctx>(cx: &FnCx<'_, 'ctx>, vs: &[IntValue<'ctx>], v: IntValue<'ctx>) -> R<BV<'ctx>> {
    let bad = any_nat(cx, vs)?;
    Ok(cx.b.build_select(bad, nat(cx), v, "")?)
}

fn scale<'ctx>(cx: &FnCx<'_, 'ctx>, v: IntValue<'ctx>, factor: i64) -> R<IntValue<'ctx>> {
    if factor == 1 {
        return Ok(v);
    }
    Ok(cx.b.build_int_mul(v, cx.i64(factor), "")?)
}

/// A timedelta scaled from unit `from` to `to` (`scale_timedelta`).
fn scale_td<'ctx>(cx: &FnCx<'_, 'ctx>, v: IntValue<'ctx>, from: DtUnit, to: DtUnit) -> R<IntValue<'ctx>> {
    match timedelta_conversion_factor(from, to) {
        Some(f) => scale(cx, v, f),
        None => cx.fail(format!("cannot convert timedelta64 from {} to {}", from.name(), to.name())),
    }
}

/// Both timedeltas in one unit (`normalize_timedeltas`): the coarser one scaled.
fn normalize<'ctx>(cx: &FnCx<'_, 'ctx>, a: IntValue<'ctx>, b: IntValue<'ctx>, ua: DtUnit, ub: DtUnit) -> R<(IntValue<'ctx>, IntValue<'ctx>)> {
    if let Some(f) = timedelta_conversion_factor(ua, ub) {
        return Ok((scale(cx, a, f)?, b));
    }
    if let Some(f) = timedelta_conversion_factor(ub, ua) {
        return Ok((a, scale(cx, b, f)?));
    }
    cx.fail(format!("cannot normalize timedelta64[{}] and timedelta64[{}]", ua.name(), ub.name()))
}

/// Floor division and modulo of `v` by a positive constant.
fn floor_divmod<'ctx>(cx: &FnCx<'_, 'ctx>, v: IntValue<'ctx>, d: i64) -> R<(IntValue<'ctx>, IntValue<'ctx>)> {
    let b = &cx.b;
    let q = b.build_int_signed_div(v, cx.i64(d), "")?;
    let r = b.build_int_signed_rem(v, cx.i64(d), "")?;
    let neg = b.build_int_compare(IntPredicate::SLT, r, cx.i64(0), "")?;
    let q = b.build_select(neg, b.build_int_sub(q, cx.i64(1), "")?, q, "")?.into_int_value();
    let r = b.build_select(neg, b.build_int_add(r, cx.i64(d), "")?, r, "")?.into_int_value();
    Ok((q, r))
}

/// Days from 1970-01-01 to the first day of year `1970 + y` (`year_to_days`).
fn year_to_days<'ctx>(cx: &FnCx<'_, 'ctx>, y: IntValue<'ctx>) -> R<IntValue<'ctx>> {
    let b = &cx.b;
    let add = |v: IntValue<'ctx>, c: i64| b.build_int_add(v, cx.i64(c), "");
    let div = |v: IntValue<'ctx>, c: i64| b.build_int_signed_div(v, cx.i64(c), "");
    let days = b.build_int_mul(y, cx.i64(365), "")?;
    // At or after 1970.
    let from_1968 = add(y, 1)?;
    let from_1900 = add(from_1968, 68)?;
    let from_1600 = add(from_1900, 300)?;
    let p = b.build_int_add(days, div(from_1968, 4)?, "")?;
    let p = b.build_int_sub(p, div(from_1900, 100)?, "")?;
    let p = b.build_int_add(p, div(from_1600, 400)?, "")?;
    // Before 1970.
    let from_1972 = add(y, -2)?;
    let from_2000 = add(from_1972, -28)?;
    let n = b.build_int_add(days, div(from_1972, 4)?, "")?;
    let n = b.build_int_sub(n, div(from_2000, 100)?, "")?;
    let n = b.build_int_add(n, div(from_2000, 400)?, "")?;
    let neg = b.build_int_compare(IntPredicate::SLT, y, cx.i64(0), "")?;
    Ok(b.build_select(neg, n, p, "")?.into_int_value())
}

/// Whether year `1970 + y` is a leap year.
fn is_leap<'ctx>(cx: &FnCx<'_, 'ctx>, y: IntValue<'ctx>) -> R<IntValue<'ctx>> {
    let b = &cx.b;
    let year = b.build_int_add(y, cx.i64(1970), "")?;
    let m4 = b.build_int_compare(IntPredicate::EQ, b.build_and(year, cx.i64(3), "")?, cx.i64(0), "")?;
    let n100 = b.build_int_compare(IntPredicate::NE, b.build_int_signed_rem(year, cx.i64(100), "")?, cx.i64(0), "")?;
    let m400 = b.build_int_compare(IntPredicate::EQ, b.build_int_signed_rem(year, cx.i64(400), "")?, cx.i64(0), "")?;
    Ok(b.build_and(m4, b.build_or(n100, m400, "")?, "")?)
}

/// A date in years or months as days (or weeks) since 1970 (`reduce_datetime_for_unit`).
fn calendar_days<'ctx>(cx: &FnCx<'_, 'ctx>, v: IntValue<'ctx>, src: DtUnit, weeks: bool) -> R<IntValue<'ctx>> {
    let days = if src.name() == "Y" {
        year_to_days(cx, v)?
    } else {
        let (year, month) = floor_divmod(cx, v, 12)?;
        const ACC: [i64; 12] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
        let mut acc = cx.i64(0);
        for (m, d) in ACC.iter().enumerate().skip(1) {
            let at = cx.b.build_int_compare(IntPredicate::EQ, month, cx.i64(m as i64), "")?;
            acc = cx.b.build_select(at, cx.i64(*d), acc, "")?.into_int_value();
        }
        let late = cx.b.build_int_compare(IntPredicate::SGE, month, cx.i64(2), "")?;
        let extra = cx.b.build_and(late, is_leap(cx, year)?, "")?;
        let extra = cx.b.build_int_z_extend(extra, cx.ctx.i64_type(), "")?;
        let acc = cx.b.build_int_add(acc, extra, "")?;
        cx.b.build_int_add(year_to_days(cx, year)?, acc, "")?
    };
    if weeks {
        return Ok(floor_divmod(cx, days, 7)?.0);
    }
    Ok(days)
}

/// A datetime brought from unit `from` to `to` (`convert_datetime_for_arith`).
fn convert_dt<'ctx>(cx: &FnCx<'_, 'ctx>, v: IntValue<'ctx>, from: DtUnit, to: DtUnit) -> R<IntValue<'ctx>> {
    let Some(plan) = datetime_conversion(from, to) else {
        return cx.fail(format!("cannot convert datetime64 from {} to {}", from.name(), to.name()));
    };
    let v = match plan.calendar {
        Some((src, weeks)) => calendar_days(cx, v, src, weeks)?,
        None => v,
    };
    scale(cx, v, plan.factor)
}

fn units<'ctx>(cx: &FnCx<'_, 'ctx>, sig: &Signature) -> R<(DtUnit, DtUnit, DtUnit)> {
    let u = |t: Option<&Type>| t.and_then(unit);
    match (u(sig.args.first()), u(sig.args.get(1)), unit(&sig.return_type)) {
        (Some(a), Some(b), Some(r)) => Ok((a, b, r)),
        _ => cx.fail(format!("datetime operation ({}) -> {}", sig.args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", "), sig.return_type)),
    }
}

fn neg<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    let v = val(cx, vals, 0)?;
    Ok(cx.b.build_int_neg(v, "")?.into())
}

fn pos<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    Ok(val(cx, vals, 0)?.into())
}

/// `abs(t)`: negated when negative (NaT, the minimum, stays NaT).
fn abs<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    let v = val(cx, vals, 0)?;
    let neg = cx.b.build_int_compare(IntPredicate::SLT, v, cx.i64(0), "")?;
    let n = cx.b.build_int_neg(v, "")?;
    Ok(cx.b.build_select(neg, n, v, "")?)
}

fn isnat<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    let v = val(cx, vals, 0)?;
    Ok(is_nat(cx, v)?.into())
}

/// `np.int64(t)`, `int(t)`: the count itself (as a float for a float type).
fn to_number<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    let v = val(cx, vals, 0)?;
    cx.cast(v.into(), &Type::int64(), &sig.return_type)
}

fn td_binop<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>], add: bool) -> R<BV<'ctx>> {
    let (ua, ub, ur) = units(cx, sig)?;
    let (a, b) = (val(cx, vals, 0)?, val(cx, vals, 1)?);
    let (x, y) = (scale_td(cx, a, ua, ur)?, scale_td(cx, b, ub, ur)?);
    let r = if add { cx.b.build_int_add(x, y, "")? } else { cx.b.build_int_sub(x, y, "")? };
    or_nat(cx, &[a, b], r)
}

fn td_add<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    td_binop(cx, sig, vals, true)
}

fn td_sub<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    td_binop(cx, sig, vals, false)
}

/// A datetime (operand `d`) plus or minus a timedelta (operand `t`), in the result's unit.
fn dt_td<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>], d: usize, add: bool) -> R<BV<'ctx>> {
    let t = 1 - d;
    let (Some(ud), Some(ut), Some(ur)) = (unit(&sig.args[d]), unit(&sig.args[t]), unit(&sig.return_type)) else {
        return cx.fail("datetime and timedelta arithmetic");
    };
    let (dv, tv) = (val(cx, vals, d)?, val(cx, vals, t)?);
    let x = convert_dt(cx, dv, ud, ur)?;
    let y = scale_td(cx, tv, ut, ur)?;
    let r = if add { cx.b.build_int_add(x, y, "")? } else { cx.b.build_int_sub(x, y, "")? };
    or_nat(cx, &[dv, tv], r)
}

fn dt_plus_td<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    dt_td(cx, sig, vals, 0, true)
}

fn td_plus_dt<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    dt_td(cx, sig, vals, 1, true)
}

fn dt_minus_td<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    dt_td(cx, sig, vals, 0, false)
}

fn dt_minus_dt<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    let (ua, ub, ur) = units(cx, sig)?;
    let (a, b) = (val(cx, vals, 0)?, val(cx, vals, 1)?);
    let (x, y) = (convert_dt(cx, a, ua, ur)?, convert_dt(cx, b, ub, ur)?);
    let r = cx.b.build_int_sub(x, y, "")?;
    or_nat(cx, &[a, b], r)
}

/// A float result as a timedelta: NaN is NaT (`_cast_to_timedelta`).
fn float_to_td<'ctx>(cx: &FnCx<'_, 'ctx>, f: inkwell::values::FloatValue<'ctx>) -> R<IntValue<'ctx>> {
    let i = cx.b.build_float_to_signed_int(f, cx.ctx.i64_type(), "")?;
    let nan = cx.b.build_float_compare(FloatPredicate::UNO, f, f, "")?;
    Ok(cx.b.build_select(nan, nat(cx), i, "")?.into_int_value())
}

/// A timedelta times an `int64` or a float, either order (`_timedelta_times_number`).
fn td_times_number<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    let t = if is_datetime_like(&sig.args[0]) { 0 } else { 1 };
    let (Some(ut), Some(ur)) = (unit(&sig.args[t]), unit(&sig.return_type)) else { return cx.fail("timedelta multiplication") };
    let tv = val(cx, vals, t)?;
    let Some(n) = vals.get(1 - t).copied().flatten() else { return cx.fail("timedelta multiplication") };
    let from = &sig.args[1 - t];
    if matches!(from, Type::Array(_)) {
        return cx.fail(format!("a timedelta times {from}: Numba's lowering fails on it (LoweringError)"));
    }
    // Any integer factor, as an int64.
    let n = if n.is_int_value() { cx.cast(n, from, &Type::int64())? } else { n };
    let r = if n.is_float_value() {
        let x = cx.b.build_signed_int_to_float(tv, n.into_float_value().get_type(), "")?;
        float_to_td(cx, cx.b.build_float_mul(x, n.into_float_value(), "")?)?
    } else {
        cx.b.build_int_mul(tv, n.into_int_value(), "")?
    };
    let r = scale_td(cx, r, ut, ur)?;
    or_nat(cx, &[tv], r)
}

/// A timedelta over an `int64` or a float (`timedelta_over_number`, truncating for both `/`
/// and `//`): NaT when the divisor is zero or NaN.
fn td_over_number<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    let (Some(ut), Some(ur)) = (unit(&sig.args[0]), unit(&sig.return_type)) else { return cx.fail("timedelta division") };
    let tv = val(cx, vals, 0)?;
    let Some(mut n) = vals.get(1).copied().flatten() else { return cx.fail("timedelta division") };
    let mut from = sig.args.get(1).cloned().unwrap_or_else(Type::int64);
    // A 0-d array divisor (Numba converts it to its item).
    if let Type::Array(a) = &from {
        if a.ndim != 0 || numeric(&a.dtype).is_none() {
            return cx.fail(format!("a timedelta divided by {from}"));
        }
        let data = cx.field(n, 4)?.into_pointer_value();
        n = cx.load_element(data, &a.dtype)?;
        from = a.dtype.clone();
    }
    let b = &cx.b;
    let (r, bad) = if n.is_float_value() {
        let n = n.into_float_value();
        let x = b.build_signed_int_to_float(tv, n.get_type(), "")?;
        let r = float_to_td(cx, b.build_float_div(x, n, "")?)?;
        // Zero or NaN.
        let bad = b.build_float_compare(FloatPredicate::UEQ, n, n.get_type().const_zero(), "")?;
        (r, bad)
    } else {
        // Any integer divisor, as an int64.
        let n = cx.cast(n, &from, &Type::int64())?.into_int_value();
        let b = &cx.b;
        let zero = b.build_int_compare(IntPredicate::EQ, n, cx.i64(0), "")?;
        // Divide by 1 where the result is discarded, so no division traps.
        let minus1 = b.build_int_compare(IntPredicate::EQ, n, cx.i64(-1), "")?;
        let safe_n = b.build_select(b.build_or(zero, minus1, "")?, cx.i64(1), n, "")?.into_int_value();
        let q = b.build_int_signed_div(tv, safe_n, "")?;
        let q = b.build_select(minus1, b.build_int_neg(tv, "")?, q, "")?.into_int_value();
        (q, zero)
    };
    let r = scale_td(cx, r, ut, ur)?;
    let r = cx.b.build_select(bad, nat(cx), r, "")?.into_int_value();
    or_nat(cx, &[tv], r)
}

/// `t1 / t2` as a float64 in a common unit; NaN when either is NaT.
fn td_over_td<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    let (Some(ua), Some(ub)) = (unit(&sig.args[0]), unit(&sig.args[1])) else { return cx.fail("timedelta division") };
    let (a, b) = (val(cx, vals, 0)?, val(cx, vals, 1)?);
    let (x, y) = normalize(cx, a, b, ua, ub)?;
    let f64t = cx.ctx.f64_type();
    let q = cx.b.build_float_div(cx.b.build_signed_int_to_float(x, f64t, "")?, cx.b.build_signed_int_to_float(y, f64t, "")?, "")?;
    let bad = any_nat(cx, &[a, b])?;
    let r = cx.b.build_select(bad, f64t.const_float(f64::NAN), q, "")?;
    cx.cast(r, &Type::float64(), &sig.return_type)
}

/// `np.floor_divide(t1, t2)` as Numba's `timedelta_floor_div_timedelta` computes it: in a
/// common unit, `(a - 1) / b` when `a` is negative, `(a + 1) / b` when only `b` is, else
/// `a / b` (truncating); 0 for a zero divisor or a NaT.
fn td_floordiv_td<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    let (Some(ua), Some(ub)) = (unit(&sig.args[0]), unit(&sig.args[1])) else { return cx.fail("timedelta floor division") };
    let (a, b) = (val(cx, vals, 0)?, val(cx, vals, 1)?);
    let (x, y) = normalize(cx, a, b, ua, ub)?;
    let bd = &cx.b;
    let zero = bd.build_int_compare(IntPredicate::EQ, y, cx.i64(0), "")?;
    let xneg = bd.build_int_compare(IntPredicate::SLT, x, cx.i64(0), "")?;
    let yneg = bd.build_int_compare(IntPredicate::SLT, y, cx.i64(0), "")?;
    let top = bd.build_select(xneg, bd.build_int_sub(x, cx.i64(1), "")?, bd.build_select(yneg, bd.build_int_add(x, cx.i64(1), "")?, x, "")?.into_int_value(), "")?.into_int_value();
    // Divide by 1 where the result is discarded or where `/ -1` would trap.
    let minus1 = bd.build_int_compare(IntPredicate::EQ, y, cx.i64(-1), "")?;
    let safe = bd.build_select(bd.build_or(zero, minus1, "")?, cx.i64(1), y, "")?.into_int_value();
    let q = bd.build_int_signed_div(top, safe, "")?;
    let q = bd.build_select(minus1, bd.build_int_neg(top, "")?, q, "")?.into_int_value();
    let bad = bd.build_or(any_nat(cx, &[a, b])?, zero, "")?;
    let r = cx.b.build_select(bad, cx.i64(0), q, "")?;
    cx.cast(r, &Type::int64(), &sig.return_type)
}

fn compare_for(key: &str) -> Option<OpImpl> {
    Some(match key {
        "operator.eq" => eq,
        "operator.ne" => ne,
        "operator.lt" => lt,
        "operator.le" => le,
        "operator.gt" => gt,
        "operator.ge" => ge,
        _ => return None,
    })
}

/// Two datetimes (in the finer unit) or two timedeltas (normalized) compared; with a NaT only
/// `!=` holds.
fn compare<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>], p: IntPredicate) -> R<BV<'ctx>> {
    let (Some(ua), Some(ub)) = (sig.args.first().and_then(unit), sig.args.get(1).and_then(unit)) else {
        return cx.fail("datetime comparison");
    };
    let (a, b) = (val(cx, vals, 0)?, val(cx, vals, 1)?);
    let (x, y) = if matches!(sig.args[0], Type::NPDatetime(_)) {
        let u = best_unit(ua, ub);
        (convert_dt(cx, a, ua, u)?, convert_dt(cx, b, ub, u)?)
    } else {
        normalize(cx, a, b, ua, ub)?
    };
    let c = cx.b.build_int_compare(p, x, y, "")?;
    let bad = any_nat(cx, &[a, b])?;
    let on_nat = cx.ctx.bool_type().const_int(u64::from(p == IntPredicate::NE), false);
    let r = cx.b.build_select(bad, on_nat, c, "")?;
    cx.cast(r, &Type::boolean(), &sig.return_type)
}

macro_rules! comparisons {
    ($($name:ident => $p:expr),*) => {$(
        fn $name<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
            compare(cx, sig, vals, $p)
        }
    )*};
}
comparisons!(eq => IntPredicate::EQ, ne => IntPredicate::NE, lt => IntPredicate::SLT, le => IntPredicate::SLE, gt => IntPredicate::SGT, ge => IntPredicate::SGE);

/// `max(a, b, ...)`/`min(...)` as Numba's `max_vararg`: an item replaces the current one when
/// it compares greater (less), so a NaT first stays and a later NaT is skipped.
fn extreme<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>], greater: bool) -> R<BV<'ctx>> {
    let items: Vec<(BV<'ctx>, Type)> = if let [t] = &sig.args[..] {
        let Some(ts) = t.tuple_items() else { return cx.fail(format!("max/min of {t}")) };
        let Some(tv) = vals.first().copied().flatten() else { return cx.fail("max/min") };
        let sv = tv.into_struct_value();
        let mut out = Vec::new();
        for (i, it) in ts.iter().enumerate() {
            out.push((cx.b.build_extract_value(sv, i as u32, "")?, it.clone()));
        }
        out
    } else {
        sig.args.iter().enumerate().map(|(i, t)| Ok((vals.get(i).copied().flatten().ok_or(())?, t.clone()))).collect::<Result<_, ()>>().or_else(|_| cx.fail("max/min"))?
    };
    let Some((first, ft)) = items.first().cloned() else { return cx.fail("max/min of nothing") };
    let (mut cur, mut ct) = (first, ft);
    let key = if greater { "operator.gt" } else { "operator.lt" };
    for (v, t) in &items[1..] {
        let csig = Signature::new(Type::boolean(), vec![t.clone(), ct.clone()]);
        let Some(f) = lookup(key, &csig) else { return cx.fail(format!("comparing {t} and {ct}")) };
        let better = f(cx, &csig, &[Some(*v), Some(cur)])?.into_int_value();
        cur = cx.b.build_select(better, *v, cur, "")?;
        ct = t.clone();
    }
    cx.cast(cur, &ct, &sig.return_type)
}

/// `np.maximum`/`np.minimum` (a NaT wins) and `np.fmax`/`np.fmin` (a NaT loses) of two
/// datetimes or timedeltas, as Numba's `datetime_maximum_impl` and friends: the counts are
/// compared as they are, and the result has the loop's unit-less type.
fn extreme_elem<'ctx>(cx: &mut FnCx<'_, 'ctx>, name: &str, a: (IntValue<'ctx>, &Type), b: (IntValue<'ctx>, &Type)) -> R<(BV<'ctx>, Type)> {
    let types = vec![a.1.clone(), b.1.clone()];
    let ret = match numrs_typing::resolve_call(&format!("numpy.{name}"), &types, &[]) {
        Ok(Some(s)) => s.return_type,
        _ => return cx.fail(format!("numpy.{name} of ({}, {})", a.1, b.1)),
    };
    let (x, y) = (a.0, b.0);
    let is_max = name.ends_with("max") || name == "maximum";
    let p = if is_max { IntPredicate::SGE } else { IntPredicate::SLE };
    let pick = cx.b.build_int_compare(p, x, y, "")?;
    let res = cx.b.build_select(pick, x, y, "")?.into_int_value();
    let (xn, yn) = (cx.b.build_not(is_nat(cx, x)?, "")?, cx.b.build_not(is_nat(cx, y)?, "")?);
    let (u, v) = if name == "maximum" || name == "minimum" { (x, y) } else { (y, x) };
    let res = cx.b.build_select(xn, res, u, "")?.into_int_value();
    let res = cx.b.build_select(yn, res, v, "")?;
    Ok((res, ret))
}

/// `hash(t)`: the count, -1 made -2 (`ol_hash_npdatetime`).
fn hash<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    let v = val(cx, vals, 0)?;
    let m1 = cx.b.build_int_compare(IntPredicate::EQ, v, cx.i64(-1), "")?;
    let r = cx.b.build_select(m1, cx.i64(-2), v, "")?;
    cx.cast(r, &Type::int64(), &sig.return_type)
}

fn max<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    extreme(cx, sig, vals, true)
}

fn min<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BV<'ctx>>]) -> R<BV<'ctx>> {
    extreme(cx, sig, vals, false)
}

/// One element of ufunc `name` on datetime or timedelta operands: the scalar operation the
/// ufunc's loop performs (`np.isnat`, arithmetic, comparisons, `maximum`/`minimum`), typed by
/// the registry for the operands' own types.
pub(crate) fn ufunc_elem<'ctx>(cx: &mut FnCx<'_, 'ctx>, name: &str, args: &[(BV<'ctx>, Type)]) -> R<(BV<'ctx>, Type)> {
    if let ("maximum" | "minimum" | "fmax" | "fmin", [(a, at), (b, bt)]) = (name, args) {
        return extreme_elem(cx, name, (a.into_int_value(), at), (b.into_int_value(), bt));
    }
    // `isnan` is `isnat` for these loops, `isinf` never, `isfinite` unless NaT; `sign` of a
    // timedelta is 1, 0 or -1 of its unit (NaT, the minimum, is -1), as Numba's loops.
    if let ("isnan" | "isinf" | "isfinite" | "sign", [(a, at)]) = (name, args) {
        let v = a.into_int_value();
        let r: BV<'ctx> = match name {
            "isnan" => is_nat(cx, v)?.into(),
            "isinf" => cx.ctx.bool_type().const_zero().into(),
            "isfinite" => cx.b.build_not(is_nat(cx, v)?, "")?.into(),
            _ => {
                let pos = cx.b.build_int_compare(IntPredicate::SGT, v, cx.i64(0), "")?;
                let zero = cx.b.build_int_compare(IntPredicate::EQ, v, cx.i64(0), "")?;
                let s = cx.b.build_select(zero, cx.i64(0), cx.i64(-1), "")?.into_int_value();
                return Ok((cx.b.build_select(pos, cx.i64(1), s, "")?, at.clone()));
            }
        };
        return Ok((r, Type::boolean()));
    }
    let key = match name {
        "isnat" => "numpy.isnat",
        "add" => "operator.add",
        "subtract" => "operator.sub",
        "multiply" => "operator.mul",
        "divide" | "true_divide" => "operator.truediv",
        "floor_divide" => "operator.floordiv",
        "negative" => "operator.neg",
        "positive" => "operator.pos",
        "absolute" | "abs" => "builtins.abs",
        "equal" => "operator.eq",
        "not_equal" => "operator.ne",
        "less" => "operator.lt",
        "less_equal" => "operator.le",
        "greater" => "operator.gt",
        "greater_equal" => "operator.ge",
        _ => return cx.fail(format!("numpy.{name} of datetime64/timedelta64 values is not supported by numrs build yet")),
    };
    let types: Vec<Type> = args.iter().map(|(_, t)| t.clone()).collect();
    let sig = if key == "numpy.isnat" {
        Signature::new(Type::boolean(), types.clone())
    } else {
        match numrs_typing::resolve_call(key, &types, &[]) {
            Ok(Some(s)) => s,
            _ => return cx.fail(format!("numpy.{name} of ({}) is not supported by numrs build yet", types.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", "))),
        }
    };
    let mut vals = Vec::new();
    for ((v, t), formal) in args.iter().zip(&sig.args) {
        vals.push(Some(cx.cast(*v, t, formal)?));
    }
    let Some(f) = lookup(key, &sig) else { return cx.fail(format!("numpy.{name} of datetime64/timedelta64 values")) };
    Ok((f(cx, &sig, &vals)?, sig.return_type.clone()))
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `a.min()`/`a.max()` (also Python's `min(a)`/`max(a)`) and `a.sum()` of an array of
    /// datetimes or timedeltas, as Numba's `npy_min`/`npy_max` (a NaT is returned as soon as
    /// it is met) and `array_sum` (from a zero timedelta, NaT absorbing); `None` for other
    /// methods.
    pub(crate) fn datetime_array_method(&mut self, m: &str, recv: numrs_ir::VarId, a: &numrs_types::ArrayType, tt: &Type) -> R<Option<BV<'ctx>>> {
        let arr = self.load(recv)?;
        let nitems = self.field(arr, 2)?.into_int_value();
        let i64t = self.ctx.i64_type();
        match m {
            "min" | "max" | "builtin_min" | "builtin_max" => {
                let is_max = m.ends_with("max");
                let empty = self.b.build_int_compare(IntPredicate::EQ, nitems, self.i64(0), "")?;
                if m.starts_with("builtin_") {
                    self.guard(empty, numrs_abi::ExcKind::StopIteration, "")?;
                } else {
                    let what = if is_max { "maximum" } else { "minimum" };
                    self.guard(empty, numrs_abi::ExcKind::ValueError, &format!("zero-size array to reduction operation {what} which has no identity"))?;
                }
                let acc = self.temp(i64t.into())?;
                let p0 = self.flat_ptr(arr, a, self.i64(0))?;
                let x0 = self.load_element(p0, &a.dtype)?;
                self.b.build_store(acc, x0)?;
                let dtype = a.dtype.clone();
                self.counted_loop(nitems, |cx, i| {
                    let p = cx.flat_ptr(arr, a, i)?;
                    let x = cx.load_element(p, &dtype)?.into_int_value();
                    let cur = cx.b.build_load(i64t, acc, "")?.into_int_value();
                    let p = if is_max { IntPredicate::SGT } else { IntPredicate::SLT };
                    let better = cx.b.build_int_compare(p, x, cur, "")?;
                    let take = cx.b.build_and(cx.b.build_or(better, is_nat(cx, x)?, "")?, cx.b.build_not(is_nat(cx, cur)?, "")?, "")?;
                    let r = cx.b.build_select(take, x, cur, "")?;
                    cx.b.build_store(acc, r)?;
                    Ok(())
                })?;
                let r = self.b.build_load(i64t, acc, "")?;
                Ok(Some(self.cast(r, &a.dtype, tt)?))
            }
            "sum" | "mean" if matches!(a.dtype, Type::NPTimedelta(_)) => {
                let acc = self.temp(i64t.into())?;
                self.b.build_store(acc, self.i64(0))?;
                let dtype = a.dtype.clone();
                self.counted_loop(nitems, |cx, i| {
                    let p = cx.flat_ptr(arr, a, i)?;
                    let x = cx.load_element(p, &dtype)?.into_int_value();
                    let cur = cx.b.build_load(i64t, acc, "")?.into_int_value();
                    let s = cx.b.build_int_add(cur, x, "")?;
                    let r = or_nat(cx, &[cur, x], s)?;
                    cx.b.build_store(acc, r)?;
                    Ok(())
                })?;
                let r = self.b.build_load(i64t, acc, "")?.into_int_value();
                // `mean`: Numba's `_mean`, the sum over the size (a timedelta over an int:
                // truncated, NaT for an empty array).
                let r = if m == "mean" {
                    let sig = Signature::new(a.dtype.clone(), vec![a.dtype.clone(), Type::int64()]);
                    td_over_number(self, &sig, &[Some(r.into()), Some(nitems.into())])?.into_int_value()
                } else {
                    r
                };
                Ok(Some(self.cast(r.into(), &a.dtype, tt)?))
            }
            _ => Ok(None),
        }
    }
}
