//! NumPy's set routines: `np.union1d`, `np.intersect1d`, `np.setxor1d` and `np.setdiff1d`,
//! step for step as Numba's implementations in `arraymath.py` compute them, so that which
//! of two equal items is kept (`0.0` or `-0.0`) and how NaNs are treated agree:
//!
//! - each input is flattened (`np.asarray(x).ravel()`) and, unless `assume_unique` is true,
//!   made unique with `np.unique` in its own dtype;
//! - `union1d` is `np.unique` of the concatenation;
//! - `intersect1d` sorts the concatenation (quicksort) and keeps an item equal to the next;
//! - `setxor1d` sorts it and keeps an item equal to neither neighbour;
//! - `setdiff1d` keeps the items of the first input that `_in1d_impl(..., invert=True)`
//!   marks: compared with every item of the second input when that one is short
//!   (`len(ar2) < 10 * len(ar1) ** 0.145`), else by a stable argsort of the concatenation.
//!
//! Every intermediate array is held until the function exits; results are new 1-d arrays.

use inkwell::values::{BasicValueEnum, IntValue};
use inkwell::IntPredicate;
use numrs_ir::VarId;
use numrs_types::{Layout, NumericKind, Type};

use crate::binning::Cmp;
use crate::func::{FnCx, R};
use crate::npfuncs::{arg_kw, array_type};
use crate::types::numeric;

type BV<'ctx> = BasicValueEnum<'ctx>;

