//! Implementations of operators and builtins, as a table keyed by the typing registry's callee
//! key and the class of the signature's first argument (the signature Numba's template chose;
//! operands are already cast to it). Semantics follow Numba's lowering with `error_model =
//! 'python'`: Python's floor division and modulo, `ZeroDivisionError` on division by zero.

use inkwell::types::BasicType;
use inkwell::values::{BasicValue, BasicValueEnum, FloatValue, IntValue};
use inkwell::{FloatPredicate, IntPredicate};
use numrs_abi::ExcKind;
use numrs_syntax::ast::{BinOp, CmpOp};
use numrs_types::{NumericKind, Signature, Type};

use crate::func::{FnCx, R};
use crate::types::{self, numeric};

pub fn binop_key(op: BinOp, inplace: bool) -> &'static str {
    let (plain, inpl) = match op {
        BinOp::Add => ("operator.add", "operator.iadd"),
        BinOp::Sub => ("operator.sub", "operator.isub"),
        BinOp::Mult => ("operator.mul", "operator.imul"),
        BinOp::MatMult => ("operator.matmul", "operator.imatmul"),
        BinOp::Div => ("operator.truediv", "operator.itruediv"),
        BinOp::Mod => ("operator.mod", "operator.imod"),
        BinOp::Pow => ("operator.pow", "operator.ipow"),
        BinOp::LShift => ("operator.lshift", "operator.ilshift"),
        BinOp::RShift => ("operator.rshift", "operator.irshift"),
        BinOp::BitOr => ("operator.or_", "operator.ior"),
        BinOp::BitXor => ("operator.xor", "operator.ixor"),
        BinOp::BitAnd => ("operator.and_", "operator.iand"),
        BinOp::FloorDiv => ("operator.floordiv", "operator.ifloordiv"),
    };
    if inplace {
        inpl
    } else {
        plain
    }
}

/// The IR operation a call of the `operator` module's function `key` stands for, with these
/// arguments (`operator.add(a, b)` is `a + b`), lowered as that operation is.
pub fn operator_value(key: &str, args: &[numrs_ir::VarId]) -> Option<numrs_ir::Value> {
    use numrs_ir::Value;
    use numrs_syntax::ast::UnaryOp;
    const BINARY: [BinOp; 13] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mult,
        BinOp::MatMult,
        BinOp::Div,
        BinOp::Mod,
        BinOp::Pow,
        BinOp::LShift,
        BinOp::RShift,
        BinOp::BitOr,
        BinOp::BitXor,
        BinOp::BitAnd,
        BinOp::FloorDiv,
    ];
    const COMPARE: [CmpOp; 6] = [CmpOp::Eq, CmpOp::NotEq, CmpOp::Lt, CmpOp::LtE, CmpOp::Gt, CmpOp::GtE];
    match args {
        [lhs, rhs] => {
            let (lhs, rhs) = (*lhs, *rhs);
            if let Some(op) = BINARY.iter().find(|op| binop_key(**op, false) == key) {
                return Some(Value::BinOp { op: *op, lhs, rhs });
            }
            if let Some(op) = BINARY.iter().find(|op| binop_key(**op, true) == key) {
                return Some(Value::InplaceBinOp { op: *op, lhs, rhs });
            }
            if let Some(op) = COMPARE.iter().find(|op| cmp_key(**op) == key) {
                return Some(Value::Compare { op: *op, lhs, rhs });
            }
            match key {
                "operator.getitem" => Some(Value::GetItem { value: lhs, index: rhs }),
                "operator.contains" => Some(Value::Compare { op: CmpOp::In, lhs: rhs, rhs: lhs }),
                _ => None,
            }
        }
        [operand] => {
            let op = match key {
                "operator.neg" => UnaryOp::USub,
                "operator.pos" => UnaryOp::UAdd,
                "operator.invert" => UnaryOp::Invert,
                "operator.not_" => UnaryOp::Not,
                _ => return None,
            };
            Some(Value::Unary { op, operand: *operand })
        }
        _ => None,
    }
}

pub fn cmp_key(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "operator.eq",
        CmpOp::NotEq => "operator.ne",
        CmpOp::Lt => "operator.lt",
        CmpOp::LtE => "operator.le",
        CmpOp::Gt => "operator.gt",
        CmpOp::GtE => "operator.ge",
        CmpOp::Is => "operator.is_",
        CmpOp::IsNot => "operator.is_not",
        CmpOp::In | CmpOp::NotIn => "operator.contains",
    }
}

/// What the first formal argument must be for an entry to apply.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Int,
    Float,
    Complex,
    Bool,
    /// Integer or bool.
    Integral,
    /// Any real number (int, bool or float).
    Real,
    Number,
    Tuple,
    Array,
    List,
    Range,
    /// `a.flat` (Numba's `NumpyFlatType`).
    Flat,
    Any,
}

impl Class {
    fn matches(self, t: Option<&Type>) -> bool {
        let k = t.and_then(numeric);
        match self {
            Class::Int => k.is_some_and(|k| k.is_integer()),
            Class::Float => k.is_some_and(|k| k.is_float()),
            Class::Complex => k.is_some_and(|k| k.is_complex()),
            Class::Bool => k == Some(NumericKind::Boolean),
            Class::Integral => k.is_some_and(|k| k.is_integer() || k == NumericKind::Boolean),
            Class::Real => k.is_some_and(|k| !k.is_complex()),
            Class::Number => k.is_some(),
            Class::Tuple => t.is_some_and(|t| t.tuple_items().is_some()),
            Class::Array => matches!(t, Some(Type::Array(_))),
            Class::List => matches!(t, Some(Type::List { .. } | Type::ListType(_))),
            Class::Range => matches!(t, Some(Type::Range(_))),
            Class::Flat => matches!(t, Some(Type::Iterator(k)) if matches!(**k, numrs_types::IteratorKind::Flat(_))),
            Class::Any => true,
        }
    }
}

pub type OpImpl = for<'a, 'ctx> fn(&mut FnCx<'a, 'ctx>, &Signature, &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>>;

const INPLACE: &[(&str, &str)] = &[
    ("operator.iadd", "operator.add"),
    ("operator.isub", "operator.sub"),
    ("operator.imul", "operator.mul"),
    ("operator.itruediv", "operator.truediv"),
    ("operator.imod", "operator.mod"),
    ("operator.ipow", "operator.pow"),
    ("operator.ilshift", "operator.lshift"),
    ("operator.irshift", "operator.rshift"),
    ("operator.ior", "operator.or_"),
    ("operator.ixor", "operator.xor"),
    ("operator.iand", "operator.and_"),
    ("operator.ifloordiv", "operator.floordiv"),
];

fn table() -> &'static [(&'static str, Class, OpImpl)] {
    &[
        ("operator.add", Class::Integral, int_add),
        ("operator.add", Class::Float, float_add),
        ("operator.add", Class::Complex, complex_add),
        ("operator.sub", Class::Integral, int_sub),
        ("operator.sub", Class::Float, float_sub),
        ("operator.sub", Class::Complex, complex_sub),
        ("operator.mul", Class::Integral, int_mul),
        ("operator.mul", Class::Float, float_mul),
        ("operator.mul", Class::Complex, complex_mul),
        ("operator.truediv", Class::Integral, int_truediv),
        ("operator.truediv", Class::Float, float_truediv),
        ("operator.truediv", Class::Complex, complex_truediv),
        ("operator.floordiv", Class::Int, int_floordiv),
        ("operator.floordiv", Class::Float, float_floordiv),
        ("operator.mod", Class::Int, int_mod),
        ("operator.mod", Class::Float, float_mod),
        ("operator.pow", Class::Int, int_pow),
        ("operator.pow", Class::Float, float_pow),
        ("operator.pow", Class::Complex, crate::cmath::complex_pow),
        ("operator.lshift", Class::Int, int_shl),
        ("operator.rshift", Class::Int, int_shr),
        ("operator.and_", Class::Integral, int_and),
        ("operator.or_", Class::Integral, int_or),
        ("operator.xor", Class::Integral, int_xor),
        ("operator.eq", Class::Real, cmp_eq),
        ("operator.ne", Class::Real, cmp_ne),
        ("operator.lt", Class::Real, cmp_lt),
        ("operator.le", Class::Real, cmp_le),
        ("operator.gt", Class::Real, cmp_gt),
        ("operator.ge", Class::Real, cmp_ge),
        ("operator.eq", Class::Complex, complex_eq),
        ("operator.ne", Class::Complex, complex_ne),
        ("operator.neg", Class::Integral, int_neg),
        ("operator.neg", Class::Float, float_neg),
        ("operator.neg", Class::Complex, complex_neg),
        ("operator.pos", Class::Number, identity),
        ("operator.invert", Class::Integral, int_invert),
        ("operator.not_", Class::Any, not_),
        ("builtins.bool", Class::Any, truth),
        ("operator.truth", Class::Bool, truth),
        ("class.number", Class::Number, identity),
        ("builtins.int", Class::Number, identity),
        ("builtins.float", Class::Number, identity),
        ("builtins.float", Class::Any, float_of_literal),
        ("builtins.complex", Class::Real, make_complex),
        ("builtins.complex", Class::Complex, complex_of_complex),
        ("builtins.abs", Class::Int, int_abs),
        ("builtins.abs", Class::Bool, identity),
        ("builtins.abs", Class::Float, float_abs),
        ("builtins.abs", Class::Complex, complex_abs),
        ("builtins.min", Class::Real, min_),
        ("builtins.max", Class::Real, max_),
        ("builtins.min", Class::Tuple, min_),
        ("builtins.max", Class::Tuple, max_),
        ("builtins.len", Class::Tuple, tuple_len),
        ("builtins.tuple", Class::Tuple, tuple_of_tuple),
        ("builtins.hash", Class::Real, crate::hashing::hash),
        ("builtins.hash", Class::Complex, crate::hashing::hash),
        ("builtins.hash", Class::Tuple, crate::hashing::hash),
        ("builtins.hash", Class::List, crate::hashing::unhashable),
        ("operator.add", Class::Tuple, crate::tuples::concat),
        ("operator.contains", Class::Tuple, crate::tuples::contains),
        ("operator.eq", Class::Tuple, crate::tuples::eq),
        ("operator.lt", Class::Tuple, crate::tuples::lt),
        ("operator.le", Class::Tuple, crate::tuples::le),
        ("operator.gt", Class::Tuple, crate::tuples::gt),
        ("operator.ge", Class::Tuple, crate::tuples::ge),
        ("cmath.sqrt", Class::Number, crate::ctrig::sqrt),
        ("cmath.cos", Class::Number, crate::ctrig::cos),
        ("cmath.sin", Class::Number, crate::ctrig::sin),
        ("cmath.tan", Class::Number, crate::ctrig::tan),
        ("cmath.cosh", Class::Number, crate::ctrig::cosh),
        ("cmath.sinh", Class::Number, crate::ctrig::sinh),
        ("cmath.tanh", Class::Number, crate::ctrig::tanh),
        ("cmath.acos", Class::Number, crate::ctrig::acos),
        ("cmath.asin", Class::Number, crate::ctrig::asin),
        ("cmath.atan", Class::Number, crate::ctrig::atan),
        ("cmath.acosh", Class::Number, crate::ctrig::acosh),
        ("cmath.asinh", Class::Number, crate::ctrig::asinh),
        ("cmath.atanh", Class::Number, crate::ctrig::atanh),
        ("cmath.exp", Class::Number, crate::cmath::exp),
        ("cmath.log", Class::Number, crate::cmath::log),
        ("cmath.phase", Class::Number, crate::cmath::phase),
        ("cmath.polar", Class::Number, crate::cmath::polar),
        ("cmath.log10", Class::Number, crate::cmath::log10),
        ("cmath.isnan", Class::Number, crate::cmath::isnan),
        ("cmath.isinf", Class::Number, crate::cmath::isinf),
        ("cmath.isfinite", Class::Number, crate::cmath::isfinite),
        ("cmath.rect", Class::Real, crate::cmath::rect),
        ("operator.ne", Class::Tuple, crate::tuples::ne),
        ("builtins.sum", Class::Tuple, crate::tuples::sum),
        ("builtins.len", Class::Array, array_len),
        ("builtins.len", Class::List, list_len),
        ("builtins.range", Class::Integral, range),
        ("builtins.iter", Class::Any, iter),
        ("builtins.iter", Class::Array, iter),
        ("builtins.iter", Class::List, iter),
        ("builtins.next", Class::Any, next),
        ("builtins.len", Class::Range, range_len),
        ("builtins.len", Class::Flat, flat_len),
        ("operator.contains", Class::Range, range_contains),
        ("operator.contains", Class::Array, array_contains),
        ("builtins.slice", Class::Any, crate::arrays::make_slice),
        ("builtins.divmod", Class::Int, int_divmod),
        ("builtins.pow", Class::Int, int_pow),
        ("builtins.pow", Class::Float, float_pow),
        ("builtins.round", Class::Float, round_),
        ("builtins.divmod", Class::Float, float_divmod),
        ("math.floor", Class::Float, math_floor),
        ("math.ceil", Class::Float, math_ceil),
        ("math.trunc", Class::Float, math_trunc),
        ("math.floor", Class::Integral, identity),
        ("math.ceil", Class::Integral, identity),
        ("math.trunc", Class::Integral, identity),
        ("math.isnan", Class::Float, math_isnan),
        ("math.isinf", Class::Float, math_isinf),
        ("math.isfinite", Class::Float, math_isfinite),
        ("math.isnan", Class::Integral, const_false),
        ("math.isinf", Class::Integral, const_false),
        ("math.isfinite", Class::Integral, const_true),
        ("math.degrees", Class::Real, math_degrees),
        ("math.radians", Class::Real, math_radians),
        ("math.ldexp", Class::Float, math_ldexp),
        ("math.frexp", Class::Float, math_frexp),
        ("math.log", Class::Float, math_log),
        ("math.log", Class::Integral, math_log),
        ("math.gcd", Class::Int, math_gcd),
        ("math.pow", Class::Float, float_pow),
    ]
}

