//! The `numrs` binary: `numrs check [PATH...]` types every jit function as Numba 0.68.1 would
//! and reports the problems; `numrs dump ir` is reserved for compiler dumps.
//!
//! Exit status: 0 when no error-severity diagnostic remains (after `# numrs: ignore`
//! suppressions), 1 when some does, 2 on a usage, configuration or I/O problem (a missing
//! path, an unreadable file, a bad `--signatures` file). A missing path does not stop the
//! other paths from being checked; the status is 2 at the end.

use std::collections::HashSet;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use numrs_check::CheckDatabase;
use numrs_cli::args::{self, Arguments, Opt, Parsed, Spec};
use numrs_cli::inputs::{io_error_text, InputFile, PathFilter};
use numrs_cli::render::{CheckedFile, Summary};
use numrs_cli::suppress::filter_suppressed;
use numrs_cli::{build, config, emit_types, inputs, render, signatures};
use numrs_cli::{EXIT_ERRORS_FOUND, EXIT_USAGE_OR_IO};

const fn opt(long: &'static str, value: Option<&'static str>, help: &'static str) -> Opt {
    Opt { long, short: None, value, choices: &[], required: false, help }
}

const SIGNATURES_HELP: &str = "Recorded call signatures (JSON lines) to type functions without explicit signatures. \
     Overrides `signatures` in `[tool.numrs]`";

const NO_SCIPY_HELP: &str = "Type for an environment without SciPy, where Numba's `np.dot`, `@` and `np.linalg` \
     fail with ImportError (by default SciPy is taken to be installed). Overrides `scipy` in `[tool.numrs]`";

const CHECK: Spec = Spec {
    name: "check",
    about: "Type-check every jit function in the given files and directories.",
    options: &[
        Opt {
            long: "format",
            short: None,
            value: Some("FORMAT"),
            choices: &["text", "json", "github", "sarif"],
            required: false,
            help: "Output format: text (diagnostics with source snippets, the default), json (one JSON document), \
                   github (GitHub Actions annotations) or sarif (SARIF 2.1.0)",
        },
        opt("emit-types", Some("DIR"), "Write the inferred types of every checked file as `numrs-types/1` JSON below DIR"),
        opt("signatures", Some("FILE"), SIGNATURES_HELP),
        opt(
            "extra-decorator",
            Some("NAME"),
            "Also treat NAME (e.g. `mylib.jit`) as a jit decorator. Repeatable; overrides `extra-decorators` in `[tool.numrs]`",
        ),
        opt(
            "no-color",
            None,
            "Never color the text output (color is also off when stdout is not a terminal or NO_COLOR is set)",
        ),
        Opt { long: "quiet", short: Some('q'), value: None, choices: &[], required: false, help: "Print diagnostics only: no summary line" },
        opt("no-scipy", None, NO_SCIPY_HELP),
    ],
    positional: Some("PATH"),
    positional_help: "Files and directories to check (directories are searched for `*.py`, respecting `.gitignore`). \
                      Defaults to the current directory",
    positionals: (0, usize::MAX),
    subcommands: &[],
};

const fn dump(name: &'static str, about: &'static str) -> Spec {
    Spec {
        name,
        about,
        options: &[],
        positional: Some("FILE::FUNCTION"),
        positional_help: "The function, as `FILE::function`",
        positionals: (1, 1),
        subcommands: &[],
    }
}

const NUMRS: Spec = Spec {
    name: "numrs",
    about: "A static type checker for Numba-jitted Python: types every jit function as Numba 0.68.1 would.",
    options: &[],
    positional: None,
    positional_help: "",
    positionals: (0, 0),
    subcommands: &[
        CHECK,
        Spec {
            name: "dump",
            about: "Print compiler internals.",
            options: &[],
            positional: None,
            positional_help: "",
            positionals: (0, 0),
            subcommands: &[
                dump("ir", "The Numba-shaped IR of one function (CFG, SSA, phi nodes)."),
                dump("llvm", "The optimized LLVM IR of one function's specializations."),
                dump("asm", "The host assembly of one function's specializations."),
                dump("ptx", "The PTX of one @cuda.jit kernel's specializations."),
            ],
        },
        Spec {
            name: "build",
            about: "Compile every jit function's typed specializations to `DIR/<module>.abi3.so` (a CPython extension \
                    using the numrs runtime) and `DIR/<module>.h` (C entry points); `@cuda.jit` kernels to \
                    `DIR/<module>.ptx`, with their entry points in `DIR/<module>.kernels.json`.",
            options: &[
                Opt { long: "out-dir", short: Some('o'), value: Some("DIR"), choices: &[], required: true, help: "Output directory" },
                opt("signatures", Some("FILE"), "Recorded call signatures (JSON lines), as for `check`"),
                opt("no-scipy", None, "Build for an environment without SciPy, as for `check`"),
            ],
            positional: Some("PATH"),
            positional_help: "Files and directories to build",
            positionals: (1, usize::MAX),
            subcommands: &[],
        },
        Spec {
            name: "server",
            about: "Run the language server (LSP over stdin/stdout).",
            options: &[opt("stdio", None, "Accepted for clients that name the transport; stdio is the only one")],
            positional: None,
            positional_help: "",
            positionals: (0, 0),
            subcommands: &[],
        },
    ],
};

