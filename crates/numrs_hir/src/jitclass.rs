//! `@jitclass` classes (`numba.experimental.jitclass`): the fields their spec and annotations
//! declare, and their methods, properties and static methods, each of which Numba compiles as
//! a lazily compiled jit function (`njit(method)`; `numba/experimental/jitclass/base.py`).
//!
//! The methods are listed by [`crate::jit_functions`] as jit functions named by their
//! qualified name (`Bag.increment`), so that the pipeline types them like any other.

use numrs_syntax::ast::{self, Expr, ExprKind, Span, StmtKind};
use numrs_types::Type;

use crate::annotations::annotation_type_at;
use crate::signature::{eval_type_expr, SigError, SigErrorKind};
use crate::symbols::{BindingKind, ModuleSymbols};

/// The decorator's dotted paths.
const JITCLASS_PATHS: &[&str] = &[JITCLASS_MEMBER, "numba.experimental.jitclass.decorators.jitclass"];

/// The `decorator_path` of the jit functions of a jitclass's members.
pub(crate) const JITCLASS_MEMBER: &str = "numba.experimental.jitclass";

impl crate::JitFunction {
    /// A method, property accessor or static method of a `@jitclass` (called only from
    /// compiled code: it has no entry of its own in a built module).
    pub fn is_jitclass_member(&self) -> bool {
        self.decorator_path == JITCLASS_MEMBER
    }
}

/// What a member of a jitclass is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemberKind {
    Method,
    StaticMethod,
    /// A `@property`'s getter.
    Getter,
    /// A property's `@name.setter`.
    Setter,
}

/// A `def` in a jitclass body.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClassMemberDef {
    pub name: String,
    pub kind: MemberKind,
    /// The `def` keyword's offset: the jit function's `def_line_offset`.
    pub def_line_offset: u32,
    /// Index in `module.body` of the `class` statement holding the `def`: the jitclass's, or
    /// a plain base class's whose methods it inherits.
    pub stmt_index: usize,
}

/// A `@jitclass` class.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct JitClass {
    pub name: String,
    /// Index in `module.body` of the `class` statement.
    pub stmt_index: usize,
    /// For a class made by calling the decorator (`Bag = jitclass(Bag, spec)`): the index of
    /// that assignment, which binds the name.
    pub bound_at: Option<usize>,
    pub decorator_span: Span,
    /// The spec's fields and then the annotated ones, in order (Numba's `OrderedDict`).
    pub fields: Vec<(String, Type)>,
    pub members: Vec<ClassMemberDef>,
    /// What Numba raises when the decorator runs (the module does not import).
    pub errors: Vec<SigError>,
    /// For a class a factory function makes (`GridCellF = make_cell(float64)`, whose `class
    /// GridCell` is `name`d by the binding, each call a class of its own): the class
    /// statement's name, which Numba prints.
    pub display_name: Option<String>,
}

/// The class and the definition of a jitclass member's jit function `jit` (module positions,
/// as `jit_functions_and_classes` lists it), among `classes`.
pub fn jitclass_member_of<'a>(classes: &'a [JitClass], jit: &crate::JitFunction) -> Option<(&'a JitClass, &'a ClassMemberDef)> {
    if !jit.is_jitclass_member() {
        return None;
    }
    let (class, member) = jit.name.split_once('.')?;
    let class = classes.iter().find(|c| c.name == class)?;
    let def = class.members.iter().find(|m| m.name == member && m.def_line_offset == jit.def_line_offset)?;
    Some((class, def))
}

impl JitClass {
    /// The qualified name of a member's jit function (`Bag.increment`).
    pub fn function_name(&self, member: &str) -> String {
        format!("{}.{member}", self.name)
    }
}

