//! `numrs server`: a Language Server Protocol server over stdio.
//!
//! One `CheckDatabase` serves every request; documents the client opens are salsa inputs whose
//! text is replaced on each change, so only what an edit invalidates is recomputed. Messages
//! are handled one at a time, in the order they arrive (an edit is always seen by the requests
//! after it). Every handler runs under `catch_unwind`: a panic answers an internal error and
//! the server keeps serving; malformed frames and parameters get an error, never an exit.
//!
//! The protocol is spoken directly with `serde_json` values: the server uses a dozen messages,
//! and the protocol crates (`lsp-types`/`ls-types`, with `tower-lsp-server` and `tokio`) were
//! a third of the whole project's cold build (docs/architecture.md).

mod convert;
mod transport;
mod uri;

use std::collections::HashMap;
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use numrs_check::CheckDatabase;
use numrs_db::{Severity, SourceFile};
use serde_json::{json, Value};

use convert::{Position, Positions};

/// Workspace files read from disk at start-up: at most this many, each at most this large.
const MAX_WORKSPACE_FILES: usize = 5000;
const MAX_FILE_BYTES: u64 = 4 << 20;

/// JSON-RPC and LSP error codes.
const INVALID_REQUEST: i64 = -32600;
const METHOD_NOT_FOUND: i64 = -32601;
const INVALID_PARAMS: i64 = -32602;
const INTERNAL_ERROR: i64 = -32603;
const SERVER_NOT_INITIALIZED: i64 = -32002;

/// LSP's enumerations, as numbers on the wire.
const SEVERITY_ERROR: u8 = 1;
const SEVERITY_WARNING: u8 = 2;
const SEVERITY_INFORMATION: u8 = 3;
const SYMBOL_FUNCTION: u8 = 12;
const INLAY_HINT_TYPE: u8 = 1;
const MESSAGE_INFO: u8 = 3;
const SYNC_INCREMENTAL: u8 = 2;

struct RpcError {
    code: i64,
    message: String,
}

fn invalid_params(what: &str) -> RpcError {
    RpcError { code: INVALID_PARAMS, message: format!("invalid params: {what}") }
}

type Reply = Result<Value, RpcError>;

struct State {
    db: CheckDatabase,
    /// Every known file by its key (`uri::key`): open documents and the workspace's Python
    /// files read from disk.
    documents: HashMap<String, SourceFile>,
    /// Documents the client has open (their text comes from the client, not the disk), with
    /// the URI the client named them by.
    open: HashMap<String, String>,
    inlay_hints: bool,
}

impl State {
    /// Read (or re-read) a file from disk into the database.
    fn load_from_disk(&mut self, key: &str) {
        let bytes = std::fs::read(key).unwrap_or_default();
        match self.documents.get(key).copied() {
            Some(file) => self.db.set_bytes(file, &bytes),
            None => {
                let file = self.db.add_file(key, &bytes);
                self.documents.insert(key.to_string(), file);
            }
        }
    }

    /// Forget the files under a removed workspace folder, except documents still open.
    fn unload_workspace(&mut self, root: &Path) {
        let gone: Vec<String> = self
            .documents
            .keys()
            .filter(|key| !self.open.contains_key(*key) && Path::new(key).starts_with(root))
            .cloned()
            .collect();
        for key in gone {
            self.documents.remove(&key);
            self.db.remove_file(&key);
        }
    }

    /// Add the Python files under a workspace folder (hidden entries and what `.gitignore`
    /// and `.ignore` files exclude are skipped).
    fn load_workspace(&mut self, root: &Path) {
        let walked = numrs_files::walk::walk(root, &|_: &Path| true);
        let mut count = 0;
        for path in &walked.files {
            if path.extension().is_none_or(|e| e != "py") {
                continue;
            }
            if std::fs::metadata(path).map_or(true, |m| m.len() > MAX_FILE_BYTES) {
                continue;
            }
            let Some(key) = path.to_str() else { continue };
            if !self.documents.contains_key(key) {
                self.load_from_disk(key);
            }
            count += 1;
            if count >= MAX_WORKSPACE_FILES {
                break;
            }
        }
    }

    /// The open documents (key, URI), to publish their diagnostics again after something
    /// they may import changed.
    fn open_documents(&self) -> Vec<(String, String)> {
        let mut open: Vec<(String, String)> = self.open.iter().map(|(k, u)| (k.clone(), u.clone())).collect();
        open.sort();
        open
    }

