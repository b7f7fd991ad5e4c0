//! NumPy structured dtypes as Numba types them: `np.dtype([("x", np.float64), ("y", "i4")],
//! align=True)` is laid out as NumPy lays it out (`dtype.fields`, `itemsize`,
//! `isalignedstruct`) and becomes Numba's `Record` (`numpy_support.from_struct_dtype`).

use std::sync::Arc;

use numrs_types::{NumericKind, RecordField, RecordType, Type};

use crate::value::Value;

/// NumPy's type strings and names for the number types (`"f8"`, `"<i4"`, `"float32"`, `"?"`).
pub(crate) fn numpy_type_string(s: &str) -> Option<NumericKind> {
    let s = s.strip_prefix(['<', '=', '|']).unwrap_or(s);
    if let Some(k) = NumericKind::from_name(s) {
        return Some(k);
    }
    Some(match s {
        "?" | "b1" | "bool_" => NumericKind::Boolean,
        "i1" | "b" | "byte" => NumericKind::Int8,
        "u1" | "B" | "ubyte" => NumericKind::UInt8,
        "i2" | "h" | "short" => NumericKind::Int16,
        "u2" | "H" | "ushort" => NumericKind::UInt16,
        "i4" | "i" | "intc" => NumericKind::Int32,
        "u4" | "I" | "uintc" => NumericKind::UInt32,
        "i8" | "l" | "q" | "int" | "int_" | "intp" | "p" | "long" | "longlong" => NumericKind::Int64,
        "u8" | "L" | "Q" | "uint" | "uintp" | "P" | "ulong" | "ulonglong" => NumericKind::UInt64,
        "f4" | "f" | "single" => NumericKind::Float32,
        "f8" | "d" | "float" | "double" => NumericKind::Float64,
        "c8" | "F" | "csingle" => NumericKind::Complex64,
        "c16" | "D" | "complex" | "cdouble" => NumericKind::Complex128,
        _ => return None,
    })
}

/// Size and alignment of a field of type `t` in NumPy's layout.
pub fn field_size_align(t: &Type) -> Option<(u32, u32)> {
    match t {
        Type::NPDatetime(_) | Type::NPTimedelta(_) => Some((8, 8)),
        Type::Number(k) => {
            let size = match k {
                NumericKind::Boolean | NumericKind::Int8 | NumericKind::UInt8 => 1,
                NumericKind::Int16 | NumericKind::UInt16 => 2,
                NumericKind::Int32 | NumericKind::UInt32 | NumericKind::Float32 => 4,
                NumericKind::Int64 | NumericKind::UInt64 | NumericKind::Float64 | NumericKind::Complex64 => 8,
                NumericKind::Complex128 => 16,
            };
            let align = if k.is_complex() { size / 2 } else { size };
            Some((size, align))
        }
        // A subarray field: its items one after the other.
        Type::Array(a) if a.nested.is_some() => {
            let (size, align) = field_size_align(&a.dtype)?;
            let n: u32 = a.nested.as_deref().unwrap_or_default().iter().product();
            Some((size.checked_mul(n)?, align))
        }
        Type::Record(r) => {
            let align = if r.aligned { r.fields.iter().filter_map(|f| field_size_align(&f.ty)).map(|(_, a)| a).max().unwrap_or(1) } else { 1 };
            Some((r.size, align))
        }
        _ => None,
    }
}

/// The Numba type of a field's format (`np.float64`, `"f8"`, `float`, a nested structured
/// dtype), or a message saying why numrs does not model it.
fn field_type(v: &Value) -> Result<Type, String> {
    let t = match v {
        Value::NumpyScalar { numba, .. } => NumericKind::from_name(numba).map(Type::Number),
        Value::Const(crate::symbols::ConstValue::Str(s)) => numpy_type_string(s).map(Type::Number).or_else(|| numrs_types::datetime_dtype(s)),
        Value::Builtin(b) => match b.as_str() {
            "float" => Some(Type::float64()),
            "int" => Some(Type::int64()),
            "bool" => Some(Type::boolean()),
            "complex" => Some(Type::complex128()),
            _ => None,
        },
        Value::Type(Type::DType(t)) => Some((**t).clone()),
        // A nested structured dtype written inline (`("inner", [("a", "i4"), ("b", "?")])`).
        Value::List(_) => match struct_dtype(v, false) {
            Some(Ok(r)) => Some(Type::Record(Arc::new(r))),
            Some(Err(e)) => return Err(e),
            None => None,
        },
        _ => None,
    };
    match t {
        Some(t) if field_size_align(&t).is_some() => Ok(t),
        _ => Err(format!(
            "numrs supports structured dtypes whose fields are numbers or structured dtypes; this field's format is {}",
            v.repr()
        )),
    }
}

