//! Python's `heapq` functions on lists (reflected or typed), as Numba's port of CPython's
//! `heapq` runs them (`numba/cpython/heapq.py`): items are moved within the list (no
//! reference changes), ordered by `<` (tuples lexicographically).

use inkwell::values::{BasicValueEnum, IntValue, PointerValue};
use inkwell::IntPredicate;
use numrs_abi::ExcKind;
use numrs_ir::VarId;
use numrs_types::Type;

use crate::func::{FnCx, R};

/// A call of `heapq.<name>`; `None` for other callees.
pub(crate) fn call<'ctx>(cx: &mut FnCx<'_, 'ctx>, func: VarId, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
    let Type::Function(key) = cx.ty(func)? else { return Ok(None) };
    let Some(name) = key.strip_prefix("heapq.") else { return Ok(None) };
    if !kws.is_empty() {
        return cx.fail(format!("heapq.{name} with keyword arguments is not supported by numrs build yet"));
    }
    if matches!(name, "nsmallest" | "nlargest") {
        return select(cx, name, args, tt).map(Some);
    }
    let Some(&heap) = args.first() else { return cx.fail(format!("heapq.{name} without arguments")) };
    let ht = cx.ty(heap)?;
    let Some(dt) = crate::lists::dtype(&ht).cloned() else {
        return cx.fail(format!("heapq.{name} of {ht} is not supported by numrs build yet"));
    };
    if !orderable(&dt) {
        return cx.fail(format!("heapq.{name} of a list of {dt} is not supported by numrs build yet"));
    }
    // Items are moved within the list as they are (strings keep their references); one
    // taken out is the caller's reference, one put in gets its own.
    let counted = crate::arrays::needs_rc(&dt);
    let l = cx.load(heap)?.into_pointer_value();
    let item = |cx: &mut FnCx<'_, 'ctx>| -> R<BasicValueEnum<'ctx>> {
        let v = args[1];
        let vt = cx.ty(v)?;
        let x = cx.load(v)?;
        cx.cast(x, &vt, &dt)
    };
    // What the functions returning None give.
    let none: BasicValueEnum<'ctx> = cx.ctx.const_struct(&[], false).into();
    let out = match (name, args.len()) {
        ("heapify", 1) => {
            // for i in reversed(range(n // 2)): _siftup(x, i)
            let n = cx.list_len(l)?;
            let half = cx.b.build_right_shift(n, cx.i64(1), true, "")?;
            let dt2 = dt.clone();
            cx.counted_loop(half, |cx, k| {
                let i = cx.b.build_int_sub(half, cx.i64(1), "")?;
                let i = cx.b.build_int_sub(i, k, "")?;
                cx.sift_up(l, &dt2, i, false)
            })?;
            return Ok(Some(none));
        }
        ("heappush", 2) => {
            let x = item(cx)?;
            cx.list_append(l, &dt, x)?;
            let n = cx.list_len(l)?;
            let last = cx.b.build_int_sub(n, cx.i64(1), "")?;
            cx.sift_down(l, &dt, cx.i64(0), last, false)?;
            return Ok(Some(none));
        }
        ("heappop", 1) => {
            // lastelt = heap.pop(); if heap: returnitem = heap[0]; heap[0] = lastelt; _siftup(heap, 0)
            let n = cx.list_len(l)?;
            let empty = cx.b.build_int_compare(IntPredicate::EQ, n, cx.i64(0), "")?;
            cx.guard(empty, ExcKind::IndexError, "pop from empty list")?;
            let last_i = cx.b.build_int_sub(n, cx.i64(1), "")?;
            let last = cx.list_get(l, &dt, last_i)?;
            cx.set_len(l, last_i)?;
            let slot = cx.temp(cx.vt(&dt)?)?;
            cx.b.build_store(slot, last)?;
            let more = cx.b.build_int_compare(IntPredicate::SGT, last_i, cx.i64(0), "")?;
            let (swap, done) = (cx.new_block("heappop_swap"), cx.new_block("heappop_done"));
            cx.b.build_conditional_branch(more, swap, done)?;
            cx.b.position_at_end(swap);
            let first = cx.list_get(l, &dt, cx.i64(0))?;
            cx.b.build_store(slot, first)?;
            cx.list_put(l, &dt, cx.i64(0), last)?;
            cx.sift_up(l, &dt, cx.i64(0), false)?;
            cx.b.build_unconditional_branch(done)?;
            cx.b.position_at_end(done);
            cx.b.build_load(cx.vt(&dt)?, slot, "")?
        }
        ("heapreplace", 2) => {
            // returnitem = heap[0]; heap[0] = item; _siftup(heap, 0)
            let x = item(cx)?;
            let x = cx.owned_for_store(x, &dt)?;
            let n = cx.list_len(l)?;
            let empty = cx.b.build_int_compare(IntPredicate::EQ, n, cx.i64(0), "")?;
            cx.guard(empty, ExcKind::IndexError, crate::lists::getitem_message(&ht))?;
            let first = cx.list_get(l, &dt, cx.i64(0))?;
            cx.list_put(l, &dt, cx.i64(0), x)?;
            cx.sift_up(l, &dt, cx.i64(0), false)?;
            first
        }
        ("heappushpop", 2) => {
            // if heap and heap[0] < item: item, heap[0] = heap[0], item; _siftup(heap, 0)
            let x = item(cx)?;
            let x = cx.owned_for_store(x, &dt)?;
            let slot = cx.temp(cx.vt(&dt)?)?;
            cx.b.build_store(slot, x)?;
            let n = cx.list_len(l)?;
            let nonempty = cx.b.build_int_compare(IntPredicate::SGT, n, cx.i64(0), "")?;
            let (check, swap, done) = (cx.new_block("pushpop_check"), cx.new_block("pushpop_swap"), cx.new_block("pushpop_done"));
            cx.b.build_conditional_branch(nonempty, check, done)?;
            cx.b.position_at_end(check);
            let first = cx.list_get(l, &dt, cx.i64(0))?;
            let lt = cx.values_lt(first, &dt, x, &dt)?;
            cx.b.build_conditional_branch(lt, swap, done)?;
            cx.b.position_at_end(swap);
            cx.b.build_store(slot, first)?;
            cx.list_put(l, &dt, cx.i64(0), x)?;
            cx.sift_up(l, &dt, cx.i64(0), false)?;
            cx.b.build_unconditional_branch(done)?;
            cx.b.position_at_end(done);
            cx.b.build_load(cx.vt(&dt)?, slot, "")?
        }
        _ => return cx.fail(format!("heapq.{name} is not supported by numrs build yet")),
    };
    // `heappop`, `heapreplace`, `heappushpop` give an item the list no longer holds (or the
    // item given, with the reference taken above).
    if counted {
        cx.fresh = true;
    }
    cx.cast(out, &dt, tt).map(Some)
}