/// Whether `decorator` is `@jitclass`, `@jitclass(spec)` or `@jitclass(spec=...)`: the spec
/// expression, if any.
fn jitclass_decorator<'e>(decorator: &'e Expr, symbols: &ModuleSymbols) -> Option<Option<&'e Expr>> {
    let is_jitclass = |e: &Expr| {
        symbols.resolve_dotted_at(e, Some(decorator.span.start)).is_some_and(|p| JITCLASS_PATHS.contains(&p.as_str()))
    };
    match &decorator.kind {
        ExprKind::Call { func, args, keywords } if is_jitclass(func) => {
            let spec = args.first().or_else(|| keywords.iter().find(|k| k.arg.as_deref() == Some("spec")).map(|k| &k.value));
            Some(spec)
        }
        _ if is_jitclass(decorator) => Some(None),
        _ => None,
    }
}

/// The jitclasses of a module (classes at module level): decorated, or made by calling the
/// decorator on a class defined before, under the class's own name (`Bag = jitclass(Bag, spec)`,
/// `Bag = jitclass(spec)(Bag)`).
pub fn jit_classes(module: &ast::Module, symbols: &ModuleSymbols) -> Vec<JitClass> {
    let mut out = Vec::new();
    for (index, stmt) in module.body.iter().enumerate() {
        match &stmt.kind {
            StmtKind::ClassDef(class) => {
                let Some((decorator, spec)) = class.decorators.iter().find_map(|d| jitclass_decorator(d, symbols).map(|s| (d, s))) else {
                    continue;
                };
                let c = analyze(class, index, decorator, spec, symbols, &out, stmt.span.start, module);
                out.push(c);
            }
            StmtKind::Assign { targets, value } => {
                let [target] = targets.as_slice() else { continue };
                let ExprKind::Name(name) = &target.kind else { continue };
                let Some((class_name, spec)) = jitclass_call(value, symbols) else { continue };
                // The class statement the class's name is bound to just before.
                let Some((ci, class)) = module.body[..index].iter().enumerate().rev().find_map(|(i, s)| match &s.kind {
                    StmtKind::ClassDef(c) if c.name == class_name => Some((i, c)),
                    _ => None,
                }) else {
                    continue;
                };
                let renamed = class_name != name;
                if !renamed && out.iter().any(|c: &JitClass| c.stmt_index == ci) {
                    continue;
                }
                let mut c = analyze(class, ci, value, spec, symbols, &out, stmt.span.start, module);
                c.bound_at = Some(index);
                // Bound to another name (fastparquet's `Numpy8 = jitclass(spec8)(NumpyIO)`, one
                // class statement made into several jitclasses): found by that name, printed
                // by the class's own.
                if renamed {
                    c.name = name.clone();
                    c.display_name = Some(class_name.to_string());
                }
                out.push(c);
            }
            _ => {}
        }
    }
    out
}

/// `jitclass(C, spec)`, `jitclass(C, spec=...)`, `jitclass(C)` or `jitclass(spec)(C)`: the
/// class's name and the spec.
fn jitclass_call<'e>(value: &'e Expr, symbols: &ModuleSymbols) -> Option<(&'e str, Option<&'e Expr>)> {
    let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
    let is_jitclass = |e: &Expr| symbols.resolve_dotted_at(e, Some(value.span.start)).is_some_and(|p| JITCLASS_PATHS.contains(&p.as_str()));
    let kw_spec = || keywords.iter().find(|k| k.arg.as_deref() == Some("spec")).map(|k| &k.value);
    if is_jitclass(func) {
        let ExprKind::Name(class) = &args.first()?.kind else { return None };
        return Some((class.as_str(), args.get(1).or_else(kw_spec)));
    }
    // `jitclass(spec)(C)`.
    let [arg] = args.as_slice() else { return None };
    let ExprKind::Name(class) = &arg.kind else { return None };
    let spec = jitclass_decorator(func, symbols)?;
    matches!(func.kind, ExprKind::Call { .. }).then_some((class.as_str(), spec))
}

/// The name CPython gives `name` written inside the body of class `class` (private-name
/// mangling: `__x` becomes `_Bag__x`; dunder names and names of classes made only of
/// underscores are left alone).
pub fn mangle_private(class: &str, name: &str) -> Option<String> {
    let stripped = class.trim_start_matches('_');
    (name.starts_with("__") && !name.ends_with("__") && !stripped.is_empty()).then(|| format!("_{stripped}{name}"))
}

