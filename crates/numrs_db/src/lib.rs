//! The bottom of the numrs query stack: source files (salsa inputs), the parse query, and the
//! diagnostic model every later stage reports through.

pub mod diagnostic;

use std::sync::Arc;

pub use diagnostic::{Diagnostic, Label, Severity};
use numrs_syntax::{LineIndex, Parsed};

/// The base database trait; every stage's `Db` extends it.
#[salsa::db]
pub trait Db: salsa::Database {}

/// One Python source file. `text` is `None` when the file could not be decoded as UTF-8
/// (the reason is in `load_error`).
#[salsa::input(debug)]
pub struct SourceFile {
    #[returns(ref)]
    pub path: String,
    #[returns(ref)]
    pub text: Arc<str>,
    #[returns(ref)]
    pub load_error: Option<String>,
    /// The top-level statement ranges of `text`, when the tool that set the text computed them
    /// incrementally (`numrs_syntax::rechunk`); `None`: scan the text.
    #[default]
    #[returns(ref)]
    pub chunk_hint: Option<Arc<[(u32, u32)]>>,
}

/// Settings that change how files are checked (from the command line or `pyproject.toml`).
/// A singleton input: `Settings::try_get(db)` is `None` until a tool sets them.
#[salsa::input(singleton, debug)]
pub struct Settings {
    /// Dotted names of extra decorators treated like `numba.njit`.
    #[returns(ref)]
    pub extra_decorators: Vec<String>,
    /// Recorded specialisations (`--signatures FILE`).
    #[returns(ref)]
    pub recorded_signatures: Vec<RecordedSignature>,
    /// Whether the code runs where SciPy is installed: Numba's `np.dot`, `@` and `np.linalg`
    /// call BLAS and LAPACK through SciPy, and fail to compile (ImportError) without it.
    pub scipy: bool,
}

/// The files the tools know (checked files, and open documents in the server), by path, so
/// that `from .kernels import f` can be followed to another of the user's modules.
#[salsa::input(singleton, debug)]
pub struct FileSet {
    #[returns(ref)]
    pub files: std::collections::BTreeMap<String, SourceFile>,
}

/// Normalise a path for comparisons: forward slashes, no `.` parts, `..` folded.
pub fn normalize_path(p: &str) -> String {
    let p = p.replace('\\', "/");
    let absolute = p.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in p.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    let joined = parts.join("/");
    if absolute {
        format!("/{joined}")
    } else {
        joined
    }
}

/// The file a module import refers to, seen from `from`: `.kernels` (relative to `from`'s
/// package), `..pkg.mod`, or an absolute `pkg.mod` (matched against the known files' paths).
#[salsa::tracked(returns(copy))]
pub fn resolve_module_file<'db>(db: &'db dyn Db, from: SourceFile, module: ModuleName<'db>) -> Option<SourceFile> {
    let files = FileSet::try_get(db)?;
    let files = files.files(db);
    let module = module.name(db);
    let dots = module.chars().take_while(|c| *c == '.').count();
    let rest = module[dots..].replace('.', "/");
    let candidates: Vec<String> = if dots > 0 {
        let from_path = normalize_path(from.path(db));
        let mut dir: Vec<&str> = from_path.split('/').collect();
        dir.pop();
        for _ in 1..dots {
            dir.pop();
        }
        let base = dir.join("/");
        let join = |tail: &str| if base.is_empty() { tail.to_string() } else { format!("{base}/{tail}") };
        vec![join(&format!("{rest}.py")), join(&format!("{rest}/__init__.py"))]
    } else {
        vec![format!("{rest}.py"), format!("{rest}/__init__.py")]
    };
    for c in &candidates {
        if let Some(f) = files.get(c) {
            return Some(*f);
        }
    }
    if dots == 0 {
        // Absolute imports: any known file whose path ends with the module's path.
        for c in &candidates {
            let suffix = format!("/{c}");
            if let Some((_, f)) = files.iter().find(|(p, _)| p.ends_with(&suffix)) {
                return Some(*f);
            }
        }
    }
    None
}

/// A dotted module name as written in an import (interned for the query key).
#[salsa::interned(debug)]
pub struct ModuleName {
    #[returns(ref)]
    pub name: String,
}

