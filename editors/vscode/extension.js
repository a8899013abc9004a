// The client of the sow language server: starts `sow lsp` (the program named by the
// setting `sow.server.path`, `sow` on PATH by default) and talks to it over stdio for the
// documents of language `sow`. Plain JavaScript: `npm run bundle` (run by `vsce package`)
// bundles it with vscode-languageclient into dist/extension.js, the file VS Code loads.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;
/** @type {vscode.OutputChannel | undefined} */
let output;

/** What the user should do when the server cannot be started. */
const HOW_TO_INSTALL =
  'Install sow with `cargo install --path .` from a clone of the project (and have ~/.cargo/bin on PATH), ' +
  'or set `sow.server.path` to the sow program.';

/** The settings of the server: the program as written, and the arguments after `lsp`. */
function settings() {
  const config = vscode.workspace.getConfiguration('sow');
  const program = (config.get('server.path') || 'sow').trim() || 'sow';
  const extraArgs = (config.get('server.extraArgs') || []).filter((a) => typeof a === 'string');
  return { program, args: ['lsp', ...extraArgs] };
}

/**
 * The file a program name stands for: a path (with `~/` for the home folder; a relative one
 * from the first workspace folder), or a name looked up on PATH as a shell would.
 * Undefined if there is none that can be run.
 */
function resolveProgram(program) {
  const runnable = (file) => {
    try {
      fs.accessSync(file, process.platform === 'win32' ? fs.constants.F_OK : fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  };
  const extensions =
    process.platform === 'win32' ? ['', ...(process.env.PATHEXT || '.EXE;.CMD;.BAT;.COM').split(';')] : [''];
  let name = program;
  if (name === '~' || name.startsWith('~/')) name = path.join(os.homedir(), name.slice(1));
  if (name.includes('/') || name.includes(path.sep)) {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    const file = path.isAbsolute(name) || folder === undefined ? path.resolve(name) : path.resolve(folder, name);
    return extensions.map((e) => file + e).find(runnable);
  }
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    if (!dir) continue;
    const found = extensions.map((e) => path.join(dir, name + e)).find(runnable);
    if (found) return found;
  }
  return undefined;
}

/**
 * Says that the server could not be started, why, and what to do; offers the settings. Not
 * awaited by its callers: the notification stays until the user closes it.
 */
async function cannotStart(program, why) {
  const choice = await vscode.window.showErrorMessage(
    `The sow language server could not be started (\`${program} lsp\`): ${why}. ${HOW_TO_INSTALL}`,
    'Open Settings',
    'Show Output'
  );
  if (choice === 'Open Settings') {
    await vscode.commands.executeCommand('workbench.action.openSettings', 'sow.server');
  } else if (choice === 'Show Output') {
    output?.show(true);
  }
}

/** Starts a client for the server the settings name, unless one is running. */
async function start() {
  if (client !== undefined) return;
  const { program, args } = settings();
  const command = resolveProgram(program);
  if (command === undefined) {
    output.appendLine(`Cannot start the language server: \`${program}\` is not found or cannot be run.`);
    void cannotStart(program, program.includes('/') ? 'no such program' : `\`${program}\` is not found on PATH`);
    return;
  }
  output.appendLine(`Starting the language server: ${command} ${args.join(' ')}`);
  const serverOptions = { command, args, options: { env: process.env } };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'sow' },
      { scheme: 'untitled', language: 'sow' },
    ],
    outputChannel: output,
  };
  const started = new LanguageClient('sow', 'sow language server', serverOptions, clientOptions);
  client = started;
  try {
    await started.start();
  } catch (error) {
    if (client === started) client = undefined;
    await started.dispose().catch(() => {});
    void cannotStart(program, error instanceof Error ? error.message : String(error));
  }
}

/** Stops the running client, if any. */
async function stop() {
  const running = client;
  client = undefined;
  if (running !== undefined) {
    try {
      await running.stop();
    } catch (error) {
      output?.appendLine(`Stopping the language server: ${error instanceof Error ? error.message : error}`);
    }
    await running.dispose().catch(() => {});
  }
}

/** The last restart asked for: restarts run one after the other, never two at once. */
let restarting = Promise.resolve();

/** Stops the server and starts it again, with the settings as they are now. */
function restart() {
  restarting = restarting
    .then(stop)
    .then(start)
    .catch((error) => output?.appendLine(`Restarting the language server: ${error instanceof Error ? error.message : error}`));
  return restarting;
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  output = vscode.window.createOutputChannel('sow language server');
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand('sow.restartServer', restart),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('sow.server')) void restart();
    })
  );
  await restart();
}

function deactivate() {
  return restarting.then(stop);
}

module.exports = { activate, deactivate };
