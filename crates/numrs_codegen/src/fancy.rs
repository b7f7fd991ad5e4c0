//! Indexing beyond integers and slices, as Numba's `FancyIndexer` (arrayobj.py) does it:
//! index tuples that mix integers, slices, `...`, `None` and integer or boolean arrays, read
//! (`a[idx, :]`, `a[rows, cols]`, `a[mask]`: a new array) and assigned (`a[idx] = v`, a scalar,
//! an array broadcast to the selection, or a list); assignment through views (`a[1:] = x`,
//! `a[i] = row`); and iterating over the rows of an n-d array.
//!
//! The walk follows Numba's: one loop per dimension of the indexed array (none for an
//! integer), the integer arrays together forming a "subspace" whose loops (over their
//! broadcast shape) come before the first integer or integer-array dimension, or first of all
//! when those are not adjacent; the result is written in loop order.

use std::sync::Arc;

use inkwell::values::{BasicValue, BasicValueEnum, IntValue, PointerValue};
use inkwell::IntPredicate;
use numrs_abi::ExcKind;
use numrs_ir::VarId;
use numrs_types::{ArrayType, Layout, NumericKind, Type};

use crate::func::{FnCx, R};
use crate::npfuncs::array_type;
use crate::types::{self, numeric};

type BV<'ctx> = BasicValueEnum<'ctx>;

/// Whether an index type needs this module (an array, `None`, `...`, or a tuple holding one).
fn is_special_index(t: &Type) -> bool {
    match t {
        Type::Array(_) | Type::NoneType | Type::Ellipsis => true,
        _ => t.tuple_items().is_some_and(|items| items.iter().any(is_special_index)),
    }
}

/// Whether an index type holds an array (advanced indexing: the result is a copy).
fn has_array(t: &Type) -> bool {
    match t {
        Type::Array(_) => true,
        _ => t.tuple_items().is_some_and(|items| items.iter().any(|t| matches!(t, Type::Array(_)))),
    }
}

fn is_int_index(t: &Type) -> bool {
    numeric(t).is_some_and(|k| k.is_integer())
}

