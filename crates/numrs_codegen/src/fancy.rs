//! Indexing beyond integers and slices: `None`/`np.newaxis` (see `arrays::Ix`), one integer
//! or boolean array along the first axis (`a[idx]`, `a[mask]`, as Numba's `FancyIndexer` for a
//! single advanced index), assignment through views (`a[1:] = x`, `a[i] = row`) and through
//! advanced indices (`a[mask] = v`, `a[idx] = v`), and iterating over the rows of an n-d array.

use std::sync::Arc;

use inkwell::values::{BasicValue, BasicValueEnum, IntValue};
use inkwell::IntPredicate;
use numrs_abi::ExcKind;
use numrs_ir::VarId;
use numrs_types::{ArrayType, Layout, NumericKind, Type};

use crate::func::{FnCx, R};
use crate::npfuncs::array_type;
use crate::types::{self, numeric};

type BV<'ctx> = BasicValueEnum<'ctx>;

/// Whether an index type needs this module (an array, `None`, or a tuple holding one).
fn is_special_index(t: &Type) -> bool {
    match t {
        Type::Array(_) | Type::NoneType => true,
        _ => t.tuple_items().is_some_and(|items| items.iter().any(is_special_index)),
    }
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `a[index]` for the indices handled here; None: an ordinary index.
    pub(crate) fn fancy_getitem(&mut self, value: VarId, index: VarId, tt: &Type) -> R<Option<BV<'ctx>>> {
        let it = self.ty(index)?;
        if !is_special_index(&it) {
            return Ok(None);
        }
        if let Type::Array(ix) = &it {
            return self.take_rows(value, index, ix, tt).map(Some);
        }
        // `None` among integers and slices: a view.
        let ix = self.view_indices(index, &it)?;
        self.array_view(value, ix, tt).map(Some)
    }

    /// The selected positions along axis 0 of an index array: (count, position of the k-th).
    fn selection(&mut self, index: VarId, ix: &ArrayType, n0: IntValue<'ctx>) -> R<(IntValue<'ctx>, BV<'ctx>, ArrayType)> {
        let iv = self.load(index)?;
        if ix.ndim != 1 {
            return self.fail(format!("array index of type array({}, {}d) is not supported by numrs build yet", ix.dtype, ix.ndim));
        }
        match numeric(&ix.dtype) {
            Some(NumericKind::Boolean) => {
                // The positions of the true entries, as Numba's boolean indexer walks the mask.
                let m = self.field(iv, 2)?.into_int_value();
                let cnt = self.temp(self.ctx.i64_type().into())?;
                self.b.build_store(cnt, self.i64(0))?;
                let ixc = ix.clone();
                self.counted_loop(m, |cx, i| {
                    let x = cx.elem_at(iv, &ixc, i)?.into_int_value();
                    let x = cx.b.build_int_z_extend(x, cx.ctx.i64_type(), "")?;
                    let c = cx.b.build_load(cx.ctx.i64_type(), cnt, "")?.into_int_value();
                    cx.b.build_store(cnt, cx.b.build_int_add(c, x, "")?)?;
                    Ok(())
                })?;
                let c = self.b.build_load(self.ctx.i64_type(), cnt, "")?.into_int_value();
                let pos = self.alloc_array(&Type::int64(), &[c])?;
                self.hold_temp(pos, &array_type(&Type::int64(), 1, Layout::C))?;
                self.b.build_store(cnt, self.i64(0))?;
                self.counted_loop(m, |cx, i| {
                    let x = cx.elem_at(iv, &ixc, i)?.into_int_value();
                    let yes = cx.new_block("mask_yes");
                    let next = cx.new_block("mask_next");
                    cx.b.build_conditional_branch(x, yes, next)?;
                    cx.b.position_at_end(yes);
                    let k = cx.b.build_load(cx.ctx.i64_type(), cnt, "")?.into_int_value();
                    let p = cx.out_ptr(pos, &Type::int64(), k)?;
                    cx.b.build_store(p, i)?;
                    cx.b.build_store(cnt, cx.b.build_int_add(k, cx.i64(1), "")?)?;
                    cx.b.build_unconditional_branch(next)?;
                    cx.b.position_at_end(next);
                    Ok(())
                })?;
                let pt = ArrayType { dtype: Type::int64(), ndim: 1, layout: Layout::C, readonly: false };
                Ok((c, pos, pt))
            }
            Some(k) if k.is_integer() => {
                let _ = n0;
                let c = self.field(iv, 2)?.into_int_value();
                Ok((c, iv, ix.clone()))
            }
            _ => self.fail(format!("array index of type array({}) is not supported by numrs build yet", ix.dtype)),
        }
    }

    /// The k-th selected position (negative integers wrap; no bounds check, as Numba).
    fn selected(&self, sel: BV<'ctx>, st: &ArrayType, k: IntValue<'ctx>, n0: IntValue<'ctx>) -> R<IntValue<'ctx>> {
        let x = self.elem_at(sel, st, k)?;
        let x = self.cast(x, &st.dtype, &Type::int64())?.into_int_value();
        let neg = self.b.build_int_compare(IntPredicate::SLT, x, self.i64(0), "")?;
        let w = self.b.build_int_add(x, n0, "")?;
        Ok(self.b.build_select(neg, w, x, "")?.into_int_value())
    }

    /// `a[idx]` / `a[mask]`: a new array of the selected rows.
    fn take_rows(&mut self, value: VarId, index: VarId, ix: &ArrayType, tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(value)?;
        let Type::Array(ra) = tt else { return self.fail(format!("fancy indexing producing {tt}")) };
        if a.ndim == 0 || ra.ndim != a.ndim {
            return self.fail(format!("indexing {} with array({}, {}d) is not supported by numrs build yet", Type::Array(Arc::new(a.clone())), ix.dtype, ix.ndim));
        }
        let shape = self.dims(arr, 5, a.ndim)?;
        let strides = self.dims(arr, 6, a.ndim)?;
        let (c, sel, st) = self.selection(index, ix, shape[0])?;
        let mut oshape = shape.clone();
        oshape[0] = c;
        let out = self.alloc_array(&a.dtype, &oshape)?;
        let data = self.field(arr, 4)?.into_pointer_value();
        let et = types::storage_type(self.ctx, &a.dtype).map_err(|m| self.cg_err(m))?;
        if a.ndim == 1 {
            let dt = a.dtype.clone();
            self.counted_loop(c, |cx, k| {
                let i = cx.selected(sel, &st, k, shape[0])?;
                let off = cx.b.build_int_mul(i, strides[0], "")?;
                let p = unsafe { cx.b.build_gep(cx.ctx.i8_type(), data, &[off], "")? };
                let x = cx.b.build_load(et, p, "")?;
                let q = cx.out_ptr(out, &dt, k)?;
                cx.b.build_store(q, x)?;
                Ok(())
            })?;
        } else {
            // Row by row: each selected row copied into the result's row k.
            let ostr = self.dims(out, 6, a.ndim)?;
            let odata = self.field(out, 4)?.into_pointer_value();
            let isz = self.field(arr, 3)?.into_int_value();
            let ra2 = ArrayType { dtype: a.dtype.clone(), ndim: a.ndim - 1, layout: Layout::A, readonly: false };
            let rt = Type::Array(Arc::new(ra2.clone()));
            self.counted_loop(c, |cx, k| {
                let i = cx.selected(sel, &st, k, shape[0])?;
                let off = cx.b.build_int_mul(i, strides[0], "")?;
                let sp = unsafe { cx.b.build_gep(cx.ctx.i8_type(), data, &[off], "")? };
                let src = cx.view_of(arr, sp, &shape[1..], &strides[1..], isz)?;
                let doff = cx.b.build_int_mul(k, ostr[0], "")?;
                let dp = unsafe { cx.b.build_gep(cx.ctx.i8_type(), odata, &[doff], "")? };
                let dst = cx.view_of(out, dp, &oshape[1..], &ostr[1..], isz)?;
                cx.assign_broadcast(dst, &ra2, src, &rt)
            })?;
        }
        self.fresh = true;
        self.cast(out, &array_type(&a.dtype, a.ndim, Layout::C), tt)
    }

    /// `a[index] = value` for the indices handled here; false: an ordinary element store.
    pub(crate) fn setitem_ext(&mut self, target: VarId, index: VarId, value: VarId) -> R<bool> {
        let tt = self.ty(target)?;
        let it = self.ty(index)?;
        let Type::Array(a) = &tt else { return Ok(false) };
        let a = (**a).clone();
        let vt = self.ty(value)?;
        if let Type::Array(ix) = &it {
            if a.readonly {
                return self.fail("assignment to a read-only array");
            }
            let ix = (**ix).clone();
            self.put_rows(target, index, &ix, value)?;
            return Ok(true);
        }
        // Anything that leaves dimensions (slices, fewer integers, None): assign into a view.
        let items = it.tuple_items().unwrap_or_else(|| vec![it.clone()]);
        let ints = items.iter().filter(|t| numeric(t).is_some_and(|k| k.is_integer() || k == NumericKind::Boolean)).count();
        let is_view = matches!(vt, Type::Array(_)) || ints < a.ndim as usize || is_special_index(&it);
        if !is_view || items.iter().any(|t| !(numeric(t).is_some() || matches!(t, Type::Slice2 | Type::Slice3 | Type::NoneType))) {
            return Ok(false);
        }
        if a.readonly {
            return self.fail("assignment to a read-only array");
        }
        let ixs = self.view_indices(index, &it)?;
        let nd = a.ndim as usize + ixs.iter().filter(|x| matches!(x, crate::arrays::Ix::NewAxis)).count()
            - ixs.iter().filter(|x| matches!(x, crate::arrays::Ix::Int(_))).count();
        let va = ArrayType { dtype: a.dtype.clone(), ndim: nd as u32, layout: Layout::A, readonly: false };
        let view = self.array_view(target, ixs, &Type::Array(Arc::new(va.clone())))?;
        let v = self.load(value)?;
        self.assign_broadcast(view, &va, v, &vt)?;
        Ok(true)
    }

    /// `a[idx] = v` / `a[mask] = v`: a scalar to every selected row, or an array with one
    /// item (row) per selected position.
    fn put_rows(&mut self, target: VarId, index: VarId, ix: &ArrayType, value: VarId) -> R<()> {
        let (arr, a) = self.arr(target)?;
        if a.ndim == 0 {
            return self.fail("indexing a 0-d array with an array is not supported by numrs build yet");
        }
        let shape = self.dims(arr, 5, a.ndim)?;
        let strides = self.dims(arr, 6, a.ndim)?;
        let (c, sel, st) = self.selection(index, ix, shape[0])?;
        let vt = self.ty(value)?;
        let v = self.load(value)?;
        let data = self.field(arr, 4)?.into_pointer_value();
        let isz = self.field(arr, 3)?.into_int_value();
        let ra = ArrayType { dtype: a.dtype.clone(), ndim: a.ndim - 1, layout: Layout::A, readonly: false };
        let (src, sa) = match &vt {
            Type::Array(sa) => {
                let sa = (**sa).clone();
                if sa.ndim == 0 || sa.ndim > a.ndim {
                    return self.fail(format!("assigning {vt} through an index array is not supported by numrs build yet"));
                }
                // One source row per selected position (or one broadcast to all).
                let sn = self.dims(v, 5, sa.ndim)?;
                if sa.ndim == a.ndim {
                    let ok1 = self.b.build_int_compare(IntPredicate::EQ, sn[0], c, "")?;
                    let ok2 = self.b.build_int_compare(IntPredicate::EQ, sn[0], self.i64(1), "")?;
                    let bad = self.b.build_not(self.b.build_or(ok1, ok2, "")?, "")?;
                    self.guard(bad, ExcKind::ValueError, "cannot assign slice from input of different size")?;
                }
                (Some(v), Some(sa))
            }
            t if numeric(t).is_some() => (None, None),
            other => return self.fail(format!("assigning {other} through an index array is not supported by numrs build yet")),
        };
        let dt = a.dtype.clone();
        self.counted_loop(c, |cx, k| {
            let i = cx.selected(sel, &st, k, shape[0])?;
            let off = cx.b.build_int_mul(i, strides[0], "")?;
            let dp = unsafe { cx.b.build_gep(cx.ctx.i8_type(), data, &[off], "")? };
            match (&src, &sa) {
                (Some(s), Some(sa)) if sa.ndim == a.ndim => {
                    // Row k of the source (row 0 when it has one).
                    let sshape = cx.dims(*s, 5, sa.ndim)?;
                    let sstr = cx.dims(*s, 6, sa.ndim)?;
                    let one = cx.b.build_int_compare(IntPredicate::EQ, sshape[0], cx.i64(1), "")?;
                    let r = cx.b.build_select(one, cx.i64(0), k, "")?.into_int_value();
                    let soff = cx.b.build_int_mul(r, sstr[0], "")?;
                    let sdata = cx.field(*s, 4)?.into_pointer_value();
                    let sp = unsafe { cx.b.build_gep(cx.ctx.i8_type(), sdata, &[soff], "")? };
                    if a.ndim == 1 {
                        let x = cx.load_element(sp, &sa.dtype)?;
                        return cx.store_element(dp, x, &sa.dtype, &dt);
                    }
                    let sisz = cx.field(*s, 3)?.into_int_value();
                    let row = cx.view_of(*s, sp, &sshape[1..], &sstr[1..], sisz)?;
                    let dst = cx.view_of(arr, dp, &shape[1..], &strides[1..], isz)?;
                    let rt = array_type(&sa.dtype, sa.ndim - 1, Layout::A);
                    cx.assign_broadcast(dst, &ra, row, &rt)
                }
                (Some(s), Some(sa)) => {
                    // A source of fewer dimensions: broadcast to every selected row.
                    let dst = cx.view_of(arr, dp, &shape[1..], &strides[1..], isz)?;
                    cx.assign_broadcast(dst, &ra, *s, &Type::Array(Arc::new(sa.clone())))
                }
                _ => {
                    if a.ndim == 1 {
                        return cx.store_element(dp, v, &vt, &dt);
                    }
                    let dst = cx.view_of(arr, dp, &shape[1..], &strides[1..], isz)?;
                    cx.assign_broadcast(dst, &ra, v, &vt)
                }
            }
        })
    }

    /// The next row of an n-d array iterator (a view), as `iternext` pairs it.
    pub(crate) fn iternext_rows(&self, state: inkwell::values::PointerValue<'ctx>, st: inkwell::types::StructType<'ctx>, a: &ArrayType, item_t: &Type) -> R<BV<'ctx>> {
        let pt = self.ctx.struct_type(&[self.vt(item_t)?, self.ctx.bool_type().into()], false);
        let at = types::array_struct(self.ctx, a.ndim);
        let pa = self.b.build_struct_gep(st, state, 0, "")?;
        let arr = self.b.build_load(at, pa, "")?;
        let pi = self.b.build_struct_gep(st, state, 1, "")?;
        let i = self.b.build_load(self.ctx.i64_type(), pi, "")?.into_int_value();
        let shape = self.dims(arr, 5, a.ndim)?;
        let strides = self.dims(arr, 6, a.ndim)?;
        let valid = self.b.build_int_compare(IntPredicate::SLT, i, shape[0], "")?;
        let next = self.b.build_int_add(i, self.i64(1), "")?;
        let ni = self.b.build_select(valid, next, i, "")?;
        self.b.build_store(pi, ni)?;
        let off = self.b.build_int_mul(i, strides[0], "")?;
        let data = self.field(arr, 4)?.into_pointer_value();
        let p = unsafe { self.b.build_gep(self.ctx.i8_type(), data, &[off], "")? };
        let isz = self.field(arr, 3)?.into_int_value();
        let row = self.view_of(arr, p, &shape[1..], &strides[1..], isz)?;
        let layout = if a.layout == Layout::C { Layout::C } else { Layout::A };
        let rt = Type::Array(Arc::new(ArrayType { dtype: a.dtype.clone(), ndim: a.ndim - 1, layout, readonly: a.readonly }));
        let row = self.cast(row, &rt, item_t)?;
        let agg = self.b.build_insert_value(pt.get_undef(), row, 0, "")?;
        let agg = self.b.build_insert_value(agg, valid, 1, "")?;
        Ok(agg.as_basic_value_enum())
    }
}
