import { useTheme } from '../theme/theme';
import { MoonIcon, SunIcon } from './icons';

/** Light/dark switch; the label names the theme it switches to. */
export function ThemeToggle({ className = 'icon-button', withLabel = false }: { className?: string; withLabel?: boolean }) {
  const { theme, toggle } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} mode`;
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