/// What a `deferred_type()` is defined as.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DeferredTarget {
    /// The instances of a jitclass (`X.define(C.class_type.instance_type)`), by name.
    Class(String),
    /// Another Numba type (`X.define(intp)`).
    Type(Type),
}

/// The module-level `X.define(...)` statements (a `deferred_type()` `X` defined as the
/// instances of a jitclass, `C.class_type.instance_type`, or as a Numba type), in order.
pub fn deferred_definitions(module: &ast::Module, symbols: &ModuleSymbols) -> Vec<(String, DeferredTarget)> {
    let mut out = Vec::new();
    for stmt in &module.body {
        let StmtKind::Expr(e) = &stmt.kind else { continue };
        let ExprKind::Call { func, args, keywords } = &e.kind else { continue };
        let ExprKind::Attribute { value, attr } = &func.kind else { continue };
        let (ExprKind::Name(deferred), "define", [arg], true) = (&value.kind, attr.as_str(), args.as_slice(), keywords.is_empty()) else { continue };
        if let ExprKind::Attribute { value: ct, attr: it } = &arg.kind {
            if let ExprKind::Attribute { value: class, attr: c } = &ct.kind {
                if let (ExprKind::Name(class), "class_type", "instance_type") = (&class.kind, c.as_str(), it.as_str()) {
                    out.push((deferred.clone(), DeferredTarget::Class(class.clone())));
                    continue;
                }
            }
        }
        if let Ok(t) = eval_type_expr(arg, symbols, Some(stmt.span.start)) {
            out.push((deferred.clone(), DeferredTarget::Type(t)));
        }
    }
    out
}

/// The type of a field declared `Other.class_type.instance_type`, `Other` a jitclass defined
/// before (`known`): an instance of `Other` that names only the class (id 0, no fields), which
/// `check` resolves to the class's type.
fn instance_type_ref(ty: &Expr, symbols: &ModuleSymbols, before: Option<u32>, known: &[JitClass]) -> Option<Type> {
    let ExprKind::Attribute { value, attr } = &ty.kind else { return None };
    let ExprKind::Attribute { value: class, attr: class_type } = &value.kind else { return None };
    let ExprKind::Name(name) = &class.kind else { return None };
    if attr != "instance_type" || class_type != "class_type" {
        return None;
    }
    known_class(name, symbols, before, known)
}

/// The instances of `name` when it names, as bound at `before`, a jitclass defined before
/// (`known`), as [`jitclass_ref`] names them.
fn known_class(name: &str, symbols: &ModuleSymbols, before: Option<u32>, known: &[JitClass]) -> Option<Type> {
    let c = known.iter().find(|c| c.name == name && c.errors.is_empty())?;
    let bound = symbols.lookup(name, before)?;
    // A class made by calling the decorator is bound by that assignment.
    (bound.kind == BindingKind::Class || c.bound_at.is_some()).then(|| jitclass_ref(name))
}

/// An instance of the jitclass `name` that names only the class (see [`instance_type_ref`]).
pub fn jitclass_ref(name: &str) -> Type {
    Type::JitClassInstance(std::sync::Arc::new(numrs_types::JitClassType { name: name.into(), id: 0, fields: Vec::new(), members: Vec::new(), display: None }))
}

