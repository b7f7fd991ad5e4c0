//! The build cache: compiled modules by the content of what they were compiled from.
//!
//! The key hashes every specialization's typed IR (IR, types of every variable, signature,
//! parameters), the specializations planned for the file (calls resolve among them), the
//! options, the target (triple, CPU, features) and the numrs build itself. Equal keys mean
//! equal code generator inputs, so the stored object, LLVM IR and per-specialization outcomes
//! are reused without running LLVM. Entries live in `$NUMRS_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/numrs`, else `~/.cache/numrs`; `NUMRS_CACHE_DIR=` (empty) turns it off.
//! A damaged entry is ignored and replaced.
//!
//! When the module's key misses, each specialization's lowering is looked up on its own
//! (`<key>.lowered`, see `numrs_codegen::lowered`): its key hashes its own typed IR and options
//! and the signatures of all of the module's specializations, so editing one function's body
//! lowers that function again and reuses the others.

use std::hash::{Hash, Hasher};
use std::path::PathBuf;

use numrs_codegen::{CgError, Output, SpecOutcome};

/// Bumped when the entry format changes.
const FORMAT: &str = "numrs-build-cache 1";

pub(crate) fn directory() -> Option<PathBuf> {
    match std::env::var_os("NUMRS_CACHE_DIR") {
        Some(d) if d.is_empty() => None,
        Some(d) => Some(PathBuf::from(d)),
        None => {
            let base = std::env::var_os("XDG_CACHE_HOME")
                .filter(|d| !d.is_empty())
                .map(PathBuf::from)
                .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
            Some(base.join("numrs"))
        }
    }
}

/// An identity of the running numrs build: its version and executable (size and mtime), so
/// that a rebuilt numrs does not reuse objects an older code generator produced.
fn tool_identity() -> String {
    let exe = std::env::current_exe()
        .ok()
        .and_then(|p| std::fs::metadata(p).ok())
        .map(|m| format!("{} {:?}", m.len(), m.modified().ok()))
        .unwrap_or_default();
    format!("{FORMAT} {} {exe}", env!("CARGO_PKG_VERSION"))
}

/// The cache key of compiling `value` (everything codegen reads, hashed).
pub fn key(value: &impl Hash) -> String {
    let mut a = std::collections::hash_map::DefaultHasher::new();
    let mut b = std::collections::hash_map::DefaultHasher::new();
    (tool_identity(), numrs_codegen::target_identity(), 0u8).hash(&mut a);
    value.hash(&mut a);
    (tool_identity(), numrs_codegen::target_identity(), 1u8).hash(&mut b);
    value.hash(&mut b);
    format!("{:016x}{:016x}", a.finish(), b.finish())
}

/// Lowered specializations (`numrs_codegen::lowered`), next to the modules.
pub(crate) struct Lowered;

impl numrs_codegen::LoweredCache for Lowered {
    fn load(&self, key: &str) -> Option<Vec<u8>> {
        std::fs::read(directory()?.join(format!("{key}.lowered"))).ok()
    }
    fn store(&self, key: &str, entry: &[u8]) {
        write_entry(&format!("{key}.lowered"), entry);
    }
}

pub(crate) fn load(key: &str) -> Option<Output> {
    let bytes = std::fs::read(directory()?.join(format!("{key}.entry"))).ok()?;
    decode(&bytes)
}

pub(crate) fn store(key: &str, output: &Output) {
    write_entry(&format!("{key}.entry"), &encode(output));
}

fn write_entry(name: &str, bytes: &[u8]) {
    let Some(dir) = directory() else { return };
    if std::fs::create_dir_all(&dir).is_err() {
        return;
    }
    // Write then rename, so a concurrent reader never sees half an entry.
    let tmp = dir.join(format!("{name}.{}.tmp", std::process::id()));
    if std::fs::write(&tmp, bytes).is_ok() {
        let _ = std::fs::rename(&tmp, dir.join(name));
    }
    let _ = std::fs::remove_file(&tmp);
}

fn put(out: &mut Vec<u8>, bytes: &[u8]) {
    out.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
    out.extend_from_slice(bytes);
}

pub fn encode(o: &Output) -> Vec<u8> {
    let mut out = Vec::new();
    put(&mut out, FORMAT.as_bytes());
    put(&mut out, o.llvm_ir.as_bytes());
    match &o.asm {
        Some(a) => {
            out.push(1);
            put(&mut out, a.as_bytes());
        }
        None => out.push(0),
    }
    put(&mut out, &o.object);
    out.extend_from_slice(&(o.specs.len() as u64).to_le_bytes());
    for s in &o.specs {
        match s {
            SpecOutcome::Built { c_symbol } => {
                out.push(0);
                put(&mut out, c_symbol.as_bytes());
            }
            SpecOutcome::Failed(e) => {
                out.push(1);
                match e.span {
                    Some(span) => {
                        out.push(1);
                        out.extend_from_slice(&span.start.to_le_bytes());
                        out.extend_from_slice(&span.end.to_le_bytes());
                    }
                    None => out.push(0),
                }
                put(&mut out, e.message.as_bytes());
            }
        }
    }
    out
}

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.0.len() < n {
            return None;
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Some(head)
    }
    fn u8(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
    fn bytes(&mut self) -> Option<&'a [u8]> {
        let n = usize::try_from(self.u64()?).ok()?;
        self.take(n)
    }
    fn string(&mut self) -> Option<String> {
        String::from_utf8(self.bytes()?.to_vec()).ok()
    }
}

pub fn decode(bytes: &[u8]) -> Option<Output> {
    let mut r = Reader(bytes);
    if r.bytes()? != FORMAT.as_bytes() {
        return None;
    }
    let llvm_ir = r.string()?;
    let asm = match r.u8()? {
        0 => None,
        1 => Some(r.string()?),
        _ => return None,
    };
    let object = r.bytes()?.to_vec();
    let n = usize::try_from(r.u64()?).ok()?;
    let mut specs = Vec::with_capacity(n.min(1 << 16));
    for _ in 0..n {
        specs.push(match r.u8()? {
            0 => SpecOutcome::Built { c_symbol: r.string()? },
            1 => {
                let span = match r.u8()? {
                    0 => None,
                    1 => Some(numrs_syntax::ast::Span::new(r.u32()?, r.u32()?)),
                    _ => return None,
                };
                SpecOutcome::Failed(CgError { span, message: r.string()? })
            }
            _ => return None,
        });
    }
    let lowered = vec![false; specs.len()];
    r.0.is_empty().then_some(Output { llvm_ir, asm, object, specs, lowered })
}
