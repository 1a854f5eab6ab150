/**
 * The editor and the terminal keep Tab for themselves (indenting, completion); Esc then Tab leaves them. Each says
 * so: the text is the description of its focused element (read out on focus) and shows while it has focus.
 */
export const EDITOR_LEAVE_HINT = { id: 'editor-leave-hint', text: 'Tab indents. To leave the editor by keyboard, press Esc, then Tab.' } as const;
export const TERMINAL_LEAVE_HINT = { id: 'terminal-leave-hint', text: 'Tab completes. To leave the terminal by keyboard, press Esc, then Tab.' } as const;