/// How one dimension of the indexed array is walked.
#[derive(Clone)]
enum Axis<'ctx> {
    /// Every position (`:`, `...`, or a dimension no index names).
    Entire(IntValue<'ctx>),
    /// One position (an integer; negative ones wrapped).
    Int(IntValue<'ctx>),
    /// `start + j * step` for `j < len`.
    Slice { start: IntValue<'ctx>, step: IntValue<'ctx>, len: IntValue<'ctx> },
    /// The positions an integer array holds, read at the subspace's indices; `dim` is the
    /// length of the indexed dimension (negative positions wrap by it).
    IntArray { arr: BV<'ctx>, ty: ArrayType, shape: Vec<IntValue<'ctx>>, dim: IntValue<'ctx> },
    /// The positions where a 1-d boolean array is true.
    Mask { arr: BV<'ctx>, ty: ArrayType, len: IntValue<'ctx> },
}

/// A planned walk over `a[index]`.
struct Fancy<'ctx> {
    axes: Vec<Axis<'ctx>>,
    dims: Vec<IntValue<'ctx>>,
    strides: Vec<IntValue<'ctx>>,
    data: PointerValue<'ctx>,
    /// The broadcast shape of the index arrays, and before which axis its loops run.
    subspace: Vec<IntValue<'ctx>>,
    sub_at: Option<usize>,
    /// Positions of the result's `None` dimensions.
    newaxes: Vec<usize>,
    /// The shape of the selection.
    shape: Vec<IntValue<'ctx>>,
}

type Leaf<'b, 'a, 'ctx> = dyn FnMut(&mut FnCx<'a, 'ctx>, PointerValue<'ctx>, &[IntValue<'ctx>]) -> R<()> + 'b;

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `a[index]` for the indices handled here; None: an ordinary index.
    pub(crate) fn fancy_getitem(&mut self, value: VarId, index: VarId, tt: &Type) -> R<Option<BV<'ctx>>> {
        let it = self.ty(index)?;
        if !is_special_index(&it) {
            return Ok(None);
        }
        if !has_array(&it) {
            // `None` and `...` among integers and slices: a view.
            let ix = self.view_indices(index, &it)?;
            // A scalar result: the `...` stands for no dimension, the rest are integers.
            if !matches!(tt, Type::Array(_)) {
                let mut idx = Vec::new();
                for x in ix {
                    match x {
                        crate::arrays::Ix::Int(i) => idx.push((i.into(), Type::int64())),
                        crate::arrays::Ix::Ellipsis => {}
                        _ => return self.fail(format!("an index of type {it} giving {tt}")),
                    }
                }
                return self.array_index_load(value, &idx, tt).map(Some);
            }
            return self.array_view(value, ix, tt).map(Some);
        }
        let (arr, a) = self.arr(value)?;
        let f = self.plan(arr, &a, index)?;
        let dt = a.dtype.clone();
        let Type::Array(ra) = tt else {
            // Integers and 0-d integer arrays only: one element.
            let st = types::storage_type(self.ctx, &dt).map_err(|m| self.cg_err(m))?;
            let slot = self.temp(st)?;
            self.walk(&f, &mut |cx, p, _| {
                let x = cx.b.build_load(st, p, "")?;
                cx.b.build_store(slot, x)?;
                Ok(())
            })?;
            let x = self.load_element(slot, &dt)?;
            return self.cast(x, &dt, tt).map(Some);
        };
        if ra.ndim as usize != f.shape.len() {
            return self.fail(format!("indexing {} with {it} giving {tt} is not supported by numrs build yet", Type::Array(Arc::new(a.clone()))));
        }
        let out = self.alloc_array(&dt, &f.shape)?;
        let ct = array_type(&a.dtype, ra.ndim, Layout::C);
        // An IndexError from the walk must not leave the result behind.
        let held = if self.flags.boundscheck { Some(self.hold_temp(out, &ct)?) } else { None };
        let k = self.temp(self.ctx.i64_type().into())?;
        self.b.build_store(k, self.i64(0))?;
        let et = types::storage_type(self.ctx, &dt).map_err(|m| self.cg_err(m))?;
        self.walk(&f, &mut |cx, p, _| {
            let x = cx.b.build_load(et, p, "")?;
            let i = cx.b.build_load(cx.ctx.i64_type(), k, "")?.into_int_value();
            let q = cx.out_ptr(out, &dt, i)?;
            cx.b.build_store(q, x)?;
            cx.b.build_store(k, cx.b.build_int_nsw_add(i, cx.i64(1), "")?)?;
            Ok(())
        })?;
        if let Some(slot) = held {
            self.let_go(slot, &ct)?;
        }
        self.fresh = true;
        self.cast(out, &ct, tt).map(Some)
    }

    /// Plan `a[index]` as Numba's `FancyIndexer.__init__` and `prepare` do.
    fn plan(&mut self, arr: BV<'ctx>, a: &ArrayType, index: VarId) -> R<Fancy<'ctx>> {
        let it = self.ty(index)?;
        let items = it.tuple_items().unwrap_or_else(|| vec![it.clone()]);
        let vals: Vec<BV<'ctx>> = if it.tuple_items().is_some() {
            let sv = self.load(index)?.into_struct_value();
            (0..items.len()).map(|i| self.b.build_extract_value(sv, i as u32, "")).collect::<Result<_, _>>()?
        } else {
            vec![self.load(index)?]
        };
        let arrays: Vec<&ArrayType> = items.iter().filter_map(|t| if let Type::Array(x) = t { Some(&**x) } else { None }).collect();
        if arrays.iter().any(|x| numeric(&x.dtype) == Some(NumericKind::Boolean) && x.ndim != 1) {
            // check reports it (`unsupported-array-index`): Numba's lowering asserts.
            return self.fail(format!("indexing with a multi-dimensional boolean array ({it}) is not supported (Numba compiles 1-d masks only)"));
        }
        let nd = a.ndim as usize;
        let dims = self.dims(arr, 5, a.ndim)?;
        let strides = self.dims(arr, 6, a.ndim)?;
        let data = self.field(arr, 4)?.into_pointer_value();
        let num_newaxes = items.iter().filter(|t| matches!(t, Type::NoneType)).count();
        let mut axes = Vec::new();
        let mut newaxes = Vec::new();
        let mut sub_shapes: Vec<Vec<IntValue<'ctx>>> = Vec::new();
        let mut new_ax = 0usize;
        for (t, v) in items.iter().zip(vals) {
            let ax = axes.len();
            if ax >= nd && !matches!(t, Type::NoneType | Type::Ellipsis) {
                return self.fail(format!("too many indices for {}: {it}", Type::Array(Arc::new(a.clone()))));
            }
            match t {
                Type::Ellipsis => {
                    let missing = (nd + 1 + num_newaxes).saturating_sub(items.len());
                    for _ in 0..missing {
                        let d = axes.len();
                        axes.push(Axis::Entire(dims[d]));
                        new_ax += 1;
                    }
                    continue;
                }
                Type::Slice2 | Type::Slice3 => {
                    let (start, len, step) = self.fix_slice(v.into_struct_value(), dims[ax])?;
                    axes.push(Axis::Slice { start, step, len });
                }
                t if is_int_index(t) => {
                    let i = self.wrap_index(v, t, dims[ax])?;
                    axes.push(Axis::Int(i));
                    // An integer leaves no dimension: `None`s after it keep their place.
                    continue;
                }
                Type::Array(x) if is_int_index(&x.dtype) => {
                    let shape = self.dims(v, 5, x.ndim)?;
                    sub_shapes.push(shape.clone());
                    axes.push(Axis::IntArray { arr: v, ty: (**x).clone(), shape, dim: dims[ax] });
                }
                Type::Array(x) if numeric(&x.dtype) == Some(NumericKind::Boolean) => {
                    let len = self.dims(v, 5, 1)?[0];
                    sub_shapes.push(vec![len]);
                    axes.push(Axis::Mask { arr: v, ty: (**x).clone(), len });
                }
                Type::NoneType => {
                    newaxes.push(new_ax);
                }
                other => return self.fail(format!("array index of type {other} is not supported by numrs build yet")),
            }
            new_ax += 1;
        }
        while axes.len() < nd {
            axes.push(Axis::Entire(dims[axes.len()]));
        }
        if axes.len() != nd {
            return self.fail(format!("too many indices for {}: {it}", Type::Array(Arc::new(a.clone()))));
        }
        // The subspace: the integer arrays' broadcast shape, its loops at the first integer
        // or integer-array axis (axis 0 when they are not all adjacent).
        let subspace = if sub_shapes.len() == 1 { sub_shapes[0].clone() } else { self.broadcast_index_shapes(&sub_shapes)? };
        let mut sub_at = None;
        if axes.iter().any(|x| matches!(x, Axis::IntArray { .. })) {
            let (mut groups, mut inside) = (0, false);
            for (i, x) in axes.iter().enumerate() {
                if matches!(x, Axis::IntArray { .. } | Axis::Int(_)) {
                    if !inside {
                        inside = true;
                        groups += 1;
                    }
                    sub_at.get_or_insert(i);
                } else {
                    inside = false;
                }
            }
            if groups > 1 {
                sub_at = Some(0);
            }
        }
        // The selection's shape.
        let mut parts: Vec<Vec<IntValue<'ctx>>> = Vec::new();
        for x in &axes {
            parts.push(match x {
                Axis::Entire(n) => vec![*n],
                Axis::Int(_) | Axis::IntArray { .. } => vec![],
                Axis::Slice { len, .. } => vec![*len],
                Axis::Mask { arr, ty, len } => vec![self.mask_count(*arr, ty, *len)?],
            });
        }
        if let Some(s) = sub_at {
            parts.insert(s, subspace.clone());
        }
        let mut shape: Vec<IntValue<'ctx>> = parts.concat();
        for &i in &newaxes {
            shape.insert(i.min(shape.len()), self.i64(1));
        }
        Ok(Fancy { axes, dims, strides, data, subspace, sub_at, newaxes, shape })
    }

    /// An integer index as a position: negative (signed) ones count from the end.
    fn wrap_index(&self, v: BV<'ctx>, t: &Type, n: IntValue<'ctx>) -> R<IntValue<'ctx>> {
        let k = numeric(t).unwrap_or(NumericKind::Int64);
        let i = self.cast_number(v, k, NumericKind::Int64)?.into_int_value();
        if !k.is_signed_int() {
            return Ok(i);
        }
        let neg = self.b.build_int_compare(IntPredicate::SLT, i, self.i64(0), "")?;
        let w = self.b.build_int_add(i, n, "")?;
        Ok(self.b.build_select(neg, w, i, "")?.into_int_value())
    }

    /// How many entries of a 1-d boolean array are true.
    fn mask_count(&mut self, m: BV<'ctx>, ty: &ArrayType, len: IntValue<'ctx>) -> R<IntValue<'ctx>> {
        let cnt = self.temp(self.ctx.i64_type().into())?;
        self.b.build_store(cnt, self.i64(0))?;
        let ty = ty.clone();
        self.counted_loop(len, |cx, i| {
            let x = cx.elem_at(m, &ty, i)?.into_int_value();
            let x = cx.b.build_int_z_extend(x, cx.ctx.i64_type(), "")?;
            let c = cx.b.build_load(cx.ctx.i64_type(), cnt, "")?.into_int_value();
            cx.b.build_store(cnt, cx.b.build_int_add(c, x, "")?)?;
            Ok(())
        })?;
        Ok(self.b.build_load(self.ctx.i64_type(), cnt, "")?.into_int_value())
    }

    /// `np.broadcast_shapes` of the index arrays' shapes (Numba's `get_subspace_shape`).
    fn broadcast_index_shapes(&self, shapes: &[Vec<IntValue<'ctx>>]) -> R<Vec<IntValue<'ctx>>> {
        let r = shapes.iter().map(Vec::len).max().unwrap_or(0);
        let one = self.i64(1);
        let mut out = vec![one; r];
        let mut bad = self.ctx.bool_type().const_zero();
        for s in shapes {
            for (j, &n) in s.iter().enumerate() {
                let d = r - s.len() + j;
                let cur = out[d];
                let cur1 = self.b.build_int_compare(IntPredicate::EQ, cur, one, "")?;
                let n1 = self.b.build_int_compare(IntPredicate::EQ, n, one, "")?;
                let same = self.b.build_int_compare(IntPredicate::EQ, n, cur, "")?;
                let ok = self.b.build_or(self.b.build_or(cur1, n1, "")?, same, "")?;
                bad = self.b.build_or(bad, self.b.build_not(ok, "")?, "")?;
                out[d] = self.b.build_select(cur1, n, cur, "")?.into_int_value();
            }
        }
        self.guard(bad, ExcKind::ValueError, "shape mismatch: objects cannot be broadcast to a single shape")?;
        Ok(out)
    }

    /// Run `leaf` on every selected element in the selection's order, with the element's
    /// address and its source positions (Numba's `get_src_indices`: one per loop, 0 for a
    /// `None` dimension) for reading a broadcast source in step.
    fn walk(&mut self, f: &Fancy<'ctx>, leaf: &mut Leaf<'_, 'a, 'ctx>) -> R<()> {
        self.walk_from(f, 0, 0, Vec::new(), Vec::new(), Vec::new(), leaf)
    }

    #[allow(clippy::too_many_arguments)]
    fn walk_from(
        &mut self,
        f: &Fancy<'ctx>,
        axis: usize,
        subs_done: usize,
        dest: Vec<IntValue<'ctx>>,
        src: Vec<IntValue<'ctx>>,
        sub: Vec<IntValue<'ctx>>,
        leaf: &mut Leaf<'_, 'a, 'ctx>,
    ) -> R<()> {
        let push = |v: &Vec<IntValue<'ctx>>, x: IntValue<'ctx>| {
            let mut v = v.clone();
            v.push(x);
            v
        };
        if f.sub_at == Some(axis) && subs_done < f.subspace.len() {
            return self.counted_loop(f.subspace[subs_done], |cx, g| {
                cx.walk_from(f, axis, subs_done + 1, dest.clone(), push(&src, g), push(&sub, g), leaf)
            });
        }
        let Some(x) = f.axes.get(axis) else {
            return self.walk_leaf(f, &dest, &src, leaf);
        };
        match x.clone() {
            Axis::Entire(n) => self.counted_loop(n, |cx, i| cx.walk_from(f, axis + 1, subs_done, push(&dest, i), push(&src, i), sub.clone(), leaf)),
            Axis::Int(i) => self.walk_from(f, axis + 1, subs_done, push(&dest, i), src, sub, leaf),
            Axis::Slice { start, step, len } => self.counted_loop(len, |cx, j| {
                let i = cx.b.build_int_add(start, cx.b.build_int_mul(j, step, "")?, "")?;
                cx.walk_from(f, axis + 1, subs_done, push(&dest, i), push(&src, j), sub.clone(), leaf)
            }),
            Axis::IntArray { arr, ty, shape, dim } => {
                // The subspace's last indices, broadcast (a dimension of 1 stays at 0).
                let k = shape.len();
                let mut at = Vec::new();
                for (j, &g) in sub[sub.len() - k..].iter().enumerate() {
                    let is1 = self.b.build_int_compare(IntPredicate::EQ, shape[j], self.i64(1), "")?;
                    at.push((self.b.build_select(is1, self.i64(0), g, "")?, Type::uint64()));
                }
                let p = self.element_ptr(arr, ty.ndim, &at)?;
                let v = self.load_element(p, &ty.dtype)?;
                let i = self.wrap_index(v, &ty.dtype, dim)?;
                self.walk_from(f, axis + 1, subs_done, push(&dest, i), src, sub, leaf)
            }
            Axis::Mask { arr, ty, len } => {
                let cnt = self.temp(self.ctx.i64_type().into())?;
                self.b.build_store(cnt, self.i64(0))?;
                self.counted_loop(len, |cx, i| {
                    let m = cx.elem_at(arr, &ty, i)?.into_int_value();
                    let yes = cx.new_block("mask_yes");
                    let next = cx.new_block("mask_next");
                    cx.b.build_conditional_branch(m, yes, next)?;
                    cx.b.position_at_end(yes);
                    let c = cx.b.build_load(cx.ctx.i64_type(), cnt, "")?.into_int_value();
                    cx.walk_from(f, axis + 1, subs_done, push(&dest, i), push(&src, c), sub.clone(), leaf)?;
                    let c = cx.b.build_load(cx.ctx.i64_type(), cnt, "")?.into_int_value();
                    cx.b.build_store(cnt, cx.b.build_int_add(c, cx.i64(1), "")?)?;
                    cx.b.build_unconditional_branch(next)?;
                    cx.b.position_at_end(next);
                    Ok(())
                })
            }
        }
    }

    fn walk_leaf(&mut self, f: &Fancy<'ctx>, dest: &[IntValue<'ctx>], src: &[IntValue<'ctx>], leaf: &mut Leaf<'_, 'a, 'ctx>) -> R<()> {
        let mut off = self.i64(0);
        for (d, &i) in dest.iter().enumerate() {
            if self.flags.boundscheck {
                let oob = self.b.build_int_compare(IntPredicate::UGE, i, f.dims[d], "")?;
                self.guard(oob, ExcKind::IndexError, "index is out of bounds")?;
            }
            off = self.b.build_int_add(off, self.b.build_int_mul(i, f.strides[d], "")?, "")?;
        }
        let p = unsafe { self.b.build_gep(self.ctx.i8_type(), f.data, &[off], "")? };
        let mut src = src.to_vec();
        for &i in &f.newaxes {
            src.insert(i.min(src.len()), self.i64(0));
        }
        leaf(self, p, &src)
    }

    /// `a[index] = value` for the indices handled here; false: an ordinary element store.
    pub(crate) fn setitem_ext(&mut self, target: VarId, index: VarId, value: VarId) -> R<bool> {
        let tt = self.ty(target)?;
        let it = self.ty(index)?;
        let Type::Array(a) = &tt else { return Ok(false) };
        let a = (**a).clone();
        let vt = self.ty(value)?;
        if has_array(&it) {
            if a.readonly {
                return self.fail("assignment to a read-only array");
            }
            self.fancy_setitem(target, index, value)?;
            return Ok(true);
        }
        // Anything that leaves dimensions (slices, fewer integers, None, ...): assign into a view.
        let items = it.tuple_items().unwrap_or_else(|| vec![it.clone()]);
        let ints = items.iter().filter(|t| numeric(t).is_some_and(|k| k.is_integer() || k == NumericKind::Boolean)).count();
        let is_view = matches!(vt, Type::Array(_)) || ints < a.ndim as usize || is_special_index(&it);
        if !is_view || items.iter().any(|t| !(numeric(t).is_some() || matches!(t, Type::Slice2 | Type::Slice3 | Type::NoneType | Type::Ellipsis))) {
            return Ok(false);
        }
        if a.readonly {
            return self.fail("assignment to a read-only array");
        }
        let ixs = self.view_indices(index, &it)?;
        let nd = self.view_ndim(&a, &ixs);
        let va = ArrayType::new(a.dtype.clone(), nd as u32, Layout::A, false);
        let view = self.array_view(target, ixs, &Type::Array(Arc::new(va.clone())))?;
        let v = self.load(value)?;
        if let Type::Array(sa) = &vt {
            let vshape = self.dims(view, 5, va.ndim)?;
            let sshape = self.dims(v, 5, sa.ndim)?;
            self.check_assign_shape(&vshape, &sshape)?;
        }
        self.assign_broadcast(view, &va, v, &vt)?;
        Ok(true)
    }

    /// Numba's `fancy_setslice` check: the source's shape broadcasts to the selection's
    /// (shapes padded with leading 1s to the same length; each source dimension 1 or equal).
    fn check_assign_shape(&mut self, index_shape: &[IntValue<'ctx>], src_shape: &[IntValue<'ctx>]) -> R<()> {
        let r = index_shape.len().max(src_shape.len());
        let one = self.i64(1);
        let pad = |s: &[IntValue<'ctx>]| -> Vec<IntValue<'ctx>> { std::iter::repeat_n(one, r - s.len()).chain(s.iter().copied()).collect() };
        let (ps, pi) = (pad(src_shape), pad(index_shape));
        let mut bad = self.ctx.bool_type().const_zero();
        for (s, i) in ps.iter().zip(&pi) {
            let eq = self.b.build_int_compare(IntPredicate::EQ, *s, *i, "")?;
            let s1 = self.b.build_int_compare(IntPredicate::EQ, *s, one, "")?;
            bad = self.b.build_or(bad, self.b.build_not(self.b.build_or(eq, s1, "")?, "")?, "")?;
        }
        self.shape_mismatch_if(bad, index_shape, src_shape)
    }

    /// When `bad` holds, Numba's `raise_with_shape_context`: "cannot assign slice of shape
    /// (2, 3) from input of shape (4,)"; continue in a new block otherwise.
    fn shape_mismatch_if(&mut self, bad: IntValue<'ctx>, index_shape: &[IntValue<'ctx>], src_shape: &[IntValue<'ctx>]) -> R<()> {
        let fail = self.new_block("shape_mismatch");
        let ok = self.new_block("shape_ok");
        self.b.build_conditional_branch(bad, fail, ok)?;
        self.b.position_at_end(fail);
        let mut pieces: Vec<Result<String, (BV<'ctx>, Type)>> = vec![Ok("cannot assign slice of shape ".into())];
        let tuple = |pieces: &mut Vec<Result<String, (BV<'ctx>, Type)>>, s: &[IntValue<'ctx>]| {
            pieces.push(Ok("(".into()));
            for (j, n) in s.iter().enumerate() {
                if j > 0 {
                    pieces.push(Ok(", ".into()));
                }
                pieces.push(Err(((*n).into(), Type::int64())));
            }
            pieces.push(Ok(if s.len() == 1 { ",)" } else { ")" }.into()));
        };
        tuple(&mut pieces, index_shape);
        pieces.push(Ok(" from input of shape ".into()));
        tuple(&mut pieces, src_shape);
        crate::strings::raise_values(self, ExcKind::ValueError, pieces)?;
        self.b.position_at_end(ok);
        Ok(())
    }

    /// `a[index] = value` with an index array among the indices (Numba's `fancy_setslice`):
    /// a scalar to every selected element, an array broadcast to the selection (read from a
    /// copy when it shares memory with `a`), or a list with one item per selected element.
    fn fancy_setitem(&mut self, target: VarId, index: VarId, value: VarId) -> R<()> {
        let (arr, a) = self.arr(target)?;
        let f = self.plan(arr, &a, index)?;
        let vt = self.ty(value)?;
        let v = self.load(value)?;
        let dt = a.dtype.clone();
        match &vt {
            Type::Array(sa) => {
                let sa = (**sa).clone();
                let src = self.unalias(v, &sa, arr)?;
                let sshape = self.dims(src, 5, sa.ndim)?;
                self.check_assign_shape(&f.shape, &sshape)?;
                let k = sshape.len();
                self.walk(&f, &mut |cx, p, pos| {
                    let pos: Vec<IntValue<'ctx>> = if pos.len() >= k {
                        pos[pos.len() - k..].to_vec()
                    } else {
                        std::iter::repeat_n(cx.i64(0), k - pos.len()).chain(pos.iter().copied()).collect()
                    };
                    let mut at = Vec::new();
                    for (j, &g) in pos.iter().enumerate() {
                        let is1 = cx.b.build_int_compare(IntPredicate::EQ, sshape[j], cx.i64(1), "")?;
                        at.push((cx.b.build_select(is1, cx.i64(0), g, "")?, Type::uint64()));
                    }
                    let sp = cx.element_ptr(src, sa.ndim, &at)?;
                    let x = cx.load_element(sp, &sa.dtype)?;
                    cx.store_element(p, x, &sa.dtype, &dt)
                })
            }
            t if crate::lists::dtype(t).is_some() => {
                let et = crate::lists::dtype(t).cloned().unwrap_or(Type::int64());
                if f.shape.len() != 1 {
                    return self.fail(format!("assigning {vt} to a {}-d selection", f.shape.len()));
                }
                let l = v.into_pointer_value();
                let n = self.list_len(l)?;
                let bad = self.b.build_int_compare(IntPredicate::NE, f.shape[0], n, "")?;
                self.shape_mismatch_if(bad, &[f.shape[0]], &[n])?;
                let k = self.temp(self.ctx.i64_type().into())?;
                self.b.build_store(k, self.i64(0))?;
                self.walk(&f, &mut |cx, p, _| {
                    let i = cx.b.build_load(cx.ctx.i64_type(), k, "")?.into_int_value();
                    let x = cx.list_get(l, &et, i)?;
                    cx.b.build_store(k, cx.b.build_int_nsw_add(i, cx.i64(1), "")?)?;
                    cx.store_element(p, x, &et, &dt)
                })
            }
            t if numeric(t).is_some() || (crate::datetime::is_datetime_like(t) && *t == dt) => {
                let t = t.clone();
                self.walk(&f, &mut |cx, p, _| cx.store_element(p, v, &t, &dt))
            }
            other => self.fail(format!("assigning {other} through an index array is not supported by numrs build yet")),
        }
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
        let rt = Type::Array(Arc::new(ArrayType::new(a.dtype.clone(), a.ndim - 1, layout, a.readonly)));
        let row = self.cast(row, &rt, item_t)?;
        let agg = self.b.build_insert_value(pt.get_undef(), row, 0, "")?;
        let agg = self.b.build_insert_value(agg, valid, 1, "")?;
        Ok(agg.as_basic_value_enum())
    }
}
