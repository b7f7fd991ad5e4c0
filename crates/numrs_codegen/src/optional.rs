//! `OptionalType(T)` values, as Numba's `OptionalModel`: the value of `T` and a validity bit
//! (`{T data, i1 valid}`; in native storage `{storage(T), u8 valid}`, see
//! `numrs_abi::layout`). A `None` optional has `valid` 0 and a zeroed `data`.
//!
//! Casts follow Numba's `numba/core/optional.py`: `T → T?` wraps, `none → T?` is the invalid
//! value, `T? → U?` keeps `None` and casts the data otherwise, and `T? → U` raises
//! `TypeError("expected T, got None")` when the value is `None`. `x is None` and
//! `x is not None` read the validity bit.

use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicValue, BasicValueEnum, IntValue};
use numrs_abi::ExcKind;
use numrs_types::{Signature, Type};

use crate::func::{FnCx, R};
use crate::ops::OpImpl;

/// Whether values of `OptionalType(inner)` can be represented. A reference the inner value
/// holds must be a single pointer or an array (a `None` optional's zeroed data then holds a
/// null MemInfo, which reference counting skips).
pub fn supported_inner(inner: &Type) -> Result<(), String> {
    let counted = crate::arrays::needs_rc(inner) && !matches!(inner, Type::Unicode | Type::List { .. } | Type::ListType(_) | Type::Array(_) | Type::JitClassInstance(_));
    if counted || matches!(inner, Type::NoneType | Type::Optional(_)) || crate::types::is_phantom(inner) {
        return Err(format!("values of type OptionalType({inner}) are not supported by numrs build yet"));
    }
    Ok(())
}

fn parts<'ctx>(cx: &FnCx<'_, 'ctx>, v: BasicValueEnum<'ctx>) -> R<(BasicValueEnum<'ctx>, IntValue<'ctx>)> {
    let sv = v.into_struct_value();
    let data = cx.b.build_extract_value(sv, 0, "opt.data")?;
    let valid = cx.b.build_extract_value(sv, 1, "opt.valid")?.into_int_value();
    Ok((data, valid))
}

fn make<'ctx>(cx: &FnCx<'_, 'ctx>, opt: &Type, data: BasicValueEnum<'ctx>, valid: IntValue<'ctx>) -> R<BasicValueEnum<'ctx>> {
    let st = cx.vt(opt)?.into_struct_type();
    let agg = cx.b.build_insert_value(st.get_undef(), data, 0, "")?;
    let agg = cx.b.build_insert_value(agg, valid, 1, "")?;
    Ok(agg.as_basic_value_enum())
}

/// The `None` value of `opt` (an `OptionalType`).
fn none_of<'ctx>(cx: &FnCx<'_, 'ctx>, opt: &Type) -> R<BasicValueEnum<'ctx>> {
    Ok(cx.vt(opt)?.const_zero())
}

/// `context.cast(v, from, to)` where `from` or `to` is an `OptionalType`.
pub fn cast<'ctx>(cx: &FnCx<'_, 'ctx>, v: BasicValueEnum<'ctx>, from: &Type, to: &Type) -> R<BasicValueEnum<'ctx>> {
    match (from, to) {
        (Type::Optional(a), Type::Optional(b)) => {
            // None stays None; otherwise the data is cast (only on that path: a cast may
            // raise).
            let (data, valid) = parts(cx, v)?;
            let Some(from_bb) = cx.b.get_insert_block() else { return cx.fail("internal error: no insertion block") };
            let some_bb = cx.new_block("opt.some");
            let join_bb = cx.new_block("opt.join");
            cx.b.build_conditional_branch(valid, some_bb, join_bb)?;
            cx.b.position_at_end(some_bb);
            let x = cx.cast(data, a, b)?;
            let wrapped = make(cx, to, x, cx.ctx.bool_type().const_int(1, false))?;
            let Some(some_end) = cx.b.get_insert_block() else { return cx.fail("internal error: no insertion block") };
            cx.b.build_unconditional_branch(join_bb)?;
            cx.b.position_at_end(join_bb);
            let ot: BasicTypeEnum = cx.vt(to)?;
            let phi = cx.b.build_phi(ot, "opt")?;
            let none = none_of(cx, to)?;
            phi.add_incoming(&[(&none, from_bb), (&wrapped, some_end)]);
            Ok(phi.as_basic_value())
        }
        (Type::NoneType, Type::Optional(_)) => none_of(cx, to),
        (_, Type::Optional(inner)) => {
            supported_inner(inner).or_else(|m| cx.fail(m))?;
            let x = cx.cast(v, from, inner)?;
            make(cx, to, x, cx.ctx.bool_type().const_int(1, false))
        }
        (Type::Optional(inner), _) => {
            let (data, valid) = parts(cx, v)?;
            let invalid = cx.b.build_not(valid, "")?;
            cx.guard(invalid, ExcKind::TypeError, &format!("expected {inner}, got None"))?;
            cx.cast(data, inner, to)
        }
        _ => cx.fail(format!("converting {from} to {to} is not supported by numrs build yet")),
    }
}

