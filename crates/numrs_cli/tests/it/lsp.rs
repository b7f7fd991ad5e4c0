//! End-to-end tests of `numrs server`: a real LSP client speaking JSON-RPC over the binary's
//! stdin/stdout.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    next_id: i64,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_numrs"))
            .arg("server")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start numrs server");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut length = 0usize;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(v) = line.strip_prefix("Content-Length:") {
                        length = v.trim().parse().unwrap_or(0);
                    }
                }
                let mut body = vec![0; length];
                if reader.read_exact(&mut body).is_err() {
                    return;
                }
                if let Ok(v) = serde_json::from_slice::<Value>(&body) {
                    if tx.send(v).is_err() {
                        return;
                    }
                }
            }
        });
        Client { child, stdin, messages: rx, next_id: 1 }
    }

    fn send_raw(&mut self, body: &str) {
        let _ = write!(self.stdin, "Content-Length: {}\r\n\r\n{}", body.len(), body);
        let _ = self.stdin.flush();
    }

    fn notify(&mut self, method: &str, params: Value) {
        let body = json!({"jsonrpc": "2.0", "method": method, "params": params}).to_string();
        self.send_raw(&body);
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let body = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string();
        self.send_raw(&body);
        self.wait_for(|m| m.get("id") == Some(&json!(id)) && m.get("method").is_none())
    }

    fn wait_for(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self.messages.recv_timeout(Duration::from_secs(120)).expect("message from the server in time (a hang guard)");
            if pred(&m) {
                return m;
            }
        }
    }

    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        let m = self.wait_for(|m| {
            m.get("method") == Some(&json!("textDocument/publishDiagnostics")) && m["params"]["uri"] == json!(uri)
        });
        m["params"]["diagnostics"].as_array().cloned().unwrap_or_default()
    }

    fn initialize(&mut self) -> Value {
        let r = self.request("initialize", json!({"processId": null, "rootUri": null, "capabilities": {}}));
        self.notify("initialized", json!({}));
        r
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const URI: &str = "file:///numrs-lsp-test/kernels.py";

const BROKEN: &str = "from numba import njit\n\n@njit(\"(int64,)\")\ndef describe(n):\n    if n % 2 == 0:\n        d = n\n    else:\n        d = \"odd\"\n    return d\n\n@njit(\"float64(float64[:])\")\ndef mean(xs):\n    total = 0.0\n    for i in range(xs.shape[0]):\n        total += xs[i]\n    return total / xs.shape[0]\n";

#[test]
fn diagnostics_hover_symbols_and_fix() {
    let mut c = Client::start();
    let init = c.initialize();
    let caps = &init["result"]["capabilities"];
    assert_eq!(caps["hoverProvider"], json!(true));
    assert!(caps["inlayHintProvider"].is_object() || caps["inlayHintProvider"] == json!(true));

    c.notify("textDocument/didOpen", json!({"textDocument": {"uri": URI, "languageId": "python", "version": 1, "text": BROKEN}}));
    let diags = c.diagnostics(URI);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0]["code"], json!("cannot-unify"));
    assert_eq!(diags[0]["range"]["start"]["line"], json!(8), "the error is on `return d` (line 9)");

    // Hover on `total` (line 13, 0-based 12) shows its Numba type in the specialisation.
    let hover = c.request("textDocument/hover", json!({"textDocument": {"uri": URI}, "position": {"line": 12, "character": 5}}));
    let text = hover["result"]["contents"]["value"].as_str().unwrap_or_default().to_string();
    assert!(text.contains("total: float64"), "{text}");
    assert!(text.contains("mean(array(float64, 1d, A))"), "{text}");

    // Hover on the function name lists its signatures.
    let hover = c.request("textDocument/hover", json!({"textDocument": {"uri": URI}, "position": {"line": 11, "character": 6}}));
    let text = hover["result"]["contents"]["value"].as_str().unwrap_or_default().to_string();
    assert!(text.contains("mean(array(float64, 1d, A)) -> float64"), "{text}");

    // Hover on a library call shows the signature it resolved to.
    let hover = c.request("textDocument/hover", json!({"textDocument": {"uri": URI}, "position": {"line": 13, "character": 15}}));
    let text = hover["result"]["contents"]["value"].as_str().unwrap_or_default().to_string();
    assert!(text.contains("range(int64) -> range_state_int64"), "{text}");

    let symbols = c.request("textDocument/documentSymbol", json!({"textDocument": {"uri": URI}}));
    let names: Vec<&str> = symbols["result"].as_array().into_iter().flatten().filter_map(|s| s["name"].as_str()).collect();
    assert_eq!(names, ["describe", "mean"]);

    let hints = c.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": URI}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 20, "character": 0}}}),
    );
    let labels: Vec<&str> = hints["result"].as_array().into_iter().flatten().filter_map(|h| h["label"].as_str()).collect();
    assert!(labels.contains(&": float64"), "{labels:?}");
    assert!(labels.contains(&" -> float64"), "{labels:?}");

    // Pull diagnostics agree with the pushed ones.
    let pulled = c.request("textDocument/diagnostic", json!({"textDocument": {"uri": URI}}));
    assert_eq!(pulled["result"]["items"].as_array().map(|a| a.len()), Some(1));

    // Fix the error with an incremental edit: `d = "odd"` → `d = -n` (line 8, 0-based 7).
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 7, "character": 12}, "end": {"line": 7, "character": 17}}, "text": "-n"}
        ]}),
    );
    let diags = c.diagnostics(URI);
    assert!(diags.is_empty(), "fixed: {diags:?}");
}

