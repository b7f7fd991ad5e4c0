//! `cmath` functions of complex numbers, with the algorithms of Numba's `cmathimpl.py`
//! (the special cases of `exp`; `sqrt` and the trigonometric functions are in `ctrig`), so results agree bit for bit.

use inkwell::values::{BasicValue, BasicValueEnum, FloatValue, IntValue};
use inkwell::FloatPredicate;
use numrs_types::{NumericKind, Signature, Type};

use crate::func::{FnCx, R};
use crate::ops::{intrinsic_call, libm};
use crate::types::numeric;

struct Parts<'ctx> {
    re: FloatValue<'ctx>,
    im: FloatValue<'ctx>,
    f32: bool,
}

fn parts<'ctx>(cx: &FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<Parts<'ctx>> {
    let Some(v) = vals.first().copied().flatten() else { return cx.fail("cmath function without an argument") };
    let t = &sig.args[0];
    let k = numeric(t).unwrap_or(NumericKind::Complex128);
    let ck = match k {
        NumericKind::Complex64 | NumericKind::Float32 => NumericKind::Complex64,
        _ => NumericKind::Complex128,
    };
    let z = cx.cast(v, t, &Type::Number(ck))?.into_struct_value();
    Ok(Parts {
        re: cx.b.build_extract_value(z, 0, "re")?.into_float_value(),
        im: cx.b.build_extract_value(z, 1, "im")?.into_float_value(),
        f32: ck == NumericKind::Complex64,
    })
}

fn call<'ctx>(cx: &FnCx<'_, 'ctx>, p: &Parts<'ctx>, name: &str, args: &[FloatValue<'ctx>]) -> R<FloatValue<'ctx>> {
    let name = if p.f32 { format!("{name}f") } else { name.to_string() };
    let args: Vec<BasicValueEnum> = args.iter().map(|a| (*a).into()).collect();
    Ok(libm(cx, &name, &args)?.into_float_value())
}

fn complex_of<'ctx>(cx: &FnCx<'_, 'ctx>, p: &Parts<'ctx>, re: FloatValue<'ctx>, im: FloatValue<'ctx>, out: &Type) -> R<BasicValueEnum<'ctx>> {
    let k = if p.f32 { NumericKind::Complex64 } else { NumericKind::Complex128 };
    let z = cx.complex(k, re.into(), im.into())?;
    cx.cast(z, &Type::Number(k), out)
}

fn sel<'ctx>(cx: &FnCx<'_, 'ctx>, c: IntValue<'ctx>, a: FloatValue<'ctx>, b: FloatValue<'ctx>) -> R<FloatValue<'ctx>> {
    Ok(cx.b.build_select(c, a, b, "")?.into_float_value())
}

fn fabs<'ctx>(cx: &FnCx<'_, 'ctx>, x: FloatValue<'ctx>) -> R<FloatValue<'ctx>> {
    Ok(intrinsic_call(cx, "llvm.fabs", &[x.into()])?.into_float_value())
}

fn is_inf<'ctx>(cx: &FnCx<'_, 'ctx>, x: FloatValue<'ctx>) -> R<IntValue<'ctx>> {
    let a = fabs(cx, x)?;
    Ok(cx.b.build_float_compare(FloatPredicate::OEQ, a, x.get_type().const_float(f64::INFINITY), "")?)
}

fn is_nan<'ctx>(cx: &FnCx<'_, 'ctx>, x: FloatValue<'ctx>) -> R<IntValue<'ctx>> {
    Ok(cx.b.build_float_compare(FloatPredicate::UNO, x, x, "")?)
}

pub(crate) fn is_finite<'ctx>(cx: &FnCx<'_, 'ctx>, x: FloatValue<'ctx>) -> R<IntValue<'ctx>> {
    let a = fabs(cx, x)?;
    Ok(cx.b.build_float_compare(FloatPredicate::OLT, a, x.get_type().const_float(f64::INFINITY), "")?)
}

/// `cmath.phase(z)`: `atan2(z.imag, z.real)`.
pub(crate) fn phase<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let p = parts(cx, sig, vals)?;
    let r = call(cx, &p, "atan2", &[p.im, p.re])?;
    cx.cast(r.into(), &Type::Number(if p.f32 { NumericKind::Float32 } else { NumericKind::Float64 }), &sig.return_type)
}

