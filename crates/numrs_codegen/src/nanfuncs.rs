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
                let ddof = match ddof {
                    Some(v) if !matches!(self.ty(v)?, Type::Omitted(_)) => self.int_arg(v)?,
                    _ => self.i64(0),
                };
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
