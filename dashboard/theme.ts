/**
 * Light or dark: the system's choice (prefers-color-scheme, in the stylesheet) unless the user
 * picked one with the toggle, kept in localStorage and set as `data-theme` on <html>.
 */
export type Theme = 'light' | 'dark';
const KEY = 'dashboard.theme';

export function chosenTheme(): Theme | null {
  const value = localStorage.getItem(KEY);
  return value === 'light' || value === 'dark' ? value : null;
}

export function effectiveTheme(): Theme {
  return chosenTheme() ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
}

export function applyTheme(theme: Theme | null): void {
  if (theme) {
    localStorage.setItem(KEY, theme);
    document.documentElement.dataset.theme = theme;
  } else {
    localStorage.removeItem(KEY);
    delete document.documentElement.dataset.theme;
  }
  document.dispatchEvent(new CustomEvent('themechange'));
}