/// `cmath.polar(z)`: `(hypot(re, im), atan2(im, re))`.
pub(crate) fn polar<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let p = parts(cx, sig, vals)?;
    let r = call(cx, &p, "hypot", &[p.re, p.im])?;
    let phi = call(cx, &p, "atan2", &[p.im, p.re])?;
    let ft = Type::Number(if p.f32 { NumericKind::Float32 } else { NumericKind::Float64 });
    let items = sig.return_type.tuple_items().unwrap_or_default();
    let (Some(a), Some(b)) = (items.first(), items.get(1)) else { return cx.fail("cmath.polar result") };
    let st = cx.vt(&sig.return_type)?.into_struct_type();
    let x = cx.cast(r.into(), &ft, a)?;
    let y = cx.cast(phi.into(), &ft, b)?;
    let agg = cx.b.build_insert_value(st.get_undef(), x, 0, "")?;
    let agg = cx.b.build_insert_value(agg, y, 1, "")?;
    Ok(agg.as_basic_value_enum())
}

/// `cmath.log(z)`: `log(hypot(re, im)) + atan2(im, re) j`.
pub(crate) fn log<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    if sig.args.len() == 2 {
        // Numba's `log_base`: `cmath.log(z) / cmath.log(base)`, the complex division raising
        // ZeroDivisionError for a base of 1.
        let one = |i: usize| Signature { args: vec![sig.args[i].clone()], return_type: sig.return_type.clone() };
        let lz = log(cx, &one(0), &vals[..1])?;
        let lb = log(cx, &one(1), &vals[1..2])?;
        let dsig = Signature { args: vec![sig.return_type.clone(), sig.return_type.clone()], return_type: sig.return_type.clone() };
        let Some(div) = crate::ops::lookup("operator.truediv", &dsig) else { return cx.fail("cmath.log(z, base): complex division") };
        return div(cx, &dsig, &[Some(lz), Some(lb)]);
    }
    let p = parts(cx, sig, vals)?;
    let h = call(cx, &p, "hypot", &[p.re, p.im])?;
    let a = call(cx, &p, "log", &[h])?;
    let b = call(cx, &p, "atan2", &[p.im, p.re])?;
    complex_of(cx, &p, a, b, &sig.return_type)
}

/// `cmath.exp(z)` with Numba's special cases for infinite and NaN parts.
pub(crate) fn exp<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let p = parts(cx, sig, vals)?;
    let (x, y) = (p.re, p.im);
    let ft = x.get_type();
    let nan = ft.const_float(f64::NAN);
    let zero = ft.const_zero();
    let c = call(cx, &p, "cos", &[y])?;
    let s = call(cx, &p, "sin", &[y])?;
    let r = call(cx, &p, "exp", &[x])?;
    let rc = cx.b.build_float_mul(r, c, "")?;
    let rs = cx.b.build_float_mul(r, s, "")?;
    let (xf, yf) = (is_finite(cx, x)?, is_finite(cx, y)?);
    // x == +inf, y finite: cos/sin times x where not zero.
    let c_nz = cx.b.build_float_compare(FloatPredicate::UNE, c, zero, "")?;
    let s_nz = cx.b.build_float_compare(FloatPredicate::UNE, s, zero, "")?;
    let cx_ = cx.b.build_float_mul(c, x, "")?;
    let sx = cx.b.build_float_mul(s, x, "")?;
    let pinf_re = sel(cx, c_nz, cx_, c)?;
    let pinf_im = sel(cx, s_nz, sx, s)?;
    let pinf_re = sel(cx, yf, pinf_re, x)?;
    let pinf_im = sel(cx, yf, pinf_im, nan)?;
    // x == -inf: exp(x) * (cos, sin) when y finite, else 0.
    let minf_re = sel(cx, yf, rc, zero)?;
    let minf_im = sel(cx, yf, rs, zero)?;
    let xpos = cx.b.build_float_compare(FloatPredicate::OGT, x, zero, "")?;
    let inf_re = sel(cx, xpos, pinf_re, minf_re)?;
    let inf_im = sel(cx, xpos, pinf_im, minf_im)?;
    // x NaN: (x, x) when y is truthy, else (x, y).
    let y_true = cx.b.build_float_compare(FloatPredicate::UNE, y, zero, "")?;
    let nan_im = sel(cx, y_true, x, y)?;
    let xnan = is_nan(cx, x)?;
    let nonfin_re = sel(cx, xnan, x, inf_re)?;
    let nonfin_im = sel(cx, xnan, nan_im, inf_im)?;
    // x finite: the formula, or (nan, nan) when y is not finite.
    let fin_re = sel(cx, yf, rc, nan)?;
    let fin_im = sel(cx, yf, rs, nan)?;
    let re = sel(cx, xf, fin_re, nonfin_re)?;
    let im = sel(cx, xf, fin_im, nonfin_im)?;
    complex_of(cx, &p, re, im, &sig.return_type)
}