    /// Diagnostics of a document, in protocol form.
    fn diagnostics_of(&self, file: SourceFile) -> Vec<Value> {
        let text = file.text(&self.db);
        let positions = Positions::new(text);
        let diagnostics = self.db.file_diagnostics(file);
        let kept = numrs_check::suppress::filter_suppressed(text, diagnostics.as_ref().clone()).kept;
        kept.iter()
            .map(|d| {
                let severity = match d.severity {
                    Severity::Error => SEVERITY_ERROR,
                    Severity::Warning => SEVERITY_WARNING,
                    Severity::Info => SEVERITY_INFORMATION,
                };
                let message = match d.numba_kind {
                    Some(kind) => format!("{}\n(Numba: {kind})", d.message),
                    None => d.message.clone(),
                };
                json!({
                    "range": positions.range(d.primary.span),
                    "severity": severity,
                    "code": d.code.to_string(),
                    "source": "numrs",
                    "message": message,
                })
            })
            .collect()
    }
}

/// The text document a request is about: its key and the URI the client named it by.
fn document(params: &Value) -> Result<(String, String), RpcError> {
    let uri = params
        .get("textDocument")
        .and_then(|d| d.get("uri"))
        .and_then(Value::as_str)
        .ok_or_else(|| invalid_params("textDocument.uri is missing"))?;
    Ok((uri::key(uri), uri.to_string()))
}

fn position(params: &Value) -> Result<Position, RpcError> {
    params.get("position").filter(|p| p.is_object()).map(Position::from_json).ok_or_else(|| invalid_params("position is missing"))
}

fn range(params: &Value) -> Result<(Position, Position), RpcError> {
    let r = params.get("range").filter(|r| r.is_object()).ok_or_else(|| invalid_params("range is missing"))?;
    Ok((Position::from_json(&r["start"]), Position::from_json(&r["end"])))
}

/// The paths of a list of workspace folders (`[{uri, name}]`).
fn folder_paths(folders: &Value) -> Vec<PathBuf> {
    folders.as_array().into_iter().flatten().filter_map(|f| f.get("uri")?.as_str().and_then(uri::to_path)).collect()
}

struct Server<W: Write> {
    out: W,
    state: State,
    initialized: bool,
    shutdown: bool,
    exit: bool,
    /// Ids of the requests the server sends the client.
    next_request: u64,
}

/// Run the server on stdin/stdout until the client exits (or closes the input).
pub fn run_stdio() -> std::io::Result<()> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut server = Server::new(std::io::stdout().lock());
    while let Some(message) = transport::read_message(&mut input) {
        match message {
            Value::Array(batch) => batch.into_iter().for_each(|m| server.handle(m)),
            m => server.handle(m),
        }
        if server.exit {
            break;
        }
    }
    Ok(())
}

impl<W: Write> Server<W> {
    fn new(out: W) -> Self {
        Server {
            out,
            state: State { db: CheckDatabase::new(), documents: HashMap::new(), open: HashMap::new(), inlay_hints: true },
            initialized: false,
            shutdown: false,
            exit: false,
            next_request: 1,
        }
    }

