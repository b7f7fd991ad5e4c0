//! Constraints: one per IR statement, after Numba's `Propagate`, `CallConstraint`,
//! `GetAttrConstraint`, `StaticGetItemConstraint`, `BuildTupleConstraint`, ... classes.

use numrs_ir::{StaticIndex, Stmt, StmtKind, Value, VarId};
use numrs_syntax::ast::{BinOp, CmpOp, Constant, Span, UnaryOp};
use numrs_types::{unify_pairs, Type};

use crate::engine::{GlobalValue, InferError, Inferer};

pub(crate) struct Constraint {
    target: Option<VarId>,
    span: Span,
    kind: Kind,
}

enum Kind {
    Copy(Vec<VarId>),
    Call { func: VarId, args: Vec<VarId>, kws: Vec<(String, VarId)>, vararg: Option<VarId> },
    /// An operator call through the registry key (`operator.add`).
    Intrinsic { key: &'static str, fallback: Option<&'static str>, args: Vec<VarId>, negate: bool },
    GetAttr { value: VarId, attr: String },
    GetItem { value: VarId, index: VarId },
    StaticGetItem { value: VarId, index: StaticIndex, index_var: Option<VarId> },
    BuildTuple(Vec<VarId>),
    BuildList(Vec<VarId>),
    BuildSet(Vec<VarId>),
    /// A dict display's items and the literal value Numba records for it.
    BuildMap(Vec<(VarId, VarId)>, Option<std::sync::Arc<str>>),
    GetIter(VarId),
    IterNext(VarId),
    PairFirst(VarId),
    PairSecond(VarId),
    ExhaustIter { value: VarId, count: u32 },
    SetItem { target: VarId, index: VarId, value: VarId },
    /// `del x[i]`: Numba's DelItemConstraint types `operator.delitem(x, i)`.
    DelItem { target: VarId, index: VarId },
    SetAttr { target: VarId, attr: String, value: VarId },
    Yield,
    BuildString,
    /// f-string `{x}`: Numba types it as `str(x)`.
    FormatValue(VarId),
    /// An object-mode block's output annotated with a type object.
    ObjModeOutOf(VarId),
    Raise,
    ExceptionMatch(VarId),
    NonlocalOut { func: VarId, name: String },
}

impl Constraint {
    pub(crate) fn raise(_exc: VarId, span: Option<Span>) -> Constraint {
        Constraint { target: None, span: span.unwrap_or_default(), kind: Kind::Raise }
    }
}

pub(crate) fn binop_key(op: BinOp, inplace: bool) -> (&'static str, Option<&'static str>) {
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
    // Numba types `x op= y` with the in-place operator only (no fallback to the plain one):
    // `t += (1,)` on a tuple is a typing error there.
    if inplace {
        (inpl, None)
    } else {
        (plain, None)
    }
}

pub(crate) fn cmp_key(op: CmpOp) -> &'static str {
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

/// Numba's `resolve_value_type` for constants (with literal types for int, bool and str).
pub fn const_type(c: &Constant) -> Result<Type, String> {
    Ok(match c {
        Constant::None => Type::NoneType,
        Constant::Bool(b) => Type::BooleanLiteral(*b),
        Constant::Int(v) => match Type::int_literal_base(*v) {
            Some(_) => Type::IntegerLiteral(*v),
            None => return Err(format!("Int value is too large: {v}")),
        },
        Constant::BigInt(s) => return Err(format!("Int value is too large: {s}")),
        Constant::Float(_) => Type::float64(),
        Constant::Complex { .. } => Type::complex128(),
        Constant::Str(s) => Type::StringLiteral(s.as_str().into()),
        // Numba's `typeof(b"...")`: a read-only `Bytes` buffer.
        Constant::Bytes(_) => Type::Array(std::sync::Arc::new(numrs_types::ArrayType::buffer(numrs_types::BufferKind::Bytes, numrs_types::Layout::C, true))),
        Constant::Ellipsis => Type::Ellipsis,
    })
}

/// Numba's `typeof` of a constant tuple nested in a tuple display (`Value::ConstTuple`): its
/// items' types, none of them literal.
fn const_tuple_type(c: &numrs_ir::ConstValue) -> Result<Type, String> {
    use numrs_ir::ConstValue as C;
    Ok(match c {
        C::Tuple(items) => Type::tuple(items.iter().map(const_tuple_type).collect::<Result<Vec<_>, _>>()?),
        C::Int(v) => const_type(&Constant::Int(*v))?.unliteral(),
        C::BigInt(s) => return Err(format!("Int value is too large: {s}")),
        C::Bool(_) => Type::boolean(),
        C::None => Type::NoneType,
        C::Float(_) => Type::float64(),
        C::Complex { .. } => Type::complex128(),
        C::Str(_) => Type::Unicode,
    })
}

/// Build the constraint for a statement; typing constants, args and globals on the spot.
pub(crate) fn build(inf: &mut Inferer<'_>, stmt: &Stmt, args: &[Type]) -> Result<Option<Constraint>, InferError> {
    let span = stmt.span;
    let (target, kind) = match &stmt.kind {
        StmtKind::Assign { target, value } => {
            let target = *target;
            let kind = match value {
                Value::Const(c) => {
                    let t = const_type(c).map_err(|m| InferError::typing("unsupported-constant", m, Some(span)))?;
                    inf.add_type(target, t, Some(span))?;
                    return Ok(None);
                }
                Value::ConstTuple(c) => {
                    let t = const_tuple_type(c).map_err(|m| InferError::typing("unsupported-constant", m, Some(span)))?;
                    inf.add_type(target, t, Some(span))?;
                    return Ok(None);
                }
                Value::Global(name) | Value::FreeVar(name) => {
                    match inf.env.resolve_global(name) {
                        GlobalValue::Type(t) => inf.add_type(target, t, Some(span))?,
                        GlobalValue::Untyped(reason) => {
                            return Err(InferError::typing(
                                "untyped-global",
                                format!("Untyped global name '{name}': {reason}"),
                                Some(span),
                            ))
                        }
                    }
                    return Ok(None);
                }
                Value::Arg(i) => {
                    if let Some(t) = args.get(*i as usize) {
                        // Numba's `ArgConstraint`: an omitted argument is its default's type.
                        let t = match t {
                            Type::Omitted(repr) => numrs_types::omitted_value_type(repr).or_else(|| inf.env.omitted_type(*i as usize, repr)).unwrap_or_else(|| t.clone()),
                            _ => t.clone(),
                        };
                        inf.add_type(target, t, Some(span))?;
                    }
                    return Ok(None);
                }
                Value::Var(v) | Value::Cast(v) => {
                    inf.copied_from.entry(target).or_default().push(*v);
                    Kind::Copy(vec![*v])
                }
                Value::Phi(incoming) => {
                    let srcs: Vec<VarId> = incoming.iter().filter_map(|(_, v)| *v).collect();
                    inf.copied_from.entry(target).or_default().extend(srcs.iter().copied());
                    Kind::Copy(srcs)
                }
                Value::BinOp { op, lhs, rhs } => {
                    let (key, fallback) = binop_key(*op, false);
                    Kind::Intrinsic { key, fallback, args: vec![*lhs, *rhs], negate: false }
                }
                Value::InplaceBinOp { op, lhs, rhs } => {
                    let (key, fallback) = binop_key(*op, true);
                    Kind::Intrinsic { key, fallback, args: vec![*lhs, *rhs], negate: false }
                }
                Value::Compare { op, lhs, rhs } => match op {
                    CmpOp::In => Kind::Intrinsic { key: cmp_key(*op), fallback: None, args: vec![*rhs, *lhs], negate: false },
                    CmpOp::NotIn => Kind::Intrinsic { key: cmp_key(*op), fallback: None, args: vec![*rhs, *lhs], negate: true },
                    _ => Kind::Intrinsic { key: cmp_key(*op), fallback: None, args: vec![*lhs, *rhs], negate: false },
                },
                Value::Unary { op, operand } => {
                    let key = match op {
                        UnaryOp::USub => "operator.neg",
                        UnaryOp::UAdd => "operator.pos",
                        UnaryOp::Invert => "operator.invert",
                        UnaryOp::Not => "operator.not_",
                    };
                    Kind::Intrinsic { key, fallback: None, args: vec![*operand], negate: false }
                }
                Value::Call { func, args, kws, vararg } => {
                    Kind::Call { func: *func, args: args.clone(), kws: kws.clone(), vararg: *vararg }
                }
                Value::GetAttr { value, attr } => {
                    inf.receiver_of.insert(target, *value);
                    Kind::GetAttr { value: *value, attr: attr.clone() }
                }
                Value::GetItem { value, index } => Kind::GetItem { value: *value, index: *index },
                Value::StaticGetItem { value, index, index_var } => {
                    Kind::StaticGetItem { value: *value, index: index.clone(), index_var: *index_var }
                }
                Value::BuildTuple(items) => Kind::BuildTuple(items.clone()),
                Value::BuildList(items) => Kind::BuildList(items.clone()),
                Value::BuildSet(items) => Kind::BuildSet(items.clone()),
                Value::BuildMap(items) => Kind::BuildMap(items.clone(), inf.ir.map_literal(target).cloned()),
                Value::GetIter(v) => Kind::GetIter(*v),
                Value::IterNext(v) => Kind::IterNext(*v),
                Value::PairFirst(v) => Kind::PairFirst(*v),
                Value::PairSecond(v) => Kind::PairSecond(*v),
                Value::ExhaustIter { value, count } => Kind::ExhaustIter { value: *value, count: *count },
                Value::Yield(_) => Kind::Yield,
                Value::BuildString(_) => Kind::BuildString,
                Value::FormatValue(v) => Kind::FormatValue(*v),
                Value::ExceptionMatch(cls) => Kind::ExceptionMatch(*cls),
                Value::NonlocalOut { func, name } => Kind::NonlocalOut { func: *func, name: name.clone() },
                Value::MakeFunction { closure } => {
                    let name = inf.ir.closures.get(*closure as usize).map_or("<lambda>", |c| c.name.as_str());
                    inf.add_type(target, Type::MakeFunction(*closure, name.into()), Some(span))?;
                    return Ok(None);
                }
                Value::ObjModeOut(t) | Value::Captured(t) => {
                    inf.add_type(target, t.clone(), Some(span))?;
                    return Ok(None);
                }
                Value::ObjModeOutOf(v) => Kind::ObjModeOutOf(*v),
                // Its inputs are passed to Python as they are.
                Value::ObjModeBlock { .. } => {
                    inf.add_type(target, Type::NoneType, Some(span))?;
                    return Ok(None);
                }
                Value::Undefined => return Ok(None),
            };
            (Some(target), kind)
        }
        StmtKind::SetItem { target, index, value, .. } => (None, Kind::SetItem { target: *target, index: *index, value: *value }),
        StmtKind::SetAttr { target, attr, value } => (None, Kind::SetAttr { target: *target, attr: attr.clone(), value: *value }),
        StmtKind::DelItem { target, index } => (None, Kind::DelItem { target: *target, index: *index }),
        StmtKind::Del(_) => return Ok(None),
    };
    Ok(Some(Constraint { target, span, kind }))
}

