//! Where an edit's time goes: chunks, skeleton, module info, full check (release build recommended).
//!
//!     cargo run --release -p numrs_check --example edit_timing -- FILE.py

use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "bench_module.py".into());
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let mut db = numrs_check::CheckDatabase::new();
    let file = db.add_file(&path, text.as_bytes());
    let t = Instant::now();
    db.check_file(file);
    println!("first check: {:?}", t.elapsed());
    let at = text.len() / 2;
    let at = (at..text.len()).find(|i| text.as_bytes()[*i] == b'\n').unwrap_or(at);
    let rounds: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(3);
    for round in 0..rounds {
        let mut edited = text.clone();
        edited.insert(at, ' ');
        if round % 2 == 1 {
            edited = text.clone();
        }
        db.set_text(file, &edited);
        let t = Instant::now();
        let _ = numrs_db::chunks(&db, file);
        let chunks = t.elapsed();
        let _ = numrs_db::skeleton(&db, file);
        let skeleton = t.elapsed();
        let _ = numrs_check::queries::module_info(&db, file);
        let info = t.elapsed();
        let diagnostics = db.file_diagnostics(file);
        let check = t.elapsed();
        let kept = numrs_check::suppress::filter_suppressed(&edited, diagnostics.as_ref().clone()).kept.len();
        println!(
            "edit {round}: chunks {chunks:?}, +skeleton {skeleton:?}, +module_info {info:?}, +diagnostics {check:?}, +suppress {:?} ({kept})",
            t.elapsed()
        );
    }
}