    fn send(&mut self, message: Value) {
        // A client that went away is noticed when the input ends.
        transport::write_message(&mut self.out, &message);
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// One message from the client: a request (answered), a notification, or a response to a
    /// request of the server's (ignored).
    fn handle(&mut self, message: Value) {
        let Some(method) = message.get("method").and_then(Value::as_str).map(str::to_string) else { return };
        let params = message.get("params").cloned().unwrap_or(Value::Null);
        match message.get("id") {
            Some(id) if id.is_string() || id.is_number() => {
                let id = id.clone();
                let reply = match catch_unwind(AssertUnwindSafe(|| self.request(&method, &params))) {
                    Ok(reply) => reply,
                    Err(_) => Err(RpcError {
                        code: INTERNAL_ERROR,
                        message: format!("numrs: internal error while handling {method}; please report it"),
                    }),
                };
                self.send(match reply {
                    Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
                    Err(e) => json!({"jsonrpc": "2.0", "id": id, "error": {"code": e.code, "message": e.message}}),
                });
            }
            Some(id) if !id.is_null() => {
                let e = "invalid request: an id must be a number or a string";
                self.send(json!({"jsonrpc": "2.0", "id": null, "error": {"code": INVALID_REQUEST, "message": e}}));
            }
            _ => {
                if catch_unwind(AssertUnwindSafe(|| self.notification(&method, &params))).is_err() {
                    eprintln!("numrs server: internal error while handling {method}; please report it");
                }
            }
        }
    }

    fn request(&mut self, method: &str, params: &Value) -> Reply {
        if method == "initialize" {
            if self.initialized {
                return Err(RpcError { code: INVALID_REQUEST, message: "initialize was already received".into() });
            }
            self.initialized = true;
            return Ok(self.initialize(params));
        }
        if !self.initialized {
            return Err(RpcError { code: SERVER_NOT_INITIALIZED, message: "the server is not initialized".into() });
        }
        if self.shutdown {
            return Err(RpcError { code: INVALID_REQUEST, message: "the server is shutting down".into() });
        }
        match method {
            "shutdown" => {
                self.shutdown = true;
                Ok(Value::Null)
            }
            "textDocument/hover" => self.hover(params),
            "textDocument/inlayHint" => self.inlay_hint(params),
            "textDocument/documentSymbol" => self.document_symbol(params),
            "textDocument/definition" => self.definition(params),
            "textDocument/codeAction" => self.code_action(params),
            "textDocument/diagnostic" => {
                let (key, _) = document(params)?;
                let items = self.state.documents.get(&key).map(|&f| self.state.diagnostics_of(f)).unwrap_or_default();
                Ok(json!({"kind": "full", "items": items}))
            }
            _ => Err(RpcError { code: METHOD_NOT_FOUND, message: format!("method not found: {method}") }),
        }
    }

    fn notification(&mut self, method: &str, params: &Value) {
        if method == "exit" {
            self.exit = true;
            return;
        }
        if !self.initialized {
            return;
        }
        match method {
            "initialized" => self.initialized_notification(),
            "textDocument/didOpen" => self.did_open(params),
            "textDocument/didChange" => self.did_change(params),
            "textDocument/didSave" => {
                if let Ok((key, uri)) = document(params) {
                    self.publish(&key, &uri);
                }
            }
            "textDocument/didClose" => {
                let Ok((key, uri)) = document(params) else { return };
                // The file stays known (other files may import from it), with its text from disk.
                self.state.open.remove(&key);
                self.state.load_from_disk(&key);
                self.notify("textDocument/publishDiagnostics", json!({"uri": uri, "diagnostics": []}));
            }
            "workspace/didChangeConfiguration" => {
                // `{"numrs": {"inlayHints": {"enable": bool}}}` (the VS Code extension's settings).
                if let Some(enable) = params.pointer("/settings/numrs/inlayHints/enable").and_then(Value::as_bool) {
                    self.state.inlay_hints = enable;
                }
            }
            "workspace/didChangeWorkspaceFolders" => {
                for root in folder_paths(&params["event"]["removed"]) {
                    self.state.unload_workspace(&root);
                }
                for root in folder_paths(&params["event"]["added"]) {
                    self.state.load_workspace(&root);
                }
                // Imports of open documents may resolve differently now.
                self.publish_open();
            }
            "workspace/didChangeWatchedFiles" => {
                let changes = params.get("changes").and_then(Value::as_array).cloned().unwrap_or_default();
                for change in changes {
                    let Some(key) = change.get("uri").and_then(Value::as_str).map(uri::key) else { continue };
                    if !self.state.open.contains_key(&key) && key.ends_with(".py") {
                        self.state.load_from_disk(&key);
                    }
                }
                // Open documents may depend on what changed.
                self.publish_open();
            }
            // `$/cancelRequest` (requests are answered in order, each quickly), `$/setTrace`,
            // and notifications this server does not take.
            _ => {}
        }
    }

    fn publish(&mut self, key: &str, uri: &str) {
        let Some(&file) = self.state.documents.get(key) else { return };
        let diagnostics = self.state.diagnostics_of(file);
        self.notify("textDocument/publishDiagnostics", json!({"uri": uri, "diagnostics": diagnostics}));
    }

    fn publish_open(&mut self) {
        for (key, uri) in self.state.open_documents() {
            self.publish(&key, &uri);
        }
    }

    fn initialize(&mut self, params: &Value) -> Value {
        let hints = params.pointer("/initializationOptions/inlayHints/enable").and_then(Value::as_bool).unwrap_or(true);
        let mut roots = folder_paths(&params["workspaceFolders"]);
        if roots.is_empty() {
            roots.extend(params.get("rootUri").and_then(Value::as_str).and_then(uri::to_path));
        }
        let state = &mut self.state;
        state.inlay_hints = hints;
        // Project settings from the first workspace folder's pyproject.toml [tool.numrs].
        if let Some(settings) = roots.iter().find_map(|r| project_settings(r)) {
            state.db.set_settings(settings.0, settings.1);
            state.db.set_scipy(settings.2);
        }
        for root in &roots {
            state.load_workspace(root);
        }
        json!({
            "serverInfo": {"name": "numrs", "version": env!("CARGO_PKG_VERSION")},
            "capabilities": {
                "textDocumentSync": {"openClose": true, "change": SYNC_INCREMENTAL, "save": true},
                "hoverProvider": true,
                "inlayHintProvider": true,
                "documentSymbolProvider": true,
                "definitionProvider": true,
                "codeActionProvider": true,
                "workspace": {"workspaceFolders": {"supported": true, "changeNotifications": true}},
                "diagnosticProvider": {"identifier": "numrs", "interFileDependencies": false, "workspaceDiagnostics": false},
            },
        })
    }

    fn initialized_notification(&mut self) {
        // Watch the workspace's Python files, so edits made outside the editor are seen.
        // (Clients without dynamic registration answer with an error; that is fine.)
        let id = format!("numrs-{}", self.next_request);
        self.next_request += 1;
        let registration = json!({
            "id": "numrs-watch-python",
            "method": "workspace/didChangeWatchedFiles",
            "registerOptions": {"watchers": [{"globPattern": "**/*.py"}]},
        });
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": "client/registerCapability", "params": {"registrations": [registration]}}));
        self.notify("window/logMessage", json!({"type": MESSAGE_INFO, "message": "numrs server ready"}));
    }

    fn did_open(&mut self, params: &Value) {
        let Ok((key, uri)) = document(params) else { return };
        let Some(text) = params.pointer("/textDocument/text").and_then(Value::as_str) else { return };
        let state = &mut self.state;
        state.open.insert(key.clone(), uri.clone());
        match state.documents.get(&key).copied() {
            Some(file) => state.db.set_text(file, text),
            None => {
                let file = state.db.add_file(&key, text.as_bytes());
                state.documents.insert(key.clone(), file);
            }
        }
        self.publish(&key, &uri);
    }

    fn did_change(&mut self, params: &Value) {
        let Ok((key, uri)) = document(params) else { return };
        let state = &mut self.state;
        let Some(file) = state.documents.get(&key).copied() else { return };
        let mut text = file.text(&state.db).to_string();
        for change in params.get("contentChanges").and_then(Value::as_array).into_iter().flatten() {
            let Some(new_text) = change.get("text").and_then(Value::as_str) else { continue };
            match change.get("range").filter(|r| r.is_object()) {
                Some(range) => {
                    let positions = Positions::new(&text);
                    let start = positions.offset(Position::from_json(&range["start"]));
                    let end = positions.offset(Position::from_json(&range["end"]));
                    let (start, end) = (start.min(end) as usize, start.max(end) as usize);
                    if end <= text.len() && text.is_char_boundary(start) && text.is_char_boundary(end) {
                        text.replace_range(start..end, new_text);
                    }
                }
                None => text = new_text.to_string(),
            }
        }
        state.db.set_text(file, &text);
        self.publish(&key, &uri);
    }

    fn hover(&mut self, params: &Value) -> Reply {
        let (key, _) = document(params)?;
        let position = position(params)?;
        let state = &self.state;
        let Some(&file) = state.documents.get(&key) else { return Ok(Value::Null) };
        let positions = Positions::new(file.text(&state.db));
        let Some(info) = numrs_ide::hover(&state.db, file, positions.offset(position)) else { return Ok(Value::Null) };
        Ok(json!({"contents": {"kind": "markdown", "value": info.markdown}, "range": positions.range(info.span)}))
    }

    fn inlay_hint(&mut self, params: &Value) -> Reply {
        let (key, _) = document(params)?;
        let (start, end) = range(params)?;
        let state = &self.state;
        if !state.inlay_hints {
            return Ok(json!([]));
        }
        let Some(&file) = state.documents.get(&key) else { return Ok(Value::Null) };
        let positions = Positions::new(file.text(&state.db));
        let (start, end) = (positions.offset(start), positions.offset(end));
        let hints: Vec<Value> = numrs_ide::inlay_hints_in(&state.db, file, start, end)
            .into_iter()
            .filter(|h| h.offset >= start && h.offset <= end)
            .map(|h| json!({"position": positions.position(h.offset).to_json(), "label": h.label, "kind": INLAY_HINT_TYPE}))
            .collect();
        Ok(Value::Array(hints))
    }

    fn document_symbol(&mut self, params: &Value) -> Reply {
        let (key, _) = document(params)?;
        let state = &self.state;
        let Some(&file) = state.documents.get(&key) else { return Ok(Value::Null) };
        let positions = Positions::new(file.text(&state.db));
        let symbols: Vec<Value> = numrs_ide::document_symbols(&state.db, file)
            .into_iter()
            .map(|s| {
                json!({
                    "name": s.name,
                    "detail": s.detail,
                    "kind": SYMBOL_FUNCTION,
                    "range": positions.range(s.span),
                    "selectionRange": positions.range(s.selection),
                })
            })
            .collect();
        Ok(Value::Array(symbols))
    }

    fn definition(&mut self, params: &Value) -> Reply {
        let (key, uri) = document(params)?;
        let position = position(params)?;
        let state = &self.state;
        let Some(&file) = state.documents.get(&key) else { return Ok(Value::Null) };
        let positions = Positions::new(file.text(&state.db));
        let Some(span) = numrs_ide::goto_definition(&state.db, file, positions.offset(position)) else { return Ok(Value::Null) };
        Ok(json!({"uri": uri, "range": positions.range(span)}))
    }

    fn code_action(&mut self, params: &Value) -> Reply {
        let (key, uri) = document(params)?;
        let (start, end) = range(params)?;
        let state = &self.state;
        let Some(&file) = state.documents.get(&key) else { return Ok(Value::Null) };
        let positions = Positions::new(file.text(&state.db));
        let (start, end) = (positions.offset(start), positions.offset(end));
        let actions: Vec<Value> = numrs_ide::code_actions(&state.db, file, start, end)
            .into_iter()
            .map(|a| {
                let edits: Vec<Value> =
                    a.edits.iter().map(|(span, text)| json!({"range": positions.range(*span), "newText": text})).collect();
                let mut changes = serde_json::Map::new();
                changes.insert(uri.clone(), Value::Array(edits));
                json!({
                    "title": a.title,
                    "kind": "quickfix",
                    "edit": {"changes": changes},
                    "isPreferred": a.fixes.is_some(),
                })
            })
            .collect();
        Ok(Value::Array(actions))
    }
}

/// `[tool.numrs]` of `root/pyproject.toml`: extra decorator names and recorded signatures
/// (JSON lines, path relative to the project root). Malformed settings are ignored here; `numrs
/// check` reports them.
fn project_settings(root: &std::path::Path) -> Option<(Vec<String>, Vec<numrs_db::RecordedSignature>, bool)> {
    let text = std::fs::read_to_string(root.join("pyproject.toml")).ok()?;
    let value: toml::Value = toml::from_str(&text).ok()?;
    let table = value.get("tool")?.get("numrs")?;
    let decorators = table
        .get("extra-decorators")
        .and_then(|d| d.as_array())
        .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
        .unwrap_or_default();
    let mut recorded = Vec::new();
    if let Some(path) = table.get("signatures").and_then(|s| s.as_str()) {
        let lines = std::fs::read_to_string(root.join(path)).unwrap_or_default();
        for line in lines.lines().filter(|l| !l.trim().is_empty()) {
            let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else { continue };
            let (Some(file), Some(qualname), Some(args)) = (v["file"].as_str(), v["qualname"].as_str(), v["args"].as_array()) else {
                continue;
            };
            let file = root.join(file).to_string_lossy().into_owned();
            let args = args.iter().filter_map(|a| a.as_str().map(str::to_string)).collect();
            recorded.push(numrs_db::RecordedSignature { file, qualname: qualname.to_string(), args });
        }
    }
    let scipy = table.get("scipy").and_then(|v| v.as_bool()).unwrap_or(true);
    Some((decorators, recorded, scipy))
}