fn all_defined(inf: &Inferer<'_>, vars: &[VarId]) -> Option<Vec<Type>> {
    vars.iter().map(|v| inf.get(*v).cloned()).collect()
}

fn no_impl(key: &str, args: &[Type]) -> String {
    no_impl_kws(key, args, &[])
}

/// [`no_impl`] of a call with keyword arguments, which the signature shows (`sum(array(float64,
/// 1d, A), keepdims=Literal[bool](True))`: the keyword is often what is not supported).
fn no_impl_kws(key: &str, args: &[Type], kws: &[(String, Type)]) -> String {
    let shown = key.rsplit('.').next().unwrap_or(key);
    let list = args.iter().map(|t| t.to_string()).chain(kws.iter().map(|(k, t)| format!("{k}={t}"))).collect::<Vec<_>>().join(", ");
    format!("No implementation of function '{shown}' found for signature ({list})")
}

impl Constraint {
    pub(crate) fn apply(&self, inf: &mut Inferer<'_>) -> Result<(), InferError> {
        let span = Some(self.span);
        let result: Option<Type> = match &self.kind {
            Kind::Copy(srcs) => {
                for s in srcs {
                    if let (Some(t), Some(target)) = (inf.get(*s).cloned(), self.target) {
                        inf.copy_type(target, t, span)?;
                    }
                    // Numba's `Propagate` enters itself in the refine map after copying.
                    if let Some(target) = self.target {
                        inf.refine_via.insert(target, *s);
                    }
                }
                None
            }
            Kind::Intrinsic { key, fallback, args, negate } => {
                let Some(types) = all_defined(inf, args) else { return Ok(()) };
                if types.iter().any(untyped_container) {
                    return Ok(());
                }
                let mut ret = registry_call(inf, key, &types, &[], span)?;
                if ret.is_none() {
                    if let Some(fb) = fallback {
                        ret = registry_call(inf, fb, &types, &[], span)?;
                    }
                }
                match ret {
                    Some(_) if *negate => Some(Type::boolean()),
                    Some(t) => Some(t),
                    None => return Err(InferError::typing("no-matching-operator", no_impl(key, &types), span)),
                }
            }
            Kind::Call { func, args, kws, vararg } => {
                // Numba's CallConstraint needs the callee's type (`getone`): a callee nothing
                // types is an error of this call, reported if it stays so (before the errors
                // of later statements that depend on it).
                let Some(fty) = inf.get(*func).cloned() else {
                    let mut e = InferError::typing(
                        "undetermined-type",
                        format!("Undecided type {} := <undecided>: nothing gives the called value a type", inf.ir.var(*func).name),
                        span,
                    );
                    e.notes.push(
                        "the value called is read from something whose type is not known yet here (an item of a dict or list that is still empty); \
                         give the container its type before this line, e.g. store a first item or make it with typed.Dict.empty(...)"
                            .into(),
                    );
                    return Err(e);
                };
                let Some(mut types) = all_defined(inf, args) else { return Ok(()) };
                if let Some(va) = vararg {
                    let Some(t) = inf.get(*va).cloned() else { return Ok(()) };
                    match t.tuple_items() {
                        Some(items) => types.extend(items),
                        None => {
                            return Err(InferError::typing(
                                "bad-star-args",
                                format!("*args must be a tuple, got {t}"),
                                span,
                            ))
                        }
                    }
                }
                let mut kw_types = Vec::new();
                for (k, v) in kws {
                    let Some(t) = inf.get(*v).cloned() else { return Ok(()) };
                    kw_types.push((k.clone(), t));
                }
                // Numba's CallConstraint waits for precise arguments: a set of functions no call
                // has given a signature stays imprecise (reported at its variable).
                if types.iter().chain(kw_types.iter().map(|(_, t)| t)).any(|t| matches!(t, Type::UndefinedFunction(_))) {
                    return Ok(());
                }
                // So does a call given a list nothing has typed yet (`h = []`): the list stays
                // imprecise (reported at its variable).
                if matches!(&fty, Type::Function(_) | Type::Dispatcher(_) | Type::BoundFunction(_)) && types.iter().any(untyped_container) {
                    return Ok(());
                }
                if let Type::UndefinedFunction(members) = &fty {
                    // Numba's UndefinedFunctionType call: the first function typed with the
                    // arguments gives the signature (literals dropped); the variable is then
                    // a FunctionType of it.
                    let Some(first) = members.first() else { return Ok(()) };
                    if !kw_types.is_empty() {
                        return Err(InferError {
                            kind: "UnsupportedError",
                            code: "invalid-call",
                            message: "first-class function call cannot use keyword arguments".into(),
                            span,
                            notes: vec![],
                            secondary: vec![],
                        });
                    }
                    let callee = match first {
                        Type::MakeFunction(idx, _) => escaped_dispatcher(inf, *idx)?.unwrap_or_else(|| first.clone()),
                        other => other.clone(),
                    };
                    let ret = resolve_callable(inf, &callee, &types, &[], span)?;
                    let sig = numrs_types::Signature::new(ret.unliteral(), types.iter().map(Type::unliteral).collect());
                    // The value is any of the functions: each is compiled for the signature
                    // (Numba compiles the others when it lowers the function values; a failure
                    // there is not a typing error).
                    for m in members.iter() {
                        let callee = match m {
                            Type::MakeFunction(idx, _) => escaped_dispatcher(inf, *idx).ok().flatten(),
                            Type::Dispatcher(_) => Some(m.clone()),
                            _ => None,
                        };
                        if let Some(c) = callee {
                            let _ = resolve_callable(inf, &c, &sig.args, &[], span);
                        }
                    }
                    inf.function_sigs.push(((**members).clone(), sig.clone()));
                    inf.add_type(*func, Type::FunctionType(std::sync::Arc::new(sig)), span)?;
                    Some(ret.unliteral())
                } else if let Some(t) = inlined_arraycall(inf, self.target, &fty, &types, &kw_types)? {
                    Some(t)
                } else {
                let result = match resolve_callable(inf, &fty, &types, &kw_types, span) {
                    Ok(r) => r,
                    Err(e) => return Err(comprehension_refinement(inf, *func, &fty, &types).unwrap_or(e)),
                };
                if let Type::BoundFunction(b) = &fty {
                    // Numba's GetAttrConstraint.refine: the receiver variable takes the type the
                    // method was resolved on (unify; e.g. an overloaded list method drops the
                    // list's initial value).
                    if let Some(recv) = inf.receiver_of.get(func).copied() {
                        if inf.get(recv).is_some_and(|t| *t != b.1) {
                            inf.add_type(recv, b.1.clone(), span)?;
                        }
                    }
                    if let Some(refined) = numrs_typing::refine_receiver(&b.0, &b.1, &types) {
                        if let Some(recv) = inf.receiver_of.get(func).copied() {
                            inf.add_type(recv, refined, span)?;
                        }
                    }
                }
                Some(result)
                }
            }
            Kind::GetAttr { value, attr } => {
                let Some(t) = inf.get(*value).cloned() else { return Ok(()) };
                // Numba's `DeferredAttribute`: resolved on the type it is defined as.
                let t = t.without_deferred();
                let resolved = match &t {
                    Type::Module(m) => inf.env.resolve_module_attr(m, attr),
                    Type::Dispatcher(d) => inf.env.dispatcher_attr(d, attr),
                    Type::JitClassInstance(class) => jitclass_getattr(inf, class, &t, attr, span)?,
                    // Numba's `OptionalAttribute`: resolved on the type inside.
                    Type::Optional(inner) => match &**inner {
                        Type::JitClassInstance(class) => jitclass_getattr(inf, class, inner, attr, span)?,
                        _ => numrs_typing::resolve_getattr(&t, attr),
                    },
                    _ => numrs_typing::resolve_getattr(&t, attr),
                };
                // A method the module adds to the type with `@overload_method`.
                let resolved = resolved.or_else(|| inf.env.overload_method(&t, attr));
                match resolved {
                    Some(r) => Some(r),
                    // A name NumPy 2 no longer has: Numba reads the global attribute while it
                    // types the function, and Python raises AttributeError.
                    None if matches!(&t, Type::Module(m) if &**m == "numpy") && NUMPY_REMOVED.contains(&attr.as_str()) => {
                        let mut e = InferError::typing("unknown-attribute", format!("module 'numpy' has no attribute '{attr}' (removed in NumPy 2)"), span);
                        e.kind = "AttributeError";
                        return Err(e);
                    }
                    // A name NumPy does not have at all (a typo): the same AttributeError.
                    None if matches!(&t, Type::Module(m) if numrs_typing::module_has_attribute(m, attr) == Some(false)) => {
                        let Type::Module(m) = &t else { return Ok(()) };
                        let mut e = InferError::typing("unknown-attribute", format!("module '{m}' has no attribute '{attr}'"), span);
                        e.kind = "AttributeError";
                        return Err(e);
                    }
                    // Numba's `RecordAttribute` looks the field up in the record's dict: a
                    // KeyError (reported without a line).
                    None if matches!(&t, Type::Record(_)) => {
                        let Type::Record(r) = &t else { return Ok(()) };
                        let names: Vec<&str> = r.fields.iter().map(|f| &*f.name).collect();
                        let mut e = InferError::typing("unknown-attribute", format!("record has no field '{attr}' (its fields: {})", names.join(", ")), span);
                        e.kind = "KeyError";
                        return Err(e);
                    }
                    // A NumPy function Numba has no implementation of (its typing of
                    // `np.<name>`: "Use of unsupported NumPy function").
                    None if matches!(&t, Type::Module(m) if m.starts_with("numpy") && numrs_typing::module_has_attribute(m, attr) == Some(true)) => {
                        let Type::Module(m) = &t else { return Ok(()) };
                        let mut e = InferError::typing(
                            "unsupported-numpy-function",
                            format!("Use of unsupported NumPy function '{m}.{attr}' or unsupported use of the function: Numba does not implement {m}.{attr} in nopython mode"),
                            span,
                        );
                        e.notes.push("call it outside the jit function and pass the result in, or from an objmode block (with numba.objmode(...): ...)".into());
                        return Err(e);
                    }
                    // `getattr(x, "name")` of a name `x`'s type lacks (Numba's `resolve_getattr`
                    // with no default): typed `none`, raising AttributeError when it runs.
                    None if self.target.is_some_and(|v| inf.ir.var(v).name.starts_with(numrs_ir::GETATTR_CALL_TEMP))
                        && !matches!(t, Type::Module(_) | Type::Dispatcher(_) | Type::JitClassInstance(_) | Type::Optional(_)) =>
                    {
                        Some(Type::NoneType)
                    }
                    None => {
                        return Err(InferError::typing(
                            "unknown-attribute",
                            format!("Unknown attribute '{attr}' of type {t}"),
                            span,
                        ))
                    }
                }
            }
            Kind::GetItem { value, index } => {
                let Some(types) = all_defined(inf, &[*value, *index]) else { return Ok(()) };
                if untyped_container(&types[0]) {
                    return Ok(());
                }
                Some(resolve_intrinsic(inf, "operator.getitem", &types, span)?)
            }
            Kind::StaticGetItem { value, index, index_var } => {
                let Some(vt) = inf.get(*value).cloned() else { return Ok(()) };
                if untyped_container(&vt) {
                    return Ok(());
                }
                if let (Some(items), StaticIndex::Int(i)) = (vt.tuple_items(), index) {
                    let n = items.len() as i128;
                    if *i >= n || *i < -n {
                        return Err(InferError::typing(
                            "index-out-of-range",
                            format!("tuple index {i} is out of range for {vt}"),
                            span,
                        ));
                    }
                }
                if let Type::Optional(inner) = &vt {
                    if static_getitem(inner, index).is_some() {
                        // Numba types this (its `static_getitem` template unpacks the optional)
                        // but then fails to lower it, with an AttributeError from its lowering.
                        return Err(InferError {
                            kind: "AttributeError",
                            code: "optional-constant-index",
                            message: format!(
                                "a constant index into {vt} types, but Numba cannot compile it (its lowering fails with \
                                 AttributeError: 'NoneType' object has no attribute 'args')"
                            ),
                            span,
                            notes: vec!["the value may be None here: Numba does not narrow a variable's type after `is None` tests".into()],
                            secondary: vec![],
                        });
                    }
                }
                match static_getitem(&vt, index) {
                    Some(t) => Some(t),
                    None => {
                        let Some(iv) = index_var else { return Ok(()) };
                        let Some(it) = inf.get(*iv).cloned() else { return Ok(()) };
                        Some(resolve_intrinsic(inf, "operator.getitem", &[vt, it], span)?)
                    }
                }
            }
            Kind::BuildTuple(items) => {
                let Some(types) = all_defined(inf, items) else { return Ok(()) };
                // Numba's `Tuple.__new__`: different functions that all have (or convert to)
                // one function type make a tuple of that type.
                let functions = types.len() > 1
                    && types.iter().any(|t| *t != types[0])
                    && types.iter().all(|t| matches!(t, Type::Dispatcher(_) | Type::FunctionType(_)));
                match functions.then(|| inf.function_type_of(&types)).flatten() {
                    Some(sig) => Some(Type::unituple(Type::FunctionType(std::sync::Arc::new(sig)), types.len() as u32)),
                    None => Some(Type::tuple(types)),
                }
            }
            Kind::BuildList(items) => {
                let Some(types) = all_defined(inf, items) else { return Ok(()) };
                if types.is_empty() {
                    Some(Type::list(Type::Undefined, false))
                } else {
                    // Items that do not unify make Numba's `LiteralList` of their types.
                    match unify_container_items(&types, "list", span).map(|d| inf.precise_function(d)) {
                        Ok(dtype) => {
                            // Numba remembers the items of a list built from literals.
                            let initial = types.iter().map(literal_repr).collect::<Option<Vec<_>>>().map(|v| format!("[{}]", v.join(", ")).into());
                            Some(Type::list_with_initial(dtype, false, initial))
                        }
                        Err(e) if e.kind == "TypeError" => Some(Type::LiteralList(types.into())),
                        Err(e) => return Err(e),
                    }
                }
            }
            Kind::BuildSet(items) => {
                let Some(types) = all_defined(inf, items) else { return Ok(()) };
                // Items that are all one string literal unify to that literal, which Numba's
                // `Set` type refuses (`assert isinstance(dtype, Hashable)`).
                if let Some(Type::StringLiteral(text)) = types.first() {
                    if types.iter().all(|t| t == &types[0]) {
                        return Err(InferError {
                            kind: "AssertionError",
                            code: "literal-string-set",
                            message: format!(
                                "a set display of the single string literal {:?}: Numba's type inference fails on it (the item type \
                                 Literal[str] is not a hashable set type); build the set with set.add or from a str variable",
                                text.as_ref()
                            ),
                            span,
                            notes: vec![],
                            secondary: vec![],
                        });
                    }
                }
                // One literal number (however often written): Numba's unification of the items
                // keeps it (`{100}` is `set(Literal[int](100))`; `add` refines it later).
                let same_literal = matches!(types.first(), Some(Type::IntegerLiteral(_) | Type::BooleanLiteral(_))) && types.iter().all(|t| t == &types[0]);
                let dtype = if types.is_empty() {
                    Type::Undefined
                } else if same_literal {
                    types[0].clone()
                } else {
                    unify_container_items(&types, "set", span)?
                };
                Some(Type::set(dtype, false))
            }
            Kind::BuildMap(items, literal) => {
                let keys: Vec<VarId> = items.iter().map(|(k, _)| *k).collect();
                let vals: Vec<VarId> = items.iter().map(|(_, v)| *v).collect();
                let (Some(kt), Some(vt)) = (all_defined(inf, &keys), all_defined(inf, &vals)) else { return Ok(()) };
                Some(build_map_type(&kt, &vt, literal.as_ref()).map_err(|e| to_infer_error(e, span))?)
            }
            Kind::GetIter(v) => {
                let Some(t) = inf.get(*v).cloned() else { return Ok(()) };
                // `getiter`'s templates return nothing for an optional value, so Numba's
                // `AbstractTemplate.apply` tries them again with it unpacked.
                let t = match t {
                    Type::Optional(inner) => (*inner).clone(),
                    other => other,
                };
                // Numba's `getiter` of an array: "iteration over a 0-d array".
                if matches!(&t, Type::Array(a) if a.ndim == 0) {
                    return Err(InferError::typing("not-iterable", "iteration over a 0-d array", span));
                }
                match resolve_getiter(&t) {
                    Some(it) => Some(it),
                    None => {
                        return Err(InferError::typing(
                            "not-iterable",
                            format!("Invalid use of getiter with parameters ({t})"),
                            span,
                        ))
                    }
                }
            }
            Kind::IterNext(v) => {
                let Some(t) = inf.get(*v).cloned() else { return Ok(()) };
                let y = t.yield_type().ok_or_else(|| InferError::typing("not-iterable", format!("{t} is not an iterator"), span))?;
                Some(Type::Pair(std::sync::Arc::new((y, Type::boolean()))))
            }
            Kind::PairFirst(v) => match inf.get(*v) {
                Some(Type::Pair(p)) => Some(p.0.clone()),
                _ => return Ok(()),
            },
            Kind::PairSecond(v) => match inf.get(*v) {
                Some(Type::Pair(p)) => Some(p.1.clone()),
                _ => return Ok(()),
            },
            Kind::ExhaustIter { value, count } => {
                let Some(t) = inf.get(*value).cloned() else { return Ok(()) };
                // Numba's `ExhaustIterConstraint` unpacks an optional's value.
                let t = match t {
                    Type::Optional(inner) => (*inner).clone(),
                    t => t,
                };
                match &t {
                    Type::UniTuple(..) | Type::Tuple(_) | Type::NamedTuple(_) if t.tuple_items().map(|i| i.len()) != Some(*count as usize) => {
                        let n = t.tuple_items().map_or(0, |i| i.len());
                        let _ = n;
                        return Err(InferError {
                            kind: "TypingError",
                            code: "unpack-count",
                            message: format!("cannot unpack {t} into {count} values"),
                            span,
                            notes: vec![],
                            secondary: vec![],
                        });
                    }
                    Type::UniTuple(..) | Type::Tuple(_) | Type::NamedTuple(_) => Some(t.clone()),
                    _ => match t.iterator_type().and_then(|it| it.yield_type()) {
                        Some(y) => Some(Type::unituple(y, *count)),
                        None => {
                            return Err(InferError::typing("not-iterable", format!("cannot unpack {t}"), span))
                        }
                    },
                }
            }
            Kind::SetItem { target, index, value } => {
                let Some(types) = all_defined(inf, &[*target, *index, *value]) else { return Ok(()) };
                if let Some(refined) = numrs_typing::refine_receiver("operator.setitem", &types[0], &types[1..]) {
                    inf.add_type(*target, refined, span)?;
                    return Ok(());
                }
                if let Some(e) = dict_comprehension_refinement(inf, *target, &types[1..]) {
                    return Err(e);
                }
                resolve_intrinsic(inf, "operator.setitem", &types, span)?;
                None
            }
            Kind::DelItem { target, index } => {
                let Some(types) = all_defined(inf, &[*target, *index]) else { return Ok(()) };
                resolve_intrinsic(inf, "operator.delitem", &types, span)?;
                None
            }
            Kind::SetAttr { target, attr, value } => {
                let Some(t) = inf.get(*target).cloned() else { return Ok(()) };
                let t = t.without_deferred();
                // An optional instance is set through (Numba's `OptionalAttribute`; lowering
                // raises TypeError for None).
                let t = match &t {
                    Type::Optional(inner) if matches!(inner.without_deferred(), Type::JitClassInstance(_)) => inner.without_deferred(),
                    _ => t,
                };
                if let Type::JitClassInstance(class) = &t {
                    let Some(vt) = inf.get(*value).cloned() else { return Ok(()) };
                    jitclass_setattr(inf, class, &t, attr, &vt, span)?;
                    return Ok(());
                }
                // A record's field takes the value cast to its type (Numba's `resolve_setattr`
                // leaves the conversion to lowering, which fails when there is none).
                if let Type::Record(r) = &t {
                    if let Some(f) = r.field(attr) {
                        let Some(vt) = inf.get(*value).cloned() else { return Ok(()) };
                        if numrs_types::can_convert(&vt, &f.ty).is_none() {
                            return Err(InferError {
                                kind: "NumbaNotImplementedError",
                                code: "cannot-set-attribute",
                                message: format!("Cannot cast {vt} to {}: field '{attr}' of {t}", f.ty),
                                span,
                                notes: vec![],
                                secondary: vec![],
                            });
                        }
                        return Ok(());
                    }
                }
                // An array's attributes type as settable (the value cast to the attribute's
                // type); Numba then has no lowering for the store (no line).
                if let (Type::Array(_), Some(at)) = (&t, numrs_typing::resolve_getattr(&t, attr)) {
                    if !matches!(at, Type::BoundFunction(_)) {
                        return Err(InferError {
                            kind: "NotImplementedError",
                            code: "cannot-set-attribute",
                            message: format!("No definition for lowering {t}.{attr} = {at}: an array's attributes cannot be assigned"),
                            span: None,
                            notes: vec![],
                            secondary: vec![],
                        });
                    }
                }
                // So does a named tuple's field.
                if let Type::NamedTuple(nt) = &t {
                    if let Some(ft) = nt.field(attr).and_then(|i| nt.items.get(i)) {
                        return Err(InferError {
                            kind: "NotImplementedError",
                            code: "cannot-set-attribute",
                            message: format!("No definition for lowering {t}.{attr} = {ft}: a named tuple's fields cannot be assigned (make a new one)"),
                            span: None,
                            notes: vec![],
                            secondary: vec![],
                        });
                    }
                }
                return Err(InferError::typing(
                    "cannot-set-attribute",
                    format!("Cannot modify attribute '{attr}' of type {t}"),
                    span,
                ));
            }
            Kind::Yield => Some(Type::NoneType),
            Kind::BuildString => Some(Type::Unicode),
            Kind::FormatValue(v) => {
                let Some(t) = inf.get(*v).cloned() else { return Ok(()) };
                Some(resolve_intrinsic(inf, "builtins.str", &[t], span)?)
            }
            Kind::Raise => None,
            Kind::ObjModeOutOf(v) => match inf.get(*v).cloned() {
                None => return Ok(()),
                // A Numba type given as an object (`z=types.intp[:]`, `z=OUT_T`).
                Some(Type::NumberClass(t) | Type::TypeRef(t)) => Some((*t).clone()),
                Some(other) => {
                    return Err(InferError::typing(
                        "objmode-annotation",
                        format!("the objmode annotation {other} is not supported by numrs yet: give the type as a string (\"float64[:]\")"),
                        span,
                    ))
                }
            },
            Kind::NonlocalOut { func, name } => match inf.get(*func) {
                Some(Type::MakeFunction(idx, _)) => inf.nonlocal_types.get(&(*idx, name.clone())).cloned(),
                _ => None,
            },
            Kind::ExceptionMatch(cls) => {
                // numba/core/unsafe/eh.py: "Exception matching is limited to <class 'Exception'>".
                let Some(t) = inf.get(*cls).cloned() else { return Ok(()) };
                match &t {
                    Type::ExceptionClass(name) if &**name == "Exception" => Some(Type::boolean()),
                    // A tuple of classes: `eh.py` reads `exc_class.exc_class`, which a tuple type
                    // lacks, and the AttributeError escapes Numba's typing with no line.
                    Type::Tuple(_) | Type::UniTuple(..) => {
                        let class = if matches!(t, Type::UniTuple(..)) { "UniTuple" } else { "Tuple" };
                        return Err(InferError {
                            kind: "AttributeError",
                            code: "unsupported-syntax",
                            message: format!(
                                "'{class}' object has no attribute 'exc_class': `except` with a tuple of exception classes ({t}) is not supported in nopython mode (only `except Exception` and bare `except` are)"
                            ),
                            span: None,
                            notes: vec![],
                            secondary: vec![],
                        });
                    }
                    _ => {
                        return Err(InferError::typing(
                            "unsupported-syntax",
                            format!(
                                "No implementation of function Function(<intrinsic exception_match>) found for signature: exception_match(none, {t}); exception matching is limited to <class 'Exception'>"
                            ),
                            span,
                        ))
                    }
                }
            }
        };
        if let (Some(t), Some(target)) = (result, self.target) {
            inf.add_type(target, t, span)?;
        }
        Ok(())
    }
}

