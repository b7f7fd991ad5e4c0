//! Prints what numrs_hir finds in Python files: the jit functions with their kind,
//! signatures, options, errors and notes. `cargo run -p numrs_hir --example jit_report -- a.py`

use numrs_hir::{jit_functions, module_symbols};

fn main() {
    for path in std::env::args().skip(1) {
        let Ok(source) = std::fs::read_to_string(&path) else {
            eprintln!("{path}: cannot read");
            continue;
        };
        let parsed = numrs_syntax::parse_module(&source);
        let symbols = module_symbols(&parsed.module);
        for f in jit_functions(&parsed.module, &symbols, &[]) {
            let sigs: Vec<String> = f.signatures.iter().map(|s| s.to_string()).collect();
            println!("{path}: {} {:?} via {} sigs={sigs:?}", f.name, f.kind, f.decorator_path);
            for e in f.signature_errors.iter().chain(&f.errors) {
                println!("    error[{:?}]: {}", e.kind, e.message.lines().next().unwrap_or(""));
            }
            let o = &f.options;
            println!(
                "    options: fastmath={:?} parallel={:?} error_model={:?} nogil={:?} cache={:?} inline={:?} \
                 boundscheck={:?} nopython={:?} forceobj={:?} unknown={:?} locals={:?}",
                o.fastmath, o.parallel, o.error_model, o.nogil, o.cache, o.inline, o.boundscheck, o.nopython,
                o.forceobj, o.unknown_options,
                o.locals.iter().map(|(n, t)| format!("{n}: {}", match t { Ok(t) => t.to_string(), Err(e) => e.message.clone() })).collect::<Vec<_>>()
            );
            if let Some(layout) = &f.gufunc_layout {
                println!("    layout: {layout}");
            }
            if let Some(a) = &f.annotations {
                println!("    annotations: {a:?}");
            }
            for n in &f.notes {
                println!("    note: {}", n.lines().next().unwrap_or(""));
            }
        }
    }
}
