//! The [`Type`] enum and its constructors.

use std::sync::Arc;

/// Numba's numeric scalar kinds, in the order of the generated conversion table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NumericKind {
    Boolean = 0,
    Int8,
    Int16,
    Int32,
    Int64,
    UInt8,
    UInt16,
    UInt32,
    UInt64,
    Float32,
    Float64,
    Complex64,
    Complex128,
}

impl NumericKind {
    pub const ALL: [NumericKind; 13] = [
        NumericKind::Boolean,
        NumericKind::Int8,
        NumericKind::Int16,
        NumericKind::Int32,
        NumericKind::Int64,
        NumericKind::UInt8,
        NumericKind::UInt16,
        NumericKind::UInt32,
        NumericKind::UInt64,
        NumericKind::Float32,
        NumericKind::Float64,
        NumericKind::Complex64,
        NumericKind::Complex128,
    ];

    pub fn name(self) -> &'static str {
        match self {
            NumericKind::Boolean => "bool",
            NumericKind::Int8 => "int8",
            NumericKind::Int16 => "int16",
            NumericKind::Int32 => "int32",
            NumericKind::Int64 => "int64",
            NumericKind::UInt8 => "uint8",
            NumericKind::UInt16 => "uint16",
            NumericKind::UInt32 => "uint32",
            NumericKind::UInt64 => "uint64",
            NumericKind::Float32 => "float32",
            NumericKind::Float64 => "float64",
            NumericKind::Complex64 => "complex64",
            NumericKind::Complex128 => "complex128",
        }
    }

    pub fn is_integer(self) -> bool {
        matches!(
            self,
            NumericKind::Int8
                | NumericKind::Int16
                | NumericKind::Int32
                | NumericKind::Int64
                | NumericKind::UInt8
                | NumericKind::UInt16
                | NumericKind::UInt32
                | NumericKind::UInt64
        )
    }
    pub fn is_signed_int(self) -> bool {
        matches!(self, NumericKind::Int8 | NumericKind::Int16 | NumericKind::Int32 | NumericKind::Int64)
    }
    pub fn is_unsigned_int(self) -> bool {
        matches!(self, NumericKind::UInt8 | NumericKind::UInt16 | NumericKind::UInt32 | NumericKind::UInt64)
    }
    pub fn is_float(self) -> bool {
        matches!(self, NumericKind::Float32 | NumericKind::Float64)
    }
    pub fn is_complex(self) -> bool {
        matches!(self, NumericKind::Complex64 | NumericKind::Complex128)
    }
    /// Bit width: integers and floats their size; complex the total size; bool 8.
    pub fn bitwidth(self) -> u32 {
        match self {
            NumericKind::Boolean | NumericKind::Int8 | NumericKind::UInt8 => 8,
            NumericKind::Int16 | NumericKind::UInt16 => 16,
            NumericKind::Int32 | NumericKind::UInt32 | NumericKind::Float32 => 32,
            NumericKind::Int64 | NumericKind::UInt64 | NumericKind::Float64 | NumericKind::Complex64 => 64,
            NumericKind::Complex128 => 128,
        }
    }
    pub fn int(bits: u32, signed: bool) -> Option<NumericKind> {
        Some(match (bits, signed) {
            (8, true) => NumericKind::Int8,
            (16, true) => NumericKind::Int16,
            (32, true) => NumericKind::Int32,
            (64, true) => NumericKind::Int64,
            (8, false) => NumericKind::UInt8,
            (16, false) => NumericKind::UInt16,
            (32, false) => NumericKind::UInt32,
            (64, false) => NumericKind::UInt64,
            _ => return None,
        })
    }
    /// The float type underlying a complex type (`complex128` → `float64`).
    pub fn underlying_float(self) -> NumericKind {
        match self {
            NumericKind::Complex64 => NumericKind::Float32,
            NumericKind::Complex128 => NumericKind::Float64,
            other => other,
        }
    }
    pub fn from_name(name: &str) -> Option<NumericKind> {
        NumericKind::ALL.iter().copied().find(|k| k.name() == name)
    }

    /// The kind of a NumPy scalar class by its attribute name in `numpy`: the sized names
    /// (`float32`) and NumPy 2's aliases of them on 64-bit platforms (`intp`, `double`, ...).
    pub fn from_numpy_name(name: &str) -> Option<NumericKind> {
        Some(match name {
            "bool_" | "bool" => NumericKind::Boolean,
            "intp" | "int_" | "long" | "longlong" => NumericKind::Int64,
            "uintp" | "uint" | "ulong" | "ulonglong" => NumericKind::UInt64,
            "intc" => NumericKind::Int32,
            "uintc" => NumericKind::UInt32,
            "short" => NumericKind::Int16,
            "ushort" => NumericKind::UInt16,
            "byte" => NumericKind::Int8,
            "ubyte" => NumericKind::UInt8,
            "double" => NumericKind::Float64,
            "single" => NumericKind::Float32,
            "cdouble" => NumericKind::Complex128,
            "csingle" => NumericKind::Complex64,
            other => return NumericKind::from_name(other),
        })
    }
}

/// Memory layout of an array: contiguous C, contiguous Fortran, or any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    C,
    F,
    A,
}

impl ArrayType {
    /// Numba's `Array(dtype, ndim, layout, readonly)`: aligned unless `dtype` is an unaligned
    /// record.
    pub fn new(dtype: Type, ndim: u32, layout: Layout, readonly: bool) -> ArrayType {
        let aligned = !matches!(&dtype, Type::Record(r) if !r.aligned);
        ArrayType { dtype, ndim, layout, readonly, aligned, nested: None, buffer: None }
    }
    /// Numba's `Array.copy(dtype=..., ndim=..., layout=...)`: keeps `readonly` and `aligned`
    /// (and the class: a slice of `bytes` is `bytes`).
    pub fn copy_as(&self, dtype: Type, ndim: u32, layout: Layout) -> ArrayType {
        ArrayType { dtype, ndim, layout, readonly: self.readonly, aligned: self.aligned, nested: None, buffer: self.buffer }
    }
    /// Numba's `Bytes`/`ByteArray`/`MemoryView(uint8, 1, layout)`: `bytes` is read-only.
    pub fn buffer(kind: BufferKind, layout: Layout, readonly: bool) -> ArrayType {
        ArrayType { buffer: Some(kind), ..ArrayType::new(Type::Number(crate::NumericKind::UInt8), 1, layout, readonly) }
    }
    /// `t` (an array type made from this one by Numba's `ary.copy(...)`: a copy, a view, a
    /// transpose, `astype`, `empty_like`) unaligned when this array is.
    pub fn keep_alignment(&self, t: Type) -> Type {
        match t {
            Type::Array(r) if !self.aligned && r.aligned => Type::Array(Arc::new(ArrayType { aligned: false, ..(*r).clone() })),
            other => other,
        }
    }
    /// Numba's `NestedArray(dtype, shape)`.
    pub fn nested(dtype: Type, shape: Vec<u32>) -> ArrayType {
        ArrayType { dtype, ndim: shape.len() as u32, layout: Layout::C, readonly: false, aligned: true, nested: Some(shape.into()), buffer: None }
    }
}

