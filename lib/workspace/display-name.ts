/**
 * How a file name is shown. Bidirectional control characters (right-to-left override and its kin) reorder the
 * text around them, so "report-\u202Etxt.exe" would read as "report-exe.txt": a program can name a file to look
 * like another. Control characters (a line break, a bell) are invisible or break the line. Shown names spell all
 * of those out instead; the name itself is kept as it is.
 */
// eslint-disable-next-line no-control-regex -- spelling control characters out is the point
const UNSHOWABLE = /[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function displayName(name: string): string {
  return name.replace(UNSHOWABLE, (char) => `[U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`);
}