/// A jitclass from its class statement (at `index` in the module), the decorator (or the call making
/// it), and the spec, evaluated with the module's bindings at `at` (the decorator's class
/// statement, or the assignment calling the decorator).
#[allow(clippy::too_many_arguments)]
fn analyze(
    class: &ast::ClassDef,
    index: usize,
    decorator: &Expr,
    spec: Option<&Expr>,
    symbols: &ModuleSymbols,
    known: &[JitClass],
    at: u32,
    module: &ast::Module,
) -> JitClass {
    let mut c = JitClass {
        name: class.name.clone(),
        stmt_index: index,
        bound_at: None,
        decorator_span: decorator.span,
        fields: Vec::new(),
        members: Vec::new(),
        errors: Vec::new(),
        display_name: None,
    };
    let before = Some(at);
    if let Some(spec) = spec {
        read_spec(spec, symbols, before, &mut c, 0, known, module);
    }
    // Methods and field annotations of plain base classes, the most basic first (Numba copies
    // the `__dict__` of each class of the MRO, in reverse, and reads `get_type_hints`): the
    // class's own come after (methods override).
    for base in &class.bases {
        inherit(base, module, index, symbols, &mut c, 0, at, known);
    }
    for s in &class.body {
        match &s.kind {
            StmtKind::AnnAssign { target, annotation, value } => {
                let ExprKind::Name(name) = &target.kind else { continue };
                // CPython records a class body's `__x: T` under its mangled name.
                let mangled = mangle_private(&c.name, name);
                let name = mangled.as_ref().unwrap_or(name);
                if value.is_some() {
                    c.errors.push(error(format!("TypeError: class members are not yet supported: {name}"), s.span));
                }
                if c.fields.iter().any(|(n, _)| n == name) {
                    continue;
                }
                match field_annotation(annotation, symbols, at, known, 0) {
                    Some(t) => c.fields.push((name.clone(), t)),
                    None => c.errors.push(unknown_type(name, annotation.span)),
                }
            }
            StmtKind::FunctionDef(def) => {
                if def.name == "__init__" {
                    // Numba's `_getargs`: the constructor takes positional-or-keyword parameters
                    // only (keyword-only ones pass its test too).
                    let p = &def.params;
                    let refused = if !p.posonly.is_empty() {
                        Some("POSITIONAL_ONLY")
                    } else if p.vararg.is_some() {
                        Some("VAR_POSITIONAL")
                    } else if p.kwarg.is_some() {
                        Some("VAR_KEYWORD")
                    } else {
                        None
                    };
                    if let Some(kind) = refused {
                        c.errors.push(error(format!("UnsupportedError: {kind} argument type unsupported in jitclass"), def.name_span));
                    }
                }
                let kind = member_kind(def, symbols);
                // `def __helper(self)` is the class's `_Bag__helper`, as CPython binds it.
                let name = mangle_private(&c.name, &def.name).unwrap_or_else(|| def.name.clone());
                c.members.retain(|m| !(m.name == name && (m.kind == kind || kind != MemberKind::Setter)));
                c.members.push(ClassMemberDef { name, kind, def_line_offset: def.name_span.start, stmt_index: index });
            }
            StmtKind::Expr(e) if matches!(e.kind, ExprKind::Constant(ast::Constant::Str(_))) => {}
            StmtKind::Pass => {}
            StmtKind::Assign { targets, .. } => {
                let names: Vec<String> = targets.iter().filter_map(|t| match &t.kind {
                    ExprKind::Name(n) => Some(n.clone()),
                    _ => None,
                }).collect();
                c.errors.push(error(format!("TypeError: class members are not yet supported: {}", names.join(", ")), s.span));
            }
            _ => c.errors.push(error(
                "numrs: only methods, properties, static methods and field annotations are understood in a jitclass body".into(),
                s.span,
            )),
        }
    }
    let shadowed: Vec<&str> = c.members.iter().filter(|m| c.fields.iter().any(|(n, _)| *n == m.name)).map(|m| m.name.as_str()).collect();
    if !shadowed.is_empty() {
        let message = format!("NameError: name shadowing: {}", shadowed.join(", "));
        c.errors.push(error(message, decorator.span));
    }
    if !c.members.iter().any(|m| m.name == "__init__" && m.kind == MemberKind::Method) {
        c.errors.push(error(format!("numrs: jitclass '{}' has no __init__ method (Numba's constructor calls it)", c.name), decorator.span));
    }
    c
}

