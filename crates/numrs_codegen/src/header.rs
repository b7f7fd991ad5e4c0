//! The C header of a built module: the types of the C entry points and their declarations.

use numrs_types::{NumericKind, Type};

use crate::module::c_by_value;
use crate::types::{is_phantom, numeric};
use crate::SpecInput;

const PRELUDE: &str = r#"#include <stdint.h>

/* The exception a call reports when it returns 1 (numrs_abi::ExcInfo). `msg` is UTF-8, not
   NUL-terminated; `kind` indexes numrs_abi::ExcKind (0 Exception, 1 IndexError,
   2 ZeroDivisionError, 3 ValueError, 4 TypeError, 5 KeyError, 6 AssertionError, ...). A
   message starting with "\0args:" holds the exception's arguments as a Python literal tuple. */
typedef struct {
    uint32_t kind;
    const uint8_t *msg;
    uint64_t msg_len;
    uint32_t msg_owned;
} numrs_excinfo;

typedef struct { float re, im; } numrs_complex64;
typedef struct { double re, im; } numrs_complex128;

/* A record (an item of a NumPy structured array): the address of its bytes. */
typedef void *numrs_record;
"#;

struct Names {
    tuples: Vec<(Type, String)>,
    arrays: Vec<u32>,
    defs: String,
}

impl Names {
    fn c_type(&mut self, t: &Type) -> Option<String> {
        if let Some(k) = numeric(t) {
            return Some(
                match k {
                    NumericKind::Boolean => "uint8_t",
                    NumericKind::Int8 => "int8_t",
                    NumericKind::Int16 => "int16_t",
                    NumericKind::Int32 => "int32_t",
                    NumericKind::Int64 => "int64_t",
                    NumericKind::UInt8 => "uint8_t",
                    NumericKind::UInt16 => "uint16_t",
                    NumericKind::UInt32 => "uint32_t",
                    NumericKind::UInt64 => "uint64_t",
                    NumericKind::Float32 => "float",
                    NumericKind::Float64 => "double",
                    NumericKind::Complex64 => "numrs_complex64",
                    NumericKind::Complex128 => "numrs_complex128",
                }
                .to_string(),
            );
        }
        match t {
            Type::NoneType => Some("void".into()),
            Type::CPointer(inner) => {
                let ct = self.c_type(inner)?;
                (ct != "void").then(|| format!("{ct} *"))
            }
            Type::VoidPtr | Type::ArrayCTypes(_) => Some("void *".into()),
            Type::Record(_) => Some("numrs_record".into()),
            Type::Array(a) => {
                if !self.arrays.contains(&a.ndim) {
                    self.arrays.push(a.ndim);
                    let n = a.ndim;
                    self.defs.push_str(&format!(
                        "/* Numba's array model for {n}-dimensional arrays. */\ntypedef struct {{\n    void *meminfo;\n    void *parent;\n    int64_t nitems;\n    int64_t itemsize;\n    void *data;\n    int64_t shape[{n}];\n    int64_t strides[{n}];\n}} numrs_array_{n}d;\n\n"
                    ));
                }
                Some(format!("numrs_array_{}d", a.ndim))
            }
            Type::Optional(inner) => {
                if let Some((_, n)) = self.tuples.iter().find(|(k, _)| k == t) {
                    return Some(n.clone());
                }
                let ct = self.c_type(inner)?;
                if ct == "void" {
                    return None;
                }
                let name = format!("numrs_optional_{}", self.tuples.len());
                self.defs.push_str(&format!("/* {t}: valid 0 is None */\ntypedef struct {{\n    {ct} data;\n    uint8_t valid;\n}} {name};\n\n"));
                self.tuples.push((t.clone(), name.clone()));
                Some(name)
            }
            _ => {
                let items = t.tuple_items()?;
                if let Some((_, n)) = self.tuples.iter().find(|(k, _)| k == t) {
                    return Some(n.clone());
                }
                let mut fields = String::new();
                for (i, it) in items.iter().enumerate() {
                    let ct = self.c_type(it)?;
                    fields.push_str(&format!("    {ct} f{i};\n"));
                }
                let name = format!("numrs_tuple_{}", self.tuples.len());
                self.defs.push_str(&format!("/* {t} */\ntypedef struct {{\n{fields}}} {name};\n\n"));
                self.tuples.push((t.clone(), name.clone()));
                Some(name)
            }
        }
    }
}

/// The header for a module: one declaration per built specialization (`(spec, C symbol)`).
pub fn c_header(module_name: &str, built: &[(&SpecInput<'_>, &str)]) -> String {
    let mut names = Names { tuples: vec![], arrays: vec![], defs: String::new() };
    let mut decls = String::new();
    for (s, sym) in built {
        // No C entry point (generators, functions called only from compiled code).
        if sym.is_empty() {
            continue;
        }
        let mut params = Vec::new();
        let mut ok = true;
        for (i, t) in s.args.iter().enumerate() {
            // An enum member is passed as its value.
            let t = &crate::types::enum_values(t);
            if is_phantom(t) {
                continue;
            }
            let Some(ct) = names.c_type(t) else {
                ok = false;
                break;
            };
            let pname = s.ir.arg_names.get(i).cloned().unwrap_or_else(|| format!("arg{i}"));
            if c_by_value(t) {
                let gap = if ct.ends_with('*') { "" } else { " " };
                params.push(format!("{ct}{gap}{pname}"));
            } else {
                params.push(format!("const {ct} *{pname}"));
            }
        }
        let Some(rt) = names.c_type(&crate::types::enum_values(&s.return_type)) else { continue };
        if !ok {
            continue;
        }
        let by_value = params.clone();
        params.push(format!("{rt} *out"));
        params.push("numrs_excinfo *exc".into());
        let shown = s.args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
        decls.push_str(&format!(
            "/* {}({shown}) -> {} */\nint32_t {sym}({});\n\n",
            s.function,
            s.return_type,
            params.join(", ")
        ));
        // A `@cfunc`'s C callback: its signature in C (what `CFunc.address` points to).
        if s.cfunc && crate::c_callback_types(&s.args, &s.return_type) {
            let params = if by_value.is_empty() { "void".to_string() } else { by_value.join(", ") };
            decls.push_str(&format!(
                "/* the C callback of @cfunc {}: 0 where it raises */\n{rt} {}({params});\n\n",
                s.function,
                crate::cfunc_symbol(module_name, &s.function),
            ));
        }
    }
    let guard = format!("NUMRS_{}_H", module_name.to_ascii_uppercase());
    format!(
        "/* C entry points of the numrs-built module `{module_name}`. Each returns 0 on success\n   (result stored at `out`) or 1 with `exc` describing the Python exception. */\n#ifndef {guard}\n#define {guard}\n\n{PRELUDE}\n{}{}#endif\n",
        names.defs, decls
    )
}
