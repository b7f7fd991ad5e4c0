//! Numba's `numba/np/linalg.py` where SciPy is installed: `np.dot`, `@`, `np.vdot`,
//! `a.dot`, the `np.linalg` functions, `np.cov`, `np.corrcoef` and `np.roots`. Numba's
//! overloads call BLAS and LAPACK through SciPy; their checks run when the call is typed
//! (the implementation is compiled then), so an unsupported dtype is a TypingError at the call.
//! Without SciPy the same calls are Numba's ImportError (`arrayfuncs::scipy_gated`).

use numrs_types::{ArrayType, Layout, NumericKind, Signature, Type};

use crate::registry::{CallError, CallResult};

/// The callees this module types where SciPy is installed.
pub const KEYS: &[&str] = &[
    "numpy.dot",
    "numpy.vdot",
    "array.dot",
    "operator.matmul",
    "numpy.cov",
    "numpy.corrcoef",
    "numpy.roots",
    "numpy.linalg.cholesky",
    "numpy.linalg.cond",
    "numpy.linalg.det",
    "numpy.linalg.eig",
    "numpy.linalg.eigh",
    "numpy.linalg.eigvals",
    "numpy.linalg.eigvalsh",
    "numpy.linalg.inv",
    "numpy.linalg.lstsq",
    "numpy.linalg.matrix_power",
    "numpy.linalg.matrix_rank",
    "numpy.linalg.norm",
    "numpy.linalg.pinv",
    "numpy.linalg.qr",
    "numpy.linalg.slogdet",
    "numpy.linalg.solve",
    "numpy.linalg.svd",
];

fn ok(ret: Type, args: &[Type]) -> CallResult {
    Ok(Some(Signature::new(ret, args.to_vec())))
}

fn err(message: String) -> CallResult {
    Err(CallError::typing(message))
}

/// The arguments bound to `params` (by position, then by name); `None` when a keyword is not
/// one of them or there are too many.
fn bind(args: &[Type], kws: &[(String, Type)], params: &[&str]) -> Option<Vec<Option<Type>>> {
    if args.len() > params.len() {
        return None;
    }
    let mut out: Vec<Option<Type>> = params.iter().map(|_| None).collect();
    for (i, a) in args.iter().enumerate() {
        out[i] = Some(a.clone());
    }
    for (k, t) in kws {
        let i = params.iter().position(|p| p == k)?;
        if out[i].is_some() {
            return None;
        }
        out[i] = Some(t.clone());
    }
    Some(out)
}

fn blas_kind(dtype: &Type) -> Option<NumericKind> {
    dtype.as_number().filter(|k| k.is_float() || k.is_complex())
}

/// Numba's `_check_linalg_matrix`: a 2-D array of floats or complex numbers. (It lets an
/// optional array through; the implementations then read `a.dtype` of the `Optional`, Python's
/// AttributeError.)
fn check_matrix(a: &Type, name: &str) -> Result<ArrayType, CallError> {
    if let Type::Optional(inner) = a {
        check_matrix(inner, name)?;
        return Err(CallError {
            kind: "AttributeError",
            message: format!("np.linalg.{name}() of {a}, a value that may be None: Numba reads its dtype ('Optional' object has no attribute 'dtype')"),
        });
    }
    let Type::Array(arr) = a else { return Err(CallError::typing(format!("np.linalg.{name}() only supported for array types"))) };
    if arr.ndim != 2 {
        return Err(CallError::typing(format!("np.linalg.{name}() only supported on 2-D arrays.")));
    }
    if blas_kind(&arr.dtype).is_none() {
        return Err(CallError::typing(format!("np.linalg.{name}() only supported on float and complex arrays.")));
    }
    Ok((**arr).clone())
}

/// Numba's `_check_linalg_1_or_2d_matrix`.
fn check_1_or_2d(a: &Type, name: &str) -> Result<ArrayType, CallError> {
    let Type::Array(arr) = a else { return Err(CallError::typing(format!("np.linalg.{name}() only supported for array types "))) };
    if arr.ndim > 2 {
        return Err(CallError::typing(format!("np.linalg.{name}() only supported on 1 and 2-D arrays ")));
    }
    if blas_kind(&arr.dtype).is_none() {
        return Err(CallError::typing(format!("np.linalg.{name}() only supported on float and complex arrays.")));
    }
    Ok((**arr).clone())
}

