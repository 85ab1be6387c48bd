import { primaryLanguage } from './configs.js';

/**
 * A page's language from its text: the script for the languages that have their own (CJK, Cyrillic,
 * Greek, Arabic…), else the language whose most frequent function words the text uses most (the
 * short-word method of Grefenstette, "Comparing two language identification schemes", 1995): a few
 * hundred words of running text settle it, and it needs no model. Only languages listed here are
 * recognised by their words; others are undefined, and their pages take the declared language.
 */
const FUNCTION_WORDS: Readonly<Record<string, string>> = {
  en: 'the of and to in is that for it with as was on are be this by not or have from but which you they can an were has if will would their what there when your',
  de: 'der die und den das ist nicht mit sich des auf für ein eine dem auch es wird sind von zu im oder wenn werden kann bei aus einen einer nach wie über dass',
  fr: 'le la les des est et une dans pour que qui pas sur sont par avec ce il au du se ou plus être peut vous cette aux ces leur nous mais comme',
  es: 'el la los las del que en es por una para con no se al lo como más pero sus le ya o este sí porque esta entre cuando muy sin sobre también puede y hay son está están usted todo cada otro esto estos desde hasta donde',
  it: 'il di che è la per non una sono del della con si le da gli dei nel alla anche come più questo ma essere ha delle se può tra',
  pt: 'o de que não uma os do da em para com é um no se na por mais as dos como mas ao ele das seu sua ou quando também pode são',
  nl: 'de het een van en is dat op te zijn niet met voor die aan er maar om ook als bij dan wordt kan nog worden deze naar uit door',
  sv: 'och att det som en är på för av med till den har inte om ett var jag men ska från eller när kan vid så under också',
  da: 'og at det er en til på af med for den som har ikke de et kan fra ved der eller skal også når hvis',
  no: 'og er det som på til av med en for har ikke at den de et kan fra om også når eller hvis skal vil',
  fi: 'ja on ei se että oli ovat kuin mutta tai myös jos sen tämä kun ole voi niin mukaan sekä joka',
  pl: 'i w nie na się z do że jest to jak o ale po dla od przez czy jego może są tak tylko',
  cs: 'a se na je že v to s z do jako ale pro by jsou není nebo jeho podle které když také',
  tr: 've bir bu da de için ile olarak daha çok gibi ne ama olan kadar sonra ya en',
  ro: 'și în de la cu nu pe este o că un se din care mai sunt pentru sau ca acest',
  hu: 'a az és hogy nem egy is van meg ez de csak már mint vagy ha volt kell még',
  id: 'yang dan di dari ini itu dengan untuk tidak dalam akan pada juga ke adalah atau bisa ada',
};

/**
 * Each function word with the one language it marks. A word on two lists ('que' in Spanish and
 * Portuguese, 'die' in German and Dutch) tells neither apart, so it counts for none: the lists
 * overlap most between the languages hardest to tell apart.
 */
const MARKS: ReadonlyMap<string, string> = (() => {
  const owners = new Map<string, Set<string>>();
  for (const [lang, list] of Object.entries(FUNCTION_WORDS))
    for (const w of list.split(' ')) owners.set(w, (owners.get(w) ?? new Set()).add(lang));
  return new Map([...owners].filter(([, langs]) => langs.size === 1).map(([w, langs]) => [w, [...langs][0]!]));
})();

/** Scripts that name their language outright (before any word counting). */
const SCRIPTS: [RegExp, string][] = [
  [/[\u3040-\u30ff]/gu, 'ja'], // kana: Japanese (which also writes kanji)
  [/[\uac00-\ud7af]/gu, 'ko'],
  [/[\u4e00-\u9fff]/gu, 'zh'],
  [/[\u0400-\u04ff]/gu, 'ru'],
  [/[\u0370-\u03ff]/gu, 'el'],
  [/[\u0600-\u06ff]/gu, 'ar'],
  [/[\u0590-\u05ff]/gu, 'he'],
  [/[\u0900-\u097f]/gu, 'hi'],
  [/[\u0e00-\u0e7f]/gu, 'th'],
  [/[\u0b80-\u0bff]/gu, 'ta'],
];