/// One line of a recorded-signatures file: a function (by file and qualified name) and the
/// argument types of one specialisation, as Numba prints them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordedSignature {
    pub file: String,
    pub qualname: String,
    pub args: Vec<String>,
}

/// The extra decorators in effect.
pub fn extra_decorators(db: &dyn Db) -> Vec<String> {
    Settings::try_get(db).map(|s| s.extra_decorators(db).clone()).unwrap_or_default()
}

/// Parse a file. Not compared for equality (every edit changes spans); the narrower queries
/// built on it are the firewalls.
#[salsa::tracked(returns(ref), no_eq)]
pub fn parse(db: &dyn Db, file: SourceFile) -> Arc<Parsed> {
    // Top-level statements are parsed one by one, each cached by its text: an edit reparses
    // only the statement it touched, and the rest are moved to their new offsets.
    let mut out = Parsed::default();
    for (start, chunk) in chunks(db, file).iter() {
        let parsed = parse_chunk(db, *chunk);
        for stmt in &parsed.module.body {
            let mut stmt = stmt.clone();
            numrs_syntax::shift::shift_stmt(&mut stmt, *start);
            out.module.body.push(stmt);
        }
        for e in &parsed.errors {
            out.errors.push(numrs_syntax::SyntaxError { message: e.message.clone(), span: e.span.offset_by(*start) });
        }
    }
    Arc::new(out)
}

/// The top-level statements overlapping `[start, end]`, placed at their file offsets: for IDE
/// features that look at a few functions, without assembling the whole file's AST.
pub fn statements_in(db: &dyn Db, file: SourceFile, start: u32, end: u32) -> Vec<numrs_syntax::ast::Stmt> {
    let chunks = chunks(db, file);
    let first = chunks.partition_point(|(s, _)| *s <= start).saturating_sub(1);
    let mut out = Vec::new();
    for (i, (chunk_start, chunk)) in chunks.iter().enumerate().skip(first) {
        if *chunk_start > end {
            break;
        }
        let chunk_end = chunks.get(i + 1).map_or(u32::MAX, |(s, _)| *s);
        if chunk_end < start {
            continue;
        }
        for stmt in &parse_chunk(db, *chunk).module.body {
            let mut stmt = stmt.clone();
            numrs_syntax::shift::shift_stmt(&mut stmt, *chunk_start);
            out.push(stmt);
        }
    }
    out
}

/// A file's top-level statements: (offset, interned text), in order.
#[salsa::tracked(returns(ref), no_eq)]
pub fn chunks(db: &dyn Db, file: SourceFile) -> Arc<Vec<(u32, Chunk<'_>)>> {
    let text = file.text(db);
    let covers = |c: &[(u32, u32)]| {
        c.first().is_some_and(|f| f.0 == 0) && c.last().is_some_and(|l| l.1 as usize == text.len()) && c.windows(2).all(|w| w[0].1 == w[1].0)
    };
    let bounds = match file.chunk_hint(db) {
        Some(hint) if covers(hint) => hint.to_vec(),
        _ => numrs_syntax::top_level_chunks(text),
    };
    Arc::new(
        bounds
            .into_iter()
            .filter_map(|(start, end)| Some((start, Chunk::new(db, text.get(start as usize..end as usize)?))))
            .collect(),
    )
}

/// The chunk holding byte `offset` of a file, and the chunk's start.
pub fn chunk_at(db: &dyn Db, file: SourceFile, offset: u32) -> Option<(u32, Chunk<'_>)> {
    let chunks = chunks(db, file);
    let i = chunks.partition_point(|(start, _)| *start <= offset).checked_sub(1)?;
    chunks.get(i).copied()
}

/// The text of one top-level statement (with its decorators and leading comments).
#[salsa::interned(debug)]
pub struct Chunk {
    #[returns(ref)]
    pub text: String,
}

/// Parse one top-level statement; spans are relative to the statement's start.
#[salsa::tracked(returns(ref))]
pub fn parse_chunk(db: &dyn Db, chunk: Chunk<'_>) -> Arc<Parsed> {
    Arc::new(numrs_syntax::parse_module(chunk.text(db)))
}