/// The type of a class annotation as Numba's `as_numba_type` gives it: Numba types, `int`,
/// `float`, `bool`, `complex`, `str`, jitclasses defined before (their instances),
/// `List[X]`/`list[X]` (typed lists), `Dict[K, V]`/`dict[K, V]` (typed dicts),
/// `Tuple[...]`/`tuple[...]`, and `Optional[X]`/`Union[X, None]`.
fn field_annotation(ann: &Expr, symbols: &ModuleSymbols, at: u32, known: &[JitClass], depth: u32) -> Option<Type> {
    if depth > 16 {
        return None;
    }
    let inner = |e: &Expr| field_annotation(e, symbols, at, known, depth + 1);
    match &ann.kind {
        ExprKind::Name(name) => known_class(name, symbols, Some(at), known).or_else(|| annotation_type_at(ann, symbols, at)),
        ExprKind::Constant(ast::Constant::None) => Some(Type::NoneType),
        ExprKind::Subscript { value, index } => {
            let generic = match &value.kind {
                ExprKind::Name(n) if matches!(n.as_str(), "list" | "dict" | "tuple") && is_builtin(n, value, symbols) => n.clone(),
                _ => match symbols.resolve_dotted_at(value, Some(at)) {
                    Some(g) => g,
                    None => return annotation_type_at(ann, symbols, at),
                },
            };
            let args: Vec<&Expr> = match &index.kind {
                ExprKind::Tuple(items) => items.iter().collect(),
                _ => vec![&**index],
            };
            match (generic.as_str(), args.as_slice()) {
                ("typing.List" | "list", [x]) => Some(Type::ListType(std::sync::Arc::new(inner(x)?))),
                ("typing.Dict" | "dict", [k, v]) => Some(Type::dict(inner(k)?, inner(v)?)),
                ("typing.Tuple" | "tuple", items) => Some(Type::tuple(items.iter().map(|x| inner(x)).collect::<Option<Vec<_>>>()?)),
                ("typing.Optional", [x]) => Some(Type::optional(inner(x)?)),
                ("typing.Union", [a, b]) => match (inner(a)?, inner(b)?) {
                    (Type::NoneType, t) | (t, Type::NoneType) => Some(Type::optional(t)),
                    _ => None,
                },
                // A Numba type subscripted (`float64[:]`, `types.int32[:, ::1]`): an array type.
                _ => annotation_type_at(ann, symbols, at),
            }
        }
        _ => annotation_type_at(ann, symbols, at),
    }
}

/// Adds the methods of `base`, a plain class of the module defined before the statement at
/// `before` (and those of its own bases first), to `c`'s members.
#[allow(clippy::too_many_arguments)]
fn inherit(base: &Expr, module: &ast::Module, before: usize, symbols: &ModuleSymbols, c: &mut JitClass, depth: u32, at: u32, known: &[JitClass]) {
    let ExprKind::Name(name) = &base.kind else { return };
    if depth > 8 {
        return;
    }
    let Some((index, class)) = module.body[..before.min(module.body.len())].iter().enumerate().rev().find_map(|(i, s)| match &s.kind {
        StmtKind::ClassDef(k) if k.name == *name && k.decorators.is_empty() => Some((i, k)),
        _ => None,
    }) else {
        return;
    };
    for b in &class.bases {
        inherit(b, module, index, symbols, c, depth + 1, at, known);
    }
    for s in &class.body {
        if let StmtKind::AnnAssign { target, annotation, .. } = &s.kind {
            let ExprKind::Name(name) = &target.kind else { continue };
            let name = mangle_private(&class.name, name).unwrap_or_else(|| name.clone());
            if !c.fields.iter().any(|(n, _)| *n == name) {
                match field_annotation(annotation, symbols, at, known, 0) {
                    Some(t) => c.fields.push((name, t)),
                    None => c.errors.push(unknown_type(&name, annotation.span)),
                }
            }
        }
        if let StmtKind::FunctionDef(def) = &s.kind {
            let kind = member_kind(def, symbols);
            // Private names are the base's (CPython mangles them in its body).
            let member = mangle_private(&class.name, &def.name).unwrap_or_else(|| def.name.clone());
            c.members.retain(|m| !(m.name == member && (m.kind == kind || kind != MemberKind::Setter)));
            c.members.push(ClassMemberDef { name: member, kind, def_line_offset: def.name_span.start, stmt_index: index });
        }
    }
}