/// `check`'s arguments.
struct CheckArgs {
    paths: Vec<PathBuf>,
    format: Format,
    emit_types: Option<PathBuf>,
    signatures: Option<PathBuf>,
    extra_decorators: Vec<String>,
    no_color: bool,
    quiet: bool,
    no_scipy: bool,
}

impl CheckArgs {
    fn new(a: &Arguments) -> Self {
        CheckArgs {
            paths: a.positionals.iter().map(PathBuf::from).collect(),
            format: match a.value("format") {
                Some("json") => Format::Json,
                Some("github") => Format::Github,
                Some("sarif") => Format::Sarif,
                _ => Format::Text,
            },
            emit_types: a.value("emit-types").map(PathBuf::from),
            signatures: a.value("signatures").map(PathBuf::from),
            extra_decorators: a.values("extra-decorator").to_vec(),
            no_color: a.flag("no-color"),
            quiet: a.flag("quiet"),
            no_scipy: a.flag("no-scipy"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Text,
    Json,
    Github,
    Sarif,
}

fn main() -> ExitCode {
    let words: Vec<String> = std::env::args_os().skip(1).map(|w| w.to_string_lossy().into_owned()).collect();
    let (command, a) = match args::parse(&NUMRS, env!("CARGO_PKG_VERSION"), &words) {
        Parsed::Run { command, args } => (command, args),
        Parsed::Print(text) => {
            print!("{text}");
            return ExitCode::SUCCESS;
        }
        Parsed::Usage(text) => {
            eprint!("{text}");
            return ExitCode::from(EXIT_USAGE_OR_IO);
        }
    };
    let target = a.positionals.first().map(String::as_str).unwrap_or_default();
    let code = match command.as_slice() {
        ["check"] => run_check(CheckArgs::new(&a)),
        ["dump", "ir"] => run_dump_ir(target),
        ["dump", "llvm"] => build::run_dump_code(target, false),
        ["dump", "asm"] => build::run_dump_code(target, true),
        ["dump", "ptx"] => build::run_dump_ptx(target),
        ["build"] => {
            let paths: Vec<PathBuf> = a.positionals.iter().map(PathBuf::from).collect();
            let out_dir = PathBuf::from(a.value("out-dir").unwrap_or_default());
            build::run_build(&paths, &out_dir, a.value("signatures").map(std::path::Path::new), !a.flag("no-scipy"))
        }
        ["server"] => match numrs_server::run_stdio() {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("error: cannot start the language server: {e}");
                EXIT_USAGE_OR_IO
            }
        },
        _ => unreachable!("a command of the table"),
    };
    ExitCode::from(code)
}

fn run_dump_ir(target: &str) -> u8 {
    match target.rsplit_once("::") {
        Some((file, function)) if !file.is_empty() && !function.is_empty() => {
            let bytes = match std::fs::read(file) {
                Ok(b) => b,
                Err(e) => {
                    eprintln!("error: cannot read {file}: {e}");
                    return EXIT_USAGE_OR_IO;
                }
            };
            let mut db = numrs_check::CheckDatabase::new();
            let source = db.add_file(file, &bytes);
            match db.dump_ir(source, function) {
                Some(text) => {
                    print!("{text}");
                    0
                }
                None => {
                    eprintln!("error: no function named `{function}` in {file}");
                    EXIT_USAGE_OR_IO
                }
            }
        }
        _ => {
            eprintln!("error: expected FILE::FUNCTION, got `{target}`");
            EXIT_USAGE_OR_IO
        }
    }
}

/// Prints to stdout, and stops trying after the first failure (e.g. a closed pipe).
struct Stdout {
    failed: bool,
}

impl Stdout {
    fn write(&mut self, text: &str) {
        if self.failed || text.is_empty() {
            return;
        }
        let mut lock = std::io::stdout().lock();
        if lock.write_all(text.as_bytes()).and_then(|()| lock.flush()).is_err() {
            self.failed = true;
        }
    }
}

fn run_check(args: CheckArgs) -> u8 {
    match check(args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            EXIT_USAGE_OR_IO
        }
    }
}

/// The whole `check` run. `Err` is a fatal usage or configuration problem (exit 2 at once).
fn check(args: CheckArgs) -> Result<u8, String> {
    let cwd = std::env::current_dir()
        .map_err(|e| format!("cannot determine the current directory: {}", io_error_text(&e)))?;

    // Configuration: pyproject.toml's [tool.numrs], overridden by flags.
    let discovered = config::discover(&cwd)?;
    for warning in &discovered.warnings {
        eprintln!("warning: {warning}");
    }
    let config = discovered.config;

    let extra_decorators = if args.extra_decorators.is_empty() {
        config.as_ref().map(|c| c.extra_decorators.clone()).unwrap_or_default()
    } else {
        args.extra_decorators.clone()
    };
    for name in &extra_decorators {
        signatures::validate_decorator_name(name)?;
    }
    let signatures_path = args.signatures.clone().or_else(|| config.as_ref().and_then(|c| c.signatures.clone()));
    let recorded = match &signatures_path {
        Some(path) => signatures::load(path)?,
        None => Vec::new(),
    };

    let filter = match &config {
        Some(config) => PathFilter::new(&config.root, cwd.clone(), &config.include, &config.exclude)
            .map_err(|e| format!("{}: {e}", config.source.display()))?,
        None => PathFilter::none(cwd.clone()),
    };

    if let Some(dir) = &args.emit_types {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create --emit-types directory {}: {}", dir.display(), io_error_text(&e)))?;
    }

    let paths = if args.paths.is_empty() { vec![PathBuf::from(".")] } else { args.paths.clone() };
    let collected = inputs::collect(&paths, filter);
    let mut io_failed = false;
    for error in &collected.errors {
        eprintln!("error: {error}");
        io_failed = true;
    }
    for warning in &collected.warnings {
        eprintln!("warning: {warning}");
    }

    // Load every file first, then check them.
    let mut db = CheckDatabase::new();
    db.set_settings(extra_decorators, recorded);
    db.set_scipy(!args.no_scipy && config.as_ref().map_or(true, |c| c.scipy));
    let mut loaded: Vec<(InputFile, numrs_db::SourceFile)> = Vec::new();
    for input in collected.files {
        match std::fs::read(&input.path) {
            Ok(bytes) => {
                let file = db.add_file(&input.display, &bytes);
                loaded.push((input, file));
            }
            Err(e) => {
                eprintln!("error: {}: {}", input.display, io_error_text(&e));
                io_failed = true;
            }
        }
    }

    let color = args.format == Format::Text
        && !args.no_color
        && std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty());
    let mut stdout = Stdout { failed: false };
    let mut summary = Summary::default();
    let mut json_diagnostics = Vec::new();
    let mut sarif = render::sarif::SarifLog::default();
    let mut emitted: HashSet<PathBuf> = HashSet::new();

