//! Command-line parsing: each command is a table of options and positionals, from which both
//! the parser and the help text are made.
//!
//! Conventions are the usual ones: `--name VALUE` or `--name=VALUE`, `-x VALUE` or `-xVALUE`,
//! `--` ends the options, `-h`/`--help` anywhere prints the command's help, and a usage error
//! exits with status 2 (help and `--version` with 0).

use std::collections::HashMap;

/// An option of a command.
pub struct Opt {
    pub long: &'static str,
    pub short: Option<char>,
    /// `Some(NAME)` when the option takes a value.
    pub value: Option<&'static str>,
    /// The allowed values, when the value is one of a few words.
    pub choices: &'static [&'static str],
    /// Whether the command needs it.
    pub required: bool,
    pub help: &'static str,
}

/// A command (or a group of subcommands, when `subcommands` is not empty).
pub struct Spec {
    pub name: &'static str,
    pub about: &'static str,
    pub options: &'static [Opt],
    /// The positionals' name (`PATH`), or `None` for a command that takes none.
    pub positional: Option<&'static str>,
    pub positional_help: &'static str,
    /// Least and most positionals.
    pub positionals: (usize, usize),
    pub subcommands: &'static [Spec],
}

/// What the command line asked for.
#[derive(Debug, PartialEq, Eq)]
pub enum Parsed {
    /// Run the command at this path (`["dump", "ir"]`) with these arguments.
    Run { command: Vec<&'static str>, args: Arguments },
    /// Print this text to stdout and exit 0 (help, version).
    Print(String),
    /// Print this text to stderr and exit 2.
    Usage(String),
}

/// The options and positionals given to a command.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Arguments {
    values: HashMap<&'static str, Vec<String>>,
    pub positionals: Vec<String>,
}

impl Arguments {
    /// Whether a flag (an option without a value) was given.
    pub fn flag(&self, long: &str) -> bool {
        self.values.contains_key(long)
    }

    /// The last value of an option.
    pub fn value(&self, long: &str) -> Option<&str> {
        self.values.get(long).and_then(|v| v.last()).map(String::as_str)
    }

    /// Every value of a repeatable option, in order.
    pub fn values(&self, long: &str) -> &[String] {
        self.values.get(long).map_or(&[], Vec::as_slice)
    }
}

const HELP: Opt = Opt { long: "help", short: Some('h'), value: None, choices: &[], required: false, help: "Print help" };

