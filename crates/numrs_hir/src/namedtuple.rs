//! Named tuple classes a module defines: `Point = namedtuple("Point", ["x", "y"])` (also
//! `collections.namedtuple`, fields as a string `"x y"` / `"x, y"`, `defaults=`) and
//! `class Point(NamedTuple): x: float; y: float = 0.0` (`typing.NamedTuple`).
//!
//! Numba types such a class as `NamedTupleClass`; calling it in nopython code makes a
//! `NamedTuple` / `NamedUniTuple` of the argument types.

use numrs_syntax::ast::{ClassDef, Constant, Expr, ExprKind, StmtKind};

use crate::ModuleSymbols;

/// Python's keywords, which `namedtuple` refuses as names.
const PY_KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else",
    "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise",
    "return", "try", "while", "with", "yield",
];

/// A named tuple class: its name (as given to `namedtuple`), field names, and how many of the
/// last fields have defaults.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamedTupleDef {
    pub name: String,
    pub fields: Vec<String>,
    pub defaults: u32,
}

/// The fields of a `namedtuple(...)` call's `field_names` argument: a list or tuple of string
/// constants, or one string of names separated by commas and/or whitespace, or a module-level
/// name bound once (before the call) to one of those. With `rename`, invalid and repeated
/// names become `_<index>`, as `namedtuple` renames them.
fn field_names(expr: &Expr, symbols: &ModuleSymbols, before: Option<u32>, rename: bool) -> Option<Vec<String>> {
    let expr = match &expr.kind {
        ExprKind::Name(n) if symbols.bindings_of(n).count() == 1 => symbols.lookup(n, before)?.value.as_ref()?,
        _ => expr,
    };
    let mut names: Vec<String> = match &expr.kind {
        ExprKind::Constant(Constant::Str(s)) => s.replace(',', " ").split_whitespace().map(str::to_string).collect(),
        ExprKind::List(items) | ExprKind::Tuple(items) => items
            .iter()
            .map(|i| match &i.kind {
                ExprKind::Constant(Constant::Str(s)) => Some(s.clone()),
                _ => None,
            })
            .collect::<Option<_>>()?,
        _ => return None,
    };
    // What `namedtuple` refuses (without `rename=True`): names that are not identifiers,
    // keywords, names starting with an underscore, duplicates.
    let valid = |n: &str| {
        let mut chars = n.chars();
        chars.next().is_some_and(|c| c.is_alphabetic())
            && n.chars().all(|c| c.is_alphanumeric() || c == '_')
            && !PY_KEYWORDS.contains(&n)
    };
    for i in 0..names.len() {
        if !valid(&names[i]) || names[..i].contains(&names[i]) {
            if !rename {
                return None;
            }
            names[i] = format!("_{i}");
        }
    }
    Some(names)
}

/// `namedtuple("Point", ...)` / `collections.namedtuple(...)` as the value of a module-level
/// assignment seen before `before`.
pub fn namedtuple_call(value: &Expr, symbols: &ModuleSymbols, before: Option<u32>) -> Option<NamedTupleDef> {
    let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
    if symbols.resolve_dotted_at(func, before).as_deref() != Some("collections.namedtuple") {
        return None;
    }
    let mut name = args.first();
    let mut fields = args.get(1);
    let mut defaults = 0u32;
    let mut rename = false;
    if args.len() > 2 {
        return None;
    }
    for kw in keywords {
        match kw.arg.as_deref() {
            Some("typename") if name.is_none() => name = Some(&kw.value),
            Some("field_names") if fields.is_none() => fields = Some(&kw.value),
            Some("defaults") => match &kw.value.kind {
                ExprKind::List(items) | ExprKind::Tuple(items) => defaults = items.len() as u32,
                ExprKind::Constant(Constant::None) => {}
                _ => return None,
            },
            Some("rename") => match &kw.value.kind {
                ExprKind::Constant(Constant::Bool(b)) => rename = *b,
                _ => return None,
            },
            Some("module") => {}
            // `**kwargs` is not known.
            _ => return None,
        }
    }
    let ExprKind::Constant(Constant::Str(name)) = &name?.kind else { return None };
    let fields = field_names(fields?, symbols, before, rename)?;
    if defaults as usize > fields.len() || !PY_KEYWORDS.iter().all(|k| k != name) {
        return None;
    }
    Some(NamedTupleDef { name: name.clone(), fields, defaults })
}

/// `class Point(NamedTuple): x: float; y: int = 3` (`typing.NamedTuple`): its annotated
/// fields in order; a field with a value has a default.
pub fn typed_namedtuple_class(class: &ClassDef, symbols: &ModuleSymbols, before: Option<u32>) -> Option<NamedTupleDef> {
    let [base] = class.bases.as_slice() else { return None };
    if !matches!(symbols.resolve_dotted_at(base, before).as_deref(), Some("typing.NamedTuple" | "typing_extensions.NamedTuple")) {
        return None;
    }
    if !class.decorators.is_empty() {
        return None;
    }
    let mut fields = Vec::new();
    let mut defaults = 0u32;
    for stmt in &class.body {
        if let StmtKind::AnnAssign { target, value, .. } = &stmt.kind {
            let ExprKind::Name(n) = &target.kind else { return None };
            if n.starts_with('_') {
                return None;
            }
            if value.is_some() {
                defaults += 1;
            } else if defaults > 0 {
                // Python refuses a field without a default after one with a default.
                return None;
            }
            fields.push(n.clone());
        }
    }
    Some(NamedTupleDef { name: class.name.clone(), fields, defaults })
}
