/** Light, dark or following the system: kept per browser, applied as `data-theme` on <html>. */
import { useEffect, useState } from 'react';

export type Theme = 'auto' | 'light' | 'dark';
const KEY = 'mailcoach-emulator.theme';

export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(() => (localStorage.getItem(KEY) as Theme | null) ?? 'auto');
  useEffect(() => {
    if (theme === 'auto') document.documentElement.removeAttribute('data-theme');
    else document.documentElement.setAttribute('data-theme', theme);
    localStorage.setItem(KEY, theme);
  }, [theme]);
  return [theme, setTheme];
}