fn to_infer_error(e: numrs_typing::CallError, span: Option<Span>) -> InferError {
    InferError { kind: e.kind, code: "invalid-call", message: e.message, span, notes: vec![], secondary: vec![] }
}

fn resolve_intrinsic(inf: &Inferer<'_>, key: &str, types: &[Type], span: Option<Span>) -> Result<Type, InferError> {
    registry_call(inf, key, types, &[], span)?.ok_or_else(|| InferError::typing("no-matching-operator", no_impl(key, types), span))
}

/// The result type of a call of registry key `key` (an operator, a builtin, a library
/// function), `None` when no template accepts the arguments. An operator or builtin applied to
/// a `@jitclass` instance that defines its dunder method calls that method (Numba's
/// `jitclass/overloads.py`).
fn registry_call(inf: &Inferer<'_>, key: &str, types: &[Type], kws: &[(String, Type)], span: Option<Span>) -> Result<Option<Type>, InferError> {
    registry_call_depth(inf, key, types, kws, span, 0)
}

fn registry_call_depth(
    inf: &Inferer<'_>,
    key: &str,
    types: &[Type],
    kws: &[(String, Type)],
    span: Option<Span>,
    depth: u32,
) -> Result<Option<Type>, InferError> {
    use numrs_types::JitClassOp;
    // Numba types `a is b` of two instances, then has nothing to lower it with.
    if matches!(key, "operator.is_" | "operator.is_not") && types.iter().all(|t| matches!(t.without_deferred(), Type::JitClassInstance(_))) {
        return Err(InferError {
            kind: "LoweringError",
            code: "no-matching-operator",
            message: "no default `is` implementation (Numba cannot compare two jitclass instances by identity)".into(),
            span,
            notes: vec![],
            secondary: vec![],
        });
    }
    // A heap or a sort of jitclass instances compares them with `<` (Numba's implementations
    // are jit functions that call it): their `__lt__` is typed (and so compiled) for the items.
    if depth == 0 {
        let container = match key {
            "heapq.heappush" | "heapq.heappop" | "heapq.heapify" | "heapq.heapreplace" | "heapq.heappushpop" | "builtins.sorted" | "list.sort" => types.first(),
            "heapq.nsmallest" | "heapq.nlargest" => types.get(1),
            _ => None,
        };
        let item = container.and_then(|t| match t {
            Type::List { dtype, .. } | Type::ListType(dtype) => Some((**dtype).clone()),
            _ => None,
        });
        if let Some(item @ Type::JitClassInstance(_)) = item {
            registry_call_depth(inf, "operator.lt", &[item.clone(), item], &[], span, depth + 1)?;
        }
    }
    if let (Some(op), true, true) = (numrs_types::jitclass_op(key, types), kws.is_empty(), depth < 8) {
        let method = |d: &numrs_types::DispatcherRef| call_dispatcher_at(inf, d, &types[..1], &[], span);
        return match op {
            JitClassOp::Method(d) => call_dispatcher_at(inf, &d, types, &[], span).map(Some),
            // `not (x == y)`: whatever `==` gives, `not` makes a bool.
            JitClassOp::NotEq => Ok(registry_call_depth(inf, "operator.eq", types, kws, span, depth + 1)?.map(|_| Type::boolean())),
            JitClassOp::ReflectedGt => {
                let swapped = [types[1].clone(), types[0].clone()];
                registry_call_depth(inf, "operator.gt", &swapped, kws, span, depth + 1)
            }
            JitClassOp::LenTruth(d) => method(&d).map(|_| Some(Type::boolean())),
            // `lambda x: True`: its return type stays literal.
            JitClassOp::AlwaysTrue => Ok(Some(Type::BooleanLiteral(true))),
            // Numba's `repr` of the instance is a constant: a literal string.
            JitClassOp::ReprText => Ok(Some(Type::StringLiteral(format!("<object type:{}>", types[0]).into()))),
            JitClassOp::FloatOf(d) => {
                let index = method(&d)?;
                Ok(numrs_typing::resolve_call("builtins.float", &[index], &[]).map_err(|e| to_infer_error(e, span))?.map(|s| s.return_type))
            }
            JitClassOp::Complex(d) => method(&d).map(Some),
            JitClassOp::ComplexOfFloat => {
                let Some(real) = registry_call_depth(inf, "builtins.float", &types[..1], &[], span, depth + 1)? else { return Ok(None) };
                Ok(numrs_typing::resolve_call("builtins.complex", &[real], &[]).map_err(|e| to_infer_error(e, span))?.map(|s| s.return_type))
            }
        };
    }
    let scipy = !inf.env.target().no_scipy;
    Ok(numrs_typing::resolve_call_in(key, types, kws, scipy).map_err(|e| to_infer_error(e, span))?.map(|sig| sig.return_type))
}

