//! What the server answers: diagnostics, hover, completion, definition, references,
//! formatting and document symbols.

use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionParams, CompletionTextEdit, DiagnosticRelatedInformation,
    DiagnosticSeverity, DocumentFormattingParams, DocumentSymbol, DocumentSymbolParams, GotoDefinitionParams,
    Hover, HoverContents, HoverParams, Location, MarkupContent, MarkupKind, NumberOrString, ReferenceParams,
    SymbolKind, TextEdit, Uri,
};
use miette::Diagnostic;
use serde_json::{Value, json};

use super::{Document, Refusal, Server};
use crate::span::Span;
use crate::syntax::outline::{self, Outline, Section};

/// The file name a document's diagnostics and model are given: the last part of its URI.
fn file_name(uri: &str) -> &str {
    uri.rsplit('/').next().filter(|n| !n.is_empty()).unwrap_or("rules.sow")
}

/// Every diagnostic `sow check` gives on the document: its errors, or its warnings; and if
/// it checks, the compiled rules of its base game and every ruleset. `None` if `stop` said
/// to give up.
pub fn diagnostics(
    uri: &str,
    document: &Document,
    stop: &dyn Fn() -> bool,
) -> Option<(Vec<lsp_types::Diagnostic>, Option<Vec<crate::engine::Rules>>)> {
    let parsed: Option<Uri> = uri.parse().ok();
    let found: Vec<lsp_types::Diagnostic>;
    let mut compiled = None;
    let total = match crate::compile::check_unless(file_name(uri), document.text(), stop)? {
        Ok((rules, warnings)) => {
            compiled = Some(rules);
            found = warnings
                .warnings
                .iter()
                .take(MAX_DIAGNOSTICS)
                .map(|w| convert(document, parsed.as_ref(), w))
                .collect();
            warnings.len()
        }
        Err(error) => {
            found = error
                .problems
                .iter()
                .take(MAX_DIAGNOSTICS)
                .map(|p| convert(document, parsed.as_ref(), p))
                .collect();
            error.problems.len()
        }
    };
    let mut found = found;
    if total > found.len() {
        let severity = found.last().and_then(|d| d.severity);
        found.push(lsp_types::Diagnostic {
            range: document.range(Span::new(0, 0)),
            severity,
            source: Some("sow".to_string()),
            message: format!("and {} more not shown (`sow check` lists them all)", total - found.len()),
            ..lsp_types::Diagnostic::default()
        });
    }
    Some((found, compiled))
}

/// Diagnostics sent for one document; the others are counted in one more.
const MAX_DIAGNOSTICS: usize = 100;

/// One miette diagnostic as the protocol's: its first primary label (else first label) is the
/// range, every label with words is related information, its help follows the message.
fn convert(document: &Document, uri: Option<&Uri>, diagnostic: &dyn Diagnostic) -> lsp_types::Diagnostic {
    let mut source: Option<&dyn Diagnostic> = Some(diagnostic);
    let mut labels = Vec::new();
    while let Some(d) = source {
        labels.extend(d.labels().into_iter().flatten().take(crate::render::MAX_LABELS));
        if !labels.is_empty() {
            break;
        }
        source = d.diagnostic_source();
    }
    let span = |l: &miette::LabeledSpan| Span::new(l.offset(), l.offset() + l.len());
    let primary = labels.iter().find(|l| l.primary()).or(labels.first());
    let range = primary.map_or_else(|| document.range(Span::new(0, 0)), |l| document.range(span(l)));
    let severity = match diagnostic.severity() {
        Some(miette::Severity::Warning) => DiagnosticSeverity::WARNING,
        Some(miette::Severity::Advice) => DiagnosticSeverity::HINT,
        _ => DiagnosticSeverity::ERROR,
    };
    let mut message = diagnostic.to_string();
    if let Some(help) = diagnostic.help() {
        message.push_str(&format!("\nhelp: {help}"));
    }
    let related = uri.map(|uri| {
        labels
            .iter()
            .filter_map(|l| {
                Some(DiagnosticRelatedInformation {
                    location: Location::new(uri.clone(), document.range(span(l))),
                    message: l.label()?.to_string(),
                })
            })
            .collect::<Vec<_>>()
    });
    lsp_types::Diagnostic {
        range,
        severity: Some(severity),
        code: diagnostic.code().map(|c| NumberOrString::String(c.to_string())),
        source: Some("sow".to_string()),
        message,
        related_information: related.filter(|r| !r.is_empty()),
        ..lsp_types::Diagnostic::default()
    }
}