fn member_kind(def: &ast::FunctionDef, symbols: &ModuleSymbols) -> MemberKind {
    for d in &def.decorators {
        match &d.kind {
            ExprKind::Attribute { attr, .. } if attr == "setter" => return MemberKind::Setter,
            ExprKind::Name(n) if is_builtin(n, d, symbols) && n == "property" => return MemberKind::Getter,
            ExprKind::Name(n) if is_builtin(n, d, symbols) && n == "staticmethod" => return MemberKind::StaticMethod,
            _ => {}
        }
    }
    MemberKind::Method
}

/// Whether `name`, used in `expr`, is Python's builtin of that name (the module does not bind it).
fn is_builtin(name: &str, expr: &Expr, symbols: &ModuleSymbols) -> bool {
    symbols.lookup(name, Some(expr.span.start)).is_none()
}

/// Reads a spec: a list or tuple of `(name, type)` pairs, a dict display, `OrderedDict(...)`
/// or `dict(...)` of one of those, or a module-level name bound to one.
#[allow(clippy::too_many_arguments)]
fn read_spec(spec: &Expr, symbols: &ModuleSymbols, before: Option<u32>, c: &mut JitClass, depth: u32, known: &[JitClass], module: &ast::Module) {
    if depth > 8 {
        return;
    }
    match &spec.kind {
        ExprKind::List(items) | ExprKind::Tuple(items) => {
            for item in items {
                match &item.kind {
                    ExprKind::Tuple(pair) | ExprKind::List(pair) if pair.len() == 2 => add_field(&pair[0], &pair[1], symbols, before, c, known),
                    _ => c.errors.push(error("numrs: a spec item must be a (name, type) pair written in the source".into(), item.span)),
                }
            }
        }
        ExprKind::Dict { keys, values } => {
            for (k, v) in keys.iter().zip(values) {
                match k {
                    Some(k) => add_field(k, v, symbols, before, c, known),
                    None => c.errors.push(error("numrs: `**` in a jitclass spec is not understood".into(), v.span)),
                }
            }
        }
        // `OrderedDict(pairs)`, `dict(pairs)`.
        ExprKind::Call { func, args, keywords }
            if keywords.is_empty()
                && args.len() <= 1
                && (symbols.resolve_dotted_at(func, before).as_deref() == Some("collections.OrderedDict")
                    || matches!(&func.kind, ExprKind::Name(n) if n == "dict" && is_builtin(n, func, symbols))) =>
        {
            if let Some(a) = args.first() {
                read_spec(a, symbols, before, c, depth + 1, known, module);
            }
        }
        // `base_spec + [("tag", int64)]`: the fields of both, in order.
        ExprKind::BinOp { left, op: ast::BinOp::Add, right } => {
            read_spec(left, symbols, before, c, depth + 1, known, module);
            read_spec(right, symbols, before, c, depth + 1, known, module);
        }
        // `[(n, float64) for n in ("x", "y", "z")]`: one field per name.
        ExprKind::ListComp { elt, generators } if generators.len() == 1 && generators[0].ifs.is_empty() => {
            let g = &generators[0];
            let (ExprKind::Name(var), ExprKind::Tuple(pair) | ExprKind::List(pair)) = (&g.target.kind, &elt.kind) else {
                c.errors.push(error("numrs: cannot read this jitclass spec without running the module".into(), spec.span));
                return;
            };
            let names = match &g.iter.kind {
                ExprKind::Tuple(items) | ExprKind::List(items) => items,
                _ => {
                    c.errors.push(error("numrs: cannot read this jitclass spec without running the module".into(), spec.span));
                    return;
                }
            };
            if pair.len() != 2 || !matches!(&pair[0].kind, ExprKind::Name(n) if n == var) {
                c.errors.push(error("numrs: cannot read this jitclass spec without running the module".into(), spec.span));
                return;
            }
            for n in names {
                add_field(n, &pair[1], symbols, before, c, known);
            }
        }
        ExprKind::Name(name) => {
            let value = symbols.lookup(name, before).and_then(|b| match (&b.kind, &b.value) {
                (BindingKind::Other, Some(v)) => Some((v.clone(), b.stmt_span)),
                _ => None,
            });
            match value {
                Some((v, bound)) => {
                    read_spec(&v, symbols, Some(bound.start), c, depth + 1, known, module);
                    // Then the module's item assignments to it (`spec = OrderedDict()` and
                    // `spec['data'] = int32`, numba-examples' form), before the class.
                    let end = before.unwrap_or(u32::MAX);
                    for st in module.body.iter().filter(|st| st.span.start >= bound.end && st.span.start < end) {
                        let StmtKind::Assign { targets, value } = &st.kind else { continue };
                        let [ast::Expr { kind: ExprKind::Subscript { value: target, index }, .. }] = targets.as_slice() else { continue };
                        if matches!(&target.kind, ExprKind::Name(n) if n == name) {
                            add_field(index, value, symbols, Some(st.span.start), c, known);
                        }
                    }
                }
                None => c.errors.push(error(format!("numrs: cannot read the jitclass spec '{name}' without running the module"), spec.span)),
            }
        }
        _ => c.errors.push(error("numrs: cannot read this jitclass spec without running the module".into(), spec.span)),
    }
}