/// A call of jit function `d`, its errors placed at the call (`span`).
pub(crate) fn call_dispatcher_at(inf: &Inferer<'_>, d: &numrs_types::DispatcherRef, args: &[Type], kws: &[(String, Type)], span: Option<Span>) -> Result<Type, InferError> {
    inf.env.call_dispatcher(d, args, kws).map_err(|mut e| {
        // Numba's lowering error of a recursive call has no line.
        if e.code != "recursive-return-mismatch" {
            e.span = span;
        }
        e
    })
}

/// Names of the `numpy` module that NumPy 2 removed (the aliases expired in 1.24 and the
/// 2.0 and later removals), which Python's `getattr` refuses with AttributeError.
const NUMPY_REMOVED: &[&str] = &[
    "float", "int", "object", "str", "complex", "unicode", "in1d", "trapz", "product", "cumproduct", "sometrue",
    "alltrue", "asfarray", "round_", "float_", "complex_", "string_", "unicode_", "cfloat", "singlecomplex",
    "longfloat", "longcomplex", "clongfloat", "Inf", "NaN", "NAN", "PINF", "NINF", "infty", "Infinity", "mat",
    "msort", "issubclass_", "find_common_type", "cast", "int0", "uint0", "bool8", "object0", "str0", "bytes0",
    "void0", "float96", "complex192",
];