/// `cmath.log10(z)`: `log(z)` divided by ln 10 part by part.
pub(crate) fn log10<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let p = parts(cx, sig, vals)?;
    let h = call(cx, &p, "hypot", &[p.re, p.im])?;
    let a = call(cx, &p, "log", &[h])?;
    let b = call(cx, &p, "atan2", &[p.im, p.re])?;
    let ln10 = a.get_type().const_float(2.302585092994045684);
    let a = cx.b.build_float_div(a, ln10, "")?;
    let b = cx.b.build_float_div(b, ln10, "")?;
    complex_of(cx, &p, a, b, &sig.return_type)
}

fn classify<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>], which: u8) -> R<BasicValueEnum<'ctx>> {
    let p = parts(cx, sig, vals)?;
    let r = match which {
        0 => cx.b.build_or(is_nan(cx, p.re)?, is_nan(cx, p.im)?, "")?,
        1 => cx.b.build_or(is_inf(cx, p.re)?, is_inf(cx, p.im)?, "")?,
        _ => cx.b.build_and(is_finite(cx, p.re)?, is_finite(cx, p.im)?, "")?,
    };
    cx.cast(r.into(), &Type::boolean(), &sig.return_type)
}

pub(crate) fn isnan<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    classify(cx, sig, vals, 0)
}
pub(crate) fn isinf<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    classify(cx, sig, vals, 1)
}
pub(crate) fn isfinite<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    classify(cx, sig, vals, 2)
}

/// `cmath.rect(r, phi)` of floats, with Numba's cases for infinite and NaN arguments.
pub(crate) fn rect<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (Some(r), Some(phi)) = (vals.first().copied().flatten(), vals.get(1).copied().flatten()) else { return cx.fail("cmath.rect arguments") };
    let r = cx.cast(r, &sig.args[0], &Type::float64())?.into_float_value();
    let phi = cx.cast(phi, &sig.args[1], &Type::float64())?.into_float_value();
    let p = Parts { re: r, im: phi, f32: false };
    let zero = r.get_type().const_zero();
    let c = call(cx, &p, "cos", &[phi])?;
    let s = call(cx, &p, "sin", &[phi])?;
    let rinf = is_inf(cx, r)?;
    let part = |cx: &FnCx<'_, 'ctx>, v: FloatValue<'ctx>| -> R<FloatValue<'ctx>> {
        let vz = cx.b.build_float_compare(FloatPredicate::OEQ, v, zero, "")?;
        let keep = cx.b.build_and(vz, rinf, "")?;
        let div = cx.b.build_float_div(v, r, "")?;
        let mul = cx.b.build_float_mul(v, r, "")?;
        sel(cx, keep, div, mul)
    };
    let mut re = part(cx, c)?;
    let mut im = part(cx, s)?;
    // phi not finite: rect(0, phi) = |0| + 0j; rect(inf, phi) = inf + phi j.
    let phi_nf = cx.b.build_not(is_finite(cx, phi)?, "")?;
    let rz = cx.b.build_float_compare(FloatPredicate::OEQ, r, zero, "")?;
    let inf_case = cx.b.build_and(phi_nf, rinf, "")?;
    re = sel(cx, inf_case, r, re)?;
    im = sel(cx, inf_case, phi, im)?;
    let zero_case = cx.b.build_and(phi_nf, rz, "")?;
    re = sel(cx, zero_case, fabs(cx, r)?, re)?;
    im = sel(cx, zero_case, zero, im)?;
    complex_of(cx, &p, re, im, &sig.return_type)
}

