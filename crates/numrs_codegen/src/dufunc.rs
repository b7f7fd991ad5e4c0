//! `f.reduce(array, axis=0, dtype=None, initial=None)` of a `@vectorize` function (Numba's
//! DUFunc `reduce` overload) in compiled code: the ufunc's loop applied along the array.

use inkwell::values::{BasicValueEnum, IntValue};
use inkwell::IntPredicate;
use numrs_abi::ExcKind;
use numrs_ir::VarId;
use numrs_types::{ArrayType, DispatcherRef, Type};

use crate::func::{FnCx, R};

/// Lowers `func(args, kws)` when `func` is a DUFunc's bound `reduce` or `at`; `None`
/// otherwise.
pub(crate) fn call<'ctx>(cx: &mut FnCx<'_, 'ctx>, func: VarId, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
    let Type::BoundFunction(b) = cx.ty(func)? else { return Ok(None) };
    if b.0.starts_with("ufunc.at:") {
        let Type::Dispatcher(d) = &b.1 else { return Ok(None) };
        at(cx, d, args, kws)?;
        return Ok(Some(cx.vt(tt)?.const_zero()));
    }
    let Some(identity) = numrs_infer::dufunc::reduce_identity(&b.0) else { return Ok(None) };
    let Type::Dispatcher(d) = &b.1 else { return Ok(None) };
    let [array, axis, dtype, initial] = numrs_infer::dufunc::bind_reduce(args, kws).map_err(|m| cx.cg_err(m))?;
    let Some(array) = array else { return cx.fail("reduce without an array") };
    let (arr, a) = cx.arr(array)?;
    let axis_t = match axis {
        Some(v) => Some(cx.ty(v)?),
        None => None,
    };
    let plan = numrs_infer::dufunc::reduce_plan(a.ndim, axis_t.as_ref()).map_err(|m| cx.cg_err(m))?;
    // An initial value passed (not None).
    let initial = match initial {
        Some(v) if !matches!(cx.ty(v)?, Type::NoneType | Type::Omitted(_)) => Some((cx.load(v)?, cx.ty(v)?)),
        _ => None,
    };
    let identity_value = |cx: &FnCx<'_, 'ctx>| identity.map(|i| (BasicValueEnum::from(cx.i64(i as i64)), Type::int64()));
    let init = initial.or_else(|| identity_value(cx));
    use numrs_infer::dufunc::ReducePlan;
    match plan {
        ReducePlan::Flat => reduce_flat(cx, d, arr, &a, init, tt).map(Some),
        // `axis=()`: the array itself.
        ReducePlan::Itself => Ok(Some(arr)),
        ReducePlan::Axis => {
            let Type::Array(ra) = tt else { return cx.fail(format!("reduce along an axis giving {tt}")) };
            let ax = match (axis, &axis_t) {
                // `axis=(k,)`.
                (Some(v), Some(t)) if t.tuple_items().is_some() => axis_item(cx, v, t, 0)?,
                (Some(v), Some(t)) if !matches!(t, Type::Omitted(_)) => cx.int_arg(v)?,
                _ => cx.i64(0),
            };
            let out = reduce_axis(cx, d, arr, &a, ax, &ra.dtype, init)?;
            // A new array: the variable takes this reference.
            cx.fresh = true;
            Ok(Some(out))
        }
        ReducePlan::All | ReducePlan::Pair => {
            // The first step along the smaller axis (0 for all axes), with `dtype` and `initial`.
            let (first, second) = match (plan, axis, &axis_t) {
                (ReducePlan::Pair, Some(v), Some(t)) => {
                    let mut ax = Vec::new();
                    for k in 0..2 {
                        let x = axis_item(cx, v, t, k)?;
                        // Negative axes count from the end (Numba's `fixup_axis`).
                        let neg = cx.b.build_int_compare(IntPredicate::SLT, x, cx.i64(0), "")?;
                        let wrapped = cx.b.build_int_add(x, cx.i64(a.ndim as i64), "")?;
                        ax.push(cx.b.build_select(neg, wrapped, x, "")?.into_int_value());
                    }
                    let (x, y) = (ax[0], ax[1]);
                    let same = cx.b.build_int_compare(IntPredicate::EQ, x, y, "")?;
                    cx.guard(same, ExcKind::ValueError, "duplicate value in 'axis'")?;
                    let lt = cx.b.build_int_compare(IntPredicate::SLT, x, y, "")?;
                    let lo = cx.b.build_select(lt, x, y, "")?.into_int_value();
                    let hi = cx.b.build_select(lt, y, x, "")?.into_int_value();
                    (lo, Some(cx.b.build_int_sub(hi, cx.i64(1), "")?))
                }
                _ => (cx.i64(0), None),
            };
            let nb = match dtype.map(|v| cx.ty(v)).transpose()? {
                Some(Type::NumberClass(t)) => (*t).clone(),
                _ => a.dtype.clone(),
            };
            let mut cur = reduce_axis(cx, d, arr, &a, first, &nb, init)?;
            let mut cur_a = ArrayType::new(nb.clone(), a.ndim - 1, numrs_types::Layout::C, false);
            let mut owned = vec![(cur, cur_a.clone())];
            let result = loop {
                if cur_a.ndim == 1 {
                    let init = identity_value(cx);
                    break reduce_flat(cx, d, cur, &cur_a, init, tt)?;
                }
                let ax = second.unwrap_or_else(|| cx.i64(0));
                let init = identity_value(cx);
                cur = reduce_axis(cx, d, cur, &cur_a, ax, &cur_a.dtype.clone(), init)?;
                cur_a = ArrayType::new(cur_a.dtype.clone(), cur_a.ndim - 1, numrs_types::Layout::C, false);
                if plan == ReducePlan::Pair {
                    cx.fresh = true;
                    break cur;
                }
                owned.push((cur, cur_a.clone()));
            };
            // The intermediate arrays go (the result is a number, or the last array).
            for (v, t) in owned {
                cx.decref(v, &Type::Array(std::sync::Arc::new(t)))?;
            }
            Ok(Some(result))
        }
    }
}

