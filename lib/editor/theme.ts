/**
 * Light and dark editor themes. Colours come from the app's CSS variables (globals.css), which already
 * follow prefers-color-scheme, so the editor matches the panels around it; the `dark` flag switches
 * CodeMirror's own base styles (selection, panels) and the syntax colours.
 */
import { isDark, onDarkChange } from '@/lib/ui/color-scheme';
import { defaultHighlightStyle, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import type { Extension } from '@codemirror/state';
import { tags as t } from '@lezer/highlight';

const chrome = (dark: boolean) =>
  EditorView.theme(
    {
      '&': { height: '100%', backgroundColor: 'var(--panel)', color: 'var(--fg)' },
      '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: '1.5' },
      '.cm-gutters': { backgroundColor: 'var(--panel)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
      '.cm-activeLine': { backgroundColor: dark ? '#2c2f3480' : '#f1f3f780' },
      '.cm-activeLineGutter': { backgroundColor: dark ? '#2c2f34' : '#eef0f4' },
      '&.cm-focused': { outline: 'none' },
      '.cm-cursor': { borderLeftColor: 'var(--fg)' },
      '.cm-panels': { backgroundColor: 'var(--bg)', color: 'var(--fg)' },
      '.cm-panels.cm-panels-top': { borderBottom: '1px solid var(--border)' },
      '.cm-panels.cm-panels-bottom': { borderTop: '1px solid var(--border)' },
      '.cm-textfield': { backgroundColor: 'var(--panel)', color: 'var(--fg)', border: '1px solid var(--border)' },
      '.cm-button': { backgroundImage: 'none', backgroundColor: 'var(--panel)', color: 'var(--fg)', border: '1px solid var(--border)' },
      '.cm-matchingBracket': { outline: '1px solid var(--accent)', backgroundColor: 'transparent' },
    },
    { dark },
  );

const darkHighlight = HighlightStyle.define([
  { tag: [t.keyword, t.modifier, t.controlKeyword, t.operatorKeyword], color: '#c792ea' },
  { tag: [t.string, t.special(t.string), t.regexp], color: '#c3e88d' },
  { tag: [t.number, t.bool, t.null, t.atom], color: '#f78c6c' },
  { tag: [t.comment, t.lineComment, t.blockComment], color: '#7f848e', fontStyle: 'italic' },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: '#82aaff' },
  { tag: [t.typeName, t.className, t.namespace], color: '#ffcb6b' },
  { tag: [t.propertyName, t.attributeName], color: '#89ddff' },
  { tag: [t.tagName], color: '#f07178' },
  { tag: [t.definition(t.variableName)], color: '#e6e6e6' },
  { tag: [t.heading], color: '#82aaff', fontWeight: 'bold' },
  { tag: [t.link, t.url], color: '#89ddff', textDecoration: 'underline' },
  { tag: [t.emphasis], fontStyle: 'italic' },
  { tag: [t.strong], fontWeight: 'bold' },
  { tag: [t.invalid], color: '#ff5370' },
]);

/**
 * CodeMirror's default (light) colours, with the ones under 4.5:1 on a white panel made darker: regular
 * expressions and escapes (#e40, 3.8:1), invalid code (#f00, 4.0:1), and type names (#085, 4.5:1 on white but
 * less on the active line).
 */
const LIGHT_FIXES: Record<string, string> = { '#e40': '#b33000', '#f00': '#d00000', '#085': '#007a4d' };
const lightHighlight = HighlightStyle.define(
  defaultHighlightStyle.specs.map((spec) => (typeof spec.color === 'string' && LIGHT_FIXES[spec.color] ? { ...spec, color: LIGHT_FIXES[spec.color] } : spec)),
);

export function editorTheme(dark: boolean): Extension {
  return [chrome(dark), syntaxHighlighting(dark ? darkHighlight : lightHighlight)];
}

/** Whether the IDE is dark right now: the theme setting, else the system's preference (false on the server). */
export const prefersDark = isDark;

/** Calls back when the theme setting or the system's preference changes; returns the unsubscribe. */
export const onColorSchemeChange = onDarkChange;
