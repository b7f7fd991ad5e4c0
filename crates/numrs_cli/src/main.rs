//! The `numrs` binary: `numrs check [PATH...]` types every jit function as Numba 0.68.1 would
//! and reports the problems; `numrs dump ir` is reserved for compiler dumps.
//!
//! Exit status: 0 when no error-severity diagnostic remains (after `# numrs: ignore`
//! suppressions), 1 when some does, 2 on a usage, configuration or I/O problem (a missing
//! path, an unreadable file, a bad `--signatures` file). A missing path does not stop the
//! other paths from being checked; the status is 2 at the end.

mod build;
mod config;
mod emit_types;
mod inputs;
mod location;
mod render;
mod signatures;

use std::collections::HashSet;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use numrs_check::CheckDatabase;
use numrs_cli::suppress::filter_suppressed;

use crate::inputs::{io_error_text, InputFile, PathFilter};
use crate::render::{CheckedFile, Summary};

const EXIT_ERRORS_FOUND: u8 = 1;
const EXIT_USAGE_OR_IO: u8 = 2;

#[derive(Parser)]
#[command(
    name = "numrs",
    version,
    about = "A static type checker for Numba-jitted Python: types every jit function as Numba 0.68.1 would.",
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Type-check every jit function in the given files and directories.
    Check(CheckArgs),
    /// Print compiler internals.
    Dump {
        #[command(subcommand)]
        what: DumpWhat,
    },
    /// Compile every jit function's typed specializations to `DIR/<module>.abi3.so` (a CPython
    /// extension using the numrs runtime) and `DIR/<module>.h` (C entry points).
    Build {
        /// Files and directories to build.
        #[arg(value_name = "PATH", required = true)]
        paths: Vec<PathBuf>,
        /// Output directory.
        #[arg(short = 'o', long = "out-dir", value_name = "DIR")]
        out_dir: PathBuf,
        /// Recorded call signatures (JSON lines), as for `check`.
        #[arg(long, value_name = "FILE")]
        signatures: Option<PathBuf>,
    },
    /// Run the language server (LSP over stdin/stdout).
    Server {
        /// Accepted for clients that name the transport; stdio is the only one.
        #[arg(long)]
        stdio: bool,
    },
}

#[derive(Subcommand)]
enum DumpWhat {
    /// The Numba-shaped IR of one function (CFG, SSA, phi nodes).
    Ir {
        /// The function, as `FILE::function`.
        #[arg(value_name = "FILE::FUNCTION")]
        target: String,
    },
    /// The optimized LLVM IR of one function's specializations.
    Llvm {
        #[arg(value_name = "FILE::FUNCTION")]
        target: String,
    },
    /// The host assembly of one function's specializations.
    Asm {
        #[arg(value_name = "FILE::FUNCTION")]
        target: String,
    },
}

#[derive(Args)]
struct CheckArgs {
    /// Files and directories to check (directories are searched for `*.py`, respecting
    /// `.gitignore`). Defaults to the current directory.
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,

    /// Write the inferred types of every checked file as `numrs-types/1` JSON below DIR.
    #[arg(long, value_name = "DIR")]
    emit_types: Option<PathBuf>,

    /// Recorded call signatures (JSON lines) to type functions without explicit signatures.
    /// Overrides `signatures` in `[tool.numrs]`.
    #[arg(long, value_name = "FILE")]
    signatures: Option<PathBuf>,

    /// Also treat NAME (e.g. `mylib.jit`) as a jit decorator. Repeatable; overrides
    /// `extra-decorators` in `[tool.numrs]`.
    #[arg(long = "extra-decorator", value_name = "NAME")]
    extra_decorators: Vec<String>,

    /// Never color the text output (color is also off when stdout is not a terminal or
    /// NO_COLOR is set).
    #[arg(long)]
    no_color: bool,

    /// Print diagnostics only: no summary line.
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Human-readable diagnostics with source snippets.
    Text,
    /// One JSON document.
    Json,
    /// GitHub Actions workflow commands (annotations).
    Github,
    /// SARIF 2.1.0.
    Sarif,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // clap prints help/version (exit 0) or the usage error (exit 2).
        Err(e) => e.exit(),
    };
    let code = match cli.command {
        Command::Check(args) => run_check(args),
        Command::Dump { what: DumpWhat::Ir { target } } => run_dump_ir(&target),
        Command::Dump { what: DumpWhat::Llvm { target } } => build::run_dump_code(&target, false),
        Command::Dump { what: DumpWhat::Asm { target } } => build::run_dump_code(&target, true),
        Command::Build { paths, out_dir, signatures } => build::run_build(&paths, &out_dir, signatures.as_deref()),
        Command::Server { .. } => match numrs_server::run_stdio() {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("error: cannot start the language server: {e}");
                EXIT_USAGE_OR_IO
            }
        },
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