fn unify_container_items(types: &[Type], what: &str, span: Option<Span>) -> Result<Type, InferError> {
    let mut acc = types[0].clone();
    for t in &types[1..] {
        acc = unify_pairs(&acc, t).ok_or_else(|| {
            let mut e = InferError::typing("heterogeneous-container", format!("Cannot unify {acc} and {t} in {what}"), span);
            let named_and_anonymous = |a: &Type, b: &Type| matches!(a, Type::NamedTuple(_)) && b.tuple_items().is_some() && !matches!(b, Type::NamedTuple(_));
            if named_and_anonymous(&acc, t) || named_and_anonymous(t, &acc) {
                // Numba's conversion between a named tuple and a tuple is not implemented.
                e.kind = "NotImplementedError";
            } else if what == "list" {
                // Numba fails while it reports this (hashing the display's initial value):
                // the error it raises is `TypeError: unhashable type: 'list'`.
                e.kind = "TypeError";
                e.notes.push("Numba reports this as TypeError: unhashable type: 'list'".into());
            }
            e
        })?;
    }
    Ok(acc.unliteral())
}

/// A container whose item types nothing has given yet (`[]` before any `append`, `{}` or
/// `set()` before any insertion): Numba's call constraints wait for precise arguments, so a
/// call given one (`len(d)`, `k in d`) waits for it to be refined, and the container is
/// reported as imprecise at its variable when nothing refines it.
fn untyped_container(t: &Type) -> bool {
    match t {
        // (A list of functions no call has given a signature, `[lambda x: x + 1, ...]`, gives
        // Numba's item an undecided type too.)
        Type::List { dtype, .. } => matches!(&**dtype, Type::Undefined | Type::UndefinedFunction(_)),
        Type::Set { dtype, .. } => matches!(&**dtype, Type::Undefined),
        Type::DictType(kv) => matches!(kv.0, Type::Undefined) || matches!(kv.1, Type::Undefined),
        _ => false,
    }
}

fn resolve_getiter(t: &Type) -> Option<Type> {
    match t {
        // A tuple whose items are one type but for literal values (`(n, 2)`, the `*args` of
        // `f(n, 2, 3)`) iterates as the UniTuple of that type, as in Numba; other
        // heterogeneous tuples do not.
        Type::Tuple(items) => {
            let first = items.first()?.unliteral();
            items.iter().all(|t| t.unliteral() == first).then(|| Type::UniTuple(std::sync::Arc::new(first), items.len() as u32).iterator_type())?
        }
        _ => t.iterator_type(),
    }
}

/// `static_getitem` on tuples with a constant index or slice, on literal-string-key dicts, and
/// on number classes (`types.float64[::1]`: the array type, Numba's `StaticGetItemClass`).
fn static_getitem(t: &Type, index: &StaticIndex) -> Option<Type> {
    // A `LiteralList` at a constant index: that item's type.
    if let (Type::LiteralList(items), StaticIndex::Int(i)) = (t, index) {
        let n = items.len() as i128;
        let k = if *i < 0 { i + n } else { *i };
        return (0..n).contains(&k).then(|| items[k as usize].clone());
    }
    // Numba's `EnumClassStaticGetItem`: `Color["RED"]`.
    if let (Type::EnumClass(e), StaticIndex::Str(name)) = (t, index) {
        return e.member(name).map(|_| Type::EnumMember(e.clone()));
    }
    if let Type::NumberClass(dtype) = t {
        // `Type._determine_array_spec`: slices without start or stop; a step of 1 on the
        // first makes it Fortran-contiguous, else on the last C-contiguous.
        let steps: Vec<Option<i128>> = match index {
            StaticIndex::Slice(None, None, step) => vec![*step],
            StaticIndex::Slices(s) if s.iter().all(|(a, b, _)| a.is_none() && b.is_none()) => s.iter().map(|x| x.2).collect(),
            _ => return None,
        };
        use numrs_types::Layout;
        let layout = match (steps.first(), steps.last()) {
            (Some(Some(1)), _) if matches!(index, StaticIndex::Slices(_)) => Layout::F,
            (_, Some(Some(1))) => Layout::C,
            _ => Layout::A,
        };
        return Some(Type::array((**dtype).clone(), steps.len() as u32, layout));
    }
    if let (Type::LiteralStrKeyDict(items), StaticIndex::Str(key)) = (t, index) {
        return items.iter().find(|(k, _)| &**k == key.as_str()).map(|(_, v)| v.clone());
    }
    let items = t.tuple_items()?;
    let n = items.len() as i128;
    match index {
        StaticIndex::Int(i) => {
            let i = if *i < 0 { i + n } else { *i };
            if i < 0 || i >= n {
                return None;
            }
            Some(items[i as usize].clone())
        }
        StaticIndex::Slice(a, b, c) => {
            let step = c.unwrap_or(1);
            if step == 0 {
                return None;
            }
            let norm = |x: i128| if x < 0 { (x + n).max(0) } else { x.min(n) };
            let mut out = Vec::new();
            if step > 0 {
                let (mut i, end) = (a.map_or(0, norm), b.map_or(n, norm));
                while i < end {
                    out.push(items[i as usize].clone());
                    i += step;
                }
            } else {
                let mut i = a.map_or(n - 1, |x| if x < 0 { x + n } else { x.min(n - 1) });
                let end = b.map_or(-1, |x| if x < 0 { (x + n).max(-1) } else { x });
                while i > end {
                    out.push(items[i as usize].clone());
                    i += step;
                }
            }
            Some(Type::tuple(out))
        }
        StaticIndex::Str(_) | StaticIndex::Slices(_) => None,
    }
}

/// The dispatcher Numba makes of inner function `idx` (named `name`) of the function being
/// typed when it escapes, its free variables checked; `None` where the environment cannot name
/// it (the inner functions of inner functions).
fn escaped_dispatcher(inf: &Inferer<'_>, idx: u32) -> Result<Option<Type>, InferError> {
    inf.env.closure_dispatcher(&[idx]).map(|d| d.map(Type::Dispatcher)).transpose()
}