impl Layout {
    pub fn as_char(self) -> char {
        match self {
            Layout::C => 'C',
            Layout::F => 'F',
            Layout::A => 'A',
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ArrayType {
    pub dtype: Type,
    pub ndim: u32,
    pub layout: Layout,
    pub readonly: bool,
    /// Numba's `Array.aligned`: false for an array of an unaligned record (a structured dtype
    /// made without `align=True`), and for the views of its fields; printed `unaligned array(...)`.
    pub aligned: bool,
    /// Numba's `NestedArray`: a record's subarray field (`("pos", np.float64, (3,))`), its
    /// shape fixed by the type (C layout); printed `nestedarray(float64, (3,))`.
    pub nested: Option<Arc<[u32]>>,
    /// Numba's other `Buffer` classes: `bytes`, `bytearray` and `memoryview` arguments and
    /// constants, laid out as arrays (printed `readonly bytes(uint8, 1d, C)`). Only what Numba
    /// types on them is typed (see `numrs_typing`'s `resolve_call`).
    pub buffer: Option<BufferKind>,
}

/// The Python buffer a [`ArrayType::buffer`] array is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BufferKind {
    Bytes,
    ByteArray,
    MemoryView,
}

impl BufferKind {
    /// The name Numba prints for it.
    pub fn name(self) -> &'static str {
        match self {
            BufferKind::Bytes => "bytes",
            BufferKind::ByteArray => "bytearray",
            BufferKind::MemoryView => "memoryview",
        }
    }
}

/// A field of a [`RecordType`]: its name, type and byte offset in the record.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordField {
    pub name: Arc<str>,
    pub ty: Type,
    pub offset: u32,
}

/// Numba's `Record`: a NumPy structured dtype (`np.dtype([("x", np.float64), ("y",
/// np.int32)])`), printed `Record(x[type=float64;offset=0],y[type=int32;offset=8];12;False)`:
/// the fields ordered by offset (then name), the item size, whether the dtype is an aligned
/// struct. A record value is a reference to the bytes of one item.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordType {
    pub fields: Vec<RecordField>,
    pub size: u32,
    pub aligned: bool,
}

impl RecordType {
    pub fn field(&self, name: &str) -> Option<&RecordField> {
        self.fields.iter().find(|f| &*f.name == name)
    }
}

/// The kind of a range object: `range_state32`, `range_state64`, `unsigned_range_state64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RangeKind {
    Int32,
    Int64,
    UInt64,
}

impl RangeKind {
    pub fn yield_type(self) -> Type {
        match self {
            RangeKind::Int32 => Type::int32(),
            RangeKind::Int64 => Type::int64(),
            RangeKind::UInt64 => Type::uint64(),
        }
    }
}

/// A typed signature: `return_type(args...)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Signature {
    pub return_type: Type,
    pub args: Vec<Type>,
}

impl Signature {
    pub fn new(return_type: Type, args: Vec<Type>) -> Self {
        Signature { return_type, args }
    }
}

/// A reference to a user-defined jitted function, opaque to this crate.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DispatcherRef {
    /// The function's name as written in Python.
    pub name: Arc<str>,
    /// An opaque identity chosen by the layer that discovered the function.
    pub id: u64,
    /// The file defining it, when it is imported from another of the user's modules.
    pub file: Option<Arc<str>>,
}

impl DispatcherRef {
    /// Stands for the inner function at `path` (named `name`; see [`CLOSURE_ESCAPED`]) of the
    /// function whose code names it, in a request to the build's callee lookup (which knows
    /// the enclosing function). `None`: a path [`encode_closure_path`] cannot encode.
    pub fn inner_of_caller(path: &[u32], name: &str) -> Option<DispatcherRef> {
        Some(DispatcherRef { name: name.into(), id: encode_closure_path(path)?, file: Some(INNER_OF_CALLER.into()) })
    }

    /// The dispatcher Numba makes of the inner function at `path` of a jit function (the
    /// `ordinal`-th of its name) when it escapes, named `qualname` (`f.<locals>.g`). `None`: a
    /// path or ordinal too large to encode.
    pub fn escaped(qualname: &str, ordinal: u32, path: &[u32], file: Option<Arc<str>>) -> Option<DispatcherRef> {
        if ordinal >= 1 << ORDINAL_BITS {
            return None;
        }
        Some(DispatcherRef { name: qualname.into(), id: ordinal as u64 | encode_closure_path(path)? << ORDINAL_BITS, file })
    }

    /// The ordinal of the jit function and the path of an [`DispatcherRef::escaped`] one.
    pub fn escaped_path(&self) -> Option<(u32, Vec<u32>)> {
        if self.file.as_deref() == Some(INNER_OF_CALLER) {
            return None;
        }
        let path = decode_closure_path(self.id >> ORDINAL_BITS);
        (!path.is_empty()).then(|| ((self.id & ((1 << ORDINAL_BITS) - 1)) as u32, path))
    }

    /// The name Numba prints. An inner function that escaped (named `f.<locals>.g`, with a
    /// path in its id) is Numba's copy of it, a function made inside a function `closure`
    /// (`ir_utils._create_function_from_code_obj`): `closure.<locals>.g`, `<` and `>` of the
    /// name replaced by `_` (`closure.<locals>._lambda_`).
    pub fn printed_name(&self) -> std::borrow::Cow<'_, str> {
        match self.name.rsplit_once(".<locals>.") {
            Some((_, last)) if self.escaped_path().is_some() => {
                format!("closure.<locals>.{}", last.replace(['<', '>'], "_")).into()
            }
            _ => (*self.name).into(),
        }
    }

    /// The path and name of the inner function an [`DispatcherRef::inner_of_caller`] stands
    /// for.
    pub fn as_inner_of_caller(&self) -> Option<(Vec<u32>, &str)> {
        (self.file.as_deref() == Some(INNER_OF_CALLER)).then(|| (decode_closure_path(self.id), &*self.name))
    }
}

/// In the path of an inner function (the index of each inner function in the one before,
/// outermost first), a mark that the function before it is compiled on its own (it escaped)
/// rather than inlined: what follows is an inner function of that copy.
pub const CLOSURE_ESCAPED: u32 = u32::MAX;

/// The name prefix of the dispatcher code generation asks the build for when it lowers a call
/// of a NumPy function the module `@overload`s (`user_overload:numpy.clip`): the
/// implementation typed for the call's arguments, if the module's overload gave one.
pub const USER_OVERLOAD_PREFIX: &str = "user_overload:";

/// Whether Numba's data model gives `a` and `b` the same LLVM value type: integers of one
/// width whatever their signedness, arrays of one dtype and dimension whatever their layout,
/// otherwise equal types (literals as their base types).
pub fn same_llvm_type(a: &Type, b: &Type) -> bool {
    let (a, b) = (a.unliteral(), b.unliteral());
    match (&a, &b) {
        (Type::Number(x), Type::Number(y)) if x.is_integer() && y.is_integer() => x.bitwidth() == y.bitwidth(),
        _ => match (a.as_array(), b.as_array()) {
            (Some(x), Some(y)) => x.dtype == y.dtype && x.ndim == y.ndim,
            _ => a == b,
        },
    }
}