/// The shape of a subarray field: `3` or `(2, 2)` (positive sizes).
fn subarray_shape(v: &Value) -> Option<Vec<u32>> {
    let one = |v: &Value| v.to_const().and_then(|c| c.as_int()).and_then(|i| u32::try_from(i).ok()).filter(|n| *n > 0);
    match v {
        Value::Tuple(items) if !items.is_empty() => items.iter().map(one).collect(),
        other => Some(vec![one(other)?]),
    }
}

/// `np.dtype(spec, align)` for a list of `(name, format)` pairs or a dict of `names` and
/// `formats` (with optional `offsets` and `itemsize`). `None` when `spec` is not such a spec.
pub(crate) fn struct_dtype(spec: &Value, align: bool) -> Option<Result<RecordType, String>> {
    let mut named: Vec<(String, Type)> = Vec::new();
    let mut offsets: Option<Vec<u32>> = None;
    let mut itemsize: Option<u32> = None;
    match spec {
        Value::List(items) => {
            for item in items {
                let Value::Tuple(parts) = item else { return Some(Err(format!("a structured dtype's field must be a tuple, got {}", item.repr()))) };
                match parts.as_slice() {
                    [Value::Const(crate::symbols::ConstValue::Str(name)), format] => match field_type(format) {
                        Ok(t) => named.push((name.clone(), t)),
                        Err(e) => return Some(Err(e)),
                    },
                    [Value::Const(crate::symbols::ConstValue::Str(name)), format, shape] => match (field_type(format), subarray_shape(shape)) {
                        (Ok(t @ Type::Number(_)), Some(shape)) => named.push((name.clone(), Type::Array(std::sync::Arc::new(numrs_types::ArrayType::nested(t, shape))))),
                        (Ok(_), Some(_)) => return Some(Err("numrs supports subarray fields of numbers only".into())),
                        (Err(e), _) => return Some(Err(e)),
                        (_, None) => return Some(Err(format!("a subarray field's shape must be a positive integer or a tuple of them, got {}", shape.repr()))),
                    },
                    _ => return Some(Err(format!("a structured dtype's field must be (name, format), got {}", item.repr()))),
                }
            }
        }
        Value::Dict(entries) => {
            let get = |key: &str| {
                entries.iter().find(|(k, _)| matches!(k, Value::Const(crate::symbols::ConstValue::Str(s)) if s == key)).map(|(_, v)| v)
            };
            let (Some(Value::List(names) | Value::Tuple(names)), Some(Value::List(formats) | Value::Tuple(formats))) = (get("names"), get("formats")) else {
                return None;
            };
            if names.len() != formats.len() {
                return Some(Err("a structured dtype's `names` and `formats` differ in length".into()));
            }
            for (n, f) in names.iter().zip(formats) {
                let Value::Const(crate::symbols::ConstValue::Str(name)) = n else { return Some(Err(format!("a field name must be a string, got {}", n.repr()))) };
                match field_type(f) {
                    Ok(t) => named.push((name.clone(), t)),
                    Err(e) => return Some(Err(e)),
                }
            }
            if let Some(Value::List(os) | Value::Tuple(os)) = get("offsets") {
                let os: Option<Vec<u32>> = os.iter().map(|o| o.to_const().and_then(|c| c.as_int()).and_then(|i| u32::try_from(i).ok())).collect();
                match os {
                    Some(os) if os.len() == named.len() => offsets = Some(os),
                    _ => return Some(Err("a structured dtype's `offsets` must be one non-negative integer per field".into())),
                }
            }
            if let Some(v) = get("itemsize") {
                match v.to_const().and_then(|c| c.as_int()).and_then(|i| u32::try_from(i).ok()) {
                    Some(n) => itemsize = Some(n),
                    None => return Some(Err("a structured dtype's `itemsize` must be a non-negative integer".into())),
                }
            }
            if let Some(Value::Const(c)) = get("aligned") {
                if c.truthy() {
                    return Some(layout(named, offsets, itemsize, true));
                }
            }
        }
        _ => return None,
    }
    Some(layout(named, offsets, itemsize, align))
}