/// libm functions by `math.` name: (float64 symbol, float32 symbol).
const LIBM: &[(&str, &str, &str)] = &[
    ("sqrt", "sqrt", "sqrtf"),
    ("exp", "exp", "expf"),
    ("expm1", "expm1", "expm1f"),
    ("log10", "log10", "log10f"),
    ("log2", "log2", "log2f"),
    ("log1p", "log1p", "log1pf"),
    ("sin", "sin", "sinf"),
    ("cos", "cos", "cosf"),
    ("tan", "tan", "tanf"),
    ("asin", "asin", "asinf"),
    ("acos", "acos", "acosf"),
    ("atan", "atan", "atanf"),
    ("sinh", "sinh", "sinhf"),
    ("cosh", "cosh", "coshf"),
    ("tanh", "tanh", "tanhf"),
    ("asinh", "asinh", "asinhf"),
    ("acosh", "acosh", "acoshf"),
    ("atanh", "atanh", "atanhf"),
    ("fabs", "fabs", "fabsf"),
    ("erf", "erf", "erff"),
    ("erfc", "erfc", "erfcf"),
    ("gamma", "tgamma", "tgammaf"),
    ("lgamma", "lgamma", "lgammaf"),
    ("atan2", "atan2", "atan2f"),
    ("hypot", "hypot", "hypotf"),
    ("copysign", "copysign", "copysignf"),
    ("fmod", "fmod", "fmodf"),
    ("exp2", "exp2", "exp2f"),
    ("cbrt", "cbrt", "cbrtf"),
    ("nextafter", "nextafter", "nextafterf"),
];

/// The implementation for `key` with the chosen signature.
pub fn lookup(key: &str, sig: &Signature) -> Option<OpImpl> {
    let key = INPLACE.iter().find(|(i, _)| *i == key).map_or(key, |(_, p)| *p);
    if let Some(f) = crate::datetime::lookup(key, sig) {
        return Some(f);
    }
    let first = sig.args.first();
    let arrays = sig.args.iter().chain([&sig.return_type]).any(|t| matches!(t, Type::Array(_)));
    if arrays && !matches!(key, "builtins.len" | "builtins.bool" | "builtins.iter" | "builtins.next" | "operator.contains") {
        return None;
    }
    if let Some(f) = table().iter().find(|(k, c, _)| *k == key && c.matches(first)).map(|(_, _, f)| *f) {
        return Some(f);
    }
    if let Some(name) = key.strip_prefix("math.") {
        // Integer arguments are converted to the (float) result type first, as Numba does.
        let float_ret = numeric(&sig.return_type).is_some_and(|k| k.is_float());
        if LIBM.iter().any(|(n, _, _)| *n == name)
            && sig.args.iter().all(|a| numeric(a).is_some_and(|k| k.is_float() || (float_ret && !k.is_complex())))
        {
            return Some(libm_call);
        }
    }
    None
}

fn arg<'ctx>(cx: &FnCx<'_, 'ctx>, vals: &[Option<BasicValueEnum<'ctx>>], i: usize) -> R<BasicValueEnum<'ctx>> {
    match vals.get(i).copied().flatten() {
        Some(v) => Ok(v),
        None => cx.fail(format!("argument {i} has no run-time value")),
    }
}

fn ints<'ctx>(cx: &FnCx<'_, 'ctx>, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<(IntValue<'ctx>, IntValue<'ctx>)> {
    Ok((arg(cx, vals, 0)?.into_int_value(), arg(cx, vals, 1)?.into_int_value()))
}

fn floats<'ctx>(cx: &FnCx<'_, 'ctx>, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<(FloatValue<'ctx>, FloatValue<'ctx>)> {
    Ok((arg(cx, vals, 0)?.into_float_value(), arg(cx, vals, 1)?.into_float_value()))
}

fn kind(cx: &FnCx<'_, '_>, t: &Type) -> R<NumericKind> {
    match numeric(t) {
        Some(k) => Ok(k),
        None => cx.fail(format!("expected a number, got {t}")),
    }
}

fn signed(sig: &Signature) -> bool {
    sig.args.first().and_then(numeric).is_some_and(|k| k.is_signed_int())
}

/// The integer type an integer operation computes in: its result's (`divmod`: the quotient's).
/// Numba casts both operands to it and takes the signedness from it, so `(uint64, int64) ->
/// int64` divides signed.
fn result_int(sig: &Signature) -> Option<Type> {
    let t = match &sig.return_type {
        Type::UniTuple(item, _) => (**item).clone(),
        Type::Tuple(items) => items.first()?.clone(),
        other => other.clone(),
    };
    numeric(&t).filter(|k| k.is_integer()).map(Type::Number)
}

/// Both operands of an integer operation, cast to the type it computes in.
fn int_operands<'ctx>(
    cx: &mut FnCx<'_, 'ctx>,
    sig: &Signature,
    vals: &[Option<BasicValueEnum<'ctx>>],
) -> R<(IntValue<'ctx>, IntValue<'ctx>, bool)> {
    let Some(t) = result_int(sig) else {
        let (a, b) = ints(cx, vals)?;
        return Ok((a, b, signed(sig)));
    };
    let a = cx.cast(arg(cx, vals, 0)?, &sig.args[0], &t)?.into_int_value();
    let b = cx.cast(arg(cx, vals, 1)?, &sig.args[1], &t)?.into_int_value();
    Ok((a, b, numeric(&t).is_some_and(|k| k.is_signed_int())))
}

macro_rules! int_binop {
    ($name:ident, $method:ident) => {
        fn $name<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
            let (a, b, _) = int_operands(cx, sig, vals)?;
            Ok(cx.b.$method(a, b, "")?.into())
        }
    };
}
macro_rules! float_binop {
    ($name:ident, $method:ident) => {
        fn $name<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
            let (a, b) = floats(cx, vals)?;
            Ok(cx.b.$method(a, b, "")?.into())
        }
    };
}
/// Signed `+`, `-` and `*` carry LLVM's `nsw` (no signed wrap), as Numba's
/// `_int_arith_flags` gives them: an overflow is undefined, which lets LLVM simplify index
/// arithmetic (and fold `n + 2**63` as Numba's code does).
macro_rules! int_binop_nsw {
    ($name:ident, $wrapping:ident, $nsw:ident) => {
        fn $name<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
            let (a, b, signed) = int_operands(cx, sig, vals)?;
            Ok(if signed { cx.b.$nsw(a, b, "")? } else { cx.b.$wrapping(a, b, "")? }.into())
        }
    };
}
int_binop_nsw!(int_add, build_int_add, build_int_nsw_add);
int_binop_nsw!(int_sub, build_int_sub, build_int_nsw_sub);
int_binop_nsw!(int_mul, build_int_mul, build_int_nsw_mul);
int_binop!(int_and, build_and);
int_binop!(int_or, build_or);
int_binop!(int_xor, build_xor);
float_binop!(float_add, build_float_add);
float_binop!(float_sub, build_float_sub);
float_binop!(float_mul, build_float_mul);