/// Bits of an escaped inner function's dispatcher id for the jit function's ordinal.
const ORDINAL_BITS: u32 = 16;

/// A path of inner functions in 48 bits: at most six steps, one byte each, an index plus one
/// or 255 for [`CLOSURE_ESCAPED`] (so a single index `i` is `i + 1`). `None`: longer, or an
/// index over 253.
pub fn encode_closure_path(path: &[u32]) -> Option<u64> {
    if path.is_empty() || path.len() > 6 {
        return None;
    }
    let mut code = 0u64;
    for (k, &i) in path.iter().enumerate() {
        let byte = match i {
            CLOSURE_ESCAPED => 255,
            i if i < 254 => i as u64 + 1,
            _ => return None,
        };
        code |= byte << (8 * k);
    }
    Some(code)
}

/// The path [`encode_closure_path`] encoded (empty for 0).
pub fn decode_closure_path(code: u64) -> Vec<u32> {
    code.to_le_bytes().iter().take_while(|&&b| b != 0).map(|&b| if b == 255 { CLOSURE_ESCAPED } else { b as u32 - 1 }).collect()
}

const INNER_OF_CALLER: &str = "<inner function of the caller>";

/// Iterator types (`$` temporaries in Numba, rarely visible to users).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IteratorKind {
    Range(RangeKind),
    /// `iter(array(...))`.
    Array(Type),
    /// `iter(list)`, `iter(ListType)`, `iter(set)`, `iter(UniTuple)`, `iter(unicode)`, dict views…
    Container(Type),
    Enumerate(Type),
    Zip(Vec<Type>),
    /// `np.ndindex(shape)`: the indices of a shape of this many dimensions, in C order.
    NdIndex(u32),
    /// `np.ndenumerate(array)`: `(index, item)` of the array's items, in C order.
    NdEnumerate(Type),
    /// `array.flat`: the array's items in C order, also indexed by flat position (Numba's
    /// `NumpyFlatType`, its own iterator).
    Flat(Type),
    /// `map(f, xs, ...)` (Numba's `ol_map` generator): the function, the iterables (as
    /// passed), the type of what `f` returns for their items.
    Map { func: Type, iterables: Vec<Type>, yields: Type },
    /// `filter(f, xs)` (Numba's `ol_filter` generator; `f` may be `None`): the items of `xs`
    /// for which `f(item)` (the item itself for `None`) is true.
    Filter { func: Type, iterable: Type },
    /// `np.nditer(x)` / `np.nditer((x, y, ...))` (Numba's `NumpyNdIterType`, its own
    /// iterator): the inputs (arrays or numbers); yields a 0-d view of each input's item.
    NdIter(Vec<Type>),
    /// Numba's `DictIteratorType` over a view of a typed dict (the dict type):
    /// `iter[DictType[int64,float64]<iv=None>->int64],keys[DictType[int64,float64]<iv=None>]`.
    DictView(DictViewKind, Type),
}

/// Which view of a typed dict: `d.keys()`, `d.values()`, `d.items()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DictViewKind {
    Keys,
    Values,
    Items,
}

impl DictViewKind {
    /// The name Numba gives the view's type (`keys[...]`).
    pub fn name(self) -> &'static str {
        match self {
            DictViewKind::Keys => "keys",
            DictViewKind::Values => "values",
            DictViewKind::Items => "items",
        }
    }

    /// What iterating the view of a dict of `k` to `v` yields.
    pub fn yield_type(self, k: &Type, v: &Type) -> Type {
        match self {
            DictViewKind::Keys => k.clone(),
            DictViewKind::Values => v.clone(),
            DictViewKind::Items => Type::tuple(vec![k.clone(), v.clone()]),
        }
    }
}

/// A named tuple's class name, field names and item types.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamedTupleType {
    pub name: Arc<str>,
    pub fields: Vec<Arc<str>>,
    pub items: Vec<Type>,
}

/// A `collections.namedtuple` (or `typing.NamedTuple`) class of the user's module, used as a
/// value (Numba's `NamedTupleClass`): calling it makes a [`Type::NamedTuple`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamedTupleClassType {
    pub name: Arc<str>,
    /// The module that defines it (`__module__`), for its printed name.
    pub module: Arc<str>,
    pub fields: Vec<Arc<str>>,
    /// How many of the last fields have defaults.
    pub defaults: u32,
}

/// An `enum.Enum` (or `enum.IntEnum`) class of the user's module whose members' values share
/// one Numba type (Numba's `EnumClass`/`IntEnumClass`, members `EnumMember`/`IntEnumMember`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EnumType {
    pub name: Arc<str>,
    pub int_enum: bool,
    /// The type of the members' values (`int64`, `unicode_type`, `float64`).
    pub dtype: Type,
    /// The members in definition order, with their values.
    pub members: Vec<(Arc<str>, EnumValue)>,
}

/// The value of an enum member.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum EnumValue {
    Int(i128),
    /// A float's bits.
    Float(u64),
    Bool(bool),
    Str(Arc<str>),
}

impl EnumType {
    pub fn member(&self, name: &str) -> Option<&EnumValue> {
        self.members.iter().find(|(n, _)| &**n == name).map(|(_, v)| v)
    }
}

impl NamedTupleType {
    /// The items' one type, for a `NamedUniTuple`.
    pub fn homogeneous(&self) -> Option<&Type> {
        let first = self.items.first()?;
        self.items.iter().all(|t| t == first).then_some(first)
    }

    /// The anonymous tuple type with the same items (the same representation).
    pub fn anonymous(&self) -> Type {
        match self.homogeneous() {
            Some(d) => Type::unituple(d.clone(), self.items.len() as u32),
            None => Type::Tuple(self.items.clone().into()),
        }
    }

    /// The position of a field.
    pub fn field(&self, name: &str) -> Option<usize> {
        self.fields.iter().position(|f| &**f == name)
    }
}

