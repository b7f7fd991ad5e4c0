//! `cmath`'s square root, trigonometric and hyperbolic functions of complex numbers, written
//! the way Numba's `cmathimpl.py` writes them: Python-level code (CPython's algorithms) that
//! Numba types like user code. So the arithmetic here follows Numba's typing step by step:
//! a `complex64` argument computes in `float32` until it meets a Python float constant
//! (`1.`, `0.5`, `LN_4`), which promotes to `float64`, and `complex(a, b)` is `complex64` only
//! when both parts are `float32`. Branches become selects; where a variable is assigned in
//! several branches, the select promotes as Numba's SSA phi unifies the types. Each internal
//! call (`cmath.cosh` inside `cmath.cos`, `cmath.sqrt` inside `cmath.acos`) casts its result
//! to that function's declared return type, as `compile_internal` does.

use inkwell::values::{BasicValueEnum, FloatValue, IntValue};
use inkwell::FloatPredicate;
use numrs_types::{NumericKind, Signature, Type};

use crate::func::{FnCx, R};
use crate::ops::libm;
use crate::types::numeric;

type F<'ctx> = FloatValue<'ctx>;

/// A complex value as two parts of one width.
#[derive(Clone, Copy)]
struct C<'ctx> {
    re: F<'ctx>,
    im: F<'ctx>,
}

/// `float32` limits as Numba's `mathimpl` takes them from NumPy.
const FLT_MAX: f64 = f32::MAX as f64;
const FLT_MIN: f64 = f32::MIN_POSITIVE as f64;

/// The arithmetic of Numba-typed floats.
struct Ar<'a, 'b, 'ctx> {
    cx: &'a FnCx<'b, 'ctx>,
}

