//! `numrs server`: a Language Server Protocol server over stdio.
//!
//! One `CheckDatabase` behind a mutex serves every request; documents the client opens are
//! salsa inputs whose text is replaced on each change, so only what an edit invalidates is
//! recomputed. Every request runs under `catch_unwind`: a panic answers an internal error and
//! the server keeps serving.

mod convert;
mod transport;

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

use numrs_check::CheckDatabase;
use numrs_db::{Severity, SourceFile};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer, LspService, Server};

use convert::Positions;

struct State {
    db: CheckDatabase,
    /// Every known file: open documents and the workspace's Python files read from disk.
    documents: HashMap<Uri, SourceFile>,
    /// Documents the client has open (their text comes from the client, not the disk).
    open: std::collections::HashSet<Uri>,
    inlay_hints: bool,
}

/// Workspace files read from disk at start-up: at most this many, each at most this large.
const MAX_WORKSPACE_FILES: usize = 5000;
const MAX_FILE_BYTES: u64 = 4 << 20;

impl State {
    /// Read (or re-read) a file from disk into the database.
    fn load_from_disk(&mut self, uri: &Uri) {
        let path = uri.path().to_string();
        let bytes = std::fs::read(&path).unwrap_or_default();
        match self.documents.get(uri).copied() {
            Some(file) => self.db.set_bytes(file, &bytes),
            None => {
                let file = self.db.add_file(&path, &bytes);
                self.documents.insert(uri.clone(), file);
            }
        }
    }

    /// Forget the files under a removed workspace folder, except documents still open.
    fn unload_workspace(&mut self, root: &std::path::Path) {
        let gone: Vec<Uri> = self
            .documents
            .keys()
            .filter(|uri| !self.open.contains(*uri))
            .filter(|uri| uri.to_file_path().is_some_and(|p| p.starts_with(root)))
            .cloned()
            .collect();
        for uri in gone {
            self.documents.remove(&uri);
            self.db.remove_file(uri.path().as_str());
        }
    }

    /// Add the Python files under a workspace folder (respecting .gitignore).
    fn load_workspace(&mut self, root: &std::path::Path) {
        let walker = ignore::WalkBuilder::new(root).standard_filters(true).build();
        let mut count = 0;
        for entry in walker.flatten() {
            let path = entry.path();
            if path.extension().is_none_or(|e| e != "py") || !path.is_file() {
                continue;
            }
            if entry.metadata().map_or(true, |m| m.len() > MAX_FILE_BYTES) {
                continue;
            }
            let Some(uri) = Uri::from_file_path(path) else { continue };
            if !self.documents.contains_key(&uri) {
                self.load_from_disk(&uri);
            }
            count += 1;
            if count >= MAX_WORKSPACE_FILES {
                break;
            }
        }
    }
}

pub struct Backend {
    client: Client,
    state: Mutex<State>,
}

/// Run the server on stdin/stdout until the client exits.
pub fn run_stdio() -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(async {
        let (filtered, server_input) = tokio::io::duplex(1 << 20);
        tokio::spawn(transport::forward_valid_messages(tokio::io::stdin(), filtered));
        let (service, socket) = LspService::new(|client| Backend {
            client,
            state: Mutex::new(State {
                db: CheckDatabase::new(),
                documents: HashMap::new(),
                open: Default::default(),
                inlay_hints: true,
            }),
        });
        Server::new(server_input, tokio::io::stdout(), socket).serve(service).await;
    });
    Ok(())
}

fn internal(what: &str) -> Error {
    let mut e = Error::internal_error();
    e.message = format!("numrs: internal error while handling {what}; please report it").into();
    e
}

impl Backend {
    /// Run `f` on the state; a panic becomes an internal error instead of killing the server.
    fn with_state<T>(&self, what: &str, f: impl FnOnce(&mut State) -> T) -> Result<T> {
        let mut guard = match self.state.lock() {
            Ok(g) => g,
            Err(poisoned) => poisoned.into_inner(),
        };
        catch_unwind(AssertUnwindSafe(|| f(&mut guard))).map_err(|_| internal(what))
    }