/// Parse `args` (without the program name) against `root`.
pub fn parse(root: &Spec, version: &str, args: &[String]) -> Parsed {
    let mut spec = root;
    let mut path: Vec<&'static str> = Vec::new();
    let mut rest = args;
    // Subcommands first: `numrs dump ir ...`.
    while !spec.subcommands.is_empty() {
        let Some(word) = rest.first() else {
            return Parsed::Usage(help(root, spec, &path));
        };
        match word.as_str() {
            "-h" | "--help" => return Parsed::Print(help(root, spec, &path)),
            "-V" | "--version" if path.is_empty() => return Parsed::Print(format!("{} {version}\n", root.name)),
            "help" => {
                // `numrs help [COMMAND...]`.
                let mut target = spec;
                let mut target_path = path.clone();
                for name in &rest[1..] {
                    match target.subcommands.iter().find(|s| s.name == name) {
                        Some(s) => {
                            target = s;
                            target_path.push(s.name);
                        }
                        None => return Parsed::Usage(unknown_command(root, name, &target_path)),
                    }
                }
                return Parsed::Print(help(root, target, &target_path));
            }
            name => match spec.subcommands.iter().find(|s| s.name == name) {
                Some(s) => {
                    spec = s;
                    path.push(s.name);
                    rest = &rest[1..];
                }
                None if name.starts_with('-') => {
                    return Parsed::Usage(error(root, &path, &format!("unexpected argument '{name}' found")));
                }
                None => return Parsed::Usage(unknown_command(root, name, &path)),
            },
        }
    }

    let mut parsed = Arguments::default();
    let mut i = 0;
    let mut options_done = false;
    while i < rest.len() {
        let arg = &rest[i];
        i += 1;
        if options_done || arg == "-" || !arg.starts_with('-') {
            parsed.positionals.push(arg.clone());
            continue;
        }
        if arg == "--" {
            options_done = true;
            continue;
        }
        // The option, and a value attached to it (`--x=v`, `-xv`).
        let (opt, attached) = if let Some(long) = arg.strip_prefix("--") {
            let (name, attached) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (long, None),
            };
            (spec.options.iter().chain([&HELP]).find(|o| o.long == name), attached)
        } else {
            let mut chars = arg[1..].chars();
            let c = chars.next();
            let tail: String = chars.collect();
            (spec.options.iter().chain([&HELP]).find(|o| o.short.is_some() && o.short == c), Some(tail).filter(|t| !t.is_empty()))
        };
        let Some(opt) = opt else {
            return Parsed::Usage(error(root, &path, &format!("unexpected argument '{arg}' found")));
        };
        if opt.long == "help" {
            return Parsed::Print(help(root, spec, &path));
        }
        let value = match (opt.value, attached) {
            (None, None) => String::new(),
            (None, Some(_)) => {
                return Parsed::Usage(error(root, &path, &format!("unexpected value for '--{}' in '{arg}'", opt.long)));
            }
            (Some(_), Some(v)) => v,
            (Some(name), None) => match rest.get(i) {
                Some(v) => {
                    i += 1;
                    v.clone()
                }
                None => {
                    let message = format!("a value is required for '--{} <{name}>' but none was supplied", opt.long);
                    return Parsed::Usage(error(root, &path, &message));
                }
            },
        };
        if !opt.choices.is_empty() && !opt.choices.contains(&value.as_str()) {
            let message = format!(
                "invalid value '{value}' for '--{} <{}>' (possible values: {})",
                opt.long,
                opt.value.unwrap_or("VALUE"),
                opt.choices.join(", ")
            );
            return Parsed::Usage(error(root, &path, &message));
        }
        parsed.values.entry(opt.long).or_default().push(value);
    }
    let (least, most) = spec.positionals;
    let name = spec.positional.unwrap_or("ARG");
    if parsed.positionals.len() < least {
        return Parsed::Usage(error(root, &path, &format!("the argument <{name}> is required but was not provided")));
    }
    if parsed.positionals.len() > most {
        let extra = &parsed.positionals[most];
        return Parsed::Usage(error(root, &path, &format!("unexpected argument '{extra}' found")));
    }
    for opt in spec.options {
        if opt.required && !parsed.values.contains_key(opt.long) {
            let message = format!("the argument '--{} <{}>' is required but was not provided", opt.long, opt.value.unwrap_or(""));
            return Parsed::Usage(error(root, &path, &message));
        }
    }
    Parsed::Run { command: path, args: parsed }
}

fn unknown_command(root: &Spec, name: &str, path: &[&str]) -> String {
    error(root, path, &format!("unrecognized subcommand '{name}'"))
}

fn error(root: &Spec, path: &[&str], message: &str) -> String {
    let mut words = vec![root.name];
    words.extend(path);
    format!("error: {message}\n\nFor more information, try '{} --help'.\n", words.join(" "))
}

fn usage_line(root: &Spec, spec: &Spec, path: &[&str]) -> String {
    let mut words = vec![root.name.to_string()];
    words.extend(path.iter().map(|w| w.to_string()));
    if !spec.subcommands.is_empty() {
        words.push("<COMMAND>".into());
        return words.join(" ");
    }
    if !spec.options.is_empty() {
        words.push("[OPTIONS]".into());
    }
    for opt in spec.options.iter().filter(|o| o.required) {
        words.push(format!("--{} <{}>", opt.long, opt.value.unwrap_or("")));
    }
    if let Some(name) = spec.positional {
        let one = if spec.positionals.0 > 0 { format!("<{name}>") } else { format!("[{name}]") };
        words.push(if spec.positionals.1 > 1 { format!("{one}...") } else { one });
    }
    words.join(" ")
}

