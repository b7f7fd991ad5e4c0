//! Operations on tuples of numbers: concatenation, `in`, `sum`.

use inkwell::values::{BasicValue, BasicValueEnum};
use inkwell::{FloatPredicate, IntPredicate};
use numrs_types::{NumericKind, Signature, Type};

use crate::func::{FnCx, R};
use crate::types::numeric;

fn items_of<'ctx>(cx: &FnCx<'_, 'ctx>, v: BasicValueEnum<'ctx>, t: &Type) -> R<Vec<(BasicValueEnum<'ctx>, Type)>> {
    let Some(tys) = t.tuple_items() else { return cx.fail(format!("{t} is not a tuple")) };
    let sv = v.into_struct_value();
    let mut out = Vec::new();
    for (i, it) in tys.iter().enumerate() {
        out.push((cx.b.build_extract_value(sv, i as u32, "")?, it.clone()));
    }
    Ok(out)
}

fn operand<'ctx>(cx: &FnCx<'_, 'ctx>, vals: &[Option<BasicValueEnum<'ctx>>], i: usize, t: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
    match vals.get(i).copied().flatten() {
        Some(v) => Ok(Some(v)),
        None if crate::types::is_phantom(t) => Ok(None),
        None => cx.fail("internal error: missing operand"),
    }
}

/// `a + b` of tuples: the items of both, each keeping its type.
pub(crate) fn concat<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let mut items = Vec::new();
    for i in 0..2 {
        let t = &sig.args[i];
        if t.tuple_items().is_some_and(|x| x.is_empty()) {
            continue;
        }
        let Some(v) = operand(cx, vals, i, t)? else { continue };
        items.extend(items_of(cx, v, t)?);
    }
    let Some(out_tys) = sig.return_type.tuple_items() else { return cx.fail(format!("tuple + producing {}", sig.return_type)) };
    if out_tys.len() != items.len() {
        return cx.fail(format!("tuple + producing {}", sig.return_type));
    }
    let st = cx.vt(&sig.return_type)?.into_struct_type();
    let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
    for (k, ((v, t), ot)) in items.into_iter().zip(out_tys.iter()).enumerate() {
        let v = cx.cast(v, &t, ot)?;
        agg = cx.b.build_insert_value(agg, v, k as u32, "")?;
    }
    Ok(agg.as_basic_value_enum())
}

/// Numeric equality of two numbers of possibly different types (compared as Python does:
/// integers as integers, anything with a float as floats).
fn num_eq<'ctx>(cx: &FnCx<'_, 'ctx>, a: BasicValueEnum<'ctx>, at: &Type, b: BasicValueEnum<'ctx>, bt: &Type) -> R<inkwell::values::IntValue<'ctx>> {
    // Strings compare by their characters; a string never equals a number.
    match (crate::strings::is_str(at), crate::strings::is_str(bt)) {
        (true, true) => return Ok(cx.str_op(numrs_abi::StrOp::Equal, &[a, b])?.into_int_value()),
        (true, false) | (false, true) if numeric(at).is_some() || numeric(bt).is_some() => return Ok(cx.ctx.bool_type().const_zero()),
        _ => {}
    }
    let (Some(ka), Some(kb)) = (numeric(at), numeric(bt)) else { return cx.fail(format!("comparing {at} with {bt} is not supported by numrs build yet")) };
    if ka.is_complex() || kb.is_complex() {
        // Both parts equal, as complex128.
        let c = NumericKind::Complex128;
        let (x, y) = (cx.cast_number(a, ka, c)?.into_struct_value(), cx.cast_number(b, kb, c)?.into_struct_value());
        let mut same = cx.ctx.bool_type().const_int(1, false);
        for part in 0..2 {
            let p = cx.b.build_extract_value(x, part, "")?.into_float_value();
            let q = cx.b.build_extract_value(y, part, "")?.into_float_value();
            same = cx.b.build_and(same, cx.b.build_float_compare(FloatPredicate::OEQ, p, q, "")?, "")?;
        }
        return Ok(same);
    }
    if ka.is_float() || kb.is_float() {
        let x = cx.cast_number(a, ka, NumericKind::Float64)?.into_float_value();
        let y = cx.cast_number(b, kb, NumericKind::Float64)?.into_float_value();
        Ok(cx.b.build_float_compare(FloatPredicate::OEQ, x, y, "")?)
    } else {
        let x = cx.cast_number(a, ka, NumericKind::Int64)?.into_int_value();
        let y = cx.cast_number(b, kb, NumericKind::Int64)?.into_int_value();
        Ok(cx.b.build_int_compare(IntPredicate::EQ, x, y, "")?)
    }
}

