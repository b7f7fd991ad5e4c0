// The numrs extension: starts `numrs server` (LSP over stdio) for Python files and shows its
// state in the status bar.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  CloseAction,
  DocumentDiagnosticRequest,
  DynamicFeature,
  ErrorAction,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
  StaticFeature,
} from 'vscode-languageclient/node';

const CLIENT_ID = 'numrs'; // the client reads `numrs.trace.server` from this id
const CLIENT_NAME = 'numrs';

type ServerState = 'starting' | 'running' | 'stopped' | 'error';

let client: LanguageClient | undefined;
let outputChannel: vscode.OutputChannel;
let statusItem: vscode.StatusBarItem;
let extensionUri: vscode.Uri;
/** When the server exited unexpectedly, for the restart policy. */
let crashes: number[] = [];
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 3 * 60 * 1000;
/** Serialises start/stop/restart so that quick successive restarts do not interleave. */
let queue: Promise<void> = Promise.resolve();

export function activate(context: vscode.ExtensionContext): void {
  extensionUri = context.extensionUri;
  outputChannel = vscode.window.createOutputChannel(CLIENT_NAME);
  statusItem = vscode.window.createStatusBarItem('numrs.status', vscode.StatusBarAlignment.Left, 0);
  statusItem.name = 'numrs';
  statusItem.command = 'numrs.showOutput';
  context.subscriptions.push(outputChannel, statusItem);

  context.subscriptions.push(
    vscode.commands.registerCommand('numrs.restartServer', () => enqueue(restart)),
    vscode.commands.registerCommand('numrs.showOutput', () => outputChannel.show(true)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('numrs.path') || e.affectsConfiguration('numrs.inlayHints.enable')) {
        outputChannel.appendLine('numrs settings changed: restarting the server');
        void enqueue(restart);
      }
    }),
  );

  void enqueue(start);
}

export function deactivate(): Thenable<void> | undefined {
  return enqueue(stop);
}

function enqueue(job: () => Promise<void>): Promise<void> {
  queue = queue.then(job, job).catch((e) => {
    outputChannel.appendLine(`numrs: ${errorText(e)}`);
  });
  return queue;
}

async function restart(): Promise<void> {
  await stop();
  await start();
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) {
    try {
      await c.stop(5000);
    } catch (e) {
      outputChannel.appendLine(`numrs: stopping the server failed: ${errorText(e)}`);
    }
    await c.dispose().catch(() => undefined);
  }
  setStatus('stopped');
}

async function start(): Promise<void> {
  setStatus('starting');
  crashes = [];
  const config = vscode.workspace.getConfiguration('numrs');
  const configured = (config.get<string>('path') || 'numrs').trim() || 'numrs';
  const executable = resolveExecutable(configured);
  if (!executable) {
    setStatus('error', `cannot find the numrs executable \`${configured}\``);
    outputChannel.appendLine(`numrs: cannot find the executable '${configured}' (setting numrs.path; PATH=${process.env.PATH ?? ''})`);
    void notifyMissing(configured);
    return;
  }

  const serverOptions: ServerOptions = {
    command: executable,
    args: ['server'],
    // No `transport`: TransportKind.stdio would append `--stdio`, which `numrs server` rejects.
    options: { cwd: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'python' }],
    initializationOptions: {
      inlayHints: { enable: config.get<boolean>('inlayHints.enable', true) },
    },
    outputChannel,
    diagnosticCollectionName: 'numrs',
    errorHandler: {
      error: () => ({ action: ErrorAction.Continue }),
      closed: () => {
        // Restart after a crash, unless it crashed MAX_CRASHES times within CRASH_WINDOW_MS.
        const now = Date.now();
        crashes = crashes.filter((t) => now - t < CRASH_WINDOW_MS).concat(now);
        if (crashes.length < MAX_CRASHES) {
          outputChannel.appendLine('numrs: the server stopped unexpectedly; restarting it');
          return { action: CloseAction.Restart, handled: true };
        }
        setStatus('error', 'the server stopped unexpectedly; run "numrs: Restart Server"');
        return {
          action: CloseAction.DoNotRestart,
          message: `The numrs server stopped unexpectedly ${MAX_CRASHES} times in ${CRASH_WINDOW_MS / 60000} minutes. Run "numrs: Restart Server" to start it again; the "numrs" output channel has its messages.`,
        };
      },
    },
  };

  const c = new NumrsClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
  client = c;
  c.onDidChangeState((e) => {
    if (client !== c) return;
    if (e.newState === State.Running) setStatus('running');
    else if (e.newState === State.Starting) setStatus('starting');
    else if (statusState !== 'error') setStatus('stopped');
  });
  outputChannel.appendLine(`numrs: starting ${executable} server`);
  try {
    await c.start();
    const info = c.initializeResult?.serverInfo;
    setStatus('running', info ? `${info.name} ${info.version ?? ''}`.trim() : undefined);
  } catch (e) {
    setStatus('error', `the server failed to start: ${errorText(e)}`);
    // Not awaited: a pending notification must not hold up a restart.
    void vscode.window
      .showErrorMessage(
        `numrs: the language server (${executable} server) failed to start: ${errorText(e)}`,
        'Show Output',
        'Installation Guide',
      )
      .then((choice) => {
        if (choice === 'Show Output') outputChannel.show(true);
        else if (choice === 'Installation Guide') void openInstallGuide();
      });
  }
}