/// NumPy's layout of the fields: given offsets, or each after the last (aligned to its own
/// alignment when `align`); the item size rounded up to the largest alignment when `align`.
fn layout(named: Vec<(String, Type)>, offsets: Option<Vec<u32>>, itemsize: Option<u32>, align: bool) -> Result<RecordType, String> {
    if named.is_empty() {
        return Err("numrs does not support structured dtypes without fields".into());
    }
    let mut fields = Vec::new();
    let mut end = 0u32;
    let mut max_align = 1u32;
    for (i, (name, ty)) in named.into_iter().enumerate() {
        if fields.iter().any(|f: &RecordField| *f.name == *name) {
            return Err(format!("field '{name}' occurs more than once"));
        }
        let (size, a) = field_size_align(&ty).unwrap_or((1, 1));
        let a = if align { a } else { 1 };
        max_align = max_align.max(a);
        let offset = match &offsets {
            Some(os) => os[i],
            None => end.div_ceil(a) * a,
        };
        end = end.max(offset + size);
        fields.push(RecordField { name: name.into(), ty, offset });
    }
    let mut size = if align { end.div_ceil(max_align) * max_align } else { end };
    if let Some(n) = itemsize {
        if n < end {
            return Err(format!("itemsize {n} is too small for the fields, which need {end} bytes"));
        }
        size = n;
    }
    // Numba orders the fields by offset, then name.
    fields.sort_by(|a, b| (a.offset, &a.name).cmp(&(b.offset, &b.name)));
    Ok(RecordType { fields, size, aligned: align })
}

/// The record a `Type` names when it is a structured dtype (`DType(Record)`) or a record.
pub fn as_record(t: &Type) -> Option<Arc<RecordType>> {
    match t {
        Type::Record(r) => Some(r.clone()),
        Type::DType(inner) | Type::TypeRef(inner) => as_record(inner),
        _ => None,
    }
}

/// A module-level array of records built from constants (`TABLE = np.array([(0.0, 1), ...],
/// dtype=SPEC)`, `np.zeros(3, dtype=SPEC)`): its record type, shape and bytes (C order,
/// little-endian, as NumPy lays them out).
#[derive(Clone, Debug, PartialEq)]
pub struct RecordArray {
    pub record: Arc<RecordType>,
    pub shape: Vec<i64>,
    pub bytes: Vec<u8>,
}