/** Any character of SCRIPTS: a text with none (most) needs no counting by script. */
const ANY_SCRIPT = new RegExp(SCRIPTS.map(([re]) => re.source).join('|'), 'u');

/** Text read: the start of a page says its language as well as the whole. */
const SAMPLE_CHARS = 20_000;
/** Function words needed before the text is taken to say anything. */
const MIN_HITS = 4;
/** Share of the words that must be the winner's function words (prose: 10-30%; a list of identifiers: far less). */
const MIN_SHARE = 0.03;
/** The winner's count over the runner-up's: closely related languages share many short words. */
const MIN_LEAD = 1.5;

export interface TextLanguage {
  language: string;
  /** Function-word hits (or script characters) behind the verdict: more is surer. */
  evidence: number;
  /** The winner's lead over the runner-up (Infinity for a script). */
  lead: number;
}

/** The language of a text, or undefined when the text does not say. */
export function detectTextLanguage(text: string, minHits = MIN_HITS): TextLanguage | undefined {
  const sample = text.slice(0, SAMPLE_CHARS);
  if (!/\p{L}/u.test(sample)) return undefined;
  // Kana decides Japanese even among kanji; otherwise the script with most characters, when it is
  // a good share of the letters (a Latin page quoting a few Chinese names stays Latin). Counted only
  // when the text has any: every page of a crawl passes here (language/botLanguage.ts).
  if (ANY_SCRIPT.test(sample)) {
    const letters = sample.match(/\p{L}/gu)?.length ?? 0;
    let best: { language: string; n: number } | undefined;
    for (const [re, language] of SCRIPTS) {
      const n = sample.match(re)?.length ?? 0;
      if (language === 'ja' && n >= 10) return { language, evidence: n, lead: Infinity };
      if (n > (best?.n ?? 0)) best = { language, n };
    }
    if (best && best.n >= 0.3 * letters) return { language: best.language, evidence: best.n, lead: Infinity };
  }
  const counts = new Map<string, number>();
  const words = sample.toLowerCase().match(/\p{L}+/gu) ?? [];
  for (const word of words) {
    const lang = MARKS.get(word);
    if (lang) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  // Prose is full of function words; a list of names or code that happens to hold a few is not prose.
  if (!first || first[1] < minHits || first[1] < MIN_SHARE * words.length) return undefined;
  const lead = first[1] / Math.max(second?.[1] ?? 0, 1);
  return lead >= MIN_LEAD ? { language: first[0], evidence: first[1], lead } : undefined;
}

/** Evidence that lets the text overrule a page's declared language (templates often declare 'en' on every page). */
const OVERRULE_HITS = 12;
const OVERRULE_LEAD = 3;

/**
 * A page's language from what it declares (`<html lang>`, else the Content-Language header) and its
 * text: the text when it clearly says, the declaration when it does not; a declaration gives way
 * only to text that says another language beyond doubt.
 */
export function pageLanguage(page: { text: string; declared?: string | null; contentLanguage?: string | null }): string | undefined {
  const declared = primaryLanguage(page.declared) ?? primaryLanguage(page.contentLanguage?.split(',')[0]);
  const found = detectTextLanguage(page.text);
  if (!declared) return found?.language;
  if (!found || found.language === declared) return declared;
  return found.evidence >= OVERRULE_HITS && found.lead >= OVERRULE_LEAD ? found.language : declared;
}

/** The language of a short text (a visitor's question), only when its words leave no doubt. */
export function questionLanguage(text: string): string | undefined {
  const found = detectTextLanguage(text, 2);
  return found && found.lead >= 2 ? found.language : undefined;
}