/// A Numba type. Cloning is cheap (compound payloads are behind `Arc`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Number(NumericKind),
    IntegerLiteral(i128),
    BooleanLiteral(bool),
    StringLiteral(Arc<str>),
    Unicode,
    NoneType,
    Ellipsis,
    Array(Arc<ArrayType>),
    UniTuple(Arc<Type>, u32),
    Tuple(Arc<[Type]>),
    /// A reflected or non-reflected Python list (`list(int64)<iv=None>`). `initial` is the
    /// Python repr of the literal items it was built from (`<iv=[1, 2]>`), as Numba tracks it.
    List { dtype: Arc<Type>, reflected: bool, initial: Option<Arc<str>> },
    /// `numba.typed.List`: `ListType[int64]`.
    ListType(Arc<Type>),
    /// `numba.typed.Dict`: `DictType[int64,float64]<iv=None>`: key, value and initial value
    /// (a display of literal values remembers them, `<iv={1: 2}>`, as Numba's
    /// `DictType.initial_value`; `unliteral` forgets them).
    DictType(Arc<(Type, Type, Option<Arc<str>>)>),
    Set { dtype: Arc<Type>, reflected: bool },
    Optional(Arc<Type>),
    Range(RangeKind),
    /// The result of `iternext`: `pair<yield type, bool>`.
    Pair(Arc<(Type, Type)>),
    Iterator(Arc<IteratorKind>),
    Slice2,
    Slice3,
    /// A slice constant (a module-level `slice(1, 3)`): Numba's `SliceLiteral`, printed
    /// `Literal[slice](slice(1, 3, None))`; its start, stop and step (`None`: not given).
    SliceLiteral(Arc<[Option<i64>; 3]>),
    /// `dtype(float64)`: a NumPy dtype object.
    DType(Arc<Type>),
    /// `class(float64)`: a scalar type used as a callable (`np.float64`, `int`).
    NumberClass(Arc<Type>),
    /// `typeref[array(float64, 1d, A)]`: a Numba type object used as a value (`typeof` of a
    /// type that is not a number: `types.float64[:]`, `types.unicode_type`).
    TypeRef(Arc<Type>),
    /// A Python module, by dotted name (`numpy`, `math`).
    Module(Arc<str>),
    /// A global function or builtin known to the typing registry, by its registry key.
    Function(Arc<str>),
    /// A method bound to a receiver: registry key plus the receiver type.
    BoundFunction(Arc<(Arc<str>, Type)>),
    /// A user jit function (Numba's `Dispatcher` type).
    Dispatcher(DispatcherRef),
    /// An inner function or lambda defined in the function being typed (Numba's
    /// `MakeFunctionLiteral`): the index of the closure in its parent IR, and its name.
    MakeFunction(u32, Arc<str>),
    /// A first-class function type: `FunctionType[float64(float64)]`.
    FunctionType(Arc<Signature>),
    /// Numba's `UndefinedFunctionType`: different functions (inner functions, jit functions)
    /// that meet in one variable, before a call gives their signature (then it is a
    /// [`Type::FunctionType`]). The members in the order they met.
    UndefinedFunction(Arc<Vec<Type>>),
    /// An exception class such as `ValueError`.
    ExceptionClass(Arc<str>),
    /// An exception instance created in nopython code.
    ExceptionInstance(Arc<str>),
    /// A non-typed placeholder, e.g. an omitted default argument: `omitted(default=1)`.
    Omitted(Arc<str>),
    /// Numba's `pyobject` (object mode only).
    PyObject,
    /// Numba's `undefined`: a type variable that has not been resolved.
    Undefined,
    /// `int64 generator(func=..., args=(int64,), has_finalizer=True)`.
    Generator(Arc<GeneratorType>),
    /// A dict literal with string keys: `LiteralStrKey[Dict](...)`.
    LiteralStrKeyDict(Arc<Vec<(Arc<str>, Type)>>),
    /// `a.flags`: `ArrayFlags(array(float64, 2d, C))`.
    ArrayFlags(Arc<ArrayType>),
    /// A named tuple: Numba's `NamedTuple` / `NamedUniTuple` of a class such as the `finfo`
    /// that `np.finfo(np.float64)` returns, printed `finfo(float64, ..., int64)` (or
    /// `iinfo(int64 x 3)` when its items share a type).
    NamedTuple(Arc<NamedTupleType>),
    /// A view of a typed dict (Numba's `DictKeysIterableType` and its kin): an iterable with
    /// a length, `keys[DictType[int64,float64]<iv=None>]`. The payload is the dict type.
    DictView(DictViewKind, Arc<Type>),
    /// A list display whose items do not unify (Numba's `LiteralList`): the items' types,
    /// `LiteralList((int64, Literal[str](a)))`. Only its length and constant indices are typed.
    LiteralList(Arc<[Type]>),
    /// A member of an enum class: `Enum<int64>(Color)`, `IntEnum<int64>(Shape)`. Its value is
    /// the member's value (of the enum's `dtype`).
    EnumMember(Arc<EnumType>),
    /// A record: one item of a structured array (Numba's `Record`).
    Record(Arc<RecordType>),
    /// A `numpy.random.Generator` passed in (`NumPyRandomGeneratorType`).
    NumPyRandomGenerator,
    /// An item of a NumPy unicode array (`<U3`): `[unichr x 3]` (Numba's `UnicodeCharSeq`).
    /// Compiled code holds it as the string it spells (trailing NULs dropped), so it is used as
    /// a `unicode_type` except where it is stored.
    UnicodeCharSeq(u32),
    /// An item of a NumPy bytes array (`|S3`): `[char x 3]` (Numba's `CharSeq`). Compiled code
    /// holds its bytes by value (trailing NULs are padding).
    CharSeq(u32),
    /// A `numpy.datetime64` of a unit: `datetime64[D]` (Numba's `NPDatetime`), held as the
    /// int64 count of units since 1970 (`NAT` for NaT).
    NPDatetime(crate::DtUnit),
    /// A `numpy.timedelta64` of a unit: `timedelta64[h]` (Numba's `NPTimedelta`).
    NPTimedelta(crate::DtUnit),
    /// An enum class used as a value: `Enum class<int64>(Color)`.
    EnumClass(Arc<EnumType>),
    /// A namedtuple class used as a value: `class(<class 'module.Point'>)`.
    NamedTupleClass(Arc<NamedTupleClassType>),
    /// A `@jitclass` class used as a value (Numba's `ClassType`):
    /// `jitclass.Bag#7f3a2c1b9e40<value:int32,array:array(float32, 1d, A)>`.
    JitClass(Arc<JitClassType>),
    /// An instance of a `@jitclass` class (Numba's `ClassInstanceType`): `instance.jitclass.…`.
    JitClassInstance(Arc<JitClassType>),
    /// Numba's `deferred_type()`, defined later as a jitclass's instance type (a linked
    /// list's `next` field): `DeferredType#<id>`.
    Deferred(Arc<DeferredType>),
    /// A C pointer to values of a type (Numba's `CPointer`), printed `float64*`: what a
    /// `@cfunc` receives for `CPointer(float64)`; indexing reads and writes the values.
    CPointer(Arc<Type>),
    /// An untyped C pointer (Numba's `voidptr`, a `RawPointer`), printed `void*`.
    VoidPtr,
    /// `a.ctypes` of an array (Numba's `ArrayCTypes`), printed
    /// `ArrayCTypes(dtype=float64, ndim=1)`: its `data` address, and it converts safely to a
    /// pointer to the array's dtype or to `void*`.
    ArrayCTypes(Arc<ArrayType>),
    /// A ctypes function object (`ctypes.CFUNCTYPE(c_double, c_double)(address)`), Numba's
    /// `ExternalFunctionPointer`: called through its address with its C signature.
    ExternalFunctionPointer(Arc<Signature>),
}

/// A `deferred_type()`: its identity, the module-level name it is bound to, and the type it
/// is defined as (`X.define(Node.class_type.instance_type)`), which may hold this very type
/// (a class whose field refers to the class). Equality, hashing and printing use the identity
/// only, so such cycles are never walked.
pub struct DeferredType {
    /// What Numba prints after `#` (there the object's address, in decimal).
    pub id: u64,
    pub name: Arc<str>,
    pub target: std::sync::OnceLock<Type>,
}