#[test]
fn bad_requests_do_not_kill_the_server() {
    let mut c = Client::start();
    c.initialize();
    // Malformed JSON, an unknown method, an unknown document, an out-of-range position.
    c.send_raw("{ this is not json");
    let unknown = c.request("numrs/doesNotExist", json!({}));
    assert!(unknown.get("error").is_some(), "{unknown}");
    let hover = c.request("textDocument/hover", json!({"textDocument": {"uri": "file:///nope.py"}, "position": {"line": 3, "character": 3}}));
    assert!(hover.get("result").is_some(), "{hover}");
    c.notify("textDocument/didOpen", json!({"textDocument": {"uri": URI, "languageId": "python", "version": 1, "text": "def broken(:\n"}}));
    let diags = c.diagnostics(URI);
    assert_eq!(diags[0]["code"], json!("syntax-error"));
    let far = c.request("textDocument/hover", json!({"textDocument": {"uri": URI}, "position": {"line": 999, "character": 999}}));
    assert!(far.get("result").is_some(), "{far}");
    // An edit storm with broken intermediate states, then the server still answers.
    for i in 0..200 {
        let text = if i % 3 == 0 { "def f(:\n".to_string() } else { format!("x = {i}\n") };
        c.notify("textDocument/didChange", json!({"textDocument": {"uri": URI, "version": i + 2}, "contentChanges": [{"text": text}]}));
    }
    let symbols = c.request("textDocument/documentSymbol", json!({"textDocument": {"uri": URI}}));
    assert!(symbols.get("result").is_some(), "{symbols}");
    let shutdown = c.request("shutdown", json!(null));
    assert!(shutdown.get("result").is_some());
}