/// `x in t` (`operator.contains(t, x)`).
pub(crate) fn contains<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let Some(t) = operand(cx, vals, 0, &sig.args[0])? else { return Ok(cx.ctx.bool_type().const_zero().into()) };
    let Some(x) = operand(cx, vals, 1, &sig.args[1])? else { return cx.fail("`in` with a value of no run-time type") };
    let mut found = cx.ctx.bool_type().const_zero();
    for (v, it) in items_of(cx, t, &sig.args[0])? {
        let eq = num_eq(cx, v, &it, x, &sig.args[1])?;
        found = cx.b.build_or(found, eq, "")?;
    }
    cx.cast(found.into(), &Type::boolean(), &sig.return_type)
}

/// `t.index(x)` (Numba's `tuple_index`): the first position holding an item equal to `x`;
/// ValueError when there is none.
pub(crate) fn index<'ctx>(cx: &mut FnCx<'_, 'ctx>, t: BasicValueEnum<'ctx>, tt: &Type, x: BasicValueEnum<'ctx>, xt: &Type, rt: &Type) -> R<BasicValueEnum<'ctx>> {
    let mut at = cx.i64(-1);
    let items = items_of(cx, t, tt)?;
    for (i, (v, it)) in items.into_iter().enumerate().rev() {
        let eq = num_eq(cx, v, &it, x, xt)?;
        at = cx.b.build_select(eq, cx.i64(i as i64), at, "")?.into_int_value();
    }
    let missing = cx.b.build_int_compare(inkwell::IntPredicate::SLT, at, cx.i64(0), "")?;
    cx.guard(missing, numrs_abi::ExcKind::ValueError, "tuple.index(x): x not in tuple")?;
    cx.cast(at.into(), &Type::int64(), rt)
}

/// `lst.count(x)` of a `LiteralList` (its items as a tuple): how many items equal `x`.
pub(crate) fn count<'ctx>(cx: &mut FnCx<'_, 'ctx>, t: BasicValueEnum<'ctx>, tt: &Type, x: BasicValueEnum<'ctx>, xt: &Type, rt: &Type) -> R<BasicValueEnum<'ctx>> {
    let mut n = cx.i64(0);
    for (v, it) in items_of(cx, t, tt)? {
        let eq = num_eq(cx, v, &it, x, xt)?;
        let one = cx.b.build_int_z_extend(eq, cx.ctx.i64_type(), "")?;
        n = cx.b.build_int_add(n, one, "")?;
    }
    cx.cast(n.into(), &Type::int64(), rt)
}

/// `sum(t)` (start 0): the items added in order in the result's type.
pub(crate) fn sum<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let rt = sig.return_type.clone();
    let Some(rk) = numeric(&rt) else { return cx.fail(format!("sum producing {rt}")) };
    let mut acc: BasicValueEnum = if rk.is_complex() {
        cx.vt(&rt)?.const_zero()
    } else if rk.is_float() {
        crate::types::number_type(cx.ctx, rk).into_float_type().const_zero().into()
    } else {
        cx.int_const(rk, 0).into()
    };
    if let Some(start) = sig.args.get(1) {
        if let Some(s) = operand(cx, vals, 1, start)? {
            acc = cx.cast(s, start, &rt)?;
        }
    }
    let Some(t) = operand(cx, vals, 0, &sig.args[0])? else { return Ok(acc) };
    for (v, it) in items_of(cx, t, &sig.args[0])? {
        let v = cx.cast(v, &it, &rt)?;
        acc = if rk.is_complex() {
            cx.ufunc_elem("add", &[(acc, rt.clone()), (v, rt.clone())], rk)?
        } else if rk.is_float() {
            cx.b.build_float_add(acc.into_float_value(), v.into_float_value(), "")?.into()
        } else {
            cx.b.build_int_add(acc.into_int_value(), v.into_int_value(), "")?.into()
        };
    }
    Ok(acc)
}