impl DeferredType {
    pub fn new(id: u64, name: &str) -> DeferredType {
        DeferredType { id, name: name.into(), target: std::sync::OnceLock::new() }
    }
    /// The defined type, once known.
    pub fn get(&self) -> Option<&Type> {
        self.target.get()
    }
}

impl PartialEq for DeferredType {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl Eq for DeferredType {}

impl std::hash::Hash for DeferredType {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.id.hash(h);
    }
}

impl std::fmt::Debug for DeferredType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DeferredType#{}({}, {})", self.id, self.name, if self.target.get().is_some() { "defined" } else { "undefined" })
    }
}

/// A `@jitclass` class: its fields (the spec, in order) and the jit functions behind its
/// methods and properties.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct JitClassType {
    pub name: Arc<str>,
    /// What Numba prints after `#`: there the address of the class type object; numrs prints a
    /// hash of the class's module and name (stable from run to run).
    pub id: u64,
    pub fields: Vec<(Arc<str>, Type)>,
    pub members: Vec<(Arc<str>, ClassMember)>,
    /// The name Numba prints when it is not `name`: a factory function's class, `name`d by
    /// the binding of the call that made it.
    pub display: Option<Arc<str>>,
}

/// A method or property of a `@jitclass` class: the jit functions Numba makes of it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClassMember {
    Method(DispatcherRef),
    StaticMethod(DispatcherRef),
    Property { get: DispatcherRef, set: Option<DispatcherRef> },
}

impl JitClassType {
    /// The `deferred_type()`s in the types of the fields (in optional values, tuples and lists).
    pub fn field_deferreds(&self) -> Vec<Arc<DeferredType>> {
        let mut out: Vec<Arc<DeferredType>> = Vec::new();
        for (_, t) in &self.fields {
            t.visit_parts(&mut |t| {
                if let Type::Deferred(d) = t {
                    if !out.iter().any(|x| x.id == d.id) {
                        out.push(d.clone());
                    }
                }
            });
        }
        out
    }
    pub fn field(&self, name: &str) -> Option<&Type> {
        self.fields.iter().find(|(n, _)| &**n == name).map(|(_, t)| t)
    }
    pub fn member(&self, name: &str) -> Option<&ClassMember> {
        self.members.iter().find(|(n, _)| &**n == name).map(|(_, m)| m)
    }
}

/// The registry key of a `@jitclass` method bound to its instance, as Numba prints it in
/// `BoundFunction(... for instance.jitclass...)`.
/// The dimensions and iteration layout of `np.nditer(inputs)` (Numba's
/// `NumpyNdIterType`): the most dimensions of an input; 'F' when more inputs of 2 or more
/// dimensions are F than C (1-d contiguous arrays count for both), else 'C'.
pub fn nditer_shape(inputs: &[Type]) -> (u32, char) {
    let ndim = inputs.iter().map(|t| t.as_array().map_or(0, |a| a.ndim)).max().unwrap_or(0);
    let (mut c, mut f) = (0, 0);
    for a in inputs.iter().filter_map(Type::as_array) {
        match (a.layout, a.ndim) {
            (Layout::C | Layout::F, 1) => {
                c += 1;
                f += 1;
            }
            (Layout::C, n) if n >= 1 => c += 1,
            (Layout::F, n) if n >= 1 => f += 1,
            _ => {}
        }
    }
    (ndim, if f > c { 'F' } else { 'C' })
}

pub fn jitclass_method_key(method: &str) -> String {
    format!("(<class 'numba.core.types.misc.ClassInstanceType'>, '{method}')")
}

/// The methods of a `@jitclass` instance that an operator or builtin called with the instance
/// first calls, in order of preference (Numba's `jitclass/overloads.py`: `a + b` calls
/// `a.__add__(b)`, `a += b` `__iadd__` or else `__add__`, `len(a)` `a.__len__()`).
pub fn jitclass_operator_methods(key: &str) -> &'static [&'static str] {
    match key {
        "operator.add" => &["__add__"],
        "operator.sub" => &["__sub__"],
        "operator.mul" => &["__mul__"],
        "operator.truediv" => &["__truediv__"],
        "operator.floordiv" => &["__floordiv__"],
        "operator.mod" => &["__mod__"],
        "operator.pow" => &["__pow__"],
        "operator.lshift" => &["__lshift__"],
        "operator.rshift" => &["__rshift__"],
        "operator.and_" => &["__and__"],
        "operator.or_" => &["__or__"],
        "operator.xor" => &["__xor__"],
        "operator.iadd" => &["__iadd__", "__add__"],
        "operator.isub" => &["__isub__", "__sub__"],
        "operator.imul" => &["__imul__", "__mul__"],
        "operator.itruediv" => &["__itruediv__", "__truediv__"],
        "operator.ifloordiv" => &["__ifloordiv__", "__floordiv__"],
        "operator.imod" => &["__imod__", "__mod__"],
        "operator.ipow" => &["__ipow__", "__pow__"],
        "operator.ilshift" => &["__ilshift__", "__lshift__"],
        "operator.irshift" => &["__irshift__", "__rshift__"],
        "operator.iand" => &["__iand__", "__and__"],
        "operator.ior" => &["__ior__", "__or__"],
        "operator.ixor" => &["__ixor__", "__xor__"],
        "operator.eq" => &["__eq__"],
        "operator.ne" => &["__ne__"],
        "operator.lt" => &["__lt__"],
        "operator.le" => &["__le__"],
        "operator.gt" => &["__gt__"],
        "operator.ge" => &["__ge__"],
        "operator.neg" => &["__neg__"],
        "operator.pos" => &["__pos__"],
        "operator.invert" => &["__invert__"],
        "operator.getitem" => &["__getitem__"],
        "operator.setitem" => &["__setitem__"],
        "operator.contains" => &["__contains__"],
        "builtins.abs" => &["__abs__"],
        "builtins.len" => &["__len__"],
        "builtins.hash" => &["__hash__"],
        "builtins.float" => &["__float__"],
        "builtins.int" => &["__int__"],
        "builtins.str" => &["__str__"],
        _ => &[],
    }
}

/// The method of `class` an operator or builtin `key` calls on an instance (see
/// [`jitclass_operator_methods`]): its jit function.
pub fn jitclass_operator(class: &JitClassType, key: &str) -> Option<DispatcherRef> {
    jitclass_operator_methods(key).iter().find_map(|m| match class.member(m) {
        Some(ClassMember::Method(d)) => Some(d.clone()),
        _ => None,
    })
}