/// `a ** b` of complex numbers, as Numba's `complex_power_impl`: a square (`b == 2+0j`) is
/// `a * a`; anything else is `numba_cpow`, i.e. CPython's `_Py_c_pow` in double precision
/// (`0 ** b` with `b` negative or complex, which CPython reports as an error, gives NaN).
pub(crate) fn complex_pow<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let a = parts(cx, sig, vals)?;
    let bsig = Signature { args: sig.args[1..].to_vec().into(), ..sig.clone() };
    let b = parts(cx, &bsig, &vals[1..])?;
    let ft = a.re.get_type();
    let two = cx.b.build_float_compare(FloatPredicate::OEQ, b.re, ft.const_float(2.0), "")?;
    let imag0 = cx.b.build_float_compare(FloatPredicate::OEQ, b.im, ft.const_float(0.0), "")?;
    let square = cx.b.build_and(two, imag0, "")?;
    // The square.
    let sq_re = cx.b.build_float_sub(cx.b.build_float_mul(a.re, a.re, "")?, cx.b.build_float_mul(a.im, a.im, "")?, "")?;
    let sq_im = cx.b.build_float_add(cx.b.build_float_mul(a.re, a.im, "")?, cx.b.build_float_mul(a.im, a.re, "")?, "")?;
    // `_Py_c_pow` in double precision.
    let f64t = cx.ctx.f64_type();
    let wide = |x: FloatValue<'ctx>| -> R<FloatValue<'ctx>> { if a.f32 { Ok(cx.b.build_float_ext(x, f64t, "")?) } else { Ok(x) } };
    let (ar, ai, br, bi) = (wide(a.re)?, wide(a.im)?, wide(b.re)?, wide(b.im)?);
    let d = Parts { re: ar, im: ai, f32: false };
    let vabs = call(cx, &d, "hypot", &[ar, ai])?;
    let len = call(cx, &d, "pow", &[vabs, br])?;
    let at = call(cx, &d, "atan2", &[ai, ar])?;
    let phase = cx.b.build_float_mul(at, br, "")?;
    let bi_nz = cx.b.build_float_compare(FloatPredicate::UNE, bi, f64t.const_float(0.0), "")?;
    let e = call(cx, &d, "exp", &[cx.b.build_float_mul(at, bi, "")?])?;
    let len2 = sel(cx, bi_nz, cx.b.build_float_div(len, e, "")?, len)?;
    let lg = call(cx, &d, "log", &[vabs])?;
    let phase2 = sel(cx, bi_nz, cx.b.build_float_add(phase, cx.b.build_float_mul(bi, lg, "")?, "")?, phase)?;
    let re = cx.b.build_float_mul(len2, call(cx, &d, "cos", &[phase2])?, "")?;
    let im = cx.b.build_float_mul(len2, call(cx, &d, "sin", &[phase2])?, "")?;
    let zero = f64t.const_float(0.0);
    let b_zero = cx.b.build_and(
        cx.b.build_float_compare(FloatPredicate::OEQ, br, zero, "")?,
        cx.b.build_float_compare(FloatPredicate::OEQ, bi, zero, "")?,
        "",
    )?;
    let a_zero = cx.b.build_and(
        cx.b.build_float_compare(FloatPredicate::OEQ, ar, zero, "")?,
        cx.b.build_float_compare(FloatPredicate::OEQ, ai, zero, "")?,
        "",
    )?;
    let domain = cx.b.build_or(bi_nz, cx.b.build_float_compare(FloatPredicate::OLT, br, zero, "")?, "")?;
    let nan = f64t.const_float(f64::NAN);
    let zre = sel(cx, domain, nan, zero)?;
    let (re, im) = (sel(cx, a_zero, zre, re)?, sel(cx, a_zero, zre, im)?);
    let one = f64t.const_float(1.0);
    let (re, im) = (sel(cx, b_zero, one, re)?, sel(cx, b_zero, zero, im)?);
    let narrow = |x: FloatValue<'ctx>| -> R<FloatValue<'ctx>> { if a.f32 { Ok(cx.b.build_float_trunc(x, ft, "")?) } else { Ok(x) } };
    let (re, im) = (narrow(re)?, narrow(im)?);
    let re = sel(cx, square, sq_re, re)?;
    let im = sel(cx, square, sq_im, im)?;
    complex_of(cx, &a, re, im, &sig.return_type)
}
