//! temporary experiment
use rustpython_parser::{parse, Mode, text_size::TextSize, parse_starts_at};

fn run(src: &str) {
    match parse(src, Mode::Module, "<x>") {
        Ok(m) => { let s = format!("{m:?}"); println!("OK {}", &s[..s.len().min(1500)]); }
        Err(e) => println!("ERR {:?} {}", e.error, e.offset.to_u32()),
    }
}

#[test]
fn scratch() {
    run("@dec\n@dec2\ndef  f(x):\n  return x\n");
    run("a\0b\n");
    run("\0");
    run("x = (1,\n");
    run("def f(:\n  pass\n");
    run("async def f(): pass\n");
    run("f'{x!r:>{w}}'");
    run("x = 99999999999999999999999999999999999999999999999999\n");
    run("b'ab\\x00'\n");
    match parse_starts_at("x = (1,\n", Mode::Module, "<x>", TextSize::from(100)) { Err(e) => println!("ERR@100 {:?} {}", e.error, e.offset.to_u32()), Ok(_) => {} }
    match parse_starts_at("x = $\n", Mode::Module, "<x>", TextSize::from(100)) { Err(e) => println!("ERR@100 {:?} {}", e.error, e.offset.to_u32()), Ok(_) => {} }
}

fn depth_test(n: usize, f: fn(usize) -> String) {
    let src = f(n);
    let h = std::thread::Builder::new().stack_size(1 << 30).spawn(move || {
        let t = std::time::Instant::now();
        let r = parse(&src, Mode::Module, "<x>");
        let ok = r.is_ok();
        let t1 = t.elapsed();
        drop(r);
        println!("n={n} ok={ok} parse {:?} total {:?}", t1, t.elapsed());
    }).unwrap();
    h.join().unwrap();
}

#[test]
fn stack_usage() {
    // measure stack via small stack threads
    for &(n, ss) in &[(1000usize, 1usize<<20), (10000, 8<<20), (10000, 2<<20)] {
        let src = "a+".repeat(n) + "a\n";
        let r = std::thread::Builder::new().stack_size(ss).spawn(move || { let r = parse(&src, Mode::Module, "<x>"); r.is_ok() }).unwrap().join();
        println!("chain n={n} stack={ss} -> {:?}", r);
    }
    depth_test(100000, |n| "a+".repeat(n) + "a\n");
    depth_test(100000, |n| "(".repeat(n) + "a" + &")".repeat(n) + "\n");
    depth_test(100000, |n| "-".repeat(n) + "a\n");
}