/// Both operands of a shift, cast to the result type (Numba: `(int32, int64) -> int64`), and the
/// shift amount as the hardware uses it (modulo the width), so that results are defined where
/// LLVM's would be poison. A constant amount of at least the width shifts everything out.
fn shift_operands<'ctx>(
    cx: &mut FnCx<'_, 'ctx>,
    sig: &Signature,
    vals: &[Option<BasicValueEnum<'ctx>>],
) -> R<(IntValue<'ctx>, IntValue<'ctx>, Option<u64>)> {
    let (a, b) = (arg(cx, vals, 0)?, arg(cx, vals, 1)?);
    let a = cx.cast(a, &sig.args[0], &sig.return_type)?.into_int_value();
    let b = cx.cast(b, &sig.args[1], &sig.return_type)?.into_int_value();
    let width = a.get_type().get_bit_width() as u64;
    if let Some(amount) = b.get_zero_extended_constant() {
        return Ok((a, b, (amount >= width).then_some(width)));
    }
    let mask = a.get_type().const_int(width - 1, false);
    Ok((a, cx.b.build_and(b, mask, "")?, None))
}

fn int_shl<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (a, b, out_of_range) = shift_operands(cx, sig, vals)?;
    if out_of_range.is_some() {
        return Ok(a.get_type().const_zero().into());
    }
    Ok(cx.b.build_left_shift(a, b, "")?.into())
}

fn int_shr<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (a, b, out_of_range) = shift_operands(cx, sig, vals)?;
    let signed = signed(sig);
    if let Some(width) = out_of_range {
        if !signed {
            return Ok(a.get_type().const_zero().into());
        }
        let sign = a.get_type().const_int(width - 1, false);
        return Ok(cx.b.build_right_shift(a, sign, true, "")?.into());
    }
    Ok(cx.b.build_right_shift(a, b, signed, "")?.into())
}

fn identity<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let v = arg(cx, vals, 0)?;
    cx.cast(v, &sig.args[0], &sig.return_type)
}

fn int_neg<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let v = arg(cx, vals, 0)?;
    let k = kind(cx, &sig.args[0])?;
    let rk = kind(cx, &sig.return_type)?;
    // Numba's `-x` of a boolean widens first; of an integer it negates in the operand's
    // width and then widens by the operand's signedness to `choose_result_int(x)`
    // (`-np.uint8(5)` is 251, `-np.int8(-128)` is -128).
    if k == NumericKind::Boolean {
        let v = cx.cast_number(v, k, rk)?;
        return Ok(cx.b.build_int_neg(v.into_int_value(), "")?.into());
    }
    let n = cx.b.build_int_neg(v.into_int_value(), "")?;
    cx.cast_number(n.into(), k, rk)
}

/// `float("1.5")`: the literal converted when compiling (Numba's `float_literal_impl`).
fn float_of_literal<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, _vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let Some(Type::StringLiteral(s)) = sig.args.first() else { return cx.fail(format!("float() of {} is not supported by numrs build yet", sig.args[0])) };
    let Some(x) = numrs_typing::python_float(s) else { return cx.fail(format!("could not convert string to float: {s:?}")) };
    cx.cast(cx.ctx.f64_type().const_float(x).into(), &Type::float64(), &sig.return_type)
}

fn float_neg<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let v = arg(cx, vals, 0)?.into_float_value();
    Ok(negate_real(cx, v)?.into())
}

/// `-x` of a float as Numba's `negate_real` computes it: `-0.0 - x` (LLVM makes it a sign flip,
/// except that it folds the subtraction of a constant NaN to that NaN, sign and all).
pub(crate) fn negate_real<'ctx>(cx: &FnCx<'_, 'ctx>, v: inkwell::values::FloatValue<'ctx>) -> R<inkwell::values::FloatValue<'ctx>> {
    let neg_zero = v.get_type().const_float(-0.0);
    Ok(cx.b.build_float_sub(neg_zero, v, "")?)
}

fn int_invert<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let v = arg(cx, vals, 0)?;
    let k = kind(cx, &sig.args[0])?;
    let rk = kind(cx, &sig.return_type)?;
    // A boolean widens first; an integer is inverted in its own width, then widened.
    if k == NumericKind::Boolean && rk != NumericKind::Boolean {
        let v = cx.cast_number(v, k, rk)?;
        return Ok(cx.b.build_not(v.into_int_value(), "")?.into());
    }
    let n = cx.b.build_not(v.into_int_value(), "")?;
    cx.cast_number(n.into(), k, rk)
}

fn not_<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let t = truth(cx, sig, vals)?.into_int_value();
    Ok(cx.b.build_not(t, "")?.into())
}

fn truth<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    match vals.first().copied().flatten() {
        Some(v) => Ok(cx.truth(v, &sig.args[0])?.into()),
        None => match sig.args.first() {
            // `bool()` is False.
            None => Ok(cx.ctx.bool_type().const_zero().into()),
            Some(t) => cx.fail(format!("truth value of {t} is not supported by numrs build yet")),
        },
    }
}

fn const_false<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, _vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    Ok(cx.ctx.bool_type().const_zero().into())
}

fn const_true<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, _vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    Ok(cx.ctx.bool_type().const_int(1, false).into())
}

// ----- division -----

fn is_zero_int<'ctx>(cx: &FnCx<'_, 'ctx>, b: IntValue<'ctx>) -> R<IntValue<'ctx>> {
    Ok(cx.b.build_int_compare(IntPredicate::EQ, b, b.get_type().const_zero(), "")?)
}

fn is_zero_float<'ctx>(cx: &FnCx<'_, 'ctx>, b: FloatValue<'ctx>) -> R<IntValue<'ctx>> {
    Ok(cx.b.build_float_compare(FloatPredicate::OEQ, b, b.get_type().const_zero(), "")?)
}

fn int_truediv<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    // Each operand converts by its own type (`uint64 / int64` is `float(a) / float(b)`).
    let (ka, kb) = (kind(cx, &sig.args[0])?, kind(cx, &sig.args[1])?);
    let rk = kind(cx, &sig.return_type)?;
    let (a, b) = (arg(cx, vals, 0)?, arg(cx, vals, 1)?);
    let a = cx.cast_number(a, ka, rk)?.into_float_value();
    let b = cx.cast_number(b, kb, rk)?.into_float_value();
    if !cx.flags.numpy_errors {
        cx.guard(is_zero_float(cx, b)?, ExcKind::ZeroDivisionError, "division by zero")?;
    }
    Ok(cx.b.build_float_div(a, b, "")?.into())
}

fn float_truediv<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (a, b) = floats(cx, vals)?;
    if !cx.flags.numpy_errors {
        cx.guard(is_zero_float(cx, b)?, ExcKind::ZeroDivisionError, "division by zero")?;
    }
    Ok(cx.b.build_float_div(a, b, "")?.into())
}

/// Python's `divmod` for integers: (floor quotient, remainder with the divisor's sign).
/// Division by zero raises, or with `error_model='numpy'` gives (0, 0) as in Numba.
fn int_divmod_values<'ctx>(cx: &FnCx<'_, 'ctx>, signed: bool, a: IntValue<'ctx>, b: IntValue<'ctx>, what: &str) -> R<(IntValue<'ctx>, IntValue<'ctx>)> {
    if cx.flags.numpy_errors {
        let t = a.get_type();
        let zero = is_zero_int(cx, b)?;
        let safe_b = cx.b.build_select(zero, t.const_int(1, false), b, "")?.into_int_value();
        let (q, r) = int_divmod_nonzero(cx, signed, a, safe_b)?;
        let q = cx.b.build_select(zero, t.const_zero(), q, "")?.into_int_value();
        let r = cx.b.build_select(zero, t.const_zero(), r, "")?.into_int_value();
        return Ok((q, r));
    }
    cx.guard(is_zero_int(cx, b)?, ExcKind::ZeroDivisionError, what)?;
    int_divmod_nonzero(cx, signed, a, b)
}

/// [`int_divmod_values`] for a divisor known not to be zero.
fn int_divmod_nonzero<'ctx>(cx: &FnCx<'_, 'ctx>, signed: bool, a: IntValue<'ctx>, b: IntValue<'ctx>) -> R<(IntValue<'ctx>, IntValue<'ctx>)> {
    let t = a.get_type();
    if !signed {
        return Ok((cx.b.build_int_unsigned_div(a, b, "")?, cx.b.build_int_unsigned_rem(a, b, "")?));
    }
    // A constant positive power of two: the floor quotient is an arithmetic shift and the
    // remainder (the divisor's sign: never negative) the low bits. The same values as below,
    // in the form LLVM reasons about best (`x % 2 == 0` a bit test that makes `x // 2` in its
    // branch an exact shift, so the branch becomes a select, as in Numba's code).
    if let Some(d) = b.get_sign_extended_constant() {
        if d > 1 && (d as u64).is_power_of_two() {
            let k = d.trailing_zeros() as u64;
            let q = cx.b.build_right_shift(a, t.const_int(k, false), true, "")?;
            let r = cx.b.build_and(a, t.const_int((d - 1) as u64, false), "")?;
            return Ok((q, r));
        }
    }
    // sdiv overflows for MIN / -1: divide by 1 there and negate.
    let minus_one = t.const_all_ones();
    let is_m1 = cx.b.build_int_compare(IntPredicate::EQ, b, minus_one, "")?;
    let safe_b = cx.b.build_select(is_m1, t.const_int(1, false), b, "")?.into_int_value();
    let q = cx.b.build_int_signed_div(a, safe_b, "")?;
    let r = cx.b.build_int_signed_rem(a, safe_b, "")?;
    let q = cx.b.build_select(is_m1, cx.b.build_int_neg(a, "")?, q, "")?.into_int_value();
    let r = cx.b.build_select(is_m1, t.const_zero(), r, "")?.into_int_value();
    // If the remainder is non-zero and its sign differs from the divisor's, adjust.
    let nz = cx.b.build_int_compare(IntPredicate::NE, r, t.const_zero(), "")?;
    let x = cx.b.build_xor(r, b, "")?;
    let diff = cx.b.build_int_compare(IntPredicate::SLT, x, t.const_zero(), "")?;
    let fix = cx.b.build_and(nz, diff, "")?;
    let q1 = cx.b.build_int_sub(q, t.const_int(1, false), "")?;
    let r1 = cx.b.build_int_add(r, b, "")?;
    let q = cx.b.build_select(fix, q1, q, "")?.into_int_value();
    let r = cx.b.build_select(fix, r1, r, "")?.into_int_value();
    // The lowest integer divided by -1 overflows: Numba gives 0 and 0 there (as its NumPy
    // loops do).
    let bits = t.get_bit_width();
    let min = t.const_int(1u64 << (bits - 1), false);
    let is_min = cx.b.build_int_compare(IntPredicate::EQ, a, min, "")?;
    let overflow = cx.b.build_and(is_min, is_m1, "")?;
    let q = cx.b.build_select(overflow, t.const_zero(), q, "")?.into_int_value();
    let r = cx.b.build_select(overflow, t.const_zero(), r, "")?.into_int_value();
    Ok((q, r))
}

