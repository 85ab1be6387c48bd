/** READ_SQL's parameters ($1-$28) for a question: each configuration's own readings of its words. */
import { TEXT_CONFIGS } from '../../language/configs.js';
import { configChoiceParams } from '../../language/queryConfig.js';
import { SEPARATING_CONFIGS, separableJoins } from '../../language/separableVerbs.js';
import type { closedJoins } from '../../language/closedWords.js';
import { withoutEnclitics } from '../../language/enclitics.js';
import { LEFTOVER_ENDINGS } from '../../language/stemLeftovers.js';
import { LANGUAGE_WORD_PARAMS, languageNamesIn } from '../../language/languageNames.js';
import { strippedByConfig } from './questionGeneralWords.js';
import { COMPOUNDING_CONFIGS, splitsCompounds } from './compoundParts.js';
import { READING } from './params.js';

export function readParams(chatbotId: string, text: string, pairs: ReturnType<typeof closedJoins>): unknown[] {
  const readings = TEXT_CONFIGS.map((config) => ({ config, text: withoutEnclitics(text, config) })).filter((r) => r.text !== text);
  const stripped = strippedByConfig(text);
  const joined = SEPARATING_CONFIGS.map((config) => ({ config, text: separableJoins(text, config).join(' ') })).filter((j) => j.text);
  return [
    chatbotId,
    text,
    TEXT_CONFIGS.filter(splitsCompounds),
    stripped.configs,
    stripped.texts,
    ...configChoiceParams(text),
    READING.compoundPart,
    READING.compoundMinWord,
    joined.map((j) => j.config),
    joined.map((j) => j.text),
    COMPOUNDING_CONFIGS,
    READING.compoundWordMin,
    READING.compoundJoin,
    READING.compoundsPerWord,
    READING.compoundWordShare,
    readings.map((r) => r.config),
    readings.map((r) => r.text),
    LEFTOVER_ENDINGS.configs,
    LEFTOVER_ENDINGS.endings,
    pairs.map((k) => k.joined),
    pairs.map((k) => k.parts[0]),
    pairs.map((k) => k.parts[1]),
    languageNamesIn(text),
    LANGUAGE_WORD_PARAMS.configs,
    LANGUAGE_WORD_PARAMS.words,
  ];
}