/// Items `<` orders as Numba's `heapq` needs: real numbers, strings, and tuples of them.
fn orderable(t: &Type) -> bool {
    // jitclass instances compare with their `__lt__`.
    if let Type::JitClassInstance(c) = t {
        return c.member("__lt__").is_some();
    }
    let scalar = |t: &Type| matches!(t, Type::Unicode) || crate::types::numeric(t).is_some_and(|k| !k.is_complex());
    match t.tuple_items() {
        Some(items) => items.iter().all(scalar),
        None => scalar(t),
    }
}

/// `nsmallest(n, iterable)` / `nlargest(n, iterable)`, as Numba's port runs them: `n == 0`
/// gives no items, `n == 1` the first item no other is `<` (`>`) of (StopIteration when there
/// are none), a negative `n` IndexError (its heap of no items is indexed); otherwise the items
/// sorted (Numba's sort; `nlargest` reverses the ascending order), the first `n` kept, except
/// for `1 < n < len`, where Numba keeps a heap of `n` items (see [`select_by_heap`]; the same
/// items, unless some are NaN).
fn select<'ctx>(cx: &mut FnCx<'_, 'ctx>, name: &str, args: &[VarId], tt: &Type) -> R<BasicValueEnum<'ctx>> {
    let [n, it] = args else { return cx.fail(format!("heapq.{name} takes two arguments")) };
    let Some(dt) = crate::lists::dtype(tt).cloned() else { return cx.fail(format!("heapq.{name} giving {tt}")) };
    if !orderable(&dt) {
        return cx.fail(format!("heapq.{name} of {dt} items is not supported by numrs build yet"));
    }
    let counted = crate::arrays::needs_rc(&dt);
    let (nt, itt) = (cx.ty(*n)?, cx.ty(*it)?);
    let n = cx.cast(cx.load(*n)?, &nt, &Type::int64())?.into_int_value();
    let src = cx.load(*it)?;
    let size = match &itt {
        Type::Array(a) if a.ndim == 1 => cx.field(src, 2)?.into_int_value(),
        t if crate::lists::dtype(t).is_some() => cx.list_len(src.into_pointer_value())?,
        other => return cx.fail(format!("heapq.{name} of {other} is not supported by numrs build yet")),
    };
    let neg = cx.b.build_int_compare(IntPredicate::SLT, n, cx.i64(0), "")?;
    let not_sorted = cx.b.build_int_compare(IntPredicate::SLT, n, size, "")?;
    let fails = cx.b.build_and(neg, not_sorted, "")?;
    cx.guard(fails, ExcKind::IndexError, "getitem out of range")?;
    let one = cx.b.build_int_compare(IntPredicate::EQ, n, cx.i64(1), "")?;
    let empty = cx.b.build_int_compare(IntPredicate::EQ, size, cx.i64(0), "")?;
    let no_first = cx.b.build_and(one, empty, "")?;
    cx.guard(no_first, ExcKind::StopIteration, "")?;
    let out = cx.list_new(&dt, size, size)?;
    let dt2 = dt.clone();
    cx.counted_loop(size, |cx, i| {
        let (x, xt) = match &itt {
            Type::Array(a) => (cx.load_element(cx.flat_ptr(src, a, i)?, &a.dtype)?, a.dtype.clone()),
            t => {
                let d = crate::lists::dtype(t).cloned().unwrap_or_else(|| dt2.clone());
                (cx.list_get(src.into_pointer_value(), &d, i)?, d)
            }
        };
        let x = cx.cast(x, &xt, &dt2)?;
        // The new list's own reference.
        let x = if counted { cx.owned_for_store(x, &dt2)? } else { x };
        cx.list_put(out, &dt2, i, x)
    })?;
    let largest = name == "nlargest";
    // n == 1: min (max) by `<` (`>`) from the first item: it moves to the front.
    let (first, sort, keep) = (cx.new_block("nselect_one"), cx.new_block("nselect_sort"), cx.new_block("nselect_keep"));
    cx.b.build_conditional_branch(one, first, sort)?;
    cx.b.position_at_end(first);
    let best = cx.temp(cx.vt(&dt)?)?;
    let x0 = cx.list_get(out, &dt, cx.i64(0))?;
    cx.b.build_store(best, x0)?;
    let best_at = cx.temp(cx.ctx.i64_type().into())?;
    cx.b.build_store(best_at, cx.i64(0))?;
    let dt4 = dt.clone();
    cx.counted_loop(size, |cx, i| {
        let x = cx.list_get(out, &dt4, i)?;
        let b = cx.b.build_load(cx.vt(&dt4)?, best, "")?;
        let better = if largest { cx.values_lt(b, &dt4, x, &dt4)? } else { cx.values_lt(x, &dt4, b, &dt4)? };
        let (take, next) = (cx.new_block("nselect_take"), cx.new_block("nselect_next"));
        cx.b.build_conditional_branch(better, take, next)?;
        cx.b.position_at_end(take);
        cx.b.build_store(best, x)?;
        cx.b.build_store(best_at, i)?;
        cx.b.build_unconditional_branch(next)?;
        cx.b.position_at_end(next);
        Ok(())
    })?;
    let at = cx.b.build_load(cx.ctx.i64_type(), best_at, "")?.into_int_value();
    let b = cx.b.build_load(cx.vt(&dt)?, best, "")?;
    cx.list_put(out, &dt, at, x0)?;
    cx.list_put(out, &dt, cx.i64(0), b)?;
    cx.b.build_unconditional_branch(keep)?;
    cx.b.position_at_end(sort);
    // 1 < n < len (n > 1 here): Numba's heap of `n` (item, order) pairs, which keeps NaNs
    // where it meets them. Items with references (strings) have an order `<` decides, where
    // the sort below gives the same items.
    if !counted {
        let (heap, whole) = (cx.new_block("nselect_heap"), cx.new_block("nselect_whole"));
        // (`n == 0` gives no items, `n == 1` is above, a negative `n` raised.)
        let several = cx.b.build_int_compare(IntPredicate::SGT, n, cx.i64(1), "")?;
        cx.b.build_conditional_branch(cx.b.build_and(not_sorted, several, "")?, heap, whole)?;
        cx.b.position_at_end(heap);
        select_by_heap(cx, out, &dt, n, size, largest)?;
        cx.b.build_unconditional_branch(keep)?;
        cx.b.position_at_end(whole);
    }
    // `sorted(iterable)[::-1]` for `nlargest`: the ascending order reversed (which differs
    // from a descending sort where `<` does not order the items, NaNs).
    let ascending = cx.ctx.bool_type().const_int(0, false);
    cx.list_sort(out, &dt, ascending)?;
    if largest {
        cx.list_reverse(out, &dt)?;
    }
    cx.b.build_unconditional_branch(keep)?;
    cx.b.position_at_end(keep);
    // Keep max(0, min(n, size)) items (the references of the others dropped).
    let k = cx.b.build_select(neg, cx.i64(0), n, "")?.into_int_value();
    let over = cx.b.build_int_compare(IntPredicate::SGT, k, size, "")?;
    let k = cx.b.build_select(over, size, k, "")?.into_int_value();
    if counted {
        let dropped = cx.b.build_int_sub(size, k, "")?;
        let dt3 = dt.clone();
        cx.counted_loop(dropped, |cx, j| {
            let i = cx.b.build_int_add(k, j, "")?;
            let x = cx.list_get(out, &dt3, i)?;
            cx.decref(x, &dt3)
        })?;
    }
    cx.set_len(out, k)?;
    cx.fresh = true;
    Ok(out.into())
}