/// `bool(v)` of an optional: as Numba, the value is cast to a boolean (raising on `None`).
pub fn truth<'ctx>(cx: &FnCx<'_, 'ctx>, v: BasicValueEnum<'ctx>, t: &Type) -> R<IntValue<'ctx>> {
    Ok(cast(cx, v, t, &Type::boolean())?.into_int_value())
}

/// Implementations of `is` / `is not` that involve `None` or optionals (Numba's
/// `optional_is_none`, `None is None`, and the generic `is` of two different types).
pub fn lookup(key: &str, sig: &Signature) -> Option<OpImpl> {
    let [a, b] = sig.args.as_slice() else { return None };
    // `x == None` / `x != None` of an optional value (Numba's `optional_is_none` through
    // `gen_non_eq`): whether it holds none.
    let opt_none = matches!((a, b), (Type::Optional(_), Type::NoneType) | (Type::NoneType, Type::Optional(_)));
    match key {
        "operator.eq" if opt_none => return Some(is_none),
        "operator.ne" if opt_none => return Some(is_not_none),
        _ => {}
    }
    let negate = match key {
        "operator.is_" => false,
        "operator.is_not" => true,
        _ => return None,
    };
    if opt_none {
        return Some(if negate { is_not_none } else { is_none });
    }
    if matches!((a, b), (Type::NoneType, Type::NoneType)) {
        return Some(if negate { const_false } else { const_true });
    }
    // Classes (`type(x) is np.float64`): the same class is the same object; a class is not
    // any value of another type (Numba's `generic_is`).
    if matches!(a, Type::NumberClass(_)) || matches!(b, Type::NumberClass(_)) {
        return Some(if (a == b) != negate { const_true } else { const_false });
    }
    // Values of different types are never the same object (Numba's `generic_is`).
    if a != b && (matches!(a, Type::NoneType | Type::Optional(_)) || matches!(b, Type::NoneType | Type::Optional(_))) {
        return Some(if negate { const_true } else { const_false });
    }
    let (ua, ub) = (a.unliteral(), b.unliteral());
    // A number against a value of another type (`1 is True`, `x is 1.0` of an int): never the
    // same object (Numba's `generic_is`, of the types the call was typed with, literals
    // dropped).
    let scalar = |t: &Type| crate::types::numeric(t).is_some() || *t == Type::Unicode;
    if ua != ub && (scalar(&ua) || scalar(&ub)) {
        return Some(if negate { const_true } else { const_false });
    }
    // Numbers of one type: `==` (Numba's `generic_is` of immutable values).
    if ua == ub && crate::types::numeric(&ua).is_some_and(|k| !k.is_complex()) {
        return Some(if negate { number_is_not } else { number_is });
    }
    // Strings: Numba's `generic_is` finds no lowered `==` for them (theirs is an overload),
    // so `is` is false, even of a string and itself.
    if ua == ub && ua == Type::Unicode {
        return Some(if negate { const_true } else { const_false });
    }
    // Arrays (Numba's `array_is`): of different types never; of one type, the same shape,
    // strides and data pointer.
    if matches!((&ua, &ub), (Type::Array(_), Type::Array(_))) {
        if ua != ub {
            return Some(if negate { const_true } else { const_false });
        }
        return Some(if negate { array_is_not } else { array_is });
    }
    // Lists, typed containers and jitclass instances: the same object.
    if ua == ub && matches!(ua, Type::List { .. } | Type::ListType(_) | Type::DictType(_) | Type::Set { .. } | Type::JitClassInstance(_)) {
        return Some(if negate { pointer_is_not } else { pointer_is });
    }
    None
}