/// A file's module-level view: its top-level statements with function and class bodies left out
/// ([`numrs_syntax::skeleton`]), each top-level statement placed at a *module position*.
///
/// Module positions keep the order of the file but not its byte offsets: top-level statement
/// `i` starts at `i * stride`, so an edit inside one function's body leaves every module
/// position (and so this value) unchanged, and the module-level analyses built on it are not
/// re-run. [`positions`] maps module positions to file offsets and back. When the file is too
/// large for that scheme (`stride == 0`), module positions are file offsets.
#[derive(Debug, PartialEq, Eq)]
pub struct Skeleton {
    pub module: numrs_syntax::ast::Module,
    pub stride: u32,
}

#[salsa::tracked(returns(ref))]
pub fn skeleton(db: &dyn Db, file: SourceFile) -> Arc<Skeleton> {
    let chunks = chunks(db, file);
    let stride = module_stride(chunks.iter().map(|(_, c)| c.text(db).len()), chunks.len());
    let mut module = numrs_syntax::ast::Module::default();
    for (i, (start, chunk)) in chunks.iter().enumerate() {
        let base = if stride == 0 { *start } else { i as u32 * stride };
        for stmt in chunk_skeleton(db, *chunk).iter() {
            let mut stmt = stmt.clone();
            numrs_syntax::shift::shift_stmt(&mut stmt, base);
            // `try: import numba` / `except ImportError: ...` / `else: f = numba.jit(...)(f)`
            // (optional numba): with numba installed, as Numba runs the module, the body and
            // the `else` clause run and the handlers do not; they are seen as top-level
            // statements.
            match optional_numba_try(&stmt) {
                Some(run) => module.body.extend(run),
                None => module.body.push(stmt),
            }
        }
    }
    Arc::new(Skeleton { module, stride })
}

/// The statements a module-level `try` runs when its body imports numba (and nothing else that
/// could fail to import: only numba's modules, besides definitions and assignments) and its
/// handlers catch only `ImportError`/`ModuleNotFoundError`: its body, then its `else` clause.
/// `None` for any other statement.
fn optional_numba_try(stmt: &numrs_syntax::ast::Stmt) -> Option<Vec<numrs_syntax::ast::Stmt>> {
    use numrs_syntax::ast::{ExprKind, StmtKind};
    let StmtKind::Try { body, handlers, orelse, finalbody } = &stmt.kind else { return None };
    if !finalbody.is_empty() || handlers.is_empty() || body.is_empty() {
        return None;
    }
    let numba = |m: &str| m == "numba" || m.starts_with("numba.");
    // Whether an import statement imports only numba's modules (`None`: not an import).
    let numba_import = |s: &numrs_syntax::ast::Stmt| match &s.kind {
        StmtKind::Import(names) => Some(names.iter().all(|a| numba(&a.name))),
        StmtKind::ImportFrom { module: Some(m), level: 0, .. } => Some(numba(m)),
        StmtKind::ImportFrom { .. } => Some(false),
        _ => None,
    };
    let cannot_fail_otherwise = body.iter().all(|s| match numba_import(s) {
        Some(only_numba) => only_numba,
        None => matches!(s.kind, StmtKind::FunctionDef(_) | StmtKind::ClassDef(_) | StmtKind::Assign { .. } | StmtKind::AnnAssign { .. } | StmtKind::Pass),
    });
    let imports_numba = body.iter().any(|s| numba_import(s) == Some(true));
    let import_error = |e: &numrs_syntax::ast::Expr| matches!(&e.kind, ExprKind::Name(n) if n == "ImportError" || n == "ModuleNotFoundError");
    let handlers_ok = handlers.iter().all(|h| match &h.type_ {
        Some(t) => import_error(t) || matches!(&t.kind, ExprKind::Tuple(items) if items.iter().all(import_error)),
        None => false,
    });
    (cannot_fail_otherwise && imports_numba && handlers_ok).then(|| body.iter().chain(orelse).cloned().collect())
}

/// The distance between consecutive top-level statements in module positions: a power of two
/// larger than every statement (at least 64 KiB, so typing rarely changes it), or 0 when the
/// file has too many statements for that to fit in 32 bits.
fn module_stride(lengths: impl Iterator<Item = usize>, count: usize) -> u32 {
    let longest = lengths.max().unwrap_or(0) as u64;
    let stride = (longest + 1).next_power_of_two().max(1 << 16);
    if stride * (count as u64 + 1) >= u64::from(u32::MAX) / 2 {
        0
    } else {
        stride as u32
    }
}