fn int_floordiv<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (a, b, signed) = int_operands(cx, sig, vals)?;
    Ok(int_divmod_values(cx, signed, a, b, "integer division by zero")?.0.into())
}

fn int_mod<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (a, b, signed) = int_operands(cx, sig, vals)?;
    Ok(int_divmod_values(cx, signed, a, b, "integer modulo by zero")?.1.into())
}

fn int_divmod<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (a, b, signed) = int_operands(cx, sig, vals)?;
    let (q, r) = int_divmod_values(cx, signed, a, b, "integer divmod by zero")?;
    pair(cx, &sig.return_type, q.into(), r.into())
}

fn pair<'ctx>(cx: &FnCx<'_, 'ctx>, t: &Type, a: BasicValueEnum<'ctx>, b: BasicValueEnum<'ctx>) -> R<BasicValueEnum<'ctx>> {
    let st = cx.vt(t)?.into_struct_type();
    let agg = cx.b.build_insert_value(st.get_undef(), a, 0, "")?;
    let agg = cx.b.build_insert_value(agg, b, 1, "")?;
    Ok(agg.as_basic_value_enum())
}

/// The floating-point LLVM intrinsics the NVPTX back end selects as instructions; the others
/// (`llvm.sin.f64`, `llvm.exp`, `llvm.pow`, ...) need NVIDIA's libdevice, and LLVM aborts on
/// them.
const NVPTX_INTRINSICS: &[&str] = &[
    "llvm.sqrt", "llvm.fabs", "llvm.floor", "llvm.ceil", "llvm.trunc", "llvm.rint", "llvm.nearbyint", "llvm.copysign",
    "llvm.fma", "llvm.fmuladd", "llvm.minnum", "llvm.maxnum",
];

/// In CUDA code, a math function the GPU has no instruction for: libdevice's `__nv_<name>`
/// (`__nv_<name>f` for float32), as Numba's CUDA target calls it; refused without libdevice.
fn cuda_math<'ctx>(cx: &FnCx<'_, 'ctx>, name: &str, args: &[BasicValueEnum<'ctx>]) -> R<BasicValueEnum<'ctx>> {
    let base = name.strip_prefix("llvm.").unwrap_or(name);
    if !cx.flags.libdevice {
        return cx.fail(format!(
            "{base} is not available in CUDA code without NVIDIA's libdevice (set NUMRS_LIBDEVICE to libdevice.10.bc, from the \
             nvidia-cuda-nvcc-cu12 wheel or a CUDA toolkit; sqrt, fabs, floor, ceil, trunc, copysign, fma, min and max need none)"
        ));
    }
    let t = args[0].get_type();
    let f32 = t == cx.ctx.f32_type().into();
    let base = if f32 { base.strip_suffix('f').unwrap_or(base) } else { base };
    let full = format!("__nv_{base}{}", if f32 { "f" } else { "" });
    let params: Vec<inkwell::types::BasicMetadataTypeEnum> = args.iter().map(|a| a.get_type().into()).collect();
    let f = cx.module.get_function(&full).unwrap_or_else(|| cx.module.add_function(&full, t.fn_type(&params, false), None));
    let margs: Vec<inkwell::values::BasicMetadataValueEnum> = args.iter().map(|a| (*a).into()).collect();
    match cx.b.build_call(f, &margs, "")?.try_as_basic_value() {
        inkwell::values::ValueKind::Basic(v) => Ok(v),
        _ => cx.fail("internal error: libdevice returned void"),
    }
}

pub(crate) fn intrinsic_call<'ctx>(cx: &FnCx<'_, 'ctx>, name: &str, args: &[BasicValueEnum<'ctx>]) -> R<BasicValueEnum<'ctx>> {
    if cx.flags.cuda && !NVPTX_INTRINSICS.contains(&name) {
        return cuda_math(cx, name, args);
    }
    let t = args[0].get_type();
    let suffix = if t.into_float_type() == cx.ctx.f32_type() { "f32" } else { "f64" };
    let full = format!("{name}.{suffix}");
    let params: Vec<inkwell::types::BasicMetadataTypeEnum> = args.iter().map(|a| a.get_type().into()).collect();
    let f = cx.module.get_function(&full).unwrap_or_else(|| cx.module.add_function(&full, t.fn_type(&params, false), None));
    let margs: Vec<inkwell::values::BasicMetadataValueEnum> = args.iter().map(|a| (*a).into()).collect();
    match cx.b.build_call(f, &margs, "")?.try_as_basic_value() {
        inkwell::values::ValueKind::Basic(v) => Ok(v),
        _ => cx.fail("internal error: intrinsic returned void"),
    }
}

pub(crate) fn libm<'ctx>(cx: &FnCx<'_, 'ctx>, name: &str, args: &[BasicValueEnum<'ctx>]) -> R<BasicValueEnum<'ctx>> {
    // Where Numba's math lowering uses LLVM intrinsics (no errno: `sqrt` becomes one
    // instruction), so do we.
    let intr = match name.strip_suffix('f').filter(|_| args[0].get_type() == cx.ctx.f32_type().into()).unwrap_or(name) {
        "sqrt" => Some("llvm.sqrt"),
        "exp" => Some("llvm.exp"),
        "log" => Some("llvm.log"),
        "log10" => Some("llvm.log10"),
        "log2" => Some("llvm.log2"),
        "sin" => Some("llvm.sin"),
        "cos" => Some("llvm.cos"),
        "fabs" => Some("llvm.fabs"),
        "pow" => Some("llvm.pow"),
        "copysign" => Some("llvm.copysign"),
        _ => None,
    };
    if let Some(i) = intr {
        return intrinsic_call(cx, i, args);
    }
    if cx.flags.cuda {
        return cuda_math(cx, name, args);
    }
    let t = args[0].get_type();
    let params: Vec<inkwell::types::BasicMetadataTypeEnum> = args.iter().map(|a| a.get_type().into()).collect();
    let f = cx.module.get_function(name).unwrap_or_else(|| cx.module.add_function(name, t.fn_type(&params, false), None));
    let margs: Vec<inkwell::values::BasicMetadataValueEnum> = args.iter().map(|a| (*a).into()).collect();
    match cx.b.build_call(f, &margs, "")?.try_as_basic_value() {
        inkwell::values::ValueKind::Basic(v) => Ok(v),
        _ => cx.fail("internal error: libm returned void"),
    }
}

/// CPython's `float_divmod`. A zero divisor raises, or with `error_model='numpy'` gives
/// `(a / b, fmod(a, b))` (infinities and NaN) as in Numba.
fn float_divmod_values<'ctx>(cx: &FnCx<'_, 'ctx>, a: FloatValue<'ctx>, b: FloatValue<'ctx>, what: &str) -> R<(FloatValue<'ctx>, FloatValue<'ctx>)> {
    if cx.flags.numpy_errors {
        let zero = is_zero_float(cx, b)?;
        let (q, r) = float_divmod_nonzero(cx, a, b)?;
        let zq = cx.b.build_float_div(a, b, "")?;
        let zr = cx.b.build_float_rem(a, b, "")?;
        let q = cx.b.build_select(zero, zq, q, "")?.into_float_value();
        let r = cx.b.build_select(zero, zr, r, "")?.into_float_value();
        return Ok((q, r));
    }
    cx.guard(is_zero_float(cx, b)?, ExcKind::ZeroDivisionError, what)?;
    float_divmod_nonzero(cx, a, b)
}

fn float_divmod_nonzero<'ctx>(cx: &FnCx<'_, 'ctx>, a: FloatValue<'ctx>, b: FloatValue<'ctx>) -> R<(FloatValue<'ctx>, FloatValue<'ctx>)> {
    let t = a.get_type();
    let zero = t.const_zero();
    let fm = cx.b.build_float_rem(a, b, "")?;
    let div = cx.b.build_float_div(cx.b.build_float_sub(a, fm, "")?, b, "")?;
    // mod != 0 and (b < 0) != (mod < 0): mod += b; div -= 1
    let mod_nz = cx.b.build_float_compare(FloatPredicate::UNE, fm, zero, "")?;
    let b_neg = cx.b.build_float_compare(FloatPredicate::OLT, b, zero, "")?;
    let m_neg = cx.b.build_float_compare(FloatPredicate::OLT, fm, zero, "")?;
    let differ = cx.b.build_xor(b_neg, m_neg, "")?;
    let fix = cx.b.build_and(mod_nz, differ, "")?;
    let one = t.const_float(1.0);
    let m_fixed = cx.b.build_float_add(fm, b, "")?;
    let d_fixed = cx.b.build_float_sub(div, one, "")?;
    let m = cx.b.build_select(fix, m_fixed, fm, "")?.into_float_value();
    let d = cx.b.build_select(fix, d_fixed, div, "")?.into_float_value();
    // mod == 0: copysign(0, b)
    let signed_zero = intrinsic_call(cx, "llvm.copysign", &[zero.into(), b.into()])?.into_float_value();
    let m = cx.b.build_select(mod_nz, m, signed_zero, "")?.into_float_value();
    // div != 0: floordiv = floor(div), +1 if div - floordiv > 0.5; else copysign(0, a / b)
    let d_nz = cx.b.build_float_compare(FloatPredicate::UNE, d, zero, "")?;
    let fl = intrinsic_call(cx, "llvm.floor", &[d.into()])?.into_float_value();
    let gap = cx.b.build_float_sub(d, fl, "")?;
    let up = cx.b.build_float_compare(FloatPredicate::OGT, gap, t.const_float(0.5), "")?;
    let fl1 = cx.b.build_float_add(fl, one, "")?;
    let fl = cx.b.build_select(up, fl1, fl, "")?.into_float_value();
    let q = cx.b.build_float_div(a, b, "")?;
    let zq = intrinsic_call(cx, "llvm.copysign", &[zero.into(), q.into()])?.into_float_value();
    let fd = cx.b.build_select(d_nz, fl, zq, "")?.into_float_value();
    Ok((fd, m))
}