fn number_is<'a, 'ctx>(cx: &mut FnCx<'a, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (Some(Some(x)), Some(Some(y))) = (vals.first().copied(), vals.get(1).copied()) else { return cx.fail("internal error: missing operand of `is`") };
    let t = sig.args[0].unliteral();
    let x = cx.cast(x, &sig.args[0], &t)?;
    let y = cx.cast(y, &sig.args[1], &t)?;
    Ok(if x.is_float_value() {
        cx.b.build_float_compare(inkwell::FloatPredicate::OEQ, x.into_float_value(), y.into_float_value(), "")?
    } else {
        cx.b.build_int_compare(inkwell::IntPredicate::EQ, x.into_int_value(), y.into_int_value(), "")?
    }
    .into())
}

fn number_is_not<'a, 'ctx>(cx: &mut FnCx<'a, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let v = number_is(cx, sig, vals)?.into_int_value();
    Ok(cx.b.build_not(v, "")?.into())
}

fn array_is<'a, 'ctx>(cx: &mut FnCx<'a, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (Some(Some(x)), Some(Some(y))) = (vals.first().copied(), vals.get(1).copied()) else { return cx.fail("internal error: missing operand of `is`") };
    let Type::Array(a) = &sig.args[0] else { return cx.fail("internal error: `is` of arrays") };
    let i64t = cx.ctx.i64_type();
    let px = cx.b.build_ptr_to_int(cx.field(x, 4)?.into_pointer_value(), i64t, "")?;
    let py = cx.b.build_ptr_to_int(cx.field(y, 4)?.into_pointer_value(), i64t, "")?;
    let mut same = cx.b.build_int_compare(inkwell::IntPredicate::EQ, px, py, "")?;
    for which in [5, 6] {
        for (p, q) in cx.dims(x, which, a.ndim)?.iter().zip(cx.dims(y, which, a.ndim)?) {
            let eq = cx.b.build_int_compare(inkwell::IntPredicate::EQ, *p, q, "")?;
            same = cx.b.build_and(same, eq, "")?;
        }
    }
    Ok(same.into())
}

fn array_is_not<'a, 'ctx>(cx: &mut FnCx<'a, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let v = array_is(cx, sig, vals)?.into_int_value();
    Ok(cx.b.build_not(v, "")?.into())
}

fn pointer_is<'a, 'ctx>(cx: &mut FnCx<'a, 'ctx>, _sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (Some(Some(x)), Some(Some(y))) = (vals.first().copied(), vals.get(1).copied()) else { return cx.fail("internal error: missing operand of `is`") };
    let i64t = cx.ctx.i64_type();
    let x = cx.b.build_ptr_to_int(x.into_pointer_value(), i64t, "")?;
    let y = cx.b.build_ptr_to_int(y.into_pointer_value(), i64t, "")?;
    Ok(cx.b.build_int_compare(inkwell::IntPredicate::EQ, x, y, "")?.into())
}

fn pointer_is_not<'a, 'ctx>(cx: &mut FnCx<'a, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let v = pointer_is(cx, sig, vals)?.into_int_value();
    Ok(cx.b.build_not(v, "")?.into())
}

fn optional_valid<'ctx>(cx: &FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<IntValue<'ctx>> {
    let i = if matches!(sig.args.first(), Some(Type::Optional(_))) { 0 } else { 1 };
    let Some(Some(v)) = vals.get(i).copied() else { return cx.fail("internal error: missing operand of `is`") };
    Ok(parts(cx, v)?.1)
}

fn is_none<'a, 'ctx>(cx: &mut FnCx<'a, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let valid = optional_valid(cx, sig, vals)?;
    Ok(cx.b.build_not(valid, "is_none")?.into())
}

fn is_not_none<'a, 'ctx>(cx: &mut FnCx<'a, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    Ok(optional_valid(cx, sig, vals)?.into())
}

fn const_true<'a, 'ctx>(cx: &mut FnCx<'a, 'ctx>, _sig: &Signature, _vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    Ok(cx.ctx.bool_type().const_int(1, false).into())
}

fn const_false<'a, 'ctx>(cx: &mut FnCx<'a, 'ctx>, _sig: &Signature, _vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    Ok(cx.ctx.bool_type().const_zero().into())
}