/// One top-level statement's skeleton, relative to its start.
#[salsa::tracked(returns(ref))]
fn chunk_skeleton(db: &dyn Db, chunk: Chunk<'_>) -> Arc<Vec<numrs_syntax::ast::Stmt>> {
    Arc::new(numrs_syntax::skeleton::skeleton(&parse_chunk(db, chunk).module.body))
}

/// Maps between module positions (see [`Skeleton`]) and file offsets. Changes on every edit;
/// only the final placement of results reads it.
#[derive(Debug)]
pub struct Positions {
    starts: Vec<u32>,
    stride: u32,
}

impl Positions {
    /// The file offset of a module position.
    pub fn to_file(&self, module_offset: u32) -> u32 {
        if self.stride == 0 {
            return module_offset;
        }
        let index = (module_offset / self.stride) as usize;
        self.starts.get(index).map_or(module_offset, |start| start + module_offset % self.stride)
    }
    /// The module position of a file offset.
    pub fn to_module(&self, file_offset: u32) -> u32 {
        if self.stride == 0 {
            return file_offset;
        }
        let Some(index) = self.starts.partition_point(|s| *s <= file_offset).checked_sub(1) else { return file_offset };
        index as u32 * self.stride + (file_offset - self.starts[index])
    }
    pub fn span_to_file(&self, span: numrs_syntax::ast::Span) -> numrs_syntax::ast::Span {
        numrs_syntax::ast::Span::new(self.to_file(span.start), self.to_file(span.end))
    }
}

#[salsa::tracked(returns(ref), no_eq)]
pub fn positions(db: &dyn Db, file: SourceFile) -> Arc<Positions> {
    let stride = skeleton(db, file).stride;
    Arc::new(Positions { starts: chunks(db, file).iter().map(|(s, _)| *s).collect(), stride })
}

/// The top-level statement holding module position `module_offset`, and the position's offset
/// within it. Reads only that statement's `TopLevel::chunk` field, so an edit of another
/// statement does not make the reader's result stale.
pub fn module_chunk<'db>(db: &'db dyn Db, file: SourceFile, module_offset: u32) -> Option<(Chunk<'db>, u32)> {
    let stride = skeleton(db, file).stride;
    if stride == 0 {
        let (start, chunk) = chunk_at(db, file, module_offset)?;
        return Some((chunk, module_offset - start));
    }
    let top = *top_levels(db, file).get((module_offset / stride) as usize)?;
    Some((top.chunk(db), module_offset % stride))
}

/// The `index`-th top-level statement of a file. Its identity is (file, index); its text is a
/// tracked field, so readers depend on that statement's text only.
#[salsa::tracked(debug)]
pub struct TopLevel<'db> {
    #[returns(copy)]
    pub file: SourceFile,
    #[returns(copy)]
    pub index: u32,
    #[tracked]
    #[returns(copy)]
    pub chunk: Chunk<'db>,
}

/// A file's top-level statements as tracked structs (equal across edits that keep their count).
#[salsa::tracked(returns(ref))]
pub fn top_levels(db: &dyn Db, file: SourceFile) -> Vec<TopLevel<'_>> {
    chunks(db, file).iter().enumerate().map(|(i, (_, chunk))| TopLevel::new(db, file, i as u32, *chunk)).collect()
}

#[salsa::tracked(returns(ref), no_eq)]
pub fn line_index(db: &dyn Db, file: SourceFile) -> Arc<LineIndex> {
    Arc::new(LineIndex::new(file.text(db)))
}

/// Decode file bytes as Python source: UTF-8 (with or without BOM). Anything else is an error
/// with a clear reason, and the file is skipped.
pub fn decode_source(bytes: &[u8]) -> Result<String, String> {
    let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    if bytes.contains(&0) {
        return Err("file contains NUL bytes; it looks like a binary file, not Python source".into());
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(s.to_string()),
        Err(e) => Err(format!(
            "file is not valid UTF-8 (invalid byte at offset {}); numrs reads Python source as UTF-8",
            e.valid_up_to()
        )),
    }
}
