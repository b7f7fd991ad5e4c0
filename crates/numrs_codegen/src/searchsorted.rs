//! `np.searchsorted(a, v, side=...)` as Numba implements it (`numba/np/arraymath.py`): a
//! binary search with `lt` (side 'left') or `le` (side 'right'), where a float key orders NaN
//! last (`lt_floats`); for an array of keys, the search window carries over from the previous
//! key as in Numba (and NumPy's `binsearch`), so unsorted inputs give the same answers too.

use inkwell::values::{BasicValueEnum, IntValue};
use inkwell::{FloatPredicate, IntPredicate};
use numrs_ir::VarId;
use numrs_types::{ArrayType, Type};

use crate::func::{FnCx, R};
use crate::npfuncs::arg_kw;
use crate::types::numeric;

type BV<'ctx> = BasicValueEnum<'ctx>;

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    pub(crate) fn searchsorted(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let (Some(av), Some(vv)) = (args.first().copied(), arg_kw(args, kws, 1, "v")) else {
            return self.fail("np.searchsorted without a key");
        };
        let right = match arg_kw(args, kws, 2, "side") {
            None => false,
            Some(s) => match self.ty(s)? {
                Type::StringLiteral(side) if &*side == "left" => false,
                Type::StringLiteral(side) if &*side == "right" => true,
                Type::Omitted(_) => false,
                other => return self.fail(format!("np.searchsorted with side of type {other} is not supported by numrs build yet")),
            },
        };
        let (arr, a) = self.as_array(av)?;
        let vt = self.ty(vv)?;
        // Keys in a list or tuple are searched as an array of them.
        let (kv, vt) = if vt.tuple_items().is_some() || crate::lists::dtype(&vt).is_some() {
            let (k, kt) = self.as_array(vv)?;
            (k, Type::Array(std::sync::Arc::new(kt)))
        } else {
            (self.load(vv)?, vt)
        };
        self.search_values(arr, &a, kv, &vt, right, tt)
    }

    /// `np.searchsorted(arr, keys, side)` on loaded values: `keys` a number or an array.
    pub(crate) fn search_values(&mut self, arr: BV<'ctx>, a: &ArrayType, kv: BV<'ctx>, vt: &Type, right: bool, tt: &Type) -> R<BV<'ctx>> {
        let a = a.clone();
        // Real numbers, or datetimes/timedeltas (compared by their own `<`, false with a NaT).
        let orderable = |t: &Type| numeric(t).is_some() || crate::datetime::is_datetime_like(t);
        if a.ndim != 1 || !orderable(&a.dtype) {
            return self.fail(format!("np.searchsorted over {} is not supported by numrs build yet", Type::Array(std::sync::Arc::new(a))));
        }
        let len = self.dims(arr, 5, 1)?[0];
        let Type::Array(keys) = vt else {
            let key_t = vt.unliteral();
            if !orderable(&key_t) {
                return self.fail(format!("np.searchsorted of a {vt} key is not supported by numrs build yet"));
            }
            let key = self.cast(kv, vt, &key_t)?;
            let (lo, _) = self.binsearch(arr, &a, key, &key_t, right, (self.i64(0), len))?;
            return self.cast(lo.into(), &Type::int64(), tt);
        };
        let keys = (**keys).clone();
        if !orderable(&keys.dtype) {
            return self.fail(format!("np.searchsorted of {vt} keys is not supported by numrs build yet"));
        }
        let key_t = keys.dtype.clone();
        let n = self.field(kv, 2)?.into_int_value();
        let shape = self.dims(kv, 5, keys.ndim)?;
        let out = self.alloc_array(&Type::int64(), &shape)?;
        let i64t = self.ctx.i64_type();
        let lo = self.temp(i64t.into())?;
        let hi = self.temp(i64t.into())?;
        let last = self.temp(self.vt(&key_t)?)?;
        self.b.build_store(lo, self.i64(0))?;
        self.b.build_store(hi, len)?;
        // `last_key_val = v.flat[0]` (only read when there is one).
        self.b.build_store(last, self.vt(&key_t)?.const_zero())?;
        let first_idx = self.i64(0);
        let has_any = self.b.build_int_compare(IntPredicate::SGT, n, first_idx, "")?;
        let read = self.new_block("ss_first");
        let go = self.new_block("ss_go");
        self.b.build_conditional_branch(has_any, read, go)?;
        self.b.position_at_end(read);
        let k0 = self.elem_at(kv, &keys, first_idx)?;
        self.b.build_store(last, k0)?;
        self.b.build_unconditional_branch(go)?;
        self.b.position_at_end(go);
        self.counted_loop(n, |cx, i| {
            let key = cx.elem_at(kv, &keys, i)?;
            let prev = cx.b.build_load(cx.vt(&key_t)?, last, "")?;
            // if cmp(last, key): max = len  else: min = 0; max = min(max + 1, len)
            let grows = cx.key_cmp(prev, &key_t, key, &key_t, right)?;
            let h = cx.b.build_load(i64t, hi, "")?.into_int_value();
            let l = cx.b.build_load(i64t, lo, "")?.into_int_value();
            let inc = cx.b.build_int_add(h, cx.i64(1), "")?;
            let below = cx.b.build_int_compare(IntPredicate::SLT, h, len, "")?;
            let h_else = cx.b.build_select(below, inc, len, "")?.into_int_value();
            let h2 = cx.b.build_select(grows, len, h_else, "")?.into_int_value();
            let l2 = cx.b.build_select(grows, l, cx.i64(0), "")?.into_int_value();
            cx.b.build_store(last, key)?;
            let (nl, nh) = cx.binsearch(arr, &a, key, &key_t, right, (l2, h2))?;
            cx.b.build_store(lo, nl)?;
            cx.b.build_store(hi, nh)?;
            let p = cx.out_ptr(out, &Type::int64(), i)?;
            cx.b.build_store(p, nl)?;
            Ok(())
        })?;
        self.fresh = true;
        let out_t = crate::npfuncs::array_type(&Type::int64(), keys.ndim, numrs_types::Layout::C);
        self.cast(out, &out_t, tt)
    }

    /// Numba's `_less_than` (`right`: `_less_than_or_equal`) of `x` and the key `y`.
    fn key_cmp(&mut self, x: BV<'ctx>, xt: &Type, y: BV<'ctx>, yt: &Type, right: bool) -> R<IntValue<'ctx>> {
        if numeric(xt).is_some_and(|k| k.is_complex()) || numeric(yt).is_some_and(|k| k.is_complex()) {
            return self.complex_order(x, xt, y, yt, right);
        }
        let op = if right { "operator.le" } else { "operator.lt" };
        let (r, rt) = self.binary(op, x, xt, y, yt)?;
        let r = self.truth(r, &rt)?;
        if !numeric(yt).is_some_and(|k| k.is_float()) {
            return Ok(r);
        }
        let (yv, xv) = (self.cast(y, yt, &Type::float64())?.into_float_value(), self.cast(x, xt, &Type::float64())?.into_float_value());
        let y_nan = self.b.build_float_compare(FloatPredicate::UNO, yv, yv, "")?;
        if right {
            // A NaN key: everything is <= it.
            return Ok(self.b.build_or(y_nan, r, "")?);
        }
        let x_num = self.b.build_float_compare(FloatPredicate::ORD, xv, xv, "")?;
        Ok(self.b.build_or(r, self.b.build_and(y_nan, x_num, "")?, "")?)
    }

    /// Numba's `lt_complex` (`le`: `less_than_or_equal_complex`) of `x` and `y` as complex
    /// numbers: NumPy's sort order, where a NaN real part sorts after every number and then a
    /// NaN imaginary part after the rest.
    fn complex_order(&mut self, x: BV<'ctx>, xt: &Type, y: BV<'ctx>, yt: &Type, le: bool) -> R<IntValue<'ctx>> {
        let c128 = Type::Number(numrs_types::NumericKind::Complex128);
        let parts = |cx: &Self, v: BV<'ctx>, t: &Type| -> R<(inkwell::values::FloatValue<'ctx>, inkwell::values::FloatValue<'ctx>)> {
            let z = cx.cast(v, t, &c128)?.into_struct_value();
            Ok((cx.b.build_extract_value(z, 0, "")?.into_float_value(), cx.b.build_extract_value(z, 1, "")?.into_float_value()))
        };
        let (ar, ai) = parts(self, x, xt)?;
        let (br, bi) = parts(self, y, yt)?;
        let b = &self.b;
        let nan = |v: inkwell::values::FloatValue<'ctx>| b.build_float_compare(FloatPredicate::UNO, v, v, "");
        let (an, ain, bn, bin) = (nan(ar)?, nan(ai)?, nan(br)?, nan(bi)?);
        let (t, f) = (self.ctx.bool_type().const_int(1, false), self.ctx.bool_type().const_zero());
        let sel = |c: IntValue<'ctx>, x: IntValue<'ctx>, y: IntValue<'ctx>| -> R<IntValue<'ctx>> { Ok(b.build_select(c, x, y, "")?.into_int_value()) };
        let (lt, le_p) = (FloatPredicate::OLT, FloatPredicate::OLE);
        let imag_cmp = b.build_float_compare(if le { le_p } else { lt }, ai, bi, "")?;
        let real_cmp = b.build_float_compare(if le { le_p } else { lt }, ar, br, "")?;
        // Both parts numbers: by real parts, then imaginary parts.
        let plain = b.build_or(
            b.build_float_compare(lt, ar, br, "")?,
            b.build_and(b.build_float_compare(FloatPredicate::OEQ, ar, br, "")?, imag_cmp, "")?,
            "",
        )?;
        // a's real part NaN: only against b's NaN real part.
        let a_imag_nan = if le { bin } else { f };
        let both_real_nan = sel(ain, a_imag_nan, sel(bin, t, imag_cmp)?)?;
        let a_real_nan = sel(bn, both_real_nan, f)?;
        // a's real part a number: b's NaN real part is after it.
        let a_real_num = sel(bn, t, sel(ain, sel(bin, real_cmp, f)?, sel(bin, t, plain)?)?)?;
        sel(an, a_real_nan, a_real_num)
    }

    /// Numba's `_searchsorted(cmp)` over `a[lo:hi]` (`window`): the final `(lo, hi)`.
    fn binsearch(&mut self, arr: BV<'ctx>, a: &ArrayType, key: BV<'ctx>, key_t: &Type, right: bool, window: (IntValue<'ctx>, IntValue<'ctx>)) -> R<(IntValue<'ctx>, IntValue<'ctx>)> {
        let (lo0, hi0) = window;
        let i64t = self.ctx.i64_type();
        let lo = self.temp(i64t.into())?;
        let hi = self.temp(i64t.into())?;
        self.b.build_store(lo, lo0)?;
        self.b.build_store(hi, hi0)?;
        let head = self.new_block("bs_head");
        let body = self.new_block("bs_body");
        let exit = self.new_block("bs_exit");
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(head);
        let l = self.b.build_load(i64t, lo, "")?.into_int_value();
        let h = self.b.build_load(i64t, hi, "")?.into_int_value();
        let more = self.b.build_int_compare(IntPredicate::SLT, l, h, "")?;
        self.b.build_conditional_branch(more, body, exit)?;
        self.b.position_at_end(body);
        let half = self.b.build_right_shift(self.b.build_int_sub(h, l, "")?, self.i64(1), true, "")?;
        let mid = self.b.build_int_add(l, half, "")?;
        let x = self.elem_at(arr, a, mid)?;
        let below = self.key_cmp(x, &a.dtype, key, key_t, right)?;
        let up = self.b.build_int_add(mid, self.i64(1), "")?;
        let nl = self.b.build_select(below, up, l, "")?;
        let nh = self.b.build_select(below, h, mid, "")?;
        self.b.build_store(lo, nl)?;
        self.b.build_store(hi, nh)?;
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(exit);
        let l = self.b.build_load(i64t, lo, "")?.into_int_value();
        let h = self.b.build_load(i64t, hi, "")?.into_int_value();
        Ok((l, h))
    }
}
