import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { readStoredTheme, THEME_STORAGE_KEY, ThemeContext, type Theme } from '@/components/theme/theme-context';

/** Applies the `dark` class on <html> for the chosen theme, following the system when 'system'. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);

  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      const dark = theme === 'dark' || (theme === 'system' && media.matches);
      document.documentElement.classList.toggle('dark', dark);
    };
    apply();
    if (theme !== 'system') return undefined;
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);

  const value = useMemo(
    () => ({
      theme,
      setTheme: (next: Theme) => {
        try {
          window.localStorage.setItem(THEME_STORAGE_KEY, next);
        } catch {
          /* storage unavailable: the choice lasts for this visit */
        }
        setThemeState(next);
      },
    }),
    [theme],
  );

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
