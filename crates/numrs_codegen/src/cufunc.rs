//! Ufunc kernels of complex loops (`F->F`, `DD->D`, `DD->?`, ...), as Numba's `ufunc_db`
//! maps them: `cmath`'s implementations for `exp`, `log`, `sqrt` and the trigonometric
//! functions, `npyfuncs`' own formulas for `sinh`, `cosh`, `tanh`, `arccosh`, `log1p`,
//! `expm1`, `reciprocal`, the lexicographic comparisons and `maximum`/`minimum`, and
//! NumPy 2's `sign` (`z / |z|`).

use inkwell::values::{BasicValueEnum, FloatValue, IntValue};
use inkwell::FloatPredicate;
use numrs_types::{NumericKind, Signature, Type};

use crate::func::{FnCx, R};
use crate::ops::{intrinsic_call, libm, lookup};
use crate::types::numeric;

type BV<'ctx> = BasicValueEnum<'ctx>;

/// The complex kind a loop computes in: the output's when it is complex, else the common
/// type of the inputs (comparisons, `isnan`, logical functions).
fn loop_kind(args: &[(BV<'_>, Type)], out: NumericKind) -> Option<NumericKind> {
    if out.is_complex() {
        return Some(out);
    }
    let mut k: Option<Type> = None;
    for (_, t) in args {
        k = Some(match k {
            None => t.clone(),
            Some(c) => numrs_types::unify_pairs(&c, t)?,
        });
    }
    numeric(&k?).filter(|k| k.is_complex())
}

struct Kernel<'a, 'b, 'ctx> {
    cx: &'a mut FnCx<'b, 'ctx>,
    k: NumericKind,
}

impl<'a, 'b, 'ctx> Kernel<'a, 'b, 'ctx> {
    fn ty(&self) -> Type {
        Type::Number(self.k)
    }
    fn parts(&self, z: BV<'ctx>) -> R<(FloatValue<'ctx>, FloatValue<'ctx>)> {
        let s = z.into_struct_value();
        Ok((
            self.cx.b.build_extract_value(s, 0, "")?.into_float_value(),
            self.cx.b.build_extract_value(s, 1, "")?.into_float_value(),
        ))
    }
    fn make(&self, re: FloatValue<'ctx>, im: FloatValue<'ctx>) -> R<BV<'ctx>> {
        self.cx.complex(self.k, re.into(), im.into())
    }
    fn fconst(&self, v: f64) -> FloatValue<'ctx> {
        let ft = if self.k == NumericKind::Complex64 { self.cx.ctx.f32_type() } else { self.cx.ctx.f64_type() };
        ft.const_float(v)
    }
    /// A real `math` function at the loop's float width.
    fn m(&self, name: &str, args: &[FloatValue<'ctx>]) -> R<FloatValue<'ctx>> {
        let name = if self.k == NumericKind::Complex64 { format!("{name}f") } else { name.to_string() };
        let vals: Vec<BV<'ctx>> = args.iter().map(|a| (*a).into()).collect();
        Ok(libm(self.cx, &name, &vals)?.into_float_value())
    }
    /// An implementation with the signature `(K, ...) -> K` (or `-> ret`).
    fn op(&mut self, key: &str, vals: &[BV<'ctx>], ret: Type) -> R<BV<'ctx>> {
        let sig = Signature { args: vec![self.ty(); vals.len()], return_type: ret };
        let Some(f) = lookup(key, &sig) else { return self.cx.fail(format!("{key} of {} in a ufunc kernel", self.ty())) };
        let vals: Vec<Option<BV<'ctx>>> = vals.iter().map(|v| Some(*v)).collect();
        f(self.cx, &sig, &vals)
    }
    fn unary(&mut self, key: &str, z: BV<'ctx>) -> R<BV<'ctx>> {
        self.op(key, &[z], self.ty())
    }
    fn binary(&mut self, key: &str, a: BV<'ctx>, b: BV<'ctx>) -> R<BV<'ctx>> {
        self.op(key, &[a, b], self.ty())
    }
    fn fcmp(&self, p: FloatPredicate, a: FloatValue<'ctx>, b: FloatValue<'ctx>) -> R<IntValue<'ctx>> {
        Ok(self.cx.b.build_float_compare(p, a, b, "")?)
    }
    fn isnan(&self, z: BV<'ctx>) -> R<IntValue<'ctx>> {
        let (re, im) = self.parts(z)?;
        self.fcmp(FloatPredicate::UNO, re, im)
    }
    /// Numba's `np_complex_{gt,ge,lt,le}_impl`: lexicographic, false where the imaginary
    /// parts are unordered and the real parts differ.
    fn order(&self, strict: FloatPredicate, weak: FloatPredicate, a: BV<'ctx>, b: BV<'ctx>) -> R<IntValue<'ctx>> {
        let ((xr, xi), (yr, yi)) = (self.parts(a)?, self.parts(b)?);
        let first = self.cx.b.build_and(self.fcmp(strict, xr, yr)?, self.fcmp(FloatPredicate::ORD, xi, yi)?, "")?;
        let second = self.cx.b.build_and(self.fcmp(FloatPredicate::OEQ, xr, yr)?, self.fcmp(weak, xi, yi)?, "")?;
        Ok(self.cx.b.build_or(first, second, "")?)
    }
    /// A part or both non-zero.
    fn truth(&self, z: BV<'ctx>) -> R<IntValue<'ctx>> {
        let (re, im) = self.parts(z)?;
        let zero = re.get_type().const_zero();
        Ok(self.cx.b.build_or(self.fcmp(FloatPredicate::UNE, re, zero)?, self.fcmp(FloatPredicate::UNE, im, zero)?, "")?)
    }
    fn scale(&self, z: BV<'ctx>, f: f64) -> R<BV<'ctx>> {
        let (re, im) = self.parts(z)?;
        let c = self.fconst(f);
        self.make(self.cx.b.build_float_mul(c, re, "")?, self.cx.b.build_float_mul(c, im, "")?)
    }

    /// The kernel `name` of complex values already cast to the loop type; None: not a
    /// complex loop Numba has.
    fn kernel(&mut self, name: &str, x: &[BV<'ctx>]) -> R<Option<BV<'ctx>>> {
        let b = &self.cx.b;
        let z = x[0];
        let r: BV<'ctx> = match name {
            "negative" => self.unary("operator.neg", z)?,
            "positive" => z,
            "square" => self.binary("operator.mul", z, z)?,
            "power" | "float_power" => self.binary("operator.pow", z, x[1])?,
            "exp" => self.unary("cmath.exp", z)?,
            "log" => self.unary("cmath.log", z)?,
            "exp2" => {
                let t = self.scale(z, std::f64::consts::LN_2)?;
                self.unary("cmath.exp", t)?
            }
            "log2" | "log10" => {
                let l = self.unary("cmath.log", z)?;
                self.scale(l, if name == "log2" { std::f64::consts::LOG2_E } else { std::f64::consts::LOG10_E })?
            }
            "sqrt" | "sin" | "cos" | "tan" | "arcsin" | "arccos" | "arctan" | "arcsinh" | "arctanh" => {
                let key = match name {
                    "arcsin" => "cmath.asin".to_string(),
                    "arccos" => "cmath.acos".to_string(),
                    "arctan" => "cmath.atan".to_string(),
                    "arcsinh" => "cmath.asinh".to_string(),
                    "arctanh" => "cmath.atanh".to_string(),
                    n => format!("cmath.{n}"),
                };
                self.unary(&key, z)?
            }
            "expm1" => {
                let (re, im) = self.parts(z)?;
                let a = self.m("exp", &[re])?;
                let c = self.m("cos", &[im])?;
                let s = self.m("sin", &[im])?;
                let real = b.build_float_add(b.build_float_mul(a, c, "")?, self.fconst(-1.0), "")?;
                self.make(real, b.build_float_mul(a, s, "")?)?
            }
            "log1p" => {
                let (re, im) = self.parts(z)?;
                let rp1 = b.build_float_add(re, self.fconst(1.0), "")?;
                let l = self.m("hypot", &[rp1, im])?;
                let imag = self.m("atan2", &[im, rp1])?;
                self.make(self.m("log", &[l])?, imag)?
            }
            "sinh" | "cosh" => {
                let (re, im) = self.parts(z)?;
                let (s, c) = (self.m("sin", &[im])?, self.m("cos", &[im])?);
                let (sh, ch) = (self.m("sinh", &[re])?, self.m("cosh", &[re])?);
                if name == "sinh" {
                    self.make(b.build_float_mul(c, sh, "")?, b.build_float_mul(s, ch, "")?)?
                } else {
                    self.make(b.build_float_mul(c, ch, "")?, b.build_float_mul(s, sh, "")?)?
                }
            }
            "tanh" => {
                let (re, im) = self.parts(z)?;
                let (si, ci) = (self.m("sin", &[im])?, self.m("cos", &[im])?);
                let (shr, chr) = (self.m("sinh", &[re])?, self.m("cosh", &[re])?);
                let rs = b.build_float_mul(ci, shr, "")?;
                let is = b.build_float_mul(si, chr, "")?;
                let rc = b.build_float_mul(ci, chr, "")?;
                let ic = b.build_float_mul(si, shr, "")?;
                let d = b.build_float_add(b.build_float_mul(rc, rc, "")?, b.build_float_mul(ic, ic, "")?, "")?;
                let inv_d = b.build_float_div(self.fconst(1.0), d, "")?;
                let numr = b.build_float_add(b.build_float_mul(rs, rc, "")?, b.build_float_mul(is, ic, "")?, "")?;
                let numi = b.build_float_sub(b.build_float_mul(is, rc, "")?, b.build_float_mul(rs, ic, "")?, "")?;
                self.make(b.build_float_mul(numr, inv_d, "")?, b.build_float_mul(numi, inv_d, "")?)?
            }
            "arccosh" => {
                let one = self.make(self.fconst(1.0), self.fconst(0.0))?;
                let p = self.binary("operator.add", z, one)?;
                let m = self.binary("operator.sub", z, one)?;
                let sp = self.unary("cmath.sqrt", p)?;
                let sm = self.unary("cmath.sqrt", m)?;
                let prod = self.binary("operator.mul", sp, sm)?;
                let arg = self.binary("operator.add", z, prod)?;
                self.unary("cmath.log", arg)?
            }
            "reciprocal" => {
                let (re, im) = self.parts(z)?;
                let one = self.fconst(1.0);
                let zero = self.fconst(0.0);
                let ar = intrinsic_call(self.cx, "llvm.fabs", &[re.into()])?.into_float_value();
                let ai = intrinsic_call(self.cx, "llvm.fabs", &[im.into()])?.into_float_value();
                let b = &self.cx.b;
                let real_big = self.fcmp(FloatPredicate::OLE, ai, ar)?;
                let r1 = b.build_float_div(im, re, "")?;
                let inv1 = b.build_float_div(one, b.build_float_add(re, b.build_float_mul(im, r1, "")?, "")?, "")?;
                let im1 = b.build_float_mul(b.build_float_sub(zero, r1, "")?, inv1, "")?;
                let r2 = b.build_float_div(re, im, "")?;
                let inv2 = b.build_float_div(one, b.build_float_add(b.build_float_mul(re, r2, "")?, im, "")?, "")?;
                let re2 = b.build_float_mul(r2, inv2, "")?;
                let im2 = b.build_float_sub(zero, inv2, "")?;
                let real = b.build_select(real_big, inv1, re2, "")?.into_float_value();
                let imag = b.build_select(real_big, im1, im2, "")?.into_float_value();
                self.make(real, imag)?
            }
            "rint" => {
                let (re, im) = self.parts(z)?;
                let r = intrinsic_call(self.cx, "llvm.rint", &[re.into()])?.into_float_value();
                let i = intrinsic_call(self.cx, "llvm.rint", &[im.into()])?.into_float_value();
                self.make(r, i)?
            }
            "sign" => {
                // NumPy 2: `z / hypot(z.real, z.imag)`, 0 when that is 0.
                let (re, im) = self.parts(z)?;
                let a = self.m("hypot", &[re, im])?;
                let zero = self.fconst(0.0);
                let is0 = self.fcmp(FloatPredicate::OEQ, a, zero)?;
                // The division never sees a zero divisor; a NaN one gives NaN.
                let safe = self.cx.b.build_select(is0, self.fconst(1.0), a, "")?.into_float_value();
                let d = self.make(safe, zero)?;
                let q = self.binary("operator.truediv", z, d)?;
                let z0 = self.make(zero, zero)?;
                self.cx.b.build_select(is0, z0, q, "")?
            }
            "equal" | "not_equal" => {
                let ((xr, xi), (yr, yi)) = (self.parts(z)?, self.parts(x[1])?);
                let r = if name == "equal" {
                    b.build_and(self.fcmp(FloatPredicate::OEQ, xr, yr)?, self.fcmp(FloatPredicate::OEQ, xi, yi)?, "")?
                } else {
                    b.build_or(self.fcmp(FloatPredicate::UNE, xr, yr)?, self.fcmp(FloatPredicate::UNE, xi, yi)?, "")?
                };
                r.into()
            }
            "less" => self.order(FloatPredicate::OLT, FloatPredicate::OLT, z, x[1])?.into(),
            "less_equal" => self.order(FloatPredicate::OLT, FloatPredicate::OLE, z, x[1])?.into(),
            "greater" => self.order(FloatPredicate::OGT, FloatPredicate::OGT, z, x[1])?.into(),
            "greater_equal" => self.order(FloatPredicate::OGT, FloatPredicate::OGE, z, x[1])?.into(),
            "logical_and" => b.build_and(self.truth(z)?, self.truth(x[1])?, "")?.into(),
            "logical_or" => b.build_or(self.truth(z)?, self.truth(x[1])?, "")?.into(),
            "logical_xor" => b.build_xor(self.truth(z)?, self.truth(x[1])?, "")?.into(),
            "logical_not" => b.build_not(self.truth(z)?, "")?.into(),
            "isnan" => self.isnan(z)?.into(),
            "isinf" | "isfinite" => {
                let (re, im) = self.parts(z)?;
                let inf = re.get_type().const_float(f64::INFINITY);
                let ar = intrinsic_call(self.cx, "llvm.fabs", &[re.into()])?.into_float_value();
                let ai = intrinsic_call(self.cx, "llvm.fabs", &[im.into()])?.into_float_value();
                let b = &self.cx.b;
                if name == "isinf" {
                    b.build_or(self.fcmp(FloatPredicate::OEQ, ar, inf)?, self.fcmp(FloatPredicate::OEQ, ai, inf)?, "")?.into()
                } else {
                    b.build_and(self.fcmp(FloatPredicate::OLT, ar, inf)?, self.fcmp(FloatPredicate::OLT, ai, inf)?, "")?.into()
                }
            }
            "maximum" | "minimum" | "fmax" | "fmin" => {
                let (a, c) = (z, x[1]);
                let (an, cn) = (self.isnan(a)?, self.isnan(c)?);
                let any = self.cx.b.build_or(an, cn, "")?;
                // maximum/minimum keep the first NaN argument; fmax/fmin the other one.
                let nan_result = if name.starts_with('f') {
                    self.cx.b.build_select(cn, a, c, "")?
                } else {
                    self.cx.b.build_select(an, a, c, "")?
                };
                let keep = if name.ends_with("max") || name == "maximum" {
                    self.order(FloatPredicate::OGT, FloatPredicate::OGE, a, c)?
                } else {
                    self.order(FloatPredicate::OLT, FloatPredicate::OLE, a, c)?
                };
                let plain = self.cx.b.build_select(keep, a, c, "")?;
                self.cx.b.build_select(any, nan_result, plain, "")?
            }
            _ => return Ok(None),
        };
        Ok(Some(r))
    }
}

/// The complex loop of ufunc `name`, or None when the arguments are not complex or Numba has
/// no complex loop for it (the caller reports that).
pub(crate) fn complex_ufunc<'ctx>(cx: &mut FnCx<'_, 'ctx>, name: &str, args: &[(BV<'ctx>, Type)], out: NumericKind) -> R<Option<BV<'ctx>>> {
    if !args.iter().any(|(_, t)| numeric(t).is_some_and(|k| k.is_complex())) {
        return Ok(None);
    }
    let Some(k) = loop_kind(args, out) else { return Ok(None) };
    let lt = Type::Number(k);
    let mut x = Vec::with_capacity(args.len());
    for (v, t) in args {
        x.push(cx.cast(*v, t, &lt)?);
    }
    let r = Kernel { cx: &mut *cx, k }.kernel(name, &x)?;
    let Some(r) = r else { return Ok(None) };
    let rt = if r.is_struct_value() { lt } else { Type::boolean() };
    cx.cast(r, &rt, &Type::Number(out)).map(Some)
}