fn add_field(name: &Expr, ty: &Expr, symbols: &ModuleSymbols, before: Option<u32>, c: &mut JitClass, known: &[JitClass]) {
    let name = match &name.kind {
        // Numba's `_fix_up_private_attr`: `__x` is `_Bag__x`, as the methods see it (Numba does
        // not strip the class name's leading underscores, which CPython does).
        ExprKind::Constant(ast::Constant::Str(s)) if s.starts_with("__") && !s.ends_with("__") => format!("_{}{s}", c.name),
        ExprKind::Constant(ast::Constant::Str(s)) => s.clone(),
        _ => {
            c.errors.push(error("TypeError: spec keys should be strings".into(), name.span));
            return;
        }
    };
    match instance_type_ref(ty, symbols, before, known).map(Ok).unwrap_or_else(|| eval_type_expr(ty, symbols, before)) {
        Ok(t) => match c.fields.iter_mut().find(|(n, _)| *n == name) {
            Some(existing) => existing.1 = t,
            None => c.fields.push((name, t)),
        },
        Err(_) => c.errors.push(unknown_type(&name, ty.span)),
    }
}

fn unknown_type(name: &str, span: Span) -> SigError {
    error(format!("numrs: cannot evaluate the type of jitclass field '{name}' (a Numba type such as `float64[:]` is expected)"), span)
}

fn error(message: String, span: Span) -> SigError {
    let kind = if message.starts_with("numrs:") { SigErrorKind::Unsupported } else { SigErrorKind::Numba };
    SigError { message, span, kind }
}

