'use client';

import { useEffect } from 'react';
import { applyTheme, storedTheme, THEME_STORAGE_KEY } from '@/lib/ui/color-scheme';

/**
 * Applies the remembered theme on every page (the launcher as well as the IDE) and follows a change made in
 * another tab. Renders nothing.
 */
export function ThemeApplier() {
  useEffect(() => {
    applyTheme(storedTheme());
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY) applyTheme(storedTheme());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return null;
}