fn real_of(dtype: &Type) -> Type {
    match dtype.as_number() {
        Some(k) => Type::Number(k.underlying_float()),
        None => dtype.clone(),
    }
}

fn arr(dtype: &Type, ndim: u32, layout: Layout) -> Type {
    Type::array(dtype.clone(), ndim, layout)
}

/// Types a call of `key` (one of [`KEYS`]) as Numba does where SciPy is installed.
pub fn resolve(key: &str, args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let name = key.rsplit('.').next().unwrap_or(key);
    match key {
        "numpy.dot" | "array.dot" | "operator.matmul" => {
            let label = if key == "operator.matmul" { "'@'" } else { "np.dot()" };
            match args {
                [a, b] if kws.is_empty() => dot2(label, a, b, args),
                [a, b, out] if kws.is_empty() && key == "numpy.dot" => dot3(a, b, out, args),
                _ => Ok(None),
            }
        }
        "numpy.vdot" => {
            let [Type::Array(a), Type::Array(b)] = args else { return Ok(None) };
            if !kws.is_empty() {
                return Ok(None);
            }
            if a.ndim != 1 || b.ndim != 1 {
                return err("np.vdot() only supported on 1-D arrays".into());
            }
            if a.dtype != b.dtype {
                return err("np.vdot() arguments must all have the same dtype".into());
            }
            if blas_kind(&a.dtype).is_none() {
                return err("unsupported dtype for <BLAS function>()".into());
            }
            ok(a.dtype.clone(), args)
        }
        "numpy.linalg.inv" | "numpy.linalg.cholesky" | "numpy.linalg.det" | "numpy.linalg.slogdet" | "numpy.linalg.eig" | "numpy.linalg.eigvals"
        | "numpy.linalg.eigh" | "numpy.linalg.eigvalsh" | "numpy.linalg.qr" => {
            let Some(b) = bind(args, kws, &["a"]) else { return Ok(None) };
            let Some(a) = &b[0] else { return Ok(None) };
            let m = check_matrix(a, name)?;
            let dt = &m.dtype;
            let complex = dt.is_complex();
            let ret = match name {
                "inv" => arr(dt, 2, Layout::F),
                "cholesky" => arr(dt, 2, Layout::C),
                "det" => Type::Number(if complex { NumericKind::Complex128 } else { NumericKind::Float64 }),
                "slogdet" if complex => Type::tuple(vec![Type::Number(NumericKind::Complex128), Type::float64()]),
                "slogdet" => Type::unituple(Type::float64(), 2),
                "eig" => Type::tuple(vec![arr(dt, 1, Layout::C), arr(dt, 2, Layout::F)]),
                "eigvals" => arr(dt, 1, Layout::C),
                "eigh" => Type::tuple(vec![arr(&real_of(dt), 1, Layout::C), arr(dt, 2, Layout::F)]),
                "eigvalsh" => arr(&real_of(dt), 1, Layout::C),
                _ => Type::tuple(vec![arr(dt, 2, Layout::A), arr(dt, 2, Layout::F)]),
            };
            ok(ret, args)
        }
        "numpy.linalg.svd" => {
            let Some(b) = bind(args, kws, &["a", "full_matrices"]) else { return Ok(None) };
            let Some(a) = &b[0] else { return Ok(None) };
            let m = check_matrix(a, name)?;
            let dt = &m.dtype;
            ok(Type::tuple(vec![arr(dt, 2, Layout::F), arr(&real_of(dt), 1, Layout::C), arr(dt, 2, Layout::F)]), args)
        }
        "numpy.linalg.pinv" => {
            let Some(b) = bind(args, kws, &["a", "rcond"]) else { return Ok(None) };
            let Some(a) = &b[0] else { return Ok(None) };
            let m = check_matrix(a, name)?;
            ok(arr(&m.dtype, 2, Layout::F), args)
        }
        "numpy.linalg.cond" => {
            let Some(b) = bind(args, kws, &["x", "p"]) else { return Ok(None) };
            let Some(a) = &b[0] else { return Ok(None) };
            check_matrix(a, name)?;
            ok(Type::float64(), args)
        }
        "numpy.linalg.matrix_rank" => {
            let Some(b) = bind(args, kws, &["A", "tol"]) else { return Ok(None) };
            let Some(a) = &b[0] else { return Ok(None) };
            check_1_or_2d(a, name)?;
            ok(Type::int64(), args)
        }
        "numpy.linalg.norm" => {
            let Some(b) = bind(args, kws, &["x", "ord"]) else { return Ok(None) };
            let Some(a) = &b[0] else { return Ok(None) };
            let x = check_1_or_2d(a, name)?;
            let no_ord = matches!(&b[1], None | Some(Type::NoneType) | Some(Type::Omitted(_)));
            // A vector's 2-norm is BLAS's `nrm2` in the real type of its items; the other
            // paths meet a `0.0` (float64). A string order of a vector reaches `abs(x) ** ord`.
            if x.ndim == 1 && matches!(&b[1], Some(Type::Unicode)) {
                return err("unsupported operand types for ** (float and str)".into());
            }
            ok(if x.ndim == 1 && no_ord { real_of(&x.dtype) } else { Type::float64() }, args)
        }
        "numpy.linalg.matrix_power" => {
            let Some(b) = bind(args, kws, &["a", "n"]) else { return Ok(None) };
            let (Some(a), Some(n)) = (&b[0], &b[1]) else { return Ok(None) };
            let m = check_matrix(a, name)?;
            let nt = match n {
                Type::Array(na) => na.dtype.clone(),
                other => other.unliteral(),
            };
            if !nt.is_integer() {
                return err("Exponent must be an integer.".into());
            }
            // `a.copy()` keeps the layout; the other branches are C arrays.
            let layout = if m.layout == Layout::C { Layout::C } else { Layout::A };
            ok(Type::optional(arr(&m.dtype, 2, layout)), args)
        }
        "numpy.linalg.solve" => {
            let Some(b) = bind(args, kws, &["a", "b"]) else { return Ok(None) };
            let (Some(a), Some(bt)) = (&b[0], &b[1]) else { return Ok(None) };
            let m = check_matrix(a, name)?;
            let r = check_1_or_2d(bt, name)?;
            if r.dtype != m.dtype {
                return err("np.linalg.solve() only supports inputs that have homogeneous dtypes.".into());
            }
            ok(if r.ndim == 1 { arr(&m.dtype, 1, Layout::C) } else { arr(&m.dtype, 2, Layout::F) }, args)
        }
        "numpy.linalg.lstsq" => {
            let Some(b) = bind(args, kws, &["a", "b", "rcond"]) else { return Ok(None) };
            let (Some(a), Some(bt)) = (&b[0], &b[1]) else { return Ok(None) };
            let m = check_matrix(a, name)?;
            let r = check_1_or_2d(bt, name)?;
            if r.dtype != m.dtype {
                return err("np.linalg.lstsq() only supports inputs that have homogeneous dtypes.".into());
            }
            let real = real_of(&m.dtype);
            ok(
                Type::tuple(vec![arr(&m.dtype, r.ndim, Layout::C), arr(&real, 1, Layout::C), Type::Number(NumericKind::Int32), arr(&real, 1, Layout::C)]),
                args,
            )
        }
        "numpy.cov" | "numpy.corrcoef" => {
            let params: &[&str] = if key == "numpy.cov" { &["m", "y", "rowvar", "bias", "ddof"] } else { &["x", "y", "rowvar"] };
            let Some(b) = bind(args, kws, params) else { return Ok(None) };
            let Some(m) = &b[0] else { return Ok(None) };
            // Numba's `check_dimensions`: more than 2 dimensions is no implementation.
            if [Some(m), b[1].as_ref()].into_iter().flatten().any(|t| matches!(t, Type::Array(x) if x.ndim > 2)) {
                return Ok(None);
            }
            // Arrays, numbers, sequences of numbers, and sequences of those (rows).
            let info = |t: &Type| {
                super::arrayfuncs::asarray_info(t).or_else(|| match t {
                    Type::List { dtype: row, .. } | Type::ListType(row) | Type::UniTuple(row, _) => match super::arrayfuncs::asarray_info(row) {
                        Some((d, 1)) => Some((d, 2)),
                        _ => None,
                    },
                    _ => None,
                })
            };
            let Some((dt, nd)) = info(m) else { return Ok(None) };
            let y = b[1].as_ref().filter(|t| !matches!(t, Type::NoneType | Type::Omitted(_)));
            let ydt = match y {
                Some(y) => match info(y) {
                    Some((d, _)) => Some(d),
                    None => return Ok(None),
                },
                None => None,
            };
            let complex = dt.is_complex() || ydt.as_ref().is_some_and(Type::is_complex);
            let out = Type::Number(if complex { NumericKind::Complex128 } else { NumericKind::Float64 });
            // `scalar_result_expected`: one variable gives a 0-d array (`np.cov`) or, divided
            // by itself, a number (`np.corrcoef`).
            match (nd <= 1 && y.is_none(), key) {
                (true, "numpy.cov") => ok(arr(&out, 0, Layout::C), args),
                (true, _) => ok(out, args),
                _ => ok(arr(&out, 2, Layout::C), args),
            }
        }
        "numpy.roots" => {
            let Some(b) = bind(args, kws, &["p"]) else { return Ok(None) };
            // (Other dimensions are a ValueError when the call runs.)
            let Some(Type::Array(p)) = &b[0] else { return Ok(None) };
            let Some(k) = p.dtype.as_number() else { return Ok(None) };
            let out = if k.is_integer() && k != NumericKind::Boolean { NumericKind::Float64 } else { k };
            ok(arr(&Type::Number(out), 1, Layout::C), args)
        }
        _ => Ok(None),
    }
}

