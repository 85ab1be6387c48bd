import { useChatTexts } from '../../../../shared/src/chat/texts';
import { ThemeToggle } from '../../ui/ThemeToggle';

/** The theme switch of the visitor's /chat page, labelled in the bot's language (the dashboard's stays English). */
export function ChatThemeToggle() {
  const { t } = useChatTexts();
  return <ThemeToggle labels={{ light: t.lightMode, dark: t.darkMode }} />;
}
