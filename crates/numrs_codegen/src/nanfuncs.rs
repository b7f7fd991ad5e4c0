//! NumPy's NaN-ignoring reductions over whole arrays, as Numba implements them
//! (`numba/np/arraymath.py`): `nanmin`/`nanmax` (`nan_min_max_factory`), `nansum`/`nanprod`
//! (accumulating in `intp` for integer arrays, else in the dtype), `nanmean`/`nanvar`/`nanstd`
//! (accumulating in float64, `np.divide` semantics for an all-NaN array) and
//! `nanargmin`/`nanargmax` (the first extreme among the non-NaN items; ValueError when there
//! is none). Items are visited in C order, as `np.nditer` visits them.

use inkwell::values::{BasicValueEnum, FloatValue, IntValue};
use inkwell::{FloatPredicate, IntPredicate};
use numrs_abi::ExcKind;
use numrs_ir::VarId;
use numrs_types::{NumericKind, Type};

use crate::func::{FnCx, R};
use crate::types::numeric;

type BV<'ctx> = BasicValueEnum<'ctx>;

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `np.<name>(a)` for the NaN-ignoring reductions; `None` for other names.
    pub(crate) fn nan_reduction(&mut self, name: &str, av: VarId, ddof: Option<VarId>, tt: &Type) -> R<Option<BV<'ctx>>> {
        if !matches!(name, "nanmin" | "nanmax" | "nansum" | "nanprod" | "nanmean" | "nanvar" | "nanstd" | "nanargmin" | "nanargmax") {
            return Ok(None);
        }
        let (arr, a) = self.arr(av)?;
        if numeric(&a.dtype).is_some_and(|k| k.is_complex()) && matches!(name, "nansum" | "nanprod" | "nanmean" | "nanvar" | "nanstd") {
            return self.complex_nan_reduction(name, arr, &a, ddof, tt).map(Some);
        }
        if numeric(&a.dtype).is_some_and(|k| k.is_complex()) && matches!(name, "nanmin" | "nanmax") {
            return self.complex_nan_min_max(name == "nanmin", arr, &a, tt).map(Some);
        }
        let Some(ek) = numeric(&a.dtype).filter(|k| !k.is_complex()) else {
            return self.fail(format!("np.{name} of arrays of {} is not supported by numrs build yet", a.dtype));
        };
        let dt = a.dtype.clone();
        let n = self.field(arr, 2)?.into_int_value();
        let isnan = |cx: &Self, x: BV<'ctx>| -> R<IntValue<'ctx>> {
            Ok(if ek.is_float() {
                cx.b.build_float_compare(FloatPredicate::UNO, x.into_float_value(), x.into_float_value(), "")?
            } else {
                cx.ctx.bool_type().const_zero()
            })
        };
        let v = match name {
            "nanmin" | "nanmax" => {
                let empty = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(0), "")?;
                self.guard(empty, ExcKind::ValueError, "zero-size array to reduction operation not possible")?;
                let best = self.temp(self.vt(&dt)?)?;
                let x0 = self.elem_at(arr, &a, self.i64(0))?;
                self.b.build_store(best, x0)?;
                let op = if name == "nanmin" { "operator.lt" } else { "operator.gt" };
                self.counted_loop(n, |cx, i| {
                    let x = cx.elem_at(arr, &a, i)?;
                    let b = cx.b.build_load(cx.vt(&dt)?, best, "")?;
                    // `if not isnan(v): if not op(best, v): best = v`
                    let (keep, kt) = cx.binary(op, b, &dt, x, &dt)?;
                    let keep = cx.truth(keep, &kt)?;
                    let nan = isnan(cx, x)?;
                    let stay = cx.b.build_or(nan, keep, "")?;
                    let nb = cx.b.build_select(stay, b, x, "")?;
                    cx.b.build_store(best, nb)?;
                    Ok(())
                })?;
                let r = self.b.build_load(self.vt(&dt)?, best, "")?;
                self.cast(r, &dt, tt)?
            }
            "nansum" | "nanprod" => {
                let acc_t = if ek.is_float() { dt.clone() } else { Type::int64() };
                let acc = self.temp(self.vt(&acc_t)?)?;
                let init = if name == "nansum" { 0 } else { 1 };
                let init = self.cast(self.i64(init).into(), &Type::int64(), &acc_t)?;
                self.b.build_store(acc, init)?;
                let op = if name == "nansum" { "operator.add" } else { "operator.mul" };
                self.counted_loop(n, |cx, i| {
                    let x = cx.nditer_elem_at(arr, &a, i)?;
                    let c = cx.b.build_load(cx.vt(&acc_t)?, acc, "")?;
                    let (s, st) = cx.binary(op, c, &acc_t, x, &dt)?;
                    let s = cx.cast(s, &st, &acc_t)?;
                    let nan = isnan(cx, x)?;
                    let nc = cx.b.build_select(nan, c, s, "")?;
                    cx.b.build_store(acc, nc)?;
                    Ok(())
                })?;
                let r = self.b.build_load(self.vt(&acc_t)?, acc, "")?;
                self.cast(r, &acc_t, tt)?
            }
            "nanmean" => {
                let m = self.nan_mean(arr, &a, ek)?;
                self.cast(m.into(), &Type::float64(), tt)?
            }
            "nanvar" | "nanstd" => {
                let f64t = self.ctx.f64_type();
                let m = self.nan_mean(arr, &a, ek)?;
                let (s, c) = self.nan_accumulate(arr, &a, ek, &|cx, x| {
                    let d = cx.b.build_float_sub(x, m, "")?;
                    Ok(cx.b.build_float_mul(d, d, "")?)
                })?;
                // `count <= ddof`: NaN; else `ssd / (count - ddof)`.
                let ddof = self.opt_int(ddof)?.unwrap_or(self.i64(0));
                let none = self.b.build_int_compare(IntPredicate::SLE, c, ddof, "")?;
                let dof = self.b.build_int_sub(c, ddof, "")?;
                let var = self.b.build_float_div(s, self.b.build_signed_int_to_float(dof, f64t, "")?, "")?;
                let var = self.b.build_select(none, f64t.const_float(f64::NAN), var, "")?;
                let r = if name == "nanstd" { crate::ops::intrinsic_call(self, "llvm.sqrt", &[var])? } else { var };
                self.cast(r, &Type::float64(), tt)?
            }
            _ => {
                // nanargmin / nanargmax
                let empty = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(0), "")?;
                self.guard(empty, ExcKind::ValueError, &format!("attempt to get {} of an empty sequence", &name[3..]))?;
                let best = self.temp(self.vt(&dt)?)?;
                let bi = self.temp(self.ctx.i64_type().into())?;
                self.b.build_store(best, self.vt(&dt)?.const_zero())?;
                self.b.build_store(bi, self.i64(-1))?;
                let op = if name == "nanargmin" { "operator.lt" } else { "operator.gt" };
                self.counted_loop(n, |cx, i| {
                    let x = cx.elem_at(arr, &a, i)?;
                    let b = cx.b.build_load(cx.vt(&dt)?, best, "")?;
                    let (better, bt) = cx.binary(op, x, &dt, b, &dt)?;
                    let better = cx.truth(better, &bt)?;
                    let old = cx.b.build_load(cx.ctx.i64_type(), bi, "")?.into_int_value();
                    let first = cx.b.build_int_compare(IntPredicate::SLT, old, cx.i64(0), "")?;
                    let nan = isnan(cx, x)?;
                    let take = cx.b.build_and(cx.b.build_not(nan, "")?, cx.b.build_or(first, better, "")?, "")?;
                    cx.b.build_store(best, cx.b.build_select(take, x, b, "")?)?;
                    cx.b.build_store(bi, cx.b.build_select(take, i, old, "")?)?;
                    Ok(())
                })?;
                let r = self.b.build_load(self.ctx.i64_type(), bi, "")?.into_int_value();
                let none = self.b.build_int_compare(IntPredicate::SLT, r, self.i64(0), "")?;
                self.guard(none, ExcKind::ValueError, "All-NaN slice encountered")?;
                self.cast(r.into(), &Type::int64(), tt)?
            }
        };
        Ok(Some(v))
    }

    /// A complex value of type `t` as complex128 parts, and whether either is NaN (NumPy's
    /// `isnan` of a complex number).
    pub(crate) fn complex_parts(&self, x: BV<'ctx>, t: &Type) -> R<(FloatValue<'ctx>, FloatValue<'ctx>, IntValue<'ctx>)> {
        let z = self.cast(x, t, &Type::Number(NumericKind::Complex128))?.into_struct_value();
        let re = self.b.build_extract_value(z, 0, "")?.into_float_value();
        let im = self.b.build_extract_value(z, 1, "")?.into_float_value();
        let nan = self.b.build_or(
            self.b.build_float_compare(FloatPredicate::UNO, re, re, "")?,
            self.b.build_float_compare(FloatPredicate::UNO, im, im, "")?,
            "",
        )?;
        Ok((re, im, nan))
    }

    /// `np.nanmin`/`nanmax` of complex items, as Numba's `nan_min_max_factory`: over
    /// `np.nditer(a)` from the first item, an item replaces the result when the result's real
    /// part is NaN and the item's is not, else when it compares better by its real part, or by
    /// its imaginary part when the real parts are equal.
    fn complex_nan_min_max(&mut self, min: bool, arr: BV<'ctx>, a: &numrs_types::ArrayType, tt: &Type) -> R<BV<'ctx>> {
        let n = self.field(arr, 2)?.into_int_value();
        let empty = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(0), "")?;
        self.guard(empty, ExcKind::ValueError, "zero-size array to reduction operation not possible")?;
        let dt = a.dtype.clone();
        let best = self.temp(self.vt(&dt)?)?;
        let x0 = self.nditer_elem_at(arr, a, self.i64(0))?;
        self.b.build_store(best, x0)?;
        let op = if min { FloatPredicate::OLT } else { FloatPredicate::OGT };
        self.counted_loop(n, |cx, i| {
            let x = cx.nditer_elem_at(arr, a, i)?;
            let b = cx.b.build_load(cx.vt(&dt)?, best, "")?;
            let (xr, xi, _) = cx.complex_parts(x, &dt)?;
            let (br, bi, _) = cx.complex_parts(b, &dt)?;
            let b_nan = cx.b.build_float_compare(FloatPredicate::UNO, br, br, "")?;
            let x_num = cx.b.build_float_compare(FloatPredicate::ORD, xr, xr, "")?;
            let first = cx.b.build_and(b_nan, x_num, "")?;
            let take = cx.b.build_or(first, cx.complex_lex(op, (xr, xi), (br, bi))?, "")?;
            cx.b.build_store(best, cx.b.build_select(take, x, b, "")?)?;
            Ok(())
        })?;
        let r = self.b.build_load(self.vt(&dt)?, best, "")?;
        self.cast(r, &dt, tt)
    }

    /// NumPy's lexicographic order of complex numbers (`pred` of the real parts, or of the
    /// imaginary parts when the real parts are equal): `x` before (`OLT`) or after (`OGT`) `y`.
    pub(crate) fn complex_lex(&self, pred: FloatPredicate, x: (FloatValue<'ctx>, FloatValue<'ctx>), y: (FloatValue<'ctx>, FloatValue<'ctx>)) -> R<IntValue<'ctx>> {
        let by_real = self.b.build_float_compare(pred, x.0, y.0, "")?;
        let tie = self.b.build_and(self.b.build_float_compare(FloatPredicate::OEQ, x.0, y.0, "")?, self.b.build_float_compare(pred, x.1, y.1, "")?, "")?;
        Ok(self.b.build_or(by_real, tie, "")?)
    }

    /// `np.nansum`/`nanprod`/`nanmean`/`nanvar`/`nanstd` of complex items, as Numba's loops
    /// over `np.nditer(a)`: an item is NaN when either part is; the mean is the complex sum over
    /// the count (a part over a real count: NaN parts when there is none); the variance sums
    /// `real(d * conj(d))` of the deviations from it.
    fn complex_nan_reduction(&mut self, name: &str, arr: BV<'ctx>, a: &numrs_types::ArrayType, ddof: Option<VarId>, tt: &Type) -> R<BV<'ctx>> {
        let f64t = self.ctx.f64_type();
        let i64t = self.ctx.i64_type();
        let ek = numeric(&a.dtype).unwrap_or(NumericKind::Complex128);
        let c128 = Type::Number(NumericKind::Complex128);
        let n = self.field(arr, 2)?.into_int_value();
        // Each non-NaN item as complex128 parts: `f(cx, re, im)`.
        let each = |cx: &mut Self, f: &dyn Fn(&Self, FloatValue<'ctx>, FloatValue<'ctx>) -> R<()>| -> R<()> {
            cx.counted_loop(n, |cx, i| {
                let x = cx.nditer_elem_at(arr, a, i)?;
                let (re, im, nan) = cx.complex_parts(x, &Type::Number(ek))?;
                let (take, skip) = (cx.new_block("cnan.take"), cx.new_block("cnan.next"));
                cx.b.build_conditional_branch(nan, skip, take)?;
                cx.b.position_at_end(take);
                f(cx, re, im)?;
                cx.b.build_unconditional_branch(skip)?;
                cx.b.position_at_end(skip);
                Ok(())
            })
        };
        let slot = |cx: &Self, x: f64| -> R<inkwell::values::PointerValue<'ctx>> {
            let p = cx.temp(f64t.into())?;
            cx.b.build_store(p, f64t.const_float(x))?;
            Ok(p)
        };
        if name == "nansum" || name == "nanprod" {
            // Accumulated in the items' own type (`c += v` with `c = dtype(0)`).
            let dt = a.dtype.clone();
            let acc = self.temp(self.vt(&dt)?)?;
            let init = self.cast(self.i64(if name == "nanprod" { 1 } else { 0 }).into(), &Type::int64(), &dt)?;
            self.b.build_store(acc, init)?;
            let op = if name == "nanprod" { "operator.mul" } else { "operator.add" };
            self.counted_loop(n, |cx, i| {
                let x = cx.nditer_elem_at(arr, a, i)?;
                let (_, _, nan) = cx.complex_parts(x, &dt)?;
                let c = cx.b.build_load(cx.vt(&dt)?, acc, "")?;
                let (r, rt) = cx.binary(op, c, &dt, x, &dt)?;
                let r = cx.cast(r, &rt, &dt)?;
                cx.b.build_store(acc, cx.b.build_select(nan, c, r, "")?)?;
                Ok(())
            })?;
            let r = self.b.build_load(self.vt(&dt)?, acc, "")?;
            return self.cast(r, &dt, tt);
        }
        // The mean.
        let (re_s, im_s) = (slot(self, 0.0)?, slot(self, 0.0)?);
        let count = self.temp(i64t.into())?;
        self.b.build_store(count, self.i64(0))?;
        each(self, &|cx, re, im| {
            let (ar, ai) = (cx.b.build_load(f64t, re_s, "")?.into_float_value(), cx.b.build_load(f64t, im_s, "")?.into_float_value());
            cx.b.build_store(re_s, cx.b.build_float_add(ar, re, "")?)?;
            cx.b.build_store(im_s, cx.b.build_float_add(ai, im, "")?)?;
            let c = cx.b.build_load(i64t, count, "")?.into_int_value();
            cx.b.build_store(count, cx.b.build_int_add(c, cx.i64(1), "")?)?;
            Ok(())
        })?;
        let cf = self.b.build_signed_int_to_float(self.b.build_load(i64t, count, "")?.into_int_value(), f64t, "")?;
        let mr = self.b.build_float_div(self.b.build_load(f64t, re_s, "")?.into_float_value(), cf, "")?;
        let mi = self.b.build_float_div(self.b.build_load(f64t, im_s, "")?.into_float_value(), cf, "")?;
        if name == "nanmean" {
            let z = self.complex(NumericKind::Complex128, mr.into(), mi.into())?;
            return self.cast(z, &c128, tt);
        }
        // `count <= ddof`: NaN; else `ssd / (count - ddof)`.
        let ssd = slot(self, 0.0)?;
        let cnt = self.temp(i64t.into())?;
        self.b.build_store(cnt, self.i64(0))?;
        each(self, &|cx, re, im| {
            let (dr, di) = (cx.b.build_float_sub(re, mr, "")?, cx.b.build_float_sub(im, mi, "")?);
            let sq = cx.b.build_float_add(cx.b.build_float_mul(dr, dr, "")?, cx.b.build_float_mul(di, di, "")?, "")?;
            let s = cx.b.build_load(f64t, ssd, "")?.into_float_value();
            cx.b.build_store(ssd, cx.b.build_float_add(s, sq, "")?)?;
            let c = cx.b.build_load(i64t, cnt, "")?.into_int_value();
            cx.b.build_store(cnt, cx.b.build_int_add(c, cx.i64(1), "")?)?;
            Ok(())
        })?;
        let ddof = self.opt_int(ddof)?.unwrap_or(self.i64(0));
        let c = self.b.build_load(i64t, cnt, "")?.into_int_value();
        let none = self.b.build_int_compare(IntPredicate::SLE, c, ddof, "")?;
        let dof = self.b.build_signed_int_to_float(self.b.build_int_sub(c, ddof, "")?, f64t, "")?;
        let var = self.b.build_float_div(self.b.build_load(f64t, ssd, "")?.into_float_value(), dof, "")?;
        let var = self.b.build_select(none, f64t.const_float(f64::NAN), var, "")?;
        let r = if name == "nanstd" { crate::ops::intrinsic_call(self, "llvm.sqrt", &[var])? } else { var };
        self.cast(r, &Type::float64(), tt)
    }

    /// `np.nanmean(a)`: the float64 mean of the non-NaN items (NaN when there are none).
    fn nan_mean(&mut self, arr: BV<'ctx>, a: &numrs_types::ArrayType, ek: NumericKind) -> R<FloatValue<'ctx>> {
        let (s, c) = self.nan_accumulate(arr, a, ek, &|_, x| Ok(x))?;
        Ok(self.b.build_float_div(s, self.b.build_signed_int_to_float(c, self.ctx.f64_type(), "")?, "")?)
    }

    /// The float64 sum of `term(x)` over the non-NaN items `x` (as float64) and their count.
    fn nan_accumulate(
        &mut self,
        arr: BV<'ctx>,
        a: &numrs_types::ArrayType,
        ek: NumericKind,
        term: &dyn Fn(&Self, FloatValue<'ctx>) -> R<FloatValue<'ctx>>,
    ) -> R<(FloatValue<'ctx>, IntValue<'ctx>)> {
        let f64t = self.ctx.f64_type();
        let i64t = self.ctx.i64_type();
        let n = self.field(arr, 2)?.into_int_value();
        let sum = self.temp(f64t.into())?;
        let count = self.temp(i64t.into())?;
        self.b.build_store(sum, f64t.const_zero())?;
        self.b.build_store(count, self.i64(0))?;
        self.counted_loop(n, |cx, i| {
            let x = cx.nditer_elem_at(arr, a, i)?;
            let nan = if ek.is_float() {
                cx.b.build_float_compare(FloatPredicate::UNO, x.into_float_value(), x.into_float_value(), "")?
            } else {
                cx.ctx.bool_type().const_zero()
            };
            let xf = cx.cast(x, &Type::Number(ek), &Type::float64())?.into_float_value();
            let t = term(cx, xf)?;
            let s = cx.b.build_load(f64t, sum, "")?.into_float_value();
            let s2 = cx.b.build_float_add(s, t, "")?;
            cx.b.build_store(sum, cx.b.build_select(nan, s, s2, "")?)?;
            let c = cx.b.build_load(i64t, count, "")?.into_int_value();
            let c2 = cx.b.build_int_add(c, cx.b.build_int_z_extend(cx.b.build_not(nan, "")?, i64t, "")?, "")?;
            cx.b.build_store(count, c2)?;
            Ok(())
        })?;
        let s = self.b.build_load(f64t, sum, "")?.into_float_value();
        let c = self.b.build_load(i64t, count, "")?.into_int_value();
        Ok((s, c))
    }
}
