import { describe, expect, it } from 'vitest';
import { detectLanguage, replyLanguage } from '../src/messages/detect';
import { START_TEXTS } from '../src/messages/start';
import { catalogueLanguage, chatTexts, fill, LANGUAGES, listOr, replyTexts, type LanguageCode } from '../src/messages/index';

/** Issue 38: one message catalogue, seven languages, and the question-language detector that picks among them. */
const CODES = Object.keys(LANGUAGES) as LanguageCode[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the message catalogue', () => {
  it('has English, French, German, Spanish, Italian, Portuguese and Dutch', () => {
    expect(CODES.sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pt']);
  });

  it('gives every language every text, none empty, with the same placeholders as English', () => {
    for (const code of CODES) {
      for (const section of ['start', 'chat', 'page', 'reply'] as const) {
        const english = LANGUAGES.en[section] as Record<string, string>;
        const texts = LANGUAGES[code][section] as Record<string, string>;
        expect(Object.keys(texts).sort(), `${code}.${section}`).toEqual(Object.keys(english).sort());
        for (const [key, text] of Object.entries(texts)) {
          expect(text.trim(), `${code}.${section}.${key}`).not.toBe('');
          expect(placeholders(text), `${code}.${section}.${key}`).toEqual(placeholders(english[key]!));
        }
      }
    }
  });

  it("gives the widget every language's first texts, which are also its chat texts", () => {
    expect(Object.keys(START_TEXTS).sort()).toEqual([...CODES].sort());
    for (const code of CODES) {
      expect(START_TEXTS[code], code).toBe(LANGUAGES[code].start);
      for (const [key, text] of Object.entries(LANGUAGES[code].start))
        expect(LANGUAGES[code].chat[key as keyof typeof LANGUAGES.en.chat], `${code}.chat.${key}`).toBe(text);
    }
    // The spec's English, word for word.
    expect(START_TEXTS.en.initializing).toBe('Initializing chat...');
    expect(START_TEXTS.en.noConversations).toBe('No conversations yet');
  });

  it('writes no English into any reply of another language', () => {
    for (const code of CODES.filter((c) => c !== 'en')) {
      for (const [key, text] of Object.entries(LANGUAGES[code].reply)) {
        expect(text, `${code}.reply.${key}`).not.toBe(LANGUAGES.en.reply[key as keyof typeof LANGUAGES.en.reply]);
        expect(detectLanguage(text), `${code}.reply.${key}: ${text}`).not.toBe('en');
        // The sentences long enough to tell are told as their own language.
        if (text.split(/\s+/).length >= 12) expect(detectLanguage(text), `${code}.reply.${key}`).toBe(code);
      }
    }
  });

  it('reads language tags by their primary subtag and falls back to English', () => {
    expect(catalogueLanguage('de-AT')).toBe('de');
    expect(catalogueLanguage('PT_br')).toBe('pt');
    expect(catalogueLanguage('ja')).toBeUndefined();
    expect(catalogueLanguage(null)).toBeUndefined();
    expect(replyTexts('ja')).toBe(LANGUAGES.en.reply);
    expect(chatTexts('nl').typeMessage).toBe('Typ je bericht...');
    expect(chatTexts('nl').chatHistory).toBe('Chatgeschiedenis');
  });

  it('fills placeholders and lists names with the language’s "or"', () => {
    expect(fill(LANGUAGES.de.reply.notMentioned, { names: listOr(['Terraform', 'Ansible'], LANGUAGES.de.reply) })).toMatch(
      /^Diese Website erwähnt Terraform oder Ansible nicht,/,
    );
    expect(listOr(['A', 'B', 'C'], LANGUAGES.fr.reply)).toBe('A, B ou C');
    expect(fill('{n} messages {x}', { n: 3 })).toBe('3 messages {x}');
  });
});

describe('the question-language detector', () => {
  const questions: Record<LanguageCode, string[]> = {
    en: ['How do I install the package on Debian?', 'What is the difference between apt and aptitude?'],
    de: ['Wie installiere ich das Paket unter Debian?', 'Was ist der Unterschied zwischen apt und aptitude?'],
    fr: ['Comment installer le paquet sur Debian ?', 'Quelle est la différence entre apt et aptitude ?'],
    es: ['¿Cómo instalo el paquete en Debian?', '¿Cuál es la diferencia entre apt y aptitude?'],
    it: ['Come installo il pacchetto su Debian?', 'Qual è la differenza tra apt e aptitude?'],
    pt: ['Como instalo o pacote no Debian?', 'Qual é a diferença entre apt e aptitude?'],
    nl: ['Hoe installeer ik het pakket op Debian?', 'Wat is het verschil tussen apt en aptitude?'],
  };

  it('tells each catalogue language from its questions', () => {
    for (const [code, list] of Object.entries(questions)) for (const q of list) expect(detectLanguage(q), q).toBe(code);
  });

  it('says nothing about short or keyword-only questions', () => {
    for (const q of ['Installation?', 'apt-get install', 'Preise', 'Debian apt aptitude sources.list mirror', ''])
      expect(detectLanguage(q), q).toBeUndefined();
  });

  it("keeps the bot's language unless the question is clearly another catalogue language", () => {
    expect(replyLanguage('de', 'Installation?')).toBe('de');
    expect(replyLanguage('de', 'Wie installiere ich das Paket?')).toBe('de');
    expect(replyLanguage('de', 'How do I install the package?')).toBe('en');
    expect(replyLanguage('en', 'Comment installer le paquet ?')).toBe('fr');
    expect(replyLanguage(null, 'hello')).toBe('en');
    // A bot in a language the catalogue lacks speaks English, or the visitor's catalogue language.
    expect(replyLanguage('ja', 'インストール方法')).toBe('en');
    expect(replyLanguage('ja', '¿Cómo instalo el paquete?')).toBe('es');
  });
});