/// The help text of `spec`, a command or group at `path` under `root`.
pub fn help(root: &Spec, spec: &Spec, path: &[&str]) -> String {
    let mut out = format!("{}\n\nUsage: {}\n", spec.about, usage_line(root, spec, path));
    let mut rows: Vec<(String, String)> = Vec::new();
    if !spec.subcommands.is_empty() {
        out.push_str("\nCommands:\n");
        rows.extend(spec.subcommands.iter().map(|s| (s.name.to_string(), first_line(s.about))));
        rows.push(("help".into(), "Print this message or the help of the given subcommand(s)".into()));
        out.push_str(&table(&rows));
        rows.clear();
    }
    if let Some(name) = spec.positional {
        out.push_str("\nArguments:\n");
        let shown = if spec.positionals.0 > 0 { format!("<{name}>") } else { format!("[{name}]") };
        let shown = if spec.positionals.1 > 1 { format!("{shown}...") } else { shown };
        out.push_str(&table(&[(shown, spec.positional_help.to_string())]));
    }
    out.push_str("\nOptions:\n");
    for opt in spec.options.iter().chain([&HELP]) {
        let mut left = match opt.short {
            Some(c) => format!("-{c}, --{}", opt.long),
            None => format!("    --{}", opt.long),
        };
        if let Some(v) = opt.value {
            left.push_str(&format!(" <{v}>"));
        }
        let mut text = opt.help.to_string();
        if !opt.choices.is_empty() {
            text.push_str(&format!(" [possible values: {}]", opt.choices.join(", ")));
        }
        rows.push((left, text));
    }
    if path.is_empty() {
        rows.push(("-V, --version".into(), "Print version".into()));
    }
    out.push_str(&table(&rows));
    out
}

fn first_line(text: &str) -> String {
    text.split(". ").next().unwrap_or(text).trim_end_matches('.').to_string()
}

fn table(rows: &[(String, String)]) -> String {
    let width = rows.iter().map(|(l, _)| l.chars().count()).max().unwrap_or(0);
    rows.iter().map(|(l, r)| format!("  {l:width$}  {r}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEAF: Spec = Spec {
        name: "check",
        about: "Check things.",
        options: &[
            Opt { long: "format", short: None, value: Some("FORMAT"), choices: &["text", "json"], required: false, help: "Output format" },
            Opt { long: "quiet", short: Some('q'), value: None, choices: &[], required: false, help: "Less output" },
            Opt { long: "out-dir", short: Some('o'), value: Some("DIR"), choices: &[], required: false, help: "Output directory" },
            Opt { long: "name", short: None, value: Some("NAME"), choices: &[], required: false, help: "Repeatable" },
        ],
        positional: Some("PATH"),
        positional_help: "Paths",
        positionals: (0, usize::MAX),
        subcommands: &[],
    };
    const ROOT: Spec = Spec {
        name: "tool",
        about: "A tool.",
        options: &[],
        positional: None,
        positional_help: "",
        positionals: (0, 0),
        subcommands: &[LEAF],
    };

    fn run(words: &[&str]) -> Parsed {
        parse(&ROOT, "1.2.3", &words.iter().map(|w| w.to_string()).collect::<Vec<_>>())
    }

    fn args(words: &[&str]) -> Arguments {
        match run(words) {
            Parsed::Run { args, .. } => args,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn options_and_positionals() {
        let a = args(&["check", "a.py", "--format=json", "-q", "-o", "out", "--name", "x", "--name=y", "--", "-b.py"]);
        assert_eq!(a.value("format"), Some("json"));
        assert!(a.flag("quiet"));
        assert_eq!(a.value("out-dir"), Some("out"));
        assert_eq!(a.values("name"), ["x", "y"]);
        assert_eq!(a.positionals, ["a.py", "-b.py"]);
        assert_eq!(args(&["check", "-oout"]).value("out-dir"), Some("out"));
        assert!(!args(&["check"]).flag("quiet"));
    }

    #[test]
    fn usage_errors() {
        for words in [
            &["check", "--format", "xml"][..],
            &["check", "--format"],
            &["check", "--bogus"],
            &["check", "--quiet=yes"],
            &["frobnicate"],
            &["--bogus"],
            &[],
            &["help", "nope"],
        ] {
            assert!(matches!(run(words), Parsed::Usage(_)), "{words:?}");
        }
        let Parsed::Usage(text) = run(&["check", "--format", "xml"]) else { unreachable!() };
        assert!(text.contains("possible values: text, json"), "{text}");
    }

    #[test]
    fn help_and_version() {
        for words in [&["--help"][..], &["-h"], &["help"], &["help", "check"], &["check", "--help"], &["check", "a", "-h"]] {
            assert!(matches!(run(words), Parsed::Print(_)), "{words:?}");
        }
        assert_eq!(run(&["--version"]), Parsed::Print("tool 1.2.3\n".into()));
        let Parsed::Print(text) = run(&["check", "--help"]) else { unreachable!() };
        assert!(text.contains("Usage: tool check [OPTIONS] [PATH]..."), "{text}");
        assert!(text.contains("-o, --out-dir <DIR>"), "{text}");
    }
}
