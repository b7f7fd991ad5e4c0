//! `hash()` of numbers and tuples, as Numba's `numba/cpython/hashing.py` computes it (which is
//! CPython's: integers modulo 2**61 - 1 with their sign, floats by `_Py_HashDouble`, tuples by
//! the xxHash-based `tuplehash`; -1 is never a hash). Strings are not hashed here: their hash
//! is randomized per process.

use inkwell::values::{BasicValueEnum, FloatValue, IntValue};
use inkwell::{FloatPredicate, IntPredicate};
use numrs_abi::ExcKind;
use numrs_types::{NumericKind, Signature, Type};

use crate::func::{FnCx, R};
use crate::types::numeric;

/// `_PyHASH_MODULUS` (64-bit builds).
const MODULUS: u64 = (1 << 61) - 1;
/// `_PyHASH_INF`.
const HASH_INF: i64 = 314159;
const XXPRIME_1: u64 = 11400714785074694791;
const XXPRIME_2: u64 = 14029467366897019727;
const XXPRIME_5: u64 = 2870177450012600261;

pub(crate) fn hash<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (Some(t), Some(v)) = (sig.args.first(), vals.first().copied().flatten()) else {
        return cx.fail("hash() of a value without a run-time value");
    };
    let h = hash_value(cx, v, t)?;
    cx.cast(h.into(), &Type::int64(), &sig.return_type)
}

fn hash_value<'ctx>(cx: &FnCx<'_, 'ctx>, v: BasicValueEnum<'ctx>, t: &Type) -> R<IntValue<'ctx>> {
    if let Some(items) = t.tuple_items() {
        return tuple_hash(cx, v, &items);
    }
    // Strings (inside a tuple too): CPython's hash of the text, as the runtime computes it.
    if matches!(t, Type::Unicode) {
        return Ok(cx.str_op(numrs_abi::StrOp::Hash, &[v])?.into_int_value());
    }
    match numeric(t) {
        Some(k) if k.is_float() => float_hash(cx, cx.cast(v, t, &Type::float64())?.into_float_value()),
        Some(NumericKind::UInt64) => int_hash(cx, v.into_int_value(), false),
        Some(k) if !k.is_complex() => {
            let x = cx.cast(v, t, &Type::int64())?.into_int_value();
            int_hash(cx, x, true)
        }
        // Numba's `complex_hash`: hash(real) + 1000003 * hash(imag), wrapping.
        Some(k) if k.is_complex() => {
            let z = v.into_struct_value();
            let part = Type::Number(k.underlying_float());
            let re = cx.b.build_extract_value(z, 0, "")?;
            let im = cx.b.build_extract_value(z, 1, "")?;
            let hr = float_hash(cx, cx.cast(re, &part, &Type::float64())?.into_float_value())?;
            let hi = float_hash(cx, cx.cast(im, &part, &Type::float64())?.into_float_value())?;
            let combined = cx.b.build_int_add(hr, cx.b.build_int_mul(i64c(cx, 1_000_003), hi, "")?, "")?;
            not_minus_one(cx, combined)
        }
        _ => cx.fail(format!("hash() of {t} is not supported by numrs build yet")),
    }
}

fn i64c<'ctx>(cx: &FnCx<'_, 'ctx>, x: u64) -> IntValue<'ctx> {
    cx.ctx.i64_type().const_int(x, false)
}

/// Numba's `process_return`: -1 is reserved for errors, so it becomes -2.
fn not_minus_one<'ctx>(cx: &FnCx<'_, 'ctx>, h: IntValue<'ctx>) -> R<IntValue<'ctx>> {
    let is_m1 = cx.b.build_int_compare(IntPredicate::EQ, h, i64c(cx, u64::MAX), "")?;
    Ok(cx.b.build_select(is_m1, i64c(cx, (-2i64) as u64), h, "")?.into_int_value())
}

/// An integer's hash: its magnitude modulo 2**61 - 1, with its sign.
fn int_hash<'ctx>(cx: &FnCx<'_, 'ctx>, x: IntValue<'ctx>, signed: bool) -> R<IntValue<'ctx>> {
    let m = i64c(cx, MODULUS);
    if !signed {
        let r = cx.b.build_int_unsigned_rem(x, m, "")?;
        return not_minus_one(cx, r);
    }
    let neg = cx.b.build_int_compare(IntPredicate::SLT, x, i64c(cx, 0), "")?;
    let minus = cx.b.build_int_neg(x, "")?;
    // The magnitude as unsigned (2**63 for the most negative value).
    let mag = cx.b.build_select(neg, minus, x, "")?.into_int_value();
    let r = cx.b.build_int_unsigned_rem(mag, m, "")?;
    let nr = cx.b.build_int_neg(r, "")?;
    let h = cx.b.build_select(neg, nr, r, "")?.into_int_value();
    not_minus_one(cx, h)
}

