import { useTheme } from '../theme/theme';
import { MoonIcon, SunIcon } from './icons';

/** What the switch says it does (a visitor's page passes the bot's language's words). */
export interface ThemeToggleLabels {
  light: string;
  dark: string;
}

/** Light/dark switch; the label names the theme it switches to. */
export function ThemeToggle({
  className = 'icon-button',
  withLabel = false,
  labels,
}: {
  className?: string;
  withLabel?: boolean;
  labels?: ThemeToggleLabels;
}) {
  const { theme, toggle } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = labels ? labels[next] : `Switch to ${next} mode`;
  return (
    <button
      type="button"
      className={className}
      onClick={toggle}
      aria-label={withLabel ? undefined : label}
      title={label}
      data-theme-toggle=""
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
      {withLabel && <span>{theme === 'dark' ? 'Light mode' : 'Dark mode'}</span>}
    </button>
  );
}