/// Which set routine.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum SetOp {
    Union,
    Intersect,
    Xor,
    Diff,
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    pub(crate) fn set_routine(&mut self, op: SetOp, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("a NumPy set routine producing {tt}")) };
        let rt = ra.dtype.clone();
        let (Some(v1), Some(v2)) = (arg_kw(args, kws, 0, "ar1"), arg_kw(args, kws, 1, "ar2")) else {
            return self.fail("a NumPy set routine without its two arguments");
        };
        for v in [v1, v2] {
            let t = self.ty(v)?;
            let dt = if let Type::Array(a) = &t { a.dtype.clone() } else { t.clone() };
            if numeric(&dt).is_none() {
                return self.fail(format!("NumPy set routines of {t} are not supported by numrs build yet"));
            }
        }
        if numeric(&rt).is_none() {
            return self.fail(format!("a NumPy set routine producing {tt}"));
        }
        if op == SetOp::Union {
            let parts = [(self.load(v1)?, self.ty(v1)?), (self.load(v2)?, self.ty(v2)?)];
            let joined = self.concat_flat(&parts, &rt)?;
            return self.unique_owned(joined, &rt, tt);
        }
        let assume = self.assume_unique(arg_kw(args, kws, 2, "assume_unique"))?;
        let (a, at) = self.set_operand(v1, assume)?;
        let (b, bt) = self.set_operand(v2, assume)?;
        let out = if op == SetOp::Diff {
            self.set_difference(a, &at, b, &bt)?
        } else {
            let aux = self.concat_flat(&[(a, array_type(&at, 1, Layout::C)), (b, array_type(&bt, 1, Layout::C))], &rt)?;
            let n = self.field(aux, 2)?.into_int_value();
            let sort = self.sort_fn(&rt, false, false, false)?;
            let data = self.field(aux, 4)?;
            self.b.build_call(sort, &[data.into(), data.into(), n.into()], "")?;
            self.keep_sorted(aux, &rt, op == SetOp::Xor)?
        };
        self.fresh = true;
        self.cast(out, &array_type(&rt, 1, Layout::C), tt)
    }

    /// `assume_unique`: `None` when it is statically false (absent, omitted, `False`).
    fn assume_unique(&self, v: Option<VarId>) -> R<Option<IntValue<'ctx>>> {
        let Some(v) = v else { return Ok(None) };
        let t = self.ty(v)?;
        match t {
            Type::Omitted(_) | Type::BooleanLiteral(false) => Ok(None),
            _ => {
                let x = self.load(v)?;
                Ok(Some(self.truth(x, &t)?))
            }
        }
    }

    /// `np.asarray(x).ravel()` as a new 1-d array of `x`'s dtype, made unique as `np.unique`
    /// does unless `assume` holds; held until the function exits.
    fn set_operand(&mut self, v: VarId, assume: Option<IntValue<'ctx>>) -> R<(BV<'ctx>, Type)> {
        let t = self.ty(v)?;
        let dt = if let Type::Array(a) = &t { a.dtype.clone() } else { t.clone() };
        let at = array_type(&dt, 1, Layout::C);
        let x = self.load(v)?;
        let flat = self.concat_flat(&[(x, t)], &dt)?;
        let result = match assume {
            None => self.unique_owned(flat, &dt, &at)?,
            Some(assume) => {
                let Some(pre) = self.b.get_insert_block() else { return self.fail("internal error: no block") };
                let uniq = self.new_block("set_unique");
                let join = self.new_block("set_operand");
                self.b.build_conditional_branch(assume, join, uniq)?;
                self.b.position_at_end(uniq);
                let u = self.unique_owned(flat, &dt, &at)?;
                let Some(uend) = self.b.get_insert_block() else { return self.fail("internal error: no block") };
                self.b.build_unconditional_branch(join)?;
                self.b.position_at_end(join);
                let phi = self.b.build_phi(flat.get_type(), "")?;
                phi.add_incoming(&[(&flat, pre), (&u, uend)]);
                phi.as_basic_value()
            }
        };
        self.fresh = false;
        self.hold_temp(result, &at)?;
        Ok((result, dt))
    }

    /// Compacts the sorted array `aux` (owned) in place: for `intersect1d` the items equal to
    /// the next one (`aux[:-1][aux[1:] == aux[:-1]]`), for `setxor1d` those equal to neither
    /// neighbour. Returns a 1-d array of the kept items that owns `aux`'s reference.
    fn keep_sorted(&mut self, aux: BV<'ctx>, dt: &Type, xor: bool) -> R<BV<'ctx>> {
        let i64t = self.ctx.i64_type();
        let n = self.field(aux, 2)?.into_int_value();
        let cnt = self.temp(i64t.into())?;
        self.b.build_store(cnt, self.i64(0))?;
        let steps = if xor {
            n
        } else {
            let m = self.b.build_int_sub(n, self.i64(1), "")?;
            let neg = self.b.build_int_compare(IntPredicate::SLT, m, self.i64(0), "")?;
            self.b.build_select(neg, self.i64(0), m, "")?.into_int_value()
        };
        let dt = dt.clone();
        self.counted_loop(steps, |cx, i| {
            let x = cx.load_element(cx.out_ptr(aux, &dt, i)?, &dt)?;
            // Whether `x` differs from the item at `j` (true when `j` is outside).
            let differs = |cx: &mut Self, j: IntValue<'ctx>| -> R<IntValue<'ctx>> {
                let inside = cx.b.build_and(
                    cx.b.build_int_compare(IntPredicate::SGE, j, cx.i64(0), "")?,
                    cx.b.build_int_compare(IntPredicate::SLT, j, n, "")?,
                    "",
                )?;
                let safe = cx.b.build_select(inside, j, i, "")?.into_int_value();
                let y = cx.load_element(cx.out_ptr(aux, &dt, safe)?, &dt)?;
                let eq = cx.compare_items(x, y, &dt, Cmp::Eq)?;
                let ne = cx.b.build_not(eq, "")?;
                Ok(cx.b.build_or(ne, cx.b.build_not(inside, "")?, "")?)
            };
            let next = differs(cx, cx.b.build_int_add(i, cx.i64(1), "")?)?;
            let keep = if xor {
                let prev = differs(cx, cx.b.build_int_sub(i, cx.i64(1), "")?)?;
                cx.b.build_and(prev, next, "")?
            } else {
                cx.b.build_not(next, "")?
            };
            cx.push_if(keep, aux, &dt, cnt, |_| Ok(x))
        })?;
        let k = self.b.build_load(i64t, cnt, "")?.into_int_value();
        self.first_items(aux, k)
    }

    /// When `keep`, stores the item `item` makes at `out[*cnt]` (a 1-d C array of `dt`) and
    /// counts it.
    fn push_if(
        &mut self,
        keep: IntValue<'ctx>,
        out: BV<'ctx>,
        dt: &Type,
        cnt: inkwell::values::PointerValue<'ctx>,
        item: impl FnOnce(&mut Self) -> R<BV<'ctx>>,
    ) -> R<()> {
        let i64t = self.ctx.i64_type();
        let yes = self.new_block("keep_item");
        let done = self.new_block("kept_item");
        self.b.build_conditional_branch(keep, yes, done)?;
        self.b.position_at_end(yes);
        let x = item(self)?;
        let k = self.b.build_load(i64t, cnt, "")?.into_int_value();
        self.store_element(self.out_ptr(out, dt, k)?, x, dt, dt)?;
        self.b.build_store(cnt, self.b.build_int_add(k, self.i64(1), "")?)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        Ok(())
    }

    /// The first `k` items of the new 1-d array `c`, as a 1-d array owning `c`'s reference.
    pub(crate) fn first_items(&self, c: BV<'ctx>, k: IntValue<'ctx>) -> R<BV<'ctx>> {
        let isz = self.field(c, 3)?.into_int_value();
        let mi = self.field(c, 0)?.into_pointer_value();
        let parent = self.field(c, 1)?.into_pointer_value();
        let dp = self.field(c, 4)?.into_pointer_value();
        self.make_array(1, mi, parent, isz, dp, &[k], &[isz])
    }

    /// `a[_in1d_impl(a, b, assume_unique=True, invert=True)]` of two 1-d arrays (held).
    fn set_difference(&mut self, a: BV<'ctx>, at: &Type, b: BV<'ctx>, bt: &Type) -> R<BV<'ctx>> {
        use NumericKind as K;
        let (Some(ak), Some(bk)) = (numeric(at), numeric(bt)) else { return self.fail("np.setdiff1d of non-numbers") };
        // The concatenation's dtype; comparisons in it give the same answers as in NumPy's.
        let ct = if [ak, bk].iter().any(|k| k.is_complex()) {
            Type::Number(K::Complex128)
        } else if [ak, bk].iter().any(|k| k.is_float() || *k == K::UInt64) {
            Type::float64()
        } else {
            Type::int64()
        };
        let i64t = self.ctx.i64_type();
        let f64t = self.ctx.f64_type();
        let na = self.field(a, 2)?.into_int_value();
        let nb = self.field(b, 2)?.into_int_value();
        let a1 = numrs_types::ArrayType::new(at.clone(), 1, Layout::C, false);
        let b1 = numrs_types::ArrayType::new(bt.clone(), 1, Layout::C, false);
        // keep[i]: whether a[i] is kept.
        let bool_t = Type::Number(K::Boolean);
        let keep = self.alloc_array(&bool_t, &[na])?;
        self.hold_temp(keep, &array_type(&bool_t, 1, Layout::C))?;
        // len(ar2) < 10 * len(ar1) ** 0.145
        let naf = self.b.build_signed_int_to_float(na, f64t, "")?;
        let pw = crate::ops::intrinsic_call(self, "llvm.pow", &[naf.into(), f64t.const_float(0.145).into()])?.into_float_value();
        let lim = self.b.build_float_mul(f64t.const_float(10.0), pw, "")?;
        let nbf = self.b.build_signed_int_to_float(nb, f64t, "")?;
        let short = self.b.build_float_compare(inkwell::FloatPredicate::OLT, nbf, lim, "")?;
        let brute = self.new_block("setdiff_compare");
        let sorted = self.new_block("setdiff_sort");
        let join = self.new_block("setdiff_join");
        self.b.build_conditional_branch(short, brute, sorted)?;

        // Every item of `a` against every item of `b`.
        self.b.position_at_end(brute);
        {
            let (a1, b1, ct, bool_t) = (a1.clone(), b1.clone(), ct.clone(), bool_t.clone());
            self.counted_loop(na, |cx, i| {
                let x = cx.elem_at(a, &a1, i)?;
                let x = cx.cast(x, &a1.dtype, &ct)?;
                let all = cx.temp(cx.ctx.bool_type().into())?;
                cx.b.build_store(all, cx.ctx.bool_type().const_int(1, false))?;
                cx.counted_loop(nb, |cx, j| {
                    let y = cx.elem_at(b, &b1, j)?;
                    let y = cx.cast(y, &b1.dtype, &ct)?;
                    let ne = cx.b.build_not(cx.compare_items(x, y, &ct, Cmp::Eq)?, "")?;
                    let cur = cx.b.build_load(cx.ctx.bool_type(), all, "")?.into_int_value();
                    cx.b.build_store(all, cx.b.build_and(cur, ne, "")?)?;
                    Ok(())
                })?;
                let r = cx.b.build_load(cx.ctx.bool_type(), all, "")?;
                cx.store_element(cx.out_ptr(keep, &bool_t, i)?, r, &bool_t, &bool_t)
            })?;
        }
        self.b.build_unconditional_branch(join)?;

        // ar = concatenate((a, b)); order = ar.argsort(kind='mergesort'); flag[k] = sar[k+1] != sar[k],
        // flag[-1] = True; ret[order] = flag; ret[:len(a)].
        self.b.position_at_end(sorted);
        {
            let ar = self.concat_flat(&[(a, Type::Array(a1.clone().into())), (b, Type::Array(b1.clone().into()))], &ct)?;
            self.hold_temp(ar, &array_type(&ct, 1, Layout::C))?;
            let n = self.field(ar, 2)?.into_int_value();
            let it = Type::int64();
            let order = self.alloc_array(&it, &[n])?;
            self.hold_temp(order, &array_type(&it, 1, Layout::C))?;
            self.counted_loop(n, |cx, i| {
                cx.b.build_store(cx.out_ptr(order, &it, i)?, i)?;
                Ok(())
            })?;
            let f = self.sort_fn(&ct, true, true, false)?;
            let vd = self.field(ar, 4)?;
            let od = self.field(order, 4)?;
            self.b.build_call(f, &[vd.into(), od.into(), n.into()], "")?;
            let (ct2, bool_t2) = (ct.clone(), bool_t.clone());
            self.counted_loop(n, |cx, k| {
                let pos = cx.load_element(cx.out_ptr(order, &it, k)?, &it)?.into_int_value();
                let k1 = cx.b.build_int_add(k, cx.i64(1), "")?;
                let last = cx.b.build_int_compare(IntPredicate::SGE, k1, n, "")?;
                let safe = cx.b.build_select(last, k, k1, "")?.into_int_value();
                let pnext = cx.load_element(cx.out_ptr(order, &it, safe)?, &it)?.into_int_value();
                let x = cx.load_element(cx.out_ptr(ar, &ct2, pos)?, &ct2)?;
                let y = cx.load_element(cx.out_ptr(ar, &ct2, pnext)?, &ct2)?;
                let ne = cx.b.build_not(cx.compare_items(y, x, &ct2, Cmp::Eq)?, "")?;
                let flag = cx.b.build_or(ne, last, "")?;
                // Only positions inside `a` matter.
                let in_a = cx.b.build_int_compare(IntPredicate::SLT, pos, na, "")?;
                let yes = cx.new_block("setdiff_mark");
                let done = cx.new_block("setdiff_marked");
                cx.b.build_conditional_branch(in_a, yes, done)?;
                cx.b.position_at_end(yes);
                cx.store_element(cx.out_ptr(keep, &bool_t2, pos)?, flag.into(), &bool_t2, &bool_t2)?;
                cx.b.build_unconditional_branch(done)?;
                cx.b.position_at_end(done);
                Ok(())
            })?;
        }
        self.b.build_unconditional_branch(join)?;
        self.b.position_at_end(join);

        // a[keep]
        let out = self.alloc_array(at, &[na])?;
        let cnt = self.temp(i64t.into())?;
        self.b.build_store(cnt, self.i64(0))?;
        let at2 = at.clone();
        self.counted_loop(na, |cx, i| {
            let kp = cx.load_element(cx.out_ptr(keep, &bool_t, i)?, &bool_t)?.into_int_value();
            cx.push_if(kp, out, &at2, cnt, |cx| cx.elem_at(a, &a1, i))
        })?;
        let k = self.b.build_load(i64t, cnt, "")?.into_int_value();
        self.first_items(out, k)
    }
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `np.partition(a, kth)` / `np.argpartition(a, kth)` along the last axis, as Numba's
    /// `np_partition_impl_inner`: the `kth` values (a number or a 1-d array; negative ones
    /// counted from the end, `ValueError` when out of bounds) sorted and made unique, then
    /// each row copied and put through `_select_w_nan` for each of them in turn (the next
    /// selection starting at the previous kth). An empty array gives an empty copy.
    pub(crate) fn partition(&mut self, arg: bool, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("a partition producing {tt}")) };
        let (Some(av), Some(kv)) = (arg_kw(args, kws, 0, "a"), arg_kw(args, kws, 1, "kth")) else {
            return self.fail("np.partition without its arguments");
        };
        let (x, a) = self.arr(av)?;
        if numeric(&a.dtype).is_none_or(|k| k.is_complex()) || a.ndim == 0 {
            return self.fail(format!("np.partition of {} is not supported by numrs build yet", Type::Array(a.into())));
        }
        let i64t = self.ctx.i64_type();
        let it = Type::int64();
        let nd = a.ndim as usize;
        let shape = self.dims(x, 5, a.ndim)?;
        let last = shape[nd - 1];
        let total = self.field(x, 2)?.into_int_value();
        let rt = ra.dtype.clone();
        let fortran = ra.layout == Layout::F && nd > 1;
        let empty = self.b.build_int_compare(IntPredicate::EQ, total, self.i64(0), "")?;
        let work = self.new_block("partition_work");
        let nothing = self.new_block("partition_empty");
        let done = self.new_block("partition_done");
        self.b.build_conditional_branch(empty, nothing, work)?;
        self.b.position_at_end(nothing);
        let none_out = self.alloc_array(&rt, &shape)?;
        let Some(nothing_end) = self.b.get_insert_block() else { return self.fail("internal error: no block") };
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(work);
        // The kth values: checked, counted from the end when negative, sorted, unique.
        let kt = self.ty(kv)?;
        let kx = self.load(kv)?;
        let kths = self.concat_flat(&[(kx, kt)], &it)?;
        let nk = self.field(kths, 2)?.into_int_value();
        let bad = self.temp(self.ctx.bool_type().into())?;
        self.b.build_store(bad, self.ctx.bool_type().const_zero())?;
        let it2 = it.clone();
        self.counted_loop(nk, |cx, j| {
            let p = cx.out_ptr(kths, &it2, j)?;
            let v = cx.load_element(p, &it2)?.into_int_value();
            let neg = cx.b.build_int_compare(IntPredicate::SLT, v, cx.i64(0), "")?;
            let absv = cx.b.build_select(neg, cx.b.build_int_neg(v, "")?, v, "")?.into_int_value();
            let oob = cx.b.build_int_compare(IntPredicate::SGE, absv, last, "")?;
            let cur = cx.b.build_load(cx.ctx.bool_type(), bad, "")?.into_int_value();
            cx.b.build_store(bad, cx.b.build_or(cur, oob, "")?)?;
            let fixed = cx.b.build_select(neg, cx.b.build_int_add(v, last, "")?, v, "")?;
            cx.b.build_store(p, fixed)?;
            Ok(())
        })?;
        let b = self.b.build_load(self.ctx.bool_type(), bad, "")?.into_int_value();
        let kts = array_type(&it, 1, Layout::C);
        self.hold_temp(kths, &kts)?;
        self.guard(b, numrs_abi::ExcKind::ValueError, "kth out of bounds")?;
        let kths = self.unique_owned_borrowed(kths)?;
        let nk = self.field(kths, 2)?.into_int_value();
        // One row's values (and positions), reused for every row.
        let dt = a.dtype.clone();
        let vals = self.alloc_array(&dt, &[last])?;
        self.hold_temp(vals, &array_type(&dt, 1, Layout::C))?;
        let pos = self.alloc_array(&it, &[last])?;
        self.hold_temp(pos, &kts)?;
        // Allocated after the checks, so that a raise leaves nothing behind.
        let out = if fortran { self.alloc_fortran(&rt, &shape)? } else { self.alloc_array(&rt, &shape)? };
        let select = self.select_fn(&dt, arg)?;
        let rows = self.b.build_int_signed_div(total, last, "")?;
        let outer: Vec<IntValue<'ctx>> = shape[..nd - 1].to_vec();
        let vd = self.field(vals, 4)?;
        let pd = self.field(pos, 4)?;
        let high = self.b.build_int_sub(last, self.i64(1), "")?;
        let (a2, dt2, it3, rt2) = (a.clone(), dt.clone(), it.clone(), rt.clone());
        self.counted_loop(rows, |cx, r| {
            let ridx = cx.unravel_index(r, &outer)?;
            let at = |j: IntValue<'ctx>| -> Vec<(BV<'ctx>, Type)> {
                ridx.iter().map(|v| ((*v).into(), Type::int64())).chain(std::iter::once((j.into(), Type::int64()))).collect()
            };
            cx.counted_loop(last, |cx, j| {
                let p = cx.element_ptr(x, a2.ndim, &at(j))?;
                let v = cx.load_element(p, &a2.dtype)?;
                cx.store_element(cx.out_ptr(vals, &dt2, j)?, v, &a2.dtype, &dt2)?;
                cx.b.build_store(cx.out_ptr(pos, &it3, j)?, j)?;
                Ok(())
            })?;
            let low = cx.temp(i64t.into())?;
            cx.b.build_store(low, cx.i64(0))?;
            cx.counted_loop(nk, |cx, q| {
                let k = cx.load_element(cx.out_ptr(kths, &it3, q)?, &it3)?.into_int_value();
                let lo = cx.b.build_load(i64t, low, "")?.into_int_value();
                let r_ptr = if arg { pd } else { vd };
                cx.b.build_call(select, &[vd.into(), r_ptr.into(), lo.into(), high.into(), k.into()], "")?;
                cx.b.build_store(low, k)?;
                Ok(())
            })?;
            cx.counted_loop(last, |cx, j| {
                let v = if arg { cx.load_element(cx.out_ptr(pos, &it3, j)?, &it3)? } else { cx.load_element(cx.out_ptr(vals, &dt2, j)?, &dt2)? };
                let from = if arg { it3.clone() } else { dt2.clone() };
                let p = cx.element_ptr(out, a2.ndim, &at(j))?;
                cx.store_element(p, v, &from, &rt2)
            })
        })?;
        let Some(work_end) = self.b.get_insert_block() else { return self.fail("internal error: no block") };
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        let phi = self.b.build_phi(out.get_type(), "")?;
        phi.add_incoming(&[(&none_out, nothing_end), (&out, work_end)]);
        self.fresh = true;
        let layout = if fortran { Layout::F } else { Layout::C };
        self.cast(phi.as_basic_value(), &array_type(&rt, a.ndim, layout), tt)
    }

    /// `np.unique` of a held 1-d int64 array `c` (sorted and compacted in place); the result
    /// borrows `c`'s memory.
    fn unique_owned_borrowed(&mut self, c: BV<'ctx>) -> R<BV<'ctx>> {
        let it = Type::int64();
        let t = array_type(&it, 1, Layout::C);
        // `unique_owned` takes a reference; give it one of its own.
        self.incref(c, &t)?;
        let u = self.unique_owned(c, &it, &t)?;
        self.fresh = false;
        self.hold_temp(u, &t)?;
        Ok(u)
    }
}
