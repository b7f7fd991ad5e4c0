//! Arrays in compiled code: reference counting of MemInfos, allocation through the runtime
//! (`numrs_abi::RuntimeApi::meminfo_alloc`), NumPy constructors, views (`a[i]`, `a[i:j]`,
//! `a[:, j]`), array expressions fused into one loop (Numba's array-expression rewrite), and
//! array reductions/methods.
//!
//! Ownership: every variable whose type holds arrays owns one reference (see `FnCx::store`);
//! values produced by allocation or returned by calls are new references (`FnCx::fresh`),
//! everything else is borrowed and gets an incref when stored. All references are dropped at
//! every exit of the function; a returned value is increfed first (the caller owns it).
//! Arrays borrowed from Python arguments have a null MemInfo: incref/decref skip them, and
//! views keep their `parent`.

use inkwell::types::{BasicTypeEnum, StructType};
use inkwell::values::{BasicValue, BasicValueEnum, FunctionValue, IntValue, PointerValue, StructValue};
use inkwell::{AddressSpace, AtomicOrdering, AtomicRMWBinOp, FloatPredicate, IntPredicate};
use numrs_abi::ExcKind;
use numrs_ir::{Value, VarId};
use numrs_syntax::ast::{BinOp, CmpOp, UnaryOp};
use numrs_types::{ArrayType, Layout, NumericKind, Signature, Type};

use crate::func::{Callee, FnCx, R};
use crate::types::{self, numeric};

/// Whether values of `t` hold array references.
pub fn needs_rc(t: &Type) -> bool {
    if t.holds_jitclass_instance() && t.without_deferred() != *t {
        return needs_rc(&t.without_deferred());
    }
    match t {
        Type::Array(_) | Type::List { .. } | Type::ListType(_) | Type::Unicode | Type::UnicodeCharSeq(_) | Type::JitClassInstance(_) => true,
        Type::Optional(inner) => {
            matches!(**inner, Type::Unicode | Type::List { .. } | Type::ListType(_) | Type::Array(_) | Type::JitClassInstance(_))
        }
        _ if crate::dicts::is_container(t) => true,
        // A dict view: its dict's handle, with a reference.
        Type::DictView(..) => true,
        _ => t.tuple_items().is_some_and(|items| items.iter().any(needs_rc)),
    }
}

/// One index of a view: an integer (drops the dimension) or a slice value.
pub enum Ix<'ctx> {
    Int(IntValue<'ctx>),
    Slice(StructValue<'ctx>),
    /// `None` / `np.newaxis`: a new dimension of length 1.
    NewAxis,
    /// `...`: every dimension the other indices leave.
    Ellipsis,
}

/// A node of a fused array expression.
#[derive(Clone)]
enum Node<'ctx> {
    /// Index into the leaves.
    Leaf(usize),
    /// `scalar`: the operator (`operator.add`, ...) when the node is one, which Numba's
    /// array-expression kernels apply as the scalar operator.
    Op { ufunc: String, args: Vec<Node<'ctx>>, out: NumericKind, scalar: Option<&'static str> },
    /// A `@vectorize` kernel (its internal function and loop input types) per element.
    Kernel { function: FunctionValue<'ctx>, inputs: Vec<Type>, args: Vec<Node<'ctx>>, out: NumericKind },
}

impl Node<'_> {
    /// This node with its leaves numbered by their position in `order`.
    fn renumbered(&self, order: &[usize]) -> Self {
        match self {
            Node::Leaf(i) => Node::Leaf(order.iter().position(|o| o == i).unwrap_or(0)),
            Node::Op { ufunc, args, out, scalar } => {
                Node::Op { ufunc: ufunc.clone(), args: args.iter().map(|a| a.renumbered(order)).collect(), out: *out, scalar: *scalar }
            }
            Node::Kernel { function, inputs, args, out } => {
                Node::Kernel { function: *function, inputs: inputs.clone(), args: args.iter().map(|a| a.renumbered(order)).collect(), out: *out }
            }
        }
    }

    /// The leaves this node reads.
    fn leaf_indices(&self) -> Vec<usize> {
        match self {
            Node::Leaf(i) => vec![*i],
            Node::Op { args, .. } | Node::Kernel { args, .. } => args.iter().flat_map(Node::leaf_indices).collect(),
        }
    }

    /// Whether evaluating an element can raise: the complex `/` operator (CPython's division).
    /// In a parfor (`parfor`) the complex `/` is NumPy's ufunc loop, which does not raise.
    fn may_raise(&self, parfor: bool) -> bool {
        match self {
            Node::Leaf(_) => false,
            // Complex `/` (a zero divisor) and `**` of floats (an integer exponent's `1.0 / r`).
            Node::Op { ufunc, args, out, .. } => {
                (ufunc == "truediv" && out.is_complex() && !parfor)
                    || (ufunc == "**" && !out.is_integer())
                    || args.iter().any(|a| a.may_raise(parfor))
            }
            // Kernel exceptions are dropped.
            Node::Kernel { args, .. } => args.iter().any(|a| a.may_raise(parfor)),
        }
    }
}

struct Leaf<'ctx> {
    ty: Type,
    /// Arrays: the array struct; scalars: the value.
    val: BasicValueEnum<'ctx>,
}

/// The ufunc a binary operator applies to arrays.
fn binop_ufunc(op: BinOp) -> Option<&'static str> {
    Some(match op {
        BinOp::Add => "add",
        BinOp::Sub => "subtract",
        BinOp::Mult => "multiply",
        // The operator, not `np.divide`: on complex numbers Numba's array expressions run the
        // scalar operator (CPython's algorithm, raising on a zero divisor).
        BinOp::Div => "truediv",
        // The operator, not `np.power`: Numba's array-expression kernels apply the scalar
        // `**` (exact integer powers, repeated squaring for integer exponents).
        BinOp::Pow => "**",
        // The operators, not `np.floor_divide`/`np.remainder`: Numba's array-expression
        // kernels apply the scalar `//` and `%` (Python's float semantics, small integers
        // promoted), with NumPy's error model.
        BinOp::FloorDiv => "floordiv",
        BinOp::Mod => "pymod",
        BinOp::BitAnd => "bitwise_and",
        BinOp::BitOr => "bitwise_or",
        BinOp::BitXor => "bitwise_xor",
        BinOp::LShift => "left_shift",
        BinOp::RShift => "right_shift",
        _ => return None,
    })
}

/// The ufunc an in-place operator applies to an array: Numba calls the ufunc itself (NumPy's
/// loops: a complex `/=` by zero gives `inf`/`nan`, `**=` is `np.power`), not the scalar
/// operator its array expressions apply.
fn inplace_ufunc(op: BinOp) -> Option<&'static str> {
    match op {
        BinOp::Div => Some("true_divide"),
        BinOp::Pow => Some("power"),
        BinOp::FloorDiv => Some("floor_divide"),
        BinOp::Mod => Some("remainder"),
        other => binop_ufunc(other),
    }
}

fn cmp_ufunc(op: CmpOp) -> Option<&'static str> {
    Some(match op {
        CmpOp::Eq => "equal",
        CmpOp::NotEq => "not_equal",
        CmpOp::Lt => "less",
        CmpOp::LtE => "less_equal",
        CmpOp::Gt => "greater",
        CmpOp::GtE => "greater_equal",
        _ => return None,
    })
}

/// libm names of unary float ufuncs.
const UNARY_LIBM: &[(&str, &str)] = &[
    ("exp", "exp"),
    ("exp2", "exp2"),
    ("expm1", "expm1"),
    ("log", "log"),
    ("log2", "log2"),
    ("log10", "log10"),
    ("log1p", "log1p"),
    ("sqrt", "sqrt"),
    ("cbrt", "cbrt"),
    ("sin", "sin"),
    ("cos", "cos"),
    ("tan", "tan"),
    ("arcsin", "asin"),
    ("arccos", "acos"),
    ("arctan", "atan"),
    ("asin", "asin"),
    ("acos", "acos"),
    ("atan", "atan"),
    ("sinh", "sinh"),
    ("cosh", "cosh"),
    ("tanh", "tanh"),
    ("arcsinh", "asinh"),
    ("arccosh", "acosh"),
    ("arctanh", "atanh"),
];

const ELEMENTWISE: &[&str] = &[
    "add", "subtract", "multiply", "divide", "true_divide", "truediv", "power", "**", "negative", "positive", "equal",
    "not_equal", "less", "less_equal", "greater", "greater_equal", "absolute", "abs", "fabs", "square",
    "reciprocal", "floor", "ceil", "trunc", "rint", "maximum", "minimum", "fmax", "fmin", "isnan", "isnat", "isinf",
    "isfinite", "deg2rad", "rad2deg", "radians", "degrees", "arctan2", "atan2", "hypot", "where", "conjugate", "conj",
    "floor_divide", "remainder", "mod", "fmod", "floordiv", "pymod", "bitwise_and", "bitwise_or", "bitwise_xor", "invert", "bitwise_not",
    "logical_and", "logical_or", "logical_xor", "logical_not", "sign", "left_shift", "right_shift", "gcd", "lcm",
    "ldexp", "float_power", "spacing", "signbit", "nextafter", "copysign", "logaddexp", "logaddexp2",
];

/// Number of inputs of a supported ufunc.
fn ufunc_nin(name: &str) -> usize {
    match name {
        "add" | "subtract" | "multiply" | "divide" | "true_divide" | "truediv" | "power" | "**" | "equal" | "not_equal" | "less"
        | "less_equal" | "greater" | "greater_equal" | "maximum" | "minimum" | "fmax" | "fmin" | "arctan2" | "atan2"
        | "hypot" | "floor_divide" | "remainder" | "mod" | "fmod" | "floordiv" | "pymod" | "bitwise_and" | "bitwise_or" | "bitwise_xor"
        | "logical_and" | "logical_or" | "logical_xor" | "left_shift" | "right_shift" | "gcd" | "lcm" | "ldexp"
        | "float_power" | "nextafter" | "copysign" | "logaddexp" | "logaddexp2" => 2,
        "where" => 3,
        _ => 1,
    }
}

pub(crate) fn is_elementwise(name: &str) -> bool {
    ELEMENTWISE.contains(&name) || UNARY_LIBM.iter().any(|(n, _)| *n == name)
}

