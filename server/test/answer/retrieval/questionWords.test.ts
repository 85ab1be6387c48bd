import { describe, expect, it } from 'vitest';
import { questionWords, readsAsEnglish } from '../../../src/answer/retrieval/questionWords.js';

const texts = (question: string, reading: 'wordList' | 'anyLanguage') => questionWords(question, reading).map((w) => w.text);
const initials = (question: string, reading: 'wordList' | 'anyLanguage') =>
  questionWords(question, reading)
    .filter((w) => w.initial)
    .map((w) => w.text);

describe("a question's words, as the name readers see them", () => {
  it('cuts words for the word list at digits and keeps inner apostrophes; any language keeps digits and cuts at apostrophes', () => {
    expect(texts("Why don't ext4 disks' labels show?", 'wordList')).toEqual(['Why', "don't", 'ext', 'disks', 'labels', 'show']);
    expect(texts("Pourquoi l'équipe utilise ext4?", 'anyLanguage')).toEqual(['Pourquoi', 'l', 'équipe', 'utilise', 'ext4']);
  });

  it('reads a sentence start after an end mark, after ¿ and ¡ only in any language, and never at a dotted word for the word list', () => {
    expect(initials('Done. Then what? ¿Cómo instalo Homebrew?', 'wordList')).toEqual(['Done', 'Then']);
    expect(initials('Done. Then what? ¿Cómo instalo Homebrew?', 'anyLanguage')).toEqual(['Done', 'Then', 'Cómo']);
    expect(initials('Use ASP.Net here', 'wordList')).toEqual(['Use']);
    expect(initials('Use ASP.Net here', 'anyLanguage')).toEqual(['Use', 'Net']);
    expect(questionWords('the .dat files', 'wordList').map((w) => w.dotted)).toEqual([false, true, false]);
  });

  it('marks the parts of a hyphenated word before its last', () => {
    const words = questionWords('Wie nutze ich den zypper-Befehl im Kubernetes-Cluster-Setup?', 'anyLanguage');
    expect(words.filter((w) => w.beforeHyphen).map((w) => w.text)).toEqual(['zypper', 'Kubernetes', 'Cluster']);
  });
});

describe('whether a question reads as English', () => {
  const english = new Set(['how', 'do', 'i', 'install', 'the', 'package', 'with']);

  it('counts the words of two letters or more that are not left out, and needs most of them English', () => {
    const words = questionWords('How do I install the Paket mit Tools?', 'wordList');
    // how, do, install, the of how, do, install, the, paket, mit, tools: 4 of 7.
    expect(readsAsEnglish(words, english, () => false)).toBe(false);
    // Leaving out the capitalised words: how, do, install, the, mit: 4 of 5.
    expect(readsAsEnglish(words, english, (w) => !w.initial && /^\p{Lu}/u.test(w.text))).toBe(true);
  });

  it('does not when no word is counted', () => {
    expect(readsAsEnglish(questionWords('I', 'wordList'), english, () => false)).toBe(false);
    expect(readsAsEnglish(questionWords('How do', 'wordList'), english, () => true)).toBe(false);
  });
});
