//! `sow lsp`

use std::process::ExitCode;

use clap::Args;

use super::{Failure, Outcome};

/// Run the language server for rules files over standard input and output (JSON-RPC, the
/// Language Server Protocol): diagnostics as you type, hover, completion, go to definition,
/// find references, formatting and document symbols. An editor starts it; the VS Code
/// extension in editors/vscode does.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sow lsp                                   what an editor runs (the VS Code extension, or any LSP client)\n\nIn Neovim: vim.lsp.start({ name = \"sow\", cmd = { \"sow\", \"lsp\" } }) for files of type sow."
)]
pub struct LspArgs {}

pub fn run(_args: LspArgs) -> Outcome {
    let code = sow::lsp::serve(std::io::stdin().lock(), std::io::stdout())
        .map_err(|e| Failure::Message(format!("the language server stopped: {e}")))?;
    Ok(if code == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
