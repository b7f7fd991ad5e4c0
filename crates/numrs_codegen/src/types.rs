//! How Numba types are represented in LLVM: values (registers and allocas) and native storage.
//!
//! Values: integers `iN`, floats `float`/`double`, `bool` `i1`, complex `{fT, fT}`, tuples
//! literal structs of their items, arrays Numba's array model (see `numrs_abi::ArrayHeader`),
//! `None` the empty struct. Types with no run-time value (functions, modules, classes, string
//! literals used as exception messages) are *phantom*: they get no storage.

use inkwell::context::Context;
use inkwell::types::{BasicTypeEnum, StructType};
use inkwell::AddressSpace;
use numrs_types::{IteratorKind, NumericKind, RangeKind, Type};

/// How a type is represented.
pub enum Repr<'ctx> {
    Value(BasicTypeEnum<'ctx>),
    Phantom,
}

/// The iterator over a named tuple as the iterator over its anonymous tuple (the same
/// representation).
pub fn plain_tuples(k: &IteratorKind) -> std::borrow::Cow<'_, IteratorKind> {
    match k {
        IteratorKind::Container(Type::NamedTuple(nt)) => std::borrow::Cow::Owned(IteratorKind::Container(nt.anonymous())),
        other => std::borrow::Cow::Borrowed(other),
    }
}

/// `t` with enum members as their values and enum classes as values of no run-time type
/// (compiled code has no enum objects).
pub fn enum_values(t: &Type) -> Type {
    t.map_parts(&mut |p| match p {
        Type::EnumMember(e) => Some(e.dtype.clone()),
        Type::EnumClass(_) => Some(Type::Module("enum".into())),
        _ => None,
    })
}

/// Types with no run-time value.
pub fn is_phantom(t: &Type) -> bool {
    // A tuple of classes and functions (`isinstance(x, (int, float))`) has no value either;
    // one of string literals does (`for name in ("a", "b")`): its strings.
    if let Some(items) = t.tuple_items() {
        return !items.is_empty() && items.iter().all(|i| is_phantom(i) && !matches!(i, Type::StringLiteral(_)));
    }
    matches!(
        t,
        Type::Module(_)
            | Type::Function(_)
            | Type::BoundFunction(_)
            | Type::Dispatcher(_)
            | Type::NumberClass(_)
            | Type::TypeRef(_)
            | Type::ExceptionClass(_)
            | Type::NamedTupleClass(_)
            | Type::ExceptionInstance(_)
            | Type::StringLiteral(_)
            | Type::MakeFunction(..)
            | Type::Omitted(_)
            | Type::DType(_)
            | Type::JitClass(_)
    )
}

/// The numeric kind of a number-like type (literals count as their base type).
pub fn numeric(t: &Type) -> Option<NumericKind> {
    match t {
        Type::Number(k) => Some(*k),
        Type::BooleanLiteral(_) => Some(NumericKind::Boolean),
        Type::IntegerLiteral(v) => match Type::int_literal_base(*v)? {
            Type::Number(k) => Some(k),
            _ => None,
        },
        _ => None,
    }
}

pub fn number_type<'ctx>(ctx: &'ctx Context, k: NumericKind) -> BasicTypeEnum<'ctx> {
    match k {
        NumericKind::Boolean => ctx.bool_type().into(),
        NumericKind::Int8 | NumericKind::UInt8 => ctx.i8_type().into(),
        NumericKind::Int16 | NumericKind::UInt16 => ctx.i16_type().into(),
        NumericKind::Int32 | NumericKind::UInt32 => ctx.i32_type().into(),
        NumericKind::Int64 | NumericKind::UInt64 => ctx.i64_type().into(),
        NumericKind::Float32 => ctx.f32_type().into(),
        NumericKind::Float64 => ctx.f64_type().into(),
        NumericKind::Complex64 => ctx.struct_type(&[ctx.f32_type().into(), ctx.f32_type().into()], false).into(),
        NumericKind::Complex128 => ctx.struct_type(&[ctx.f64_type().into(), ctx.f64_type().into()], false).into(),
    }
}

/// Numba's array model: meminfo, parent, nitems, itemsize, data, shape[ndim], strides[ndim].
pub fn array_struct<'ctx>(ctx: &'ctx Context, ndim: u32) -> StructType<'ctx> {
    let ptr = ctx.ptr_type(AddressSpace::default());
    let i64t = ctx.i64_type();
    let dims = i64t.array_type(ndim);
    ctx.struct_type(
        &[ptr.into(), ptr.into(), i64t.into(), i64t.into(), ptr.into(), dims.into(), dims.into()],
        false,
    )
}

