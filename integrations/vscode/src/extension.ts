// The divlint extension: starts `divlint lsp` for CUDA files (diagnostics, hover, quick fixes
// come from the server) and adds a command that runs `divlint confirm` on the kernel under the
// cursor in a terminal. Settings changes restart the server with the new arguments.
import * as path from 'path';
import * as vscode from 'vscode';
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

/// `divlint lsp`'s arguments from the settings.
export function serverArguments(config: vscode.WorkspaceConfiguration): string[] {
  const args = ['lsp'];
  const blockDim = config.get<string>('blockDim', '').trim();
  if (blockDim) {
    args.push(`--block-dim=${blockDim}`);
  }
  const checks = config.get<string>('checks', '').trim();
  if (checks) {
    args.push(`--checks=${checks}`);
  }
  const compileCommandsDir = config.get<string>('compileCommandsDir', '').trim();
  if (compileCommandsDir) {
    args.push(`--compile-commands-dir=${expandWorkspace(compileCommandsDir)}`);
  }
  // Last: they may end with `-- <compile flags>`.
  args.push(...config.get<string[]>('extraArgs', []));
  return args;
}

/// ${workspaceFolder} in a setting, as VS Code's own settings spell it.
function expandWorkspace(value: string): string {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
  return value.replace(/\$\{workspaceFolder\}/g, folder);
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  const config = vscode.workspace.getConfiguration('divlint');
  const command = expandWorkspace(config.get<string>('path', 'divlint'));
  const serverOptions: ServerOptions = {
    command,
    args: serverArguments(config),
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'cuda-cpp' },
      { scheme: 'file', language: 'cuda' },
      { scheme: 'file', pattern: '**/*.{cu,cuh}' },
    ],
    outputChannelName: 'divlint',
  };
  client = new LanguageClient('divlint', 'divlint', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    vscode.window.showErrorMessage(
      `divlint: cannot start '${command} lsp' (${error}). Set divlint.path to the divlint executable.`);
  }
}

async function restartClient(context: vscode.ExtensionContext): Promise<void> {
  if (client) {
    await client.stop();
    client = undefined;
  }
  await startClient(context);
}

/// The __global__ function that encloses the cursor (the last one declared above it).
function kernelAtCursor(editor: vscode.TextEditor): string | undefined {
  const before = editor.document.getText(
    new vscode.Range(new vscode.Position(0, 0), editor.selection.active));
  const kernels = [...before.matchAll(/__global__[\s\S]*?\b([A-Za-z_]\w*)\s*\(/g)];
  return kernels.length ? kernels[kernels.length - 1][1] : undefined;
}

async function confirmKernel(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.scheme !== 'file') {
    vscode.window.showErrorMessage('divlint: open a CUDA file and put the cursor in a kernel.');
    return;
  }
  if (editor.document.isDirty) {
    await editor.document.save(); // confirm compiles the file on disk
  }
  const config = vscode.workspace.getConfiguration('divlint');
  const kernel = await vscode.window.showInputBox({
    prompt: 'Kernel to launch (a __global__ function of this file)',
    value: kernelAtCursor(editor) ?? '',
  });
  if (!kernel) {
    return;
  }
  const grid = await vscode.window.showInputBox({ prompt: 'Grid X[,Y[,Z]]', value: '64' });
  if (!grid) {
    return;
  }
  const block = await vscode.window.showInputBox({
    prompt: 'Block X[,Y[,Z]]',
    value: config.get<string>('blockDim', '').trim() || '256',
  });
  if (!block) {
    return;
  }
  const file = editor.document.uri.fsPath;
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const terminal = vscode.window.createTerminal({
    name: `divlint confirm ${kernel}`,
    cwd: path.dirname(file),
  });
  terminal.show();
  terminal.sendText([quote(expandWorkspace(config.get<string>('path', 'divlint'))), 'confirm',
    quote(file), '--kernel', quote(kernel), '--grid', quote(grid), '--block', quote(block)]
    .join(' '));
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand('divlint.confirmKernel', confirmKernel),
    vscode.commands.registerCommand('divlint.restartServer', () => restartClient(context)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('divlint')) {
        void restartClient(context);
      }
    }));
  await startClient(context);
}

export async function deactivate(): Promise<void> {
  if (client) {
    await client.stop();
  }
}
