import { TEXT_CONFIGS } from '../../language/configs.js';
import { withoutEnclitics } from '../../language/enclitics.js';
import { generalWordsFor } from '../../language/generalWords.js';

/**
 * The question without each configuration's general words, for the configurations whose list
 * changes it (READ_SQL, questionRead.ts, picks the one it reads the question with). A configuration is tried only
 * when one of the question's words is on its list: without one, withoutGeneralWords changes nothing.
 */
export function strippedByConfig(text: string): { configs: string[]; texts: string[] } {
  const words = new Set((text.match(/\p{L}+(?:'\p{L}+)?/gu) ?? []).map((w) => w.toLowerCase()));
  const out = { configs: [] as string[], texts: [] as string[] };
  if (words.size === 0) return out;
  for (const config of TEXT_CONFIGS) {
    // A configuration without a list is read with withoutGeneralWords' default, English's (as the
    // question's analysis always did: generalWordsFor(config) undefined takes the parameter's default).
    const general = generalWordsFor(config) ?? generalWordsFor();
    if (!general || ![...words].some((w) => general.has(w))) continue;
    // The text the configuration reads (language/enclitics.ts), its general words taken out.
    const own = withoutEnclitics(text, config);
    const stripped = withoutGeneralWords(own, general);
    if (stripped === own) continue;
    out.configs.push(config);
    out.texts.push(stripped);
  }
  return out;
}

/**
 * The question without its general words (plain words only; "x.use" or "use_it" stay), for a
 * language that has a list of them (language/generalWords.ts); the question as it is otherwise.
 */
export function withoutGeneralWords(text: string, general: ReadonlySet<string> | undefined = generalWordsFor()): string {
  if (!general) return text;
  return text.replace(
    /(^|[^\p{L}\p{N}_.'/-])(\p{L}+(?:'\p{L}+)?)(?=$|[^\p{L}\p{N}_'/-]|\.(?![\p{L}\p{N}_]))/gu,
    (whole, lead: string, word: string) => (general.has(word.toLowerCase()) ? `${lead} ` : whole),
  );
}