fn float_floordiv<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (a, b) = floats(cx, vals)?;
    Ok(float_divmod_values(cx, a, b, "division by zero")?.0.into())
}

fn float_mod<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (a, b) = floats(cx, vals)?;
    Ok(float_divmod_values(cx, a, b, "modulo by zero")?.1.into())
}

fn float_divmod<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (a, b) = floats(cx, vals)?;
    let (q, r) = float_divmod_values(cx, a, b, "modulo by zero")?;
    pair(cx, &sig.return_type, q.into(), r.into())
}

// ----- power -----

/// Numba's `int_power`: exponentiation by squaring in the result type; negative exponents
/// give 1/r (for integer results: ZeroDivisionError for 0, else 0 unless the base is ±1).
fn power_loop<'ctx>(cx: &FnCx<'_, 'ctx>, base: BasicValueEnum<'ctx>, exp: IntValue<'ctx>, exp_signed: bool, base_unsigned: bool) -> R<BasicValueEnum<'ctx>> {
    let is_int = base.is_int_value();
    let et = exp.get_type();
    let zero = et.const_zero();
    let neg = if exp_signed { cx.b.build_int_compare(IntPredicate::SLT, exp, zero, "")? } else { cx.ctx.bool_type().const_zero() };
    let abs_e = cx.b.build_select(neg, cx.b.build_int_neg(exp, "")?, exp, "")?.into_int_value();
    // `0 ** -n` of integers: ZeroDivisionError, or with `error_model='numpy'` the most
    // negative integer of the result type (Numba's `_get_power_zerodiv_return`).
    let mut zero_to_neg = None;
    if is_int {
        let bv = base.into_int_value();
        let bz = is_zero_int(cx, bv)?;
        let raise = cx.b.build_and(neg, bz, "")?;
        if cx.flags.numpy_errors {
            zero_to_neg = Some(raise);
        } else {
            cx.guard(raise, ExcKind::ZeroDivisionError, "0 cannot be raised to a negative power")?;
        }
    }
    let pre = cx.b.get_insert_block();
    let head = cx.new_block("pow_head");
    let body = cx.new_block("pow_body");
    let done = cx.new_block("pow_done");
    cx.b.build_unconditional_branch(head)?;
    cx.b.position_at_end(head);
    let bt = base.get_type();
    let one: BasicValueEnum = if is_int { bt.into_int_type().const_int(1, false).into() } else { bt.into_float_type().const_float(1.0).into() };
    let r_phi = cx.b.build_phi(bt, "r")?;
    let a_phi = cx.b.build_phi(bt, "a")?;
    let e_phi = cx.b.build_phi(et, "e")?;
    let e = e_phi.as_basic_value().into_int_value();
    let more = cx.b.build_int_compare(IntPredicate::NE, e, zero, "")?;
    cx.b.build_conditional_branch(more, body, done)?;
    cx.b.position_at_end(body);
    let r = r_phi.as_basic_value();
    let a = a_phi.as_basic_value();
    let odd = cx.b.build_int_compare(IntPredicate::NE, cx.b.build_and(e, et.const_int(1, false), "")?, zero, "")?;
    let (ra, aa): (BasicValueEnum, BasicValueEnum) = if is_int {
        (cx.b.build_int_mul(r.into_int_value(), a.into_int_value(), "")?.into(), cx.b.build_int_mul(a.into_int_value(), a.into_int_value(), "")?.into())
    } else {
        (
            cx.b.build_float_mul(r.into_float_value(), a.into_float_value(), "")?.into(),
            cx.b.build_float_mul(a.into_float_value(), a.into_float_value(), "")?.into(),
        )
    };
    let r2 = cx.b.build_select(odd, ra, r, "")?;
    let e2 = cx.b.build_right_shift(e, et.const_int(1, false), false, "")?;
    cx.b.build_unconditional_branch(head)?;
    let Some(pre) = pre else { return cx.fail("internal error: no insertion block") };
    r_phi.add_incoming(&[(&one, pre), (&r2, body)]);
    a_phi.add_incoming(&[(&base, pre), (&aa, body)]);
    e_phi.add_incoming(&[(&abs_e, pre), (&e2, body)]);
    cx.b.position_at_end(done);
    let r = r_phi.as_basic_value();
    // Numba's `int_power` cutoff: past 0x10000 it returns `math.pow(a, float(b))` instead
    // (after its checks of negative exponents of integers).
    let big = if et.get_bit_width() > 17 {
        cx.b.build_int_compare(IntPredicate::UGT, abs_e, et.const_int(0x10000, false), "")?
    } else {
        cx.ctx.bool_type().const_zero()
    };
    let f64t = cx.ctx.f64_type();
    let pow_math = |cx: &FnCx<'_, 'ctx>| -> R<inkwell::values::FloatValue<'ctx>> {
        let af = if is_int && base_unsigned {
            cx.b.build_unsigned_int_to_float(base.into_int_value(), f64t, "")?
        } else if is_int {
            cx.b.build_signed_int_to_float(base.into_int_value(), f64t, "")?
        } else { cx.b.build_float_ext(base.into_float_value(), f64t, "")? };
        let ef = if exp_signed { cx.b.build_signed_int_to_float(exp, f64t, "")? } else { cx.b.build_unsigned_int_to_float(exp, f64t, "")? };
        Ok(intrinsic_call(cx, "llvm.pow", &[af.into(), ef.into()])?.into_float_value())
    };
    if is_int {
        // Negative exponent: 1 / r for |base| == 1, else 0.
        let rv = r.into_int_value();
        let bv = base.into_int_value();
        let t = bv.get_type();
        let is_one = cx.b.build_int_compare(IntPredicate::EQ, bv, t.const_int(1, false), "")?;
        let is_m1 = cx.b.build_int_compare(IntPredicate::EQ, bv, t.const_all_ones(), "")?;
        let unit = cx.b.build_or(is_one, is_m1, "")?;
        let inv = cx.b.build_select(unit, rv, t.const_zero(), "")?;
        let out = cx.b.build_select(neg, inv, rv.into(), "")?;
        let p = pow_math(cx)?;
        let pi = cx.cast_number(p.into(), NumericKind::Float64, if base_unsigned { NumericKind::UInt64 } else { NumericKind::Int64 })?.into_int_value();
        let pi = if t.get_bit_width() == 64 { pi } else { cx.b.build_int_truncate(pi, t, "")? };
        let out = cx.b.build_select(cx.b.build_and(big, cx.b.build_not(neg, "")?, "")?, pi.into(), out, "")?;
        match zero_to_neg {
            Some(z) => {
                let min = t.const_int(1u64 << (t.get_bit_width() - 1), false);
                Ok(cx.b.build_select(z, min.into(), out, "")?)
            }
            None => Ok(out),
        }
    } else {
        // Numba's `1.0 / r` is compiled apart from the function, with Python's error model
        // whatever the function's: a zero `r` (a zero base, or an underflow) raises.
        let rv = r.into_float_value();
        let r0 = cx.b.build_float_compare(FloatPredicate::OEQ, rv, rv.get_type().const_zero(), "")?;
        let small = cx.b.build_not(big, "")?;
        cx.guard(cx.b.build_and(cx.b.build_and(neg, r0, "")?, small, "")?, ExcKind::ZeroDivisionError, "division by zero")?;
        let inv = cx.b.build_float_div(rv.get_type().const_float(1.0), rv, "")?;
        let out = cx.b.build_select(neg, inv, rv, "")?;
        let p = pow_math(cx)?;
        let p = if rv.get_type() == f64t { p } else { cx.b.build_float_trunc(p, rv.get_type(), "")? };
        Ok(cx.b.build_select(big, p.into(), out, "")?)
    }
}

fn int_pow<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let ek = kind(cx, &sig.args[1])?;
    let (a, b) = (arg(cx, vals, 0)?, arg(cx, vals, 1)?);
    if !ek.is_integer() {
        return cx.fail(format!("{} ** {} is not supported by numrs build yet", sig.args[0], sig.args[1]));
    }
    let rk = kind(cx, &sig.return_type)?;
    let a = cx.cast_number(a, kind(cx, &sig.args[0])?, rk)?;
    let r = power_loop(cx, a, b.into_int_value(), ek.is_signed_int(), !rk.is_signed_int())?;
    Ok(r)
}

fn float_pow<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let ek = kind(cx, &sig.args[1])?;
    let (a, b) = (arg(cx, vals, 0)?, arg(cx, vals, 1)?);
    if ek.is_integer() {
        return power_loop(cx, a, b.into_int_value(), ek.is_signed_int(), false);
    }
    if !ek.is_float() {
        return cx.fail(format!("{} ** {} is not supported by numrs build yet", sig.args[0], sig.args[1]));
    }
    intrinsic_call(cx, "llvm.pow", &[a, b])
}

// ----- comparisons -----

fn compare<'ctx>(cx: &FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>], ip: (IntPredicate, IntPredicate), fp: FloatPredicate) -> R<BasicValueEnum<'ctx>> {
    let k = kind(cx, &sig.args[0])?;
    let (a, b) = (arg(cx, vals, 0)?, arg(cx, vals, 1)?);
    if k.is_float() {
        return Ok(cx.b.build_float_compare(fp, a.into_float_value(), b.into_float_value(), "")?.into());
    }
    let p = if k.is_signed_int() { ip.0 } else { ip.1 };
    Ok(cx.b.build_int_compare(p, a.into_int_value(), b.into_int_value(), "")?.into())
}

macro_rules! cmp_op {
    ($name:ident, $s:ident, $u:ident, $f:ident) => {
        fn $name<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
            compare(cx, sig, vals, (IntPredicate::$s, IntPredicate::$u), FloatPredicate::$f)
        }
    };
}
cmp_op!(cmp_eq, EQ, EQ, OEQ);
cmp_op!(cmp_ne, NE, NE, UNE);
cmp_op!(cmp_lt, SLT, ULT, OLT);
cmp_op!(cmp_le, SLE, ULE, OLE);
cmp_op!(cmp_gt, SGT, UGT, OGT);
cmp_op!(cmp_ge, SGE, UGE, OGE);

// ----- complex -----