/// Numba's `dot_2_impl` (`np.dot(a, b)`, `a.dot(b)`, `a @ b`).
fn dot2(label: &str, a: &Type, b: &Type, args: &[Type]) -> CallResult {
    let (Type::Array(x), Type::Array(y)) = (a, b) else { return Ok(None) };
    if x.dtype != y.dtype {
        return err(format!("{label} arguments must all have the same dtype"));
    }
    let ret = match (x.ndim, y.ndim) {
        (2, 2) => arr(&x.dtype, 2, Layout::C),
        (2, 1) | (1, 2) => arr(&x.dtype, 1, Layout::C),
        (1, 1) => x.dtype.clone(),
        _ => return err(format!("{label}: inputs must have compatible dimensions")),
    };
    if blas_kind(&x.dtype).is_none() {
        return err("unsupported dtype for <BLAS function>()".into());
    }
    ok(ret, args)
}

/// Numba's `dot_3` (`np.dot(a, b, out)`): the result is `out`.
fn dot3(a: &Type, b: &Type, out: &Type, args: &[Type]) -> CallResult {
    let (Type::Array(x), Type::Array(y), Type::Array(o)) = (a, b, out) else { return Ok(None) };
    if x.dtype != y.dtype || x.dtype != o.dtype {
        return err("np.dot() arguments must all have the same dtype".into());
    }
    if blas_kind(&x.dtype).is_none() {
        return err("unsupported dtype for <BLAS function>()".into());
    }
    // Numba's lowering (run when the call is typed) asserts on the operands' dimensions; the
    // output's are checked when the call runs.
    match (x.ndim, y.ndim) {
        (2, 2) if o.layout != Layout::C => Err(CallError::assertion("np.dot of two matrices into an `out` that is not C-contiguous (Numba's lowering asserts it is)")),
        (2, 2) | (2, 1) | (1, 2) => ok(out.clone(), args),
        _ => Err(CallError { kind: "AssertionError", message: "unreachable".into() }),
    }
}
