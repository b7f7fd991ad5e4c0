//! Static evaluation of module-level NumPy arrays (`TABLE = np.array([1.0, 2.0])`,
//! `BUF = np.zeros(4)`): Numba freezes global arrays into the compiled code as read-only
//! constants, so their type is `readonly array(<dtype>, <ndim>d, C)`.

use numrs_hir::{ConstValue, ModuleSymbols};
use numrs_syntax::ast::{Expr, ExprKind};
use numrs_types::{Layout, NumericKind, Type};

/// The type of a module-level NumPy array made by a constructor (`np.zeros(4)`,
/// `np.empty((2, 3), np.int32)`), whatever its values.
pub fn static_array_type(value: &Expr, symbols: &ModuleSymbols) -> Option<Type> {
    let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
    let callee = symbols.resolve_dotted(func)?;
    let dtype_kw = keywords.iter().find(|k| k.arg.as_deref() == Some("dtype")).map(|k| &k.value);
    let explicit_dtype = match dtype_kw {
        Some(e) => Some(numrs_hir::numpy_dtype(e, symbols)?),
        None => None,
    };
    let (dtype, ndim) = match callee.as_str() {
        "numpy.array" | "numpy.asarray" => {
            let (kind, ndim) = nested_kind(args.first()?, 0)?;
            (explicit_dtype.unwrap_or(kind), ndim)
        }
        "numpy.zeros" | "numpy.ones" | "numpy.empty" => {
            let ndim = shape_ndim(args.first()?)?;
            (explicit_dtype.or_else(|| args.get(1).and_then(|e| numrs_hir::numpy_dtype(e, symbols))).unwrap_or(NumericKind::Float64), ndim)
        }
        "numpy.arange" => {
            let any_float = args.iter().any(|a| matches!(ConstValue::from_expr(a), Some(ConstValue::Float(_))));
            (explicit_dtype.unwrap_or(if any_float { NumericKind::Float64 } else { NumericKind::Int64 }), 1)
        }
        "numpy.linspace" => (explicit_dtype.unwrap_or(NumericKind::Float64), 1),
        _ => return None,
    };
    Some(Type::array_ro(Type::Number(dtype), ndim, Layout::C, true))
}

fn shape_ndim(e: &Expr) -> Option<u32> {
    match ConstValue::from_expr(e)? {
        ConstValue::Int(_) => Some(1),
        ConstValue::Tuple(items) if items.iter().all(|i| matches!(i, ConstValue::Int(_))) => Some(items.len() as u32),
        _ => None,
    }
}

/// The element kind and nesting depth of a (nested) list/tuple display of number constants.
fn nested_kind(e: &Expr, depth: u32) -> Option<(NumericKind, u32)> {
    if depth > 32 {
        return None;
    }
    match &e.kind {
        ExprKind::List(items) | ExprKind::Tuple(items) => {
            let mut kind: Option<NumericKind> = None;
            let mut ndim = None;
            for item in items {
                let (k, n) = nested_kind(item, depth + 1)?;
                if ndim.is_some_and(|d| d != n) {
                    return None;
                }
                ndim = Some(n);
                kind = Some(match kind {
                    None => k,
                    Some(prev) => promote(prev, k),
                });
            }
            Some((kind.unwrap_or(NumericKind::Float64), ndim.unwrap_or(0) + 1))
        }
        _ => match ConstValue::from_expr(e)? {
            ConstValue::Int(_) => Some((NumericKind::Int64, 0)),
            ConstValue::Float(_) => Some((NumericKind::Float64, 0)),
            ConstValue::Complex { .. } => Some((NumericKind::Complex128, 0)),
            ConstValue::Bool(_) => Some((NumericKind::Boolean, 0)),
            _ => None,
        },
    }
}

/// NumPy's promotion among the kinds a literal list can hold.
fn promote(a: NumericKind, b: NumericKind) -> NumericKind {
    let rank = |k: NumericKind| match k {
        NumericKind::Boolean => 0,
        NumericKind::Int64 => 1,
        NumericKind::Float64 => 2,
        _ => 3,
    };
    if rank(a) >= rank(b) {
        a
    } else {
        b
    }
}
