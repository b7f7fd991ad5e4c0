//! NumPy functions that return views of their argument, as Numba makes them
//! (`numba/np/arrayobj.py`): `np.flip`/`fliplr`/`flipud`, `np.expand_dims`, `np.swapaxes`,
//! `np.moveaxis`, `np.rot90`, `np.atleast_1d`/`2d`/`3d`, `np.broadcast_to`.

use inkwell::values::{BasicValueEnum, IntValue};
use inkwell::IntPredicate;
use numrs_abi::ExcKind;
use numrs_ir::VarId;
use numrs_types::{Layout, Type};

use crate::func::{FnCx, R};
use crate::npfuncs::array_type;

type BV<'ctx> = BasicValueEnum<'ctx>;

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// `np.flip(m)` (every axis), `np.flipud(m)` (the first), `np.fliplr(m)` (the second): a
    /// view with those axes reversed (the data pointer at their last item, strides negated).
    pub(crate) fn flip(&mut self, name: &str, args: &[VarId], tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(args[0])?;
        // A 0-d array: `m[()]`, its item (Numba indexes with a tuple of no slices).
        if name == "flip" && a.ndim == 0 && !matches!(tt, Type::Array(_)) {
            let x = self.elem_at(arr, &a, self.i64(0))?;
            return self.cast(x, &a.dtype, tt);
        }
        let axes: Vec<usize> = match name {
            "flip" => (0..a.ndim as usize).collect(),
            "flipud" if a.ndim >= 1 => vec![0],
            "fliplr" if a.ndim >= 2 => vec![1],
            _ => return self.fail(format!("np.{name} of a {}d array", a.ndim)),
        };
        let view = self.flipped_view(arr, a.ndim, &axes)?;
        self.cast(view, &array_type(&a.dtype, a.ndim, Layout::A), tt)
    }

    /// A view of `arr` with the dimensions `axes` reversed (the data pointer at their last
    /// item, strides negated).
    fn flipped_view(&self, arr: BV<'ctx>, ndim: u32, axes: &[usize]) -> R<BV<'ctx>> {
        let shape = self.dims(arr, 5, ndim)?;
        let mut strides = self.dims(arr, 6, ndim)?;
        let mut data = self.field(arr, 4)?.into_pointer_value();
        // An empty array keeps its data pointer.
        let n = self.field(arr, 2)?.into_int_value();
        let empty = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(0), "")?;
        for &d in axes {
            let last = self.b.build_int_sub(shape[d], self.i64(1), "")?;
            let last = self.b.build_select(empty, self.i64(0), last, "")?.into_int_value();
            let off = self.b.build_int_mul(last, strides[d], "")?;
            data = unsafe { self.b.build_gep(self.ctx.i8_type(), data, &[off], "")? };
            strides[d] = self.b.build_int_neg(strides[d], "")?;
        }
        let itemsize = self.field(arr, 3)?.into_int_value();
        self.view_of(arr, data, &shape, &strides, itemsize)
    }

    /// `np.rot90(m, k=1)`: Numba's views for `k % 4` (0: `m[:]`; 1: `swapaxes(fliplr(m), 0, 1)`;
    /// 2: `flipud(fliplr(m))`; 3: `fliplr(swapaxes(m, 0, 1))`), chosen at run time.
    pub(crate) fn rot90(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(args[0])?;
        if a.ndim < 2 {
            return self.fail("np.rot90 of an array of fewer than 2 dimensions");
        }
        let k = match crate::npfuncs::arg_kw(args, kws, 1, "k") {
            Some(v) if !matches!(self.ty(v)?, Type::Omitted(_)) => self.int_arg(v)?,
            _ => self.i64(1),
        };
        // Python's k % 4.
        let r = self.b.build_int_signed_rem(k, self.i64(4), "")?;
        let neg = self.b.build_int_compare(IntPredicate::SLT, r, self.i64(0), "")?;
        let r = self.b.build_select(neg, self.b.build_int_add(r, self.i64(4), "")?, r, "")?.into_int_value();
        let nd = a.ndim as usize;
        let swap: Vec<IntValue<'ctx>> = (0..nd).map(|d| self.i64(match d {
            0 => 1,
            1 => 0,
            d => d as i64,
        })).collect();
        let rot1 = {
            let lr = self.flipped_view(arr, a.ndim, &[1])?;
            self.permuted_view(lr, a.ndim, &swap)?
        };
        let rot2 = self.flipped_view(arr, a.ndim, &[0, 1])?;
        let rot3 = {
            let sw = self.permuted_view(arr, a.ndim, &swap)?;
            self.flipped_view(sw, a.ndim, &[1])?
        };
        let mut v = arr;
        for (i, cand) in [(1, rot1), (2, rot2), (3, rot3)] {
            let here = self.b.build_int_compare(IntPredicate::EQ, r, self.i64(i), "")?;
            v = self.b.build_select(here, cand, v, "")?;
        }
        self.cast(v, &array_type(&a.dtype, a.ndim, Layout::A), tt)
    }

    /// `np.expand_dims(a, axis)`: a view with a dimension of length 1 (stride 0) inserted at
    /// `axis` (counted in the result's dimensions; `IndexError` outside them).
    pub(crate) fn expand_dims(&mut self, args: &[VarId], tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(args[0])?;
        let Type::Array(ra) = tt else { return self.fail(format!("np.expand_dims producing {tt}")) };
        let nd = a.ndim as i64 + 1;
        let ax = self.int_arg(args[1])?;
        let ax = self.normalize_axis(ax, nd, ExcKind::IndexError, "np.expand_dims(): axis out of bounds")?;
        let shape = self.dims(arr, 5, a.ndim)?;
        let strides = self.dims(arr, 6, a.ndim)?;
        let mut oshape = Vec::with_capacity(nd as usize);
        let mut ostrides = Vec::with_capacity(nd as usize);
        for d in 0..nd as usize {
            let di = self.i64(d as i64);
            let before = self.b.build_int_compare(IntPredicate::SLT, di, ax, "")?;
            let at = self.b.build_int_compare(IntPredicate::EQ, di, ax, "")?;
            let pick = |cx: &Self, v: &[IntValue<'ctx>], fill: IntValue<'ctx>| -> R<IntValue<'ctx>> {
                let same = v.get(d).copied().unwrap_or(fill);
                let shifted = if d > 0 { v[d - 1] } else { fill };
                let x = cx.b.build_select(before, same, shifted, "")?.into_int_value();
                Ok(cx.b.build_select(at, fill, x, "")?.into_int_value())
            };
            oshape.push(pick(self, &shape, self.i64(1))?);
            ostrides.push(pick(self, &strides, self.i64(0))?);
        }
        let data = self.field(arr, 4)?.into_pointer_value();
        let itemsize = self.field(arr, 3)?.into_int_value();
        let view = self.view_of(arr, data, &oshape, &ostrides, itemsize)?;
        self.cast(view, &array_type(&a.dtype, nd as u32, ra.layout), tt)
    }

    /// `np.lib.stride_tricks.sliding_window_view(x, window_shape, axis=None)` (Numba's
    /// overload): the windowed dimensions trimmed to the windows' positions, one more
    /// dimension per window, stepping as the axis it windows.
    pub(crate) fn sliding_window_view(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let (Some(xv), Some(wv)) = (crate::npfuncs::arg_kw(args, kws, 0, "x"), crate::npfuncs::arg_kw(args, kws, 1, "window_shape")) else {
            return self.fail("sliding_window_view without its arguments");
        };
        let (arr, a) = self.arr(xv)?;
        let nd = a.ndim as usize;
        let windows = self.shape_arg(wv)?;
        let fname = "sliding_window_view";
        let axes: Vec<IntValue<'ctx>> = match crate::npfuncs::arg_kw(args, kws, 2, "axis") {
            Some(av) if !matches!(self.ty(av)?, Type::NoneType | Type::Omitted(_)) => {
                let msg = format!("{fname}: Argument axis out of bounds for dimensions of the array");
                let mut out = Vec::new();
                for x in self.shape_arg(av)? {
                    out.push(self.normalize_axis(x, nd as i64, ExcKind::ValueError, &msg)?);
                }
                out
            }
            _ => (0..nd).map(|d| self.i64(d as i64)).collect(),
        };
        if axes.len() != windows.len() {
            self.guard(self.ctx.bool_type().const_int(1, false), ExcKind::ValueError, "Must provide matching length window_shape and axis")?;
        }
        let mut shape = self.dims(arr, 5, a.ndim)?;
        let strides = self.dims(arr, 6, a.ndim)?;
        let mut ostrides = strides.clone();
        for (ax, dim) in axes.iter().zip(&windows) {
            let neg = self.b.build_int_compare(IntPredicate::SLT, *dim, self.i64(0), "")?;
            self.guard(neg, ExcKind::ValueError, "`window_shape` cannot contain negative values")?;
            // The current size and stride of the windowed axis.
            let (mut size, mut stride) = (self.i64(0), self.i64(0));
            for d in 0..nd {
                let here = self.b.build_int_compare(IntPredicate::EQ, *ax, self.i64(d as i64), "")?;
                size = self.b.build_select(here, shape[d], size, "")?.into_int_value();
                stride = self.b.build_select(here, strides[d], stride, "")?.into_int_value();
            }
            let small = self.b.build_int_compare(IntPredicate::SLT, size, *dim, "")?;
            self.guard(small, ExcKind::ValueError, "window_shape cannot be larger than input array shape")?;
            let trimmed = self.b.build_int_add(self.b.build_int_sub(size, *dim, "")?, self.i64(1), "")?;
            for (d, s) in shape.iter_mut().enumerate().take(nd) {
                let here = self.b.build_int_compare(IntPredicate::EQ, *ax, self.i64(d as i64), "")?;
                *s = self.b.build_select(here, trimmed, *s, "")?.into_int_value();
            }
            shape.push(*dim);
            ostrides.push(stride);
        }
        let data = self.field(arr, 4)?.into_pointer_value();
        let itemsize = self.field(arr, 3)?.into_int_value();
        let view = self.view_of(arr, data, &shape, &ostrides, itemsize)?;
        self.cast(view, &array_type(&a.dtype, shape.len() as u32, Layout::A), tt)
    }

    /// `np.lib.stride_tricks.as_strided(x, shape=None, strides=...)`: a view with the given
    /// shape and strides, unchecked (Numba's `reshape_unchecked`).
    pub(crate) fn as_strided(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BV<'ctx>> {
        let (Some(xv), Some(sv)) = (crate::npfuncs::arg_kw(args, kws, 0, "x"), crate::npfuncs::arg_kw(args, kws, 2, "strides")) else {
            return self.fail("as_strided without its strides");
        };
        let (arr, a) = self.arr(xv)?;
        let shape = match crate::npfuncs::arg_kw(args, kws, 1, "shape") {
            Some(v) if !matches!(self.ty(v)?, Type::NoneType | Type::Omitted(_)) => self.shape_arg(v)?,
            _ => self.dims(arr, 5, a.ndim)?,
        };
        let strides = self.shape_arg(sv)?;
        let data = self.field(arr, 4)?.into_pointer_value();
        let itemsize = self.field(arr, 3)?.into_int_value();
        let view = self.view_of(arr, data, &shape, &strides, itemsize)?;
        self.cast(view, &array_type(&a.dtype, shape.len() as u32, Layout::A), tt)
    }

    /// `np.swapaxes(a, axis1, axis2)`: a view with the two dimensions exchanged.
    pub(crate) fn swapaxes(&mut self, args: &[VarId], tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(args[0])?;
        let Type::Array(ra) = tt else { return self.fail(format!("np.swapaxes producing {tt}")) };
        let nd = a.ndim as i64;
        let mut axes = Vec::new();
        for (v, name) in [(args[1], "axis1"), (args[2], "axis2")] {
            let x = self.int_arg(v)?;
            let msg = format!("np.swapaxes: Argument {name} out of bounds for dimensions of the array");
            axes.push(self.normalize_axis(x, nd, ExcKind::ValueError, &msg)?);
        }
        let mut sources = Vec::new();
        for d in 0..a.ndim as usize {
            let di = self.i64(d as i64);
            // The source dimension: the other axis where d is one of the two.
            let is1 = self.b.build_int_compare(IntPredicate::EQ, di, axes[0], "")?;
            let is2 = self.b.build_int_compare(IntPredicate::EQ, di, axes[1], "")?;
            let src = self.b.build_select(is2, axes[0], di, "")?.into_int_value();
            sources.push(self.b.build_select(is1, axes[1], src, "")?.into_int_value());
        }
        let view = self.permuted_view(arr, a.ndim, &sources)?;
        self.cast(view, &array_type(&a.dtype, a.ndim, ra.layout), tt)
    }

    /// A view of `arr` whose dimension `d` is `arr`'s dimension `sources[d]` (run-time
    /// indices).
    fn permuted_view(&self, arr: BV<'ctx>, ndim: u32, sources: &[IntValue<'ctx>]) -> R<BV<'ctx>> {
        let shape = self.dims(arr, 5, ndim)?;
        let strides = self.dims(arr, 6, ndim)?;
        let (mut oshape, mut ostrides) = (Vec::new(), Vec::new());
        for from in sources {
            let (mut sh, mut st) = (shape[0], strides[0]);
            for k in 1..ndim as usize {
                let here = self.b.build_int_compare(IntPredicate::EQ, *from, self.i64(k as i64), "")?;
                sh = self.b.build_select(here, shape[k], sh, "")?.into_int_value();
                st = self.b.build_select(here, strides[k], st, "")?.into_int_value();
            }
            oshape.push(sh);
            ostrides.push(st);
        }
        let data = self.field(arr, 4)?.into_pointer_value();
        let itemsize = self.field(arr, 3)?.into_int_value();
        self.view_of(arr, data, &oshape, &ostrides, itemsize)
    }

    /// `np.moveaxis(a, source, destination)` (Numba's `numpy_moveaxis`): the axes (integers or
    /// tuples of them) normalized (ValueError out of bounds or repeated), then a view whose
    /// dimension `destination[j]` is `a`'s `source[j]`, the other dimensions in their order.
    pub(crate) fn moveaxis(&mut self, args: &[VarId], tt: &Type) -> R<BV<'ctx>> {
        let (arr, a) = self.arr(args[0])?;
        let Type::Array(ra) = tt else { return self.fail(format!("np.moveaxis producing {tt}")) };
        let nd = a.ndim as i64;
        let mut lists: Vec<Vec<IntValue<'ctx>>> = Vec::new();
        for (v, name) in [(args[1], "source"), (args[2], "destination")] {
            let t = self.ty(v)?;
            let raw: Vec<IntValue<'ctx>> = if crate::types::numeric(&t).is_some() {
                vec![self.int_arg(v)?]
            } else if let Some(items) = t.tuple_items() {
                let x = self.load(v)?.into_struct_value();
                let mut out = Vec::new();
                for (i, it) in items.iter().enumerate() {
                    let item = self.b.build_extract_value(x, i as u32, "")?;
                    out.push(self.cast(item, it, &Type::int64())?.into_int_value());
                }
                out
            } else {
                return self.fail(format!("np.moveaxis with axes of type {t} is not supported by numrs build yet"));
            };
            let msg = format!("np.moveaxis: Argument {name} out of bounds for dimensions of the array");
            let axes = raw.into_iter().map(|x| self.normalize_axis(x, nd, ExcKind::ValueError, &msg)).collect::<R<Vec<_>>>()?;
            let mut repeated = self.ctx.bool_type().const_zero();
            for i in 0..axes.len() {
                for j in i + 1..axes.len() {
                    let same = self.b.build_int_compare(IntPredicate::EQ, axes[i], axes[j], "")?;
                    repeated = self.b.build_or(repeated, same, "")?;
                }
            }
            self.guard(repeated, ExcKind::ValueError, &format!("np.moveaxis: repeated axis in {name} argument"))?;
            lists.push(axes);
        }
        let (src, dst) = (&lists[0], &lists[1]);
        if src.len() != dst.len() {
            self.raise_const(ExcKind::ValueError, "`source` and `destination` arguments must have the same number of parameters")?;
            self.b.position_at_end(self.new_block("unreachable"));
            return Ok(self.vt(tt)?.const_zero());
        }
        let t = self.ctx.bool_type().const_int(1, false);
        let f = self.ctx.bool_type().const_zero();
        // Whether dimension `c` of `a` is moved, and whether position `d` of the result is a
        // destination (and of which source).
        let moved: Vec<IntValue<'ctx>> = (0..nd)
            .map(|c| src.iter().try_fold(f, |acc, s| Ok(self.b.build_or(acc, self.b.build_int_compare(IntPredicate::EQ, *s, self.i64(c), "")?, "")?)))
            .collect::<R<_>>()?;
        let mut sources = Vec::new();
        let mut free_before = self.i64(0);
        for d in 0..nd {
            let mut is_dst = f;
            let mut from = self.i64(0);
            for (s, e) in src.iter().zip(dst) {
                let here = self.b.build_int_compare(IntPredicate::EQ, *e, self.i64(d), "")?;
                is_dst = self.b.build_or(is_dst, here, "")?;
                from = self.b.build_select(here, *s, from, "")?.into_int_value();
            }
            // Else the `free_before`-th dimension that is not moved.
            let mut rank = self.i64(0);
            let mut other = self.i64(0);
            for (c, m) in moved.iter().enumerate() {
                let free = self.b.build_not(*m, "")?;
                let hit = self.b.build_and(free, self.b.build_int_compare(IntPredicate::EQ, rank, free_before, "")?, "")?;
                other = self.b.build_select(hit, self.i64(c as i64), other, "")?.into_int_value();
                rank = self.b.build_int_add(rank, self.b.build_int_z_extend(free, self.ctx.i64_type(), "")?, "")?;
            }
            sources.push(self.b.build_select(is_dst, from, other, "")?.into_int_value());
            let took_free = self.b.build_select(is_dst, f, t, "")?.into_int_value();
            free_before = self.b.build_int_add(free_before, self.b.build_int_z_extend(took_free, self.ctx.i64_type(), "")?, "")?;
        }
        let view = self.permuted_view(arr, a.ndim, &sources)?;
        self.cast(view, &array_type(&a.dtype, a.ndim, ra.layout), tt)
    }

    /// `np.atleast_1d/2d/3d(*arrays)`: each array with dimensions of length 1 inserted until
    /// it has `min` (Numba's `_atleast_nd`: at the front for 1d and 2d, the end for 3d); one
    /// array gives a view, several a tuple of views.
    pub(crate) fn atleast(&mut self, min: u32, args: &[VarId], tt: &Type) -> R<BV<'ctx>> {
        let axes: &[usize] = match min {
            1 => &[0],
            2 => &[0, 0],
            _ => &[0, 0, 2],
        };
        let mut views = Vec::new();
        for v in args {
            let (arr, a) = self.arr(*v)?;
            let mut shape = self.dims(arr, 5, a.ndim)?;
            let mut strides = self.dims(arr, 6, a.ndim)?;
            for (i, ax) in axes.iter().enumerate() {
                if shape.len() < i + 1 {
                    shape.insert(*ax, self.i64(1));
                    strides.insert(*ax, self.i64(0));
                }
            }
            let data = self.field(arr, 4)?.into_pointer_value();
            let itemsize = self.field(arr, 3)?.into_int_value();
            let view = self.view_of(arr, data, &shape, &strides, itemsize)?;
            views.push((view, array_type(&a.dtype, shape.len() as u32, a.layout)));
        }
        match (views.as_slice(), tt.tuple_items()) {
            ([(v, t)], None) => self.cast(*v, t, tt),
            (vs, Some(items)) if vs.len() == items.len() => {
                let st = self.vt(tt)?.into_struct_type();
                let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
                for (k, ((v, t), it)) in vs.iter().zip(&items).enumerate() {
                    let x = self.cast(*v, t, it)?;
                    agg = self.b.build_insert_value(agg, x, k as u32, "")?;
                }
                Ok(inkwell::values::BasicValue::as_basic_value_enum(&agg))
            }
            _ => self.fail(format!("np.atleast_{min}d producing {tt}")),
        }
    }

    /// `np.broadcast_to(array, shape)`: a read-only view of `shape`, new leading
    /// dimensions and dimensions of length 1 stretched with stride 0; Numba's `_can_broadcast`
    /// errors first.
    pub(crate) fn broadcast_to(&mut self, args: &[VarId], tt: &Type) -> R<BV<'ctx>> {
        // A number is first made a 0-d array (`np.asarray`), which the result then owns.
        let xt = self.ty(args[0])?;
        let (arr, a, owned) = match crate::types::numeric(&xt) {
            Some(k) => {
                let dt = Type::Number(k);
                let z = self.alloc_array(&dt, &[])?;
                let x = self.load(args[0])?;
                let p = self.field(z, 4)?.into_pointer_value();
                self.store_element(p, x, &xt, &dt)?;
                // Held while the shape is checked (a ValueError must not leave it behind).
                let zt = crate::npfuncs::array_type(&dt, 0, Layout::C);
                let slot = self.hold_temp(z, &zt)?;
                (z, numrs_types::ArrayType::new(dt, 0, Layout::C, false), Some((slot, zt)))
            }
            None => {
                let (arr, a) = self.arr(args[0])?;
                (arr, a, None)
            }
        };
        let Type::Array(ra) = tt else { return self.fail(format!("np.broadcast_to producing {tt}")) };
        let target = self.shape_arg(args[1])?;
        let dn = target.len();
        let Some(view) = self.broadcast_view(arr, &a, &target)? else { return Ok(self.vt(tt)?.const_zero()) };
        let out_t = Type::Array(std::sync::Arc::new(numrs_types::ArrayType::new(a.dtype.clone(), dn as u32, Layout::A, ra.readonly)));
        if let Some((slot, zt)) = owned {
            self.let_go(slot, &zt)?;
            self.fresh = true;
        }
        self.cast(view, &out_t, tt)
    }

    /// A view of `arr` broadcast to `target` with `np.broadcast_to`'s checks; None after an
    /// error raised unconditionally (more dimensions than the target).
    pub(crate) fn broadcast_view(&mut self, arr: BV<'ctx>, a: &numrs_types::ArrayType, target: &[IntValue<'ctx>]) -> R<Option<BV<'ctx>>> {
        let (sn, dn) = (a.ndim as usize, target.len());
        if sn > dn {
            let t = self.ctx.bool_type().const_all_ones();
            self.guard(t, ExcKind::ValueError, "input operand has more dimensions than allowed by the axis remapping")?;
            return Ok(None);
        }
        for d in target {
            let neg = self.b.build_int_compare(IntPredicate::SLT, *d, self.i64(0), "")?;
            self.guard(neg, ExcKind::ValueError, "all elements of broadcast shape must be non-negative")?;
        }
        let shape = self.dims(arr, 5, a.ndim)?;
        let strides = self.dims(arr, 6, a.ndim)?;
        let mut bad = self.ctx.bool_type().const_zero();
        let (mut oshape, mut ostrides) = (Vec::new(), Vec::new());
        for (k, t) in target.iter().enumerate() {
            if k < dn - sn {
                oshape.push(*t);
                ostrides.push(self.i64(0));
                continue;
            }
            let j = k - (dn - sn);
            let one = self.b.build_int_compare(IntPredicate::EQ, shape[j], self.i64(1), "")?;
            let same = self.b.build_int_compare(IntPredicate::EQ, shape[j], *t, "")?;
            bad = self.b.build_or(bad, self.b.build_not(self.b.build_or(one, same, "")?, "")?, "")?;
            let stretch = self.b.build_and(one, self.b.build_not(same, "")?, "")?;
            oshape.push(*t);
            ostrides.push(self.b.build_select(stretch, self.i64(0), strides[j], "")?.into_int_value());
        }
        self.guard(bad, ExcKind::ValueError, "operands could not be broadcast together with remapped shapes")?;
        let data = self.field(arr, 4)?.into_pointer_value();
        let itemsize = self.field(arr, 3)?.into_int_value();
        // Read-only by its type (Numba clears the parent for that; here the boxed view of an
        // argument keeps it as its base, made read-only from the type).
        Ok(Some(self.view_of(arr, data, &oshape, &ostrides, itemsize)?))
    }

    /// `np.broadcast_shapes(*shapes)` as Numba's `ol_numpy_broadcast_shapes`: `r = [1] * m`,
    /// then each shape (an integer is a shape of one) aligned on the right against `r` by
    /// `numpy_broadcast_shapes_list`, with its two ValueErrors.
    pub(crate) fn broadcast_shapes_call(&mut self, args: &[VarId], tt: &Type) -> R<BV<'ctx>> {
        let m = match tt {
            Type::UniTuple(_, n) => *n as usize,
            Type::Tuple(items) if items.is_empty() => 0,
            _ => return self.fail(format!("np.broadcast_shapes producing {tt}")),
        };
        let mut r = vec![self.i64(1); m];
        for v in args {
            let t = self.ty(*v)?;
            let x = self.load(*v)?;
            let dims: Vec<IntValue<'ctx>> = match t.tuple_items() {
                Some(items) => {
                    let mut dims = Vec::new();
                    for (k, it) in items.iter().enumerate() {
                        let d = self.tuple_item(x, k as u32)?;
                        dims.push(self.cast(d, it, &Type::int64())?.into_int_value());
                    }
                    dims
                }
                None if crate::types::numeric(&t).is_some() => vec![self.cast(x, &t, &Type::int64())?.into_int_value()],
                None => return self.fail(format!("np.broadcast_shapes of {t}")),
            };
            for (i, tmp) in dims.iter().enumerate() {
                let k = m - dims.len() + i;
                let negative = self.b.build_int_compare(IntPredicate::SLT, *tmp, self.i64(0), "")?;
                self.guard(negative, ExcKind::ValueError, "negative dimensions are not allowed")?;
                let one = self.b.build_int_compare(IntPredicate::EQ, *tmp, self.i64(1), "")?;
                let r_one = self.b.build_int_compare(IntPredicate::EQ, r[k], self.i64(1), "")?;
                let differ = self.b.build_int_compare(IntPredicate::NE, r[k], *tmp, "")?;
                let not_one = self.b.build_not(one, "")?;
                let not_r_one = self.b.build_not(r_one, "")?;
                let clash = self.b.build_and(not_one, self.b.build_and(not_r_one, differ, "")?, "")?;
                self.guard(clash, ExcKind::ValueError, "shape mismatch: objects cannot be broadcast to a single shape")?;
                let take = self.b.build_and(not_one, r_one, "")?;
                r[k] = self.b.build_select(take, *tmp, r[k], "")?.into_int_value();
            }
        }
        let st = self.vt(tt)?;
        let mut agg: inkwell::values::AggregateValueEnum = match st {
            inkwell::types::BasicTypeEnum::ArrayType(a) => a.get_undef().into(),
            inkwell::types::BasicTypeEnum::StructType(s) => s.get_undef().into(),
            _ => return self.fail(format!("np.broadcast_shapes producing {tt}")),
        };
        for (k, d) in r.iter().enumerate() {
            agg = self.b.build_insert_value(agg, *d, k as u32, "")?;
        }
        Ok(inkwell::values::BasicValue::as_basic_value_enum(&agg))
    }

    /// `np.broadcast_arrays(*arrays)`: the common shape (Numba's
    /// `numpy_broadcast_shapes_list`), then a list of read-only views of that shape.
    pub(crate) fn broadcast_arrays(&mut self, args: &[VarId], tt: &Type) -> R<BV<'ctx>> {
        let Some(Type::Array(it)) = crate::lists::dtype(tt).cloned() else { return self.fail(format!("np.broadcast_arrays producing {tt}")) };
        let item_t = Type::Array(it.clone());
        let m = it.ndim as usize;
        // Numbers and tuples become new arrays first (`np.asarray`), held until the list's
        // views own them.
        let mut arrays = Vec::new();
        let mut owned = Vec::new();
        for v in args {
            match self.ty(*v)? {
                Type::Array(_) => arrays.push(self.arr(*v)?),
                other => {
                    let src = self.flat_source(*v)?;
                    let dt = src.item.clone();
                    let z = self.alloc_array(&dt, &src.shape)?;
                    let zt = crate::npfuncs::array_type(&dt, src.shape.len() as u32, Layout::C);
                    let mut n = self.i64(1);
                    for d in &src.shape {
                        n = self.b.build_int_mul(n, *d, "")?;
                    }
                    self.counted_loop(n, |cx, i| {
                        let x = cx.flat_item(&src, i)?;
                        let p = cx.out_ptr(z, &dt, i)?;
                        cx.store_element(p, x, &dt, &dt)
                    })?;
                    let _ = other;
                    let slot = self.hold_temp(z, &zt)?;
                    owned.push((slot, zt));
                    arrays.push((z, numrs_types::ArrayType::new(dt, src.shape.len() as u32, Layout::C, false)));
                }
            }
        }
        let r = self.broadcast_shapes(&arrays, m)?;
        let list = self.list_new(&item_t, self.i64(0), self.i64(arrays.len() as i64))?;
        for (arr, a) in &arrays {
            let Some(view) = self.broadcast_view(*arr, a, &r)? else { return self.fail("np.broadcast_arrays") };
            let vt = Type::Array(std::sync::Arc::new(numrs_types::ArrayType::new(a.dtype.clone(), m as u32, Layout::A, it.readonly)));
            let view = self.cast(view, &vt, &item_t)?;
            self.list_append(list, &item_t, view)?;
        }
        for (slot, zt) in owned {
            let z = self.b.build_load(self.vt(&zt)?, slot, "")?;
            self.let_go(slot, &zt)?;
            self.decref(z, &zt)?;
        }
        self.fresh = true;
        Ok(list.into())
    }

    /// The common shape (of `m` dimensions) of `arrays` (Numba's `numpy_broadcast_shapes_list`),
    /// raising ValueError when two of them clash.
    pub(crate) fn broadcast_shapes(&mut self, arrays: &[(BV<'ctx>, numrs_types::ArrayType)], m: usize) -> R<Vec<IntValue<'ctx>>> {
        let one = self.i64(1);
        let mut r = vec![one; m];
        let mut bad = self.ctx.bool_type().const_zero();
        for (arr, a) in arrays {
            let shape = self.dims(*arr, 5, a.ndim)?;
            for (i, &tmp) in shape.iter().enumerate() {
                let k = m - shape.len() + i;
                let t1 = self.b.build_int_compare(IntPredicate::EQ, tmp, one, "")?;
                let r1 = self.b.build_int_compare(IntPredicate::EQ, r[k], one, "")?;
                let same = self.b.build_int_compare(IntPredicate::EQ, r[k], tmp, "")?;
                let clash = self.b.build_and(self.b.build_not(t1, "")?, self.b.build_not(self.b.build_or(r1, same, "")?, "")?, "")?;
                bad = self.b.build_or(bad, clash, "")?;
                let take = self.b.build_and(self.b.build_not(t1, "")?, r1, "")?;
                r[k] = self.b.build_select(take, tmp, r[k], "")?.into_int_value();
            }
        }
        self.guard(bad, ExcKind::ValueError, "shape mismatch: objects cannot be broadcast to a single shape")?;
        Ok(r)
    }

    /// A negative axis counted from the end of `ndim`; outside `[0, ndim)` raises.
    fn normalize_axis(&self, axis: IntValue<'ctx>, ndim: i64, kind: ExcKind, msg: &str) -> R<IntValue<'ctx>> {
        let neg = self.b.build_int_compare(IntPredicate::SLT, axis, self.i64(0), "")?;
        let shifted = self.b.build_int_add(axis, self.i64(ndim), "")?;
        let ax = self.b.build_select(neg, shifted, axis, "")?.into_int_value();
        let out = self.b.build_int_compare(IntPredicate::UGE, ax, self.i64(ndim), "")?;
        self.guard(out, kind, msg)?;
        Ok(ax)
    }
}