/// Item `k` of the axis argument `v` (of the tuple type `t`) as an `int64`.
fn axis_item<'ctx>(cx: &mut FnCx<'_, 'ctx>, v: VarId, t: &Type, k: usize) -> R<IntValue<'ctx>> {
    let Some(it) = t.tuple_items().and_then(|i| i.get(k).cloned()) else { return cx.fail(format!("axis {k} of {t}")) };
    let tuple = cx.load(v)?.into_struct_value();
    let x = cx.b.build_extract_value(tuple, k as u32, "")?;
    Ok(cx.cast(x, &it, &Type::int64())?.into_int_value())
}

/// A 1-d array reduced to a number of type `rt`: `r = init | array[0]`, then `r = f(r,
/// array[i])`.
fn reduce_flat<'ctx>(cx: &mut FnCx<'_, 'ctx>, d: &DispatcherRef, arr: BasicValueEnum<'ctx>, a: &ArrayType, init: Option<(BasicValueEnum<'ctx>, Type)>, rt: &Type) -> R<BasicValueEnum<'ctx>> {
    let n = cx.dims(arr, 5, 1)?[0];
    let (r0, start) = match init {
        Some((v, t)) => (cx.cast(v, &t, rt)?, cx.i64(0)),
        None => {
            let empty = cx.b.build_int_compare(IntPredicate::EQ, n, cx.i64(0), "")?;
            cx.guard(empty, ExcKind::ValueError, &format!("zero-size array to reduction operation {} which has no identity", d.name))?;
            let x = cx.elem_at(arr, a, cx.i64(0))?;
            (cx.cast(x, &a.dtype, rt)?, cx.i64(1))
        }
    };
    let vt = cx.vt(rt)?;
    let slot = cx.frame_alloca(vt, "reduce_acc")?;
    cx.b.build_store(slot, r0)?;
    let count = cx.b.build_int_sub(n, start, "")?;
    let count = cx.b.build_select(cx.b.build_int_compare(IntPredicate::SLT, count, cx.i64(0), "")?, cx.i64(0), count, "")?.into_int_value();
    cx.counted_loop(count, |cx, i| {
        let i = cx.b.build_int_add(i, start, "")?;
        let x = cx.elem_at(arr, a, i)?;
        let r = cx.b.build_load(vt, slot, "")?;
        let y = apply(cx, d, (r, rt.clone()), (x, a.dtype.clone()))?;
        let y = cx.cast(y.0, &y.1, rt)?;
        cx.b.build_store(slot, y)?;
        Ok(())
    })?;
    Ok(cx.b.build_load(vt, slot, "")?)
}

/// `f(x, y)` of the DUFunc `d` on two numbers: its loop for their types, and the loop's output
/// type.
fn apply<'ctx>(cx: &mut FnCx<'_, 'ctx>, d: &DispatcherRef, x: (BasicValueEnum<'ctx>, Type), y: (BasicValueEnum<'ctx>, Type)) -> R<(BasicValueEnum<'ctx>, Type)> {
    let callee = (cx.callees)(d, &[x.1.clone(), y.1.clone()], &[]).map_err(|m| cx.cg_err(m))?;
    cx.called.push(callee.index);
    let r = cx.ufunc_kernel_elem(callee.function, &callee.args, &[x, y])?;
    Ok((r, callee.return_type.clone()))
}

