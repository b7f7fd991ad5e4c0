//! NumPy functions that build index arrays or matrices of powers, as Numba's `arraymath.py`
//! defines them: `np.tril_indices`/`np.triu_indices` (and `_from`), `np.argwhere`,
//! `np.flatnonzero` and `np.vander`.

use inkwell::values::{BasicValue, BasicValueEnum, IntValue};
use inkwell::IntPredicate;
use numrs_ir::VarId;
use numrs_types::{Layout, Type};

use crate::func::{FnCx, R};
use crate::npfuncs::{arg_kw, array_type};
use crate::types::numeric;

type BV<'ctx> = BasicValueEnum<'ctx>;

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// An optional integer argument (absent, omitted or `None`: `None`).
    pub(crate) fn opt_int(&self, v: Option<VarId>) -> R<Option<IntValue<'ctx>>> {
        match v {
            Some(v) if !matches!(self.ty(v)?, Type::Omitted(_) | Type::NoneType) => Ok(Some(self.int_arg(v)?)),
            _ => Ok(None),
        }
    }

    /// `np.tril_indices(n, k=0, m=None)` / `np.triu_indices` and their `_from(arr, k=0)`
    /// forms: `np.nonzero(np.tri(n, m, k))` (lower) or `np.nonzero(1 - np.tri(n, m, k - 1))`
    /// (upper), the row and column positions in C order.
    pub(crate) fn tri_indices(&mut self, name: &str, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let upper = name.starts_with("triu");
        let (rows, cols, k) = if name.ends_with("_from") {
            let Some(av) = arg_kw(args, kws, 0, "arr") else { return self.fail(format!("numpy.{name} without an array")) };
            let (arr, a) = self.arr(av)?;
            if a.ndim != 2 {
                return self.fail(format!("numpy.{name} of a {}-d array", a.ndim));
            }
            let shape = self.dims(arr, 5, 2)?;
            (shape[0], Some(shape[1]), self.opt_int(arg_kw(args, kws, 1, "k"))?)
        } else {
            let Some(nv) = arg_kw(args, kws, 0, "n") else { return self.fail(format!("numpy.{name} without n")) };
            (self.int_arg(nv)?, self.opt_int(arg_kw(args, kws, 2, "m"))?, self.opt_int(arg_kw(args, kws, 1, "k"))?)
        };
        let k = k.unwrap_or(self.i64(0));
        let cols = cols.unwrap_or(rows);
        let clamp = |cx: &Self, x: IntValue<'ctx>| -> R<IntValue<'ctx>> {
            let neg = cx.b.build_int_compare(IntPredicate::SLT, x, cx.i64(0), "")?;
            Ok(cx.b.build_select(neg, cx.i64(0), x, "")?.into_int_value())
        };
        let (rows, cols) = (clamp(self, rows)?, clamp(self, cols)?);
        // In the triangle: j - i <= k (lower), j - i >= k (upper).
        let inside = move |cx: &Self, i: IntValue<'ctx>, j: IntValue<'ctx>| -> R<IntValue<'ctx>> {
            let d = cx.b.build_int_sub(j, i, "")?;
            let p = if upper { IntPredicate::SGE } else { IntPredicate::SLE };
            Ok(cx.b.build_int_compare(p, d, k, "")?)
        };
        let i64t = self.ctx.i64_type();
        let cnt = self.temp(i64t.into())?;
        self.b.build_store(cnt, self.i64(0))?;
        let total = self.b.build_int_mul(rows, cols, "")?;
        self.counted_loop(total, |cx, p| {
            let i = cx.b.build_int_signed_div(p, cols, "")?;
            let j = cx.b.build_int_signed_rem(p, cols, "")?;
            let inc = cx.b.build_int_z_extend(inside(cx, i, j)?, i64t, "")?;
            let c = cx.b.build_load(i64t, cnt, "")?.into_int_value();
            cx.b.build_store(cnt, cx.b.build_int_add(c, inc, "")?)?;
            Ok(())
        })?;
        let n = self.b.build_load(i64t, cnt, "")?.into_int_value();
        let it = Type::int64();
        let ri = self.alloc_array(&it, &[n])?;
        let ci = self.alloc_array(&it, &[n])?;
        self.b.build_store(cnt, self.i64(0))?;
        let it2 = it.clone();
        self.counted_loop(total, |cx, p| {
            let i = cx.b.build_int_signed_div(p, cols, "")?;
            let j = cx.b.build_int_signed_rem(p, cols, "")?;
            let yes = cx.new_block("tri_yes");
            let next = cx.new_block("tri_next");
            cx.b.build_conditional_branch(inside(cx, i, j)?, yes, next)?;
            cx.b.position_at_end(yes);
            let c = cx.b.build_load(i64t, cnt, "")?.into_int_value();
            cx.b.build_store(cx.out_ptr(ri, &it2, c)?, i)?;
            cx.b.build_store(cx.out_ptr(ci, &it2, c)?, j)?;
            cx.b.build_store(cnt, cx.b.build_int_add(c, cx.i64(1), "")?)?;
            cx.b.build_unconditional_branch(next)?;
            cx.b.position_at_end(next);
            Ok(())
        })?;
        let Some(items) = tt.tuple_items() else { return self.fail(format!("numpy.{name} producing {tt}")) };
        let st = self.vt(tt)?.into_struct_type();
        let ct = array_type(&it, 1, Layout::C);
        let r = self.cast(ri, &ct, &items[0])?;
        let c = self.cast(ci, &ct, &items[1])?;
        let agg = self.b.build_insert_value(st.get_undef(), r, 0, "")?;
        let agg = self.b.build_insert_value(agg, c, 1, "")?;
        self.fresh = true;
        Ok(agg.as_basic_value_enum())
    }

    /// `np.argwhere(a)`: `np.transpose(np.vstack(np.nonzero(a)))`, a `(count, ndim)` view of
    /// a C-ordered `(ndim, count)` array; a 0-d array gives a `(0, 1)` array; a number gives
    /// `(1, 0)` when true, else `(0, 0)`. `np.flatnonzero(a)`: the flat positions of the
    /// nonzero items (a number: `[0]` or `[]`).
    pub(crate) fn where_nonzero(&mut self, flat: bool, av: VarId, tt: &Type) -> R<BV<'ctx>> {
        let t = self.ty(av)?;
        let it = Type::int64();
        let i64t = self.ctx.i64_type();
        // A tuple of numbers: as the array `np.asarray` makes of it.
        let (x, t) = match &t {
            Type::UniTuple(..) => {
                let (x, a) = self.arr(av)?;
                (x, Type::Array(std::sync::Arc::new(a)))
            }
            _ => (self.load(av)?, t),
        };
        let Type::Array(a) = &t else {
            if numeric(&t).is_none() && t != Type::NoneType {
                return self.fail(format!("numpy.{} of {t}", if flat { "flatnonzero" } else { "argwhere" }));
            }
            // None is false.
            let truth = self.truth(x, &t)?;
            let one = self.b.build_int_z_extend(truth, i64t, "")?;
            let out = if flat {
                let out = self.alloc_array(&it, &[one])?;
                let yes = self.new_block("flatnz_one");
                let next = self.new_block("flatnz_done");
                self.b.build_conditional_branch(truth, yes, next)?;
                self.b.position_at_end(yes);
                self.b.build_store(self.out_ptr(out, &it, self.i64(0))?, self.i64(0))?;
                self.b.build_unconditional_branch(next)?;
                self.b.position_at_end(next);
                out
            } else {
                self.alloc_array(&it, &[one, self.i64(0)])?
            };
            self.fresh = true;
            return self.cast(out, &array_type(&it, if flat { 1 } else { 2 }, Layout::C), tt);
        };
        let a = (**a).clone();
        if !flat && a.ndim == 0 {
            let out = self.alloc_array(&it, &[self.i64(0), self.i64(1)])?;
            self.fresh = true;
            return self.cast(out, &array_type(&it, 2, Layout::C), tt);
        }
        // The nonzero items, counted.
        let count = {
            let slot = self.temp(i64t.into())?;
            self.b.build_store(slot, self.i64(0))?;
            let n = self.field(x, 2)?.into_int_value();
            let a2 = a.clone();
            self.counted_loop(n, |cx, i| {
                let v = cx.elem_at(x, &a2, i)?;
                let t = cx.truth(v, &a2.dtype)?;
                let c = cx.b.build_load(i64t, slot, "")?.into_int_value();
                let c = cx.b.build_int_add(c, cx.b.build_int_z_extend(t, i64t, "")?, "")?;
                cx.b.build_store(slot, c)?;
                Ok(())
            })?;
            self.b.build_load(i64t, slot, "")?.into_int_value()
        };
        let nd = a.ndim.max(1);
        let out = if flat { self.alloc_array(&it, &[count])? } else { self.alloc_array(&it, &[self.i64(nd as i64), count])? };
        let n = self.field(x, 2)?.into_int_value();
        let shape = self.dims(x, 5, a.ndim)?;
        let cnt = self.temp(i64t.into())?;
        self.b.build_store(cnt, self.i64(0))?;
        let it2 = it.clone();
        self.counted_loop(n, |cx, i| {
            let v = cx.elem_at(x, &a, i)?;
            let t = cx.truth(v, &a.dtype)?;
            let yes = cx.new_block("nz_yes");
            let next = cx.new_block("nz_next");
            cx.b.build_conditional_branch(t, yes, next)?;
            cx.b.position_at_end(yes);
            let c = cx.b.build_load(i64t, cnt, "")?.into_int_value();
            if flat {
                cx.b.build_store(cx.out_ptr(out, &it2, c)?, i)?;
            } else {
                let idx = if a.ndim == 0 { vec![cx.i64(0)] } else { cx.unravel_index(i, &shape)? };
                for (d, v) in idx.iter().enumerate() {
                    let at = cx.b.build_int_add(cx.b.build_int_mul(cx.i64(d as i64), count, "")?, c, "")?;
                    cx.b.build_store(cx.out_ptr(out, &it2, at)?, *v)?;
                }
            }
            cx.b.build_store(cnt, cx.b.build_int_add(c, cx.i64(1), "")?)?;
            cx.b.build_unconditional_branch(next)?;
            cx.b.position_at_end(next);
            Ok(())
        })?;
        self.fresh = true;
        if flat {
            return self.cast(out, &array_type(&it, 1, Layout::C), tt);
        }
        // The transpose: shape (count, ndim), strides (8, 8 * count).
        let mi = self.field(out, 0)?.into_pointer_value();
        let parent = self.field(out, 1)?.into_pointer_value();
        let data = self.field(out, 4)?.into_pointer_value();
        let row = self.b.build_int_mul(count, self.i64(8), "")?;
        let view = self.make_array(2, mi, parent, self.i64(8), data, &[count, self.i64(nd as i64)], &[self.i64(8), row])?;
        self.cast(view, &array_type(&it, 2, Layout::F), tt)
    }

    /// `np.vander(x, N=None, increasing=False)` of a 1-d array: columns of powers built by
    /// repeated `np.multiply` in the dtype `np.promote_types(x.dtype, int)`.
    pub(crate) fn vander(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("numpy.vander producing {tt}")) };
        let Some(xv) = arg_kw(args, kws, 0, "x") else { return self.fail("numpy.vander without x") };
        // A list or tuple of numbers as the array of them.
        let (x, a) = self.as_array(xv)?;
        if a.ndim != 1 {
            // `_check_vander_params`: a run-time ValueError (the code after it is not reached).
            let yes = self.ctx.bool_type().const_int(1, false);
            self.guard(yes, numrs_abi::ExcKind::ValueError, "x must be a one-dimensional array or sequence.")?;
        }
        let dt = ra.dtype.clone();
        let Some(k) = numeric(&dt) else { return self.fail(format!("numpy.vander producing {tt}")) };
        let len = self.field(x, 2)?.into_int_value();
        let n = self.opt_int(arg_kw(args, kws, 1, "N"))?.unwrap_or(len);
        let increasing = self.bool_arg(arg_kw(args, kws, 2, "increasing"))?;
        let neg = self.b.build_int_compare(IntPredicate::SLT, n, self.i64(0), "")?;
        self.guard(neg, numrs_abi::ExcKind::ValueError, "Negative dimensions are not allowed")?;
        let out = self.alloc_array(&dt, &[len, n])?;
        let one = self.cast(self.i64(1).into(), &Type::int64(), &dt)?;
        let (a2, dt2) = (a.clone(), dt.clone());
        // Column c: 1 at the start column, else x times the previous column.
        self.counted_loop(len, |cx, r| {
            let xr = cx.elem_at(x, &a2, r)?;
            let xr = cx.cast(xr, &a2.dtype, &dt2)?;
            let base = cx.b.build_int_mul(r, n, "")?;
            cx.counted_loop(n, |cx, s| {
                // s-th column visited: increasing → c = s, else c = n - 1 - s.
                let rev = cx.b.build_int_sub(cx.b.build_int_sub(n, cx.i64(1), "")?, s, "")?;
                let c = cx.b.build_select(increasing, s, rev, "")?.into_int_value();
                let first = cx.b.build_int_compare(IntPredicate::EQ, s, cx.i64(0), "")?;
                let step = cx.b.build_select(increasing, cx.i64(-1), cx.i64(1), "")?.into_int_value();
                // The previous column (read only when not first).
                let prev_c = cx.b.build_int_add(c, step, "")?;
                let prev_c = cx.b.build_select(first, c, prev_c, "")?.into_int_value();
                let pp = cx.out_ptr(out, &dt2, cx.b.build_int_add(base, prev_c, "")?)?;
                let prev = cx.load_element(pp, &dt2)?;
                let prod = cx.ufunc_elem("multiply", &[(xr, dt2.clone()), (prev, dt2.clone())], k)?;
                let v = cx.b.build_select(first, one, prod, "")?;
                let p = cx.out_ptr(out, &dt2, cx.b.build_int_add(base, c, "")?)?;
                cx.store_element(p, v, &dt2, &dt2)
            })
        })?;
        self.fresh = true;
        self.cast(out, &array_type(&dt, 2, Layout::C), tt)
    }
}