pub fn range_int(kind: RangeKind) -> NumericKind {
    match kind {
        RangeKind::Int32 => NumericKind::Int32,
        RangeKind::Int64 => NumericKind::Int64,
        RangeKind::UInt64 => NumericKind::UInt64,
    }
}

/// The LLVM representation of values of `t`, or why there is none yet.
pub fn repr<'ctx>(ctx: &'ctx Context, t: &Type) -> Result<Repr<'ctx>, String> {
    if is_phantom(t) {
        return Ok(Repr::Phantom);
    }
    Ok(Repr::Value(value_type(ctx, t)?))
}

/// A type holding a `deferred_type()` as the type with what it is defined as (lowered the same).
fn defined(t: &Type) -> Result<Option<Type>, String> {
    if !t.holds_jitclass_instance() {
        return Ok(None);
    }
    let d = t.without_deferred();
    if d == *t {
        return Ok(None);
    }
    if d.holds_jitclass_instance() && matches!(d, Type::Deferred(_)) {
        return Err(format!("{t} is used before it is defined"));
    }
    Ok(Some(d))
}

pub fn value_type<'ctx>(ctx: &'ctx Context, t: &Type) -> Result<BasicTypeEnum<'ctx>, String> {
    if let Some(t) = defined(t)? {
        return value_type(ctx, &t);
    }
    if let Some(k) = numeric(t) {
        return Ok(number_type(ctx, k));
    }
    let ptr = ctx.ptr_type(AddressSpace::default());
    Ok(match t {
        // A count of the unit since 1970 (NaT the minimum).
        Type::NPDatetime(_) | Type::NPTimedelta(_) => ctx.i64_type().into(),
        Type::NoneType | Type::Ellipsis => ctx.struct_type(&[], false).into(),
        // A function or class held in a tuple: known statically, nothing at run time.
        Type::Dispatcher(_) | Type::MakeFunction(..) | Type::Function(_) | Type::NumberClass(_) | Type::DType(_) | Type::ExceptionClass(_) | Type::NamedTupleClass(_) => {
            ctx.struct_type(&[], false).into()
        }
        // A record is a pointer to its bytes (see `records.rs`).
        Type::Record(_) => ptr.into(),
        // An enum member is its value.
        Type::EnumMember(e) => return value_type(ctx, &e.dtype),
        Type::Array(a) => {
            if numeric(&a.dtype).is_none() && !matches!(a.dtype, Type::Record(_) | Type::UnicodeCharSeq(_) | Type::CharSeq(_) | Type::NPDatetime(_) | Type::NPTimedelta(_)) {
                return Err(format!("arrays of {} are not supported by numrs build yet", a.dtype));
            }
            array_struct(ctx, a.ndim).into()
        }
        Type::UniTuple(item, n) => {
            let it = value_type(ctx, item)?;
            ctx.struct_type(&vec![it; *n as usize], false).into()
        }
        Type::Tuple(items) => {
            let its = items.iter().map(|i| value_type(ctx, i)).collect::<Result<Vec<_>, _>>()?;
            ctx.struct_type(&its, false).into()
        }
        Type::NamedTuple(nt) => {
            let its = nt.items.iter().map(|i| value_type(ctx, i)).collect::<Result<Vec<_>, _>>()?;
            ctx.struct_type(&its, false).into()
        }
        Type::Range(kind) => {
            let it = number_type(ctx, range_int(*kind));
            ctx.struct_type(&[it, it, it], false).into()
        }
        // Numba's slice model: start, stop, step with the defaults of `None` filled in.
        Type::Slice2 | Type::Slice3 | Type::SliceLiteral(_) => {
            let it = ctx.i64_type().into();
            ctx.struct_type(&[it, it, it], false).into()
        }
        // Iterators are pointers to their state (an alloca of the function).
        Type::Iterator(k) => match &**k {
            IteratorKind::Range(_) | IteratorKind::Array(_) | IteratorKind::Enumerate(_) | IteratorKind::Container(Type::UniTuple(..) | Type::NamedTuple(_)) => ptr.into(),
            IteratorKind::NdIndex(_) | IteratorKind::NdEnumerate(Type::Array(_)) | IteratorKind::Flat(Type::Array(_)) => ptr.into(),
            k @ (IteratorKind::NdIter(_) | IteratorKind::Map { .. } | IteratorKind::Filter { .. }) => {
                iterator_state(ctx, k)?;
                ptr.into()
            }
            IteratorKind::Container(l @ (Type::List { .. } | Type::ListType(_))) if crate::lists::check_list_type(l).is_ok() => ptr.into(),
            IteratorKind::Container(Type::Unicode | Type::StringLiteral(_)) => ptr.into(),
            k if crate::dicts::is_container_iter(k) => ptr.into(),
            k @ IteratorKind::Zip(_) => {
                iterator_state(ctx, k)?;
                ptr.into()
            }
            _ => return Err(format!("iterating over {t} is not supported by numrs build yet")),
        },
        // Numba's OptionalModel: the data and a validity bit.
        Type::Optional(inner) => {
            crate::optional::supported_inner(inner)?;
            let data = value_type(ctx, inner)?;
            ctx.struct_type(&[data, ctx.bool_type().into()], false).into()
        }
        // C pointers; `a.ctypes` is the array's data pointer (borrowed).
        Type::CPointer(inner) => {
            value_type(ctx, inner)?;
            ptr.into()
        }
        // A ctypes function object: the function's address.
        Type::VoidPtr | Type::ArrayCTypes(_) | Type::ExternalFunctionPointer(_) => ptr.into(),
        // `a.flags`: the array itself, borrowed (see `FnCx::getattr`).
        Type::ArrayFlags(a) => array_struct(ctx, a.ndim).into(),
        // A pointer to the generator's state (see `generators`).
        Type::Generator(_) => ptr.into(),
        // The uniform wrapper (`numrs_abi::WrapperFn`) of the function's specialization.
        Type::FunctionType(_) => ptr.into(),
        // A jitclass instance is its MemInfo, whose data holds the fields (see `jitclass`).
        Type::JitClassInstance(_) => ptr.into(),
        // A `numpy.random.Generator` argument: the Python object (borrowed).
        Type::NumPyRandomGenerator => ptr.into(),
        // An item of a unicode array, held as the string it spells (see `load_element`).
        Type::UnicodeCharSeq(_) => ptr.into(),
        // An item of a bytes array: its bytes, by value.
        Type::CharSeq(n) => ctx.i8_type().array_type(*n).into(),
        // A `numrs_abi::DictHandle`.
        Type::DictType(_) | Type::Set { .. } => ptr.into(),
        // A dict view: its dict's handle, holding a reference (see `dicts.rs`).
        Type::DictView(..) => ptr.into(),
        // A string's MemInfo (see `strings.rs`); a string literal is a static one.
        Type::Unicode | Type::StringLiteral(_) => ptr.into(),
        // A list is its MemInfo (see `lists.rs`); a typed list is built the same way.
        Type::List { .. } | Type::ListType(_) => {
            crate::lists::check_list_type(t)?;
            ptr.into()
        }
        Type::Pair(p) => {
            let first = value_type(ctx, &p.0)?;
            ctx.struct_type(&[first, ctx.bool_type().into()], false).into()
        }
        other => return Err(format!("values of type {other} are not supported by numrs build yet")),
    })
}