/// Along the axis `ax` of an array of two or more dimensions: a new C array of `dtype`
/// without that axis, starting from `init` (or the first slice along the axis), each item
/// `f(out[i], item)` over the items in C order.
fn reduce_axis<'ctx>(
    cx: &mut FnCx<'_, 'ctx>,
    d: &DispatcherRef,
    arr: BasicValueEnum<'ctx>,
    a: &ArrayType,
    ax: IntValue<'ctx>,
    dtype: &Type,
    init: Option<(BasicValueEnum<'ctx>, Type)>,
) -> R<BasicValueEnum<'ctx>> {
    let shape = cx.dims(arr, 5, a.ndim)?;
    let (ax, out_shape, ostr, len) = cx.axis_reduction(ax, &shape, "Invalid axis")?;
    if init.is_none() {
        let empty = cx.b.build_int_compare(IntPredicate::EQ, len, cx.i64(0), "")?;
        cx.guard(empty, ExcKind::ValueError, &format!("zero-size array to reduction operation {} which has no identity", d.name))?;
    }
    let rt = dtype.clone();
    let out = cx.alloc_array(&rt, &out_shape)?;
    let onum = cx.field(out, 2)?.into_int_value();
    let odata = cx.field(out, 4)?.into_pointer_value();
    let et = crate::types::storage_type(cx.ctx, &rt).map_err(|m| cx.cg_err(m))?;
    if let Some((v, t)) = &init {
        let fill = cx.cast(*v, t, &rt)?;
        cx.counted_loop(onum, |cx, i| {
            let p = unsafe { cx.b.build_gep(et, odata, &[i], "")? };
            cx.store_element(p, fill, &rt, &rt)
        })?;
    }
    let n = cx.field(arr, 2)?.into_int_value();
    let first_slice = init.is_none();
    cx.counted_loop(n, |cx, i| {
        let idx = cx.unravel_index(i, &shape)?;
        let oi = cx.dot(&idx, &ostr)?;
        let op = unsafe { cx.b.build_gep(et, odata, &[oi], "")? };
        let x = cx.elem_at(arr, a, i)?;
        let combine = |cx: &mut FnCx<'_, 'ctx>| -> R<()> {
            let cur = cx.load_element(op, &rt)?;
            let (y, yt) = apply(cx, d, (cur, rt.clone()), (x, a.dtype.clone()))?;
            cx.store_element(op, y, &yt, &rt)
        };
        if !first_slice {
            return combine(cx);
        }
        // The first item along the axis starts the result.
        let mut k = cx.i64(0);
        for (j, v) in idx.iter().enumerate() {
            let is = cx.b.build_int_compare(IntPredicate::EQ, ax, cx.i64(j as i64), "")?;
            k = cx.b.build_select(is, *v, k, "")?.into_int_value();
        }
        let first = cx.b.build_int_compare(IntPredicate::EQ, k, cx.i64(0), "")?;
        let take = cx.new_block("reduce_first");
        let comb = cx.new_block("reduce_combine");
        let next = cx.new_block("reduce_next");
        cx.b.build_conditional_branch(first, take, comb)?;
        cx.b.position_at_end(take);
        cx.store_element(op, x, &a.dtype, &rt)?;
        cx.b.build_unconditional_branch(next)?;
        cx.b.position_at_end(comb);
        combine(cx)?;
        cx.b.build_unconditional_branch(next)?;
        cx.b.position_at_end(next);
        Ok(())
    })?;
    Ok(out)
}