fn document<'a>(server: &'a Server, uri: &Uri) -> Option<&'a Document> {
    server.documents.get(uri.as_str())
}

fn markdown(value: String) -> Value {
    json!(Hover {
        contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value }),
        range: None
    })
}

/// Hover: over a name, what it names (its declarations); over a phrase, the grammar's
/// documentation of the innermost documented rule under the cursor, and what the section it
/// stands in compiles to (once the text has checked). Nothing is parsed or compiled here: the
/// text's parse and compiled rules are those the server's threads keep, and a hover that
/// comes before the newest text is parsed waits at most [`super::analysis::PARSE_WAIT`].
pub fn hover(server: &Server, params: HoverParams) -> Result<Value, Refusal> {
    let at = params.text_document_position_params;
    if document(server, &at.text_document.uri).is_none() {
        return Ok(Value::Null);
    }
    let Some(analysis) = server.shared.current(at.text_document.uri.as_str()) else { return Ok(Value::Null) };
    let Some((outline, tree)) = &analysis.parsed else { return Ok(Value::Null) };
    let text = analysis.document.text();
    let offset = analysis.document.offset(at.position);
    if let Some(site) = outline.name_at(offset) {
        let mut value = format!("**{}** `{}`", site.kind.describe(), site.name);
        let declared: Vec<_> = outline.declarations(site.kind, &site.name).collect();
        if declared.is_empty() {
            value.push_str("\n\nnot declared in this file");
        }
        for declaration in declared.iter().take(MAX_DECLARATIONS_SHOWN) {
            let where_ = outline
                .ruleset_at(declaration.span.start)
                .map_or_else(|| "in the base game".to_string(), |r| format!("in ruleset \"{r}\""));
            let phrase = crate::syntax::phrase(window(text, declaration.section));
            value.push_str(&format!("\n\n{where_}:\n```sow\n{}\n```", shorten(&phrase, 400)));
        }
        if declared.len() > MAX_DECLARATIONS_SHOWN {
            value.push_str(&format!("\n\nand {} more", declared.len() - MAX_DECLARATIONS_SHOWN));
        }
        return Ok(markdown(value));
    }
    let chain = tree.rules_at(offset);
    let Some((rule, span)) =
        chain.iter().rev().find(|(rule, _)| !rule.starts_with("kw_") && outline::rule_doc(rule).is_some())
    else {
        return Ok(Value::Null);
    };
    let phrase = crate::syntax::phrase(window(text, *span));
    let mut value =
        format!("```sow\n{}\n```\n{}", shorten(&phrase, 200), outline::rule_doc(rule).unwrap_or(""));
    // The section (a child of the game or of a ruleset) and what it compiles to.
    let section = chain.windows(2).rev().find(|w| matches!(w[0].0, "game" | "ruleset")).map(|w| w[1]);
    if let Some((section, span)) = section
        && let Some(rules) = analysis.compiled.get()
        && let Some(compiled) = compiles_to(rules, outline, section, span)
    {
        value.push_str(&format!("\n\n---\ncompiles to:\n```text\n{compiled}\n```"));
    }
    Ok(markdown(value))
}

/// The declarations of a name a hover shows; the rest are counted.
const MAX_DECLARATIONS_SHOWN: usize = 8;

/// The start of a span's text: enough for a phrase of a few hundred characters, however
/// long the span (a section may be most of the file).
fn window(text: &str, span: Span) -> &str {
    let mut end = span.end.min(span.start + 4096).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(span.start..end).unwrap_or("")
}

fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    format!("{}…", text.chars().take(max).collect::<String>())
}