/// The array of records the module-level statement `stmt` binds to `name`, when a later
/// statement cannot change it and its items are constants of the fields' types.
pub fn bound_record_array(name: &str, stmt: &numrs_syntax::ast::Stmt, module: &numrs_syntax::ast::Module, symbols: &crate::ModuleSymbols) -> Option<RecordArray> {
    use numrs_syntax::ast::{ExprKind, StmtKind};
    let StmtKind::Assign { targets, value } = &stmt.kind else { return None };
    // Later top-level assignments of whole fields (`CAT["ra"] = np.array([...])`) are applied;
    // any other change refuses the array.
    let field_write = |s: &numrs_syntax::ast::Stmt| -> Option<(String, numrs_syntax::ast::Expr, u32)> {
        let StmtKind::Assign { targets, value } = &s.kind else { return None };
        let [t] = targets.as_slice() else { return None };
        let ExprKind::Subscript { value: v, index } = &t.kind else { return None };
        let (ExprKind::Name(n), ExprKind::Constant(numrs_syntax::ast::Constant::Str(field))) = (&v.kind, &index.kind) else { return None };
        (n == name).then(|| (field.clone(), value.clone(), s.span.start))
    };
    let later: Vec<&numrs_syntax::ast::Stmt> = module.body.iter().filter(|s| s.span.start > stmt.span.end).collect();
    let mut writes: Vec<(String, numrs_syntax::ast::Expr, u32)> = Vec::new();
    let mut others: Vec<numrs_syntax::ast::Stmt> = Vec::new();
    for s in later {
        match field_write(s) {
            Some(w) => writes.push(w),
            None => others.push(s.clone()),
        }
    }
    if targets.len() != 1 || crate::global_arrays::mutates_in(name, &others, symbols) {
        return None;
    }
    let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
    let path = symbols.resolve_dotted_at(func, Some(stmt.span.start))?;
    let dtype_expr = keywords.iter().find(|k| k.arg.as_deref() == Some("dtype")).map(|k| &k.value).or(args.get(1))?;
    if keywords.iter().any(|k| k.arg.as_deref() != Some("dtype")) || args.len() > 2 {
        return None;
    }
    let evaluator = crate::eval::Evaluator::new(crate::eval::Scope::Module { symbols, before: Some(stmt.span.start) }, None);
    let record = match evaluator.eval(dtype_expr).ok()? {
        Value::Type(Type::DType(t)) => match &*t {
            Type::Record(record) => record.clone(),
            _ => return None,
        },
        // `dtype=[("id", np.int64), ...]`: NumPy makes `np.dtype(spec)` of it.
        spec @ Value::List(_) => Arc::new(struct_dtype(&spec, false)?.ok()?),
        // `dtype="i8, f8"`: fields `f0`, `f1`, ... of those formats, packed.
        Value::Const(crate::symbols::ConstValue::Str(text)) if text.contains(',') => {
            let mut named = Vec::new();
            for (i, part) in text.split(',').map(str::trim).filter(|p| !p.is_empty()).enumerate() {
                named.push((format!("f{i}"), Type::Number(numpy_type_string(part)?)));
            }
            Arc::new(layout(named, None, None, false).ok()?)
        }
        _ => return None,
    };
    let record = &record;
    // Items are written in the fields' order of definition, which is their offset order
    // unless the dtype gives offsets (then refused).
    if !record.fields.windows(2).all(|w| w[0].offset < w[1].offset) || dict_spec(dtype_expr, symbols, stmt.span.start) {
        return None;
    }
    let size = record.size as usize;
    let mut made = made_record_array(&path, args, record, symbols, stmt)?;
    let n = made.bytes.len() / size.max(1);
    for (field, value, at) in writes {
        let f = record.fields.iter().find(|f| *f.name == *field)?;
        let Type::Number(k) = f.ty else { return None };
        let (width, _) = field_size_align(&f.ty)?;
        let items = crate::global_arrays::assigned_items(&value, n, k, at, module, symbols)?;
        for (i, item) in items.into_iter().enumerate() {
            let bytes = crate::global_arrays::item_bytes(item, k)?;
            let start = i * size + f.offset as usize;
            made.bytes.get_mut(start..start + width as usize)?.copy_from_slice(&bytes);
        }
    }
    Some(made)
}

/// The records `np.zeros(n, dtype=...)` or `np.array([...], dtype=...)` makes.
fn made_record_array(path: &str, args: &[numrs_syntax::ast::Expr], record: &Arc<RecordType>, symbols: &crate::ModuleSymbols, stmt: &numrs_syntax::ast::Stmt) -> Option<RecordArray> {
    use numrs_syntax::ast::ExprKind;
    let size = record.size as usize;
    match path {
        "numpy.zeros" => {
            let n = match crate::ConstValue::from_expr(args.first()?)? {
                crate::ConstValue::Int(n) => usize::try_from(n).ok()?,
                _ => return None,
            };
            Some(RecordArray { record: record.clone(), shape: vec![n as i64], bytes: vec![0; n.checked_mul(size)?] })
        }
        "numpy.array" | "numpy.asarray" => {
            let ExprKind::List(items) = &args.first()?.kind else { return None };
            let mut bytes = vec![0u8; items.len().checked_mul(size)?];
            for (k, item) in items.iter().enumerate() {
                pack_record(&mut bytes[k * size..(k + 1) * size], record, item, symbols, stmt.span.start)?;
            }
            Some(RecordArray { record: record.clone(), shape: vec![items.len() as i64], bytes })
        }
        _ => None,
    }
}

/// Whether a dtype expression is (a name bound to) `np.dtype({...})`, the dict form.
fn dict_spec(e: &numrs_syntax::ast::Expr, symbols: &crate::ModuleSymbols, at: u32) -> bool {
    use numrs_syntax::ast::ExprKind;
    match &e.kind {
        ExprKind::Name(n) => match symbols.lookup(n, Some(at)).and_then(|b| b.value.as_ref()) {
            Some(v) => dict_spec(v, symbols, at),
            None => false,
        },
        ExprKind::Call { args, .. } => matches!(args.first().map(|a| &a.kind), Some(ExprKind::Dict { .. })),
        ExprKind::Dict { .. } => true,
        _ => false,
    }
}