impl<'a, 'b, 'ctx> Ar<'a, 'b, 'ctx> {
    fn is32(&self, x: F<'ctx>) -> bool {
        x.get_type() == self.cx.ctx.f32_type()
    }
    /// A Python float constant: always `float64`.
    fn k(&self, v: f64) -> F<'ctx> {
        self.cx.ctx.f64_type().const_float(v)
    }
    fn wide(&self, x: F<'ctx>) -> R<F<'ctx>> {
        if self.is32(x) {
            Ok(self.cx.b.build_float_ext(x, self.cx.ctx.f64_type(), "")?)
        } else {
            Ok(x)
        }
    }
    /// Both operands at their common width (`float32` only when both are).
    fn pair(&self, a: F<'ctx>, b: F<'ctx>) -> R<(F<'ctx>, F<'ctx>)> {
        if self.is32(a) == self.is32(b) {
            Ok((a, b))
        } else {
            Ok((self.wide(a)?, self.wide(b)?))
        }
    }
    fn add(&self, a: F<'ctx>, b: F<'ctx>) -> R<F<'ctx>> {
        let (a, b) = self.pair(a, b)?;
        Ok(self.cx.b.build_float_add(a, b, "")?)
    }
    fn sub(&self, a: F<'ctx>, b: F<'ctx>) -> R<F<'ctx>> {
        let (a, b) = self.pair(a, b)?;
        Ok(self.cx.b.build_float_sub(a, b, "")?)
    }
    fn mul(&self, a: F<'ctx>, b: F<'ctx>) -> R<F<'ctx>> {
        let (a, b) = self.pair(a, b)?;
        Ok(self.cx.b.build_float_mul(a, b, "")?)
    }
    fn div(&self, a: F<'ctx>, b: F<'ctx>) -> R<F<'ctx>> {
        let (a, b) = self.pair(a, b)?;
        Ok(self.cx.b.build_float_div(a, b, "")?)
    }
    fn neg(&self, a: F<'ctx>) -> R<F<'ctx>> {
        Ok(self.cx.b.build_float_neg(a, "")?)
    }
    fn cmp(&self, p: FloatPredicate, a: F<'ctx>, b: F<'ctx>) -> R<IntValue<'ctx>> {
        let (a, b) = self.pair(a, b)?;
        Ok(self.cx.b.build_float_compare(p, a, b, "")?)
    }
    fn or(&self, a: IntValue<'ctx>, b: IntValue<'ctx>) -> R<IntValue<'ctx>> {
        Ok(self.cx.b.build_or(a, b, "")?)
    }
    fn and(&self, a: IntValue<'ctx>, b: IntValue<'ctx>) -> R<IntValue<'ctx>> {
        Ok(self.cx.b.build_and(a, b, "")?)
    }
    /// `c ? a : b`, the two at their common width (an SSA phi of two types).
    fn sel(&self, c: IntValue<'ctx>, a: F<'ctx>, b: F<'ctx>) -> R<F<'ctx>> {
        let (a, b) = self.pair(a, b)?;
        Ok(self.cx.b.build_select(c, a, b, "")?.into_float_value())
    }
    fn csel(&self, c: IntValue<'ctx>, a: C<'ctx>, b: C<'ctx>) -> R<C<'ctx>> {
        let (a, b) = if self.is32(a.re) == self.is32(b.re) { (a, b) } else { (self.cwide(a)?, self.cwide(b)?) };
        Ok(C { re: self.sel(c, a.re, b.re)?, im: self.sel(c, a.im, b.im)? })
    }
    /// A `math` function: `float32` arguments call the `f` variant; mixed widths resolve to
    /// the `float64` signature.
    fn m(&self, name: &str, args: &[F<'ctx>]) -> R<F<'ctx>> {
        let all32 = args.iter().all(|a| self.is32(*a));
        let mut vals: Vec<BasicValueEnum<'ctx>> = Vec::with_capacity(args.len());
        for a in args {
            vals.push(if all32 { (*a).into() } else { self.wide(*a)?.into() });
        }
        let name = if all32 { format!("{name}f") } else { name.to_string() };
        Ok(libm(self.cx, &name, &vals)?.into_float_value())
    }
    fn abs(&self, a: F<'ctx>) -> R<F<'ctx>> {
        self.m("fabs", &[a])
    }
    fn isinf(&self, a: F<'ctx>) -> R<IntValue<'ctx>> {
        let inf = a.get_type().const_float(f64::INFINITY);
        self.cmp(FloatPredicate::OEQ, self.abs(a)?, inf)
    }
    fn isnan(&self, a: F<'ctx>) -> R<IntValue<'ctx>> {
        self.cmp(FloatPredicate::UNO, a, a)
    }
    /// `complex(a, b)`: `complex64` when both parts are `float32`, else `complex128`.
    fn complex(&self, a: F<'ctx>, b: F<'ctx>) -> R<C<'ctx>> {
        let (re, im) = self.pair(a, b)?;
        Ok(C { re, im })
    }
    fn cwide(&self, z: C<'ctx>) -> R<C<'ctx>> {
        Ok(C { re: self.wide(z.re)?, im: self.wide(z.im)? })
    }
    /// The cast to a declared return type: `complex64` (`to32`) or `complex128`.
    fn cast(&self, z: C<'ctx>, to32: bool) -> R<C<'ctx>> {
        if to32 && !self.is32(z.re) {
            let t = self.cx.ctx.f32_type();
            Ok(C { re: self.cx.b.build_float_trunc(z.re, t, "")?, im: self.cx.b.build_float_trunc(z.im, t, "")? })
        } else if !to32 {
            self.cwide(z)
        } else {
            Ok(z)
        }
    }
    fn neg_c(&self, z: C<'ctx>) -> R<C<'ctx>> {
        Ok(C { re: self.neg(z.re)?, im: self.neg(z.im)? })
    }
    /// `complex(-z.imag, z.real)`, i.e. `z * 1j`.
    fn times_j(&self, z: C<'ctx>) -> R<C<'ctx>> {
        self.complex(self.neg(z.im)?, z.re)
    }
    /// `complex(r.imag, -r.real)`, i.e. `r * -1j`.
    fn times_minus_j(&self, r: C<'ctx>) -> R<C<'ctx>> {
        self.complex(r.im, self.neg(r.re)?)
    }

    // The functions, each returning its value before the cast to its declared type.

    /// `sqrt_impl`: NumPy's `npy_csqrt`.
    fn sqrt(&self, z: C<'ctx>) -> R<C<'ctx>> {
        let (a, b) = (z.re, z.im);
        let max = if self.is32(a) { FLT_MAX } else { f64::MAX };
        let thres = self.k(max / (1.0 + std::f64::consts::SQRT_2));
        let zero = self.k(0.0);
        let big = self.or(self.cmp(FloatPredicate::OGE, self.abs(a)?, thres)?, self.cmp(FloatPredicate::OGE, self.abs(b)?, thres)?)?;
        let a2 = self.sel(big, self.mul(a, self.k(0.25))?, a)?;
        let b2 = self.sel(big, self.mul(b, self.k(0.25))?, b)?;
        let h = self.m("hypot", &[a2, b2])?;
        let half = self.k(0.5);
        let two = self.k(2.0);
        let t1 = self.m("sqrt", &[self.mul(self.add(a2, h)?, half)?])?;
        let pos = C { re: t1, im: self.div(b2, self.mul(two, t1)?)? };
        let t2 = self.m("sqrt", &[self.mul(self.add(self.neg(a2)?, h)?, half)?])?;
        let negv = C { re: self.div(self.abs(b2)?, self.mul(two, t2)?)?, im: self.m("copysign", &[t2, b2])? };
        let nonneg = self.cmp(FloatPredicate::OGE, a2, zero)?;
        let r = self.csel(nonneg, pos, negv)?;
        let mut out = self.csel(big, C { re: self.mul(r.re, two)?, im: r.im }, r)?;
        // The special cases, the last one first so that earlier ones take precedence.
        let bmb = self.sub(b, b)?;
        let ainf = C {
            re: self.sel(self.cmp(FloatPredicate::OLT, a, zero)?, self.abs(bmb)?, a)?,
            im: self.sel(self.cmp(FloatPredicate::OLT, a, zero)?, self.m("copysign", &[a, b])?, self.m("copysign", &[bmb, b])?)?,
        };
        out = self.csel(self.isinf(a)?, ainf, out)?;
        out = self.csel(self.isnan(a)?, self.complex(a, a)?, out)?;
        let first = self.or(
            self.and(self.cmp(FloatPredicate::OEQ, a, zero)?, self.cmp(FloatPredicate::OEQ, b, zero)?)?,
            self.isinf(b)?,
        )?;
        self.csel(first, self.complex(self.abs(b)?, b)?, out)
    }

    /// `cmath.cosh`.
    fn cosh(&self, z: C<'ctx>) -> R<C<'ctx>> {
        let (x, y) = (z.re, z.im);
        let zero = self.k(0.0);
        let (cy, sy) = (self.m("cos", &[y])?, self.m("sin", &[y])?);
        let keep = self.or(self.isnan(y)?, self.cmp(FloatPredicate::OEQ, y, zero)?)?;
        let real = self.sel(keep, self.abs(x)?, self.m("copysign", &[x, cy])?)?;
        let imag = self.sel(keep, y, self.m("copysign", &[x, sy])?)?;
        let imag = self.sel(self.cmp(FloatPredicate::OLT, x, zero)?, self.neg(imag)?, imag)?;
        let inf = self.complex(real, imag)?;
        let fin = self.complex(self.mul(cy, self.m("cosh", &[x])?)?, self.mul(sy, self.m("sinh", &[x])?)?)?;
        self.csel(self.isinf(x)?, inf, fin)
    }

    /// `cmath.sinh`.
    fn sinh(&self, z: C<'ctx>) -> R<C<'ctx>> {
        let (x, y) = (z.re, z.im);
        let zero = self.k(0.0);
        let (cy, sy) = (self.m("cos", &[y])?, self.m("sin", &[y])?);
        let real = self.sel(self.cmp(FloatPredicate::UNE, cy, zero)?, self.mul(cy, x)?, cy)?;
        let imag = self.sel(self.cmp(FloatPredicate::UNE, sy, zero)?, self.mul(sy, self.abs(x)?)?, sy)?;
        let ynan = self.isnan(y)?;
        let inf = self.complex(self.sel(ynan, x, real)?, self.sel(ynan, y, imag)?)?;
        let fin = self.complex(self.mul(cy, self.m("sinh", &[x])?)?, self.mul(sy, self.m("cosh", &[x])?)?)?;
        self.csel(self.isinf(x)?, inf, fin)
    }

    /// `cmath.tanh`: CPython's `c_tanh`.
    fn tanh(&self, z: C<'ctx>) -> R<C<'ctx>> {
        let (x, y) = (z.re, z.im);
        let one = self.k(1.0);
        let real = self.m("copysign", &[one, x])?;
        let imag = self.sel(self.isinf(y)?, self.k(0.0), self.m("copysign", &[self.k(0.0), self.m("sin", &[self.mul(self.k(2.0), y)?])?])?)?;
        let inf = self.complex(real, imag)?;
        let tx = self.m("tanh", &[x])?;
        let ty = self.m("tan", &[y])?;
        let cx = self.div(one, self.m("cosh", &[x])?)?;
        let txty = self.mul(tx, ty)?;
        let denom = self.add(one, self.mul(txty, txty)?)?;
        let re = self.div(self.mul(tx, self.add(one, self.mul(ty, ty)?)?)?, denom)?;
        let im = self.mul(self.mul(self.div(ty, denom)?, cx)?, cx)?;
        let fin = self.complex(re, im)?;
        self.csel(self.isinf(x)?, inf, fin)
    }

    /// Whether either part's magnitude exceeds `FLT_MAX / 4` (the large-argument branch of
    /// `acos`, `acosh` and `asinh`), with `log(hypot(re/2, im/2)) + ln 4` for it.
    fn large(&self, z: C<'ctx>) -> R<(IntValue<'ctx>, F<'ctx>)> {
        let thres = self.k(FLT_MAX / 4.0);
        let big = self.or(self.cmp(FloatPredicate::OGT, self.abs(z.re)?, thres)?, self.cmp(FloatPredicate::OGT, self.abs(z.im)?, thres)?)?;
        let half = self.k(0.5);
        let h = self.m("hypot", &[self.mul(z.re, half)?, self.mul(z.im, half)?])?;
        let l = self.add(self.m("log", &[h])?, self.k(4f64.ln()))?;
        Ok((big, l))
    }

    /// `cmath.acos`: CPython's `c_acos`.
    fn acos(&self, z: C<'ctx>) -> R<C<'ctx>> {
        let (big, l) = self.large(z)?;
        let large = self.complex(self.m("atan2", &[self.abs(z.im)?, z.re])?, self.m("copysign", &[l, self.neg(z.im)?])?)?;
        let one = self.k(1.0);
        let s1 = self.call("sqrt", self.complex(self.sub(one, z.re)?, self.neg(z.im)?)?)?;
        let s2 = self.call("sqrt", self.complex(self.add(one, z.re)?, z.im)?)?;
        let real = self.mul(self.k(2.0), self.m("atan2", &[s1.re, s2.re])?)?;
        let imag = self.m("asinh", &[self.sub(self.mul(s2.re, s1.im)?, self.mul(s2.im, s1.re)?)?])?;
        self.csel(big, large, self.complex(real, imag)?)
    }

    /// `cmath.acosh`: CPython's `c_acosh`.
    fn acosh(&self, z: C<'ctx>) -> R<C<'ctx>> {
        let (big, l) = self.large(z)?;
        let large = self.complex(l, self.m("atan2", &[z.im, z.re])?)?;
        let one = self.k(1.0);
        let s1 = self.call("sqrt", self.complex(self.sub(z.re, one)?, z.im)?)?;
        let s2 = self.call("sqrt", self.complex(self.add(z.re, one)?, z.im)?)?;
        let real = self.m("asinh", &[self.add(self.mul(s1.re, s2.re)?, self.mul(s1.im, s2.im)?)?])?;
        let imag = self.mul(self.k(2.0), self.m("atan2", &[s1.im, s2.re])?)?;
        self.csel(big, large, self.complex(real, imag)?)
    }

    /// `cmath.asinh`: CPython's `c_asinh`.
    fn asinh(&self, z: C<'ctx>) -> R<C<'ctx>> {
        let (big, l) = self.large(z)?;
        let large = self.complex(self.m("copysign", &[l, z.re])?, self.m("atan2", &[z.im, self.abs(z.re)?])?)?;
        let one = self.k(1.0);
        let s1 = self.call("sqrt", self.complex(self.add(one, z.im)?, self.neg(z.re)?)?)?;
        let s2 = self.call("sqrt", self.complex(self.sub(one, z.im)?, z.re)?)?;
        let real = self.m("asinh", &[self.sub(self.mul(s1.re, s2.im)?, self.mul(s2.re, s1.im)?)?])?;
        let imag = self.m("atan2", &[z.im, self.sub(self.mul(s1.re, s2.re)?, self.mul(s1.im, s2.im)?)?])?;
        self.csel(big, large, self.complex(real, imag)?)
    }

    /// `cmath.atanh`: CPython's `c_atanh`.
    fn atanh(&self, z0: C<'ctx>) -> R<C<'ctx>> {
        let zero = self.k(0.0);
        let negate = self.cmp(FloatPredicate::OLT, z0.re, zero)?;
        let z = self.csel(negate, self.neg_c(z0)?, z0)?;
        let ay = self.abs(z.im)?;
        let large_t = self.k((FLT_MAX / 4.0).sqrt());
        let small_t = self.k(FLT_MIN.sqrt());
        let half = self.k(0.5);
        // The large (or NaN) argument branch.
        let big = self.or(
            self.or(self.isnan(z.re)?, self.cmp(FloatPredicate::OGT, z.re, large_t)?)?,
            self.cmp(FloatPredicate::OGT, ay, large_t)?,
        )?;
        let h = self.m("hypot", &[self.mul(z.re, half)?, self.mul(z.im, half)?])?;
        let r_h = self.div(self.div(self.div(z.re, self.k(4.0))?, h)?, h)?;
        let r_h = self.sel(self.isinf(z.re)?, zero, r_h)?;
        let big_re = self.sel(self.isinf(z.im)?, self.m("copysign", &[zero, z.re])?, r_h)?;
        let big_im = self.neg(self.m("copysign", &[self.k(std::f64::consts::FRAC_PI_2), self.neg(z.im)?])?)?;
        // z.real == 1 and a tiny imaginary part.
        let one = self.cmp(FloatPredicate::OEQ, z.re, self.k(1.0))?;
        let near = self.and(one, self.cmp(FloatPredicate::OLT, ay, small_t)?)?;
        let ay0 = self.cmp(FloatPredicate::OEQ, ay, zero)?;
        let l = self.m("log", &[self.div(self.m("sqrt", &[ay])?, self.m("sqrt", &[self.m("hypot", &[ay, self.k(2.0)])?])?)?])?;
        let near_re = self.sel(ay0, self.k(f64::INFINITY), self.neg(l)?)?;
        let near_im = self.sel(ay0, z.im, self.m("copysign", &[self.div(self.m("atan2", &[self.k(2.0), self.neg(ay)?])?, self.k(2.0))?, z.im])?)?;
        // The general formula.
        let sqay = self.mul(ay, ay)?;
        let zr1 = self.sub(self.k(1.0), z.re)?;
        let q = self.div(self.mul(self.k(4.0), z.re)?, self.add(self.mul(zr1, zr1)?, sqay)?)?;
        let gen_re = self.mul(self.m("log1p", &[q])?, self.k(0.25))?;
        let t = self.sub(self.mul(zr1, self.add(self.k(1.0), z.re)?)?, sqay)?;
        let gen_im = self.mul(self.neg(self.m("atan2", &[self.mul(self.k(-2.0), z.im)?, t])?)?, half)?;
        let real = self.sel(big, big_re, self.sel(near, near_re, gen_re)?)?;
        let imag = self.sel(big, big_im, self.sel(near, near_im, gen_im)?)?;
        let imag = self.sel(self.isnan(z.im)?, self.k(f64::NAN), imag)?;
        let plain = self.complex(real, imag)?;
        let negated = self.complex(self.neg(real)?, self.neg(imag)?)?;
        self.csel(negate, negated, plain)
    }

    /// The function `name` of `z`, cast to its declared return type (`complex128` for `tanh`
    /// and `acosh`, whose `@overload`s return it for any argument; the argument's type for
    /// the others).
    fn call(&self, name: &str, z: C<'ctx>) -> R<C<'ctx>> {
        let z32 = self.is32(z.re);
        let (r, to32) = match name {
            "sqrt" => (self.sqrt(z)?, z32),
            "cosh" => (self.cosh(z)?, z32),
            "sinh" => (self.sinh(z)?, z32),
            "tanh" => (self.tanh(z)?, false),
            "acos" => (self.acos(z)?, z32),
            "acosh" => (self.acosh(z)?, false),
            "asinh" => (self.asinh(z)?, z32),
            "atanh" => (self.atanh(z)?, z32),
            "cos" => (self.call("cosh", self.times_j(z)?)?, z32),
            "sin" => (self.times_minus_j(self.call("sinh", self.times_j(z)?)?)?, z32),
            "tan" => (self.times_minus_j(self.call("tanh", self.times_j(z)?)?)?, z32),
            "asin" => (self.times_minus_j(self.call("asinh", self.times_j(z)?)?)?, z32),
            "atan" => {
                let r = self.call("atanh", self.times_j(z)?)?;
                let odd = self.and(self.isinf(z.re)?, self.isnan(z.im)?)?;
                (self.csel(odd, self.complex(r.im, r.re)?, self.times_minus_j(r)?)?, z32)
            }
            _ => return self.cx.fail(format!("cmath.{name} is not supported by numrs build yet")),
        };
        self.cast(r, to32)
    }
}

/// Lowers `cmath.<name>(z)` for a complex (or, for the concrete templates, real) argument.
fn lower<'ctx>(cx: &mut FnCx<'_, 'ctx>, name: &str, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let Some(v) = vals.first().copied().flatten() else { return cx.fail("cmath function without an argument") };
    let t = &sig.args[0];
    let k = match numeric(t) {
        Some(NumericKind::Complex64 | NumericKind::Float32) => NumericKind::Complex64,
        _ => NumericKind::Complex128,
    };
    let z = cx.cast(v, t, &Type::Number(k))?.into_struct_value();
    let z = C { re: cx.b.build_extract_value(z, 0, "re")?.into_float_value(), im: cx.b.build_extract_value(z, 1, "im")?.into_float_value() };
    let r = Ar { cx }.call(name, z)?;
    let rk = if r.re.get_type() == cx.ctx.f32_type() { NumericKind::Complex64 } else { NumericKind::Complex128 };
    let out = cx.complex(rk, r.re.into(), r.im.into())?;
    cx.cast(out, &Type::Number(rk), &sig.return_type)
}

macro_rules! cmath_fns {
    ($($f:ident),*) => {$(
        pub(crate) fn $f<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
            lower(cx, stringify!($f), sig, vals)
        }
    )*};
}

cmath_fns!(sqrt, cos, sin, tan, cosh, sinh, tanh, acos, asin, atan, acosh, asinh, atanh);