/// The lines of the compiled model (of the base game, or of the ruleset the section is in)
/// that a section becomes; `None` where the model has no lines of its own for it.
fn compiles_to(
    compiled: &[crate::engine::Rules],
    outline: &Outline,
    section: &str,
    span: Span,
) -> Option<String> {
    let ruleset = outline.ruleset_at(span.start);
    let rules = compiled.iter().find(|r| r.model().meta.ruleset == ruleset)?;
    let model = rules.model().to_string();
    let capture_name = if section == "capture" {
        outline.names.iter().find(|n| n.declaration && n.section == span)
    } else {
        None
    };
    let wanted: &[&str] = match section {
        "param" => &["parameters"],
        "board" => &["board"],
        "territory" => &["territory"],
        "setup" => &["start position"],
        "circuit" => &["circuits"],
        "opposite_holes" => &["opposite holes"],
        "marks" => &["marks"],
        "lap_limit" => &["a sowing that has not ended"],
        "choose" => &["choose"],
        "sow" => &["sowing"],
        "after_lap" | "lap_rule_first" => &["after each lap"],
        "capture" => &["captures"],
        "end_rules" | "end_restated" => &["end"],
        "opening" => &["opening"],
        _ => return None,
    };
    let lines: Vec<&str> = model.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let start = lines.iter().position(|l| wanted.iter().any(|w| l.trim_start().starts_with(w)))?;
    let base = indent(lines[start]);
    let mut block: Vec<&str> = std::iter::once(lines[start])
        .chain(lines[start + 1..].iter().copied().take_while(|l| !l.trim().is_empty() && indent(l) > base))
        .collect();
    if let Some(capture) = capture_name {
        // Only the capture's own entry.
        let at = block.iter().position(|l| l.trim_start().starts_with(&format!("{}:", capture.name)))?;
        let own = indent(block[at]);
        block = std::iter::once(block[at])
            .chain(block[at + 1..].iter().copied().take_while(|l| indent(l) > own))
            .collect();
    }
    let first = block.iter().map(|l| indent(l)).min().unwrap_or(0);
    Some(block.iter().map(|l| &l[first.min(indent(l))..]).collect::<Vec<_>>().join("\n"))
}

/// Completion: the phrases the grammar allows at the cursor that begin with the word typed,
/// and the names the file declares of the kinds that may stand there.
pub fn completion(server: &Server, params: CompletionParams) -> Result<Value, Refusal> {
    let at = params.text_document_position;
    let Some(document) = document(server, &at.text_document.uri) else { return Ok(Value::Null) };
    let text = document.text();
    let offset = document.offset(at.position);
    let expected = outline::expected_at(text, offset);
    let typed = &text[expected.typed.start..expected.typed.end];
    let range = document.range(expected.typed);
    let item = |label: String, kind, detail: Option<String>| CompletionItem {
        text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(range, label.clone()))),
        label,
        kind: Some(kind),
        detail,
        ..CompletionItem::default()
    };
    let mut items: Vec<CompletionItem> = expected
        .phrases
        .iter()
        .filter(|p| p.starts_with(typed))
        .map(|p| item(p.clone(), CompletionItemKind::KEYWORD, None))
        .collect();
    let names = server.shared.parsed(at.text_document.uri.as_str());
    let names = names.as_ref().and_then(|a| a.parsed.as_ref()).map(|(outline, _)| outline);
    for kind in &expected.names {
        let mut seen = Vec::new();
        for site in names.iter().flat_map(|o| o.names.iter()) {
            if site.declaration
                && site.kind == *kind
                && site.name.starts_with(typed)
                && !seen.contains(&&site.name)
            {
                seen.push(&site.name);
                items.push(item(
                    site.name.clone(),
                    CompletionItemKind::VARIABLE,
                    Some(kind.describe().to_string()),
                ));
            }
        }
    }
    Ok(json!(items))
}

/// The analysis of a document whose outline requests use: of its newest text if that is
/// parsed in time and parses, else of the last text that parsed.
fn current_outline(server: &Server, uri: &Uri) -> Option<std::sync::Arc<super::Analysis>> {
    document(server, uri)?;
    server
        .shared
        .current(uri.as_str())
        .filter(|a| a.parsed.is_some())
        .or_else(|| server.shared.parsed(uri.as_str()))
}

