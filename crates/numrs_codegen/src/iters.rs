//! Iterators beyond `range` and 1-d arrays: homogeneous tuples and `enumerate`.
//!
//! Every iterator is a pointer to its state (an alloca of the function):
//! - `iter(UniTuple(T, n))`: `{tuple, i64 next}`;
//! - `enumerate(it, start)`: `{i64 count, ptr inner}` where `inner` is the state of the
//!   iterator over `it`;
//! - `np.ndindex(shape)`: `{[n x i64] shape, i64 next, i64 total}`, and `np.ndenumerate(a)`:
//!   `{array, i64 next, i64 total}`: the flat index of the next item in C order, whose index
//!   tuple is found by division.

use inkwell::types::{BasicType, StructType};
use inkwell::values::{BasicValue, BasicValueEnum, PointerValue};
use inkwell::IntPredicate;
use numrs_ir::VarId;
use numrs_types::{IteratorKind, NumericKind, Type};

use crate::func::{zero_of, FnCx, R};
use crate::types::numeric;

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// Initialize the state at `state` (of type `st`) of an iterator of kind `k` over `val`.
    pub(crate) fn iter_init(&self, val: BasicValueEnum<'ctx>, k: &IteratorKind, st: StructType<'ctx>, state: PointerValue<'ctx>) -> R<()> {
        let k = &*crate::types::plain_tuples(k);
        match k {
            IteratorKind::Container(Type::UniTuple(..) | Type::List { .. } | Type::ListType(_)) => {
                let p0 = self.b.build_struct_gep(st, state, 0, "")?;
                self.b.build_store(p0, val)?;
                let p1 = self.b.build_struct_gep(st, state, 1, "")?;
                self.b.build_store(p1, self.i64(0))?;
                if matches!(k, IteratorKind::Container(Type::List { .. } | Type::ListType(_))) {
                    let n = self.list_len(val.into_pointer_value())?;
                    let p2 = self.b.build_struct_gep(st, state, 2, "")?;
                    self.b.build_store(p2, n)?;
                }
                Ok(())
            }
            IteratorKind::Container(Type::Unicode | Type::StringLiteral(_)) => crate::strings::iter_init(self, val, st, state),
            other => self.fail(format!("iterating over {} is not supported by numrs build yet", Type::Iterator(std::sync::Arc::new(other.clone())))),
        }
    }

    /// The next `{item, valid}` of an iterator of kind `k` at `state`.
    pub(crate) fn iter_step(
        &mut self,
        state: PointerValue<'ctx>,
        k: &IteratorKind,
        st: StructType<'ctx>,
        item_t: &Type,
        pt: StructType<'ctx>,
    ) -> R<BasicValueEnum<'ctx>> {
        let k = &*crate::types::plain_tuples(k);
        match k {
            IteratorKind::Container(tup @ Type::UniTuple(elem, n)) => {
                let tv = self.vt(tup)?;
                let pi = self.b.build_struct_gep(st, state, 1, "")?;
                let i = self.b.build_load(self.ctx.i64_type(), pi, "")?.into_int_value();
                let valid = self.b.build_int_compare(IntPredicate::SLT, i, self.i64(*n as i64), "")?;
                // Clamp the index so the (unused) read of an exhausted iterator stays inside.
                let last = self.i64((*n as i64 - 1).max(0));
                let at = self.b.build_select(valid, i, last, "")?.into_int_value();
                let et = self.vt(elem)?;
                let x = if *n == 0 {
                    zero_of(et)
                } else {
                    let pt0 = self.b.build_struct_gep(st, state, 0, "")?;
                    let arr_t = et.array_type(*n);
                    let _ = tv;
                    let p = unsafe { self.b.build_in_bounds_gep(arr_t, pt0, &[self.i64(0), at], "")? };
                    self.b.build_load(et, p, "")?
                };
                let next = self.b.build_int_add(i, self.i64(1), "")?;
                let next = self.b.build_select(valid, next, i, "")?;
                self.b.build_store(pi, next)?;
                let x = self.cast(x, elem, item_t)?;
                let agg = self.b.build_insert_value(pt.get_undef(), x, 0, "")?;
                let agg = self.b.build_insert_value(agg, valid, 1, "")?;
                Ok(agg.as_basic_value_enum())
            }
            IteratorKind::Container(lt @ (Type::List { .. } | Type::ListType(_))) => {
                let Some(dtype) = crate::lists::dtype(lt) else { return self.fail(format!("iterating over {lt}")) };
                let ptr = self.ctx.ptr_type(inkwell::AddressSpace::default());
                let pl = self.b.build_struct_gep(st, state, 0, "")?;
                let l = self.b.build_load(ptr, pl, "")?.into_pointer_value();
                let pi = self.b.build_struct_gep(st, state, 1, "")?;
                let i = self.b.build_load(self.ctx.i64_type(), pi, "")?.into_int_value();
                let n = self.list_len(l)?;
                if matches!(lt, Type::ListType(_)) {
                    // Numba's typed-list iterator: a length other than the one the iteration
                    // started with is a RuntimeError.
                    let p2 = self.b.build_struct_gep(st, state, 2, "")?;
                    let n0 = self.b.build_load(self.ctx.i64_type(), p2, "")?.into_int_value();
                    let mutated = self.b.build_int_compare(IntPredicate::NE, n0, n, "")?;
                    self.guard(mutated, numrs_abi::ExcKind::RuntimeError, "list was mutated during iteration")?;
                }
                let valid = self.b.build_int_compare(IntPredicate::SLT, i, n, "")?;
                // Read only when valid; the next index only advances then.
                let cur = self.b.get_insert_block();
                let read = self.new_block("list_iter_read");
                let join = self.new_block("list_iter_join");
                self.b.build_conditional_branch(valid, read, join)?;
                self.b.position_at_end(read);
                let x = self.list_get(l, dtype, i)?;
                let x = self.cast(x, dtype, item_t)?;
                self.b.build_store(pi, self.b.build_int_add(i, self.i64(1), "")?)?;
                let read_end = self.b.get_insert_block();
                self.b.build_unconditional_branch(join)?;
                self.b.position_at_end(join);
                let et = self.vt(item_t)?;
                let phi = self.b.build_phi(et, "")?;
                if let (Some(c), Some(r)) = (cur, read_end) {
                    phi.add_incoming(&[(&zero_of(et), c), (&x, r)]);
                }
                let agg = self.b.build_insert_value(pt.get_undef(), phi.as_basic_value(), 0, "")?;
                let agg = self.b.build_insert_value(agg, valid, 1, "")?;
                Ok(agg.as_basic_value_enum())
            }
            IteratorKind::Container(Type::Unicode | Type::StringLiteral(_)) => crate::strings::iter_step(self, state, st, item_t, pt),
            IteratorKind::Enumerate(inner) => {
                if !matches!(inner, Type::Iterator(_) | Type::Generator(_)) {
                    return self.fail(format!("enumerate over {inner}"));
                }
                let inner_item = inner.yield_type().ok_or_else(|| crate::func::CgError { span: self.span, message: format!("enumerate over {inner}") })?;
                let pc = self.b.build_struct_gep(st, state, 0, "")?;
                let count = self.b.build_load(self.ctx.i64_type(), pc, "count")?.into_int_value();
                let pin = self.b.build_struct_gep(st, state, 1, "")?;
                let inner_state = self.b.build_load(self.ctx.ptr_type(inkwell::AddressSpace::default()), pin, "")?.into_pointer_value();
                let ipair = Type::Pair(std::sync::Arc::new((inner_item.clone(), Type::boolean())));
                let got = self.iternext_at(inner_state, inner, &ipair)?.into_struct_value();
                let x = self.b.build_extract_value(got, 0, "")?;
                let valid = self.b.build_extract_value(got, 1, "")?.into_int_value();
                let next = self.b.build_int_add(count, self.i64(1), "")?;
                self.b.build_store(pc, next)?;
                // The item: (count, x) as the pair's item type says.
                let items = item_t.tuple_items().unwrap_or_default();
                let (Some(ct), Some(xt)) = (items.first(), items.get(1)) else { return self.fail(format!("enumerate item {item_t}")) };
                let c = self.cast(count.into(), &Type::int64(), ct)?;
                let x = self.cast(x, &inner_item, xt)?;
                let tup_t = self.vt(item_t)?.into_struct_type();
                let tup = self.b.build_insert_value(tup_t.get_undef(), c, 0, "")?;
                let tup = self.b.build_insert_value(tup, x, 1, "")?;
                let agg = self.b.build_insert_value(pt.get_undef(), tup.as_basic_value_enum(), 0, "")?;
                let agg = self.b.build_insert_value(agg, valid, 1, "")?;
                Ok(agg.as_basic_value_enum())
            }
            IteratorKind::NdIndex(n) => {
                let shape = self.b.build_load(self.ctx.i64_type().array_type(*n), self.b.build_struct_gep(st, state, 0, "")?, "")?.into_array_value();
                let dims: Vec<_> = (0..*n).map(|d| Ok(self.b.build_extract_value(shape, d, "")?.into_int_value())).collect::<R<_>>()?;
                let (flat, valid) = self.nd_advance(st, state)?;
                let idx = self.nd_index_tuple(flat, &dims)?;
                let idx = self.cast(idx, &Type::unituple(Type::intp(), *n), item_t)?;
                let agg = self.b.build_insert_value(pt.get_undef(), idx, 0, "")?;
                let agg = self.b.build_insert_value(agg, valid, 1, "")?;
                Ok(agg.as_basic_value_enum())
            }
            IteratorKind::Flat(arr) => {
                let Type::Array(a) = arr else { return self.fail(format!("flat over {arr}")) };
                let av = self.b.build_load(crate::types::array_struct(self.ctx, a.ndim), self.b.build_struct_gep(st, state, 0, "")?, "")?;
                let (flat, valid) = self.nd_advance(st, state)?;
                let x = self.array_item_if(av, a, flat, valid, item_t)?;
                let agg = self.b.build_insert_value(pt.get_undef(), x, 0, "")?;
                let agg = self.b.build_insert_value(agg, valid, 1, "")?;
                Ok(agg.as_basic_value_enum())
            }
            IteratorKind::NdEnumerate(arr) => {
                let Type::Array(a) = arr else { return self.fail(format!("ndenumerate over {arr}")) };
                let av = self.b.build_load(crate::types::array_struct(self.ctx, a.ndim), self.b.build_struct_gep(st, state, 0, "")?, "")?;
                let dims = self.dims(av, 5, a.ndim)?;
                let (flat, valid) = self.nd_advance(st, state)?;
                let idx = self.nd_index_tuple(flat, &dims)?;
                let items = item_t.tuple_items().unwrap_or_default();
                let (Some(it_idx), Some(it_x)) = (items.first(), items.get(1)) else { return self.fail(format!("ndenumerate item {item_t}")) };
                let x = self.array_item_if(av, a, flat, valid, it_x)?;
                let idx = self.cast(idx, &Type::unituple(Type::intp(), a.ndim), it_idx)?;
                let tup_t = self.vt(item_t)?.into_struct_type();
                let tup = self.b.build_insert_value(tup_t.get_undef(), idx, 0, "")?;
                let tup = self.b.build_insert_value(tup, x, 1, "")?;
                let agg = self.b.build_insert_value(pt.get_undef(), tup.as_basic_value_enum(), 0, "")?;
                let agg = self.b.build_insert_value(agg, valid, 1, "")?;
                Ok(agg.as_basic_value_enum())
            }
            IteratorKind::Map { .. } | IteratorKind::Filter { .. } => {
                let (x, valid) = self.map_filter_next(k, st, state, item_t)?;
                let agg = self.b.build_insert_value(pt.get_undef(), x, 0, "")?;
                let agg = self.b.build_insert_value(agg, valid, 1, "")?;
                Ok(agg.as_basic_value_enum())
            }
            IteratorKind::NdIter(inputs) => {
                let (x, valid) = self.nditer_next(inputs, st, state, item_t)?;
                let agg = self.b.build_insert_value(pt.get_undef(), x, 0, "")?;
                let agg = self.b.build_insert_value(agg, valid, 1, "")?;
                Ok(agg.as_basic_value_enum())
            }
            other => self.fail(format!("iterating over {} is not supported by numrs build yet", Type::Iterator(std::sync::Arc::new(other.clone())))),
        }
    }

    /// `a.flat[i]` (of `flat`, an `a.flat` value, with integer `index`): the item's address and
    /// the array's dtype; `None` for other values. An index outside the array is an
    /// IndexError (Numba reads there).
    pub(crate) fn flat_item_ptr(&self, flat: VarId, index: VarId) -> R<Option<(PointerValue<'ctx>, Type)>> {
        let Type::Iterator(k) = self.ty(flat)? else { return Ok(None) };
        let IteratorKind::Flat(Type::Array(a)) = &*k else { return Ok(None) };
        let st = crate::types::iterator_state(self.ctx, &k).map_err(|m| self.cg_err(m))?;
        let state = self.load(flat)?.into_pointer_value();
        let av = self.b.build_load(crate::types::array_struct(self.ctx, a.ndim), self.b.build_struct_gep(st, state, 0, "")?, "")?;
        let it = self.ty(index)?;
        let i = self.cast(self.load(index)?, &it, &Type::int64())?.into_int_value();
        let size = self.field(av, 2)?.into_int_value();
        let outside = self.b.build_int_compare(IntPredicate::UGE, i, size, "")?;
        self.guard(outside, numrs_abi::ExcKind::IndexError, "index out of bounds")?;
        Ok(Some((self.flat_ptr(av, a, i)?, a.dtype.clone())))
    }

    /// Item `flat` (C order) of array `av` as `target`, read only when `valid` (an exhausted
    /// walk of an empty array has no data to read); zero otherwise.
    fn array_item_if(
        &self,
        av: BasicValueEnum<'ctx>,
        a: &numrs_types::ArrayType,
        flat: inkwell::values::IntValue<'ctx>,
        valid: inkwell::values::IntValue<'ctx>,
        target: &Type,
    ) -> R<BasicValueEnum<'ctx>> {
        let xt = self.vt(target)?;
        let cur = self.b.get_insert_block();
        let read = self.new_block("walk_read");
        let join = self.new_block("walk_join");
        self.b.build_conditional_branch(valid, read, join)?;
        self.b.position_at_end(read);
        let x = self.load_element(self.flat_ptr(av, a, flat)?, &a.dtype)?;
        self.hold_iterated_item(x, &a.dtype)?;
        let x = self.cast(x, &a.dtype, target)?;
        let read_end = self.b.get_insert_block();
        self.b.build_unconditional_branch(join)?;
        self.b.position_at_end(join);
        let phi = self.b.build_phi(xt, "")?;
        if let (Some(c), Some(r)) = (cur, read_end) {
            phi.add_incoming(&[(&zero_of(xt), c), (&x, r)]);
        }
        Ok(phi.as_basic_value())
    }

    /// For the `np.ndindex`/`np.ndenumerate` state at `state`: the flat index of this item and
    /// whether there is one; the next index is stored (only when there was one).
    fn nd_advance(&self, st: StructType<'ctx>, state: PointerValue<'ctx>) -> R<(inkwell::values::IntValue<'ctx>, inkwell::values::IntValue<'ctx>)> {
        let i64t = self.ctx.i64_type();
        let pnext = self.b.build_struct_gep(st, state, 1, "")?;
        let flat = self.b.build_load(i64t, pnext, "flat")?.into_int_value();
        let total = self.b.build_load(i64t, self.b.build_struct_gep(st, state, 2, "")?, "total")?.into_int_value();
        let valid = self.b.build_int_compare(IntPredicate::SLT, flat, total, "")?;
        let next = self.b.build_int_add(flat, self.i64(1), "")?;
        let next = self.b.build_select(valid, next, flat, "")?;
        self.b.build_store(pnext, next)?;
        Ok((flat, valid))
    }

    /// The C-order index tuple (`UniTuple(intp x n)`) of flat index `flat` in a shape.
    fn nd_index_tuple(&self, flat: inkwell::values::IntValue<'ctx>, dims: &[inkwell::values::IntValue<'ctx>]) -> R<BasicValueEnum<'ctx>> {
        let n = dims.len();
        let tup_t = self.vt(&Type::unituple(Type::intp(), n as u32))?.into_struct_type();
        let mut tup = tup_t.get_undef();
        let mut rem = flat;
        for d in (0..n).rev() {
            // A zero extent only occurs with no items (the value is then not used).
            let is0 = self.b.build_int_compare(IntPredicate::EQ, dims[d], self.i64(0), "")?;
            let ext = self.b.build_select(is0, self.i64(1), dims[d], "")?.into_int_value();
            let (i, r) = if d == 0 { (rem, rem) } else { (self.b.build_int_unsigned_rem(rem, ext, "")?, self.b.build_int_unsigned_div(rem, ext, "")?) };
            tup = self.b.build_insert_value(tup, i, d as u32, "")?.into_struct_value();
            rem = r;
        }
        Ok(tup.as_basic_value_enum())
    }

    /// `np.ndindex(n, m, ...)` / `np.ndindex((n, m, ...))`: an iterator (see the module doc).
    pub(crate) fn make_ndindex(&self, args: &[VarId], target: &Type) -> R<BasicValueEnum<'ctx>> {
        let Type::Iterator(k) = target else { return self.fail(format!("ndindex producing {target}")) };
        let IteratorKind::NdIndex(n) = &**k else { return self.fail(format!("ndindex producing {target}")) };
        let mut dims = Vec::new();
        for &v in args {
            let t = self.ty(v)?;
            let x = self.load(v)?;
            match t.tuple_items() {
                Some(items) => {
                    for (i, it) in items.iter().enumerate() {
                        let d = self.b.build_extract_value(x.into_struct_value(), i as u32, "")?;
                        dims.push(self.cast(d, it, &Type::int64())?.into_int_value());
                    }
                }
                None => dims.push(self.cast(x, &t, &Type::int64())?.into_int_value()),
            }
        }
        if dims.len() != *n as usize {
            return self.fail(format!("ndindex of {} dimensions for {target}", dims.len()));
        }
        let st = crate::types::iterator_state(self.ctx, k).map_err(|m| self.cg_err(m))?;
        let state = self.temp(st.into())?;
        let at = self.ctx.i64_type().array_type(*n);
        let mut shape = at.get_undef();
        let mut total = self.i64(1);
        for (d, x) in dims.iter().enumerate() {
            shape = self.b.build_insert_value(shape, *x, d as u32, "")?.into_array_value();
            // A negative extent has no items, as in NumPy's `ndindex` of zero.
            let neg = self.b.build_int_compare(IntPredicate::SLT, *x, self.i64(0), "")?;
            let ext = self.b.build_select(neg, self.i64(0), *x, "")?.into_int_value();
            total = self.b.build_int_mul(total, ext, "")?;
        }
        self.b.build_store(self.b.build_struct_gep(st, state, 0, "")?, shape)?;
        self.b.build_store(self.b.build_struct_gep(st, state, 1, "")?, self.i64(0))?;
        self.b.build_store(self.b.build_struct_gep(st, state, 2, "")?, total)?;
        Ok(state.into())
    }

    /// `np.nditer(x)` / `np.nditer((x, y, ...))`: an iterator (Numba's `make_nditer_cls`). Its
    /// shape is its first input of the most dimensions'; every other array must have that
    /// shape's last dimensions (ValueError otherwise: no broadcasting of length-1 dimensions).
    pub(crate) fn make_nditer(&mut self, args: &[VarId], target: &Type) -> R<BasicValueEnum<'ctx>> {
        let Type::Iterator(k) = target else { return self.fail(format!("nditer producing {target}")) };
        let (IteratorKind::NdIter(inputs), [x]) = (&**k, args) else { return self.fail(format!("nditer producing {target}")) };
        let st = crate::types::iterator_state(self.ctx, k).map_err(|m| self.cg_err(m))?;
        let state = self.temp(st.into())?;
        let xt = self.ty(*x)?;
        let xv = self.load(*x)?;
        // The inputs, each as its iterator type.
        let values: Vec<BasicValueEnum<'ctx>> = match xt.tuple_items() {
            Some(items) => {
                let sv = xv.into_struct_value();
                let mut out = Vec::new();
                for (i, (it, t)) in items.iter().zip(inputs).enumerate() {
                    let v = self.b.build_extract_value(sv, i as u32, "")?;
                    out.push(self.cast(v, it, t)?);
                }
                out
            }
            None => vec![self.cast(xv, &xt, &inputs[0])?],
        };
        let ins_t = st.get_field_type_at_index(0).ok_or_else(|| self.lerr("internal error: nditer state".into()))?.into_struct_type();
        let mut ins = ins_t.get_undef();
        for (i, v) in values.iter().enumerate() {
            ins = self.b.build_insert_value(ins, *v, i as u32, "")?.into_struct_value();
        }
        self.b.build_store(self.b.build_struct_gep(st, state, 0, "")?, ins)?;
        let (ndim, _) = numrs_types::nditer_shape(inputs);
        let main = inputs.iter().position(|t| t.as_array().is_some_and(|a| a.ndim == ndim));
        let (shape, total) = match main {
            Some(m) if ndim > 0 => {
                let a = inputs[m].as_array().map(|a| a.ndim).unwrap_or(0);
                (self.dims(values[m], 5, a)?, self.field(values[m], 2)?.into_int_value())
            }
            _ => (Vec::new(), self.i64(1)),
        };
        // Each array's shape must be the iteration shape's last dimensions.
        for (t, v) in inputs.iter().zip(&values) {
            let Some(a) = t.as_array().filter(|a| a.ndim > 0) else { continue };
            let dims = self.dims(*v, 5, a.ndim)?;
            for (d, x) in dims.iter().enumerate() {
                let want = shape[(ndim - a.ndim) as usize + d];
                let bad = self.b.build_int_compare(IntPredicate::NE, *x, want, "")?;
                self.guard(bad, numrs_abi::ExcKind::ValueError, "nditer(): operands could not be broadcast together")?;
            }
        }
        let shape_t = self.ctx.i64_type().array_type(ndim);
        let mut sh = shape_t.get_undef();
        for (d, x) in shape.iter().enumerate() {
            sh = self.b.build_insert_value(sh, *x, d as u32, "")?.into_array_value();
        }
        self.b.build_store(self.b.build_struct_gep(st, state, 1, "")?, self.i64(0))?;
        self.b.build_store(self.b.build_struct_gep(st, state, 2, "")?, total)?;
        self.b.build_store(self.b.build_struct_gep(st, state, 3, "")?, sh)?;
        Ok(state.into())
    }

    /// The next item of an `np.nditer` (state `state` of type `st`): a 0-d view of each
    /// input's item at the next index, in C order, or F order (the first index fastest) for an
    /// iterator of layout F.
    fn nditer_next(&self, inputs: &[Type], st: inkwell::types::StructType<'ctx>, state: inkwell::values::PointerValue<'ctx>, item_t: &Type) -> R<(BasicValueEnum<'ctx>, inkwell::values::IntValue<'ctx>)> {
        let (ndim, layout) = numrs_types::nditer_shape(inputs);
        let (flat, valid) = self.nd_advance(st, state)?;
        let i64t = self.ctx.i64_type();
        let shape_p = self.b.build_struct_gep(st, state, 3, "")?;
        let sh = self.b.build_load(i64t.array_type(ndim), shape_p, "")?.into_array_value();
        let mut idx = vec![self.i64(0); ndim as usize];
        let mut rem = flat;
        let order: Vec<usize> = if layout == 'F' { (0..ndim as usize).collect() } else { (0..ndim as usize).rev().collect() };
        for (n, d) in order.iter().enumerate() {
            let ext = self.b.build_extract_value(sh, *d as u32, "")?.into_int_value();
            let is0 = self.b.build_int_compare(IntPredicate::EQ, ext, self.i64(0), "")?;
            let ext = self.b.build_select(is0, self.i64(1), ext, "")?.into_int_value();
            if n + 1 == order.len() {
                idx[*d] = rem;
            } else {
                idx[*d] = self.b.build_int_unsigned_rem(rem, ext, "")?;
                rem = self.b.build_int_unsigned_div(rem, ext, "")?;
            }
        }
        let ins_p = self.b.build_struct_gep(st, state, 0, "")?;
        let ins_t = st.get_field_type_at_index(0).ok_or_else(|| self.lerr("internal error: nditer state".into()))?.into_struct_type();
        let views: Vec<Type> = match item_t.tuple_items() {
            Some(items) => items.to_vec(),
            None => vec![item_t.clone()],
        };
        let mut out = Vec::new();
        for (i, t) in inputs.iter().enumerate() {
            let slot = self.b.build_struct_gep(ins_t, ins_p, i as u32, "")?;
            let view = match t {
                Type::Array(a) => {
                    let av = self.b.build_load(crate::types::array_struct(self.ctx, a.ndim), slot, "")?;
                    let data = self.field(av, 4)?.into_pointer_value();
                    let strides = self.dims(av, 6, a.ndim)?;
                    let mut off = self.i64(0);
                    for (d, s) in strides.iter().enumerate() {
                        let j = idx[(ndim - a.ndim) as usize + d];
                        off = self.b.build_int_add(off, self.b.build_int_mul(j, *s, "")?, "")?;
                    }
                    // Past the end the offset is not used (no item is read).
                    let off = self.b.build_select(valid, off, self.i64(0), "")?.into_int_value();
                    let p = unsafe { self.b.build_gep(self.ctx.i8_type(), data, &[off], "")? };
                    let isz = self.field(av, 3)?.into_int_value();
                    self.view_of(av, p, &[], &[], isz)?
                }
                t => {
                    // A number: a 0-d array over its slot in the state.
                    let k = numeric(t).ok_or_else(|| self.lerr(format!("np.nditer over {t}")))?;
                    let size = crate::types::number_type(self.ctx, k).size_of().ok_or_else(|| self.lerr("internal error: item size".into()))?;
                    let null = self.ptr_t().const_null();
                    self.make_array(0, null, null, size, slot, &[], &[])?
                }
            };
            let dtype = t.as_array().map_or_else(|| t.unliteral(), |a| a.dtype.clone());
            let vt = Type::array(dtype, 0, numrs_types::Layout::C);
            let want = views.get(i).cloned().unwrap_or_else(|| vt.clone());
            out.push(self.cast(view, &vt, &want)?);
        }
        let item = if out.len() == 1 {
            out[0]
        } else {
            let tt = self.vt(item_t)?.into_struct_type();
            let mut agg = tt.get_undef();
            for (i, v) in out.iter().enumerate() {
                agg = self.b.build_insert_value(agg, *v, i as u32, "")?.into_struct_value();
            }
            agg.into()
        };
        Ok((item, valid))
    }

    /// The next item of a `map` (`f` of the next items of the iterables) or `filter` (the next
    /// item `f` accepts), with whether there is one: the iterables step as a `zip`, and `f` is
    /// called only on items (Numba's generators `ol_map`/`ol_filter`).
    fn map_filter_next(
        &mut self,
        k: &IteratorKind,
        st: StructType<'ctx>,
        state: PointerValue<'ctx>,
        item_t: &Type,
    ) -> R<(BasicValueEnum<'ctx>, inkwell::values::IntValue<'ctx>)> {
        let Some(zk) = crate::types::map_filter_zip(k) else { return self.fail("internal error: map/filter") };
        let Some(items_t) = Type::iterator(zk.clone()).yield_type() else { return self.fail("internal error: map/filter items") };
        let zpair = Type::Pair(std::sync::Arc::new((items_t.clone(), Type::boolean())));
        let item_vt = self.vt(item_t)?;
        let (head, got, done) = (self.new_block("mapf_step"), self.new_block("mapf_item"), self.new_block("mapf_done"));
        let out = self.temp(item_vt)?;
        let valid_slot = self.temp(self.ctx.bool_type().into())?;
        self.b.build_store(out, zero_of(item_vt))?;
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(head);
        let Some(r) = crate::lists::iternext(self, &zk, state, st, &zpair)? else { return self.fail("internal error: map/filter step") };
        let r = r.into_struct_value();
        let items = self.b.build_extract_value(r, 0, "")?;
        let valid = self.b.build_extract_value(r, 1, "")?.into_int_value();
        self.b.build_store(valid_slot, valid)?;
        self.b.build_conditional_branch(valid, got, done)?;
        self.b.position_at_end(got);
        let item_types = items_t.tuple_items().map(|t| t.to_vec()).unwrap_or_default();
        let mut args = Vec::new();
        for (i, t) in item_types.iter().enumerate() {
            args.push((self.b.build_extract_value(items.into_struct_value(), i as u32, "")?, t.clone()));
        }
        match k {
            IteratorKind::Map { func, yields, .. } => {
                let v = self.call_callable_value(func, &args, yields)?;
                let v = self.cast(v, yields, item_t)?;
                self.b.build_store(out, v)?;
                self.b.build_unconditional_branch(done)?;
            }
            IteratorKind::Filter { func, .. } => {
                let Some((x, xt)) = args.first().cloned() else { return self.fail("internal error: filter item") };
                let keep = if matches!(func, Type::NoneType) {
                    self.truth(x, &xt)?
                } else {
                    let rt = self.function_value_result(func, std::slice::from_ref(&xt))?;
                    let r = self.call_callable_value(func, &args, &rt)?;
                    self.truth(r, &rt)?
                };
                let x = self.cast(x, &xt, item_t)?;
                self.b.build_store(out, x)?;
                // An item `f` refuses: step again.
                self.b.build_conditional_branch(keep, done, head)?;
            }
            _ => return self.fail("internal error: map/filter"),
        }
        self.b.position_at_end(done);
        let x = self.b.build_load(item_vt, out, "")?;
        let valid = self.b.build_load(self.ctx.bool_type(), valid_slot, "")?.into_int_value();
        Ok((x, valid))
    }

    /// What calling the function value of type `f` (an inner function, a lambda, a jit
    /// function or a builtin) with arguments of these types returns.
    pub(crate) fn function_value_result(&mut self, f: &Type, args: &[Type]) -> R<Type> {
        match f {
            Type::MakeFunction(idx, _) => Ok(self.closure_result(*idx, args)?.unliteral()),
            Type::Dispatcher(d) => {
                let c = (self.callees)(d, args, &[]).map_err(|m| self.cg_err(m))?;
                Ok(c.return_type.unliteral())
            }
            Type::Function(key) => match numrs_typing::resolve_call(key, args, &[]) {
                Ok(Some(sig)) => Ok(sig.return_type.unliteral()),
                _ => self.fail(format!("calling {key} with these arguments")),
            },
            other => self.fail(format!("calling a value of type {other} here is not supported by numrs build yet")),
        }
    }

    /// Calls the function value of type `f` (an inner function, a lambda or a jit function)
    /// on `args`; the result as a `target`.
    pub(crate) fn call_callable_value(&mut self, f: &Type, args: &[(BasicValueEnum<'ctx>, Type)], target: &Type) -> R<BasicValueEnum<'ctx>> {
        match f {
            Type::MakeFunction(idx, _) => {
                let with: Vec<(Option<BasicValueEnum<'ctx>>, Type)> = args.iter().map(|(v, t)| (Some(*v), t.clone())).collect();
                self.call_closure_values_in(*idx, &with, target, true)
            }
            Type::Dispatcher(d) => {
                let types: Vec<Type> = args.iter().map(|(_, t)| t.clone()).collect();
                let c = (self.callees)(d, &types, &[]).map_err(|m| self.cg_err(m))?;
                self.called.push(c.index);
                let rt = c.return_type.clone();
                let v = self.call_callee_values(&c, args, &rt)?;
                self.cast(v, &rt, target)
            }
            // A builtin (`map(len, words)`).
            Type::Function(key) => {
                let types: Vec<Type> = args.iter().map(|(_, t)| t.clone()).collect();
                let Ok(Some(sig)) = numrs_typing::resolve_call(key, &types, &[]) else {
                    return self.fail(format!("calling {key} with these arguments"));
                };
                self.apply_values(key, &sig, args, target)
            }
            other => self.fail(format!("calling a value of type {other} here is not supported by numrs build yet")),
        }
    }

    /// `np.ndenumerate(a)`: an iterator (see the module doc).
    pub(crate) fn make_ndenumerate(&self, args: &[VarId], target: &Type) -> R<BasicValueEnum<'ctx>> {
        let Type::Iterator(k) = target else { return self.fail(format!("ndenumerate producing {target}")) };
        let (IteratorKind::NdEnumerate(_), [a]) = (&**k, args) else { return self.fail(format!("ndenumerate producing {target}")) };
        let av = self.load(*a)?;
        self.array_walk_state(av, k)
    }

    /// The state of an iterator of kind `k` (`np.ndenumerate`, `a.flat`) over the items of
    /// array `av` in C order (see the module doc).
    pub(crate) fn array_walk_state(&self, av: BasicValueEnum<'ctx>, k: &IteratorKind) -> R<BasicValueEnum<'ctx>> {
        let st = crate::types::iterator_state(self.ctx, k).map_err(|m| self.cg_err(m))?;
        let state = self.temp(st.into())?;
        let total = self.field(av, 2)?;
        self.b.build_store(self.b.build_struct_gep(st, state, 0, "")?, av)?;
        self.b.build_store(self.b.build_struct_gep(st, state, 1, "")?, self.i64(0))?;
        self.b.build_store(self.b.build_struct_gep(st, state, 2, "")?, total)?;
        Ok(state.into())
    }

    /// `enumerate(it)` / `enumerate(it, start)`: an iterator (see the module doc).
    pub(crate) fn make_enumerate(&self, args: &[VarId], target: &Type) -> R<BasicValueEnum<'ctx>> {
        let Type::Iterator(k) = target else { return self.fail(format!("enumerate producing {target}")) };
        let IteratorKind::Enumerate(inner) = &**k else { return self.fail(format!("enumerate producing {target}")) };
        let Some(&it) = args.first() else { return self.fail("enumerate() without an argument") };
        let val = self.load(it)?;
        // An iterator or a generator (its own iterator) is stepped itself.
        let inner_state = match (self.ty(it)?, inner) {
            (Type::Iterator(_) | Type::Generator(_), _) => val,
            (_, Type::Iterator(ik)) => self.iter_from(val, ik)?,
            _ => return self.fail(format!("enumerate over {inner}")),
        };
        let start = match args.get(1) {
            Some(&s) => {
                let stt = self.ty(s)?;
                let sv = self.load(s)?;
                self.cast_number(sv, numeric(&stt).unwrap_or(NumericKind::Int64), NumericKind::Int64)?
            }
            None => self.i64(0).into(),
        };
        let st = crate::types::iterator_state(self.ctx, k).map_err(|m| crate::func::CgError { span: self.span, message: m })?;
        let state = self.temp(st.into())?;
        let p0 = self.b.build_struct_gep(st, state, 0, "")?;
        self.b.build_store(p0, start)?;
        let p1 = self.b.build_struct_gep(st, state, 1, "")?;
        self.b.build_store(p1, inner_state)?;
        Ok(state.into())
    }
}