fn parts<'ctx>(cx: &FnCx<'_, 'ctx>, v: BasicValueEnum<'ctx>) -> R<(FloatValue<'ctx>, FloatValue<'ctx>)> {
    let sv = v.into_struct_value();
    Ok((cx.b.build_extract_value(sv, 0, "")?.into_float_value(), cx.b.build_extract_value(sv, 1, "")?.into_float_value()))
}

fn complex_of<'ctx>(cx: &FnCx<'_, 'ctx>, sig: &Signature, re: FloatValue<'ctx>, im: FloatValue<'ctx>) -> R<BasicValueEnum<'ctx>> {
    let k = kind(cx, &sig.return_type)?;
    let k = if k.is_complex() { k } else { kind(cx, &sig.args[0])? };
    cx.complex(k, re.into(), im.into())
}

fn complex_add<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let ((a, b), (c, d)) = (parts(cx, arg(cx, vals, 0)?)?, parts(cx, arg(cx, vals, 1)?)?);
    complex_of(cx, sig, cx.b.build_float_add(a, c, "")?, cx.b.build_float_add(b, d, "")?)
}

fn complex_sub<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let ((a, b), (c, d)) = (parts(cx, arg(cx, vals, 0)?)?, parts(cx, arg(cx, vals, 1)?)?);
    complex_of(cx, sig, cx.b.build_float_sub(a, c, "")?, cx.b.build_float_sub(b, d, "")?)
}

fn complex_mul<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let ((a, b), (c, d)) = (parts(cx, arg(cx, vals, 0)?)?, parts(cx, arg(cx, vals, 1)?)?);
    let re = cx.b.build_float_sub(cx.b.build_float_mul(a, c, "")?, cx.b.build_float_mul(b, d, "")?, "")?;
    let im = cx.b.build_float_add(cx.b.build_float_mul(a, d, "")?, cx.b.build_float_mul(b, c, "")?, "")?;
    complex_of(cx, sig, re, im)
}

fn complex_truediv<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let ((a, b), (c, d)) = (parts(cx, arg(cx, vals, 0)?)?, parts(cx, arg(cx, vals, 1)?)?);
    let cz = is_zero_float(cx, c)?;
    let dz = is_zero_float(cx, d)?;
    cx.guard(cx.b.build_and(cz, dz, "")?, ExcKind::ZeroDivisionError, "complex division by zero")?;
    // Smith's algorithm, as CPython's _Py_c_quot.
    let t = a.get_type();
    let abs_c = intrinsic_call(cx, "llvm.fabs", &[c.into()])?.into_float_value();
    let abs_d = intrinsic_call(cx, "llvm.fabs", &[d.into()])?.into_float_value();
    let c_big = cx.b.build_float_compare(FloatPredicate::OGE, abs_c, abs_d, "")?;
    // |c| >= |d|: ratio = d/c, denom = c + d*ratio, re = (a + b*ratio)/denom, im = (b - a*ratio)/denom
    let r1 = cx.b.build_float_div(d, c, "")?;
    let den1 = cx.b.build_float_add(c, cx.b.build_float_mul(d, r1, "")?, "")?;
    let re1 = cx.b.build_float_div(cx.b.build_float_add(a, cx.b.build_float_mul(b, r1, "")?, "")?, den1, "")?;
    let im1 = cx.b.build_float_div(cx.b.build_float_sub(b, cx.b.build_float_mul(a, r1, "")?, "")?, den1, "")?;
    // else: ratio = c/d, denom = c*ratio + d, re = (a*ratio + b)/denom, im = (b*ratio - a)/denom
    let r2 = cx.b.build_float_div(c, d, "")?;
    let den2 = cx.b.build_float_add(cx.b.build_float_mul(c, r2, "")?, d, "")?;
    let re2 = cx.b.build_float_div(cx.b.build_float_add(cx.b.build_float_mul(a, r2, "")?, b, "")?, den2, "")?;
    let im2 = cx.b.build_float_div(cx.b.build_float_sub(cx.b.build_float_mul(b, r2, "")?, a, "")?, den2, "")?;
    let _ = t;
    let re = cx.b.build_select(c_big, re1, re2, "")?.into_float_value();
    let im = cx.b.build_select(c_big, im1, im2, "")?.into_float_value();
    complex_of(cx, sig, re, im)
}

fn complex_eq<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let ((a, b), (c, d)) = (parts(cx, arg(cx, vals, 0)?)?, parts(cx, arg(cx, vals, 1)?)?);
    let x = cx.b.build_float_compare(FloatPredicate::OEQ, a, c, "")?;
    let y = cx.b.build_float_compare(FloatPredicate::OEQ, b, d, "")?;
    Ok(cx.b.build_and(x, y, "")?.into())
}

fn complex_ne<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let e = complex_eq(cx, sig, vals)?.into_int_value();
    Ok(cx.b.build_not(e, "")?.into())
}

fn complex_neg<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (a, b) = parts(cx, arg(cx, vals, 0)?)?;
    complex_of(cx, sig, cx.b.build_float_neg(a, "")?, cx.b.build_float_neg(b, "")?)
}

fn complex_abs<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (a, b) = parts(cx, arg(cx, vals, 0)?)?;
    let name = if a.get_type() == cx.ctx.f32_type() { "hypotf" } else { "hypot" };
    let r = libm(cx, name, &[a.into(), b.into()])?;
    let k = kind(cx, &sig.args[0])?.underlying_float();
    cx.cast_number(r, k, kind(cx, &sig.return_type)?)
}

fn make_complex<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let rk = kind(cx, &sig.return_type)?;
    let fk = rk.underlying_float();
    let re = cx.cast_number(arg(cx, vals, 0)?, kind(cx, &sig.args[0])?, fk)?;
    let im = match sig.args.get(1) {
        Some(t) => cx.cast_number(arg(cx, vals, 1)?, kind(cx, t)?, fk)?,
        None => types::number_type(cx.ctx, fk).into_float_type().const_zero().into(),
    };
    cx.complex(rk, re, im)
}

/// `complex(z)` of a complex number: Numba's `complex_impl` casts it to the result type.
fn complex_of_complex<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    if sig.args.len() != 1 {
        return cx.fail(format!("complex() of {} arguments", sig.args.len()));
    }
    cx.cast(arg(cx, vals, 0)?, &sig.args[0], &sig.return_type)
}

// ----- abs, min, max, len, range -----

fn int_abs<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let v = arg(cx, vals, 0)?.into_int_value();
    if !signed(sig) {
        return Ok(v.into());
    }
    let neg = cx.b.build_int_compare(IntPredicate::SLT, v, v.get_type().const_zero(), "")?;
    Ok(cx.b.build_select(neg, cx.b.build_int_neg(v, "")?, v, "")?)
}

fn float_abs<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    intrinsic_call(cx, "llvm.fabs", &[arg(cx, vals, 0)?])
}

/// Numba's `do_minmax`: keep the running value unless the comparison says otherwise.
fn minmax<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>], is_max: bool) -> R<BasicValueEnum<'ctx>> {
    let mut items: Vec<(BasicValueEnum<'ctx>, Type)> = Vec::new();
    if sig.args.len() == 1 && numeric(&sig.args[0]).is_some() {
        // `max(n)` of one number: the number.
        return cx.cast(arg(cx, vals, 0)?, &sig.args[0], &sig.return_type);
    }
    if sig.args.len() == 1 {
        let t = &sig.args[0];
        let Some(tys) = t.tuple_items() else { return cx.fail(format!("min/max of {t} is not supported by numrs build yet")) };
        let sv = arg(cx, vals, 0)?.into_struct_value();
        for (i, it) in tys.iter().enumerate() {
            items.push((cx.b.build_extract_value(sv, i as u32, "")?, it.clone()));
        }
    } else {
        for (i, t) in sig.args.iter().enumerate() {
            items.push((arg(cx, vals, i)?, t.clone()));
        }
    }
    let rt = sig.return_type.clone();
    let rk = kind(cx, &rt)?;
    if rk.is_complex() {
        // Numba has no lowering of `>`/`<` between complex numbers.
        let op = if is_max { "gt" } else { "lt" };
        return cx.fail(format!("No definition for lowering <built-in function {op}>({rt}, {rt}) -> bool"));
    }
    let mut acc: Option<BasicValueEnum<'ctx>> = None;
    for (v, t) in items {
        let v = cx.cast(v, &t, &rt)?;
        acc = Some(match acc {
            None => v,
            Some(a) => {
                // Numba's `do_minmax`: v replaces a when v > a (max) or v < a (min), so a NaN
                // on either side keeps a.
                let keep = if rk.is_float() {
                    let p = if is_max { FloatPredicate::UGE } else { FloatPredicate::ULE };
                    cx.b.build_float_compare(p, a.into_float_value(), v.into_float_value(), "")?
                } else {
                    let s = rk.is_signed_int();
                    let p = match (is_max, s) {
                        (true, true) => IntPredicate::SGE,
                        (true, false) => IntPredicate::UGE,
                        (false, true) => IntPredicate::SLE,
                        (false, false) => IntPredicate::ULE,
                    };
                    cx.b.build_int_compare(p, a.into_int_value(), v.into_int_value(), "")?
                };
                cx.b.build_select(keep, a, v, "")?
            }
        });
    }
    match acc {
        Some(a) => Ok(a),
        None => cx.fail("min/max of nothing"),
    }
}

fn min_<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    minmax(cx, sig, vals, false)
}

fn max_<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    minmax(cx, sig, vals, true)
}

fn tuple_len<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, _vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let n = sig.args[0].tuple_items().map_or(0, |i| i.len());
    cx.cast(cx.i64(n as i64).into(), &Type::int64(), &sig.return_type)
}

/// `tuple(t)` of a tuple (a named tuple too): the tuple itself.
fn tuple_of_tuple<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let v = arg(cx, vals, 0)?;
    cx.cast(v, &sig.args[0], &sig.return_type)
}

fn list_len<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let l = arg(cx, vals, 0)?.into_pointer_value();
    let n = cx.list_len(l)?;
    cx.cast(n.into(), &Type::int64(), &sig.return_type)
}

fn array_len<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let sv = arg(cx, vals, 0)?.into_struct_value();
    let shape = cx.b.build_extract_value(sv, 5, "")?.into_array_value();
    let n = cx.b.build_extract_value(shape, 0, "")?;
    cx.cast(n, &Type::int64(), &sig.return_type)
}