/// The state an iterator points at.
pub fn iterator_state<'ctx>(ctx: &'ctx Context, k: &IteratorKind) -> Result<StructType<'ctx>, String> {
    match &*plain_tuples(k) {
        IteratorKind::Range(kind) => {
            let it = number_type(ctx, range_int(*kind));
            Ok(ctx.struct_type(&[it, it, it], false))
        }
        IteratorKind::Array(arr) => {
            let Type::Array(a) = arr else { return Err(format!("iterator over {arr}")) };
            Ok(ctx.struct_type(&[array_struct(ctx, a.ndim).into(), ctx.i64_type().into()], false))
        }
        IteratorKind::Container(t @ Type::UniTuple(..)) => Ok(ctx.struct_type(&[value_type(ctx, t)?, ctx.i64_type().into()], false)),
        IteratorKind::Container(l @ (Type::List { .. } | Type::ListType(_))) => {
            crate::lists::check_list_type(l)?;
            // The list, the next index, its length when the iteration started.
            Ok(ctx.struct_type(&[ctx.ptr_type(AddressSpace::default()).into(), ctx.i64_type().into(), ctx.i64_type().into()], false))
        }
        IteratorKind::Enumerate(_) => Ok(ctx.struct_type(&[ctx.i64_type().into(), ctx.ptr_type(AddressSpace::default()).into()], false)),
        // The shape, the flat index of the next item, the number of items.
        IteratorKind::NdIndex(n) => {
            let i64t = ctx.i64_type();
            Ok(ctx.struct_type(&[i64t.array_type(*n).into(), i64t.into(), i64t.into()], false))
        }
        // `map`/`filter`: the state of a `zip` of the inner iterators (one for `filter`).
        IteratorKind::Map { .. } | IteratorKind::Filter { .. } => iterator_state(ctx, &map_filter_zip(k).ok_or("map/filter over a value that is not iterable")?),
        // The inputs (arrays and numbers, whose 0-d views point into the state), the flat
        // index of the next item, the number of items, the iteration shape (its first input
        // of the most dimensions').
        IteratorKind::NdIter(inputs) => {
            let i64t = ctx.i64_type();
            let mut fields = Vec::new();
            for t in inputs {
                match t {
                    Type::Array(a) => fields.push(array_struct(ctx, a.ndim).into()),
                    t if numeric(t).is_some() => fields.push(value_type(ctx, t)?),
                    other => return Err(format!("np.nditer over {other} is not supported by numrs build yet")),
                }
            }
            let (ndim, _) = numrs_types::nditer_shape(inputs);
            let ins = ctx.struct_type(&fields, false);
            Ok(ctx.struct_type(&[ins.into(), i64t.into(), i64t.into(), i64t.array_type(ndim).into()], false))
        }
        // The array, the flat index of the next item, the number of items.
        IteratorKind::NdEnumerate(arr) | IteratorKind::Flat(arr) => {
            let Type::Array(a) = arr else { return Err(format!("ndenumerate over {arr}")) };
            let i64t = ctx.i64_type();
            Ok(ctx.struct_type(&[array_struct(ctx, a.ndim).into(), i64t.into(), i64t.into()], false))
        }
        // A dict, set or dict view iteration: `{handle, position, length at the start}`.
        IteratorKind::DictView(..) | IteratorKind::Container(Type::DictType(_) | Type::Set { .. }) => {
            let i64t = ctx.i64_type().into();
            Ok(ctx.struct_type(&[ctx.ptr_type(AddressSpace::default()).into(), i64t, i64t], false))
        }
        // The string, the next index, the last item produced (owned by the state).
        IteratorKind::Container(Type::Unicode | Type::StringLiteral(_)) => {
            let p = ctx.ptr_type(AddressSpace::default()).into();
            Ok(ctx.struct_type(&[p, ctx.i64_type().into(), p], false))
        }
        other => match crate::lists::iterator_state(ctx, other) {
            Some(st) => st,
            None => Err(format!("iterating over {other:?} is not supported by numrs build yet")),
        },
    }
}