    /// Diagnostics of a document, in protocol form.
    fn diagnostics_of(state: &State, file: SourceFile) -> Vec<Diagnostic> {
        let text = file.text(&state.db);
        let positions = Positions::new(text);
        let diagnostics = state.db.file_diagnostics(file);
        let kept = numrs_check::suppress::filter_suppressed(text, diagnostics.as_ref().clone()).kept;
        kept.iter()
            .map(|d| Diagnostic {
                range: positions.range(d.primary.span),
                severity: Some(match d.severity {
                    Severity::Error => DiagnosticSeverity::ERROR,
                    Severity::Warning => DiagnosticSeverity::WARNING,
                    Severity::Info => DiagnosticSeverity::INFORMATION,
                }),
                code: Some(NumberOrString::String(d.code.to_string())),
                source: Some("numrs".into()),
                message: match d.numba_kind {
                    Some(kind) => format!("{}\n(Numba: {kind})", d.message),
                    None => d.message.clone(),
                },
                related_information: None,
                ..Default::default()
            })
            .collect()
    }

    async fn publish(&self, uri: Uri) {
        let computed = self.with_state("diagnostics", |state| {
            state.documents.get(&uri).copied().map(|file| Self::diagnostics_of(state, file))
        });
        if let Ok(Some(diagnostics)) = computed {
            self.client.publish_diagnostics(uri, diagnostics, None).await;
        }
    }

