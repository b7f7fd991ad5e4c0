//! The numrs syntax tree: a compact, owned Python AST, independent of the parser backend.
//!
//! Every node carries a [`Span`] of byte offsets into the source text it was parsed from.
//! Later stages never see the backend's types, so the parser can be swapped by changing only
//! `lower.rs` in this crate.

/// The deepest tree that [`crate::parse_module`] produces: statements and expressions are
/// nested at most this many levels (the module's top-level statements are level 1). Deeper
/// code is left out and reported as a syntax error ("expression nested too deeply"), so later
/// stages may walk trees recursively — given a few MiB of stack in debug builds.
pub const MAX_TREE_DEPTH: u32 = 1_000;

/// A half-open byte range `[start, end)` in the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub const fn new(start: u32, end: u32) -> Self {
        Span { start, end }
    }
    /// This span moved left by `base` bytes (used to make spans function-relative).
    pub fn relative_to(self, base: u32) -> Span {
        Span { start: self.start.saturating_sub(base), end: self.end.saturating_sub(base) }
    }
    /// This span moved right by `base` bytes.
    pub fn offset_by(self, base: u32) -> Span {
        Span { start: self.start + base, end: self.end + base }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Module {
    pub body: Vec<Stmt>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stmt {
    pub span: Span,
    pub kind: StmtKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StmtKind {
    FunctionDef(Box<FunctionDef>),
    ClassDef(Box<ClassDef>),
    Return(Option<Expr>),
    Delete(Vec<Expr>),
    /// `a = b = value`: one or more targets.
    Assign { targets: Vec<Expr>, value: Expr },
    AugAssign { target: Expr, op: BinOp, value: Expr },
    AnnAssign { target: Expr, annotation: Expr, value: Option<Expr> },
    For { target: Expr, iter: Expr, body: Vec<Stmt>, orelse: Vec<Stmt>, is_async: bool },
    While { test: Expr, body: Vec<Stmt>, orelse: Vec<Stmt> },
    If { test: Expr, body: Vec<Stmt>, orelse: Vec<Stmt> },
    With { items: Vec<WithItem>, body: Vec<Stmt>, is_async: bool },
    Raise { exc: Option<Expr>, cause: Option<Expr> },
    Try { body: Vec<Stmt>, handlers: Vec<ExceptHandler>, orelse: Vec<Stmt>, finalbody: Vec<Stmt> },
    Assert { test: Expr, msg: Option<Expr> },
    Import(Vec<Alias>),
    ImportFrom { module: Option<String>, names: Vec<Alias>, level: u32 },
    Global(Vec<String>),
    Nonlocal(Vec<String>),
    Expr(Expr),
    Pass,
    Break,
    Continue,
    /// `match subject:` and its `case` clauses, in order.
    Match { subject: Expr, cases: Vec<MatchCase> },
    /// A statement numrs does not model (`type X = ...`, `try*`); the string names it.
    Unsupported(&'static str),
}

/// One `case pattern [if guard]: body` of a `match` statement; `span` is the `case` line
/// (from the keyword through the pattern and guard).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatchCase {
    pub span: Span,
    pub pattern: Pattern,
    pub guard: Option<Expr>,
    pub body: Vec<Stmt>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pattern {
    pub span: Span,
    pub kind: PatternKind,
}

impl Pattern {
    /// The names the pattern binds (captures and `as` names), in order.
    pub fn bound_names(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut stack = vec![self];
        while let Some(p) = stack.pop() {
            match &p.kind {
                PatternKind::Capture(Some(n)) => out.push(n.clone()),
                PatternKind::As(inner, n) => {
                    out.push(n.clone());
                    stack.push(inner);
                }
                PatternKind::Or(alts) => stack.extend(alts.iter().rev()),
                _ => {}
            }
        }
        out
    }

    /// Call `f` on the expressions of the pattern (its value patterns), without recursion
    /// deeper than one level of `as`/`|` nesting per pattern node.
    pub fn values(&self, f: &mut dyn FnMut(&Expr)) {
        let mut stack = vec![self];
        while let Some(p) = stack.pop() {
            match &p.kind {
                PatternKind::Value(e) => f(e),
                PatternKind::As(inner, _) => stack.push(inner),
                PatternKind::Or(alts) => stack.extend(alts.iter().rev()),
                PatternKind::Singleton(_) | PatternKind::Capture(_) | PatternKind::Structural(_) => {}
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PatternKind {
    /// A literal or a dotted name compared with `==` (`case 1:`, `case "a":`, `case
    /// Color.RED:`).
    Value(Expr),
    /// `None`, `True` or `False`, compared with `is`.
    Singleton(Constant),
    /// `case x:` binds the subject; `case _:` (no name) matches anything.
    Capture(Option<String>),
    /// `pattern as name`.
    As(Box<Pattern>, String),
    /// `p | q | ...`.
    Or(Vec<Pattern>),
    /// A sequence, mapping or class pattern: the bytecode instruction CPython compiles it to
    /// (`MATCH_SEQUENCE`, `MATCH_MAPPING`, `MATCH_CLASS`).
    Structural(&'static str),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FunctionDef {
    pub name: String,
    /// Span from the `def` keyword (after `async`, if any; never the decorators) through the
    /// end of the name. Its start is on the `def` line (used for the function's line).
    pub name_span: Span,
    pub params: Parameters,
    pub body: Vec<Stmt>,
    pub decorators: Vec<Expr>,
    pub returns: Option<Expr>,
    pub is_async: bool,
    /// Made from `name = decorator(lambda params: body)` at module level: the `def` of a
    /// function Python names `<lambda>`, bound to `name`, with `return body` as its body.
    pub is_lambda: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClassDef {
    pub name: String,
    pub bases: Vec<Expr>,
    pub body: Vec<Stmt>,
    pub decorators: Vec<Expr>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Parameters {
    pub posonly: Vec<Param>,
    pub args: Vec<Param>,
    pub vararg: Option<Param>,
    pub kwonly: Vec<Param>,
    pub kwarg: Option<Param>,
}

impl Parameters {
    /// Positional parameters in order (positional-only first).
    pub fn positional(&self) -> impl Iterator<Item = &Param> {
        self.posonly.iter().chain(self.args.iter())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Param {
    pub name: String,
    pub span: Span,
    pub annotation: Option<Expr>,
    pub default: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WithItem {
    pub context: Expr,
    pub target: Option<Expr>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ExceptHandler {
    pub span: Span,
    pub type_: Option<Expr>,
    pub name: Option<String>,
    pub body: Vec<Stmt>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Alias {
    pub name: String,
    pub asname: Option<String>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Expr {
    pub span: Span,
    pub kind: ExprKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExprKind {
    Name(String),
    Constant(Constant),
    Attribute { value: Box<Expr>, attr: String },
    Subscript { value: Box<Expr>, index: Box<Expr> },
    Slice { lower: Option<Box<Expr>>, upper: Option<Box<Expr>>, step: Option<Box<Expr>> },
    Call { func: Box<Expr>, args: Vec<Expr>, keywords: Vec<Keyword> },
    BinOp { left: Box<Expr>, op: BinOp, right: Box<Expr> },
    UnaryOp { op: UnaryOp, operand: Box<Expr> },
    BoolOp { op: BoolOp, values: Vec<Expr> },
    Compare { left: Box<Expr>, ops: Vec<CmpOp>, comparators: Vec<Expr> },
    IfExp { test: Box<Expr>, body: Box<Expr>, orelse: Box<Expr> },
    Tuple(Vec<Expr>),
    List(Vec<Expr>),
    Set(Vec<Expr>),
    /// `keys[i] == None` is a `**mapping` entry.
    Dict { keys: Vec<Option<Expr>>, values: Vec<Expr> },
    ListComp { elt: Box<Expr>, generators: Vec<Comprehension> },
    SetComp { elt: Box<Expr>, generators: Vec<Comprehension> },
    DictComp { key: Box<Expr>, value: Box<Expr>, generators: Vec<Comprehension> },
    GeneratorExp { elt: Box<Expr>, generators: Vec<Comprehension> },
    Lambda { params: Box<Parameters>, body: Box<Expr> },
    Starred(Box<Expr>),
    NamedExpr { target: Box<Expr>, value: Box<Expr> },
    Yield(Option<Box<Expr>>),
    YieldFrom(Box<Expr>),
    Await(Box<Expr>),
    /// An f-string: its literal pieces and formatted values, in order.
    JoinedStr(Vec<Expr>),
    /// `conversion`: `!s`, `!r` or `!a` (`'s'`, `'r'`, `'a'`), also the `!r` a self-documenting
    /// field (`f"{x=}"`) without a format spec implies.
    FormattedValue { value: Box<Expr>, format_spec: Option<Box<Expr>>, conversion: Option<char> },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Keyword {
    /// `None` for `**kwargs`.
    pub arg: Option<String>,
    pub value: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Comprehension {
    pub target: Expr,
    pub iter: Expr,
    pub ifs: Vec<Expr>,
    pub is_async: bool,
}

/// A literal constant. Floats are stored by bit pattern so the tree stays `Eq + Hash`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Constant {
    None,
    Bool(bool),
    /// An integer that fits in `i128`.
    Int(i128),
    /// An integer too large for `i128`, as decimal text.
    BigInt(String),
    Float(FloatBits),
    Complex { real: FloatBits, imag: FloatBits },
    Str(String),
    Bytes(Vec<u8>),
    Ellipsis,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FloatBits(pub u64);

impl FloatBits {
    pub fn new(value: f64) -> Self {
        FloatBits(value.to_bits())
    }
    pub fn get(self) -> f64 {
        f64::from_bits(self.0)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mult,
    MatMult,
    Div,
    Mod,
    Pow,
    LShift,
    RShift,
    BitOr,
    BitXor,
    BitAnd,
    FloorDiv,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Invert,
    Not,
    UAdd,
    USub,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoolOp {
    And,
    Or,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    NotEq,
    Lt,
    LtE,
    Gt,
    GtE,
    Is,
    IsNot,
    In,
    NotIn,
}