/// Go to definition: the declarations of the name at the cursor (a ruleset may restate a
/// parameter, mark or capture: each declaration is given).
pub fn definition(server: &Server, params: GotoDefinitionParams) -> Result<Value, Refusal> {
    let at = params.text_document_position_params;
    let uri = at.text_document.uri;
    let (Some(document), Some(analysis)) = (document(server, &uri), current_outline(server, &uri)) else {
        return Ok(Value::Null);
    };
    let Some((outline, _)) = &analysis.parsed else { return Ok(Value::Null) };
    let Some(site) = outline.name_at(document.offset(at.position)) else { return Ok(Value::Null) };
    let locations: Vec<Location> = outline
        .declarations(site.kind, &site.name)
        .map(|d| Location::new(uri.clone(), document.range(d.span)))
        .collect();
    Ok(json!(locations))
}

/// Find references: every place the name at the cursor stands (with its declarations if
/// the client asks).
pub fn references(server: &Server, params: ReferenceParams) -> Result<Value, Refusal> {
    let at = params.text_document_position;
    let uri = at.text_document.uri;
    let (Some(document), Some(analysis)) = (document(server, &uri), current_outline(server, &uri)) else {
        return Ok(Value::Null);
    };
    let Some((outline, _)) = &analysis.parsed else { return Ok(Value::Null) };
    let Some(site) = outline.name_at(document.offset(at.position)) else { return Ok(Value::Null) };
    let with_declarations = params.context.include_declaration;
    let locations: Vec<Location> = outline
        .references(site.kind, &site.name)
        .filter(|r| with_declarations || !r.declaration)
        .map(|r| Location::new(uri.clone(), document.range(r.span)))
        .collect();
    Ok(json!(locations))
}

/// Formatting: the whole text in `sow fmt`'s layout, as one edit (none if it already is, or
/// if the text does not parse: its diagnostics say why).
pub fn formatting(server: &Server, params: DocumentFormattingParams) -> Result<Value, Refusal> {
    let Some(document) = document(server, &params.text_document.uri) else { return Ok(Value::Null) };
    match crate::syntax::format(document.text()) {
        Ok(formatted) if formatted != document.text() => {
            Ok(json!([TextEdit::new(document.whole(), formatted)]))
        }
        Ok(_) => Ok(json!([])),
        Err(_) => Ok(Value::Null),
    }
}

/// Document symbols: the game, its sections and its rulesets (with theirs).
pub fn symbols(server: &Server, params: DocumentSymbolParams) -> Result<Value, Refusal> {
    let uri = params.text_document.uri;
    let (Some(document), Some(analysis)) = (document(server, &uri), current_outline(server, &uri)) else {
        return Ok(Value::Null);
    };
    let Some((outline, _)) = &analysis.parsed else { return Ok(Value::Null) };
    let symbols: Vec<DocumentSymbol> = outline.sections.iter().map(|s| symbol(document, s)).collect();
    Ok(json!(symbols))
}

fn symbol(document: &Document, section: &Section) -> DocumentSymbol {
    let kind = match section.rule {
        "game" => SymbolKind::NAMESPACE,
        "ruleset" => SymbolKind::MODULE,
        "param" => SymbolKind::CONSTANT,
        "capture" => SymbolKind::FUNCTION,
        "marks" | "territory" | "board" => SymbolKind::STRUCT,
        "opening" => SymbolKind::EVENT,
        _ => SymbolKind::OBJECT,
    };
    let children: Vec<DocumentSymbol> = section.children.iter().map(|c| symbol(document, c)).collect();
    #[allow(deprecated)] // `deprecated` is a field the type still has
    DocumentSymbol {
        name: section.title.clone(),
        detail: None,
        kind,
        tags: None,
        deprecated: None,
        range: document.range(section.span),
        selection_range: document.range(section.head),
        children: (!children.is_empty()).then_some(children),
    }
}