/// The start, stop and step of a range value, and their integer kind.
pub(crate) fn range_parts<'ctx>(cx: &FnCx<'_, 'ctx>, t: &Type, v: BasicValueEnum<'ctx>) -> R<(IntValue<'ctx>, IntValue<'ctx>, IntValue<'ctx>, NumericKind)> {
    let Type::Range(rk) = t else { return cx.fail(format!("range operation on {t}")) };
    let sv = v.into_struct_value();
    let part = |i: u32| -> R<IntValue<'ctx>> { Ok(cx.b.build_extract_value(sv, i, "")?.into_int_value()) };
    Ok((part(0)?, part(1)?, part(2)?, types::range_int(*rk)))
}

/// `len(range(...))`: its number of items.
fn range_len<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (start, stop, step, ik) = range_parts(cx, &sig.args[0], arg(cx, vals, 0)?)?;
    let n = cx.range_count(start, stop, step, ik)?;
    cx.cast(n.into(), &Type::Number(ik), &sig.return_type)
}

/// `len(a.flat)`: the array's size (the total its walk state keeps).
fn flat_len<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let Type::Iterator(k) = &sig.args[0] else { return cx.fail("internal error: len of a.flat") };
    let st = crate::types::iterator_state(cx.ctx, k).map_err(|m| cx.cg_err(m))?;
    let state = arg(cx, vals, 0)?.into_pointer_value();
    let total = cx.b.build_load(cx.ctx.i64_type(), cx.b.build_struct_gep(st, state, 2, "")?, "")?;
    cx.cast(total, &Type::int64(), &sig.return_type)
}

/// `x in range(...)` (Numba's `range_contains`): inside the bounds on the step's side and a
/// whole number of steps from the start.
fn range_contains<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (start, stop, step, ik) = range_parts(cx, &sig.args[0], arg(cx, vals, 0)?)?;
    let Some(xk) = numeric(&sig.args[1]).filter(|k| k.is_integer() || *k == NumericKind::Boolean) else {
        return cx.fail(format!("{} in a range is not supported by numrs build yet", sig.args[1]));
    };
    let x = cx.cast(arg(cx, vals, 1)?, &Type::Number(xk), &Type::Number(ik))?.into_int_value();
    let b = &cx.b;
    let zero = start.get_type().const_zero();
    let (lt, gt, le) = if ik.is_signed_int() {
        (IntPredicate::SLT, IntPredicate::SGT, IntPredicate::SLE)
    } else {
        (IntPredicate::ULT, IntPredicate::UGT, IntPredicate::ULE)
    };
    let up = b.build_int_compare(IntPredicate::SGT, step, zero, "")?;
    let up = if ik.is_signed_int() { up } else { b.build_int_compare(IntPredicate::NE, step, zero, "")? };
    // Rising: start <= x < stop; falling: stop < x <= start.
    let in_up = b.build_and(b.build_not(b.build_int_compare(lt, x, start, "")?, "")?, b.build_int_compare(lt, x, stop, "")?, "")?;
    let in_down = b.build_and(b.build_int_compare(le, x, start, "")?, b.build_int_compare(gt, x, stop, "")?, "")?;
    let inside = b.build_select(up, in_up, in_down, "")?.into_int_value();
    // A zero step passes Numba's bounds tests and divides by zero: ZeroDivisionError, or
    // under `error_model='numpy'` a remainder of 0, so every number is in the range.
    let one = start.get_type().const_int(1, false);
    let is0 = b.build_int_compare(IntPredicate::EQ, step, zero, "")?;
    if !cx.flags.numpy_errors {
        cx.guard(is0, ExcKind::ZeroDivisionError, "integer modulo by zero")?;
    }
    let b = &cx.b;
    let dstep = b.build_select(is0, one, step, "")?.into_int_value();
    let diff = b.build_int_sub(x, start, "")?;
    let rem = if ik.is_signed_int() { cx.signed_div_rem(diff, dstep)?.1 } else { b.build_int_unsigned_rem(diff, dstep, "")? };
    let b = &cx.b;
    let whole = b.build_int_compare(IntPredicate::EQ, rem, zero, "")?;
    // Outside the bounds the remainder is not computed in Numba; here it is harmless.
    let r = b.build_and(inside, whole, "")?;
    let r = b.build_or(r, is0, "")?;
    cx.cast(r.into(), &Type::boolean(), &sig.return_type)
}

/// `x in a` of an array (Numba's `np_contains`): whether some element `== x`; a string is
/// never equal to a number.
fn array_contains<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let Type::Array(a) = &sig.args[0] else { return cx.fail(format!("`in` of {}", sig.args[0])) };
    let a = (**a).clone();
    let xt = sig.args[1].clone();
    if numeric(&a.dtype).is_none() || numeric(&xt).is_none() {
        if crate::strings::is_str(&xt) && numeric(&a.dtype).is_some() {
            return cx.cast(cx.ctx.bool_type().const_zero().into(), &Type::boolean(), &sig.return_type);
        }
        return cx.fail(format!("{xt} in {} is not supported by numrs build yet", sig.args[0]));
    }
    let arr = arg(cx, vals, 0)?;
    let x = arg(cx, vals, 1)?;
    let found = cx.temp(cx.ctx.bool_type().into())?;
    cx.b.build_store(found, cx.ctx.bool_type().const_zero())?;
    let n = cx.field(arr, 2)?.into_int_value();
    cx.counted_loop(n, |cx, i| {
        let e = cx.elem_at(arr, &a, i)?;
        let eq = cx.values_eq(e, &a.dtype, x, &xt)?;
        let was = cx.b.build_load(cx.ctx.bool_type(), found, "")?.into_int_value();
        cx.b.build_store(found, cx.b.build_or(was, eq, "")?)?;
        Ok(())
    })?;
    let r = cx.b.build_load(cx.ctx.bool_type(), found, "")?;
    cx.cast(r, &Type::boolean(), &sig.return_type)
}

/// `next(it)` of an iterator or a generator: its next item; exhausted, `StopIteration()`.
fn next<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let it = &sig.args[0];
    if !matches!(it, Type::Iterator(_) | Type::Generator(_)) {
        return cx.fail(format!("next() of {it} is not supported by numrs build yet"));
    }
    let state = arg(cx, vals, 0)?.into_pointer_value();
    let item_t = sig.return_type.clone();
    let pair = Type::Pair(std::sync::Arc::new((item_t.clone(), Type::boolean())));
    let got = cx.iternext_at(state, it, &pair)?.into_struct_value();
    let valid = cx.b.build_extract_value(got, 1, "")?.into_int_value();
    let done = cx.b.build_not(valid, "")?;
    cx.guard(done, ExcKind::StopIteration, "")?;
    Ok(cx.b.build_extract_value(got, 0, "")?)
}

/// `iter(x)`: an iterator is its own iterator; a range (or tuple) gets a new one.
fn iter<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let v = arg(cx, vals, 0)?;
    match &sig.args[0] {
        Type::Iterator(_) => Ok(v),
        Type::Range(_) | Type::UniTuple(..) | Type::Array(_) | Type::List { .. } | Type::ListType(_) | Type::Unicode => {
            cx.getiter_val(v, &sig.return_type)
        }
        Type::DictView(..) | Type::DictType(_) | Type::Set { .. } | Type::NamedTuple(_) => {
            cx.getiter_val(v, &sig.return_type)
        }
        other => cx.fail(format!("iter() of {other} is not supported by numrs build yet")),
    }
}

fn range<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let Type::Range(rk) = &sig.return_type else { return cx.fail(format!("range returning {}", sig.return_type)) };
    let ik = types::range_int(*rk);
    let it = Type::Number(ik);
    let mut xs = Vec::new();
    for (i, t) in sig.args.iter().enumerate() {
        let v = arg(cx, vals, i)?;
        xs.push(cx.cast(v, t, &it)?.into_int_value());
    }
    let int_t = types::number_type(cx.ctx, ik).into_int_type();
    let (start, stop, step) = match xs.len() {
        1 => (int_t.const_zero(), xs[0], int_t.const_int(1, false)),
        2 => (xs[0], xs[1], int_t.const_int(1, false)),
        3 => (xs[0], xs[1], xs[2]),
        n => return cx.fail(format!("range with {n} arguments")),
    };
    // A zero step is refused where the range is counted or iterated, as in Numba (not when it
    // is made: `range(0, n, 0)` alone is no error).
    let st = cx.vt(&sig.return_type)?.into_struct_type();
    let agg = cx.b.build_insert_value(st.get_undef(), start, 0, "")?;
    let agg = cx.b.build_insert_value(agg, stop, 1, "")?;
    let agg = cx.b.build_insert_value(agg, step, 2, "")?;
    Ok(agg.as_basic_value_enum())
}

// ----- math -----

fn libm_call<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    // The key is not passed; find the function by the signature's caller through `current_math`.
    let Some(name) = cx.current_math.clone() else { return cx.fail("internal error: math function without name") };
    let Some((_, f64n, f32n)) = LIBM.iter().find(|(n, _, _)| *n == name) else {
        return cx.fail(format!("math.{name} is not supported by numrs build yet"));
    };
    // Computed in the first float argument's type, or the result's when the arguments are
    // integers.
    let ft = sig.args.iter().find(|a| numeric(a).is_some_and(|k| k.is_float())).unwrap_or(&sig.return_type).clone();
    let k = kind(cx, &ft)?;
    let sym = if k == NumericKind::Float32 { f32n } else { f64n };
    let mut args: Vec<BasicValueEnum> = Vec::new();
    for i in 0..sig.args.len() {
        let v = arg(cx, vals, i)?;
        args.push(cx.cast(v, &sig.args[i], &ft)?);
    }
    let r = libm(cx, sym, &args)?;
    cx.cast(r, &ft, &sig.return_type)
}

fn rounding<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>], name: &str) -> R<BasicValueEnum<'ctx>> {
    let r = intrinsic_call(cx, name, &[arg(cx, vals, 0)?])?;
    cx.cast(r, &sig.args[0], &sig.return_type)
}

/// `round(x)`: half to even, like Python.
fn round_<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    if sig.args.len() == 2 {
        return round_ndigits(cx, sig, vals);
    }
    rounding(cx, sig, vals, "llvm.roundeven")
}