/// `f.at(a, indices, b=None)` on a 1-d array: for each index in turn (repeated ones apply
/// again), `a[i] = f(a[i])` or `f(a[i], b_k)`, `b` broadcast to the indices.
fn at<'ctx>(cx: &mut FnCx<'_, 'ctx>, d: &DispatcherRef, args: &[VarId], kws: &[(String, VarId)]) -> R<()> {
    let [array, indices, b] = numrs_infer::dufunc::bind_at(args, kws).map_err(|m| cx.cg_err(m))?;
    let (Some(array), Some(indices)) = (array, indices) else { return cx.fail("at without an array and indices") };
    let (arr, a) = cx.arr(array)?;
    let n = cx.dims(arr, 5, 1)?[0];
    let it = cx.ty(indices)?;
    let iv = cx.load(indices)?;
    // The number of indices, and the k-th.
    let count = match &it {
        Type::Array(_) => cx.dims(iv, 5, 1)?[0],
        Type::List { .. } => cx.list_len(iv.into_pointer_value())?,
        _ => cx.i64(1),
    };
    let b = match b {
        Some(v) if !matches!(cx.ty(v)?, Type::NoneType | Type::Omitted(_)) => Some((cx.load(v)?, cx.ty(v)?)),
        _ => None,
    };
    if let Some((bv, Type::Array(ba))) = &b {
        // `np.broadcast_to(b, a[indices].shape)`.
        let bn = if ba.ndim == 0 { cx.i64(1) } else { cx.dims(*bv, 5, 1)?[0] };
        let same = cx.b.build_int_compare(IntPredicate::EQ, bn, count, "")?;
        let one = cx.b.build_int_compare(IntPredicate::EQ, bn, cx.i64(1), "")?;
        let bad = cx.b.build_not(cx.b.build_or(same, one, "")?, "")?;
        cx.guard(bad, ExcKind::ValueError, "operands could not be broadcast together with remapped shapes")?;
    }
    cx.counted_loop(count, |cx, k| {
        let (i, ik) = match &it {
            Type::Array(ia) => (cx.elem_at(iv, ia, k)?, ia.dtype.clone()),
            Type::List { dtype, .. } => (cx.list_get(iv.into_pointer_value(), dtype, k)?, (**dtype).clone()),
            t => (iv, t.unliteral()),
        };
        let i = cx.cast(i, &ik, &Type::int64())?.into_int_value();
        let neg = cx.b.build_int_compare(IntPredicate::SLT, i, cx.i64(0), "")?;
        let i = cx.b.build_select(neg, cx.b.build_int_add(i, n, "")?, i, "")?.into_int_value();
        let lo = cx.b.build_int_compare(IntPredicate::SLT, i, cx.i64(0), "")?;
        let hi = cx.b.build_int_compare(IntPredicate::SGE, i, n, "")?;
        cx.guard(cx.b.build_or(lo, hi, "")?, ExcKind::IndexError, "index out of bounds")?;
        let p = cx.flat_ptr(arr, &a, i)?;
        let x = cx.load_element(p, &a.dtype)?;
        let mut operands = vec![(x, a.dtype.clone())];
        match &b {
            Some((bv, Type::Array(ba))) => {
                let bk = if ba.ndim == 0 {
                    cx.i64(0)
                } else {
                    let bn = cx.dims(*bv, 5, 1)?[0];
                    let one = cx.b.build_int_compare(IntPredicate::EQ, bn, cx.i64(1), "")?;
                    cx.b.build_select(one, cx.i64(0), k, "")?.into_int_value()
                };
                operands.push((cx.elem_at(*bv, ba, bk)?, ba.dtype.clone()));
            }
            Some((bv, bt)) => operands.push((*bv, bt.unliteral())),
            None => {}
        }
        let types: Vec<Type> = operands.iter().map(|(_, t)| t.clone()).collect();
        let callee = (cx.callees)(d, &types, &[]).map_err(|m| cx.cg_err(m))?;
        cx.called.push(callee.index);
        let y = cx.ufunc_kernel_elem(callee.function, &callee.args, &operands)?;
        cx.store_element(p, y, &callee.return_type, &a.dtype)
    })?;
    Ok(())
}
