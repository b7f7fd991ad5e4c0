//! Lowering one specialization on its own, so that its result can be reused.
//!
//! Each specialization is lowered into a module of its own (its internal function, with the
//! functions it calls declared), which is then linked into the Python module's LLVM module.
//! What lowering produced (the bitcode of that module, which specializations it calls,
//! whether it raises, or why it cannot be built) is an *entry* that a [`LoweredCache`] may
//! keep under a key the caller derives from everything the lowering reads: the
//! specialization's typed IR and options, and the signatures of every specialization of the
//! module (calls resolve among them, and function names carry their numbering). A rebuild
//! after editing one function then lowers only the specializations whose key changed;
//! optimization and code generation still run over the whole linked module, so that calls
//! between jit functions are inlined as before.

use numrs_syntax::ast::Span;

use crate::func::CgError;

/// Where lowered specializations are kept between builds.
pub trait LoweredCache {
    fn load(&self, key: &str) -> Option<Vec<u8>>;
    fn store(&self, key: &str, entry: &[u8]);
}

/// Keeps nothing.
pub struct NoCache;

impl LoweredCache for NoCache {
    fn load(&self, _key: &str) -> Option<Vec<u8>> {
        None
    }
    fn store(&self, _key: &str, _entry: &[u8]) {}
}

/// Bumped when the entry format (or anything lowering emits) changes incompatibly.
const FORMAT: &[u8] = b"numrs-lowered 1";

/// What lowering one specialization produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Indices of the specializations it calls.
    pub called: Vec<usize>,
    /// Whether it raises on some path itself.
    pub raises: bool,
    /// The bitcode of its module, or why it cannot be built.
    pub result: Result<Vec<u8>, CgError>,
}

pub fn encode(e: &Entry) -> Vec<u8> {
    let mut out = Vec::new();
    put(&mut out, FORMAT);
    out.extend_from_slice(&(e.called.len() as u64).to_le_bytes());
    for c in &e.called {
        out.extend_from_slice(&(*c as u64).to_le_bytes());
    }
    out.push(e.raises as u8);
    match &e.result {
        Ok(bitcode) => {
            out.push(0);
            put(&mut out, bitcode);
        }
        Err(err) => {
            out.push(1);
            match err.span {
                Some(s) => {
                    out.push(1);
                    out.extend_from_slice(&s.start.to_le_bytes());
                    out.extend_from_slice(&s.end.to_le_bytes());
                }
                None => out.push(0),
            }
            put(&mut out, err.message.as_bytes());
        }
    }
    out
}

/// `None` for anything that is not a whole entry of this format.
pub fn decode(bytes: &[u8]) -> Option<Entry> {
    let mut r = Reader(bytes);
    if r.bytes()? != FORMAT {
        return None;
    }
    let n = usize::try_from(r.u64()?).ok()?;
    let mut called = Vec::with_capacity(n.min(1 << 16));
    for _ in 0..n {
        called.push(usize::try_from(r.u64()?).ok()?);
    }
    let raises = match r.u8()? {
        0 => false,
        1 => true,
        _ => return None,
    };
    let result = match r.u8()? {
        0 => Ok(r.bytes()?.to_vec()),
        1 => {
            let span = match r.u8()? {
                0 => None,
                1 => Some(Span::new(r.u32()?, r.u32()?)),
                _ => return None,
            };
            Err(CgError { span, message: String::from_utf8(r.bytes()?.to_vec()).ok()? })
        }
        _ => return None,
    };
    r.0.is_empty().then_some(Entry { called, raises, result })
}

fn put(out: &mut Vec<u8>, bytes: &[u8]) {
    out.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
    out.extend_from_slice(bytes);
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
}
