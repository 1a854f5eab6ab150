/**
 * Suggests a mode for a prompt: a single-file edit or small refactor → fast; planning,
 * architecture, debugging or work across subsystems → deep; anything else → balanced. Only a suggestion:
 * the user's choice in the mode selector wins.
 */
import type { AgentMode } from './messages';

// Words that signal the task needs a plan or a diagnosis, not a quick change.
const DEEP_PATTERNS: RegExp[] = [
  /\b(architect(ure)?|design|plan|planning|roadmap|strategy)\b/i,
  /\b(debug|diagnose|investigate|root cause|why (does|is|do|are)|figure out why|track down)\b/i,
  /\b(migrat(e|ion)|rewrite|overhaul|restructure|re-?architect)\b/i,
  /\b(whole|entire|across|every|all) (the )?(app|project|codebase|code base|repo|files|modules|components|services)\b/i,
  /\b(authentication|auth system|database schema|multi-?tenant|end-to-end|full[- ]stack|microservices?)\b/i,
  /\b(performance|memory leak|race condition|deadlock|flaky)\b/i,
];

// Small, local changes: one file, one name, one line.
const FAST_PATTERNS: RegExp[] = [
  /\b(rename|typo|spelling|reword|change the (text|title|label|color|colour|greeting|message|wording))\b/i,
  /\b(fix|update|change|edit|tweak|adjust) (the |a |this )?(typo|line|comment|string|import|label|title|text|color|colour|padding|margin|font)\b/i,
  /\b(add|remove|delete) (a |the |one )?(comment|line|import|console\.log|log statement|semicolon)\b/i,
  /\bin [\w./-]+\.(js|jsx|ts|tsx|css|html|json|md|py)\b/i,
  /\b(small|quick|tiny|simple|minor) (refactor|fix|change|edit|tweak)\b/i,
  /\bextract (a |this |the )?(function|variable|constant|component)\b/i,
];

// Several distinct subsystems named in one prompt mean cross-cutting work.
const SUBSYSTEMS = /\b(frontend|backend|api|database|db|auth|tests?|ci|deploy(ment)?|server|client|ui|styles?|router|state management)\b/gi;

export function suggestMode(prompt: string): AgentMode {
  const text = prompt.trim();
  if (text === '') return 'balanced';
  const subsystems = new Set((text.match(SUBSYSTEMS) ?? []).map((word) => word.toLowerCase().replace(/s$/, '')));
  if (DEEP_PATTERNS.some((pattern) => pattern.test(text)) || subsystems.size >= 3) return 'deep';
  // A long prompt is rarely a one-line change even when it mentions one.
  if (text.length <= 200 && FAST_PATTERNS.some((pattern) => pattern.test(text))) return 'fast';
  return 'balanced';
}
