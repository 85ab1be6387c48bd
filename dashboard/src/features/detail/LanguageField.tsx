import type { Chatbot } from '../../../../shared/src/api/types';

/**
 * The site languages an owner can choose: those the server reads with their own stemming
 * (PostgreSQL's Snowball configurations) and the common ones it reads word for word (CJK, Polish…).
 */
const LANGUAGES = [
  'ar',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'fi',
  'fr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'nl',
  'no',
  'pl',
  'pt',
  'ro',
  'ru',
  'sv',
  'tr',
  'zh',
];
const names = new Intl.DisplayNames(['en'], { type: 'language' });
export const languageName = (code: string): string => names.of(code) ?? code;
const OPTIONS = LANGUAGES.map((code) => ({ code, name: languageName(code) })).sort((a, b) => a.name.localeCompare(b.name));

/** '' stands for "detect it from the pages" (null on the wire). */
export const languageChoice = (chatbot: Chatbot): string => (chatbot.language_chosen ? (chatbot.language ?? '') : '');

/**
 * The bot's language on its detail page: detected from the site's pages (most pages win), or the
 * owner's choice, which re-indexes the pages in that language when saved.
 */
export function LanguageField({
  id,
  chatbot,
  value,
  onChange,
  disabled,
}: {
  id: string;
  chatbot: Chatbot;
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
}) {
  const detected = !chatbot.language_chosen && chatbot.language ? languageName(chatbot.language) : undefined;
  const known = OPTIONS.some((o) => o.code === value) || value === '';
  return (
    <div className="field">
      <label htmlFor={id}>Site language</label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        <option value="">{detected ? `Detected: ${detected}` : 'Detect from the pages'}</option>
        {!known && <option value={value}>{languageName(value)}</option>}
        {OPTIONS.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
      <p className="field-hint">
        Search reads the pages in this language (stemming, stop words). Changing it re-indexes the pages at once; no new crawl is needed.
      </p>
    </div>
  );
}