/// The `n` items Numba's `nsmallest` (`nlargest`) keeps of the `size` items of `out` (a list
/// of items without references), `1 < n < size`, put first in `out` in its order: a max-heap
/// (min-heap) of `(item, order)` pairs of the first `n`, each later item `<` (`>`) the top
/// replacing it, the pairs then sorted (in reverse).
fn select_by_heap<'ctx>(cx: &mut FnCx<'_, 'ctx>, out: PointerValue<'ctx>, dt: &Type, n: IntValue<'ctx>, size: IntValue<'ctx>, largest: bool) -> R<()> {
    let i64t = cx.ctx.i64_type();
    let pt = Type::tuple(vec![dt.clone(), Type::int64()]);
    let st = cx.vt(&pt)?.into_struct_type();
    let pair = |cx: &mut FnCx<'_, 'ctx>, x: BasicValueEnum<'ctx>, order: IntValue<'ctx>| -> R<BasicValueEnum<'ctx>> {
        let p = cx.b.build_insert_value(st.get_undef(), x, 0, "")?;
        Ok(cx.b.build_insert_value(p, order, 1, "")?.into_struct_value().into())
    };
    // The orders: 0, 1, ... (nsmallest) or 0, -1, ... (nlargest).
    let step = cx.i64(if largest { -1 } else { 1 });
    let heap = cx.list_new(&pt, n, n)?;
    cx.counted_loop(n, |cx, i| {
        let x = cx.list_get(out, dt, i)?;
        let order = cx.b.build_int_mul(i, step, "")?;
        let p = pair(cx, x, order)?;
        cx.list_put(heap, &pt, i, p)
    })?;
    // heapify: for i in reversed(range(n // 2)): _siftup(x, i).
    let half = cx.b.build_right_shift(n, cx.i64(1), true, "")?;
    cx.counted_loop(half, |cx, k| {
        let i = cx.b.build_int_sub(cx.b.build_int_sub(half, cx.i64(1), "")?, k, "")?;
        cx.sift_up(heap, &pt, i, !largest)
    })?;
    let top_of = |cx: &mut FnCx<'_, 'ctx>| -> R<BasicValueEnum<'ctx>> {
        let p = cx.list_get(heap, &pt, cx.i64(0))?;
        Ok(cx.b.build_extract_value(p.into_struct_value(), 0, "")?)
    };
    let top = cx.temp(cx.vt(dt)?)?;
    let t0 = top_of(cx)?;
    cx.b.build_store(top, t0)?;
    let order = cx.temp(i64t.into())?;
    cx.b.build_store(order, cx.b.build_int_mul(n, step, "")?)?;
    let rest = cx.b.build_int_sub(size, n, "")?;
    cx.counted_loop(rest, |cx, k| {
        let x = cx.list_get(out, dt, cx.b.build_int_add(n, k, "")?)?;
        let t = cx.b.build_load(cx.vt(dt)?, top, "")?;
        let better = if largest { cx.values_lt(t, dt, x, dt)? } else { cx.values_lt(x, dt, t, dt)? };
        let (take, next) = (cx.new_block("nheap_take"), cx.new_block("nheap_next"));
        cx.b.build_conditional_branch(better, take, next)?;
        cx.b.position_at_end(take);
        let o = cx.b.build_load(i64t, order, "")?.into_int_value();
        let p = pair(cx, x, o)?;
        cx.list_put(heap, &pt, cx.i64(0), p)?;
        cx.sift_up(heap, &pt, cx.i64(0), !largest)?;
        let t = top_of(cx)?;
        cx.b.build_store(top, t)?;
        cx.b.build_store(order, cx.b.build_int_add(o, step, "")?)?;
        cx.b.build_unconditional_branch(next)?;
        cx.b.position_at_end(next);
        Ok(())
    })?;
    let reverse = cx.ctx.bool_type().const_int(largest as u64, false);
    cx.list_sort(heap, &pt, reverse)?;
    cx.counted_loop(n, |cx, i| {
        let p = cx.list_get(heap, &pt, i)?;
        let x = cx.b.build_extract_value(p.into_struct_value(), 0, "")?;
        cx.list_put(out, dt, i, x)
    })?;
    cx.decref(heap.into(), &Type::list(pt, false))
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// Numba's `_siftdown(heap, startpos, pos)`: the item at `pos` moves up towards `startpos`
    /// past the parents it is `<`.
    /// `max`: Numba's `_siftdown_max`, for a heap whose first item is the largest (the parents
    /// the item is `>` of).
    fn sift_down(&mut self, l: PointerValue<'ctx>, dt: &Type, start: IntValue<'ctx>, pos: IntValue<'ctx>, max: bool) -> R<()> {
        let i64t = self.ctx.i64_type();
        let new = self.list_get(l, dt, pos)?;
        let posv = self.temp(i64t.into())?;
        self.b.build_store(posv, pos)?;
        let (head, body, up, exit) = (self.new_block("siftdown_head"), self.new_block("siftdown_body"), self.new_block("siftdown_up"), self.new_block("siftdown_exit"));
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(head);
        let p = self.b.build_load(i64t, posv, "pos")?.into_int_value();
        let above = self.b.build_int_compare(IntPredicate::SGT, p, start, "")?;
        self.b.build_conditional_branch(above, body, exit)?;
        self.b.position_at_end(body);
        let parent_pos = self.b.build_right_shift(self.b.build_int_sub(p, self.i64(1), "")?, self.i64(1), true, "")?;
        let parent = self.list_get(l, dt, parent_pos)?;
        let lt = if max { self.values_lt(parent, dt, new, dt)? } else { self.values_lt(new, dt, parent, dt)? };
        self.b.build_conditional_branch(lt, up, exit)?;
        self.b.position_at_end(up);
        self.list_put(l, dt, p, parent)?;
        self.b.build_store(posv, parent_pos)?;
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(exit);
        let p = self.b.build_load(i64t, posv, "")?.into_int_value();
        self.list_put(l, dt, p, new)
    }

    /// Numba's `_siftup(heap, pos)`: the smaller child moves up until a leaf, where the item
    /// at `pos` goes, then `_siftdown` from `pos`.
    /// `max`: Numba's `_siftup_max` (the larger child moves up).
    fn sift_up(&mut self, l: PointerValue<'ctx>, dt: &Type, pos: IntValue<'ctx>, max: bool) -> R<()> {
        let i64t = self.ctx.i64_type();
        let end = self.list_len(l)?;
        let new = self.list_get(l, dt, pos)?;
        let posv = self.temp(i64t.into())?;
        self.b.build_store(posv, pos)?;
        let (head, body, exit) = (self.new_block("siftup_head"), self.new_block("siftup_body"), self.new_block("siftup_exit"));
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(head);
        let p = self.b.build_load(i64t, posv, "pos")?.into_int_value();
        let child = self.b.build_int_add(self.b.build_int_mul(p, self.i64(2), "")?, self.i64(1), "")?;
        let more = self.b.build_int_compare(IntPredicate::SLT, child, end, "")?;
        self.b.build_conditional_branch(more, body, exit)?;
        self.b.position_at_end(body);
        // rightpos < endpos and not heap[childpos] < heap[rightpos]: the right child.
        let right = self.b.build_int_add(child, self.i64(1), "")?;
        let has_right = self.b.build_int_compare(IntPredicate::SLT, right, end, "")?;
        let chosen = self.temp(i64t.into())?;
        self.b.build_store(chosen, child)?;
        let (cmp, pick, go) = (self.new_block("siftup_cmp"), self.new_block("siftup_right"), self.new_block("siftup_move"));
        self.b.build_conditional_branch(has_right, cmp, go)?;
        self.b.position_at_end(cmp);
        let c = self.list_get(l, dt, child)?;
        let r = self.list_get(l, dt, right)?;
        let lt = if max { self.values_lt(r, dt, c, dt)? } else { self.values_lt(c, dt, r, dt)? };
        self.b.build_conditional_branch(lt, go, pick)?;
        self.b.position_at_end(pick);
        self.b.build_store(chosen, right)?;
        self.b.build_unconditional_branch(go)?;
        self.b.position_at_end(go);
        let ch = self.b.build_load(i64t, chosen, "")?.into_int_value();
        let x = self.list_get(l, dt, ch)?;
        self.list_put(l, dt, p, x)?;
        self.b.build_store(posv, ch)?;
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(exit);
        let p = self.b.build_load(i64t, posv, "")?.into_int_value();
        self.list_put(l, dt, p, new)?;
        self.sift_down(l, dt, pos, p, max)
    }
}