/// CPython's `_Py_HashDouble` (Numba's port): integral values hash as the integer; infinities
/// as ±314159, NaN as random bits.
fn float_hash<'ctx>(cx: &FnCx<'_, 'ctx>, v: FloatValue<'ctx>) -> R<IntValue<'ctx>> {
    let f64t = cx.ctx.f64_type();
    let i64t = cx.ctx.i64_type();
    let i32t = cx.ctx.i32_type();
    let nan = cx.b.build_float_compare(FloatPredicate::UNO, v, v, "")?;
    let abs = crate::ops::intrinsic_call(cx, "llvm.fabs", &[v.into()])?.into_float_value();
    let inf = cx.b.build_float_compare(FloatPredicate::OEQ, abs, f64t.const_float(f64::INFINITY), "")?;
    let special = cx.b.build_or(nan, inf, "")?;
    // ±inf → ±314159.
    let pos = cx.b.build_float_compare(FloatPredicate::OGT, v, f64t.const_zero(), "")?;
    let signed = cx.b.build_select(pos, i64c(cx, HASH_INF as u64), i64c(cx, (-HASH_INF) as u64), "")?.into_int_value();
    let finite_bb = cx.new_block("hash_finite");
    let special_bb = cx.new_block("hash_special");
    let nan_bb = cx.new_block("hash_nan");
    let head = cx.new_block("hash_digits");
    let body = cx.new_block("hash_digit");
    let tail = cx.new_block("hash_exp");
    let done = cx.new_block("hash_done");
    cx.b.build_conditional_branch(special, special_bb, finite_bb)?;
    cx.b.position_at_end(special_bb);
    cx.b.build_conditional_branch(nan, nan_bb, done)?;
    // NaN: as Numba's `_Py_HashDouble`, 64 random bits of a state of its own
    // (`_prng_random_hash`), so that NaNs hash apart (Python hashes their addresses).
    cx.b.position_at_end(nan_bb);
    let nan_hash = if cx.flags.cuda {
        i64c(cx, 0)
    } else {
        let code = numrs_abi::RandomOp::PyBits as u64 | numrs_abi::RandomOp::INTERNAL_STATE as u64;
        let bits = cx.random_call(code, &[i64c(cx, 64)], 1)?[0];
        not_minus_one(cx, bits)?
    };
    let nan_end = cx.b.get_insert_block().unwrap_or(nan_bb);
    cx.b.build_unconditional_branch(done)?;
    cx.b.position_at_end(finite_bb);
    if cx.flags.cuda {
        return cx.fail("hash() of a float is not available in CUDA code built by numrs yet");
    }
    let frexp_t = cx.ctx.struct_type(&[f64t.into(), i32t.into()], false).fn_type(&[f64t.into()], false);
    let frexp = cx.module.get_function("llvm.frexp.f64.i32").unwrap_or_else(|| cx.module.add_function("llvm.frexp.f64.i32", frexp_t, None));
    let fr = cx.b.build_call(frexp, &[v.into()], "")?.try_as_basic_value();
    let inkwell::values::ValueKind::Basic(fr) = fr else { return cx.fail("internal error: frexp") };
    let fr = fr.into_struct_value();
    let m0 = cx.b.build_extract_value(fr, 0, "")?.into_float_value();
    let e0 = cx.b.build_extract_value(fr, 1, "")?.into_int_value();
    let e0 = cx.b.build_int_s_extend(e0, i64t, "")?;
    let negm = cx.b.build_float_compare(FloatPredicate::OLT, m0, f64t.const_zero(), "")?;
    let m0 = crate::ops::intrinsic_call(cx, "llvm.fabs", &[m0.into()])?.into_float_value();
    cx.b.build_unconditional_branch(head)?;
    // while m: x = rotl28(x) mod M; m *= 2**28; e -= 28; y = int(m); m -= y; x = (x + y) mod M
    cx.b.position_at_end(head);
    let m = cx.b.build_phi(f64t, "m")?;
    let e = cx.b.build_phi(i64t, "e")?;
    let x = cx.b.build_phi(i64t, "x")?;
    m.add_incoming(&[(&m0, finite_bb)]);
    e.add_incoming(&[(&e0, finite_bb)]);
    x.add_incoming(&[(&i64c(cx, 0), finite_bb)]);
    let (mv, ev, xv) = (m.as_basic_value().into_float_value(), e.as_basic_value().into_int_value(), x.as_basic_value().into_int_value());
    let more = cx.b.build_float_compare(FloatPredicate::UNE, mv, f64t.const_zero(), "")?;
    cx.b.build_conditional_branch(more, body, tail)?;
    cx.b.position_at_end(body);
    let shl = cx.b.build_left_shift(xv, i64c(cx, 28), "")?;
    let shl = cx.b.build_and(shl, i64c(cx, MODULUS), "")?;
    let shr = cx.b.build_right_shift(xv, i64c(cx, 61 - 28), false, "")?;
    let x1 = cx.b.build_or(shl, shr, "")?;
    let m1 = cx.b.build_float_mul(mv, f64t.const_float(268435456.0), "")?;
    let e1 = cx.b.build_int_sub(ev, i64c(cx, 28), "")?;
    let y = cx.b.build_float_to_unsigned_int(m1, i64t, "")?;
    let m2 = cx.b.build_float_sub(m1, cx.b.build_unsigned_int_to_float(y, f64t, "")?, "")?;
    let x2 = cx.b.build_int_add(x1, y, "")?;
    let over = cx.b.build_int_compare(IntPredicate::UGE, x2, i64c(cx, MODULUS), "")?;
    let x3 = cx.b.build_int_sub(x2, i64c(cx, MODULUS), "")?;
    let x2 = cx.b.build_select(over, x3, x2, "")?.into_int_value();
    m.add_incoming(&[(&m2, body)]);
    e.add_incoming(&[(&e1, body)]);
    x.add_incoming(&[(&x2, body)]);
    cx.b.build_unconditional_branch(head)?;
    // e = e % 61 (e >= 0) else 60 - ((-1 - e) % 61); x = rotl_e(x) mod M; sign; -1 → -2.
    cx.b.position_at_end(tail);
    let e_pos = cx.b.build_int_compare(IntPredicate::SGE, ev, i64c(cx, 0), "")?;
    let r_pos = cx.b.build_int_signed_rem(ev, i64c(cx, 61), "")?;
    let ne = cx.b.build_int_sub(i64c(cx, u64::MAX), ev, "")?;
    let r_neg = cx.b.build_int_sub(i64c(cx, 60), cx.b.build_int_signed_rem(ne, i64c(cx, 61), "")?, "")?;
    let ee = cx.b.build_select(e_pos, r_pos, r_neg, "")?.into_int_value();
    let shl = cx.b.build_left_shift(xv, ee, "")?;
    let shl = cx.b.build_and(shl, i64c(cx, MODULUS), "")?;
    let shr = cx.b.build_right_shift(xv, cx.b.build_int_sub(i64c(cx, 61), ee, "")?, false, "")?;
    let xr = cx.b.build_or(shl, shr, "")?;
    let xn = cx.b.build_int_neg(xr, "")?;
    let xs = cx.b.build_select(negm, xn, xr, "")?.into_int_value();
    let finite = not_minus_one(cx, xs)?;
    let tail_end = cx.b.get_insert_block().unwrap_or(tail);
    cx.b.build_unconditional_branch(done)?;
    // The special values, computed in the first block.
    cx.b.position_at_end(done);
    let h = cx.b.build_phi(i64t, "hash")?;
    h.add_incoming(&[(&finite, tail_end), (&signed, special_bb), (&nan_hash, nan_end)]);
    Ok(h.as_basic_value().into_int_value())
}