/// `round(x, ndigits)` as Numba's `round_impl_binary`: scale by a power of ten (computed by
/// squaring, as Numba's `float ** int`), round half to even, scale back; infinities, NaN and
/// scalings that overflow give `x`.
fn round_ndigits<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let x = arg(cx, vals, 0)?.into_float_value();
    let nk = kind(cx, &sig.args[1])?;
    let ft = x.get_type();
    let ten = ft.const_float(10.0);
    // ndigits >= 0: pow1 = 10 ** (nd - 22 if nd > 22 else nd); else pow1 = 10 ** -nd. An
    // integer `nd` by squaring (Numba's `float ** int`); a float one (`np.round(a, 1.5)`,
    // which Numba's `round_ndigits` takes too) by `pow`.
    let (nonneg, big, pow1) = if nk.is_float() {
        let nd = cx.cast_number(arg(cx, vals, 1)?, nk, kind(cx, &sig.args[0])?)?.into_float_value();
        let nonneg = cx.b.build_float_compare(FloatPredicate::OGE, nd, ft.const_zero(), "")?;
        let big = cx.b.build_float_compare(FloatPredicate::OGT, nd, ft.const_float(22.0), "")?;
        let nd_m22 = cx.b.build_float_sub(nd, ft.const_float(22.0), "")?;
        let e_pos = cx.b.build_select(big, nd_m22, nd, "")?;
        let e = cx.b.build_select(nonneg, e_pos, cx.b.build_float_neg(nd, "")?.into(), "")?;
        (nonneg, big, intrinsic_call(cx, "llvm.pow", &[ten.into(), e])?.into_float_value())
    } else {
        let nd = cx.cast_number(arg(cx, vals, 1)?, nk, NumericKind::Int64)?.into_int_value();
        let i64t = cx.ctx.i64_type();
        let nonneg = cx.b.build_int_compare(IntPredicate::SGE, nd, i64t.const_zero(), "")?;
        let big = cx.b.build_int_compare(IntPredicate::SGT, nd, i64t.const_int(22, false), "")?;
        let nd_m22 = cx.b.build_int_sub(nd, i64t.const_int(22, false), "")?;
        let neg_nd = cx.b.build_int_neg(nd, "")?;
        let e_pos = cx.b.build_select(big, nd_m22, nd, "")?.into_int_value();
        let e = cx.b.build_select(nonneg, e_pos, neg_nd, "")?.into_int_value();
        (nonneg, big, power_loop(cx, ten.into(), e, true, false)?.into_float_value())
    };
    let pow2 = cx.b.build_select(big, ft.const_float(1e22), ft.const_float(1.0), "")?.into_float_value();
    let rint = |cx: &FnCx<'_, 'ctx>, v: inkwell::values::FloatValue<'ctx>| -> R<inkwell::values::FloatValue<'ctx>> {
        Ok(intrinsic_call(cx, "llvm.rint", &[v.into()])?.into_float_value())
    };
    // Positive branch.
    let y = cx.b.build_float_mul(cx.b.build_float_mul(x, pow1, "")?, pow2, "")?;
    let pos = cx.b.build_float_div(cx.b.build_float_div(rint(cx, y)?, pow2, "")?, pow1, "")?;
    let ay = intrinsic_call(cx, "llvm.fabs", &[y.into()])?.into_float_value();
    let y_inf = cx.b.build_float_compare(FloatPredicate::OEQ, ay, ft.const_float(f64::INFINITY), "")?;
    let pos = cx.b.build_select(y_inf, x, pos, "")?.into_float_value();
    // Negative branch.
    let yn = cx.b.build_float_div(x, pow1, "")?;
    let neg = cx.b.build_float_mul(rint(cx, yn)?, pow1, "")?;
    let r = cx.b.build_select(nonneg, pos, neg, "")?.into_float_value();
    // inf or nan: x itself.
    let ax = intrinsic_call(cx, "llvm.fabs", &[x.into()])?.into_float_value();
    let finite = cx.b.build_float_compare(FloatPredicate::ONE, ax, ft.const_float(f64::INFINITY), "")?;
    let not_nan = cx.b.build_float_compare(FloatPredicate::ORD, x, x, "")?;
    let ok = cx.b.build_and(finite, not_nan, "")?;
    let r = cx.b.build_select(ok, r, x, "")?;
    cx.cast(r, &sig.args[0], &sig.return_type)
}

fn math_floor<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    rounding(cx, sig, vals, "llvm.floor")
}
fn math_ceil<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    rounding(cx, sig, vals, "llvm.ceil")
}
fn math_trunc<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    rounding(cx, sig, vals, "llvm.trunc")
}

fn math_isnan<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let v = arg(cx, vals, 0)?.into_float_value();
    Ok(cx.b.build_float_compare(FloatPredicate::UNO, v, v, "")?.into())
}

fn math_isinf<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let v = arg(cx, vals, 0)?.into_float_value();
    let a = intrinsic_call(cx, "llvm.fabs", &[v.into()])?.into_float_value();
    Ok(cx.b.build_float_compare(FloatPredicate::OEQ, a, a.get_type().const_float(f64::INFINITY), "")?.into())
}

fn math_isfinite<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let v = arg(cx, vals, 0)?.into_float_value();
    let a = intrinsic_call(cx, "llvm.fabs", &[v.into()])?.into_float_value();
    Ok(cx.b.build_float_compare(FloatPredicate::OLT, a, a.get_type().const_float(f64::INFINITY), "")?.into())
}

/// The first argument as a float of the result's type (integers are converted, as Numba's
/// math functions do).
fn float_arg<'ctx>(cx: &FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<inkwell::values::FloatValue<'ctx>> {
    let v = arg(cx, vals, 0)?;
    Ok(cx.cast(v, &sig.args[0], &sig.return_type)?.into_float_value())
}

fn math_degrees<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let v = float_arg(cx, sig, vals)?;
    Ok(cx.b.build_float_mul(v, v.get_type().const_float(180.0 / std::f64::consts::PI), "")?.into())
}

fn math_radians<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let v = float_arg(cx, sig, vals)?;
    Ok(cx.b.build_float_mul(v, v.get_type().const_float(std::f64::consts::PI / 180.0), "")?.into())
}

/// `math.frexp(x)`: `(mantissa, exponent)` from libm's `frexp`/`frexpf`.
fn math_frexp<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let x = arg(cx, vals, 0)?.into_float_value();
    let items = sig.return_type.tuple_items().unwrap_or_default();
    let (Some(mt), Some(et)) = (items.first(), items.get(1)) else { return cx.fail("math.frexp result") };
    let name = if x.get_type() == cx.ctx.f32_type() { "frexpf" } else { "frexp" };
    let ptr = cx.ctx.ptr_type(inkwell::AddressSpace::default());
    let ft = x.get_type().fn_type(&[x.get_type().into(), ptr.into()], false);
    let f = cx.module.get_function(name).unwrap_or_else(|| cx.module.add_function(name, ft, None));
    let slot = cx.temp(cx.ctx.i32_type().into())?;
    let m = match cx.b.build_call(f, &[x.into(), slot.into()], "")?.try_as_basic_value() {
        inkwell::values::ValueKind::Basic(v) => v,
        _ => return cx.fail("internal error: frexp returned void"),
    };
    let e = cx.b.build_load(cx.ctx.i32_type(), slot, "")?;
    let m = cx.cast(m, &sig.args[0], mt)?;
    let e = cx.cast(e, &Type::Number(NumericKind::Int32), et)?;
    pair(cx, &sig.return_type, m, e)
}

/// `math.ldexp(x, i)`: libm's `ldexp`/`ldexpf` (the exponent as a C int).
fn math_ldexp<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let x = float_arg(cx, sig, vals)?;
    let ik = kind(cx, &sig.args[1])?;
    let e = cx.cast_number(arg(cx, vals, 1)?, ik, NumericKind::Int32)?;
    let name = if x.get_type() == cx.ctx.f32_type() { "ldexpf" } else { "ldexp" };
    let ft = x.get_type().fn_type(&[x.get_type().into(), cx.ctx.i32_type().into()], false);
    let f = cx.module.get_function(name).unwrap_or_else(|| cx.module.add_function(name, ft, None));
    match cx.b.build_call(f, &[x.into(), e.into()], "")?.try_as_basic_value() {
        inkwell::values::ValueKind::Basic(v) => Ok(v),
        _ => cx.fail("internal error: ldexp returned void"),
    }
}

/// `math.log(x[, base])`; an integer `x` (Numba's `unary_math_int_impl`) is taken as a float64.
fn math_log<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let k = kind(cx, &sig.args[0])?;
    let f32 = k == NumericKind::Float32;
    let name = if f32 { "logf" } else { "log" };
    let as_float = |cx: &FnCx<'_, 'ctx>, i: usize| -> R<BasicValueEnum<'ctx>> {
        let v = arg(cx, vals, i)?;
        if kind(cx, &sig.args[i])?.is_float() {
            return Ok(v);
        }
        cx.cast(v, &sig.args[i], &Type::float64())
    };
    let x = libm(cx, name, &[as_float(cx, 0)?])?;
    if sig.args.len() == 2 {
        let base = libm(cx, name, &[as_float(cx, 1)?])?;
        return Ok(cx.b.build_float_div(x.into_float_value(), base.into_float_value(), "")?.into());
    }
    Ok(x)
}

fn math_gcd<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (a, b) = ints(cx, vals)?;
    let t = a.get_type();
    let abs = |cx: &FnCx<'_, 'ctx>, v: IntValue<'ctx>| -> R<IntValue<'ctx>> {
        if !signed(sig) {
            return Ok(v);
        }
        let neg = cx.b.build_int_compare(IntPredicate::SLT, v, t.const_zero(), "")?;
        Ok(cx.b.build_select(neg, cx.b.build_int_neg(v, "")?, v, "")?.into_int_value())
    };
    let a = abs(cx, a)?;
    let b = abs(cx, b)?;
    let pre = cx.b.get_insert_block();
    let head = cx.new_block("gcd_head");
    let body = cx.new_block("gcd_body");
    let done = cx.new_block("gcd_done");
    cx.b.build_unconditional_branch(head)?;
    cx.b.position_at_end(head);
    let pa = cx.b.build_phi(t, "a")?;
    let pb = cx.b.build_phi(t, "b")?;
    let (x, y) = (pa.as_basic_value().into_int_value(), pb.as_basic_value().into_int_value());
    let more = cx.b.build_int_compare(IntPredicate::NE, y, t.const_zero(), "")?;
    cx.b.build_conditional_branch(more, body, done)?;
    cx.b.position_at_end(body);
    let r = cx.b.build_int_unsigned_rem(x, y, "")?;
    cx.b.build_unconditional_branch(head)?;
    let Some(pre) = pre else { return cx.fail("internal error: no insertion block") };
    pa.add_incoming(&[(&a, pre), (&y, body)]);
    pb.add_incoming(&[(&b, pre), (&r, body)]);
    cx.b.position_at_end(done);
    Ok(x.into())
}
