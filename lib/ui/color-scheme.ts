/**
 * Light or dark: the user's theme setting when it names one, else the system's preference. The setting is an
 * attribute on <html> (CSS in globals.css keys off it) and is mirrored in localStorage so every page, the
 * launcher included, can apply it at once without opening IndexedDB. Parts that draw their own colours (the
 * editor, diffs) ask `isDark()` and listen with `onDarkChange`.
 */
export const THEME_STORAGE_KEY = 'tabsmith.theme';
const THEME_EVENT = 'tabsmith:theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export const THEMES = ['system', 'light', 'dark'] as const;

/**
 * Run inline in the page's <head>, before anything is painted: the stored light or dark theme is on <html>
 * from the first frame, so a light-theme user on a dark system sees no dark flash while the page loads.
 */
export const THEME_BOOT_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}`;
export type Theme = (typeof THEMES)[number];

// Checked by hand rather than with the settings' zod schema: the launcher applies the theme too and stays light.
const isTheme = (value: unknown): value is Theme => (THEMES as readonly unknown[]).includes(value);

export function storedTheme(): Theme {
  if (typeof window === 'undefined') return 'system';
  const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
  return isTheme(stored) ? stored : 'system';
}

/** Sets the page's theme (and remembers it for the next page load); listeners hear about it. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  if (storedTheme() !== theme) window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  window.dispatchEvent(new Event(THEME_EVENT));
}

export function isDark(): boolean {
  if (typeof window === 'undefined') return false;
  const theme = document.documentElement.dataset.theme;
  if (theme === 'dark') return true;
  if (theme === 'light') return false;
  return window.matchMedia(DARK_QUERY).matches;
}

/** Calls back with the new value when the theme setting or the system's preference changes it. */
export function onDarkChange(listener: (dark: boolean) => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  let last = isDark();
  const check = () => {
    const now = isDark();
    if (now !== last) listener((last = now));
  };
  query.addEventListener('change', check);
  window.addEventListener(THEME_EVENT, check);
  return () => {
    query.removeEventListener('change', check);
    window.removeEventListener(THEME_EVENT, check);
  };
}