/**
 * The server both publishes diagnostics (on open, change, save and when watched files change on
 * disk) and answers `textDocument/diagnostic` pulls. VS Code would keep the two in separate
 * collections and list every diagnostic twice, and pulls are not repeated when another file
 * changes on disk, so the client uses the pushed ones only: it leaves out the pull feature, and
 * with it the client capability that asks for pulls.
 */
class NumrsClient extends LanguageClient {
  override registerFeature(feature: StaticFeature | DynamicFeature<unknown>): void {
    const method = (feature as Partial<DynamicFeature<unknown>>).registrationType?.method;
    if (method === DocumentDiagnosticRequest.method) return;
    super.registerFeature(feature);
  }
}

// ------------------------------------------------------------------ status bar --

let statusState: ServerState = 'stopped';

function setStatus(state: ServerState, detail?: string): void {
  statusState = state;
  const icon = { starting: '$(sync~spin)', running: '$(check)', stopped: '$(circle-slash)', error: '$(error)' }[state];
  statusItem.text = `${icon} numrs`;
  const tooltip = new vscode.MarkdownString(`**numrs**: ${state}${detail ? ` (${detail})` : ''}\n\nClick to show the server output.`);
  statusItem.tooltip = tooltip;
  statusItem.accessibilityInformation = { label: `numrs: ${state}` };
  statusItem.backgroundColor = state === 'error' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
  statusItem.show();
}

// --------------------------------------------------------------- executable ---

/** The absolute path of the server executable, or undefined when it cannot be found. */
export function resolveExecutable(configured: string): string | undefined {
  let p = configured;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (folder) p = p.replace(/\$\{workspaceFolder\}/g, folder);
  if (p === '~' || p.startsWith('~/')) p = path.join(os.homedir(), p.slice(1));
  const hasSeparator = p.includes('/') || (process.platform === 'win32' && p.includes('\\'));
  if (hasSeparator) {
    const abs = path.isAbsolute(p) ? p : path.resolve(folder ?? process.cwd(), p);
    return isExecutable(abs) ? abs : undefined;
  }
  const exts = process.platform === 'win32' ? (process.env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').concat(['']) : [''];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = path.join(dir, p + ext);
      if (isExecutable(candidate)) return candidate;
    }
  }
  // cargo's default install directory is often missing from the PATH a GUI editor inherits.
  const cargoBin = path.join(process.env.CARGO_HOME ?? path.join(os.homedir(), '.cargo'), 'bin', p);
  return isExecutable(cargoBin) ? cargoBin : undefined;
}

function isExecutable(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function notifyMissing(configured: string): Promise<void> {
  const choice = await vscode.window.showErrorMessage(
    `numrs: cannot find the numrs executable '${configured}'. Install numrs (cargo install --path crates/numrs_cli in a numrs checkout) or set "numrs.path" to the binary.`,
    'Installation Guide',
    'Open Settings',
  );
  if (choice === 'Installation Guide') await openInstallGuide();
  else if (choice === 'Open Settings') await vscode.commands.executeCommand('workbench.action.openSettings', 'numrs.path');
}

/** The install instructions ship in the extension's README; show it rendered. */
async function openInstallGuide(): Promise<void> {
  const readme = vscode.Uri.joinPath(extensionUri, 'README.md');
  try {
    await vscode.commands.executeCommand('markdown.showPreview', readme);
  } catch {
    await vscode.window.showTextDocument(readme);
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