    fn lookup(state: &State, uri: &Uri) -> Option<SourceFile> {
        state.documents.get(uri).copied()
    }
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let hints = params
            .initialization_options
            .as_ref()
            .and_then(|o| o.get("inlayHints"))
            .and_then(|h| h.get("enable"))
            .and_then(|e| e.as_bool())
            .unwrap_or(true);
        let mut roots: Vec<std::path::PathBuf> = params
            .workspace_folders
            .iter()
            .flatten()
            .filter_map(|f| f.uri.to_file_path().map(|p| p.into_owned()))
            .collect();
        #[allow(deprecated)]
        if roots.is_empty() {
            if let Some(root) = params.root_uri.as_ref().and_then(|u| u.to_file_path()) {
                roots.push(root.into_owned());
            }
        }
        let _ = self.with_state("initialize", |s| {
            s.inlay_hints = hints;
            // Project settings from the first workspace folder's pyproject.toml [tool.numrs].
            if let Some(settings) = roots.iter().find_map(|r| project_settings(r)) {
                s.db.set_settings(settings.0, settings.1);
            }
            for root in &roots {
                s.load_workspace(root);
            }
        });
        Ok(InitializeResult {
            server_info: Some(ServerInfo { name: "numrs".into(), version: Some(env!("CARGO_PKG_VERSION").into()) }),
            capabilities: ServerCapabilities {
                text_document_sync: Some(TextDocumentSyncCapability::Options(TextDocumentSyncOptions {
                    open_close: Some(true),
                    change: Some(TextDocumentSyncKind::INCREMENTAL),
                    save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                    ..Default::default()
                })),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                inlay_hint_provider: Some(OneOf::Left(true)),
                document_symbol_provider: Some(OneOf::Left(true)),
                definition_provider: Some(OneOf::Left(true)),
                code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
                workspace: Some(WorkspaceServerCapabilities {
                    workspace_folders: Some(WorkspaceFoldersServerCapabilities {
                        supported: Some(true),
                        change_notifications: Some(OneOf::Left(true)),
                    }),
                    file_operations: None,
                }),
                diagnostic_provider: Some(DiagnosticServerCapabilities::Options(DiagnosticOptions {
                    identifier: Some("numrs".into()),
                    inter_file_dependencies: false,
                    workspace_diagnostics: false,
                    ..Default::default()
                })),
                ..ServerCapabilities::default()
            },
            ..Default::default()
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        // Watch the workspace's Python files, so edits made outside the editor are seen.
        let watchers = DidChangeWatchedFilesRegistrationOptions {
            watchers: vec![FileSystemWatcher { glob_pattern: GlobPattern::String("**/*.py".into()), kind: None }],
        };
        if let Ok(options) = serde_json::to_value(watchers) {
            let registration = Registration {
                id: "numrs-watch-python".into(),
                method: "workspace/didChangeWatchedFiles".into(),
                register_options: Some(options),
            };
            // Clients without dynamic registration answer with an error; that is fine.
            let _ = self.client.register_capability(vec![registration]).await;
        }
        self.client.log_message(MessageType::INFO, "numrs server ready").await;
    }

    async fn shutdown(&self) -> Result<()> {
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let uri = params.text_document.uri.clone();
        let path = uri.path().to_string();
        let text = params.text_document.text;
        let _ = self.with_state("didOpen", |state| {
            state.open.insert(uri.clone());
            match state.documents.get(&uri).copied() {
                Some(file) => state.db.set_text(file, &text),
                None => {
                    let file = state.db.add_file(&path, text.as_bytes());
                    state.documents.insert(uri.clone(), file);
                }
            }
        });
        self.publish(uri).await;
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri.clone();
        let _ = self.with_state("didChange", |state| {
            let Some(file) = state.documents.get(&uri).copied() else { return };
            let mut text = file.text(&state.db).to_string();
            for change in params.content_changes {
                match change.range {
                    Some(range) => {
                        let positions = Positions::new(&text);
                        let (start, end) = (positions.offset(range.start), positions.offset(range.end));
                        let (start, end) = (start.min(end) as usize, start.max(end) as usize);
                        if end <= text.len() && text.is_char_boundary(start) && text.is_char_boundary(end) {
                            text.replace_range(start..end, &change.text);
                        }
                    }
                    None => text = change.text,
                }
            }
            state.db.set_text(file, &text);
        });
        self.publish(uri).await;
    }

    async fn did_save(&self, params: DidSaveTextDocumentParams) {
        self.publish(params.text_document.uri).await;
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        // The file stays known (other files may import from it), with its text from disk.
        let _ = self.with_state("didClose", |state| {
            state.open.remove(&uri);
            state.load_from_disk(&uri);
        });
        self.client.publish_diagnostics(uri, vec![], None).await;
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        // `{"numrs": {"inlayHints": {"enable": bool}}}` (the VS Code extension's settings).
        let enable = params
            .settings
            .get("numrs")
            .and_then(|n| n.get("inlayHints"))
            .and_then(|h| h.get("enable"))
            .and_then(|e| e.as_bool());
        if let Some(enable) = enable {
            let _ = self.with_state("didChangeConfiguration", |s| s.inlay_hints = enable);
        }
    }

    async fn did_change_workspace_folders(&self, params: DidChangeWorkspaceFoldersParams) {
        let paths = |folders: &[WorkspaceFolder]| -> Vec<std::path::PathBuf> {
            folders.iter().filter_map(|f| f.uri.to_file_path().map(|p| p.into_owned())).collect()
        };
        let (added, removed) = (paths(&params.event.added), paths(&params.event.removed));
        let _ = self.with_state("didChangeWorkspaceFolders", |state| {
            for root in &removed {
                state.unload_workspace(root);
            }
            for root in &added {
                state.load_workspace(root);
            }
        });
        // Imports of open documents may resolve differently now.
        let open: Vec<Uri> = self.with_state("didChangeWorkspaceFolders", |s| s.open.iter().cloned().collect()).unwrap_or_default();
        for uri in open {
            self.publish(uri).await;
        }
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        let changed: Vec<Uri> = params.changes.iter().map(|c| c.uri.clone()).collect();
        let _ = self.with_state("didChangeWatchedFiles", |state| {
            for uri in &changed {
                if !state.open.contains(uri) && uri.path().as_str().ends_with(".py") {
                    state.load_from_disk(uri);
                }
            }
        });
        // Open documents may depend on what changed.
        let open: Vec<Uri> = self.with_state("didChangeWatchedFiles", |s| s.open.iter().cloned().collect()).unwrap_or_default();
        for uri in open {
            self.publish(uri).await;
        }
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let uri = params.text_document_position_params.text_document.uri;
        let position = params.text_document_position_params.position;
        self.with_state("hover", |state| {
            let file = Self::lookup(state, &uri)?;
            let positions = Positions::new(file.text(&state.db));
            let info = numrs_ide::hover(&state.db, file, positions.offset(position))?;
            Some(Hover {
                contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value: info.markdown }),
                range: Some(positions.range(info.span)),
            })
        })
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let uri = params.text_document.uri;
        self.with_state("inlayHint", |state| {
            if !state.inlay_hints {
                return Some(vec![]);
            }
            let file = Self::lookup(state, &uri)?;
            let positions = Positions::new(file.text(&state.db));
            let (start, end) = (positions.offset(params.range.start), positions.offset(params.range.end));
            Some(
                numrs_ide::inlay_hints_in(&state.db, file, start, end)
                    .into_iter()
                    .filter(|h| h.offset >= start && h.offset <= end)
                    .map(|h| InlayHint {
                        position: positions.position(h.offset),
                        label: InlayHintLabel::String(h.label),
                        kind: Some(InlayHintKind::TYPE),
                        text_edits: None,
                        tooltip: None,
                        padding_left: None,
                        padding_right: None,
                        data: None,
                    })
                    .collect(),
            )
        })
    }

    async fn document_symbol(&self, params: DocumentSymbolParams) -> Result<Option<DocumentSymbolResponse>> {
        let uri = params.text_document.uri;
        self.with_state("documentSymbol", |state| {
            let file = Self::lookup(state, &uri)?;
            let positions = Positions::new(file.text(&state.db));
            #[allow(deprecated)]
            let symbols = numrs_ide::document_symbols(&state.db, file)
                .into_iter()
                .map(|s| DocumentSymbol {
                    name: s.name,
                    detail: Some(s.detail),
                    kind: SymbolKind::FUNCTION,
                    tags: None,
                    deprecated: None,
                    range: positions.range(s.span),
                    selection_range: positions.range(s.selection),
                    children: None,
                })
                .collect();
            Some(DocumentSymbolResponse::Nested(symbols))
        })
    }

    async fn goto_definition(&self, params: GotoDefinitionParams) -> Result<Option<GotoDefinitionResponse>> {
        let uri = params.text_document_position_params.text_document.uri;
        let position = params.text_document_position_params.position;
        self.with_state("definition", |state| {
            let file = Self::lookup(state, &uri)?;
            let positions = Positions::new(file.text(&state.db));
            let span = numrs_ide::goto_definition(&state.db, file, positions.offset(position))?;
            Some(GotoDefinitionResponse::Scalar(Location { uri: uri.clone(), range: positions.range(span) }))
        })
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let uri = params.text_document.uri;
        self.with_state("codeAction", |state| {
            let file = Self::lookup(state, &uri)?;
            let positions = Positions::new(file.text(&state.db));
            let (start, end) = (positions.offset(params.range.start), positions.offset(params.range.end));
            let actions = numrs_ide::code_actions(&state.db, file, start, end)
                .into_iter()
                .map(|a| {
                    let edits = a
                        .edits
                        .iter()
                        .map(|(span, text)| TextEdit { range: positions.range(*span), new_text: text.clone() })
                        .collect();
                    let mut changes = HashMap::new();
                    changes.insert(uri.clone(), edits);
                    CodeActionOrCommand::CodeAction(tower_lsp_server::ls_types::CodeAction {
                        title: a.title,
                        kind: Some(CodeActionKind::QUICKFIX),
                        edit: Some(WorkspaceEdit { changes: Some(changes), ..Default::default() }),
                        is_preferred: Some(a.fixes.is_some()),
                        ..Default::default()
                    })
                })
                .collect();
            Some(actions)
        })
    }

    async fn diagnostic(&self, params: DocumentDiagnosticParams) -> Result<DocumentDiagnosticReportResult> {
        let uri = params.text_document.uri;
        let items = self
            .with_state("diagnostic", |state| Self::lookup(state, &uri).map(|f| Self::diagnostics_of(state, f)))?
            .unwrap_or_default();
        Ok(DocumentDiagnosticReportResult::Report(DocumentDiagnosticReport::Full(RelatedFullDocumentDiagnosticReport {
            related_documents: None,
            full_document_diagnostic_report: FullDocumentDiagnosticReport { result_id: None, items },
        })))
    }
}

/// `[tool.numrs]` of `root/pyproject.toml`: extra decorator names and recorded signatures
/// (JSON lines, path relative to the project root). Malformed settings are ignored here; `numrs
/// check` reports them.
fn project_settings(root: &std::path::Path) -> Option<(Vec<String>, Vec<numrs_db::RecordedSignature>)> {
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
    Some((decorators, recorded))
}