/// CPython's `tuplehash` (xxHash-based, 64-bit), each item hashed as above.
fn tuple_hash<'ctx>(cx: &FnCx<'_, 'ctx>, v: BasicValueEnum<'ctx>, items: &[Type]) -> R<IntValue<'ctx>> {
    let mut acc = i64c(cx, XXPRIME_5);
    for (i, it) in items.iter().enumerate() {
        let x = cx.b.build_extract_value(v.into_struct_value(), i as u32, "")?;
        let lane = hash_value(cx, x, it)?;
        let a = cx.b.build_int_add(acc, cx.b.build_int_mul(lane, i64c(cx, XXPRIME_2), "")?, "")?;
        let rot = cx.b.build_or(cx.b.build_left_shift(a, i64c(cx, 31), "")?, cx.b.build_right_shift(a, i64c(cx, 33), false, "")?, "")?;
        acc = cx.b.build_int_mul(rot, i64c(cx, XXPRIME_1), "")?;
    }
    let n = items.len() as u64;
    acc = cx.b.build_int_add(acc, i64c(cx, n ^ (XXPRIME_5 ^ 3527539)), "")?;
    let is_m1 = cx.b.build_int_compare(IntPredicate::EQ, acc, i64c(cx, u64::MAX), "")?;
    Ok(cx.b.build_select(is_m1, i64c(cx, 1546275796), acc, "")?.into_int_value())
}

/// `hash(x)` of a value Numba cannot hash (a list): its generic `hash()` raises TypeError at
/// run time.
pub(crate) fn unhashable<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, _vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let t = &sig.args[0];
    let always = cx.ctx.bool_type().const_all_ones();
    cx.guard(
        always,
        ExcKind::TypeError,
        &format!(
            "No __hash__ is defined for object of type '{t}' and a generic hash() cannot be performed as there is no suitable object represention in Numba compiled code!"
        ),
    )?;
    let rt = cx.vt(&sig.return_type)?;
    Ok(rt.const_zero())
}