/// What an operator or builtin applied to a `@jitclass` instance (`types[0]`) runs, after
/// Numba's `jitclass/overloads.py`: the instance's dunder method, or one of its fallbacks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JitClassOp {
    /// The method, called with the operands (the instance first).
    Method(DispatcherRef),
    /// `x != y` without `__ne__`: `not (x == y)`.
    NotEq,
    /// `x < y` (`>`, `<=`, `>=`, `==`) without the method when `y` is an instance with the
    /// reflected one (`__gt__` for `<`): Numba's implementation computes `y > x`, whatever the
    /// operator.
    ReflectedGt,
    /// `bool(x)` without `__bool__`: `bool(len(x))` with `__len__` (the method), else `True`.
    LenTruth(DispatcherRef),
    AlwaysTrue,
    /// `float(x)` without `__float__`: `float(x.__index__())` (the method).
    FloatOf(DispatcherRef),
    /// `str(x)` without `__str__`: `repr(x)`, which Numba makes `<object type:TYPE>`.
    ReprText,
    /// `complex(x)` (an `imag` argument is ignored, as Numba's overload ignores it): the
    /// method (`__complex__`), called with the instance alone.
    Complex(DispatcherRef),
    /// `complex(x)` without `__complex__`: `complex(float(x))`.
    ComplexOfFloat,
}

/// See [`JitClassOp`]; `None` when Numba's overloads do not apply (`types[0]` is not an
/// instance) or find nothing.
pub fn jitclass_op(key: &str, types: &[Type]) -> Option<JitClassOp> {
    let Some(Type::JitClassInstance(class)) = types.first() else { return None };
    let method = |m: &str| match class.member(m) {
        Some(ClassMember::Method(d)) => Some(d.clone()),
        _ => None,
    };
    if key == "builtins.complex" {
        return Some(method("__complex__").map_or(JitClassOp::ComplexOfFloat, JitClassOp::Complex));
    }
    if let Some(d) = jitclass_operator(class, key) {
        return Some(JitClassOp::Method(d));
    }
    let reflected = match key {
        "operator.ne" => return Some(JitClassOp::NotEq),
        "builtins.bool" => return Some(method("__len__").map_or(JitClassOp::AlwaysTrue, JitClassOp::LenTruth)),
        "builtins.float" => return method("__index__").map(JitClassOp::FloatOf),
        "builtins.int" => return method("__index__").map(JitClassOp::Method),
        "builtins.str" => return Some(JitClassOp::ReprText),
        "operator.ge" => "__le__",
        "operator.gt" => "__lt__",
        "operator.le" => "__ge__",
        "operator.lt" => "__gt__",
        "operator.eq" => "__eq__",
        _ => return None,
    };
    match types.get(1) {
        Some(Type::JitClassInstance(other)) if matches!(other.member(reflected), Some(ClassMember::Method(_))) => Some(JitClassOp::ReflectedGt),
        _ => None,
    }
}

/// The method name of a key made by [`jitclass_method_key`].
pub fn jitclass_method_of_key(key: &str) -> Option<&str> {
    key.strip_prefix("(<class 'numba.core.types.misc.ClassInstanceType'>, '")?.strip_suffix("')")
}

/// The key of a method an `@overload_method` adds (bound to its receiver): the typing
/// function's name and its ordinal among the module's functions of that name.
pub fn overload_method_key(function: &str, id: u64) -> String {
    format!("overload_method:{function}:{id}")
}

/// The name codegen asks the callee lookup for to read the attribute `attr` an
/// `@overload_attribute` adds (its implementation for the receiver's type).
pub fn overload_attribute_callee(attr: &str) -> String {
    format!("overload_attribute:{attr}")
}