/// Files of the workspace that are not open are read from disk: a jit function imported from
/// one of them types the open file, and a change on disk is picked up.
#[test]
fn workspace_files_are_read_and_watched() {
    let dir = std::env::temp_dir().join(format!("numrs-lsp-ws-{}", std::process::id()));
    let pkg = dir.join("pkg");
    std::fs::create_dir_all(&pkg).expect("mkdir");
    std::fs::write(pkg.join("kernels.py"), "from numba import njit\n\n@njit\ndef scaled(x):\n    return x * 2.5\n").expect("write");
    let main = "from numba import njit\nfrom .kernels import scaled\n\n@njit(\"(unicode_type,)\")\ndef bad(s):\n    return scaled(s)\n";
    std::fs::write(pkg.join("main.py"), main).expect("write");
    let root = format!("file://{}", dir.display());
    let uri = format!("file://{}", pkg.join("main.py").display());

    let mut c = Client::start();
    c.request("initialize", json!({"processId": null, "rootUri": root, "capabilities": {}}));
    c.notify("initialized", json!({}));
    c.notify("textDocument/didOpen", json!({"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": main}}));
    let diags = c.diagnostics(&uri);
    assert_eq!(diags.len(), 1, "the call types through kernels.py: {diags:?}");
    assert_eq!(diags[0]["code"], json!("no-matching-operator"));

    // kernels.py changes on disk; the watched-files notification makes the error go away.
    std::fs::write(pkg.join("kernels.py"), "from numba import njit\n\n@njit\ndef scaled(x):\n    return x\n").expect("write");
    let kernels_uri = format!("file://{}", pkg.join("kernels.py").display());
    c.notify("workspace/didChangeWatchedFiles", json!({"changes": [{"uri": kernels_uri, "type": 2}]}));
    let diags = c.diagnostics(&uri);
    assert!(diags.is_empty(), "{diags:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn code_actions_fix_untyped_globals_and_write_signatures() {
    let uri = "file:///numrs-lsp-test/actions.py";
    let text = "from numba import njit\n\ndef helper(x):\n    return x + 1\n\n@njit\ndef scale(x):\n    return x * 2.0\n\n@njit(\"(int64,)\")\ndef f(n):\n    return scale(n)\n\n@njit(\"(int64,)\")\ndef g(n):\n    return helper(n)\n";
    let mut c = Client::start();
    c.initialize();
    c.notify("textDocument/didOpen", json!({"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}}));
    let diags = c.diagnostics(uri);
    assert_eq!(diags[0]["code"], json!("untyped-global"));
    let r = c.request("textDocument/codeAction", json!({"textDocument": {"uri": uri}, "range": diags[0]["range"], "context": {"diagnostics": diags}}));
    let actions = r["result"].as_array().cloned().unwrap_or_default();
    let decorate = actions.iter().find(|a| a["title"].as_str().is_some_and(|t| t.contains("@njit"))).expect("decorate action");
    let edit = &decorate["edit"]["changes"][uri][0];
    assert_eq!(edit["newText"], json!("@njit\n"));
    assert_eq!(edit["range"]["start"]["line"], json!(2), "inserted above `def helper`");

    // On `scale` (no signature, typed for its caller as int64): write the signature.
    let r = c.request("textDocument/codeAction", json!({"textDocument": {"uri": uri}, "range": {"start": {"line": 6, "character": 4}, "end": {"line": 6, "character": 4}}, "context": {"diagnostics": []}}));
    let actions = r["result"].as_array().cloned().unwrap_or_default();
    let add = actions.iter().find(|a| a["title"].as_str().is_some_and(|t| t.contains("inferred signature"))).expect("signature action");
    assert_eq!(add["edit"]["changes"][uri][0]["newText"], json!("njit(\"(int64,)\")"));
}

/// `[tool.numrs]` in the workspace's pyproject.toml configures the server (extra decorators).
#[test]
fn project_settings_configure_the_server() {
    let dir = std::env::temp_dir().join(format!("numrs-lsp-cfg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("mkdir");
    std::fs::write(dir.join("pyproject.toml"), "[tool.numrs]\nextra-decorators = [\"tools.fastjit\"]\n").expect("write");
    let text = "from tools import fastjit\n\n@fastjit(\"(int64,)\")\ndef f(n):\n    return n + \"a\"\n";
    std::fs::write(dir.join("m.py"), text).expect("write");
    let root = format!("file://{}", dir.display());
    let uri = format!("file://{}", dir.join("m.py").display());
    let mut c = Client::start();
    c.request("initialize", json!({"processId": null, "rootUri": root, "capabilities": {}}));
    c.notify("initialized", json!({}));
    c.notify("textDocument/didOpen", json!({"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}}));
    let diags = c.diagnostics(&uri);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0]["code"], json!("no-matching-operator"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `scipy = false` in `[tool.numrs]`: the server types `np.dot` as Numba without SciPy does
/// (its ImportError); by default SciPy is taken to be installed.
#[test]
fn project_settings_say_whether_scipy_is_installed() {
    let text = "import numpy as np\nfrom numba import njit\n\n@njit(\"float64(float64[::1], float64[::1])\")\ndef f(a, b):\n    return np.dot(a, b)\n";
    for (config, expected) in [("[tool.numrs]\n", 0), ("[tool.numrs]\nscipy = false\n", 1)] {
        let dir = std::env::temp_dir().join(format!("numrs-lsp-scipy-{}-{expected}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("mkdir");
        std::fs::write(dir.join("pyproject.toml"), config).expect("write");
        std::fs::write(dir.join("m.py"), text).expect("write");
        let root = format!("file://{}", dir.display());
        let uri = format!("file://{}", dir.join("m.py").display());
        let mut c = Client::start();
        c.request("initialize", json!({"processId": null, "rootUri": root, "capabilities": {}}));
        c.notify("initialized", json!({}));
        c.notify("textDocument/didOpen", json!({"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}}));
        let diags = c.diagnostics(&uri);
        assert_eq!(diags.len(), expected, "{config}: {diags:?}");
        if expected == 1 {
            assert!(diags[0]["message"].as_str().is_some_and(|m| m.contains("scipy")), "{diags:?}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Workspace folders added and removed after start-up: their files become importable, then
/// are forgotten again.
#[test]
fn workspace_folders_can_be_added_and_removed() {
    let dir = std::env::temp_dir().join(format!("numrs-lsp-folders-{}", std::process::id()));
    let lib = dir.join("lib");
    std::fs::create_dir_all(&lib).expect("mkdir");
    std::fs::write(lib.join("kernels.py"), "from numba import njit\n\n@njit\ndef scaled(x):\n    return x * 2.5\n").expect("write");
    let uri = "file:///numrs-lsp-test/app/main.py";
    let main = "from numba import njit\nfrom kernels import scaled\n\n@njit(\"(unicode_type,)\")\ndef bad(s):\n    return scaled(s)\n";
    let folder = json!([{"uri": format!("file://{}", lib.display()), "name": "lib"}]);

    let mut c = Client::start();
    c.initialize();
    c.notify("textDocument/didOpen", json!({"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": main}}));
    let before = c.diagnostics(uri);
    assert_eq!(before.len(), 1, "{before:?}");
    assert_ne!(before[0]["code"], json!("no-matching-operator"), "kernels.py is not known yet: {before:?}");

    c.notify("workspace/didChangeWorkspaceFolders", json!({"event": {"added": folder, "removed": []}}));
    let added = c.diagnostics(uri);
    assert_eq!(added.len(), 1, "{added:?}");
    assert_eq!(added[0]["code"], json!("no-matching-operator"), "the call types through lib/kernels.py: {added:?}");

    c.notify("workspace/didChangeWorkspaceFolders", json!({"event": {"added": [], "removed": folder}}));
    let removed = c.diagnostics(uri);
    assert_eq!(removed, before, "back to not knowing kernels.py");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The protocol's life cycle: requests before `initialize` and after `shutdown` are refused
/// with the protocol's error codes; a second `initialize` too; a batch is answered per message.
#[test]
fn life_cycle_errors() {
    let mut c = Client::start();
    let early = c.request("textDocument/hover", json!({"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}}));
    assert_eq!(early["error"]["code"], json!(-32002), "{early}");
    c.initialize();
    let again = c.request("initialize", json!({"processId": null, "rootUri": null, "capabilities": {}}));
    assert_eq!(again["error"]["code"], json!(-32600), "{again}");
    let missing = c.request("textDocument/hover", json!({"position": {"line": 0, "character": 0}}));
    assert_eq!(missing["error"]["code"], json!(-32602), "{missing}");
    c.send_raw(r#"[{"jsonrpc": "2.0", "id": 900, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": "file:///x.py"}}}]"#);
    let batched = c.wait_for(|m| m.get("id") == Some(&json!(900)));
    assert!(batched.get("result").is_some(), "{batched}");
    let shutdown = c.request("shutdown", json!(null));
    assert_eq!(shutdown["result"], json!(null));
    let late = c.request("textDocument/documentSymbol", json!({"textDocument": {"uri": URI}}));
    assert_eq!(late["error"]["code"], json!(-32600), "{late}");
}