/// Storage in native memory as `numrs_abi::layout` describes it: booleans are bytes.
pub fn storage_type<'ctx>(ctx: &'ctx Context, t: &Type) -> Result<BasicTypeEnum<'ctx>, String> {
    if let Some(t) = defined(t)? {
        return storage_type(ctx, &t);
    }
    match numeric(t) {
        Some(NumericKind::Boolean) => Ok(ctx.i8_type().into()),
        _ => match t {
            // The bytes of a record, as an item of an array.
            Type::Record(r) => Ok(ctx.i8_type().array_type(r.size).into()),
            // A unicode array's item: its UCS4 code units.
            Type::UnicodeCharSeq(n) => Ok(ctx.i8_type().array_type(4 * n).into()),
            Type::CharSeq(n) => Ok(ctx.i8_type().array_type(*n).into()),
            Type::UniTuple(item, n) => {
                let it = storage_type(ctx, item)?;
                Ok(ctx.struct_type(&vec![it; *n as usize], false).into())
            }
            Type::Tuple(items) => {
                let its = items.iter().map(|i| storage_type(ctx, i)).collect::<Result<Vec<_>, _>>()?;
                Ok(ctx.struct_type(&its, false).into())
            }
            // The data's storage, then the validity flag as a byte.
            Type::Optional(inner) => {
                crate::optional::supported_inner(inner)?;
                let data = storage_type(ctx, inner)?;
                Ok(ctx.struct_type(&[data, ctx.i8_type().into()], false).into())
            }
            _ => value_type(ctx, t),
        },
    }
}

/// `true` when values and storage have the same LLVM type.
pub fn storage_is_value(t: &Type) -> bool {
    match numeric(t) {
        Some(NumericKind::Boolean) => false,
        _ => match t {
            Type::UniTuple(item, _) => storage_is_value(item),
            Type::Tuple(items) => items.iter().all(storage_is_value),
            Type::Optional(_) => false,
            _ => true,
        },
    }
}

/// The fields of an aggregate whose storage differs from its value, in order: a tuple's
/// items, or an optional's data and validity flag (a boolean).
pub fn storage_items(t: &Type) -> Vec<Type> {
    match t {
        Type::Optional(inner) => vec![(**inner).clone(), Type::boolean()],
        _ => t.tuple_items().unwrap_or_default(),
    }
}

/// The `zip` of the iterators a `map` or `filter` steps.
pub fn map_filter_zip(k: &IteratorKind) -> Option<IteratorKind> {
    let iterables: Vec<&Type> = match k {
        IteratorKind::Map { iterables, .. } => iterables.iter().collect(),
        IteratorKind::Filter { iterable, .. } => vec![iterable],
        _ => return None,
    };
    Some(IteratorKind::Zip(iterables.into_iter().map(Type::iterator_type).collect::<Option<Vec<_>>>()?))
}