/// Type a call of a value of type `fty`.
fn resolve_callable(
    inf: &mut Inferer<'_>,
    fty: &Type,
    args: &[Type],
    kws: &[(String, Type)],
    span: Option<Span>,
) -> Result<Type, InferError> {
    // A NumPy function the module `@overload`s, where Numba registers its own implementation
    // lazily (after the module's): the module's is tried first, Numba's when it gives none.
    if let Type::Function(k) = fty {
        if let Some(d) = inf.env.user_overload(k) {
            match call_dispatcher_at(inf, &d, args, kws, span) {
                Ok(t) => return Ok(t),
                // No implementation, or a TypingError the typing function raised: Numba's own
                // is tried next. Another exception leaves the typing function; a typing
                // function numrs cannot run is reported (whether Numba's would be used is not
                // known).
                Err(e) if e.kind == "TypingError" && !e.message.starts_with(crate::engine::UNEVALUATED_OVERLOAD) => {}
                Err(e) => return Err(e),
            }
        }
    }
    // Keyword arguments to a function Numba types with a `ConcreteTemplate` (or an
    // `AbstractTemplate` asserting there are none): its `assert not kws` fails, and new-style
    // error handling lets the AssertionError through.
    if let (Type::Function(k), false) = (fty, kws.is_empty()) {
        if positional_only_template(k) {
            let mut e = InferError::typing(
                "invalid-call",
                format!("{}() takes positional arguments only in nopython mode (Numba's typing asserts that no keyword arguments are given)", k.rsplit('.').next().unwrap_or(k)),
                span,
            );
            e.kind = "AssertionError";
            return Err(e);
        }
    }
    // `map(f, xs, ...)` / `filter(f, xs)`: Numba's generator overloads, which call `f` on the
    // items.
    if let Type::Function(k) = fty {
        if matches!(&**k, "builtins.map" | "builtins.filter") && kws.is_empty() {
            return map_filter(inf, &**k == "builtins.map", args, span);
        }
    }
    // `sorted(it, key=f)` and `lst.sort(key=f)` call `f` (an inner function or a jit function)
    // on the items: type it for them, as Numba's overloads do when they call it.
    if let Some((_, key @ (Type::MakeFunction(..) | Type::Dispatcher(_)))) = kws.iter().find(|(k, _)| k == "key") {
        let item = match fty {
            Type::Function(k) if &**k == "builtins.sorted" => args.first().and_then(|t| t.iterator_type()).and_then(|it| it.yield_type()),
            Type::BoundFunction(b) if matches!(&*b.0, "list.sort" | "typedlist.sort") => b.1.iterator_type().and_then(|it| it.yield_type()),
            _ => None,
        };
        if let Some(item) = item {
            match key {
                Type::MakeFunction(idx, _) => {
                    call_closure(inf, *idx, &[item], span)?;
                }
                Type::Dispatcher(d) => {
                    call_dispatcher_at(inf, d, &[item], &[], span)?;
                }
                _ => {}
            }
        }
    }
    let key: String = match fty {
        Type::Function(k) => k.to_string(),
        Type::BoundFunction(b) if numrs_types::jitclass_method_of_key(&b.0).is_some() => {
            return jitclass_call_method(inf, b, args, kws, span);
        }
        Type::BoundFunction(b) => {
            let mut full = vec![b.1.clone()];
            full.extend(args.iter().cloned());
            // A method a module's `@overload_method` adds: its typing function, the receiver first.
            if let Some((name, id)) = numrs_types::overload_method_of_key(&b.0) {
                let d = numrs_types::DispatcherRef { name: name.into(), id, file: None };
                return call_dispatcher_at(inf, &d, &full, kws, span);
            }
            // A `@vectorize` function's `at` and `reduce`.
            if let Type::Dispatcher(d) = &b.1 {
                if b.0.starts_with("ufunc.at:") {
                    return crate::dufunc::at(inf, &b.0, d, args, kws, span);
                }
                if b.0.starts_with("ufunc.reduce:") {
                    return crate::dufunc::reduce(inf, &b.0, d, args, kws, span);
                }
            }
            return match numrs_typing::resolve_call_in(&b.0, &full, kws, !inf.env.target().no_scipy).map_err(|e| to_infer_error(e, span))? {
                Some(sig) => Ok(sig.return_type),
                None => Err(InferError::typing("invalid-call", no_impl_kws(&b.0, &full, kws), span)),
            };
        }
        Type::NumberClass(t) => format!("class.{t}"),
        Type::Dispatcher(d) => {
            // An inner function passed as an argument escapes: Numba makes it a jit function.
            let mut passed = Vec::with_capacity(args.len());
            for a in args {
                passed.push(match a {
                    Type::MakeFunction(idx, name) => match escaped_dispatcher(inf, *idx)? {
                        Some(d) => d,
                        None => {
                            return Err(InferError::typing(
                                "unsupported-syntax",
                                format!("passing the inner function '{name}' to a jit function here is not supported by numrs yet"),
                                span,
                            ))
                        }
                    },
                    _ => a.clone(),
                });
            }
            return call_dispatcher_at(inf, d, &passed, kws, span);
        }
        Type::ExceptionClass(name) => return Ok(Type::ExceptionInstance(name.clone())),
        Type::MakeFunction(idx, _) => return call_closure(inf, *idx, args, span),
        Type::JitClass(class) => return jitclass_construct(inf, class, args, kws, span),
        Type::NamedTupleClass(class) => return namedtuple_construct(class, args, kws, span),
        // Numba's `ExternalFunctionPointer`: a concrete template of its one signature.
        Type::ExternalFunctionPointer(sig) => {
            return match numrs_typing::resolve_concrete(std::slice::from_ref(&**sig), args) {
                Some(s) if kws.is_empty() => Ok(s.return_type),
                _ => Err(InferError::typing("invalid-call", format!("No implementation of function {fty} found for signature: ({})", args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ")), span)),
            };
        }
        Type::FunctionType(sig) => {
            // A first-class function: arguments must convert to its declared parameter types.
            if sig.args.len() != args.len() {
                return Err(InferError::typing(
                    "invalid-call",
                    format!("{fty} takes {} argument(s), {} given", sig.args.len(), args.len()),
                    span,
                ));
            }
            for (a, p) in args.iter().zip(&sig.args) {
                if numrs_types::can_convert(a, p).is_none() {
                    return Err(InferError {
                        kind: "ValueError",
                        code: "invalid-call",
                        message: format!("mismatch of argument types: {a} vs {p}"),
                        span,
                        notes: vec![],
                        secondary: vec![],
                    });
                }
            }
            return Ok(sig.return_type.clone());
        }
        other => {
            return Err(InferError::typing("not-callable", format!("{other} is not callable"), span));
        }
    };
    registry_call(inf, &key, args, kws, span)?.ok_or_else(|| InferError::typing("invalid-call", no_impl_kws(&key, args, kws), span))
}


/// `map(f, xs, ...)` (`is_map`) or `filter(f, xs)`: an iterator over `f` of the items (of the
/// items `f` accepts), typed by calling `f` on the items' types.
fn map_filter(inf: &mut Inferer<'_>, is_map: bool, args: &[Type], span: Option<Span>) -> Result<Type, InferError> {
    let name = if is_map { "map" } else { "filter" };
    let (Some(func), iterables) = (args.first(), args.get(1..).unwrap_or_default()) else {
        return Err(InferError::typing("invalid-call", format!("{name}() takes at least two arguments"), span));
    };
    if iterables.is_empty() || (!is_map && iterables.len() != 1) {
        return Err(InferError::typing("invalid-call", no_impl(&format!("builtins.{name}"), args), span));
    }
    let mut items = Vec::new();
    for it in iterables {
        match it.iterator_type().and_then(|i| i.yield_type()) {
            Some(y) => items.push(y),
            None => return Err(InferError::typing("invalid-call", no_impl(&format!("builtins.{name}"), args), span)),
        }
    }
    let iterables: Vec<Type> = iterables.iter().map(Type::unliteral).collect();
    let func = func.clone();
    if !is_map {
        if !matches!(func, Type::NoneType) {
            resolve_callable(inf, &func, &items, &[], span)?;
        }
        return Ok(Type::iterator(numrs_types::IteratorKind::Filter { func, iterable: iterables[0].clone() }));
    }
    let yields = resolve_callable(inf, &func, &items, &[], span)?.unliteral();
    Ok(Type::iterator(numrs_types::IteratorKind::Map { func, iterables, yields }))
}

/// Type a call of an inner function by typing its body with these arguments, its free
/// variables taking their current types in the enclosing function (Numba inlines such calls).
fn call_closure(inf: &mut Inferer<'_>, idx: u32, args: &[Type], span: Option<Span>) -> Result<Type, InferError> {
    let Some(closure) = inf.ir.closures.get(idx as usize) else {
        return Err(InferError::typing("undetermined-type", "unknown inner function", span));
    };
    // Its free variables, and those of the inner functions nested in it that are not its own
    // variables (they come from here too).
    let names = closure.captured();
    // The type of an enclosing variable (over its versions).
    let enclosing = |inf: &Inferer<'_>, name: &str| -> Option<Type> {
        let mut ty: Option<Type> = None;
        for (i, v) in inf.ir.vars.iter().enumerate() {
            if v.user && v.base == name {
                if let Some(t) = &inf.vars[i].ty {
                    ty = Some(match ty {
                        None => t.clone(),
                        Some(prev) => unify_pairs(&prev, t).unwrap_or(prev),
                    });
                }
            }
        }
        ty
    };
    let mut free = Vec::new();
    for name in &names {
        let mut ty = enclosing(inf, name);
        // Not a variable here: a free variable of this (inner) function itself.
        if ty.is_none() && !inf.ir.vars.iter().any(|v| v.user && &v.base == name) {
            if let GlobalValue::Type(t) = inf.env.resolve_global(name) {
                ty = Some(t);
            }
        }
        match ty {
            Some(t) => free.push((name.clone(), t)),
            // Not typed yet: try again on the next round.
            None => return Err(InferError::typing("undetermined-type", format!("free variable '{name}' is not typed yet"), span)),
        }
    }
    let env = ClosureEnv { parent: inf.env, index: idx, free };
    let mut args: Vec<Type> = args.iter().map(Type::unliteral).collect();
    // Missing trailing arguments take the parameters' constant defaults (as literals), or
    // the values of the enclosing variables they name where the `def` is.
    for k in args.len()..closure.defaults.len() {
        match closure.defaults[k].as_ref().map(const_type) {
            Some(Ok(t)) => args.push(t),
            _ => match closure.default_vars.get(k).copied().flatten() {
                Some(v) => match inf.vars.get(v.0 as usize).and_then(|x| x.ty.clone()) {
                    Some(t) => args.push(t),
                    None => return Err(InferError::typing("undetermined-type", "a default of the inner function is not typed yet", span)),
                },
                None => break,
            },
        }
    }
    let req = crate::engine::InferRequest { ir: &closure.ir, args: &args, return_type: None, locals: &[], env: &env, partial: false };
    let result = crate::engine::infer_function(&req);
    // Kept for lowering: the latest typing per argument types (earlier rounds saw fewer types).
    let params = args.iter().cloned().chain(env.free.iter().map(|(_, t)| t.clone())).collect();
    let free_names = env.free.iter().map(|(n, _)| n.clone()).collect();
    let typing = crate::engine::ClosureTyping { index: idx, args: args.clone(), free: env.free.clone(), params, free_names, result: result.clone() };
    match inf.closures.iter_mut().find(|c| c.index == idx && c.args == args) {
        Some(c) => *c = typing,
        None => inf.closures.push(typing),
    }
    for name in &closure.ir.nonlocals {
        for (i, v) in closure.ir.vars.iter().enumerate() {
            if v.user && &v.base == name {
                if let Some(Some(t)) = result.typemap.get(i) {
                    let key = (idx, name.clone());
                    let merged = match inf.nonlocal_types.get(&key) {
                        Some(prev) => unify_pairs(prev, t).unwrap_or_else(|| prev.clone()),
                        None => t.clone(),
                    };
                    inf.nonlocal_types.insert(key, merged);
                    if !inf.extra_locals.iter().any(|(n, x)| n == name && x == t) {
                        inf.extra_locals.push((name.clone(), t.clone()));
                    }
                }
            }
        }
    }
    // Numba inlines the call, so what the inner function does to a captured container
    // still being typed here (`acc = []` then `acc.append(x)` inside) refines it here too.
    if result.outcome.is_ok() {
        for (name, outer) in &env.free {
            if outer.is_precise() {
                continue;
            }
            // The inner function reads the captured variable into a temporary.
            let reads = closure.ir.blocks.iter().flat_map(|b| b.stmts.iter()).filter_map(|st| match &st.kind {
                StmtKind::Assign { target, value: Value::FreeVar(n) } if n == name => Some(*target),
                _ => None,
            });
            let refined = reads.filter_map(|v| result.typemap.get(v.0 as usize).cloned().flatten()).find(|t| t.is_precise() && unify_pairs(outer, t).is_some());
            let Some(refined) = refined else { continue };
            let targets: Vec<VarId> = (0..inf.ir.vars.len())
                .filter(|i| inf.ir.vars[*i].user && &inf.ir.vars[*i].base == name && inf.vars[*i].ty.as_ref().is_some_and(|t| !t.is_precise()))
                .map(|i| VarId(i as u32))
                .collect();
            for v in targets {
                inf.add_type(v, refined.clone(), span)?;
            }
        }
    }
    // Numba inlines the call: an error in the inner function is at its line there.
    result.outcome.map_err(|mut e| {
        e.span = e.span.or(span);
        e
    })
}

/// Numba's error when a method that refines a list (`append`, `insert`, `extend`) cannot take
/// its argument on a list a comprehension made: Numba inlines the comprehension after the code
/// around it, so it types the call first, on the still untyped list, and the comprehension's
/// own items then fail to unify with that refinement, at the comprehension's line.
fn comprehension_refinement(inf: &Inferer<'_>, func: VarId, fty: &Type, args: &[Type]) -> Option<InferError> {
    let Type::BoundFunction(b) = fty else { return None };
    if !matches!(&*b.0, "list.append" | "list.insert" | "list.extend") {
        return None;
    }
    let Type::List { reflected, .. } = &b.1 else { return None };
    // The comprehension's list the receiver was copied from.
    let origin = comprehension_origin(inf, *inf.receiver_of.get(&func)?, "$list_comp")?;
    let untyped = Type::List { dtype: std::sync::Arc::new(Type::Undefined), reflected: *reflected, initial: None };
    let refined = numrs_typing::refine_receiver(&b.0, &untyped, args)?;
    let current = inf.get(origin)?.clone();
    let name = inf.name(origin).to_string();
    let mut e = InferError::typing("cannot-unify", format!("Cannot unify {refined} and {current} for '{name}'"), inf.def_spans.get(&origin).copied());
    e.notes.push("Numba types the code after a list comprehension before the comprehension itself: this call refines the list first, and the comprehension's items do not unify with it".into());
    Some(e)
}

/// The comprehension's variable (named `{prefix}...`) `v` was copied from, if any.
fn comprehension_origin(inf: &Inferer<'_>, v: VarId, prefix: &str) -> Option<VarId> {
    let mut stack = vec![v];
    let mut seen = std::collections::HashSet::new();
    loop {
        let v = stack.pop()?;
        if !seen.insert(v) || seen.len() > 256 {
            continue;
        }
        if inf.ir.var(v).name.starts_with(prefix) {
            return Some(v);
        }
        stack.extend(inf.copied_from.get(&v).into_iter().flatten().copied());
    }
}

/// [`comprehension_refinement`] for a dict a comprehension made and an item assignment after
/// it (`d = {i: str(i) for i in r}; d[0] = 5`): Numba types the assignment first, which refines
/// the still untyped dict, and the comprehension's dict type then fails to unify with it unless
/// they are the same (an int assigned to a dict of floats too, which a typed dict would cast).
fn dict_comprehension_refinement(inf: &Inferer<'_>, target: VarId, args: &[Type]) -> Option<InferError> {
    let Some(Type::DictType(_)) = inf.get(target) else { return None };
    let origin = comprehension_origin(inf, target, "$dict_comp")?;
    // The comprehension's own items.
    if origin == target {
        return None;
    }
    let untyped = Type::DictType(std::sync::Arc::new((Type::Undefined, Type::Undefined, None)));
    let refined = numrs_typing::refine_receiver("operator.setitem", &untyped, args)?;
    let current = inf.get(origin)?.clone();
    if refined == current {
        return None;
    }
    let name = inf.name(origin).to_string();
    let mut e = InferError::typing("cannot-unify", format!("Cannot unify {refined} and {current} for '{name}'"), inf.def_spans.get(&origin).copied());
    e.notes.push("Numba types the code after a dict comprehension before the comprehension itself: this assignment refines the dict first, and the comprehension's items do not unify with it".into());
    Some(e)
}

struct ClosureEnv<'a> {
    parent: &'a dyn crate::engine::Environment,
    /// Its index among the parent's inner functions.
    index: u32,
    free: Vec<(String, Type)>,
}

impl crate::engine::Environment for ClosureEnv<'_> {
    fn resolve_global(&self, name: &str) -> GlobalValue {
        match self.free.iter().find(|(n, _)| n == name) {
            Some((_, t)) => GlobalValue::Type(t.clone()),
            None => self.parent.resolve_global(name),
        }
    }
    fn call_dispatcher(&self, d: &numrs_types::DispatcherRef, args: &[Type], kws: &[(String, Type)]) -> Result<Type, InferError> {
        self.parent.call_dispatcher(d, args, kws)
    }
    fn resolve_module_attr(&self, module: &str, attr: &str) -> Option<Type> {
        self.parent.resolve_module_attr(module, attr)
    }
    fn target(&self) -> crate::engine::Target {
        self.parent.target()
    }
    fn bind_call(&self, d: &numrs_types::DispatcherRef, args: &[Type], kws: &[(String, Type)]) -> Option<Vec<Type>> {
        self.parent.bind_call(d, args, kws)
    }
    fn dispatcher_attr(&self, d: &numrs_types::DispatcherRef, attr: &str) -> Option<Type> {
        self.parent.dispatcher_attr(d, attr)
    }
    fn overload_method(&self, receiver: &Type, attr: &str) -> Option<Type> {
        self.parent.overload_method(receiver, attr)
    }
    fn user_overload(&self, key: &str) -> Option<numrs_types::DispatcherRef> {
        self.parent.user_overload(key)
    }
    // Its calls are inlined into the parent: its inner functions are the parent's.
    fn closure_dispatcher(&self, path: &[u32]) -> Option<Result<numrs_types::DispatcherRef, InferError>> {
        let full: Vec<u32> = std::iter::once(self.index).chain(path.iter().copied()).collect();
        self.parent.closure_dispatcher(&full)
    }
}