/// `a == b` of tuples: same length and every item equal.
pub(crate) fn eq<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let r = tuple_eq(cx, sig, vals)?;
    cx.cast(r.into(), &Type::boolean(), &sig.return_type)
}

/// `a != b` of tuples.
pub(crate) fn ne<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let r = tuple_eq(cx, sig, vals)?;
    let r = cx.b.build_not(r, "")?;
    cx.cast(r.into(), &Type::boolean(), &sig.return_type)
}

/// `a < b`, `a <= b`, `a > b`, `a >= b` of tuples (Numba's `tuple_cmp_ordered`): the first
/// pair of items that differ decides; when all are equal, the lengths do.
fn ordered<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>], op: fn(usize, usize) -> bool, fp: FloatPredicate, ip: IntPredicate) -> R<BasicValueEnum<'ctx>> {
    let (at, bt) = (&sig.args[0], &sig.args[1]);
    let (Some(an), Some(bn)) = (at.tuple_items().map(|x| x.len()), bt.tuple_items().map(|x| x.len())) else {
        return cx.fail(format!("comparing {at} with {bt} is not supported by numrs build yet"));
    };
    let mut res = cx.ctx.bool_type().const_int(u64::from(op(an, bn)), false);
    if an.min(bn) > 0 {
        let (Some(a), Some(b)) = (operand(cx, vals, 0, at)?, operand(cx, vals, 1, bt)?) else { return cx.fail("tuple without a value") };
        let pairs: Vec<_> = items_of(cx, a, at)?.into_iter().zip(items_of(cx, b, bt)?).collect();
        for ((x, xt), (y, yt)) in pairs.into_iter().rev() {
            let eq = num_eq(cx, x, &xt, y, &yt)?;
            let (Some(ka), Some(kb)) = (numeric(&xt), numeric(&yt)) else { return cx.fail(format!("comparing {at} with {bt}")) };
            let pred = if ka.is_float() || kb.is_float() {
                let x = cx.cast_number(x, ka, NumericKind::Float64)?.into_float_value();
                let y = cx.cast_number(y, kb, NumericKind::Float64)?.into_float_value();
                cx.b.build_float_compare(fp, x, y, "")?
            } else {
                let x = cx.cast_number(x, ka, NumericKind::Int64)?.into_int_value();
                let y = cx.cast_number(y, kb, NumericKind::Int64)?.into_int_value();
                cx.b.build_int_compare(ip, x, y, "")?
            };
            res = cx.b.build_select(eq, res, pred, "")?.into_int_value();
        }
    }
    cx.cast(res.into(), &Type::boolean(), &sig.return_type)
}

pub(crate) fn lt<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    ordered(cx, sig, vals, |a, b| a < b, FloatPredicate::OLT, IntPredicate::SLT)
}

pub(crate) fn le<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    ordered(cx, sig, vals, |a, b| a <= b, FloatPredicate::OLE, IntPredicate::SLE)
}

pub(crate) fn gt<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    ordered(cx, sig, vals, |a, b| a > b, FloatPredicate::OGT, IntPredicate::SGT)
}

pub(crate) fn ge<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    ordered(cx, sig, vals, |a, b| a >= b, FloatPredicate::OGE, IntPredicate::SGE)
}

fn tuple_eq<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<inkwell::values::IntValue<'ctx>> {
    let (at, bt) = (&sig.args[0], &sig.args[1]);
    let (Some(an), Some(bn)) = (at.tuple_items().map(|x| x.len()), bt.tuple_items().map(|x| x.len())) else {
        return cx.fail(format!("comparing {at} with {bt} is not supported by numrs build yet"));
    };
    if an != bn {
        return Ok(cx.ctx.bool_type().const_zero());
    }
    if an == 0 {
        return Ok(cx.ctx.bool_type().const_int(1, false));
    }
    let (Some(a), Some(b)) = (operand(cx, vals, 0, at)?, operand(cx, vals, 1, bt)?) else { return cx.fail("tuple without a value") };
    let mut all = cx.ctx.bool_type().const_int(1, false);
    for ((x, xt), (y, yt)) in items_of(cx, a, at)?.into_iter().zip(items_of(cx, b, bt)?) {
        let e = num_eq(cx, x, &xt, y, &yt)?;
        all = cx.b.build_and(all, e, "")?;
    }
    Ok(all)
}