    for (input, file) in &loaded {
        let report = db.check_file(*file);
        let text = file.text(&db).clone();
        let filtered = filter_suppressed(&text, report.diagnostics.clone());
        let checked = CheckedFile {
            display: &input.display,
            text: &text,
            functions: report.functions.len(),
            diagnostics: &filtered.kept,
            suppressed: filtered.suppressed.len(),
        };
        summary.add(&checked);
        match args.format {
            Format::Text => stdout.write(&render::text::render_file(&checked, color)),
            Format::Github => stdout.write(&render::github::render_file(&checked)),
            Format::Json => json_diagnostics.extend(render::json::file_diagnostics(&checked)),
            Format::Sarif => sarif.add_file(&checked),
        }
        if let Some(dir) = &args.emit_types {
            let target = emit_types::output_path(dir, input);
            if !emitted.insert(target.clone()) {
                eprintln!(
                    "warning: --emit-types: {} is written for more than one input; the last one ({}) wins",
                    target.display(),
                    input.display
                );
            }
            if let Err(e) = emit_types::write(dir, input, &report) {
                eprintln!("error: {e}");
                io_failed = true;
            }
        }
    }

    match args.format {
        Format::Json => stdout.write(&pretty(&render::json::document(json_diagnostics, &summary))),
        Format::Sarif => stdout.write(&pretty(&sarif.finish())),
        Format::Text | Format::Github => {}
    }
    if !args.quiet {
        eprintln!("{}", summary.line());
    }

    Ok(if io_failed {
        EXIT_USAGE_OR_IO
    } else if summary.errors > 0 {
        EXIT_ERRORS_FOUND
    } else {
        0
    })
}

fn pretty(value: &serde_json::Value) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".to_string());
    text.push('\n');
    text
}