/// Writes the tuple `item` into `out` (one record's bytes) field by field.
fn pack_record(out: &mut [u8], r: &RecordType, item: &numrs_syntax::ast::Expr, symbols: &crate::ModuleSymbols, at: u32) -> Option<()> {
    use numrs_syntax::ast::ExprKind;
    let ExprKind::Tuple(values) = &item.kind else {
        // A number: NumPy assigns it to every field.
        if matches!(&item.kind, ExprKind::List(_) | ExprKind::Dict { .. }) {
            return None;
        }
        for f in r.fields.iter() {
            let at_field = out.get_mut(f.offset as usize..)?;
            pack_value(at_field, &f.ty, item, symbols, at)?;
        }
        return Some(());
    };
    if values.len() != r.fields.len() {
        return None;
    }
    for (f, v) in r.fields.iter().zip(values) {
        let at_field = out.get_mut(f.offset as usize..)?;
        pack_value(at_field, &f.ty, v, symbols, at)?;
    }
    Some(())
}

fn pack_value(out: &mut [u8], t: &Type, v: &numrs_syntax::ast::Expr, symbols: &crate::ModuleSymbols, at: u32) -> Option<()> {
    use crate::ConstValue as C;
    use numrs_syntax::ast::ExprKind;
    match t {
        Type::Record(inner) => pack_record(out, inner, v, symbols, at),
        Type::Array(a) if a.nested.is_some() => {
            let (isz, _) = field_size_align(&a.dtype)?;
            let mut flat = Vec::new();
            fn walk<'e>(e: &'e numrs_syntax::ast::Expr, out: &mut Vec<&'e numrs_syntax::ast::Expr>) {
                match &e.kind {
                    ExprKind::List(items) | ExprKind::Tuple(items) => items.iter().for_each(|i| walk(i, out)),
                    _ => out.push(e),
                }
            }
            walk(v, &mut flat);
            let n: u32 = a.nested.as_deref().unwrap_or_default().iter().product();
            if flat.len() != n as usize {
                return None;
            }
            for (k, e) in flat.into_iter().enumerate() {
                pack_value(out.get_mut(k * isz as usize..)?, &a.dtype, e, symbols, at)?;
            }
            Some(())
        }
        Type::Number(k) => {
            let c = symbols.fold_constant(v, at, &[])?;
            let bytes: Vec<u8> = match (k, c) {
                (NumericKind::Boolean, C::Bool(b)) => vec![b as u8],
                (NumericKind::Float64, C::Float(f)) => f.get().to_le_bytes().to_vec(),
                (NumericKind::Float64, C::Int(i)) => (i as f64).to_le_bytes().to_vec(),
                (NumericKind::Float32, C::Float(f)) => (f.get() as f32).to_le_bytes().to_vec(),
                (NumericKind::Float32, C::Int(i)) => (i as f32).to_le_bytes().to_vec(),
                // An integer, or a float NumPy truncates for an integer field; out of the
                // field's range, NumPy's OverflowError.
                (k, c @ (C::Int(_) | C::Float(_))) if k.is_integer() => {
                    let i = match c {
                        C::Int(i) => i,
                        C::Float(f) if f.get().is_finite() => f.get().trunc() as i128,
                        _ => return None,
                    };
                    let (lo, hi) = if k.is_signed_int() { (-(1i128 << (k.bitwidth() - 1)), (1i128 << (k.bitwidth() - 1)) - 1) } else { (0, (1i128 << k.bitwidth()) - 1) };
                    if i < lo || i > hi {
                        return None;
                    }
                    i.to_le_bytes()[..(k.bitwidth() / 8) as usize].to_vec()
                }
                (k, C::Bool(b)) if k.is_integer() => (b as i128).to_le_bytes()[..(k.bitwidth() / 8) as usize].to_vec(),
                _ => return None,
            };
            out.get_mut(..bytes.len())?.copy_from_slice(&bytes);
            Some(())
        }
        _ => None,
    }
}