/// Numba's `BuildMapConstraint`: a display with string-literal keys and values that do not all
/// cast to the first one's type is a `LiteralStrKey[Dict]`; otherwise a typed dict whose key
/// and value types are the first item's, remembering the display's literal value (`literal`)
/// when every value is a literal.
fn build_map_type(keys: &[Type], values: &[Type], literal: Option<&std::sync::Arc<str>>) -> Result<Type, numrs_typing::CallError> {
    let (Some(k0), Some(v0)) = (keys.first(), values.first()) else {
        return Ok(Type::dict(Type::Undefined, Type::Undefined));
    };
    let string_keys = keys.iter().all(|k| matches!(k, Type::StringLiteral(_)));
    let first_value = v0.unliteral();
    let mut homogeneous = values.iter().all(|v| {
        numrs_types::can_convert(&v.unliteral(), &first_value).is_some_and(|c| c < numrs_types::Conversion::Unsafe)
    });
    if values.len() == 1 && matches!(v0, Type::LiteralStrKeyDict(_) | Type::List { .. }) {
        homogeneous = false;
    }
    if string_keys && !homogeneous {
        let items = keys
            .iter()
            .zip(values)
            .filter_map(|(k, v)| match k {
                Type::StringLiteral(s) => Some((s.clone(), v.clone())),
                _ => None,
            })
            .collect();
        return Ok(Type::LiteralStrKeyDict(std::sync::Arc::new(items)));
    }
    let literal_values = values.iter().all(|v| matches!(v, Type::IntegerLiteral(_) | Type::BooleanLiteral(_) | Type::StringLiteral(_)));
    match numrs_typing::make_dict_type(k0, v0)? {
        Type::DictType(kv) if literal_values => Ok(Type::dict_with_initial(kv.0.clone(), kv.1.clone(), literal.cloned())),
        t => Ok(t),
    }
}

/// The Python repr of a literal type's value (`1`, `True`, `'abc'`).
fn literal_repr(t: &Type) -> Option<String> {
    match t {
        Type::IntegerLiteral(v) => Some(v.to_string()),
        Type::BooleanLiteral(b) => Some(if *b { "True".into() } else { "False".into() }),
        Type::StringLiteral(s) => Some(format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))),
        _ => None,
    }
}

/// An attribute of a `@jitclass` instance (Numba's `ClassAttribute.generic_resolve`): a field's
/// type, a method bound to the instance, or what a property's getter returns.
fn jitclass_getattr(
    inf: &mut Inferer<'_>,
    class: &numrs_types::JitClassType,
    instance: &Type,
    attr: &str,
    span: Option<Span>,
) -> Result<Option<Type>, InferError> {
    use numrs_types::ClassMember;
    if let Some(t) = class.field(attr) {
        return Ok(Some(t.clone()));
    }
    Ok(match class.member(attr) {
        Some(ClassMember::Method(_) | ClassMember::StaticMethod(_)) => {
            Some(Type::bound_function(&numrs_types::jitclass_method_key(attr), instance.clone()))
        }
        Some(ClassMember::Property { get, .. }) => Some(call_dispatcher_at(inf, get, std::slice::from_ref(instance), &[], span)?),
        None => None,
    })
}

/// `instance.attr = value` on a `@jitclass` instance: a field takes the value converted to
/// its type (Numba casts when it lowers the store), a property calls its setter.
fn jitclass_setattr(
    inf: &mut Inferer<'_>,
    class: &numrs_types::JitClassType,
    instance: &Type,
    attr: &str,
    value: &Type,
    span: Option<Span>,
) -> Result<(), InferError> {
    use numrs_types::ClassMember;
    let expected = match (class.field(attr), class.member(attr)) {
        (Some(t), _) => t.clone(),
        (None, Some(ClassMember::Property { set: Some(set), .. })) => {
            call_dispatcher_at(inf, set, &[instance.clone(), value.clone()], &[], span)?;
            return Ok(());
        }
        (None, Some(ClassMember::Property { get, .. })) => {
            return Err(InferError {
                kind: "KeyError",
                code: "cannot-set-attribute",
                message: format!("property '{attr}' of {instance} has no setter ({} is its getter)", get.name),
                span,
                notes: vec![],
                secondary: vec![],
            })
        }
        (None, Some(ClassMember::Method(_) | ClassMember::StaticMethod(_))) => {
            Type::bound_function(&numrs_types::jitclass_method_key(attr), instance.clone())
        }
        (None, None) => {
            return Err(InferError::typing(
                "cannot-set-attribute",
                format!("Cannot resolve setattr: ({instance}).{attr} = {value}"),
                span,
            ))
        }
    };
    // Numba's `lower_cast(DictType, DictType)` keeps the dict (a display's initial value goes).
    let same_dict = matches!((value, &expected), (Type::DictType(a), Type::DictType(b)) if a.0 == b.0 && a.1 == b.1);
    // A field of a `deferred_type()` takes what converts to the type it is defined as (Numba
    // lowers a cast of anything to a `DeferredType` as one to that type).
    let stored = match &expected {
        Type::Deferred(d) => d.get().cloned().unwrap_or_else(|| expected.clone()),
        _ => expected.clone(),
    };
    if numrs_types::can_convert(value, &stored).is_none() && !same_dict {
        return Err(InferError {
            kind: "NumbaNotImplementedError",
            code: "cannot-set-attribute",
            message: format!("Cannot cast {value} to {expected}: field '{attr}' of {instance}"),
            span,
            notes: vec![],
            secondary: vec![],
        });
    }
    Ok(())
}