/// A jitclass a module-level call of a factory function makes (`GridCellF = make_cell(float64)`,
/// the factory a plain module-level function whose body assigns names (`spec = [...]`), defines
/// a `@jitclass` class reading its parameters and those names, and returns it): the class,
/// `name`d by the binding, and the jit functions of its members. `module` is the skeleton,
/// `factory` the factory's whole statement (module positions), `known` the classes made
/// before. The members read the factory's parameters as the constants the call gave (or as
/// the module-level names it passed), and the class's own name as the class. `None` for other
/// shapes.
pub fn factory_class(
    module: &ast::Module,
    symbols: &ModuleSymbols,
    known: &[JitClass],
    assign_index: usize,
    factory_index: usize,
    factory: &ast::Stmt,
) -> Option<(JitClass, Vec<crate::JitFunction>)> {
    let assign = module.body.get(assign_index)?;
    let StmtKind::Assign { targets, value } = &assign.kind else { return None };
    let [target] = targets.as_slice() else { return None };
    let ExprKind::Name(bound) = &target.kind else { return None };
    let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
    let ExprKind::Name(fname) = &func.kind else { return None };
    let StmtKind::FunctionDef(def) = &factory.kind else { return None };
    let p = &def.params;
    if def.name != *fname || !def.decorators.is_empty() || p.vararg.is_some() || p.kwarg.is_some() || !p.kwonly.is_empty() {
        return None;
    }
    let params: Vec<&ast::Param> = p.positional().collect();
    if args.len() > params.len() || args.iter().any(|a| matches!(a.kind, ExprKind::Starred(_))) {
        return None;
    }
    if keywords.iter().any(|k| !params.iter().any(|q| Some(q.name.as_str()) == k.arg.as_deref())) {
        return None;
    }
    // What each parameter is: the call's argument, else the default.
    let mut bindings: Vec<(String, Expr)> = Vec::new();
    for (i, param) in params.iter().enumerate() {
        let given = args.get(i).or_else(|| keywords.iter().find(|k| k.arg.as_deref() == Some(param.name.as_str())).map(|k| &k.value));
        bindings.push((param.name.clone(), given.or(param.default.as_ref())?.clone()));
    }
    let n_params = bindings.len();
    let body = crate::jit::body_without_docstring(def);
    let substitute = |e: &Expr, bindings: &[(String, Expr)]| {
        let mut e = e.clone();
        crate_replace(&mut e, bindings);
        e
    };
    let mut class = None;
    let mut returned = false;
    for s in body {
        match &s.kind {
            // `spec = [...]`: read where the class reads it.
            StmtKind::Assign { targets, value } if class.is_none() => {
                let [t] = targets.as_slice() else { return None };
                let ExprKind::Name(n) = &t.kind else { return None };
                let v = substitute(value, &bindings);
                bindings.retain(|(b, _)| b != n);
                bindings.push((n.clone(), v));
            }
            StmtKind::ClassDef(c) if class.is_none() => class = Some(c),
            StmtKind::Return(Some(r)) if matches!((&r.kind, class), (ExprKind::Name(n), Some(c)) if *n == c.name) => {
                returned = true;
                break;
            }
            _ => return None,
        }
    }
    let class = class.filter(|_| returned)?;
    let (decorator, spec) = class.decorators.iter().find_map(|d| jitclass_decorator(d, symbols).map(|s| (d, s)))?;
    // The class as this call makes it: its spec and annotations read the call's values.
    let mut made = (**class).clone();
    let decorator = substitute(decorator, &bindings);
    let spec = spec.map(|s| substitute(s, &bindings));
    for s in &mut made.body {
        if let StmtKind::AnnAssign { annotation, .. } = &mut s.kind {
            crate_replace(annotation, &bindings);
        }
    }
    let mut c = analyze(&made, factory_index, &decorator, spec.as_ref(), symbols, known, assign.span.start, module);
    c.display_name = Some(std::mem::replace(&mut c.name, bound.clone()));
    c.bound_at = Some(assign_index);
    // The members read the parameters as constants or module-level names, and the class's
    // own name as the class.
    let mut captured = Vec::new();
    let mut captured_names = vec![(class.name.clone(), bound.clone())];
    for (name, e) in &bindings[..n_params] {
        match symbols.fold_constant(e, assign.span.start, &[]) {
            Some(v) => captured.push((name.clone(), v)),
            None => {
                if let ExprKind::Name(n) = &e.kind {
                    if symbols.lookup(n, Some(assign.span.start)).is_some() {
                        captured_names.push((name.clone(), n.clone()));
                    }
                }
            }
        }
    }
    let functions = c
        .members
        .iter()
        .map(|m| {
            let mut f = crate::JitFunction::njit(c.function_name(&m.name), m.stmt_index, m.def_line_offset, c.decorator_span, JITCLASS_MEMBER.to_string());
            f.captured = Some(captured.clone());
            f.captured_names = captured_names.clone();
            f
        })
        .collect();
    Some((c, functions))
}

/// Replaces the names `bindings` binds (the last binding of a name counts) in `e`.
fn crate_replace(e: &mut Expr, bindings: &[(String, Expr)]) {
    numrs_syntax::shift::replace_names(e, &|n| bindings.iter().rev().find(|(b, _)| b == n).map(|(_, v)| v.clone()));
}