/// `builtins.slice(start, stop[, step])`: Numba's slice model with `None` filled in.
pub fn make_slice<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let i64t = cx.ctx.i64_type();
    let get = |cx: &FnCx<'_, 'ctx>, i: usize| -> R<Option<IntValue<'ctx>>> {
        match (sig.args.get(i), vals.get(i).copied().flatten()) {
            (Some(t), Some(v)) if numeric(t).is_some_and(|k| k.is_integer() || k == NumericKind::Boolean) => {
                Ok(Some(cx.cast(v, t, &Type::int64())?.into_int_value()))
            }
            (None, _) | (Some(Type::NoneType), _) => Ok(None),
            (Some(t), _) => cx.fail(format!("slice bound of type {t} is not supported by numrs build yet")),
        }
    };
    let (a, b, c) = match sig.args.len() {
        1 => (None, get(cx, 0)?, None),
        2 => (get(cx, 0)?, get(cx, 1)?, None),
        3 => (get(cx, 0)?, get(cx, 1)?, get(cx, 2)?),
        n => return cx.fail(format!("slice with {n} arguments")),
    };
    let step = c.unwrap_or(i64t.const_int(1, false));
    let neg = cx.b.build_int_compare(IntPredicate::SLT, step, i64t.const_zero(), "")?;
    let max = i64t.const_int(i64::MAX as u64, false);
    let min = i64t.const_int(i64::MIN as u64, true);
    let start = match a {
        Some(v) => v,
        None => cx.b.build_select(neg, max, i64t.const_zero(), "")?.into_int_value(),
    };
    let stop = match b {
        Some(v) => v,
        None => cx.b.build_select(neg, min, max, "")?.into_int_value(),
    };
    let st = cx.vt(&Type::Slice3)?.into_struct_type();
    let agg = cx.b.build_insert_value(st.get_undef(), start, 0, "")?;
    let agg = cx.b.build_insert_value(agg, stop, 1, "")?;
    let agg = cx.b.build_insert_value(agg, step, 2, "")?;
    Ok(agg.as_basic_value_enum())
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    pub(crate) fn ptr_t(&self) -> inkwell::types::PointerType<'ctx> {
        self.ctx.ptr_type(AddressSpace::default())
    }

    /// For a C-contiguous array, its element type (see `element_ptr_in`).
    pub(crate) fn contiguous_elem(&self, a: &ArrayType) -> Option<BasicTypeEnum<'ctx>> {
        if a.layout == Layout::C {
            types::storage_type(self.ctx, &a.dtype).ok()
        } else {
            None
        }
    }

    // ----- runtime services and reference counts -----

    pub(crate) fn runtime_slot(&self) -> PointerValue<'ctx> {
        let g = match self.module.get_global("numrs.runtime") {
            Some(g) => g,
            // Declared: the Python module's LLVM module defines it (see `module`).
            None => self.module.add_global(self.ptr_t(), None, "numrs.runtime"),
        };
        g.as_pointer_value()
    }

    /// `numrs_abi::RuntimeApi`.
    pub(crate) fn api_type(&self) -> StructType<'ctx> {
        crate::dicts::api_struct_type(self.ctx)
    }

    /// The function pointer in field `field` of the RuntimeApi (RuntimeError when no runtime
    /// is loaded).
    pub(crate) fn api_fn_ptr(&self, field: u32) -> R<PointerValue<'ctx>> {
        self.api_fn(field, true)
    }

    /// The function pointer in field `field` of the RuntimeApi.
    pub(crate) fn api_fn(&self, field: u32, check: bool) -> R<PointerValue<'ctx>> {
        if self.flags.cuda {
            return self.fail("this operation needs the numrs runtime (memory, strings, containers, np.random), which CUDA kernels do not have");
        }
        let api = self.b.build_load(self.ptr_t(), self.runtime_slot(), "rt")?.into_pointer_value();
        if check {
            let null = self.b.build_is_null(api, "")?;
            self.guard(null, ExcKind::RuntimeError, "the numrs runtime is not loaded (import the built module from Python)")?;
        }
        let p = self.b.build_struct_gep(self.api_type(), api, field, "")?;
        Ok(self.b.build_load(self.ptr_t(), p, "")?.into_pointer_value())
    }

    pub(crate) fn incref(&self, v: BasicValueEnum<'ctx>, t: &Type) -> R<()> {
        self.refcount(v, t, true)
    }

    /// A new reference to `v` for a place that may outlive the call (a jitclass field, a
    /// container's item): as [`FnCx::incref`], except that an array borrowed from a Python
    /// argument (no MemInfo, a parent) gets a MemInfo that keeps its Python array alive
    /// (`RuntimeApi::array_adopt`, Numba's `NRT_adapt_ndarray_from_python`). The value to
    /// store.
    pub(crate) fn owned_for_store(&self, v: BasicValueEnum<'ctx>, t: &Type) -> R<BasicValueEnum<'ctx>> {
        if self.flags.cuda {
            return Ok(v);
        }
        match t {
            Type::Array(_) => {
                let sv = v.into_struct_value();
                let mi = self.b.build_extract_value(sv, 0, "mi")?.into_pointer_value();
                let parent = self.b.build_extract_value(sv, 1, "parent")?.into_pointer_value();
                let adopt = self.new_block("adopt");
                let inc = self.new_block("incref");
                let done = self.new_block("stored");
                let borrowed = self.b.build_and(self.b.build_is_null(mi, "")?, self.b.build_is_not_null(parent, "")?, "")?;
                self.b.build_conditional_branch(borrowed, adopt, inc)?;
                self.b.position_at_end(adopt);
                let f = self.api_fn(crate::dicts::API_ARRAY_ADOPT, false)?;
                let ft = self.ptr_t().fn_type(&[self.ptr_t().into(), self.ptr_t().into()], false);
                let data = self.b.build_extract_value(sv, 4, "data")?;
                let call = self.b.build_indirect_call(ft, f, &[parent.into(), data.into()], "adopted")?;
                let adopted = match call.try_as_basic_value() {
                    inkwell::values::ValueKind::Basic(x) => x.into_pointer_value(),
                    _ => return self.fail("internal error: array_adopt returns void"),
                };
                let with_mi = self.b.build_insert_value(sv, adopted, 0, "")?.into_struct_value();
                let adopt_end = self.b.get_insert_block().ok_or_else(|| self.lerr("internal error: no block".into()))?;
                self.b.build_unconditional_branch(done)?;
                self.b.position_at_end(inc);
                self.incref(v, t)?;
                let inc_end = self.b.get_insert_block().ok_or_else(|| self.lerr("internal error: no block".into()))?;
                self.b.build_unconditional_branch(done)?;
                self.b.position_at_end(done);
                let phi = self.b.build_phi(sv.get_type(), "")?;
                phi.add_incoming(&[(&with_mi, adopt_end), (&sv, inc_end)]);
                Ok(phi.as_basic_value())
            }
            Type::Optional(inner) if matches!(**inner, Type::Array(_)) => {
                // The array, when there is one.
                let sv = v.into_struct_value();
                let valid = self.b.build_extract_value(sv, 1, "valid")?.into_int_value();
                let some = self.new_block("opt.store");
                let none = self.new_block("opt.none");
                let join = self.new_block("opt.stored");
                self.b.build_conditional_branch(valid, some, none)?;
                self.b.position_at_end(some);
                let data = self.b.build_extract_value(sv, 0, "data")?;
                let data = self.owned_for_store(data, inner)?;
                let with_data = self.b.build_insert_value(sv, data, 0, "")?.into_struct_value();
                let some_end = self.b.get_insert_block().ok_or_else(|| self.lerr("internal error: no block".into()))?;
                self.b.build_unconditional_branch(join)?;
                self.b.position_at_end(none);
                self.b.build_unconditional_branch(join)?;
                self.b.position_at_end(join);
                let phi = self.b.build_phi(sv.get_type(), "")?;
                phi.add_incoming(&[(&with_data, some_end), (&sv, none)]);
                Ok(phi.as_basic_value())
            }
            _ if t.tuple_items().is_some_and(|items| items.iter().any(|i| matches!(i, Type::Array(_)) || i.tuple_items().is_some())) => {
                let items = t.tuple_items().unwrap_or_default();
                let mut sv = v.into_struct_value();
                for (i, it) in items.iter().enumerate() {
                    if needs_rc(it) {
                        let x = self.b.build_extract_value(sv, i as u32, "")?;
                        let x = self.owned_for_store(x, it)?;
                        sv = self.b.build_insert_value(sv, x, i as u32, "")?.into_struct_value();
                    }
                }
                Ok(sv.into())
            }
            _ => {
                self.incref(v, t)?;
                Ok(v)
            }
        }
    }

    pub(crate) fn decref(&self, v: BasicValueEnum<'ctx>, t: &Type) -> R<()> {
        self.refcount(v, t, false)
    }

    fn refcount(&self, v: BasicValueEnum<'ctx>, t: &Type, inc: bool) -> R<()> {
        if self.flags.cuda {
            // GPU code never owns memory (Numba's CUDA target has no NRT).
            return Ok(());
        }
        match t {
            // An item of a unicode array is held as a string.
            Type::UnicodeCharSeq(_) => crate::lists::refcount(self, v, &Type::Unicode, inc),
            Type::List { .. } | Type::ListType(_) | Type::Unicode | Type::Optional(_) | Type::JitClassInstance(_) => {
                crate::lists::refcount(self, v, t, inc)
            }
            // A dict view is its dict's handle, with a reference.
            _ if crate::dicts::is_container(t) || matches!(t, Type::DictView(..)) => self.container_refcount(v, inc),
            Type::Array(_) => {
                let mi = self.b.build_extract_value(v.into_struct_value(), 0, "mi")?.into_pointer_value();
                let has = self.b.build_is_not_null(mi, "")?;
                let work = self.new_block(if inc { "incref" } else { "decref" });
                let done = self.new_block("rc_done");
                self.b.build_conditional_branch(has, work, done)?;
                self.b.position_at_end(work);
                let one = self.i64(1);
                if inc {
                    self.b.build_atomicrmw(AtomicRMWBinOp::Add, mi, one, AtomicOrdering::Monotonic)?;
                    self.b.build_unconditional_branch(done)?;
                } else {
                    let old = self.b.build_atomicrmw(AtomicRMWBinOp::Sub, mi, one, AtomicOrdering::AcquireRelease)?;
                    let last = self.b.build_int_compare(IntPredicate::EQ, old, one, "")?;
                    let rel = self.new_block("release");
                    self.b.build_conditional_branch(last, rel, done)?;
                    self.b.position_at_end(rel);
                    let f = self.api_fn(2, false)?;
                    let ft = self.ctx.void_type().fn_type(&[self.ptr_t().into()], false);
                    self.b.build_indirect_call(ft, f, &[mi.into()], "")?;
                    self.b.build_unconditional_branch(done)?;
                }
                self.b.position_at_end(done);
                Ok(())
            }
            _ => {
                let Some(items) = t.tuple_items() else { return Ok(()) };
                for (i, it) in items.iter().enumerate() {
                    if needs_rc(it) {
                        let x = self.b.build_extract_value(v.into_struct_value(), i as u32, "")?;
                        self.refcount(x, it, inc)?;
                    }
                }
                Ok(())
            }
        }
    }

    // ----- array structs -----

    pub(crate) fn field(&self, arr: BasicValueEnum<'ctx>, i: u32) -> R<BasicValueEnum<'ctx>> {
        Ok(self.b.build_extract_value(arr.into_struct_value(), i, "")?)
    }

    pub(crate) fn dims(&self, arr: BasicValueEnum<'ctx>, which: u32, ndim: u32) -> R<Vec<IntValue<'ctx>>> {
        let a = self.field(arr, which)?.into_array_value();
        (0..ndim).map(|d| Ok(self.b.build_extract_value(a, d, "")?.into_int_value())).collect()
    }

    pub(crate) fn make_array(
        &self,
        ndim: u32,
        mi: PointerValue<'ctx>,
        parent: PointerValue<'ctx>,
        itemsize: IntValue<'ctx>,
        data: PointerValue<'ctx>,
        shape: &[IntValue<'ctx>],
        strides: &[IntValue<'ctx>],
    ) -> R<BasicValueEnum<'ctx>> {
        let st = types::array_struct(self.ctx, ndim);
        let mut nitems = self.i64(1);
        for s in shape {
            nitems = self.b.build_int_mul(nitems, *s, "")?;
        }
        let dims_t = self.ctx.i64_type().array_type(ndim);
        let mut sh: inkwell::values::AggregateValueEnum = dims_t.get_undef().into();
        let mut sd: inkwell::values::AggregateValueEnum = dims_t.get_undef().into();
        for d in 0..ndim as usize {
            sh = self.b.build_insert_value(sh, shape[d], d as u32, "")?;
            sd = self.b.build_insert_value(sd, strides[d], d as u32, "")?;
        }
        let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
        let fields: [BasicValueEnum<'ctx>; 7] = [
            mi.into(),
            parent.into(),
            nitems.into(),
            itemsize.into(),
            data.into(),
            sh.as_basic_value_enum(),
            sd.as_basic_value_enum(),
        ];
        for (i, f) in fields.into_iter().enumerate() {
            agg = self.b.build_insert_value(agg, f, i as u32, "")?;
        }
        Ok(agg.as_basic_value_enum())
    }

    pub(crate) fn itemsize_of(&self, dtype: &Type) -> R<u64> {
        if let Some(n) = crate::records::record_size(dtype) {
            return Ok(n);
        }
        if let Type::UnicodeCharSeq(n) = dtype {
            return Ok(4 * u64::from(*n));
        }
        match numrs_abi::layout(dtype) {
            Some(l) => Ok(l.size as u64),
            None => self.fail(format!("arrays of {dtype} are not supported by numrs build yet")),
        }
    }

    /// A new C-contiguous array (owned reference) of `shape`, uninitialized.
    pub(crate) fn alloc_array(&self, dtype: &Type, shape: &[IntValue<'ctx>]) -> R<BasicValueEnum<'ctx>> {
        let isz = self.itemsize_of(dtype)?;
        let mut neg = self.ctx.bool_type().const_zero();
        // Numba's `_empty_nd_impl`: the item count and the byte size must not overflow intp.
        let mut overflow = self.ctx.bool_type().const_zero();
        let max = self.i64(i64::MAX);
        let mut nitems = self.i64(1);
        for s in shape {
            let n = self.b.build_int_compare(IntPredicate::SLT, *s, self.i64(0), "")?;
            neg = self.b.build_or(neg, n, "")?;
            let pos = self.b.build_int_compare(IntPredicate::SGT, *s, self.i64(0), "")?;
            let divisor = self.b.build_select(pos, *s, self.i64(1), "")?.into_int_value();
            let limit = self.b.build_int_signed_div(max, divisor, "")?;
            let over = self.b.build_int_compare(IntPredicate::SGT, nitems, limit, "")?;
            overflow = self.b.build_or(overflow, self.b.build_and(pos, over, "")?, "")?;
            nitems = self.b.build_int_mul(nitems, *s, "")?;
        }
        self.guard(neg, ExcKind::ValueError, "negative dimensions not allowed")?;
        let over = self.b.build_int_compare(IntPredicate::SGT, nitems, self.i64(i64::MAX / (isz.max(1) as i64)), "")?;
        let overflow = self.b.build_or(overflow, over, "")?;
        self.guard(overflow, ExcKind::ValueError, "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.")?;
        let bytes = self.b.build_int_mul(nitems, self.i64(isz as i64), "bytes")?;
        let f = self.api_fn(1, true)?;
        let ft = self.ptr_t().fn_type(&[self.ctx.i64_type().into(), self.ctx.i64_type().into()], false);
        let call = self.b.build_indirect_call(ft, f, &[bytes.into(), self.i64(64).into()], "mi")?;
        let mi = match call.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(v) => v.into_pointer_value(),
            _ => return self.fail("internal error: meminfo_alloc returns void"),
        };
        let null = self.b.build_is_null(mi, "")?;
        self.guard(null, ExcKind::MemoryError, "Allocation failed (probably too large).")?;
        let mit = self.ctx.struct_type(&[self.ctx.i64_type().into(), self.ptr_t().into(), self.ctx.i64_type().into()], false);
        let dp = self.b.build_struct_gep(mit, mi, 1, "")?;
        let data = self.b.build_load(self.ptr_t(), dp, "data")?.into_pointer_value();
        let mut strides = vec![self.i64(0); shape.len()];
        let mut acc = self.i64(isz as i64);
        for d in (0..shape.len()).rev() {
            strides[d] = acc;
            acc = self.b.build_int_mul(acc, shape[d], "")?;
        }
        self.make_array(shape.len() as u32, mi, self.ptr_t().const_null(), self.i64(isz as i64), data, shape, &strides)
    }

    /// `for i in 0..n` around `body`.
    pub(crate) fn counted_loop(&mut self, n: IntValue<'ctx>, mut body: impl FnMut(&mut Self, IntValue<'ctx>) -> R<()>) -> R<()> {
        let Some(pre) = self.b.get_insert_block() else { return self.fail("internal error: no block") };
        let head = self.new_block("loop_head");
        let bodyb = self.new_block("loop_body");
        let exit = self.new_block("loop_exit");
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(head);
        let phi = self.b.build_phi(self.ctx.i64_type(), "i")?;
        let i = phi.as_basic_value().into_int_value();
        let more = self.b.build_int_compare(IntPredicate::SLT, i, n, "")?;
        self.b.build_conditional_branch(more, bodyb, exit)?;
        self.b.position_at_end(bodyb);
        body(self, i)?;
        let next = self.b.build_int_nsw_add(i, self.i64(1), "")?;
        let Some(latch) = self.b.get_insert_block() else { return self.fail("internal error: no block") };
        self.b.build_unconditional_branch(head)?;
        phi.add_incoming(&[(&self.i64(0), pre), (&next, latch)]);
        self.b.position_at_end(exit);
        Ok(())
    }

    /// Pointer to the element at C-order position `i` of an array of type `a`.
    pub(crate) fn flat_ptr(&self, arr: BasicValueEnum<'ctx>, a: &ArrayType, i: IntValue<'ctx>) -> R<PointerValue<'ctx>> {
        let data = self.field(arr, 4)?.into_pointer_value();
        if a.layout == Layout::C || a.ndim <= 1 && a.layout == Layout::C {
            let et = types::storage_type(self.ctx, &a.dtype).map_err(|m| self.cg_err(m))?;
            return Ok(unsafe { self.b.build_gep(et, data, &[i], "")? });
        }
        let shape = self.dims(arr, 5, a.ndim)?;
        let strides = self.dims(arr, 6, a.ndim)?;
        let mut rem = i;
        let mut off = self.i64(0);
        for d in (0..a.ndim as usize).rev() {
            let (idx, r) = if d == 0 {
                (rem, rem)
            } else {
                (self.b.build_int_unsigned_rem(rem, shape[d], "")?, self.b.build_int_unsigned_div(rem, shape[d], "")?)
            };
            rem = r;
            let t = self.b.build_int_mul(idx, strides[d], "")?;
            off = self.b.build_int_add(off, t, "")?;
        }
        Ok(unsafe { self.b.build_gep(self.ctx.i8_type(), data, &[off], "")? })
    }

    pub(crate) fn store_element(&self, p: PointerValue<'ctx>, v: BasicValueEnum<'ctx>, from: &Type, dtype: &Type) -> R<()> {
        if let Type::Record(_) = dtype {
            return self.store_record_item(p, v, from, dtype);
        }
        // A string into a unicode array's item: its first characters, NULs after them.
        if let Type::UnicodeCharSeq(n) = dtype {
            if !matches!(from, Type::Unicode | Type::StringLiteral(_) | Type::UnicodeCharSeq(_)) {
                return self.fail(format!("storing {from} into an array of {dtype}"));
            }
            self.str_op(numrs_abi::StrOp::ToUcs4, &[v, p.into(), self.i64(i64::from(*n)).into()])?;
            return Ok(());
        }
        // `bytes` (or another item) into a bytes array's item: its first bytes, NULs after.
        if let Type::CharSeq(n) = dtype {
            let (src, len) = match from {
                Type::Array(a) if a.buffer == Some(numrs_types::BufferKind::Bytes) => (self.field(v, 4)?.into_pointer_value(), self.field(v, 2)?.into_int_value()),
                Type::CharSeq(m) => {
                    let slot = self.temp(self.ctx.i8_type().array_type(*m).into())?;
                    self.b.build_store(slot, v)?;
                    (slot, self.i64(i64::from(*m)))
                }
                _ => return self.fail(format!("storing {from} into an array of {dtype}")),
            };
            let n64 = self.i64(i64::from(*n));
            let fits = self.b.build_int_compare(IntPredicate::SLT, len, n64, "")?;
            let k = self.b.build_select(fits, len, n64, "")?.into_int_value();
            self.b.build_memset(p, 1, self.ctx.i8_type().const_zero(), n64).map_err(|m| self.cg_err(m.to_string()))?;
            self.b.build_memcpy(p, 1, src, 1, k).map_err(|m| self.cg_err(m.to_string()))?;
            return Ok(());
        }
        let v = self.cast(v, from, dtype)?;
        let v: BasicValueEnum = if numeric(dtype) == Some(NumericKind::Boolean) {
            self.b.build_int_z_extend(v.into_int_value(), self.ctx.i8_type(), "")?.into()
        } else {
            v
        };
        self.b.build_store(p, v)?;
        Ok(())
    }

    pub(crate) fn cg_err(&self, m: String) -> crate::func::CgError {
        crate::func::CgError { span: self.span, message: m }
    }

    // ----- views -----

    /// Indices of a view subscript: integers and slices (a tuple of them or one).
    pub(crate) fn view_indices(&self, index: VarId, it: &Type) -> R<Vec<Ix<'ctx>>> {
        let one = |v: BasicValueEnum<'ctx>, t: &Type| -> R<Ix<'ctx>> {
            match t {
                Type::Slice2 | Type::Slice3 => Ok(Ix::Slice(v.into_struct_value())),
                Type::NoneType => Ok(Ix::NewAxis),
                Type::Ellipsis => Ok(Ix::Ellipsis),
                t if numeric(t).is_some_and(|k| k.is_integer() || k == NumericKind::Boolean) && !matches!(t, Type::BooleanLiteral(_)) => {
                    Ok(Ix::Int(self.cast(v, t, &Type::int64())?.into_int_value()))
                }
                other => self.fail(format!("array index of type {other} is not supported by numrs build yet")),
            }
        };
        if let Some(items) = it.tuple_items() {
            let sv = self.load(index)?.into_struct_value();
            let mut out = Vec::new();
            for (i, t) in items.iter().enumerate() {
                let x = self.b.build_extract_value(sv, i as u32, "")?;
                out.push(one(x, t)?);
            }
            return Ok(out);
        }
        let v = self.load(index)?;
        Ok(vec![one(v, it)?])
    }

    /// `a[ix...]` as a view sharing `a`'s MemInfo and parent (a borrowed value).
    pub(crate) fn array_view(&mut self, value: VarId, ix: Vec<Ix<'ctx>>, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let vt = self.ty(value)?;
        let (Type::Array(a), Type::Array(r)) = (&vt, tt) else { return self.fail(format!("view of {vt} as {tt}")) };
        let used = ix.iter().filter(|x| !matches!(x, Ix::NewAxis | Ix::Ellipsis)).count();
        if used > a.ndim as usize {
            return self.fail("too many indices for array");
        }
        let arr = self.load(value)?;
        let shape = self.dims(arr, 5, a.ndim)?;
        let strides = self.dims(arr, 6, a.ndim)?;
        let mut off = self.i64(0);
        let mut new_shape = Vec::new();
        let mut new_strides = Vec::new();
        let zero = self.i64(0);
        // `d`: the source dimension the next index applies to.
        let mut d = 0;
        for x in ix.iter() {
            if let Ix::NewAxis = x {
                new_shape.push(self.i64(1));
                new_strides.push(self.i64(0));
                continue;
            }
            if let Ix::Ellipsis = x {
                for _ in used..a.ndim as usize {
                    new_shape.push(shape[d]);
                    new_strides.push(strides[d]);
                    d += 1;
                }
                continue;
            }
            let n = shape[d];
            match x {
                Ix::NewAxis | Ix::Ellipsis => {}
                Ix::Int(i) => {
                    let neg = self.b.build_int_compare(IntPredicate::SLT, *i, zero, "")?;
                    let w = self.b.build_int_add(*i, n, "")?;
                    let i = self.b.build_select(neg, w, *i, "")?.into_int_value();
                    if self.flags.boundscheck {
                        // Numba's `do_boundscheck` on each integer index of a basic index.
                        let oob = self.b.build_int_compare(IntPredicate::UGE, i, n, "")?;
                        self.guard(oob, ExcKind::IndexError, "index is out of bounds")?;
                    }
                    let t = self.b.build_int_mul(i, strides[d], "")?;
                    off = self.b.build_int_add(off, t, "")?;
                }
                Ix::Slice(s) => {
                    let (start, len, step) = self.fix_slice(*s, n)?;
                    let t = self.b.build_int_mul(start, strides[d], "")?;
                    off = self.b.build_int_add(off, t, "")?;
                    new_shape.push(len);
                    new_strides.push(self.b.build_int_mul(strides[d], step, "")?);
                }
            }
            d += 1;
        }
        for d in d..a.ndim as usize {
            new_shape.push(shape[d]);
            new_strides.push(strides[d]);
        }
        if new_shape.len() != r.ndim as usize {
            return self.fail(format!("view of {vt} typed {tt}"));
        }
        let data = self.field(arr, 4)?.into_pointer_value();
        let data = unsafe { self.b.build_gep(self.ctx.i8_type(), data, &[off], "view")? };
        let mi = self.field(arr, 0)?.into_pointer_value();
        let parent = self.field(arr, 1)?.into_pointer_value();
        let isz = self.field(arr, 3)?.into_int_value();
        self.make_array(r.ndim, mi, parent, isz, data, &new_shape, &new_strides)
    }

    /// The number of dimensions of `a[ix...]` as a view.
    pub(crate) fn view_ndim(&self, a: &ArrayType, ix: &[Ix<'ctx>]) -> usize {
        let used = ix.iter().filter(|x| !matches!(x, Ix::NewAxis | Ix::Ellipsis)).count();
        let ints = ix.iter().filter(|x| matches!(x, Ix::Int(_))).count();
        let new = ix.iter().filter(|x| matches!(x, Ix::NewAxis)).count();
        a.ndim as usize - used + (used - ints) + new
    }

    /// Python's `slice.indices(n)` and the slice length: (start, length, step).
    pub(crate) fn fix_slice(&self, s: StructValue<'ctx>, n: IntValue<'ctx>) -> R<(IntValue<'ctx>, IntValue<'ctx>, IntValue<'ctx>)> {
        let b = &self.b;
        let start = b.build_extract_value(s, 0, "")?.into_int_value();
        let stop = b.build_extract_value(s, 1, "")?.into_int_value();
        let step = b.build_extract_value(s, 2, "")?.into_int_value();
        let zero = self.i64(0);
        let is0 = b.build_int_compare(IntPredicate::EQ, step, zero, "")?;
        self.guard(is0, ExcKind::ValueError, "slice step cannot be zero")?;
        let b = &self.b;
        let neg_step = b.build_int_compare(IntPredicate::SLT, step, zero, "")?;
        let lower = b.build_select(neg_step, self.i64(-1), zero, "")?.into_int_value();
        let nm1 = b.build_int_sub(n, self.i64(1), "")?;
        let upper = b.build_select(neg_step, nm1, n, "")?.into_int_value();
        let fix = |v: IntValue<'ctx>| -> R<IntValue<'ctx>> {
            let neg = b.build_int_compare(IntPredicate::SLT, v, zero, "")?;
            let w = b.build_int_add(v, n, "")?;
            let v = b.build_select(neg, w, v, "")?.into_int_value();
            let lo = b.build_int_compare(IntPredicate::SLT, v, lower, "")?;
            let v = b.build_select(lo, lower, v, "")?.into_int_value();
            let hi = b.build_int_compare(IntPredicate::SGT, v, upper, "")?;
            Ok(b.build_select(hi, upper, v, "")?.into_int_value())
        };
        let start = fix(start)?;
        let stop = fix(stop)?;
        // Length, as Python's: `(d - 1) // |step| + 1` for the distance `d` walked in the
        // step's direction when it is positive, else 0; in unsigned arithmetic, so that steps
        // near ±2**63 do not overflow (`a[::-2**63]` is one item).
        let d = b.build_select(neg_step, b.build_int_sub(start, stop, "")?, b.build_int_sub(stop, start, "")?, "")?.into_int_value();
        let magnitude = b.build_select(neg_step, b.build_int_sub(zero, step, "")?, step, "")?.into_int_value();
        let walks = b.build_int_compare(IntPredicate::SGT, d, zero, "")?;
        let safe_d = b.build_select(walks, d, self.i64(1), "")?.into_int_value();
        let q = b.build_int_unsigned_div(b.build_int_sub(safe_d, self.i64(1), "")?, magnitude, "")?;
        let q = b.build_int_add(q, self.i64(1), "")?;
        let len = b.build_select(walks, q, zero, "")?.into_int_value();
        Ok((start, len, step))
    }

    // ----- array expressions -----

    /// Whether an operator value computes an array (Numba's array expression).
    pub(crate) fn is_array_expr(&self, value: &Value, tt: &Type) -> bool {
        if !matches!(tt, Type::Array(_)) {
            return false;
        }
        // `a @ b` is a product of matrices (`linalg`), not an item-wise operation.
        if matches!(value, Value::BinOp { op: numrs_syntax::ast::BinOp::MatMult, .. } | Value::InplaceBinOp { op: numrs_syntax::ast::BinOp::MatMult, .. }) {
            return false;
        }
        value.uses().iter().any(|v| matches!(self.ty(*v), Ok(Type::Array(_))))
    }

    /// Count uses and find the array-expression temporaries to fuse into their user.
    pub(crate) fn analyze_uses(&mut self) {
        let ir = self.ir;
        for (bi, block) in ir.blocks.iter().enumerate() {
            for stmt in &block.stmts {
                match &stmt.kind {
                    numrs_ir::StmtKind::Assign { target, value } => {
                        self.def_block.insert(*target, bi);
                        for u in value.uses() {
                            self.uses[u.0 as usize] += 1;
                        }
                    }
                    numrs_ir::StmtKind::SetItem { target, index, value, .. } => {
                        for u in [target, index, value] {
                            self.uses[u.0 as usize] += 1;
                        }
                    }
                    numrs_ir::StmtKind::SetAttr { target, value, .. } => {
                        self.uses[target.0 as usize] += 1;
                        self.uses[value.0 as usize] += 1;
                    }
                    numrs_ir::StmtKind::DelItem { target, index } => {
                        self.uses[target.0 as usize] += 1;
                        self.uses[index.0 as usize] += 1;
                    }
                    numrs_ir::StmtKind::Del(_) => {}
                }
            }
            match &block.term {
                numrs_ir::Terminator::Branch { cond, .. } => self.uses[cond.0 as usize] += 1,
                numrs_ir::Terminator::Return(v) => self.uses[v.0 as usize] += 1,
                numrs_ir::Terminator::Raise { exc: Some(v) } => self.uses[v.0 as usize] += 1,
                _ => {}
            }
        }
        // A temporary array expression used once, by another array expression of the same
        // block, is computed inside that expression's loop.
        for (bi, block) in ir.blocks.iter().enumerate() {
            for stmt in &block.stmts {
                let numrs_ir::StmtKind::Assign { target, value } = &stmt.kind else { continue };
                let Ok(tt) = self.ty(*target) else { continue };
                if self.elementwise_op(value, &tt).is_none() {
                    continue;
                }
                for u in value.uses() {
                    let name = &ir.var(u).name;
                    if !name.starts_with('$') || self.uses[u.0 as usize] != 1 || self.def_block.get(&u) != Some(&bi) {
                        continue;
                    }
                    let Some(def) = self.defs.get(&u).copied() else { continue };
                    let Ok(ut) = self.ty(u) else { continue };
                    if matches!(def, Value::InplaceBinOp { .. }) {
                        continue;
                    }
                    if self.elementwise_op(def, &ut).is_some() {
                        self.fused.insert(u);
                    }
                }
            }
        }
        // In a `parallel=True` function, a temporary 1-d array expression reduced once
        // (`np.sum(a * 2.0 + 1.0)`, `(a * b).sum()`) is computed inside the reduction's loop.
        if self.flags.parallel {
            for (bi, block) in ir.blocks.iter().enumerate() {
                for stmt in &block.stmts {
                    let numrs_ir::StmtKind::Assign { value: Value::Call { func, args, kws, vararg: None }, .. } = &stmt.kind else { continue };
                    if !kws.is_empty() {
                        continue;
                    }
                    let u = match (self.ty(*func), args.as_slice()) {
                        (Ok(Type::Function(k)), [u]) if matches!(&*k, "numpy.sum" | "numpy.prod" | "numpy.mean") => *u,
                        (Ok(Type::BoundFunction(b)), []) if matches!(&*b.0, "array.sum" | "array.prod" | "array.mean") => {
                            match self.defs.get(func).copied() {
                                Some(Value::GetAttr { value, .. }) => *value,
                                _ => continue,
                            }
                        }
                        _ => continue,
                    };
                    let name = &ir.var(u).name;
                    if !name.starts_with('$') || self.uses[u.0 as usize] != 1 || self.def_block.get(&u) != Some(&bi) {
                        continue;
                    }
                    let (Some(def), Ok(ut)) = (self.defs.get(&u).copied(), self.ty(u)) else { continue };
                    let one_d = matches!(&ut, Type::Array(a) if a.ndim == 1);
                    if one_d && !matches!(def, Value::InplaceBinOp { .. }) && self.elementwise_op(def, &ut).is_some() {
                        self.fused.insert(u);
                        self.fused_reduce.insert(u);
                    }
                }
            }
        }
    }

    /// The ufunc and operands of a value that computes an array elementwise.
    pub(crate) fn elementwise_op(&self, value: &Value, tt: &Type) -> Option<(String, Vec<VarId>)> {
        if !matches!(tt, Type::Array(_)) || self.charseq_elementwise_operands(value, tt).is_some() {
            return None;
        }
        let (name, args): (String, Vec<VarId>) = match value {
            Value::BinOp { op, lhs, rhs } => (binop_ufunc(*op)?.into(), vec![*lhs, *rhs]),
            Value::InplaceBinOp { op, lhs, rhs } => (inplace_ufunc(*op)?.into(), vec![*lhs, *rhs]),
            Value::Compare { op, lhs, rhs } => (cmp_ufunc(*op)?.into(), vec![*lhs, *rhs]),
            Value::Unary { op, operand } => (
                match op {
                    UnaryOp::USub => "negative",
                    UnaryOp::UAdd => "positive",
                    UnaryOp::Invert => "invert",
                    _ => return None,
                }
                .into(),
                vec![*operand],
            ),
            Value::Call { func, args, kws, vararg: None } if kws.is_empty() => match self.ty(*func).ok()? {
                Type::Function(k) => {
                    let name = k.strip_prefix("numpy.")?.to_string();
                    // With an explicit output argument it is not a pure expression.
                    if args.len() != ufunc_nin(&name) {
                        return None;
                    }
                    (name, args.clone())
                }
                _ => return None,
            },
            _ => return None,
        };
        if !is_elementwise(&name) {
            return None;
        }
        if !args.iter().any(|v| matches!(self.ty(*v), Ok(Type::Array(_)))) {
            return None;
        }
        Some((name, args))
    }

    fn expr_node(&self, v: VarId, leaves: &mut Vec<(VarId, Type)>) -> R<Node<'ctx>> {
        if self.fused.contains(&v) {
            if let Some(def) = self.defs.get(&v).copied() {
                let t = self.ty(v)?;
                return self.op_node(def, &t, leaves);
            }
        }
        let t = match self.ty(v)? {
            // An optional number (or array) is read as the number (TypeError when it is None,
            // as Numba's cast raises).
            Type::Optional(inner) if numeric(&inner).is_some() || matches!(&*inner, Type::Array(_)) => (*inner).clone(),
            t => t,
        };
        // A sequence of numbers (`np.where(c, a, (1.0, 2.0))`) is read as the 1-d array
        // NumPy makes of it (see `lower_expr_tree_in`).
        let t = match sequence_item(&t) {
            Some(item) => crate::npfuncs::array_type(&item, 1, Layout::C),
            None => t,
        };
        if numeric(&t).is_none() && !matches!(t, Type::Array(_)) && !crate::datetime::is_datetime_like(&t) {
            return self.fail(format!("operand of type {t} in an array expression is not supported by numrs build yet"));
        }
        if let Type::Array(a) = &t {
            if numeric(&a.dtype).is_none() && !crate::datetime::is_datetime_like(&a.dtype) {
                return self.fail(format!("arrays of {} are not supported by numrs build yet", a.dtype));
            }
        }
        leaves.push((v, t));
        Ok(Node::Leaf(leaves.len() - 1))
    }

    /// A new 1-d array of the items of `val`, a tuple or list of `item`s, as `dtype`.
    pub(crate) fn sequence_array(&mut self, val: BasicValueEnum<'ctx>, t: &Type, item: &Type, dtype: &Type) -> R<BasicValueEnum<'ctx>> {
        let n = match t {
            Type::UniTuple(_, n) => self.i64(*n as i64),
            _ => self.list_len(val.into_pointer_value())?,
        };
        let arr = self.alloc_array(dtype, &[n])?;
        let data = self.field(arr, 4)?.into_pointer_value();
        let et = types::storage_type(self.ctx, dtype).map_err(|m| self.cg_err(m))?;
        match t {
            Type::UniTuple(_, count) => {
                for k in 0..*count {
                    let x = self.b.build_extract_value(val.into_struct_value(), k, "")?;
                    let p = unsafe { self.b.build_gep(et, data, &[self.i64(k as i64)], "")? };
                    self.store_element(p, x, item, dtype)?;
                }
            }
            _ => {
                let l = val.into_pointer_value();
                let (item, dtype) = (item.clone(), dtype.clone());
                self.counted_loop(n, |cx, i| {
                    let x = cx.list_get(l, &item, i)?;
                    let p = unsafe { cx.b.build_gep(et, data, &[i], "")? };
                    cx.store_element(p, x, &item, &dtype)
                })?;
            }
        }
        Ok(arr)
    }

    fn op_node(&self, value: &Value, tt: &Type, leaves: &mut Vec<(VarId, Type)>) -> R<Node<'ctx>> {
        let Some((name, args)) = self.elementwise_op(value, tt) else {
            return self.fail(format!("this array operation producing {tt} is not supported by numrs build yet"));
        };
        let Type::Array(a) = tt else { return self.fail("array expression") };
        // A datetime or timedelta result is computed by the scalar operation in its own type
        // (see `eval_node`); its storage is the int64 count.
        let out = match numeric(&a.dtype) {
            Some(k) => k,
            None if crate::datetime::is_datetime_like(&a.dtype) => NumericKind::Int64,
            None => return self.fail(format!("arrays of {}", a.dtype)),
        };
        let mut nodes = Vec::new();
        for v in args {
            nodes.push(self.expr_node(v, leaves)?);
        }
        let scalar = match value {
            Value::BinOp { op, .. } => Some(crate::ops::binop_key(*op, false)),
            Value::Compare { op, .. } => Some(crate::ops::cmp_key(*op)),
            // Unary operators keep their operand's type in Numba's kernels (`-x` of a uint8
            // wraps), as the ufunc does.
            _ => None,
        };
        Ok(Node::Op { ufunc: name, args: nodes, out, scalar })
    }

    /// Lower an array expression rooted at `value` into one loop writing a new array (or the
    /// left operand for in-place operators).
    pub(crate) fn lower_array_expr(&mut self, value: &Value, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        self.lower_array_expr_into(value, tt, None)
    }

    /// [`Self::lower_array_expr`] writing into `out` (a ufunc's output argument) when given.
    /// A ufunc of scalars only with an output array (`np.sign(1.0, out)`): the scalar result,
    /// of the loop the inputs select, stored into every item of `out`, which the call
    /// returns. `None` when an input is not a number or the ufunc has several outputs.
    fn scalar_ufunc_into(&mut self, key: &str, name: &str, inputs: &[VarId], out: VarId) -> R<Option<BasicValueEnum<'ctx>>> {
        let Type::Array(oa) = self.ty(out)? else { return Ok(None) };
        if oa.readonly {
            return self.fail("output array is read-only");
        }
        let types = inputs.iter().map(|a| self.ty(*a)).collect::<R<Vec<Type>>>()?;
        if types.iter().any(|t| numeric(t).is_none()) {
            return Ok(None);
        }
        let Some(k) = numrs_typing::resolve_call(key, &types, &[]).ok().flatten().and_then(|s| numeric(&s.return_type)) else { return Ok(None) };
        let mut vals = Vec::new();
        for (a, t) in inputs.iter().zip(types) {
            vals.push((self.load(*a)?, t));
        }
        let r = self.ufunc_elem(name, &vals, k)?;
        let o = self.load(out)?;
        let n = self.field(o, 2)?.into_int_value();
        let (rt, dt) = (Type::Number(k), oa.dtype.clone());
        self.counted_loop(n, |cx, i| {
            let p = cx.flat_ptr(o, &oa, i)?;
            cx.store_element(p, r, &rt, &dt)
        })?;
        self.fresh = false;
        Ok(Some(o))
    }

    pub(crate) fn lower_array_expr_into(&mut self, value: &Value, tt: &Type, out: Option<VarId>) -> R<BasicValueEnum<'ctx>> {
        let mut leaves_v = Vec::new();
        let root = self.op_node(value, tt, &mut leaves_v)?;
        let inplace_out = match value {
            _ if out.is_some() => out,
            Value::InplaceBinOp { lhs, .. } if matches!(self.ty(*lhs)?, Type::Array(_)) => Some(*lhs),
            _ => None,
        };
        // In a `parallel=True` function Numba makes the expression a parfor (not with a
        // ufunc's explicit output array), inside a `prange` body too (a nested parfor).
        let parfor = self.parallel_fn && out.is_none();
        self.lower_expr_tree(&root, &leaves_v, tt, inplace_out, parfor)
    }

    /// The size assertions of Numba's array analysis before a parfor of an array expression
    /// (`assert_equiv`): per result axis, from the last, the array operands that have it must
    /// be of one size, else `AssertionError: Sizes of a, b do not match on FILE (LINE)`. Numba
    /// broadcasts only a size of 1 it knows statically (`np.ones(1)`, a reshape to a literal
    /// 1); numrs takes every size-1 axis of an operand that is not a function argument as
    /// possibly known, so it never refuses what Numba accepts.
    fn parfor_size_asserts(&mut self, leaves_v: &[(VarId, Type)], leaves: &[Leaf<'ctx>], r: usize) -> R<()> {
        // Each array operand once: its name, dimensions, and whether a size of 1 may be known.
        let mut operands: Vec<(VarId, Vec<IntValue<'ctx>>, bool)> = Vec::new();
        for ((v, t), l) in leaves_v.iter().zip(leaves) {
            let Type::Array(a) = t else { continue };
            if operands.iter().any(|(o, ..)| o == v) {
                continue;
            }
            // An argument's sizes are unknown; so are those of a view adding axes with `None`
            // (`a[:, None]`): Numba's array analysis does not take its new axis as a known 1.
            let unknown = match self.resolve_def(*v) {
                Some(Value::Arg(_)) => true,
                Some(Value::GetItem { index, .. } | Value::StaticGetItem { index_var: Some(index), .. }) => {
                    let it = self.ty(*index)?;
                    it == Type::NoneType || it.tuple_items().is_some_and(|items| items.contains(&Type::NoneType))
                }
                _ => false,
            };
            operands.push((*v, self.dims(l.val, 5, a.ndim)?, !unknown));
        }
        let one = self.i64(1);
        for i in 0..r {
            let on_axis: Vec<(VarId, IntValue<'ctx>, bool)> =
                operands.iter().filter(|(_, sh, _)| sh.len() > i).map(|(v, sh, k)| (*v, sh[sh.len() - 1 - i], *k)).collect();
            if on_axis.len() < 2 {
                continue;
            }
            // The sizes that count (not a possibly-known 1) must all equal the first of them.
            let counts = |cx: &Self, size: IntValue<'ctx>, maybe_known: bool| -> R<IntValue<'ctx>> {
                if !maybe_known {
                    return Ok(cx.ctx.bool_type().const_int(1, false));
                }
                Ok(cx.b.build_int_compare(IntPredicate::NE, size, one, "")?)
            };
            let mut reference = on_axis[0].1;
            let mut have = counts(self, on_axis[0].1, on_axis[0].2)?;
            let mut bad = self.ctx.bool_type().const_zero();
            for (_, size, maybe_known) in &on_axis[1..] {
                let c = counts(self, *size, *maybe_known)?;
                let ne = self.b.build_int_compare(IntPredicate::NE, *size, reference, "")?;
                let clash = self.b.build_and(self.b.build_and(c, have, "")?, ne, "")?;
                bad = self.b.build_or(bad, clash, "")?;
                // The first size that counts is the reference.
                let take = self.b.build_and(c, self.b.build_not(have, "")?, "")?;
                reference = self.b.build_select(take, *size, reference, "")?.into_int_value();
                have = self.b.build_or(have, c, "")?;
            }
            let names: Vec<&str> = on_axis.iter().map(|(v, ..)| self.ir.vars[v.0 as usize].name.as_str()).collect();
            let place = match (self.location, self.span) {
                (Some(l), Some(s)) => l.at(s),
                _ => "<unknown>".to_string(),
            };
            self.guard(bad, ExcKind::AssertionError, &format!("Sizes of {} do not match on {}", names.join(", "), place))?;
        }
        Ok(())
    }

    /// `np.divmod` of arrays: the `floor_divide` and `remainder` loops (Numba's `divrem`
    /// kernels compute exactly those) into two new arrays.
    pub(crate) fn divmod_arrays(&mut self, args: &[VarId], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let items = tt.tuple_items().unwrap_or_default();
        let mut outs = Vec::new();
        for (ufunc, t) in ["floor_divide", "remainder"].into_iter().zip(items.iter()) {
            let Type::Array(a) = t else { return self.fail(format!("np.divmod producing {tt}")) };
            let Some(k) = numeric(&a.dtype) else { return self.fail(format!("np.divmod producing {tt}")) };
            let mut leaves_v = Vec::new();
            let mut nodes = Vec::new();
            for v in args {
                nodes.push(self.expr_node(*v, &mut leaves_v)?);
            }
            let root = Node::Op { ufunc: ufunc.to_string(), args: nodes, out: k, scalar: None };
            outs.push(self.lower_expr_tree(&root, &leaves_v, t, None, false)?);
        }
        if outs.len() != 2 {
            return self.fail(format!("np.divmod producing {tt}"));
        }
        let st = self.vt(tt)?.into_struct_type();
        let agg = self.b.build_insert_value(st.get_undef(), outs[0], 0, "")?;
        let agg = self.b.build_insert_value(agg, outs[1], 1, "")?;
        Ok(agg.as_basic_value_enum())
    }

    /// With `parfor`, as Numba's parfor of the expression: operand sizes asserted first (see
    /// [`Self::parfor_size_asserts`]) and ufunc kernels for the operators.
    fn lower_expr_tree(
        &mut self,
        root: &Node<'ctx>,
        leaves_v: &[(VarId, Type)],
        tt: &Type,
        inplace_out: Option<VarId>,
        parfor: bool,
    ) -> R<BasicValueEnum<'ctx>> {
        let saved = std::mem::replace(&mut self.in_parfor, parfor);
        let r = self.lower_expr_tree_in(root, leaves_v, tt, inplace_out);
        self.in_parfor = saved;
        r
    }

    fn lower_expr_tree_in(&mut self, root: &Node<'ctx>, leaves_v: &[(VarId, Type)], tt: &Type, inplace_out: Option<VarId>) -> R<BasicValueEnum<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail("array expression") };
        if let Some(o) = inplace_out {
            if let Type::Array(oa) = self.ty(o)? {
                if oa.readonly {
                    return self.fail("output array is read-only");
                }
            }
        }
        let mut leaves = Vec::new();
        for (v, t) in leaves_v {
            let (vt, val) = (self.ty(*v)?, self.load(*v)?);
            let val = if matches!(vt, Type::Optional(_)) { self.cast(val, &vt, t)? } else { val };
            let val = match (sequence_item(&vt), t) {
                (Some(item), Type::Array(a)) => {
                    let arr = self.sequence_array(val, &vt, &item, &a.dtype)?;
                    self.hold_temp(arr, t)?;
                    arr
                }
                _ => val,
            };
            leaves.push(Leaf { ty: t.clone(), val });
        }
        let r = ra.ndim as usize;
        if r == 0 {
            return self.zero_d_expr(root, &leaves, ra, tt, inplace_out);
        }
        if self.in_parfor {
            self.parfor_size_asserts(leaves_v, &leaves, r)?;
        }
        let one = self.i64(1);
        // With an output array (a ufunc's explicit output, an in-place operator) Numba loops
        // over the output's shape and reads each operand of the ufunc at those indices: an
        // operand's size of 1 is broadcast and items past the output's size are not read.
        // It checks nothing else, so it reads past the end of an operand smaller than the
        // output, where numrs raises ValueError. The operands of a nested operation broadcast
        // among themselves first (Numba computes them into a new array).
        let out_arr = match inplace_out {
            Some(v) => {
                let o = self.load(v)?;
                let Type::Array(oa) = self.ty(v)? else { return self.fail("in-place target") };
                if oa.ndim as usize != r {
                    return self.fail("in-place array operation changing dimensions");
                }
                Some((o, self.dims(o, 5, oa.ndim)?))
            }
            None => None,
        };
        // Numba computes a nested operation of an in-place operator (or of a ufunc with an
        // output array) into a new array before the loop that writes the output, so its array
        // operands are read as they were before the statement (they may overlap the output:
        // `u[1:] += 2 * u[:-1]`). So does numrs: the nested operation becomes a leaf.
        let mut leaves_v: Vec<(VarId, Type)> = leaves_v.to_vec();
        let owned_root;
        let root: &Node<'ctx> = match (&out_arr, root) {
            (Some(_), Node::Op { args, .. } | Node::Kernel { args, .. })
                if args.iter().any(|a| !matches!(a, Node::Leaf(_)) && a.leaf_indices().iter().any(|i| matches!(leaves[*i].ty, Type::Array(_)))) =>
            {
                let mut new_root = root.clone();
                let (Node::Op { args: new_args, .. } | Node::Kernel { args: new_args, .. }) = &mut new_root else { unreachable!() };
                for arg in new_args.iter_mut() {
                    let idx = arg.leaf_indices();
                    if matches!(arg, Node::Leaf(_)) || !idx.iter().any(|i| matches!(leaves[*i].ty, Type::Array(_))) {
                        continue;
                    }
                    let out_k = match arg {
                        Node::Op { out, .. } | Node::Kernel { out, .. } => *out,
                        Node::Leaf(_) => continue,
                    };
                    let nd = idx.iter().filter_map(|i| leaves[*i].ty.as_array().map(|a| a.ndim)).max().unwrap_or(1);
                    let sub_t = crate::npfuncs::array_type(&Type::Number(out_k), nd, Layout::C);
                    // The nested operation alone, over its own leaves.
                    let mut own: Vec<usize> = Vec::new();
                    for i in &idx {
                        if !own.contains(i) {
                            own.push(*i);
                        }
                    }
                    let sub_leaves: Vec<(VarId, Type)> = own.iter().map(|i| leaves_v[*i].clone()).collect();
                    let sub_root = arg.renumbered(&own);
                    let saved = self.fresh;
                    let tmp = self.lower_expr_tree_in(&sub_root, &sub_leaves, &sub_t, None)?;
                    self.fresh = saved;
                    self.hold_temp(tmp, &sub_t)?;
                    let name_of = leaves_v[idx[0]].0;
                    leaves_v.push((name_of, sub_t.clone()));
                    leaves.push(Leaf { ty: sub_t, val: tmp });
                    *arg = Node::Leaf(leaves.len() - 1);
                }
                owned_root = new_root;
                &owned_root
            }
            _ => root,
        };
        let leaves_v = &leaves_v[..];
        let groups: Vec<Vec<usize>> = match (&out_arr, root) {
            (Some(_), Node::Op { args, .. } | Node::Kernel { args, .. }) => args.iter().map(Node::leaf_indices).collect(),
            _ => vec![(0..leaves.len()).collect()],
        };
        // Numba's `_broadcast_onto`, operand by operand: the first that does not fit the
        // shape so far is named, counting the expression's variables from 0 (constants are
        // not arguments of the kernel).
        let mut arg_no = Vec::new();
        let mut seen: Vec<VarId> = Vec::new();
        for (v, _) in leaves_v {
            if !seen.contains(v) && !matches!(self.resolve_def(*v), Some(Value::Const(_))) {
                seen.push(*v);
            }
            arg_no.push(seen.iter().position(|s| s == v).unwrap_or(0));
        }
        let mut leaf_shapes: Vec<Option<(Vec<IntValue<'ctx>>, Vec<IntValue<'ctx>>)>> = vec![None; leaves.len()];
        let mut shape = vec![one; r];
        for group in &groups {
            let mut gshape = vec![one; r];
            for &li in group {
                let l = &leaves[li];
                let Type::Array(a) = &l.ty else { continue };
                let mut bad = self.ctx.bool_type().const_zero();
                let k = a.ndim as usize;
                if k > r {
                    return self.fail("array expression operand with more dimensions than its result");
                }
                let sh = self.dims(l.val, 5, a.ndim)?;
                let st = self.dims(l.val, 6, a.ndim)?;
                for j in 0..k {
                    let d = r - k + j;
                    let ld = sh[j];
                    let cur_one = self.b.build_int_compare(IntPredicate::EQ, gshape[d], one, "")?;
                    let new = self.b.build_select(cur_one, ld, gshape[d], "")?.into_int_value();
                    let l1 = self.b.build_int_compare(IntPredicate::EQ, ld, one, "")?;
                    let eq = self.b.build_int_compare(IntPredicate::EQ, ld, new, "")?;
                    let ok = self.b.build_or(l1, eq, "")?;
                    bad = self.b.build_or(bad, self.b.build_not(ok, "")?, "")?;
                    gshape[d] = new;
                }
                leaf_shapes[li] = Some((sh, st));
                self.guard(bad, ExcKind::ValueError, &format!("unable to broadcast argument {} to output array", arg_no[li]))?;
            }
            match &out_arr {
                Some((_, osh)) => {
                    let mut bad = self.ctx.bool_type().const_zero();
                    for d in 0..r {
                        let g1 = self.b.build_int_compare(IntPredicate::EQ, gshape[d], one, "")?;
                        let fits = self.b.build_int_compare(IntPredicate::SGE, gshape[d], osh[d], "")?;
                        let ok = self.b.build_or(g1, fits, "")?;
                        bad = self.b.build_or(bad, self.b.build_not(ok, "")?, "")?;
                    }
                    let n = group.first().map_or(0, |li| arg_no[*li]);
                    self.guard(bad, ExcKind::ValueError, &format!("unable to broadcast argument {n} to output array"))?;
                }
                None => shape = gshape,
            }
        }
        let fresh_layout = if ra.layout == Layout::F && ra.ndim > 1 { Layout::F } else { Layout::C };
        let out = match out_arr {
            Some((o, osh)) => {
                shape = osh;
                o
            }
            // A result typed Fortran-ordered (every operand F) is allocated so, as Numba's.
            None => {
                let o = if fresh_layout == Layout::F { self.alloc_fortran(&ra.dtype, &shape)? } else { self.alloc_array(&ra.dtype, &shape)? };
                self.fresh = true;
                o
            }
        };
        // An element that can raise (complex `/`) must not leave the new result behind.
        let held = match inplace_out {
            None if root.may_raise(self.in_parfor) => Some(self.hold_temp(out, &crate::npfuncs::array_type(&ra.dtype, ra.ndim, fresh_layout))?),
            _ => None,
        };
        let out_t = match inplace_out {
            Some(v) => match self.ty(v)? {
                Type::Array(a) => (*a).clone(),
                _ => return self.fail("in-place target"),
            },
            None => ArrayType::new(ra.dtype.clone(), ra.ndim, fresh_layout, false),
        };
        let nitems = self.field(out, 2)?.into_int_value();
        // Fast path: every array operand (and the output) C-contiguous with the result's shape.
        let all_c = out_t.layout == Layout::C
            && leaves.iter().all(|l| match &l.ty {
                Type::Array(a) => a.layout == Layout::C && a.ndim as usize == r,
                _ => true,
            });
        let mut same = self.ctx.bool_type().const_int(1, false);
        for ls in leaf_shapes.iter().flatten() {
            for d in 0..r.min(ls.0.len()) {
                let eq = self.b.build_int_compare(IntPredicate::EQ, ls.0[d], shape[d], "")?;
                same = self.b.build_and(same, eq, "")?;
            }
        }
        let done = self.new_block("aexpr_done");
        let general = self.new_block("aexpr_general");
        if all_c {
            let fast = self.new_block("aexpr_fast");
            self.b.build_conditional_branch(same, fast, general)?;
            self.b.position_at_end(fast);
            // What the loop reads: per leaf its data pointer (arrays) or its value, then the
            // result's data pointer. In a `parallel=True` function the loop runs in chunks on
            // the runtime's threads (Numba's parfor of an array expression).
            let mut env: Vec<BasicValueEnum<'ctx>> = Vec::new();
            for l in &leaves {
                env.push(if matches!(l.ty, Type::Array(_)) { self.field(l.val, 4)? } else { l.val });
            }
            env.push(self.field(out, 4)?);
            let out_et = types::storage_type(self.ctx, &out_t.dtype).map_err(|m| self.cg_err(m))?;
            let mut body = |cx: &mut FnCx<'a, 'ctx>, i: IntValue<'ctx>, env: &[BasicValueEnum<'ctx>]| -> R<()> {
                let mut vals = Vec::new();
                for (l, e) in leaves.iter().zip(env) {
                    vals.push(match &l.ty {
                        Type::Array(a) => {
                            let et = types::storage_type(cx.ctx, &a.dtype).map_err(|m| cx.cg_err(m))?;
                            let ep = unsafe { cx.b.build_gep(et, e.into_pointer_value(), &[i], "")? };
                            (cx.load_element(ep, &a.dtype)?, a.dtype.clone())
                        }
                        _ => (*e, l.ty.clone()),
                    });
                }
                let (v, t) = cx.eval_node(&root, &vals)?;
                let out_data = env[leaves.len()].into_pointer_value();
                let op = unsafe { cx.b.build_gep(out_et, out_data, &[i], "")? };
                cx.store_element(op, v, &t, &out_t.dtype)
            };
            if self.flags.parallel && self.in_parfor && !root.may_raise(true) {
                self.parallel_counted_loop(nitems, &env, &mut body)?;
            } else {
                self.counted_loop(nitems, |cx, i| body(cx, i, &env))?;
            }
            self.b.build_unconditional_branch(done)?;
        } else {
            self.b.build_unconditional_branch(general)?;
        }
        // General path: broadcasting and any strides.
        self.b.position_at_end(general);
        let out_strides = self.dims(out, 6, out_t.ndim)?;
        let out_data = self.field(out, 4)?.into_pointer_value();
        let one = self.i64(1);
        let zero = self.i64(0);
        // Effective strides of each leaf per result dimension (0 where broadcast).
        let mut eff: Vec<Option<(PointerValue<'ctx>, Vec<IntValue<'ctx>>)>> = Vec::new();
        for (l, ls) in leaves.iter().zip(&leaf_shapes) {
            match (ls, &l.ty) {
                (Some((sh, st)), Type::Array(_)) => {
                    let k = sh.len();
                    let mut es = vec![zero; r];
                    for j in 0..k {
                        let is1 = self.b.build_int_compare(IntPredicate::EQ, sh[j], one, "")?;
                        es[r - k + j] = self.b.build_select(is1, zero, st[j], "")?.into_int_value();
                    }
                    eff.push(Some((self.field(l.val, 4)?.into_pointer_value(), es)));
                }
                _ => eff.push(None),
            }
        }
        // What the loop reads, flattened (the values a `parallel=True` chunk function gets):
        // the result's shape, data and strides, then per leaf its data and effective strides
        // (arrays) or its value.
        let mut env: Vec<BasicValueEnum<'ctx>> = Vec::new();
        env.extend(shape.iter().map(|s| BasicValueEnum::from(*s)));
        env.push(out_data.into());
        env.extend(out_strides.iter().map(|s| BasicValueEnum::from(*s)));
        for (l, e) in leaves.iter().zip(&eff) {
            match e {
                Some((p, es)) => {
                    env.push((*p).into());
                    env.extend(es.iter().map(|s| BasicValueEnum::from(*s)));
                }
                None => env.push(l.val),
            }
        }
        let mut body = |cx: &mut FnCx<'a, 'ctx>, i: IntValue<'ctx>, env: &[BasicValueEnum<'ctx>]| -> R<()> {
            let zero = cx.i64(0);
            let shape2: Vec<IntValue<'ctx>> = env[..r].iter().map(|v| v.into_int_value()).collect();
            let out_data = env[r].into_pointer_value();
            let out_strides: Vec<IntValue<'ctx>> = env[r + 1..2 * r + 1].iter().map(|v| v.into_int_value()).collect();
            let mut rem = i;
            let mut idx = vec![zero; r];
            for d in (0..r).rev() {
                if d == 0 {
                    idx[d] = rem;
                } else {
                    idx[d] = cx.b.build_int_unsigned_rem(rem, shape2[d], "")?;
                    rem = cx.b.build_int_unsigned_div(rem, shape2[d], "")?;
                }
            }
            let offset = |cx: &FnCx<'a, 'ctx>, strides: &[IntValue<'ctx>]| -> R<IntValue<'ctx>> {
                let mut off = zero;
                for d in 0..r {
                    let t = cx.b.build_int_mul(idx[d], strides[d], "")?;
                    off = cx.b.build_int_add(off, t, "")?;
                }
                Ok(off)
            };
            let mut vals = Vec::new();
            let mut k = 2 * r + 1;
            for (l, e) in leaves.iter().zip(&eff) {
                vals.push(match (&l.ty, e) {
                    (Type::Array(a), Some(_)) => {
                        let p = env[k].into_pointer_value();
                        let es: Vec<IntValue<'ctx>> = env[k + 1..k + 1 + r].iter().map(|v| v.into_int_value()).collect();
                        k += 1 + r;
                        let off = offset(cx, &es)?;
                        let ep = unsafe { cx.b.build_gep(cx.ctx.i8_type(), p, &[off], "")? };
                        (cx.load_element(ep, &a.dtype)?, a.dtype.clone())
                    }
                    _ => {
                        k += 1;
                        (env[k - 1], l.ty.clone())
                    }
                });
            }
            let (v, t) = cx.eval_node(&root, &vals)?;
            let off = offset(cx, &out_strides)?;
            let op = unsafe { cx.b.build_gep(cx.ctx.i8_type(), out_data, &[off], "")? };
            cx.store_element(op, v, &t, &out_t.dtype)
        };
        // In a `parallel=True` function broadcasting and strided operands run on the threads
        // too (by the result's items in C order).
        if self.flags.parallel && self.in_parfor && !root.may_raise(true) {
            self.parallel_counted_loop(nitems, &env, &mut body)?;
        } else {
            // Serially: a loop over the rows (every axis but the last, their offsets computed
            // once per row) around one along the last axis, in C order as above.
            let last = shape[r - 1];
            let mut rows = one;
            for d in &shape[..r - 1] {
                rows = self.b.build_int_mul(rows, *d, "")?;
            }
            let leaves_ref = &leaves;
            let eff_ref = &eff;
            let shape_ref = &shape;
            let out_strides_ref = &out_strides;
            let root_ref = root;
            let out_dtype = out_t.dtype.clone();
            self.counted_loop(rows, |cx, row| {
                let zero = cx.i64(0);
                let mut rem = row;
                let mut idx = vec![zero; r - 1];
                for d in (0..r - 1).rev() {
                    if d == 0 {
                        idx[d] = rem;
                    } else {
                        idx[d] = cx.b.build_int_unsigned_rem(rem, shape_ref[d], "")?;
                        rem = cx.b.build_int_unsigned_div(rem, shape_ref[d], "")?;
                    }
                }
                let base = |cx: &FnCx<'a, 'ctx>, strides: &[IntValue<'ctx>]| -> R<IntValue<'ctx>> {
                    let mut off = zero;
                    for d in 0..r - 1 {
                        off = cx.b.build_int_add(off, cx.b.build_int_mul(idx[d], strides[d], "")?, "")?;
                    }
                    Ok(off)
                };
                let out_base = base(cx, out_strides_ref)?;
                let mut leaf_base = Vec::new();
                for e in eff_ref.iter() {
                    leaf_base.push(match e {
                        Some((p, es)) => Some((*p, base(cx, es)?, es[r - 1])),
                        None => None,
                    });
                }
                cx.counted_loop(last, |cx, j| {
                    let mut vals = Vec::new();
                    for (l, lb) in leaves_ref.iter().zip(&leaf_base) {
                        vals.push(match (&l.ty, lb) {
                            (Type::Array(a), Some((p, b0, s_last))) => {
                                let off = cx.b.build_int_add(*b0, cx.b.build_int_mul(j, *s_last, "")?, "")?;
                                let ep = unsafe { cx.b.build_gep(cx.ctx.i8_type(), *p, &[off], "")? };
                                (cx.load_element(ep, &a.dtype)?, a.dtype.clone())
                            }
                            _ => (l.val, l.ty.clone()),
                        });
                    }
                    let (v, t) = cx.eval_node(root_ref, &vals)?;
                    let off = cx.b.build_int_add(out_base, cx.b.build_int_mul(j, out_strides_ref[r - 1], "")?, "")?;
                    let op = unsafe { cx.b.build_gep(cx.ctx.i8_type(), out_data, &[off], "")? };
                    cx.store_element(op, v, &t, &out_dtype)
                })
            })?;
        }
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        if let Some(slot) = held {
            self.let_go(slot, &crate::npfuncs::array_type(&ra.dtype, ra.ndim, Layout::C))?;
        }
        if inplace_out.is_some() {
            self.fresh = false;
        } else {
            self.fresh = true;
        }
        self.cast(out, &Type::Array(std::sync::Arc::new(out_t)), tt)
    }

    /// An array expression whose operands are 0-d arrays and numbers (`a += 1` of a 0-d
    /// array): its one item, stored into the in-place target or a new 0-d array.
    fn zero_d_expr(&mut self, root: &Node<'ctx>, leaves: &[Leaf<'ctx>], ra: &ArrayType, tt: &Type, inplace_out: Option<VarId>) -> R<BasicValueEnum<'ctx>> {
        let mut vals = Vec::new();
        for l in leaves {
            vals.push(match &l.ty {
                Type::Array(a) if a.ndim == 0 => {
                    let p = self.field(l.val, 4)?.into_pointer_value();
                    (self.load_element(p, &a.dtype)?, a.dtype.clone())
                }
                Type::Array(a) => return self.fail(format!("a {}d operand in a 0-d array expression", a.ndim)),
                t => (l.val, t.clone()),
            });
        }
        let (v, t) = self.eval_node(root, &vals)?;
        let (out, out_t) = match inplace_out {
            Some(o) => {
                let Type::Array(oa) = self.ty(o)? else { return self.fail("in-place target") };
                (self.load(o)?, (*oa).clone())
            }
            None => (self.alloc_array(&ra.dtype, &[])?, ArrayType::new(ra.dtype.clone(), 0, Layout::C, false)),
        };
        let p = self.field(out, 4)?.into_pointer_value();
        self.store_element(p, v, &t, &out_t.dtype)?;
        self.fresh = inplace_out.is_none();
        self.cast(out, &Type::Array(std::sync::Arc::new(out_t)), tt)
    }

    /// The output kind of ufunc `name`'s loop for items of the types in `vals` (one output).
    fn item_ufunc_out(&self, name: &str, vals: &[(BasicValueEnum<'ctx>, Type)]) -> Option<NumericKind> {
        let types: Vec<Type> = vals.iter().map(|(_, t)| t.clone()).collect();
        match numrs_typing::resolve_call(&format!("numpy.{name}"), &types, &[]) {
            Ok(Some(sig)) => numeric(&sig.return_type),
            _ => None,
        }
    }

    fn eval_node(&mut self, node: &Node<'ctx>, leaves: &[(BasicValueEnum<'ctx>, Type)]) -> R<(BasicValueEnum<'ctx>, Type)> {
        match node {
            Node::Leaf(i) => Ok(leaves[*i].clone()),
            Node::Op { ufunc, args, out, scalar } => {
                let mut vals = Vec::new();
                for a in args {
                    vals.push(self.eval_node(a, leaves)?);
                }
                // An operator on real numbers: Numba's kernel applies the scalar operator to
                // the items, whose result type promotes (`uint8 + uint8` does not wrap before
                // `/ 2`; `float32 / int64` is a float64 division inside a larger expression);
                // the array's dtype is only the stored result's. Complex operands keep the
                // ufunc loops (NumPy's complex division).
                // Datetimes and timedeltas: the scalar operation of the ufunc's loop, in the
                // operands' own units.
                let datetime = vals.iter().any(|(_, t)| crate::datetime::is_datetime_like(t));
                if datetime && scalar.is_none() {
                    return crate::datetime::ufunc_elem(self, ufunc, &vals);
                }
                let real = vals.iter().all(|(_, t)| numeric(t).is_some_and(|k| !k.is_complex()) || crate::datetime::is_datetime_like(t));
                if let (Some(key), true) = (scalar, real) {
                    let saved = self.flags.numpy_errors;
                    self.flags.numpy_errors = true;
                    let r = match &vals[..] {
                        [(a, at), (b, bt)] => self.binary(key, *a, at, *b, bt),
                        [(a, at)] => self.unary_scalar(key, *a, at),
                        _ => self.fail("internal error: operator arity"),
                    };
                    self.flags.numpy_errors = saved;
                    return r;
                }
                if let ("floordiv" | "pymod", [(a, at), (b, bt)]) = (ufunc.as_str(), &vals[..]) {
                    // The scalar operator, in its own result type (cast to the array's dtype
                    // only when stored), without raising.
                    let key = if ufunc == "floordiv" { "operator.floordiv" } else { "operator.mod" };
                    let saved = self.flags.numpy_errors;
                    self.flags.numpy_errors = true;
                    let r = self.binary(key, *a, at, *b, bt);
                    self.flags.numpy_errors = saved;
                    return r;
                }
                // A ufunc on real items: Numba types the kernel's call with the items' own
                // types (`np.abs(f32 + i64)` is the float64 loop; the array's dtype is only the
                // stored result's).
                let out = if real { self.item_ufunc_out(ufunc, &vals).unwrap_or(*out) } else { *out };
                let v = self.ufunc_elem(ufunc, &vals, out)?;
                Ok((v, Type::Number(out)))
            }
            Node::Kernel { function, inputs, args, out } => {
                let mut vals = Vec::new();
                for a in args {
                    vals.push(self.eval_node(a, leaves)?);
                }
                let v = self.ufunc_kernel_elem(*function, inputs, &vals)?;
                Ok((v, Type::Number(*out)))
            }
        }
    }

    /// A `@guvectorize` kernel called from jit code over loop dimensions (Numba's
    /// `numpy_gufunc_kernel`): the operands' leading (loop) dimensions broadcast, and per loop
    /// index the kernel gets a view of each operand's core (a scalar core as its item, or a
    /// 1-item array where the kernel takes an array); the outputs are written in place. As in a
    /// ufunc loop, an exception inside the kernel is dropped.
    pub(crate) fn lower_gufunc_loop(&mut self, callee: &Callee<'ctx>, layout: &(usize, Vec<Vec<usize>>), args: &[VarId]) -> R<()> {
        let (nin, dims) = layout;
        let cores: Vec<usize> = dims.iter().map(Vec::len).collect();
        struct Operand<'ctx> {
            value: BasicValueEnum<'ctx>,
            ty: Type,
            looped: usize,
            shape: Vec<IntValue<'ctx>>,
            strides: Vec<IntValue<'ctx>>,
        }
        let mut ops = Vec::new();
        for (v, core) in args.iter().zip(&cores) {
            let ty = self.ty(*v)?;
            let value = self.load(*v)?;
            let (shape, strides, looped) = match &ty {
                Type::Array(a) => (self.dims(value, 5, a.ndim)?, self.dims(value, 6, a.ndim)?, (a.ndim as usize).saturating_sub(*core)),
                _ => (vec![], vec![], 0),
            };
            ops.push(Operand { value, ty, looped, shape, strides });
        }
        let r = ops.iter().map(|o| o.looped).max().unwrap_or(0);
        let one = self.i64(1);
        let mut shape = vec![one; r];
        let mut bad = self.ctx.bool_type().const_zero();
        for o in &ops {
            for j in 0..o.looped {
                let d = r - o.looped + j;
                let ld = o.shape[j];
                let cur_one = self.b.build_int_compare(IntPredicate::EQ, shape[d], one, "")?;
                let new = self.b.build_select(cur_one, ld, shape[d], "")?.into_int_value();
                let l1 = self.b.build_int_compare(IntPredicate::EQ, ld, one, "")?;
                let eq = self.b.build_int_compare(IntPredicate::EQ, ld, new, "")?;
                bad = self.b.build_or(bad, self.b.build_not(self.b.build_or(l1, eq, "")?, "")?, "")?;
                shape[d] = new;
            }
        }
        self.guard(bad, ExcKind::ValueError, "operands could not be broadcast together over the gufunc's loop dimensions")?;
        // Outputs are not broadcast: their loop dimensions are the loop's.
        let mut bad = self.ctx.bool_type().const_zero();
        for o in ops.iter().skip(*nin) {
            if matches!(o.ty, Type::Array(_)) && o.looped != r {
                bad = self.ctx.bool_type().const_int(1, false);
                continue;
            }
            for j in 0..o.looped {
                let ne = self.b.build_int_compare(IntPredicate::NE, o.shape[j], shape[j], "")?;
                bad = self.b.build_or(bad, ne, "")?;
            }
        }
        self.guard(bad, ExcKind::ValueError, "Loop and array shapes are incompatible")?;
        // A core dimension has one size across the operands that name it.
        let n_dims = dims.iter().flatten().max().map_or(0, |m| m + 1);
        let mut sizes: Vec<Option<IntValue<'ctx>>> = vec![None; n_dims];
        let mut bad = self.ctx.bool_type().const_zero();
        for (o, names) in ops.iter().zip(dims) {
            if !matches!(o.ty, Type::Array(_)) {
                continue;
            }
            for (j, name) in names.iter().enumerate() {
                let size = o.shape[o.looped + j];
                match sizes[*name] {
                    None => sizes[*name] = Some(size),
                    Some(first) => {
                        let ne = self.b.build_int_compare(IntPredicate::NE, first, size, "")?;
                        bad = self.b.build_or(bad, ne, "")?;
                    }
                }
            }
        }
        self.guard(bad, ExcKind::ValueError, "Operand has a mismatch in one of its core dimensions. Please, check if all arguments to a @guvectorize function have the same core dimensions.")?;
        let mut total = one;
        for d in &shape {
            total = self.b.build_int_mul(total, *d, "")?;
        }
        let zero = self.i64(0);
        self.counted_loop(total, |cx, flat| {
            let mut idx = vec![zero; r];
            let mut rem = flat;
            for d in (0..r).rev() {
                idx[d] = cx.b.build_int_unsigned_rem(rem, shape[d], "")?;
                rem = cx.b.build_int_unsigned_div(rem, shape[d], "")?;
            }
            let mut vals = Vec::new();
            for (k, o) in ops.iter().enumerate() {
                let formal = callee.args.get(k).cloned().unwrap_or(Type::NoneType);
                let Type::Array(a) = &o.ty else {
                    vals.push((o.value, o.ty.clone()));
                    continue;
                };
                let mut offset = zero;
                for j in 0..o.looped {
                    let broadcast = cx.b.build_int_compare(IntPredicate::EQ, o.shape[j], one, "")?;
                    let step = cx.b.build_select(broadcast, zero, o.strides[j], "")?.into_int_value();
                    offset = cx.b.build_int_add(offset, cx.b.build_int_mul(idx[r - o.looped + j], step, "")?, "")?;
                }
                let base = cx.field(o.value, 4)?.into_pointer_value();
                let data = unsafe { cx.b.build_gep(cx.ctx.i8_type(), base, &[offset], "")? };
                let core_shape = &o.shape[o.looped..];
                let core_strides = &o.strides[o.looped..];
                if core_shape.is_empty() && formal.as_array().is_none() {
                    vals.push((cx.load_element(data, &a.dtype)?, a.dtype.clone()));
                    continue;
                }
                let isz = cx.itemsize_of(&a.dtype)?;
                let (sh, st): (Vec<IntValue<'ctx>>, Vec<IntValue<'ctx>>) =
                    if core_shape.is_empty() { (vec![one], vec![cx.i64(isz as i64)]) } else { (core_shape.to_vec(), core_strides.to_vec()) };
                let null = cx.ctx.ptr_type(AddressSpace::default()).const_null();
                let view = cx.make_array(sh.len() as u32, null, null, cx.i64(isz as i64), data, &sh, &st)?;
                vals.push((view, Type::array(a.dtype.clone(), sh.len() as u32, Layout::A)));
            }
            cx.ufunc_kernel_elem(callee.function, &callee.args, &vals)?;
            Ok(())
        })?;
        self.fresh = false;
        Ok(())
    }

    /// A `@vectorize` kernel mapped over `inputs` (broadcast) into a new array, or into
    /// `out` (an explicit output array) when given.
    pub(crate) fn lower_kernel_map(&mut self, callee: &Callee<'ctx>, inputs: &[VarId], out: Option<VarId>, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let Some(k) = numeric(&callee.return_type) else {
            return self.fail(format!("a ufunc kernel returning {}", callee.return_type));
        };
        let mut leaves_v = Vec::new();
        let mut nodes = Vec::new();
        for v in inputs {
            nodes.push(self.expr_node(*v, &mut leaves_v)?);
        }
        let root = Node::Kernel { function: callee.function, inputs: callee.args.clone(), args: nodes, out: k };
        // Numba's array expressions take `@vectorize` functions too (a parfor with
        // `parallel=True`), not with an explicit output array.
        let parfor = self.parallel_fn && out.is_none();
        self.lower_expr_tree(&root, &leaves_v, tt, out, parfor)
    }

    /// NumPy's complex division (Numba's `np_complex_div_impl`, Smith's algorithm): a zero
    /// divisor gives infinities and NaNs, not an exception.
    pub(crate) fn np_complex_div(&self, x: BasicValueEnum<'ctx>, y: BasicValueEnum<'ctx>) -> R<BasicValueEnum<'ctx>> {
        let b = &self.b;
        let (xs, ys) = (x.into_struct_value(), y.into_struct_value());
        let part = |s: inkwell::values::StructValue<'ctx>, i| -> R<inkwell::values::FloatValue<'ctx>> { Ok(b.build_extract_value(s, i, "")?.into_float_value()) };
        let (ar, ai, br, bi) = (part(xs, 0)?, part(xs, 1)?, part(ys, 0)?, part(ys, 1)?);
        let ft = ar.get_type();
        let (zero, one) = (ft.const_float(0.0), ft.const_float(1.0));
        let fabs = |v: inkwell::values::FloatValue<'ctx>| -> R<inkwell::values::FloatValue<'ctx>> { Ok(crate::ops::intrinsic_call(self, "llvm.fabs", &[v.into()])?.into_float_value()) };
        let (bra, bia) = (fabs(br)?, fabs(bi)?);
        // |br| >= |bi|, both zero: a / |b| part by part.
        let zr = b.build_float_div(ar, bra, "")?;
        let zi = b.build_float_div(ai, bia, "")?;
        // |br| >= |bi|: rat = bi/br, scl = 1/(br + bi*rat); ((ar + ai*rat)*scl, (ai - ar*rat)*scl).
        let rat = b.build_float_div(bi, br, "")?;
        let scl = b.build_float_div(one, b.build_float_add(br, b.build_float_mul(bi, rat, "")?, "")?, "")?;
        let rr = b.build_float_mul(b.build_float_add(ar, b.build_float_mul(ai, rat, "")?, "")?, scl, "")?;
        let ri = b.build_float_mul(b.build_float_sub(ai, b.build_float_mul(ar, rat, "")?, "")?, scl, "")?;
        // |bi| > |br| (or NaNs): rat = br/bi, scl = 1/(bi + br*rat); ((ar*rat + ai)*scl, (ai*rat - ar)*scl).
        let rat2 = b.build_float_div(br, bi, "")?;
        let scl2 = b.build_float_div(one, b.build_float_add(bi, b.build_float_mul(br, rat2, "")?, "")?, "")?;
        let sr = b.build_float_mul(b.build_float_add(b.build_float_mul(ar, rat2, "")?, ai, "")?, scl2, "")?;
        let si = b.build_float_mul(b.build_float_sub(b.build_float_mul(ai, rat2, "")?, ar, "")?, scl2, "")?;
        let ge = b.build_float_compare(inkwell::FloatPredicate::OGE, bra, bia, "")?;
        let both0 = b.build_and(
            b.build_float_compare(inkwell::FloatPredicate::OEQ, bra, zero, "")?,
            b.build_float_compare(inkwell::FloatPredicate::OEQ, bia, zero, "")?,
            "",
        )?;
        let re1 = b.build_select(both0, zr, rr, "")?;
        let im1 = b.build_select(both0, zi, ri, "")?;
        let re = b.build_select(ge, re1, sr.into(), "")?;
        let im = b.build_select(ge, im1, si.into(), "")?;
        let st = xs.get_type();
        let v = b.build_insert_value(st.get_undef(), re, 0, "")?;
        let v = b.build_insert_value(v, im, 1, "")?;
        Ok(v.as_basic_value_enum())
    }

    /// One element of ufunc `name` (NumPy semantics: no exceptions), result of kind `out`.
    pub(crate) fn ufunc_elem(&mut self, name: &str, args: &[(BasicValueEnum<'ctx>, Type)], out: NumericKind) -> R<BasicValueEnum<'ctx>> {
        // Ufunc kernels are compiled with NumPy's error model whatever the function's.
        let saved = self.flags.numpy_errors;
        self.flags.numpy_errors = true;
        let r = self.ufunc_elem_numpy(name, args, out);
        self.flags.numpy_errors = saved;
        r
    }

    fn ufunc_elem_numpy(&mut self, name: &str, args: &[(BasicValueEnum<'ctx>, Type)], out: NumericKind) -> R<BasicValueEnum<'ctx>> {
        if let Some(v) = crate::cufunc::complex_ufunc(self, name, args, out)? {
            return Ok(v);
        }
        // Boolean loops (`??->?`): Numba's `int_or`/`int_and` and identities.
        if out == NumericKind::Boolean && args.iter().all(|(_, t)| numeric(t) == Some(NumericKind::Boolean)) {
            let x = args[0].0.into_int_value();
            match name {
                "add" | "maximum" | "fmax" => return Ok(self.b.build_or(x, args[1].0.into_int_value(), "")?.into()),
                "multiply" | "minimum" | "fmin" => return Ok(self.b.build_and(x, args[1].0.into_int_value(), "")?.into()),
                "absolute" | "abs" | "floor" | "ceil" | "trunc" | "positive" => return Ok(x.into()),
                _ => {}
            }
        }
        let ot = Type::Number(out);
        let to_out = |cx: &FnCx<'a, 'ctx>, i: usize| -> R<BasicValueEnum<'ctx>> {
            match args.get(i) {
                Some((v, t)) => cx.cast(*v, t, &ot),
                None => cx.fail(format!("ufunc {name} with {} arguments", args.len())),
            }
        };
        let unsupported = |cx: &FnCx<'a, 'ctx>| -> R<BasicValueEnum<'ctx>> {
            let shown = args.iter().map(|(_, t)| t.to_string()).collect::<Vec<_>>().join(", ");
            cx.fail(format!("numpy.{name} on ({shown}) in an array expression is not supported by numrs build yet"))
        };
        let is_float = out.is_float();
        let is_int = out.is_integer();
        let b = &self.b;
        match name {
            "add" | "subtract" | "multiply" => {
                let (x, y) = (to_out(self, 0)?, to_out(self, 1)?);
                if is_float {
                    let (x, y) = (x.into_float_value(), y.into_float_value());
                    return Ok(match name {
                        "add" => b.build_float_add(x, y, "")?,
                        "subtract" => b.build_float_sub(x, y, "")?,
                        _ => b.build_float_mul(x, y, "")?,
                    }
                    .into());
                }
                if is_int {
                    let (x, y) = (x.into_int_value(), y.into_int_value());
                    return Ok(match name {
                        "add" => b.build_int_add(x, y, "")?,
                        "subtract" => b.build_int_sub(x, y, "")?,
                        _ => b.build_int_mul(x, y, "")?,
                    }
                    .into());
                }
                if out.is_complex() {
                    let key = match name {
                        "add" => "operator.add",
                        "subtract" => "operator.sub",
                        _ => "operator.mul",
                    };
                    let sig = Signature { args: vec![ot.clone(), ot.clone()], return_type: ot.clone() };
                    let Some(f) = crate::ops::lookup(key, &sig) else { return unsupported(self) };
                    return f(self, &sig, &[Some(x), Some(y)]);
                }
                unsupported(self)
            }
            "divide" | "true_divide" | "truediv" if is_float => {
                let (x, y) = (to_out(self, 0)?.into_float_value(), to_out(self, 1)?.into_float_value());
                Ok(self.b.build_float_div(x, y, "")?.into())
            }
            "truediv" if out.is_complex() && !self.in_parfor => {
                let sig = Signature { args: vec![ot.clone(), ot.clone()], return_type: ot.clone() };
                let Some(f) = crate::ops::lookup("operator.truediv", &sig) else { return unsupported(self) };
                let (x, y) = (to_out(self, 0)?, to_out(self, 1)?);
                f(self, &sig, &[Some(x), Some(y)])
            }
            "divide" | "true_divide" | "truediv" if out.is_complex() => {
                let (x, y) = (to_out(self, 0)?, to_out(self, 1)?);
                self.np_complex_div(x, y)
            }
            "**" => {
                // The scalar operator into the expression's type; an integer exponent of a
                // float keeps its type (repeated squaring, as Numba's `int_power`).
                let t1 = args[1].1.unliteral();
                let int_exp = is_float && numeric(&t1).is_some_and(|k| k.is_integer());
                let sig = Signature { args: vec![ot.clone(), if int_exp { t1 } else { ot.clone() }], return_type: ot.clone() };
                let x = to_out(self, 0)?;
                let y = if int_exp { args[1].0 } else { to_out(self, 1)? };
                let key = if is_int { "builtins.pow" } else { "operator.pow" };
                let Some(f) = crate::ops::lookup(key, &sig) else { return unsupported(self) };
                f(self, &sig, &[Some(x), Some(y)])
            }
            "power" | "float_power" if is_float => {
                let (x, y) = (to_out(self, 0)?, to_out(self, 1)?);
                crate::ops::intrinsic_call(self, "llvm.pow", &[x, y])
            }
            "power" if is_int => {
                // Numba's `int_power` as a ufunc kernel: the product in 64 bits, returned
                // through float64 (its returns unify with `1.0 / r`), so large results round
                // and narrow types wrap as a float-to-int conversion does.
                let wide = Type::Number(if out.is_signed_int() { NumericKind::Int64 } else { NumericKind::UInt64 });
                let sig = Signature { args: vec![wide.clone(), wide.clone()], return_type: wide.clone() };
                let Some(f) = crate::ops::lookup("builtins.pow", &sig) else { return unsupported(self) };
                let (x, y) = (to_out(self, 0)?, to_out(self, 1)?);
                let (xw, yw) = (self.cast(x, &ot, &wide)?, self.cast(y, &ot, &wide)?);
                let r = f(self, &sig, &[Some(xw), Some(yw)])?;
                let rf = self.cast(r, &wide, &Type::float64())?.into_float_value();
                let r: BasicValueEnum<'ctx> = self.float_to_int_x86(rf, out)?.into();
                if !out.is_signed_int() {
                    return Ok(r);
                }
                // 0 to a negative power: the type's minimum.
                let it = x.into_int_value().get_type();
                let zero = it.const_zero();
                let x0 = self.b.build_int_compare(IntPredicate::EQ, x.into_int_value(), zero, "")?;
                let yneg = self.b.build_int_compare(IntPredicate::SLT, y.into_int_value(), zero, "")?;
                let min = it.const_int(1u64 << (it.get_bit_width() - 1), false);
                Ok(self.b.build_select(self.b.build_and(x0, yneg, "")?, min.into(), r, "")?)
            }
            "floor" | "ceil" | "trunc" if is_int => to_out(self, 0),
            "negative" => {
                let x = to_out(self, 0)?;
                if is_float {
                    Ok(crate::ops::negate_real(self, x.into_float_value())?.into())
                } else if is_int {
                    Ok(self.b.build_int_neg(x.into_int_value(), "")?.into())
                } else {
                    unsupported(self)
                }
            }
            "positive" => to_out(self, 0),
            "square" => {
                let x = to_out(self, 0)?;
                if is_float {
                    Ok(self.b.build_float_mul(x.into_float_value(), x.into_float_value(), "")?.into())
                } else if is_int {
                    Ok(self.b.build_int_mul(x.into_int_value(), x.into_int_value(), "")?.into())
                } else {
                    unsupported(self)
                }
            }
            "reciprocal" if is_float => {
                let x = to_out(self, 0)?.into_float_value();
                Ok(self.b.build_float_div(x.get_type().const_float(1.0), x, "")?.into())
            }
            "floor" | "ceil" | "trunc" | "rint" if is_float => {
                let x = to_out(self, 0)?;
                let intr = match name {
                    "floor" => "llvm.floor",
                    "ceil" => "llvm.ceil",
                    "trunc" => "llvm.trunc",
                    _ => "llvm.rint",
                };
                crate::ops::intrinsic_call(self, intr, &[x])
            }
            "absolute" | "abs" | "fabs" => {
                let (v, t) = &args[0];
                match numeric(t) {
                    Some(k) if k.is_complex() => {
                        let sv = v.into_struct_value();
                        let re = self.b.build_extract_value(sv, 0, "")?;
                        let im = self.b.build_extract_value(sv, 1, "")?;
                        let f = if k == NumericKind::Complex64 { "hypotf" } else { "hypot" };
                        let r = crate::ops::libm(self, f, &[re, im])?;
                        self.cast(r, &Type::Number(k.underlying_float()), &ot)
                    }
                    _ if is_float => {
                        let x = to_out(self, 0)?;
                        crate::ops::intrinsic_call(self, "llvm.fabs", &[x])
                    }
                    _ if is_int => {
                        let x = to_out(self, 0)?.into_int_value();
                        if !out.is_signed_int() {
                            return Ok(x.into());
                        }
                        let neg = self.b.build_int_compare(IntPredicate::SLT, x, x.get_type().const_zero(), "")?;
                        Ok(self.b.build_select(neg, self.b.build_int_neg(x, "")?, x, "")?)
                    }
                    _ => unsupported(self),
                }
            }
            "maximum" | "minimum" | "fmax" | "fmin" => {
                let (x, y) = (to_out(self, 0)?, to_out(self, 1)?);
                let is_max = name.ends_with("max") || name == "maximum";
                if is_float {
                    let (x, y) = (x.into_float_value(), y.into_float_value());
                    let p = if is_max { FloatPredicate::OGE } else { FloatPredicate::OLE };
                    let keep = self.b.build_float_compare(p, x, y, "")?;
                    // maximum/minimum propagate NaN (either); fmax/fmin ignore it.
                    let xnan = self.b.build_float_compare(FloatPredicate::UNO, x, x, "")?;
                    let ynan = self.b.build_float_compare(FloatPredicate::UNO, y, y, "")?;
                    let pick_x = if name.starts_with('f') {
                        self.b.build_or(self.b.build_and(keep, self.b.build_not(xnan, "")?, "")?, ynan, "")?
                    } else {
                        self.b.build_and(self.b.build_or(keep, xnan, "")?, self.b.build_not(ynan, "")?, "")?
                    };
                    return Ok(self.b.build_select(pick_x, x, y, "")?);
                }
                if is_int {
                    let s = out.is_signed_int();
                    let p = match (is_max, s) {
                        (true, true) => IntPredicate::SGE,
                        (true, false) => IntPredicate::UGE,
                        (false, true) => IntPredicate::SLE,
                        (false, false) => IntPredicate::ULE,
                    };
                    let keep = self.b.build_int_compare(p, x.into_int_value(), y.into_int_value(), "")?;
                    return Ok(self.b.build_select(keep, x, y, "")?);
                }
                unsupported(self)
            }
            "equal" | "not_equal" | "less" | "less_equal" | "greater" | "greater_equal" => {
                let (t0, t1) = (&args[0].1, &args[1].1);
                let common = numrs_types::unify_pairs(t0, t1).unwrap_or_else(|| t0.clone());
                let Some(ck) = numeric(&common) else { return unsupported(self) };
                let x = self.cast(args[0].0, t0, &common)?;
                let y = self.cast(args[1].0, t1, &common)?;
                let r = if ck.is_float() {
                    let p = match name {
                        "equal" => FloatPredicate::OEQ,
                        "not_equal" => FloatPredicate::UNE,
                        "less" => FloatPredicate::OLT,
                        "less_equal" => FloatPredicate::OLE,
                        "greater" => FloatPredicate::OGT,
                        _ => FloatPredicate::OGE,
                    };
                    self.b.build_float_compare(p, x.into_float_value(), y.into_float_value(), "")?
                } else if ck.is_integer() || ck == NumericKind::Boolean {
                    let s = ck.is_signed_int();
                    let p = match (name, s) {
                        ("equal", _) => IntPredicate::EQ,
                        ("not_equal", _) => IntPredicate::NE,
                        ("less", true) => IntPredicate::SLT,
                        ("less", false) => IntPredicate::ULT,
                        ("less_equal", true) => IntPredicate::SLE,
                        ("less_equal", false) => IntPredicate::ULE,
                        ("greater", true) => IntPredicate::SGT,
                        ("greater", false) => IntPredicate::UGT,
                        (_, true) => IntPredicate::SGE,
                        (_, false) => IntPredicate::UGE,
                    };
                    self.b.build_int_compare(p, x.into_int_value(), y.into_int_value(), "")?
                } else {
                    return unsupported(self);
                };
                self.cast(r.into(), &Type::boolean(), &ot)
            }
            "isnan" | "isinf" | "isfinite" => {
                let (v, t) = &args[0];
                let r = match numeric(t) {
                    Some(k) if k.is_float() => {
                        let x = v.into_float_value();
                        match name {
                            "isnan" => self.b.build_float_compare(FloatPredicate::UNO, x, x, "")?,
                            _ => {
                                let a = crate::ops::intrinsic_call(self, "llvm.fabs", &[*v])?.into_float_value();
                                let inf = a.get_type().const_float(f64::INFINITY);
                                let p = if name == "isinf" { FloatPredicate::OEQ } else { FloatPredicate::OLT };
                                self.b.build_float_compare(p, a, inf, "")?
                            }
                        }
                    }
                    Some(k) if k.is_integer() || k == NumericKind::Boolean => {
                        self.ctx.bool_type().const_int((name == "isfinite") as u64, false)
                    }
                    _ => return unsupported(self),
                };
                self.cast(r.into(), &Type::boolean(), &ot)
            }
            "deg2rad" | "radians" | "rad2deg" | "degrees" if is_float => {
                let x = to_out(self, 0)?.into_float_value();
                let f = if name == "deg2rad" || name == "radians" { std::f64::consts::PI / 180.0 } else { 180.0 / std::f64::consts::PI };
                Ok(self.b.build_float_mul(x, x.get_type().const_float(f), "")?.into())
            }
            "arctan2" | "atan2" | "hypot" if is_float => {
                let (x, y) = (to_out(self, 0)?, to_out(self, 1)?);
                let f32 = out == NumericKind::Float32;
                let base = if name == "hypot" { "hypot" } else { "atan2" };
                let sym = if f32 { format!("{base}f") } else { base.to_string() };
                crate::ops::libm(self, &sym, &[x, y])
            }
            _ => {
                if let Some(v) = self.ufunc_extra(name, args, out)? {
                    return Ok(v);
                }
                if let Some((_, sym)) = UNARY_LIBM.iter().find(|(n, _)| *n == name) {
                    if is_float && name == "cbrt" && out == NumericKind::Float32 {
                        // Numba's `np_real_cbrt_impl` is `np.power(x, 1.0 / 3.0)` (a float64
                        // power, fastmath: libm's `cbrt`) returned as float32.
                        let x = self.cast(args[0].0, &args[0].1, &Type::float64())?;
                        let r = crate::ops::libm(self, "cbrt", &[x])?;
                        return self.cast(r, &Type::float64(), &Type::float32());
                    }
                    if is_float {
                        let x = to_out(self, 0)?;
                        let sym = if out == NumericKind::Float32 { format!("{sym}f") } else { sym.to_string() };
                        return crate::ops::libm(self, &sym, &[x]);
                    }
                }
                unsupported(self)
            }
        }
    }

    // ----- calls: constructors, ufuncs on scalars, methods -----

    /// Calls handled here (array constructors, ufuncs, array methods); None: not an array call.
    pub(crate) fn array_call(&mut self, func: VarId, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        let ft = self.ty(func)?;
        match &ft {
            Type::Function(key) => {
                let key = key.to_string();
                if let Some(v) = self.np_call(&key, args, kws, tt)? {
                    return Ok(Some(v));
                }
                match key.as_str() {
                    "numpy.empty" | "numpy.zeros" | "numpy.ones" | "numpy.full" | "numpy.empty_like" | "numpy.zeros_like"
                    | "numpy.ones_like" | "numpy.full_like" => return self.construct(&key, args, kws, tt).map(Some),
                    "numpy.arange" => return self.arange(args, kws, tt).map(Some),
                    "numpy.lib.stride_tricks.sliding_window_view" => return self.sliding_window_view(args, kws, tt).map(Some),
                    "numpy.lib.stride_tricks.as_strided" => return self.as_strided(args, kws, tt).map(Some),
                    // Python's builtins over a 1-d array iterate it in order.
                    "builtins.sum" | "builtins.min" | "builtins.max"
                        if args.len() == 1 && kws.is_empty() && matches!(self.ty(args[0])?, Type::Array(ref a) if a.ndim == 1) =>
                    {
                        let m = match key.as_str() {
                            "builtins.sum" => "sum",
                            "builtins.min" => "builtin_min",
                            _ => "builtin_max",
                        };
                        return self.array_method(m, args[0], &[], tt).map(Some);
                    }
                    // `np.shape(a)`: `a.shape`.
                    "numpy.shape" if args.len() == 1 && kws.is_empty() && matches!(self.ty(args[0])?, Type::Array(_)) => {
                        return self.getattr(args[0], "shape", tt).map(Some);
                    }
                    "numpy.shape" if args.len() == 1 && kws.is_empty() && tt.tuple_items().is_some_and(|i| i.is_empty()) => {
                        return Ok(Some(self.vt(tt)?.const_zero()));
                    }
                    "numpy.size" if args.len() == 1 && kws.is_empty() && matches!(self.ty(args[0])?, Type::Array(_)) => {
                        return self.getattr(args[0], "size", tt).map(Some);
                    }
                    // Of a number (1), a tuple (its length) or a list of numbers.
                    "numpy.size" if args.len() == 1 && kws.is_empty() => {
                        let n = match self.ty(args[0])? {
                            Type::UniTuple(_, n) => self.i64(n as i64),
                            t if crate::lists::dtype(&t).is_some() => self.list_len(self.load(args[0])?.into_pointer_value())?,
                            _ => self.i64(1),
                        };
                        return self.cast(n.into(), &Type::int64(), tt).map(Some);
                    }
                    "numpy.sum" | "numpy.prod" | "numpy.min" | "numpy.max" | "numpy.amin" | "numpy.amax" | "numpy.mean"
                    | "numpy.copy"
                        if args.len() == 1 && kws.is_empty() && matches!(self.ty(args[0])?, Type::Array(_)) =>
                    {
                        let m = match &key["numpy.".len()..] {
                            "amin" => "min",
                            "amax" => "max",
                            m => m,
                        };
                        return self.array_method(m, args[0], &[], tt).map(Some);
                    }
                    _ => {}
                }
                if let Some(name) = key.strip_prefix("numpy.") {
                    // A ufunc with its output array (positional or `out=`).
                    let out_kw = kws.iter().find(|(k, _)| k == "out").map(|(_, v)| *v);
                    if is_elementwise(name) && kws.iter().all(|(k, _)| k == "out") {
                        let nin = ufunc_nin(name);
                        let out = if args.len() == nin + 1 { Some(args[nin]) } else { out_kw.filter(|_| args.len() == nin) };
                        if let Some(o) = out {
                            let ot = self.ty(o)?;
                            if matches!(ot, Type::Array(_)) {
                                let value = Value::Call { func, args: args[..nin].to_vec(), kws: vec![], vararg: None };
                                if self.elementwise_op(&value, &ot).is_some() {
                                    let r = self.lower_array_expr_into(&value, &ot, Some(o))?;
                                    return self.cast(r, &ot, tt).map(Some);
                                }
                                if let Some(r) = self.scalar_ufunc_into(&key, name, &args[..nin], o)? {
                                    return self.cast(r, &ot, tt).map(Some);
                                }
                            }
                            return self.fail(format!("numpy.{name} with an output argument of type {ot} is not supported by numrs build yet"));
                        }
                    }
                    if !kws.is_empty() {
                        return Ok(None);
                    }
                    if name == "divmod" && args.len() == 2 {
                        let ts = [self.ty(args[0])?, self.ty(args[1])?];
                        if ts.iter().any(|t| matches!(t, Type::Array(_))) {
                            return self.divmod_arrays(args, tt).map(Some);
                        }
                        if ts.iter().all(|t| numeric(t).is_some()) {
                            let items = tt.tuple_items().unwrap_or_default();
                            let (Some(k0), Some(k1)) = (items.first().and_then(numeric), items.get(1).and_then(numeric)) else {
                                return self.fail(format!("np.divmod producing {tt}"));
                            };
                            let vals = vec![(self.load(args[0])?, ts[0].clone()), (self.load(args[1])?, ts[1].clone())];
                            let q = self.ufunc_elem("floor_divide", &vals, k0)?;
                            let r = self.ufunc_elem("remainder", &vals, k1)?;
                            let st = self.vt(tt)?.into_struct_type();
                            let agg = self.b.build_insert_value(st.get_undef(), q, 0, "")?;
                            let agg = self.b.build_insert_value(agg, r, 1, "")?;
                            return Ok(Some(agg.as_basic_value_enum()));
                        }
                    }
                    let value = Value::Call { func, args: args.to_vec(), kws: vec![], vararg: None };
                    if self.elementwise_op(&value, tt).is_some() {
                        return self.lower_array_expr(&value, tt).map(Some);
                    }
                    // A ufunc on scalars.
                    if is_elementwise(name) {
                        let ts = args.iter().map(|a| self.ty(*a)).collect::<R<Vec<Type>>>()?;
                        if ts.iter().chain([tt]).any(crate::datetime::is_datetime_like) {
                            let mut vals = Vec::new();
                            for (a, t) in args.iter().zip(ts) {
                                vals.push((self.load(*a)?, t));
                            }
                            let (r, rt) = crate::datetime::ufunc_elem(self, name, &vals)?;
                            return self.cast(r, &rt, tt).map(Some);
                        }
                        if let Some(out) = numeric(tt) {
                            let mut vals = Vec::new();
                            for a in args {
                                let t = self.ty(*a)?;
                                if numeric(&t).is_none() {
                                    return Ok(None);
                                }
                                vals.push((self.load(*a)?, t));
                            }
                            return self.ufunc_elem(name, &vals, out).map(Some);
                        }
                    }
                }
                Ok(None)
            }
            Type::BoundFunction(b) => {
                let (key, recv_t) = (&b.0, &b.1);
                let Type::Array(_) = recv_t else { return Ok(None) };
                let Some(Value::GetAttr { value: recv, .. }) = self.resolve_def(func) else {
                    return self.fail("array method called through a variable is not supported by numrs build yet");
                };
                let recv = *recv;
                let m = key.strip_prefix("array.").unwrap_or(key).to_string();
                if m == "dot" {
                    let operands: Vec<VarId> = std::iter::once(recv).chain(args.iter().copied()).collect();
                    return self.linalg_call("dot", &operands, kws, tt);
                }
                if let Some(v) = self.np_method(&m, recv, args, kws, tt)? {
                    return Ok(Some(v));
                }
                if !kws.is_empty() {
                    return self.fail(format!("keyword arguments to {key} are not supported by numrs build yet"));
                }
                let m = key.strip_prefix("array.").unwrap_or(key).to_string();
                self.array_method(&m, recv, args, tt).map(Some)
            }
            _ => Ok(None),
        }
    }

    /// The shape argument of a constructor: an integer or a tuple of integers.
    pub(crate) fn shape_arg(&self, v: VarId) -> R<Vec<IntValue<'ctx>>> {
        let t = self.ty(v)?;
        if numeric(&t).is_some_and(|k| k.is_integer()) {
            let x = self.load(v)?;
            return Ok(vec![self.cast(x, &t, &Type::int64())?.into_int_value()]);
        }
        if let Some(items) = t.tuple_items() {
            if items.is_empty() {
                return Ok(vec![]);
            }
            let sv = self.load(v)?.into_struct_value();
            let mut out = Vec::new();
            for (i, it) in items.iter().enumerate() {
                if !numeric(it).is_some_and(|k| k.is_integer()) {
                    return self.fail(format!("shape of type {t} is not supported by numrs build yet"));
                }
                let x = self.b.build_extract_value(sv, i as u32, "")?;
                out.push(self.cast(x, it, &Type::int64())?.into_int_value());
            }
            return Ok(out);
        }
        self.fail(format!("shape of type {t} is not supported by numrs build yet"))
    }

    fn construct(&mut self, key: &str, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("{key} producing {tt}")) };
        let ra = ra.clone();
        let like = key.ends_with("_like");
        let mut fill: Option<VarId> = None;
        for (k, v) in kws {
            match k.as_str() {
                "dtype" => {}
                "fill_value" => fill = Some(*v),
                other => return self.fail(format!("keyword argument '{other}' of {key} is not supported by numrs build yet")),
            }
        }
        let Some(first) = args.first() else { return self.fail(format!("{key} without a shape")) };
        if key.ends_with("full") || key.ends_with("full_like") {
            if fill.is_none() {
                fill = args.get(1).copied();
            }
            if args.len() > 3 {
                return self.fail(format!("{key} with {} arguments is not supported by numrs build yet", args.len()));
            }
        } else if args.len() > 2 {
            return self.fail(format!("{key} with {} arguments is not supported by numrs build yet", args.len()));
        }
        // The dtype argument (if any) is phantom: the element type is the result's.
        let shape = if like {
            let at = self.ty(*first)?;
            match &at {
                Type::Array(a) => {
                    let v = self.load(*first)?;
                    self.dims(v, 5, a.ndim)?
                }
                // A number is a 0-d array, a tuple a 1-d one (`np.asarray`).
                other if numeric(other).is_some() => vec![],
                other if other.tuple_items().is_some() => vec![self.i64(other.tuple_items().map_or(0, |i| i.len()) as i64)],
                other => return self.fail(format!("{key} of {other} is not supported by numrs build yet")),
            }
        } else {
            self.shape_arg(*first)?
        };
        if shape.len() != ra.ndim as usize || !matches!(ra.layout, Layout::C | Layout::F) && ra.ndim > 1 {
            return self.fail(format!("{key} producing {tt} is not supported by numrs build yet"));
        }
        // `*_like` of an F array keeps the layout.
        let arr = if ra.layout == Layout::F && ra.ndim > 1 { self.alloc_fortran(&ra.dtype, &shape)? } else { self.alloc_array(&ra.dtype, &shape)? };
        let kind = key.trim_start_matches("numpy.").trim_end_matches("_like");
        let nitems = self.field(arr, 2)?.into_int_value();
        let data = self.field(arr, 4)?.into_pointer_value();
        match kind {
            "empty" => {}
            "zeros" => {
                let bytes = self.b.build_int_mul(nitems, self.i64(self.itemsize_of(&ra.dtype)? as i64), "")?;
                self.b.build_memset(data, 1, self.ctx.i8_type().const_zero(), bytes)?;
            }
            _ => {
                let (v, vt): (BasicValueEnum<'ctx>, Type) = if kind == "ones" {
                    (self.i64(1).into(), Type::int64())
                } else {
                    let Some(f) = fill else { return self.fail(format!("{key} without a fill value")) };
                    let t = self.ty(f)?;
                    // Numbers, or a datetime/timedelta filling an array of its own type.
                    if numeric(&t).is_none() && !(crate::datetime::is_datetime_like(&t) && t == ra.dtype) {
                        return self.fail(format!("fill value of type {t} is not supported by numrs build yet"));
                    }
                    (self.load(f)?, t)
                };
                let dt = ra.dtype.clone();
                let et = types::storage_type(self.ctx, &dt).map_err(|m| self.cg_err(m))?;
                self.counted_loop(nitems, |cx, i| {
                    let p = unsafe { cx.b.build_gep(et, data, &[i], "")? };
                    cx.store_element(p, v, &vt, &dt)
                })?;
            }
        }
        self.fresh = true;
        Ok(arr)
    }

    /// The start, stop and step of `np.arange(start, /, stop=None, step=None, dtype=None)`
    /// (Numba's `np_arange`; `None` and dtypes given by position are absent): with no stop,
    /// the first argument is the stop and the start absent (0).
    fn arange_bounds(&self, args: &[VarId], kws: &[(String, VarId)]) -> R<[Option<VarId>; 3]> {
        let mut slots: [Option<VarId>; 3] = [None; 3];
        for (slot, a) in slots.iter_mut().zip(args) {
            *slot = Some(*a);
        }
        for (k, v) in kws {
            match k.as_str() {
                "stop" => slots[1] = Some(*v),
                "step" => slots[2] = Some(*v),
                "dtype" => {}
                _ => return self.fail(format!("numpy.arange keyword argument '{k}' is not supported by numrs build yet")),
            }
        }
        for slot in slots.iter_mut() {
            if let Some(v) = *slot {
                let t = self.ty(v)?;
                if matches!(t, Type::NoneType | Type::Omitted(_)) || types::is_phantom(&t) {
                    *slot = None;
                } else if numeric(&t).is_none() {
                    return self.fail(format!("numpy.arange argument of type {t} is not supported by numrs build yet"));
                }
            }
        }
        Ok(match slots {
            [start, None, step] => [None, start, step],
            other => other,
        })
    }

    fn arange(&mut self, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let Type::Array(ra) = tt else { return self.fail(format!("numpy.arange producing {tt}")) };
        let ra = ra.clone();
        let bounds = self.arange_bounds(args, kws)?;
        if bounds.iter().flatten().any(|a| self.ty(*a).is_ok_and(|t| numeric(&t).is_some_and(|k| k.is_complex()))) {
            return self.complex_arange(bounds, &ra.dtype, tt);
        }
        let load = |cx: &Self, a: Option<VarId>| -> R<Option<(BasicValueEnum<'ctx>, Type)>> {
            a.map(|a| Ok((cx.load(a)?, cx.ty(a)?))).transpose()
        };
        let (start, stop, step) = (load(self, bounds[0])?, load(self, bounds[1])?, load(self, bounds[2])?);
        let Some(stop) = stop else { return self.fail("numpy.arange without a stop") };
        let dt = ra.dtype.clone();
        let f64t = Type::float64();
        let to_f = |cx: &FnCx<'a, 'ctx>, (v, t): &(BasicValueEnum<'ctx>, Type)| cx.cast(*v, t, &f64t).map(|x| x.into_float_value());
        let to_d = |cx: &FnCx<'a, 'ctx>, (v, t): &(BasicValueEnum<'ctx>, Type)| cx.cast(*v, t, &dt);
        let fstart = match &start {
            Some(s) => to_f(self, s)?,
            None => self.ctx.f64_type().const_zero(),
        };
        let fstep = match &step {
            Some(s) => to_f(self, s)?,
            None => self.ctx.f64_type().const_float(1.0),
        };
        let zero_step = self.b.build_float_compare(FloatPredicate::OEQ, fstep, self.ctx.f64_type().const_zero(), "")?;
        self.guard(zero_step, ExcKind::ValueError, "Maximum allowed size exceeded")?;
        let fstop = to_f(self, &stop)?;
        // Integer bounds: `stop - start` in int64, exactly (Numba's `(_stop - _start) / _step`),
        // then divided as floats.
        let int_bound = |b: &Option<(BasicValueEnum<'ctx>, Type)>| match b {
            None => true,
            Some((_, t)) => numeric(t).is_some_and(|k| k.is_integer() && (k.is_signed_int() || k.bitwidth() < 64)),
        };
        let span = if int_bound(&start) && int_bound(&Some(stop.clone())) {
            let i64t = Type::int64();
            let istop = self.cast(stop.0, &stop.1, &i64t)?.into_int_value();
            let istart = match &start {
                Some((v, t)) => self.cast(*v, t, &i64t)?.into_int_value(),
                None => self.i64(0),
            };
            let d = self.b.build_int_nsw_sub(istop, istart, "")?;
            self.b.build_signed_int_to_float(d, self.ctx.f64_type(), "")?
        } else {
            self.b.build_float_sub(fstop, fstart, "")?
        };
        let q = self.b.build_float_div(span, fstep, "")?;
        let c = crate::ops::intrinsic_call(self, "llvm.ceil", &[q.into()])?.into_float_value();
        let n = self.b.build_float_to_signed_int(c, self.ctx.i64_type(), "")?;
        let pos = self.b.build_int_compare(IntPredicate::SGT, n, self.i64(0), "")?;
        let n = self.b.build_select(pos, n, self.i64(0), "")?.into_int_value();
        let arr = self.alloc_array(&dt, &[n])?;
        let data = self.field(arr, 4)?.into_pointer_value();
        let dstart = match &start {
            Some(s) => to_d(self, s)?,
            None => self.cast(self.i64(0).into(), &Type::int64(), &dt)?,
        };
        let dstep = match &step {
            Some(s) => to_d(self, s)?,
            None => self.cast(self.i64(1).into(), &Type::int64(), &dt)?,
        };
        let et = types::storage_type(self.ctx, &dt).map_err(|m| self.cg_err(m))?;
        let Some(dk) = numeric(&dt) else { return self.fail("arange dtype") };
        self.counted_loop(n, |cx, i| {
            let fi = cx.cast(i.into(), &Type::int64(), &dt)?;
            let v: BasicValueEnum<'ctx> = if dk.is_float() {
                let m = cx.b.build_float_mul(fi.into_float_value(), dstep.into_float_value(), "")?;
                cx.b.build_float_add(dstart.into_float_value(), m, "")?.into()
            } else if dk.is_integer() {
                let m = cx.b.build_int_mul(fi.into_int_value(), dstep.into_int_value(), "")?;
                cx.b.build_int_add(dstart.into_int_value(), m, "")?.into()
            } else {
                return cx.fail(format!("numpy.arange of {dt} is not supported by numrs build yet"));
            };
            let p = unsafe { cx.b.build_gep(et, data, &[i], "")? };
            cx.store_element(p, v, &dt, &dt)
        })?;
        self.fresh = true;
        Ok(arr)
    }

    /// `np.arange` with a complex bound or step, as Numba's `np_arange`: `(stop - start) / step`
    /// in complex numbers (ValueError for a zero step), as many items as the smaller of the
    /// ceilings of its real and imaginary parts (none when negative), item `i` being
    /// `start + i * step`.
    fn complex_arange(&mut self, bounds: [Option<VarId>; 3], dt: &Type, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let c128 = Type::Number(NumericKind::Complex128);
        let mut parts = Vec::new();
        for (a, default) in bounds.into_iter().zip([0, 0, 1]) {
            parts.push(match a {
                Some(a) => {
                    let t = self.ty(a)?;
                    let v = self.load(a)?;
                    self.cast(v, &t, &c128)?
                }
                None => self.cast(self.i64(default).into(), &Type::int64(), &c128)?,
            });
        }
        let (start, stop, step) = (parts[0], parts[1], parts[2]);
        let op = |cx: &mut Self, key: &str, a: BasicValueEnum<'ctx>, b: BasicValueEnum<'ctx>| -> R<BasicValueEnum<'ctx>> {
            let sig = Signature { args: vec![c128.clone(), c128.clone()], return_type: c128.clone() };
            let Some(f) = crate::ops::lookup(key, &sig) else { return cx.fail(format!("{key} of complex numbers")) };
            f(cx, &sig, &[Some(a), Some(b)])
        };
        let sz = step.into_struct_value();
        let (sr, si) = (self.b.build_extract_value(sz, 0, "")?.into_float_value(), self.b.build_extract_value(sz, 1, "")?.into_float_value());
        let f0 = self.ctx.f64_type().const_zero();
        let zero_step = self.b.build_and(
            self.b.build_float_compare(FloatPredicate::OEQ, sr, f0, "")?,
            self.b.build_float_compare(FloatPredicate::OEQ, si, f0, "")?,
            "",
        )?;
        self.guard(zero_step, ExcKind::ValueError, "Maximum allowed size exceeded")?;
        let span = op(self, "operator.sub", stop, start)?;
        let q = op(self, "operator.truediv", span, step)?.into_struct_value();
        let mut counts = Vec::new();
        for part in 0..2 {
            let x = self.b.build_extract_value(q, part, "")?.into_float_value();
            let c = crate::ops::intrinsic_call(self, "llvm.ceil", &[x.into()])?.into_float_value();
            counts.push(self.b.build_float_to_signed_int(c, self.ctx.i64_type(), "")?);
        }
        let lt = self.b.build_int_compare(IntPredicate::SLT, counts[1], counts[0], "")?;
        let n = self.b.build_select(lt, counts[1], counts[0], "")?.into_int_value();
        let pos = self.b.build_int_compare(IntPredicate::SGT, n, self.i64(0), "")?;
        let n = self.b.build_select(pos, n, self.i64(0), "")?.into_int_value();
        let arr = self.alloc_array(dt, &[n])?;
        let dt = dt.clone();
        self.counted_loop(n, |cx, i| {
            let ic = cx.cast(i.into(), &Type::int64(), &c128)?;
            let m = op(cx, "operator.mul", ic, step)?;
            let v = op(cx, "operator.add", start, m)?;
            let p = cx.out_ptr(arr, &dt, i)?;
            cx.store_element(p, v, &c128, &dt)
        })?;
        self.fresh = true;
        self.cast(arr, &crate::npfuncs::array_type(&dt, 1, Layout::C), tt)
    }

    /// The mean from a parallel sum `sum` (of type `t`) of `n` items, as Numba's
    /// `mean_parallel_impl` computes it: `sum / n` in float64 (a ZeroDivisionError for no
    /// items, under the python error model), then as `t`.
    fn parallel_mean(&mut self, sum: BasicValueEnum<'ctx>, n: IntValue<'ctx>, t: &Type) -> R<BasicValueEnum<'ctx>> {
        if numeric(t).is_some_and(|k| k.is_complex()) {
            // Numba's `c / len(a)`: a complex128 division (raising on no items), then the
            // result's type.
            let c128 = Type::Number(NumericKind::Complex128);
            let s = self.cast(sum, t, &c128)?;
            let nc = self.cast(n.into(), &Type::int64(), &c128)?;
            let sig = Signature { args: vec![c128.clone(), c128.clone()], return_type: c128.clone() };
            let Some(div) = crate::ops::lookup("operator.truediv", &sig) else { return self.fail("complex division") };
            let q = div(self, &sig, &[Some(s), Some(nc)])?;
            return self.cast(q, &c128, t);
        }
        if !self.flags.numpy_errors {
            let empty = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(0), "")?;
            self.guard(empty, ExcKind::ZeroDivisionError, "division by zero")?;
        }
        let f64t = Type::float64();
        let s = self.cast(sum, t, &f64t)?;
        let nf = self.cast(n.into(), &Type::int64(), &f64t)?;
        let q = self.b.build_float_div(s.into_float_value(), nf.into_float_value(), "")?;
        self.cast(q.into(), &f64t, t)
    }

    /// `sum`, `prod` or `mean` (`m`) of the array `arr` of type `a`, as a value of type `tt`.
    pub(crate) fn reduce_array(&mut self, m: &str, arr: BasicValueEnum<'ctx>, a: &ArrayType, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let a = a.clone();
        let nitems = self.field(arr, 2)?.into_int_value();
        // Numba: the accumulator has the result type; strict left-to-right order.
        let acc_t = if m == "mean" {
            // mean accumulates in the result's type.
            tt.clone()
        } else {
            tt.clone()
        };
        let Some(ak) = numeric(&acc_t) else { return self.fail(format!("array.{m} returning {tt}")) };
        if self.flags.parallel && a.ndim >= 1 && (m != "mean" || ak.is_float() || ak.is_complex()) {
            // Numba's parfor reduction: chunks reduced apart, then combined in order
            // (a mean divides that sum); arrays of more dimensions split into boxes by
            // Numba's n-dimensional schedule.
            let name = if m == "prod" { "multiply" } else { "add" };
            let r = if a.ndim == 1 {
                self.parallel_array_reduce(arr, &a, &acc_t, name)?
            } else {
                self.parallel_array_reduce_nd(arr, &a, &acc_t, name)?
            };
            if m == "mean" {
                return self.parallel_mean(r, nitems, &acc_t);
            }
            return Ok(r);
        }
        let lt = types::number_type(self.ctx, ak);
        let acc = self.temp(lt)?;
        let init = if m == "prod" { self.i64(1) } else { self.i64(0) };
        let init = self.cast(init.into(), &Type::int64(), &acc_t)?;
        self.b.build_store(acc, init)?;
        let dtype = a.dtype.clone();
        self.counted_loop(nitems, |cx, i| {
            let p = cx.nditer_ptr(arr, &a, i)?;
            let x = cx.load_element(p, &dtype)?;
            let x = cx.cast(x, &dtype, &acc_t)?;
            let cur = cx.b.build_load(lt, acc, "")?;
            let name = if m == "prod" { "multiply" } else { "add" };
            let r = cx.ufunc_elem(name, &[(cur, acc_t.clone()), (x, acc_t.clone())], ak)?;
            cx.b.build_store(acc, r)?;
            Ok(())
        })?;
        let r = self.b.build_load(lt, acc, "")?;
        if m == "mean" {
            // Numba's `array_mean_impl`: NaN for an empty array, else `dtype(c / a.size)` (a
            // float64 or complex128 division).
            if ak.is_complex() {
                let empty = self.b.build_int_compare(IntPredicate::EQ, nitems, self.i64(0), "")?;
                let safe_n = self.b.build_select(empty, self.i64(1), nitems, "")?.into_int_value();
                let q = self.parallel_mean(r, safe_n, &acc_t)?;
                let part = types::number_type(self.ctx, ak.underlying_float()).into_float_type();
                let nan = self.complex(ak, part.const_float(f64::NAN).into(), part.const_float(f64::NAN).into())?;
                return Ok(self.b.build_select(empty, nan, q, "")?);
            }
            if !ak.is_float() {
                return self.fail(format!("array.mean returning {tt} is not supported by numrs build yet"));
            }
            let f64t = Type::float64();
            let c = self.cast(r, &acc_t, &f64t)?.into_float_value();
            let n = self.cast(nitems.into(), &Type::int64(), &f64t)?.into_float_value();
            let q = self.b.build_float_div(c, n, "")?;
            return self.cast(q.into(), &f64t, &acc_t);
        }
        Ok(r)
    }

    /// `m` (`sum`, `prod`, `mean`) of the array expression `recv` of a `parallel=True`
    /// function, fused as Numba's parfors fuse it: the elements are computed inside the
    /// reduction's chunks when every array operand has the result's length (a C-contiguous
    /// 1-d array); otherwise the expression's array is made (broadcasting, or its error) and
    /// reduced.
    fn fused_reduce(&mut self, m: &str, recv: VarId, a: &ArrayType, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        // The elements are the parfor's (NumPy's loop for a complex `/`).
        let saved = std::mem::replace(&mut self.in_parfor, true);
        let r = self.fused_reduce_in(m, recv, a, tt);
        self.in_parfor = saved;
        r
    }

    fn fused_reduce_in(&mut self, m: &str, recv: VarId, a: &ArrayType, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let Some(def) = self.defs.get(&recv).copied() else { return self.fail("a fused array expression without a definition") };
        let rt = Type::Array(std::sync::Arc::new(a.clone()));
        let made_t = ArrayType::new(a.dtype.clone(), 1, Layout::C, false);
        let mut leaves_v = Vec::new();
        let root = self.op_node(def, &rt, &mut leaves_v)?;
        // The expression's array, reduced as any array (then released).
        let made = |cx: &mut Self, root: &Node<'ctx>| -> R<BasicValueEnum<'ctx>> {
            let arr = cx.lower_expr_tree(root, &leaves_v, &rt, None, true)?;
            let r = cx.reduce_array(m, arr, &made_t, tt)?;
            cx.decref(arr, &crate::npfuncs::array_type(&made_t.dtype, 1, Layout::C))?;
            cx.fresh = false;
            Ok(r)
        };
        let ak = numeric(tt);
        // Fused only in the chunks of this function's own reduction (not inside a `prange`
        // body, whose reductions Numba runs in order), for real results, elements that cannot
        // raise, and C-contiguous 1-d array operands.
        let contiguous = leaves_v.iter().all(|(_, t)| match t {
            Type::Array(la) => la.ndim == 1 && la.layout == Layout::C,
            _ => true,
        });
        let Some(ak) = ak.filter(|k| self.flags.parallel && (m != "mean" || k.is_float() || k.is_complex()) && contiguous && !root.may_raise(true)) else {
            return made(self, &root);
        };
        let mut leaves = Vec::new();
        for (v, t) in &leaves_v {
            leaves.push(Leaf { ty: t.clone(), val: self.load(*v)? });
        }
        let acc_t = tt.clone();
        let lt = types::number_type(self.ctx, ak);
        let result = self.temp(lt)?;
        let arrays: Vec<&Leaf<'ctx>> = leaves.iter().filter(|l| matches!(l.ty, Type::Array(_))).collect();
        let Some(first) = arrays.first() else { return made(self, &root) };
        let n = self.dims(first.val, 5, 1)?[0];
        let mut same = self.ctx.bool_type().const_int(1, false);
        for l in &arrays[1..] {
            let ln = self.dims(l.val, 5, 1)?[0];
            let eq = self.b.build_int_compare(IntPredicate::EQ, ln, n, "")?;
            same = self.b.build_and(same, eq, "")?;
        }
        let fused = self.new_block("reduce_fused");
        let other = self.new_block("reduce_made");
        let done = self.new_block("reduce_fused_done");
        self.b.build_conditional_branch(same, fused, other)?;
        let name = if m == "prod" { "multiply" } else { "add" };
        // Fused: per leaf its data pointer (arrays) or value.
        self.b.position_at_end(fused);
        let mut env: Vec<BasicValueEnum<'ctx>> = Vec::new();
        for l in &leaves {
            env.push(if matches!(l.ty, Type::Array(_)) { self.field(l.val, 4)? } else { l.val });
        }
        let mut elem = |cx: &mut FnCx<'a, 'ctx>, i: IntValue<'ctx>, env: &[BasicValueEnum<'ctx>]| -> R<(BasicValueEnum<'ctx>, Type)> {
            let mut vals = Vec::new();
            for (l, e) in leaves.iter().zip(env) {
                vals.push(match &l.ty {
                    Type::Array(la) => {
                        let et = types::storage_type(cx.ctx, &la.dtype).map_err(|m| cx.cg_err(m))?;
                        let ep = unsafe { cx.b.build_gep(et, e.into_pointer_value(), &[i], "")? };
                        (cx.load_element(ep, &la.dtype)?, la.dtype.clone())
                    }
                    _ => (*e, l.ty.clone()),
                });
            }
            let (v, t) = cx.eval_node(&root, &vals)?;
            // The expression's own item type first, as its array would hold it.
            let v = cx.cast(v, &t, &a.dtype)?;
            Ok((v, a.dtype.clone()))
        };
        let r = self.parallel_reduce(n, &env, &mut elem, &acc_t, name)?;
        let r = if m == "mean" { self.parallel_mean(r, n, &acc_t)? } else { r };
        self.b.build_store(result, r)?;
        self.b.build_unconditional_branch(done)?;
        // Operands of other lengths (broadcast, or the error): the expression's array.
        self.b.position_at_end(other);
        let r = made(self, &root)?;
        self.b.build_store(result, r)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        Ok(self.b.build_load(lt, result, "")?)
    }

    /// `a.sum()`, `a.min()`, `a.max()`, `a.mean()`, `a.prod()`, `a.copy()`.
    pub(crate) fn array_method(&mut self, m: &str, recv: VarId, args: &[VarId], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let rt = self.ty(recv)?;
        let Type::Array(a) = &rt else { return self.fail(format!("method {m} of {rt}")) };
        let a = (**a).clone();
        if !args.is_empty() {
            return self.fail(format!("array.{m} with arguments is not supported by numrs build yet"));
        }
        if crate::datetime::is_datetime_like(&a.dtype) {
            if let Some(v) = self.datetime_array_method(m, recv, &a, tt)? {
                return Ok(v);
            }
        }
        // The smallest or largest string of a unicode array (`np.max(a)` of `<U1`): its
        // first position, as `argmin`/`argmax` find it.
        if let (Type::UnicodeCharSeq(_), "min" | "max") = (&a.dtype, m) {
            let arr = self.load(recv)?;
            let i = self.argminmax(&format!("arg{m}"), arr, &a)?.into_int_value();
            let p = self.flat_ptr(arr, &a, i)?;
            let v = self.load_element(p, &a.dtype)?;
            return self.cast(v, &a.dtype, tt);
        }
        // A copy moves items whole (records too); the rest need numbers.
        let ek = match numeric(&a.dtype) {
            Some(k) => k,
            None if m == "copy" || m == "tobytes" => NumericKind::UInt8,
            None => return self.fail(format!("arrays of {}", a.dtype)),
        };
        if self.fused_reduce.contains(&recv) {
            return self.fused_reduce(m, recv, &a, tt);
        }
        let arr = self.load(recv)?;
        let nitems = self.field(arr, 2)?.into_int_value();
        match m {
            "sum" | "prod" | "mean" => self.reduce_array(m, arr, &a, tt),
            "min" | "max" | "builtin_min" | "builtin_max" => {
                if ek.is_complex() && m.starts_with("builtin_") {
                    return self.fail(format!("{m} of complex arrays is not supported by numrs build yet"));
                }
                // Python's min()/max(): the first of equal items, `<`/`>` only (no NaN rule).
                let builtin = m.starts_with("builtin_");
                let m = m.trim_start_matches("builtin_");
                let empty = self.b.build_int_compare(IntPredicate::EQ, nitems, self.i64(0), "")?;
                let what = if m == "min" { "minimum" } else { "maximum" };
                if builtin {
                    // Numba's min()/max() of an iterable: `next()` of an empty one.
                    self.guard(empty, ExcKind::StopIteration, "")?;
                } else {
                    self.guard(empty, ExcKind::ValueError, &format!("zero-size array to reduction operation {what} which has no identity"))?;
                }
                let lt = types::number_type(self.ctx, ek);
                let acc = self.temp(lt)?;
                let is_max = m == "max";
                // In a `parallel=True` function Numba makes the reduction a parfor whose
                // operator is Python's `max`/`min` from the identity (-inf/+inf): NaNs never
                // win (an all-NaN array gives the identity).
                let parfor_float = self.parallel_fn && !builtin && ek.is_float();
                if parfor_float {
                    let id = if is_max { f64::NEG_INFINITY } else { f64::INFINITY };
                    self.b.build_store(acc, lt.into_float_type().const_float(id))?;
                } else {
                    let p0 = self.flat_ptr(arr, &a, self.i64(0))?;
                    let x0 = self.load_element(p0, &a.dtype)?;
                    self.b.build_store(acc, x0)?;
                }
                let dtype = a.dtype.clone();
                self.counted_loop(nitems, |cx, i| {
                    let p = cx.flat_ptr(arr, &a, i)?;
                    let x = cx.load_element(p, &dtype)?;
                    let cur = cx.b.build_load(lt, acc, "")?;
                    let r = if ek.is_complex() {
                        // Numba's complex comparator: the real parts, then the imaginary parts
                        // (no NaN rule).
                        let (c, v) = (cur.into_struct_value(), x.into_struct_value());
                        let part = |cx: &FnCx<'a, 'ctx>, z: inkwell::values::StructValue<'ctx>, k: u32| -> R<inkwell::values::FloatValue<'ctx>> {
                            Ok(cx.b.build_extract_value(z, k, "")?.into_float_value())
                        };
                        let p = if is_max { FloatPredicate::OGT } else { FloatPredicate::OLT };
                        let re_better = cx.b.build_float_compare(p, part(cx, v, 0)?, part(cx, c, 0)?, "")?;
                        let re_same = cx.b.build_float_compare(FloatPredicate::OEQ, part(cx, v, 0)?, part(cx, c, 0)?, "")?;
                        let im_better = cx.b.build_float_compare(p, part(cx, v, 1)?, part(cx, c, 1)?, "")?;
                        let take = cx.b.build_or(re_better, cx.b.build_and(re_same, im_better, "")?, "")?;
                        cx.b.build_select(take, x, cur, "")?
                    } else if ek.is_float() {
                        let (c, v) = (cur.into_float_value(), x.into_float_value());
                        let p = if is_max { FloatPredicate::OGT } else { FloatPredicate::OLT };
                        let better = cx.b.build_float_compare(p, v, c, "")?;
                        let vnan = cx.b.build_float_compare(FloatPredicate::UNO, v, v, "")?;
                        let cnan = cx.b.build_float_compare(FloatPredicate::UNO, c, c, "")?;
                        // NaN wins and stays (NumPy); Python's builtins only compare.
                        let take = if builtin || parfor_float {
                            better
                        } else {
                            cx.b.build_and(cx.b.build_or(better, vnan, "")?, cx.b.build_not(cnan, "")?, "")?
                        };
                        cx.b.build_select(take, x, cur, "")?
                    } else {
                        let s = ek.is_signed_int();
                        let p = match (is_max, s) {
                            (true, true) => IntPredicate::SGT,
                            (true, false) => IntPredicate::UGT,
                            (false, true) => IntPredicate::SLT,
                            (false, false) => IntPredicate::ULT,
                        };
                        let better = cx.b.build_int_compare(p, x.into_int_value(), cur.into_int_value(), "")?;
                        cx.b.build_select(better, x, cur, "")?
                    };
                    cx.b.build_store(acc, r)?;
                    Ok(())
                })?;
                let r = self.b.build_load(lt, acc, "")?;
                self.cast(r, &a.dtype, tt)
            }
            // Numba's `_array_tobytes_intrinsic`: the items' bytes in C order, a new `bytes`
            // (a 1-d array of its bytes here).
            "tobytes" => {
                let shape = self.dims(arr, 5, a.ndim)?;
                let copy = self.alloc_array(&a.dtype, &shape)?;
                let data = self.field(copy, 4)?.into_pointer_value();
                let et = types::storage_type(self.ctx, &a.dtype).map_err(|m| self.cg_err(m))?;
                self.counted_loop(nitems, |cx, i| {
                    let p = cx.flat_ptr(arr, &a, i)?;
                    let x = cx.b.build_load(et, p, "")?;
                    let q = unsafe { cx.b.build_gep(et, data, &[i], "")? };
                    cx.b.build_store(q, x)?;
                    Ok(())
                })?;
                let itemsize = self.field(copy, 3)?.into_int_value();
                let nbytes = self.b.build_int_mul(nitems, itemsize, "nbytes")?;
                let st = types::array_struct(self.ctx, 1);
                let one_dim = self.ctx.i64_type().array_type(1);
                let mut v = st.get_undef();
                v = self.b.build_insert_value(v, self.field(copy, 0)?, 0, "")?.into_struct_value();
                v = self.b.build_insert_value(v, self.ptr_ty().const_null(), 1, "")?.into_struct_value();
                v = self.b.build_insert_value(v, nbytes, 2, "")?.into_struct_value();
                v = self.b.build_insert_value(v, self.i64(1), 3, "")?.into_struct_value();
                v = self.b.build_insert_value(v, data, 4, "")?.into_struct_value();
                let dims = self.b.build_insert_value(one_dim.get_undef(), nbytes, 0, "")?;
                v = self.b.build_insert_value(v, dims, 5, "")?.into_struct_value();
                let steps = self.b.build_insert_value(one_dim.get_undef(), self.i64(1), 0, "")?;
                v = self.b.build_insert_value(v, steps, 6, "")?.into_struct_value();
                self.fresh = true;
                Ok(v.into())
            }
            "copy" => {
                let shape = self.dims(arr, 5, a.ndim)?;
                let out = self.alloc_array(&a.dtype, &shape)?;
                let data = self.field(out, 4)?.into_pointer_value();
                let et = types::storage_type(self.ctx, &a.dtype).map_err(|m| self.cg_err(m))?;
                let dtype = a.dtype.clone();
                self.counted_loop(nitems, |cx, i| {
                    let p = cx.flat_ptr(arr, &a, i)?;
                    let x = cx.b.build_load(et, p, "")?;
                    let q = unsafe { cx.b.build_gep(et, data, &[i], "")? };
                    cx.b.build_store(q, x)?;
                    let _ = &dtype;
                    Ok(())
                })?;
                self.fresh = true;
                let ct = Type::Array(std::sync::Arc::new(ArrayType::new(a.dtype.clone(), a.ndim, Layout::C, false)));
                self.cast(out, &ct, tt)
            }
            other => self.fail(format!("array.{other} is not supported by numrs build yet")),
        }
    }

    /// A unary operator (`operator.neg`, ...) on a scalar, by the operator table.
    fn unary_scalar(&mut self, key: &str, a: BasicValueEnum<'ctx>, at: &Type) -> R<(BasicValueEnum<'ctx>, Type)> {
        let sig = match numrs_typing::resolve_call(key, &[at.clone()], &[]) {
            Ok(Some(sig)) if sig.args.len() == 1 => sig,
            _ => return self.fail(format!("{key}({at}) is not supported by numrs build yet")),
        };
        // Computed in the result type (`-x` of an int8 is an int64).
        let rt = sig.return_type.clone();
        let sig = numrs_types::Signature::new(rt.clone(), vec![rt.clone()]);
        let Some(imp) = crate::ops::lookup(key, &sig) else {
            return self.fail(format!("{key}({at}) is not supported by numrs build yet"));
        };
        let a = self.cast(a, at, &rt)?;
        let r = imp(self, &sig, &[Some(a)])?;
        Ok((r, rt))
    }
}

/// The item type of a homogeneous tuple or a list of numbers, which array expressions read as
/// a 1-d array.
fn sequence_item(t: &Type) -> Option<Type> {
    let item = match t {
        Type::UniTuple(item, n) if *n > 0 => (**item).clone(),
        Type::List { dtype, .. } => (**dtype).clone(),
        _ => return None,
    };
    numeric(&item).is_some().then_some(item)
}