/// The typing function (name, ordinal) of a key made by [`overload_method_key`].
pub fn overload_method_of_key(key: &str) -> Option<(&str, u64)> {
    let (name, id) = key.strip_prefix("overload_method:")?.rsplit_once(':')?;
    Some((name, id.parse().ok()?))
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GeneratorType {
    pub yield_type: Type,
    pub func_name: Arc<str>,
    pub args: Vec<Type>,
}

impl Type {
    pub const fn number(kind: NumericKind) -> Type {
        Type::Number(kind)
    }
    pub const fn boolean() -> Type {
        Type::Number(NumericKind::Boolean)
    }
    pub const fn int8() -> Type {
        Type::Number(NumericKind::Int8)
    }
    pub const fn int16() -> Type {
        Type::Number(NumericKind::Int16)
    }
    pub const fn int32() -> Type {
        Type::Number(NumericKind::Int32)
    }
    pub const fn int64() -> Type {
        Type::Number(NumericKind::Int64)
    }
    pub const fn uint8() -> Type {
        Type::Number(NumericKind::UInt8)
    }
    pub const fn uint64() -> Type {
        Type::Number(NumericKind::UInt64)
    }
    pub const fn float32() -> Type {
        Type::Number(NumericKind::Float32)
    }
    pub const fn float64() -> Type {
        Type::Number(NumericKind::Float64)
    }
    pub const fn complex64() -> Type {
        Type::Number(NumericKind::Complex64)
    }
    pub const fn complex128() -> Type {
        Type::Number(NumericKind::Complex128)
    }
    /// `intp` on the 64-bit targets numrs supports.
    pub const fn intp() -> Type {
        Type::int64()
    }
    pub const fn uintp() -> Type {
        Type::uint64()
    }

    pub fn array(dtype: Type, ndim: u32, layout: Layout) -> Type {
        Type::array_ro(dtype, ndim, layout, false)
    }
    /// An array type; unaligned when `dtype` is an unaligned record (Numba's `Array.__init__`).
    pub fn array_ro(dtype: Type, ndim: u32, layout: Layout, readonly: bool) -> Type {
        Type::Array(Arc::new(ArrayType::new(dtype, ndim, layout, readonly)))
    }

    /// Numba's `Tuple.from_types`: a `UniTuple` when all items are equal, else a `Tuple`.
    pub fn tuple(items: Vec<Type>) -> Type {
        if let Some(first) = items.first() {
            if items.iter().all(|t| t == first) {
                return Type::UniTuple(Arc::new(first.clone()), items.len() as u32);
            }
        }
        Type::Tuple(items.into())
    }
    pub fn unituple(dtype: Type, count: u32) -> Type {
        Type::UniTuple(Arc::new(dtype), count)
    }
    pub fn list(dtype: Type, reflected: bool) -> Type {
        Type::List { dtype: Arc::new(dtype), reflected, initial: None }
    }
    /// A list built from literal items, remembering them (Numba's `initial_value`).
    pub fn list_with_initial(dtype: Type, reflected: bool, initial: Option<Arc<str>>) -> Type {
        Type::List { dtype: Arc::new(dtype), reflected, initial }
    }
    /// The same kind of list with another element type (Numba's `List.copy(dtype=...)`, which
    /// keeps the initial value).
    pub fn with_list_dtype(&self, dtype: Type) -> Type {
        match self {
            Type::List { reflected, initial, .. } => {
                Type::List { dtype: Arc::new(dtype), reflected: *reflected, initial: initial.clone() }
            }
            other => other.clone(),
        }
    }
    pub fn set(dtype: Type, reflected: bool) -> Type {
        Type::Set { dtype: Arc::new(dtype), reflected }
    }
    /// Numba's `Optional(typ)`: of the type without its literal value (`unliteral`).
    pub fn optional(inner: Type) -> Type {
        match inner {
            Type::Optional(_) | Type::NoneType => inner,
            other => Type::Optional(Arc::new(other.unliteral())),
        }
    }
    pub fn dict(key: Type, value: Type) -> Type {
        Type::DictType(Arc::new((key, value, None)))
    }
    /// This type without a container's initial value (a list or dict display's literal
    /// items): what a jit function called with it is compiled for, as Numba compiles it.
    pub fn without_initial_value(&self) -> Type {
        match self {
            Type::List { dtype, reflected, initial: Some(_) } => Type::List { dtype: dtype.clone(), reflected: *reflected, initial: None },
            Type::DictType(kv) if kv.2.is_some() => Type::dict(kv.0.clone(), kv.1.clone()),
            _ => self.clone(),
        }
    }
    /// A dict type remembering the display it was built from (`initial`: its Python repr).
    pub fn dict_with_initial(key: Type, value: Type, initial: Option<Arc<str>>) -> Type {
        Type::DictType(Arc::new((key, value, initial)))
    }
    pub fn function(key: &str) -> Type {
        Type::Function(key.into())
    }
    pub fn bound_function(key: &str, receiver: Type) -> Type {
        Type::BoundFunction(Arc::new((key.into(), receiver)))
    }
    pub fn iterator(kind: IteratorKind) -> Type {
        Type::Iterator(Arc::new(kind))
    }

    /// Numba's `typeof(int)`: `int64` for values that fit, `uint64` above, `None` beyond 64 bits.
    pub fn int_literal_base(value: i128) -> Option<Type> {
        if value >= i64::MIN as i128 && value <= i64::MAX as i128 {
            Some(Type::int64())
        } else if value >= 0 && value <= u64::MAX as i128 {
            Some(Type::uint64())
        } else {
            None
        }
    }

    pub fn as_number(&self) -> Option<NumericKind> {
        match self {
            Type::Number(k) => Some(*k),
            Type::IntegerLiteral(v) => match Type::int_literal_base(*v) {
                Some(Type::Number(k)) => Some(k),
                _ => None,
            },
            Type::BooleanLiteral(_) => Some(NumericKind::Boolean),
            _ => None,
        }
    }
    pub fn as_array(&self) -> Option<&ArrayType> {
        match self {
            Type::Array(a) => Some(a),
            _ => None,
        }
    }
    pub fn is_literal(&self) -> bool {
        matches!(
            self,
            Type::IntegerLiteral(_) | Type::BooleanLiteral(_) | Type::StringLiteral(_) | Type::LiteralStrKeyDict(_) | Type::SliceLiteral(_)
        )
    }
    pub fn is_integer(&self) -> bool {
        self.as_number().is_some_and(NumericKind::is_integer)
    }
    pub fn is_float(&self) -> bool {
        self.as_number().is_some_and(NumericKind::is_float)
    }
    pub fn is_complex(&self) -> bool {
        self.as_number().is_some_and(NumericKind::is_complex)
    }
    pub fn is_boolean(&self) -> bool {
        self.as_number() == Some(NumericKind::Boolean)
    }
    pub fn is_number(&self) -> bool {
        self.as_number().is_some()
    }
    pub fn is_tuple(&self) -> bool {
        matches!(self, Type::UniTuple(..) | Type::Tuple(_))
    }
    /// An instance of Numba's `Hashable` type class (what a `Set` may hold: `assert
    /// isinstance(dtype, Hashable)`): numbers and booleans (literals too), tuples, `unicode_type`;
    /// not `none`, optionals, arrays, lists, dicts, sets, string literals or class instances.
    pub fn is_numba_hashable(&self) -> bool {
        self.is_number() || self.is_base_tuple() || matches!(self, Type::Unicode | Type::IntegerLiteral(_) | Type::BooleanLiteral(_))
    }
    /// Numba's `BaseTuple`: anonymous and named tuples.
    pub fn is_base_tuple(&self) -> bool {
        matches!(self, Type::UniTuple(..) | Type::Tuple(_) | Type::NamedTuple(_))
    }
    pub fn is_string(&self) -> bool {
        matches!(self, Type::Unicode | Type::StringLiteral(_))
    }

    /// The element type a ufunc loop sees for an operand: an array's dtype, else the type.
    /// A `numpy.datetime64` or `timedelta64` (Numba's `NPDatetime`/`NPTimedelta`).
    pub fn is_datetime_like(&self) -> bool {
        matches!(self, Type::NPDatetime(_) | Type::NPTimedelta(_))
    }

    /// Whether Numba's `as_dtype` makes a NumPy dtype of the type (numbers, datetimes,
    /// records, fixed-width strings, enum members); others are its NumbaNotImplementedError
    /// `... cannot be represented as a NumPy dtype`.
    pub fn is_numpy_dtype(&self) -> bool {
        matches!(self, Type::Number(_) | Type::NPDatetime(_) | Type::NPTimedelta(_) | Type::Record(_) | Type::UnicodeCharSeq(_) | Type::CharSeq(_) | Type::EnumMember(_))
    }

    pub fn element_type(&self) -> Type {
        match self {
            Type::Array(a) => a.dtype.clone(),
            other => other.clone(),
        }
    }

    /// Numba's `types.unliteral`: the base type of a literal (recursively for tuples).
    pub fn unliteral(&self) -> Type {
        match self {
            Type::IntegerLiteral(v) => Type::int_literal_base(*v).unwrap_or(Type::int64()),
            Type::BooleanLiteral(_) => Type::boolean(),
            Type::StringLiteral(_) => Type::Unicode,
            // `SliceLiteral` is a `SliceType` of 2 members, 3 when it has a step.
            Type::SliceLiteral(s) => if s[2].is_some() { Type::Slice3 } else { Type::Slice2 },
            Type::UniTuple(d, n) => Type::UniTuple(Arc::new(d.unliteral()), *n),
            Type::Tuple(items) => Type::tuple(items.iter().map(Type::unliteral).collect()),
            Type::LiteralStrKeyDict(items) => {
                Type::tuple(items.iter().map(|(_, t)| t.unliteral()).collect())
            }
            // `DictType.__unliteral__` forgets the initial value.
            Type::DictType(kv) if kv.2.is_some() => Type::dict(kv.0.clone(), kv.1.clone()),
            // `List.__unliteral__` forgets the initial value.
            Type::List { dtype, reflected, initial: Some(_) } => {
                Type::List { dtype: dtype.clone(), reflected: *reflected, initial: None }
            }
            other => other.clone(),
        }
    }

    /// This type with `f` applied to it and its parts: where `f` gives a type, that replaces
    /// the part; elsewhere optional values, tuples, lists, sets and dicts are made again from
    /// their parts mapped. The fields of jitclasses are not parts (a class may hold itself).
    pub fn map_parts(&self, f: &mut dyn FnMut(&Type) -> Option<Type>) -> Type {
        if let Some(t) = f(self) {
            return t;
        }
        let mut map = |t: &Arc<Type>| Arc::new(t.map_parts(f));
        match self {
            Type::Optional(t) => Type::Optional(map(t)),
            Type::UniTuple(t, n) => Type::UniTuple(map(t), *n),
            Type::ListType(t) => Type::ListType(map(t)),
            Type::List { dtype, reflected, initial } => Type::List { dtype: map(dtype), reflected: *reflected, initial: initial.clone() },
            Type::Set { dtype, reflected } => Type::Set { dtype: map(dtype), reflected: *reflected },
            Type::Tuple(items) => Type::Tuple(items.iter().map(|t| t.map_parts(f)).collect::<Vec<_>>().into()),
            Type::DictType(kv) => Type::DictType(Arc::new((kv.0.map_parts(f), kv.1.map_parts(f), kv.2.clone()))),
            Type::NamedTuple(nt) => Type::NamedTuple(Arc::new(NamedTupleType {
                name: nt.name.clone(),
                fields: nt.fields.clone(),
                items: nt.items.iter().map(|t| t.map_parts(f)).collect(),
            })),
            _ => self.clone(),
        }
    }

    /// Calls `f` with this type and each of its parts (as [`Type::map_parts`] walks them).
    pub fn visit_parts(&self, f: &mut dyn FnMut(&Type)) {
        self.map_parts(&mut |t| {
            f(t);
            None
        });
    }

    /// This type with every defined `DeferredType` in it replaced by what it is defined as,
    /// except inside jitclass types (whose fields keep theirs: a class may refer to itself).
    pub fn without_deferred(&self) -> Type {
        self.map_parts(&mut |t| match t {
            Type::Deferred(d) => Some(d.get().cloned().unwrap_or_else(|| t.clone())),
            _ => None,
        })
    }

    /// Whether a `@jitclass` instance is (or is inside) a value of this type.
    pub fn holds_jitclass_instance(&self) -> bool {
        match self {
            Type::JitClassInstance(_) | Type::Deferred(_) => true,
            Type::UniTuple(t, _) | Type::Optional(t) | Type::ListType(t) => t.holds_jitclass_instance(),
            Type::List { dtype, .. } | Type::Set { dtype, .. } => dtype.holds_jitclass_instance(),
            Type::Tuple(items) => items.iter().any(Type::holds_jitclass_instance),
            Type::NamedTuple(nt) => nt.items.iter().any(Type::holds_jitclass_instance),
            Type::DictType(kv) => kv.0.holds_jitclass_instance() || kv.1.holds_jitclass_instance(),
            _ => false,
        }
    }

    /// Tuple items, for `UniTuple` and `Tuple`.
    pub fn tuple_items(&self) -> Option<Vec<Type>> {
        match self {
            Type::UniTuple(d, n) => Some(vec![(**d).clone(); *n as usize]),
            Type::Tuple(items) => Some(items.to_vec()),
            Type::NamedTuple(nt) => Some(nt.items.clone()),
            _ => None,
        }
    }

    /// Numba's `is_precise()`: false for types that still contain `undefined`.
    pub fn is_precise(&self) -> bool {
        match self {
            Type::Undefined | Type::PyObject | Type::UndefinedFunction(_) => false,
            Type::Array(a) => a.dtype.is_precise(),
            Type::UniTuple(d, _) => d.is_precise(),
            Type::Tuple(items) => items.iter().all(Type::is_precise),
            Type::NamedTuple(nt) => nt.items.iter().all(Type::is_precise),
            Type::List { dtype, .. } | Type::Set { dtype, .. } | Type::ListType(dtype) => dtype.is_precise(),
            Type::DictType(kv) => kv.0.is_precise() && kv.1.is_precise(),
            Type::Optional(t) => t.is_precise(),
            _ => true,
        }
    }

    /// The element type produced by iterating over a value of this type, if iterable.
    pub fn iterator_type(&self) -> Option<Type> {
        Some(match self {
            Type::Range(k) => Type::iterator(IteratorKind::Range(*k)),
            // "iteration over a 0-d array".
            Type::Array(a) if a.ndim == 0 => return None,
            Type::Array(_) => Type::iterator(IteratorKind::Array(self.clone())),
            Type::Iterator(_) | Type::Generator(_) => self.clone(),
            Type::List { .. }
            | Type::ListType(_)
            | Type::Set { .. }
            | Type::UniTuple(..)
            | Type::Unicode
            | Type::DictType(_) => Type::iterator(IteratorKind::Container(self.clone())),
            // Numba's `UnicodeIteratorType` of the unliteral string.
            Type::StringLiteral(_) => Type::iterator(IteratorKind::Container(Type::Unicode)),
            Type::NamedTuple(nt) if nt.homogeneous().is_some() => Type::iterator(IteratorKind::Container(self.clone())),
            Type::DictView(kind, d) => Type::iterator(IteratorKind::DictView(*kind, (**d).clone())),
            _ => return None,
        })
    }

    /// What one step of iteration yields, for iterator types.
    pub fn yield_type(&self) -> Option<Type> {
        if let Type::Generator(g) = self {
            return Some(g.yield_type.clone());
        }
        let Type::Iterator(kind) = self else { return None };
        Some(match &**kind {
            IteratorKind::Range(k) => k.yield_type(),
            IteratorKind::Array(arr) => {
                let a = arr.as_array()?;
                if a.ndim == 1 {
                    a.dtype.clone()
                } else {
                    // Numba's `ArrayIterator`: "iteration semantics leads to A order layout".
                    Type::array_ro(a.dtype.clone(), a.ndim - 1, Layout::A, a.readonly)
                }
            }
            IteratorKind::DictView(kind, d) => match d {
                Type::DictType(kv) => kind.yield_type(&kv.0, &kv.1),
                _ => return None,
            },
            IteratorKind::Container(c) => match c {
                Type::List { dtype, .. } | Type::ListType(dtype) | Type::Set { dtype, .. } => (**dtype).clone(),
                Type::UniTuple(d, _) => (**d).clone(),
                Type::NamedTuple(nt) => nt.homogeneous()?.clone(),
                Type::Unicode | Type::StringLiteral(_) => Type::Unicode,
                Type::DictType(kv) => kv.0.clone(),
                _ => return None,
            },
            IteratorKind::Enumerate(inner) => {
                Type::Tuple(vec![Type::int64(), inner.yield_type()?].into()).normalize_tuple()
            }
            IteratorKind::Zip(items) => {
                Type::tuple(items.iter().map(Type::yield_type).collect::<Option<Vec<_>>>()?)
            }
            IteratorKind::NdIndex(n) => Type::unituple(Type::intp(), *n),
            IteratorKind::Flat(arr) => arr.as_array()?.dtype.clone(),
            IteratorKind::Map { yields, .. } => yields.clone(),
            IteratorKind::Filter { iterable, .. } => iterable.iterator_type()?.yield_type()?,
            IteratorKind::NdIter(inputs) => {
                let mut views: Vec<Type> = inputs
                    .iter()
                    .map(|t| Type::array(t.as_array().map_or_else(|| t.unliteral(), |a| a.dtype.clone()), 0, Layout::C))
                    .collect();
                if views.len() == 1 {
                    views.remove(0)
                } else {
                    Type::tuple(views)
                }
            }
            IteratorKind::NdEnumerate(arr) => {
                let a = arr.as_array()?;
                Type::Tuple(vec![Type::unituple(Type::intp(), a.ndim), a.dtype.clone()].into()).normalize_tuple()
            }
        })
    }

    fn normalize_tuple(self) -> Type {
        match self {
            Type::Tuple(items) => Type::tuple(items.to_vec()),
            other => other,
        }
    }
}
