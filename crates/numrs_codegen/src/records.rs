//! Records (items of NumPy structured arrays), as Numba's `RecordModel`: a record value is a
//! pointer to the item's bytes, inside its array (or inside a record that holds it). Fields
//! are read and written at their offsets with alignment 1 (an unaligned record's fields may
//! sit at any address); a field of an array of records is a view of the array with the
//! field's item size and the same strides.

use inkwell::values::{BasicValue, BasicValueEnum, PointerValue};
use numrs_ir::{StaticIndex, VarId};
use numrs_types::{ArrayType, RecordField, RecordType, Type};

use crate::func::{FnCx, R};
use crate::types::{self, numeric};

impl<'ctx> FnCx<'_, 'ctx> {
    /// The field a constant index names: a name or a position.
    fn record_field<'r>(&self, r: &'r RecordType, index: &StaticIndex) -> R<&'r RecordField> {
        let f = match index {
            StaticIndex::Str(name) => r.field(name),
            // A negative position counts from the end (Numba's `list(record.fields)[i]`).
            StaticIndex::Int(i) => usize::try_from(if *i < 0 { r.fields.len() as i128 + *i } else { *i }).ok().and_then(|i| r.fields.get(i)),
            _ => None,
        };
        match f {
            Some(f) => Ok(f),
            None => self.fail(format!("record index {index:?}")),
        }
    }

    fn field_address(&self, rec: PointerValue<'ctx>, f: &RecordField) -> R<PointerValue<'ctx>> {
        let off = self.i64(i64::from(f.offset));
        Ok(unsafe { self.b.build_in_bounds_gep(self.ctx.i8_type(), rec, &[off], "field")? })
    }

    /// The value of field `f` of the record at `rec`, as `tt`.
    fn load_field(&self, rec: PointerValue<'ctx>, f: &RecordField, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let p = self.field_address(rec, f)?;
        if let Type::Record(_) = f.ty {
            return Ok(p.into());
        }
        // A `U` field: a new string of what it spells.
        if let Type::UnicodeCharSeq(_) = f.ty {
            let x = self.load_element(p, &f.ty)?;
            return self.cast(x, &f.ty, tt);
        }
        // A subarray: an array over the record's bytes (C order, no owner).
        if let Type::Array(n) = &f.ty {
            if let Some(shape) = n.nested.as_deref() {
                let isz = self.itemsize_of(&n.dtype)?;
                let (dims, strides) = nested_dims(shape, isz);
                let dims: Vec<_> = dims.iter().map(|d| self.i64(*d)).collect();
                let strides: Vec<_> = strides.iter().map(|s| self.i64(*s)).collect();
                let null = self.ptr_t().const_null();
                let v = self.make_array(n.ndim, null, null, self.i64(isz as i64), p, &dims, &strides)?;
                return self.cast(v, &f.ty, tt);
            }
        }
        let st = types::storage_type(self.ctx, &f.ty).map_err(|m| self.cg_err(m))?;
        let x = self.b.build_load(st, p, "")?;
        if let Some(i) = x.as_instruction_value() {
            i.set_alignment(1).map_err(|m| self.cg_err(m.to_string()))?;
        }
        let x = if numeric(&f.ty) == Some(numrs_types::NumericKind::Boolean) {
            self.b.build_int_compare(inkwell::IntPredicate::NE, x.into_int_value(), self.ctx.i8_type().const_zero(), "")?.into()
        } else {
            x
        };
        self.cast(x, &f.ty, tt)
    }

    /// Stores `v` (of type `vt`) into field `f` of the record at `rec`, cast to the field's type.
    fn store_field(&self, rec: PointerValue<'ctx>, f: &RecordField, v: BasicValueEnum<'ctx>, vt: &Type) -> R<()> {
        let p = self.field_address(rec, f)?;
        self.store_record_item(p, v, vt, &f.ty)
    }

    /// Stores `v` at `p`, an item of type `dtype` that may be unaligned: a number cast to it,
    /// or the bytes of a record.
    pub(crate) fn store_record_item(&self, p: PointerValue<'ctx>, v: BasicValueEnum<'ctx>, vt: &Type, dtype: &Type) -> R<()> {
        if let Type::Record(r) = dtype {
            if vt != dtype {
                return self.fail(format!("storing {vt} into a record of type {dtype}"));
            }
            let n = self.i64(i64::from(r.size));
            self.b.build_memmove(p, 1, v.into_pointer_value(), 1, n).map_err(|m| self.cg_err(m.to_string()))?;
            return Ok(());
        }
        if let Type::UnicodeCharSeq(_) | Type::CharSeq(_) = dtype {
            return self.store_element(p, v, vt, dtype);
        }
        let v = self.cast(v, vt, dtype)?;
        let v: BasicValueEnum = if numeric(dtype) == Some(numrs_types::NumericKind::Boolean) {
            self.b.build_int_z_extend(v.into_int_value(), self.ctx.i8_type(), "")?.into()
        } else {
            v
        };
        let st = self.b.build_store(p, v)?;
        st.set_alignment(1).map_err(|m| self.cg_err(m.to_string()))?;
        Ok(())
    }

    /// `r.name` of a record, or `a.name` of an array of records (a view).
    pub(crate) fn record_getattr(&mut self, value: VarId, attr: &str, tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        match self.ty(value)? {
            Type::Record(r) => {
                let Some(f) = r.field(attr) else { return self.fail(format!("record has no field '{attr}'")) };
                let rec = self.load(value)?.into_pointer_value();
                Ok(Some(self.load_field(rec, f, tt)?))
            }
            Type::Array(a) if matches!(&a.dtype, Type::Record(r) if r.field(attr).is_some()) => Ok(Some(self.field_view(value, &a, attr)?)),
            _ => Ok(None),
        }
    }

    /// `r[name]`/`r[i]` of a record, or `a[name]` of an array of records.
    pub(crate) fn record_static_getitem(&mut self, value: VarId, index: &StaticIndex, tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        match (self.ty(value)?, index) {
            (Type::Record(r), _) => {
                let f = self.record_field(&r, index)?.clone();
                let rec = self.load(value)?.into_pointer_value();
                Ok(Some(self.load_field(rec, &f, tt)?))
            }
            (Type::Array(a), StaticIndex::Str(name)) if matches!(a.dtype, Type::Record(_)) => Ok(Some(self.field_view(value, &a, name)?)),
            _ => Ok(None),
        }
    }

    /// `r.name = v`.
    pub(crate) fn record_setattr(&mut self, target: VarId, attr: &str, value: VarId) -> R<bool> {
        let Type::Record(r) = self.ty(target)? else { return Ok(false) };
        let Some(f) = r.field(attr) else { return self.fail(format!("record has no field '{attr}'")) };
        let rec = self.load(target)?.into_pointer_value();
        let (vt, v) = (self.ty(value)?, self.load(value)?);
        self.store_field(rec, f, v, &vt)?;
        Ok(true)
    }

    /// `r[name] = v` / `r[i] = v`.
    pub(crate) fn record_setitem(&mut self, target: VarId, index: Option<&StaticIndex>, index_var: VarId, value: VarId) -> R<bool> {
        let Type::Record(r) = self.ty(target)? else { return Ok(false) };
        // A constant index, or a variable holding a string or integer constant.
        let held = match self.ty(index_var)? {
            Type::StringLiteral(s) => Some(StaticIndex::Str(s.to_string())),
            Type::IntegerLiteral(i) => Some(StaticIndex::Int(i)),
            _ => None,
        };
        let Some(index) = index.or(held.as_ref()) else { return self.fail("a record's field index must be a constant") };
        let f = self.record_field(&r, index)?.clone();
        let rec = self.load(target)?.into_pointer_value();
        let (vt, v) = (self.ty(value)?, self.load(value)?);
        self.store_field(rec, &f, v, &vt)?;
        Ok(true)
    }

    /// The view of field `name` of an array of records: the same shape, strides, owner and
    /// parent, the data moved by the field's offset, the field's item size.
    fn field_view(&mut self, value: VarId, a: &ArrayType, name: &str) -> R<BasicValueEnum<'ctx>> {
        let Type::Record(r) = &a.dtype else { return self.fail("not an array of records") };
        let Some(f) = r.field(name) else { return self.fail(format!("record has no field '{name}'")) };
        let arr = self.load(value)?;
        let data = self.field(arr, 4)?.into_pointer_value();
        let data = self.field_address(data, f)?;
        let mut shape = self.dims(arr, 5, a.ndim)?;
        let mut strides = self.dims(arr, 6, a.ndim)?;
        let mi = self.field(arr, 0)?.into_pointer_value();
        let parent = self.field(arr, 1)?.into_pointer_value();
        // A subarray field: its dimensions after the array's.
        let (item, extra) = match &f.ty {
            Type::Array(n) if n.nested.is_some() => (n.dtype.clone(), n.nested.as_deref().unwrap_or_default().to_vec()),
            t => (t.clone(), Vec::new()),
        };
        let isz = self.itemsize_of(&item)?;
        let (dims, inner) = nested_dims(&extra, isz);
        shape.extend(dims.iter().map(|d| self.i64(*d)));
        strides.extend(inner.iter().map(|s| self.i64(*s)));
        self.make_array(shape.len() as u32, mi, parent, self.i64(isz as i64), data, &shape, &strides)
    }
}

/// The dimensions and C strides of a subarray of items of `itemsize` bytes.
fn nested_dims(shape: &[u32], itemsize: u64) -> (Vec<i64>, Vec<i64>) {
    let dims: Vec<i64> = shape.iter().map(|d| i64::from(*d)).collect();
    let mut strides = vec![itemsize as i64; dims.len()];
    for d in (0..dims.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * dims[d + 1];
    }
    (dims, strides)
}

/// The item size of arrays of `dtype` when it is a record.
pub(crate) fn record_size(dtype: &Type) -> Option<u64> {
    match dtype {
        Type::Record(r) => Some(u64::from(r.size)),
        _ => None,
    }
}
