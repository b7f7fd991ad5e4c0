//! `numpy.polynomial.polynomial` arithmetic as Numba's `polynomial_functions.py` computes it:
//! `pu.as_series` (each argument a new 1-d array of the result type, trailing zeros trimmed),
//! then `polyadd`/`polysub` (padded with zeros), `polymul` (`np.convolve`), `polydiv` (long
//! division in place) and `polyint` (`m` integrations), the results trimmed by `pu.trimseq`.

use inkwell::values::{BasicValueEnum, IntValue, PointerValue};
use inkwell::IntPredicate;
use numrs_abi::ExcKind;
use numrs_ir::VarId;
use numrs_types::{ArrayType, Layout, Type};

use crate::func::{FnCx, R};
use crate::npfuncs::{arg_kw, array_type};

type BV<'ctx> = BasicValueEnum<'ctx>;

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `np.asarray(c).astype(kt)` of a coefficient argument as a new 1-d C array, held until
    /// the function exits, and its length.
    fn poly_series(&mut self, v: VarId, kt: &Type) -> R<(BV<'ctx>, IntValue<'ctx>)> {
        let src = self.flat_source(v)?;
        if src.shape.len() > 1 {
            return self.fail("np.polynomial of coefficients of more than one dimension is not supported by numrs build yet");
        }
        let n = src.shape.first().copied().unwrap_or(self.i64(1));
        let out = self.alloc_array(kt, &[n])?;
        self.hold_temp(out, &array_type(kt, 1, Layout::C))?;
        let item = src.item.clone();
        self.counted_loop(n, |cx, i| {
            let x = cx.flat_item(&src, i)?;
            let x = cx.cast(x, &item, kt)?;
            let p = cx.out_ptr(out, kt, i)?;
            cx.store_element(p, x, kt, kt)
        })?;
        Ok((out, n))
    }

    /// `pu.as_series((c1, c2))`: both series, their emptiness refused, trimmed (lengths).
    fn poly_pair(&mut self, args: &[VarId], kws: &[(String, VarId)], kt: &Type) -> R<[(BV<'ctx>, IntValue<'ctx>); 2]> {
        let (Some(c1), Some(c2)) = (arg_kw(args, kws, 0, "c1"), arg_kw(args, kws, 1, "c2")) else { return self.fail("np.polynomial arithmetic needs two series") };
        let (a, n1) = self.poly_series(c1, kt)?;
        let (b, n2) = self.poly_series(c2, kt)?;
        let z = self.i64(0);
        let e1 = self.b.build_int_compare(IntPredicate::EQ, n1, z, "")?;
        let e2 = self.b.build_int_compare(IntPredicate::EQ, n2, z, "")?;
        self.guard(self.b.build_or(e1, e2, "")?, ExcKind::ValueError, "Coefficient array is empty")?;
        let t1 = self.poly_trim_len(a, kt, n1)?;
        let t2 = self.poly_trim_len(b, kt, n2)?;
        Ok([(a, t1), (b, t2)])
    }

    /// `pu.trimseq`'s length of the first `n` items of `arr`: through the last non-zero item,
    /// at least one (none when `n` is 0).
    fn poly_trim_len(&mut self, arr: BV<'ctx>, kt: &Type, n: IntValue<'ctx>) -> R<IntValue<'ctx>> {
        let i64t = self.ctx.i64_type();
        let len = self.temp(i64t.into())?;
        let empty = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(0), "")?;
        let init = self.b.build_select(empty, self.i64(0), self.i64(1), "")?;
        self.b.build_store(len, init)?;
        self.counted_loop(n, |cx, i| {
            let x = cx.load_element(cx.out_ptr(arr, kt, i)?, kt)?;
            let nz = cx.truth(x, kt)?;
            let cur = cx.b.build_load(i64t, len, "")?;
            let next = cx.b.build_int_add(i, cx.i64(1), "")?;
            let v = cx.b.build_select(nz, next.into(), cur, "")?;
            cx.b.build_store(len, v)?;
            Ok(())
        })?;
        Ok(self.b.build_load(i64t, len, "")?.into_int_value())
    }

    /// The first `len` items of `arr` (a new array this takes the reference of), as a 1-d view
    /// owning it: `pu.trimseq`'s slice.
    fn poly_first(&mut self, arr: BV<'ctx>, len: IntValue<'ctx>) -> R<BV<'ctx>> {
        let isz = self.field(arr, 3)?.into_int_value();
        let mi = self.field(arr, 0)?.into_pointer_value();
        let parent = self.field(arr, 1)?.into_pointer_value();
        let dp = self.field(arr, 4)?.into_pointer_value();
        self.make_array(1, mi, parent, isz, dp, &[len], &[isz])
    }

    /// A new array of `n` items, item `i` made by `item`.
    fn poly_new(&mut self, kt: &Type, n: IntValue<'ctx>, mut item: impl FnMut(&mut Self, IntValue<'ctx>) -> R<BV<'ctx>>) -> R<BV<'ctx>> {
        let out = self.alloc_array(kt, &[n])?;
        self.counted_loop(n, |cx, i| {
            let x = item(cx, i)?;
            let p = cx.out_ptr(out, kt, i)?;
            cx.store_element(p, x, kt, kt)
        })?;
        Ok(out)
    }

    fn poly_item(&mut self, arr: BV<'ctx>, kt: &Type, i: IntValue<'ctx>) -> R<BV<'ctx>> {
        self.load_element(self.out_ptr(arr, kt, i)?, kt)
    }

    /// A scalar operation of Numba's (the implementations' Python operators) on items.
    fn poly_op(&mut self, key: &str, a: BV<'ctx>, at: &Type, b: BV<'ctx>, bt: &Type, kt: &Type) -> R<BV<'ctx>> {
        let (r, rt) = self.binary(key, a, at, b, bt)?;
        self.cast(r, &rt, kt)
    }

    /// The result's item type (the array's dtype of `tt`, or of its first item).
    fn poly_kind(&self, tt: &Type) -> R<Type> {
        let t = match tt.tuple_items() {
            Some(items) => items.first().cloned().unwrap_or(Type::NoneType),
            None => tt.clone(),
        };
        match t {
            Type::Array(a) => Ok(a.dtype.clone()),
            other => self.fail(format!("np.polynomial giving {other}")),
        }
    }

    /// `polyadd`/`polysub`/`polymul`.
    pub(crate) fn poly_arith(&mut self, name: &str, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let kt = self.poly_kind(tt)?;
        let [(a, t1), (b, t2)] = self.poly_pair(args, kws, &kt)?;
        let val = if name == "polymul" {
            let at = ArrayType::new(kt.clone(), 1, Layout::C, false);
            let null = self.ctx.ptr_type(inkwell::AddressSpace::default()).const_null();
            let isz = self.field(a, 3)?.into_int_value();
            let av = self.make_array(1, null, null, isz, self.field(a, 4)?.into_pointer_value(), &[t1], &[isz])?;
            let bv = self.make_array(1, null, null, isz, self.field(b, 4)?.into_pointer_value(), &[t2], &[isz])?;
            self.convolve_full((av, &at), (bv, &at), &kt)?
        } else {
            // Both padded with zeros to the longer length, then added (subtracted).
            let key = if name == "polyadd" { "operator.add" } else { "operator.sub" };
            let gt = self.b.build_int_compare(IntPredicate::SGT, t1, t2, "")?;
            let n = self.b.build_select(gt, t1, t2, "")?.into_int_value();
            let zero = self.cast(self.i64(0).into(), &Type::int64(), &kt)?;
            self.poly_new(&kt, n, |cx, i| {
                let mut padded = |arr: BV<'ctx>, len: IntValue<'ctx>| -> R<BV<'ctx>> {
                    let inside = cx.b.build_int_compare(IntPredicate::SLT, i, len, "")?;
                    let last = cx.b.build_int_sub(len, cx.i64(1), "")?;
                    let j = cx.b.build_select(inside, i, last, "")?.into_int_value();
                    let x = cx.poly_item(arr, &kt, j)?;
                    Ok(cx.b.build_select(inside, x, zero, "")?)
                };
                let x = padded(a, t1)?;
                let y = padded(b, t2)?;
                cx.poly_op(key, x, &kt, y, &kt, &kt)
            })?
        };
        let n = self.field(val, 2)?.into_int_value();
        let len = self.poly_trim_len(val, &kt, n)?;
        self.fresh = true;
        self.poly_first(val, len)
    }

    /// `polydiv`: Numba's long division (the divisor's last item zero is ZeroDivisionError).
    pub(crate) fn poly_div(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let kt = self.poly_kind(tt)?;
        let [(a, l1), (b, l2)] = self.poly_pair(args, kws, &kt)?;
        let at = array_type(&kt, 1, Layout::C);
        let one = self.i64(1);
        let l2m1 = self.b.build_int_sub(l2, one, "")?;
        let last = self.poly_item(b, &kt, l2m1)?;
        let zero = self.cast(self.i64(0).into(), &Type::int64(), &kt)?;
        let is_zero = self.b.build_not(self.truth(last, &kt)?, "")?;
        self.guard(is_zero, ExcKind::ZeroDivisionError, "")?;
        let lt = self.vt(&at)?;
        let q_slot: PointerValue<'ctx> = self.temp(lt)?;
        let r_slot: PointerValue<'ctx> = self.temp(lt)?;
        let shorter = self.new_block("polydiv_shorter");
        let not_shorter = self.new_block("polydiv_long");
        let by_number = self.new_block("polydiv_number");
        let long_div = self.new_block("polydiv_divide");
        let done = self.new_block("polydiv_done");
        let lt_cond = self.b.build_int_compare(IntPredicate::SLT, l1, l2, "")?;
        self.b.build_conditional_branch(lt_cond, shorter, not_shorter)?;
        // `arr1[:1] * 0, arr1`.
        let first_times_zero = |cx: &mut Self| -> R<BV<'ctx>> {
            cx.poly_new(&kt, one, |cx, _| {
                let x = cx.poly_item(a, &kt, cx.i64(0))?;
                cx.poly_op("operator.mul", x, &kt, cx.i64(0).into(), &Type::int64(), &kt)
            })
        };
        self.b.position_at_end(shorter);
        let q = first_times_zero(self)?;
        let r = self.poly_new(&kt, l1, |cx, i| cx.poly_item(a, &kt, i))?;
        self.b.build_store(q_slot, q)?;
        self.b.build_store(r_slot, r)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(not_shorter);
        let single = self.b.build_int_compare(IntPredicate::EQ, l2, one, "")?;
        self.b.build_conditional_branch(single, by_number, long_div)?;
        // `arr1 / arr2[-1], arr1[:1] * 0`.
        self.b.position_at_end(by_number);
        let q = self.poly_new(&kt, l1, |cx, i| {
            let x = cx.poly_item(a, &kt, i)?;
            cx.poly_op("operator.truediv", x, &kt, last, &kt, &kt)
        })?;
        let r = first_times_zero(self)?;
        self.b.build_store(q_slot, q)?;
        self.b.build_store(r_slot, r)?;
        self.b.build_unconditional_branch(done)?;
        // The long division, in place in `arr1`.
        self.b.position_at_end(long_div);
        let dlen = self.b.build_int_sub(l1, l2, "")?;
        let scaled = self.poly_new(&kt, l2m1, |cx, t| {
            let x = cx.poly_item(b, &kt, t)?;
            cx.poly_op("operator.truediv", x, &kt, last, &kt, &kt)
        })?;
        self.hold_temp(scaled, &at)?;
        let steps = self.b.build_int_add(dlen, one, "")?;
        let l1m1 = self.b.build_int_sub(l1, one, "")?;
        self.counted_loop(steps, |cx, k| {
            let i = cx.b.build_int_sub(dlen, k, "")?;
            let j = cx.b.build_int_sub(l1m1, k, "")?;
            let xj = cx.poly_item(a, &kt, j)?;
            cx.counted_loop(l2m1, |cx, t| {
                let s = cx.poly_item(scaled, &kt, t)?;
                let prod = cx.poly_op("operator.mul", s, &kt, xj, &kt, &kt)?;
                let at_i = cx.b.build_int_add(i, t, "")?;
                let cur = cx.poly_item(a, &kt, at_i)?;
                let v = cx.poly_op("operator.sub", cur, &kt, prod, &kt, &kt)?;
                let p = cx.out_ptr(a, &kt, at_i)?;
                cx.store_element(p, v, &kt, &kt)
            })
        })?;
        // j ends at l2 - 2: the quotient is arr1[l2 - 1:] / scl, the remainder arr1[:l2 - 1].
        let qn = self.b.build_int_sub(l1, l2m1, "")?;
        let q = self.poly_new(&kt, qn, |cx, t| {
            let at_i = cx.b.build_int_add(l2m1, t, "")?;
            let x = cx.poly_item(a, &kt, at_i)?;
            cx.poly_op("operator.truediv", x, &kt, last, &kt, &kt)
        })?;
        let rlen = self.poly_trim_len(a, &kt, l2m1)?;
        let r = self.poly_new(&kt, rlen, |cx, i| cx.poly_item(a, &kt, i))?;
        self.b.build_store(q_slot, q)?;
        self.b.build_store(r_slot, r)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        let _ = zero;
        let q = self.b.build_load(lt, q_slot, "")?;
        let r = self.b.build_load(lt, r_slot, "")?;
        let st = self.vt(tt)?.into_struct_type();
        let agg = self.b.build_insert_value(st.get_undef(), q, 0, "")?;
        let agg = self.b.build_insert_value(agg, r, 1, "")?;
        self.fresh = true;
        Ok(inkwell::values::BasicValue::as_basic_value_enum(&agg))
    }

    /// `pu.trimseq(seq)` of a 1-d array: the view `seq[:len]`, `len` through its last non-zero
    /// item (at least 1; 0 for an empty `seq`), sharing `seq`'s memory.
    pub(crate) fn poly_trimseq(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Some(v) = arg_kw(args, kws, 0, "seq") else { return self.fail("trimseq without seq") };
        let Type::Array(a) = self.ty(v)? else { return self.fail("pu.trimseq of other than an array is not supported by numrs build yet") };
        let arr = self.load(v)?;
        let n = self.dims(arr, 5, 1)?[0];
        let stride = self.dims(arr, 6, 1)?[0];
        let i64t = self.ctx.i64_type();
        let len = self.temp(i64t.into())?;
        let empty = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(0), "")?;
        let init = self.b.build_select(empty, self.i64(0), self.i64(1), "")?;
        self.b.build_store(len, init)?;
        let at = (*a).clone();
        self.counted_loop(n, |cx, i| {
            let x = cx.load_element(cx.flat_ptr(arr, &at, i)?, &at.dtype)?;
            let nz = cx.truth(x, &at.dtype)?;
            let cur = cx.b.build_load(i64t, len, "")?;
            let next = cx.b.build_int_add(i, cx.i64(1), "")?;
            let v = cx.b.build_select(nz, next.into(), cur, "")?;
            cx.b.build_store(len, v)?;
            Ok(())
        })?;
        let len = self.b.build_load(i64t, len, "")?.into_int_value();
        let isz = self.field(arr, 3)?.into_int_value();
        let data = self.field(arr, 4)?.into_pointer_value();
        let view = self.view_of(arr, data, &[len], &[stride], isz)?;
        // A view of the argument: a borrowed reference.
        self.fresh = false;
        self.cast(view, &Type::Array(a), tt)
    }

    /// `polyint(c, m=1)`: `m` times, a new series with `c[0] * 0` first and `c[j] / (j + 1)`
    /// after `c[0]`; a 1-d result trimmed.
    pub(crate) fn poly_int(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let kt = self.poly_kind(tt)?;
        let Some(cv) = arg_kw(args, kws, 0, "c") else { return self.fail("polyint without c") };
        let m = match arg_kw(args, kws, 1, "m") {
            Some(mv) if !matches!(self.ty(mv)?, Type::Omitted(_)) => {
                let t = self.ty(mv)?;
                let x = self.load(mv)?;
                self.cast(x, &t, &Type::int64())?.into_int_value()
            }
            _ => self.i64(1),
        };
        let (c0, n0) = self.poly_series(cv, &kt)?;
        let at = array_type(&kt, 1, Layout::C);
        let lt = self.vt(&at)?;
        let cur = self.temp(lt)?;
        self.b.build_store(cur, c0)?;
        let neg = self.b.build_int_compare(IntPredicate::SLT, m, self.i64(0), "")?;
        let m = self.b.build_select(neg, self.i64(0), m, "")?.into_int_value();
        let _ = n0;
        self.counted_loop(m, |cx, _| {
            let c = cx.b.build_load(lt, cur, "")?;
            let n = cx.field(c, 2)?.into_int_value();
            let empty = cx.b.build_int_compare(IntPredicate::EQ, n, cx.i64(0), "")?;
            cx.guard(empty, ExcKind::IndexError, "index out of bounds")?;
            let n1 = cx.b.build_int_add(n, cx.i64(1), "")?;
            let tmp = cx.poly_new(&kt, n1, |cx, i| {
                let first = cx.poly_item(c, &kt, cx.i64(0))?;
                let z = cx.poly_op("operator.mul", first, &kt, cx.i64(0).into(), &Type::int64(), &kt)?;
                // j = i - 1 (from 1): c[j] / (j + 1), read at a valid index for i < 2.
                let j = cx.b.build_int_sub(i, cx.i64(1), "")?;
                let small = cx.b.build_int_compare(IntPredicate::SLT, i, cx.i64(2), "")?;
                let jr = cx.b.build_select(small, cx.i64(0), j, "")?.into_int_value();
                let cj = cx.poly_item(c, &kt, jr)?;
                let d = cx.b.build_select(small, cx.i64(1), i, "")?;
                let q = cx.poly_op("operator.truediv", cj, &kt, d, &Type::int64(), &kt)?;
                let is0 = cx.b.build_int_compare(IntPredicate::EQ, i, cx.i64(0), "")?;
                let is1 = cx.b.build_int_compare(IntPredicate::EQ, i, cx.i64(1), "")?;
                let v = cx.b.build_select(is1, first, q, "")?;
                Ok(cx.b.build_select(is0, z, v, "")?)
            })?;
            // The previous series is dropped by the slot when the next one replaces it.
            cx.hold_temp(tmp, &at)?;
            cx.b.build_store(cur, tmp)?;
            Ok(())
        })?;
        let c = self.b.build_load(lt, cur, "")?;
        let n = self.field(c, 2)?.into_int_value();
        let len = self.poly_trim_len(c, &kt, n)?;
        let out = self.poly_new(&kt, len, |cx, i| cx.poly_item(c, &kt, i))?;
        self.fresh = true;
        Ok(out)
    }
}