/// `Bag(args)`: Numba's `ConstructorTemplate` types `__init__` with the new instance first;
/// it must return None, and the call gives the instance.
/// `np.array(lst)` of a list Numba's `_inline_arraycall` turns into an array filled in the
/// loop (see `arraycall`): the array's dtype is the appended values' type. Values that cannot
/// be a dtype type here (lowering fails, see `postcheck`); an array cannot be stored into an
/// item (a `setitem` typing error at the `append`). `None` for other calls, and for numbers
/// (typed as `np.array` of the list, which gives the same array).
fn inlined_arraycall(inf: &Inferer<'_>, target: Option<VarId>, fty: &Type, types: &[Type], kws: &[(String, Type)]) -> Result<Option<Type>, InferError> {
    if !matches!(fty, Type::Function(k) if &**k == "numpy.array") {
        return Ok(None);
    }
    let (Some(target), [Type::List { dtype, .. }]) = (target, types) else { return Ok(None) };
    if dtype.is_number() || dtype.as_number().is_some() {
        return Ok(None);
    }
    let Some(call) = crate::arraycall::find(inf.ir).into_iter().find(|c| c.call == target) else { return Ok(None) };
    let store_error = |array: String, why: &str| {
        Err(InferError::typing(
            "invalid-call",
            format!(
                "No implementation of function 'setitem' found for signature ({array}, int64, {}): \
                 Numba turns this list, appended to in the loop and passed to np.array after it, into an array of the \
                 appended values, and {why}",
                match &**dtype {
                    Type::List { dtype: inner, .. } => format!("array({}, 1d, C)", inner.clone().unliteral()),
                    other => other.to_string(),
                }
            ),
            Some(call.append_span),
        ))
    };
    if let Some((_, dt)) = kws.iter().find(|(k, _)| k == "dtype") {
        // `dtype=np.float64`: the rewrite allocates `np.empty(n, dtype)`, into whose items
        // only numbers can be stored. A `dtype` given another way keeps the call.
        if !crate::arraycall::dtype_is_attribute(inf.ir, target) {
            return Ok(None);
        }
        let (Type::NumberClass(d) | Type::DType(d)) = dt else { return Ok(None) };
        let stored = match &**dtype {
            Type::List { .. } => (**dtype).clone(),
            _ => return Ok(None),
        };
        return Err(InferError::typing(
            "invalid-call",
            format!(
                "No implementation of function 'setitem' found for signature (array({d}, 1d, C), int64, {stored}): \
                 Numba turns this list, appended to in the loop and passed to np.array after it, into an array of the \
                 given dtype, and a list cannot be stored as one of its items"
            ),
            Some(call.append_span),
        ));
    }
    match &**dtype {
        Type::Array(a) => {
            return store_error(
                "array(undefined, 1d, C)".into(),
                &format!("an array ({}-dimensional here) cannot be stored as one item", a.ndim),
            );
        }
        Type::List { dtype: inner, .. } if inner.is_number() || inner.as_number().is_some() => match crate::arraycall::nested(inf.ir, &call) {
            // One array of two dimensions, as `np.array` of the list of lists gives.
            crate::arraycall::Nested::Fixed(_) => return Ok(None),
            crate::arraycall::Nested::Unfixed => {
                return store_error(
                    "array(undefined, 1d, C)".into(),
                    "so is the list appended, whose length is only known inside the loop (Numba merges the two into \
                     one 2-d array only when the inner loop is `range(n)` of a constant or of a variable set before \
                     the outer loop), and an array cannot be stored as one item",
                );
            }
            crate::arraycall::Nested::NotRewritten => {}
        },
        _ => {}
    }
    Ok(Some(Type::array((**dtype).clone().unliteral(), 1, numrs_types::Layout::C)))
}

/// A named tuple class called: Numba binds the arguments to the class's signature (`x, y=0`)
/// and makes a `NamedTuple` of the types of the arguments bound, in field order, without the
/// defaults (Python fills those in when the tuple is boxed).
fn namedtuple_construct(class: &numrs_types::NamedTupleClassType, args: &[Type], kws: &[(String, Type)], span: Option<Span>) -> Result<Type, InferError> {
    let error = |kind: &'static str, why: String| InferError {
        kind,
        code: "invalid-call",
        message: format!("In '<class '{}.{}'>': {why}", class.module, class.name),
        span,
        notes: vec![],
        secondary: vec![],
    };
    let n = class.fields.len();
    if args.len() > n {
        return Err(error("TypeError", "too many positional arguments".to_string()));
    }
    let mut bound: Vec<Option<Type>> = args.iter().cloned().map(Some).chain(std::iter::repeat_n(None, n - args.len())).collect();
    for (k, t) in kws {
        match class.fields.iter().position(|f| **f == **k) {
            Some(i) if bound[i].is_some() => return Err(error("TypeError", format!("multiple values for argument '{k}'"))),
            Some(i) => bound[i] = Some(t.clone()),
            None => return Err(error("TypeError", format!("got an unexpected keyword argument '{k}'"))),
        }
    }
    let required = n - class.defaults as usize;
    if let Some(i) = bound[..required].iter().position(Option::is_none) {
        return Err(error("TypeError", format!("missing a required argument: '{}'", class.fields[i])));
    }
    // The arguments in order up to the first one left to its default; one given after it is
    // a keyword argument of the binding, which Numba's typer asserts there are none of.
    let given = bound.iter().position(Option::is_none).unwrap_or(n);
    if bound[given..].iter().any(Option::is_some) {
        return Err(InferError { kind: "AssertionError", code: "invalid-call", message: String::new(), span, notes: vec![], secondary: vec![] });
    }
    let items: Vec<Type> = bound.into_iter().take(given).map(|t| t.unwrap_or(Type::Undefined).unliteral()).collect();
    Ok(Type::NamedTuple(std::sync::Arc::new(numrs_types::NamedTupleType { name: class.name.clone(), fields: class.fields.clone(), items })))
}

fn jitclass_construct(
    inf: &mut Inferer<'_>,
    class: &std::sync::Arc<numrs_types::JitClassType>,
    args: &[Type],
    kws: &[(String, Type)],
    span: Option<Span>,
) -> Result<Type, InferError> {
    let instance = Type::JitClassInstance(class.clone());
    // Numba makes the class's data model first, which needs every deferred type it holds
    // (`DeferredType.get()` raises, outside any statement).
    if class.field_deferreds().iter().any(|d| d.get().is_none()) {
        return Err(InferError {
            kind: "RuntimeError",
            code: "undefined-deferred-type",
            message: format!("deferred type not defined (a field of jitclass {} holds a deferred_type() that is never given a type with .define(...))", class.name),
            span: None,
            notes: vec![],
            secondary: vec![],
        });
    }
    // Numba's jitclass data model stores its fields' data: a record's model has none
    // (`as_data` raises), so making the instance fails when Numba lowers it.
    if let Some((name, _)) = class.fields.iter().find(|(_, t)| {
        let mut record = false;
        t.visit_parts(&mut |p| record |= matches!(p, Type::Record(_)));
        record
    }) {
        return Err(InferError {
            kind: "NotImplementedError",
            code: "invalid-call",
            message: format!(
                "jitclass {} has a record field '{name}', which Numba cannot store in an instance (its record model has no data form: \"use load_from_data_pointer() instead\"); keep the record's array and an index instead",
                class.name
            ),
            span,
            notes: vec![],
            secondary: vec![],
        });
    }
    let Some(numrs_types::ClassMember::Method(init)) = class.member("__init__") else {
        return Err(InferError::typing("invalid-call", format!("jitclass {} has no __init__ method", class.name), span));
    };
    // Numba's constructor template refuses keyword arguments; its lowering passes `__init__`
    // only the arguments given, so one left to its default fails there (no line, either).
    let refused = |kind: &'static str, message: String| InferError { kind, code: "invalid-call", message, span: None, notes: vec![], secondary: vec![] };
    if !kws.is_empty() {
        return Err(refused("NotImplementedError", format!("unsupported keyword arguments when calling {}", Type::JitClass(class.clone()))));
    }
    let mut full = vec![instance.clone()];
    full.extend(args.iter().cloned());
    let bound = inf.env.bind_call(init, &full, kws);
    if let Some(bound) = bound {
        // More arguments bound than given: defaults filled in.
        if bound.len() > full.len() {
            return Err(refused(
                "TypeError",
                format!(
                    "invalid number of args: expected {}, got {} (Numba's constructor does not pass {}'s defaults to __init__)",
                    bound.len(),
                    full.len(),
                    class.name
                ),
            ));
        }
    }
    let ret = inf.env.call_dispatcher(init, &full, kws).map_err(|mut e| {
        e.span = span;
        e.notes.push(format!("during: resolving callee type: {}", Type::JitClass(class.clone())));
        e
    })?;
    if ret != Type::NoneType {
        return Err(InferError::typing("invalid-call", format!("__init__() should return None, not '{ret}'"), span));
    }
    Ok(instance)
}

/// A method of a `@jitclass` instance called: the method's jit function typed with the
/// instance first (a static method without it).
fn jitclass_call_method(
    inf: &mut Inferer<'_>,
    bound: &(std::sync::Arc<str>, Type),
    args: &[Type],
    kws: &[(String, Type)],
    span: Option<Span>,
) -> Result<Type, InferError> {
    use numrs_types::ClassMember;
    let (Some(name), Type::JitClassInstance(class)) = (numrs_types::jitclass_method_of_key(&bound.0), &bound.1) else {
        return Err(InferError::typing("invalid-call", format!("cannot call {}", bound.0), span));
    };
    let (dispatcher, full) = match class.member(name) {
        Some(ClassMember::Method(d)) => {
            let mut full = vec![bound.1.clone()];
            full.extend(args.iter().cloned());
            (d, full)
        }
        Some(ClassMember::StaticMethod(d)) => (d, args.to_vec()),
        _ => return Err(InferError::typing("invalid-call", format!("'{name}' is not a method of {}", bound.1), span)),
    };
    call_dispatcher_at(inf, dispatcher, &full, kws, span)
}

/// Functions Numba types with templates that assert no keyword arguments (`round`, `pow`,
/// `float`, `complex`, `bool`, `divmod`, and `math`/`cmath` functions' `ConcreteTemplate`s).
fn positional_only_template(key: &str) -> bool {
    matches!(key, "builtins.round" | "builtins.pow" | "builtins.float" | "builtins.complex" | "builtins.bool" | "builtins.divmod")
        || key.starts_with("math.")
        || key.starts_with("cmath.")
}
