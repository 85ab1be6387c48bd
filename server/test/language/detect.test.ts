import { describe, expect, it } from 'vitest';
import { knownLanguage, textSearchConfig } from '../../src/language/configs.js';
import { detectTextLanguage, pageLanguage, questionLanguage } from '../../src/language/detect.js';

const german =
  'Die Sicherung wird jede Nacht von dem Dienst geschrieben. Jede Datei der Sicherung liegt im Ordner und ist mit einem Schlüssel verschlüsselt, damit sie nicht gelesen werden kann.';
const french =
  'La configuration du serveur se trouve dans le fichier principal. Pour la modifier, il faut ouvrir ce fichier avec un éditeur et redémarrer le service qui le lit.';
const spanish =
  'El sistema guarda los archivos de registro en el directorio y los rota cada semana, pero también puede cambiar esto desde la configuración.';
const english =
  'The installer writes its journal to the log folder, and the journals are rotated every week so that they never fill the disk.';

describe('a page language read from its text', () => {
  it('names German, French, Spanish and English prose by its function words', () => {
    expect(detectTextLanguage(german)?.language).toBe('de');
    expect(detectTextLanguage(french)?.language).toBe('fr');
    expect(detectTextLanguage(spanish)?.language).toBe('es');
    expect(detectTextLanguage(english)?.language).toBe('en');
  });

  it('names CJK text by its script, Japanese by its kana', () => {
    expect(detectTextLanguage('配置文件位于服务器的主目录中，修改配置文件后请重新启动服务。')?.language).toBe('zh');
    expect(
      detectTextLanguage('設定ファイルはサーバーのホームディレクトリにあります。変更したらサービスを再起動してください。')?.language,
    ).toBe('ja');
  });

  it('says nothing about text without enough words to tell (a command, a table of numbers)', () => {
    expect(detectTextLanguage('apt-get install -y quillon')).toBeUndefined();
    expect(detectTextLanguage('1 2 3 4 5')).toBeUndefined();
  });

  it("keeps a page's declared language unless its text clearly says another", () => {
    expect(pageLanguage({ text: 'quillon --help', declared: 'de-AT' })).toBe('de');
    expect(pageLanguage({ text: german, declared: 'de' })).toBe('de');
    // A template declaring English on every page of a German site.
    expect(pageLanguage({ text: `${german} ${german} ${german}`, declared: 'en' })).toBe('de');
    expect(pageLanguage({ text: 'Sicherung', contentLanguage: 'fr-CH, de' })).toBe('fr');
  });

  it("reads a visitor's question's language only when its words leave no doubt", () => {
    expect(questionLanguage('Wo finde ich die Dateien der Sicherung und wie kann ich sie öffnen?')).toBe('de');
    expect(questionLanguage('Where are the journals written?')).toBe('en');
    expect(questionLanguage('Sicherungen')).toBeUndefined();
  });
});

describe('the text search configuration of a language', () => {
  it('is its Snowball configuration, simple for a language without one, English when not known', () => {
    expect(textSearchConfig('de-DE')).toBe('german');
    expect(textSearchConfig('pt-BR')).toBe('portuguese');
    expect(textSearchConfig('zh')).toBe('simple');
    expect(textSearchConfig('ja')).toBe('simple');
    expect(textSearchConfig(null)).toBe('english');
  });

  it('takes only tags ICU knows as languages', () => {
    expect(knownLanguage('es-419')).toBe('es');
    expect(knownLanguage('english')).toBeUndefined();
    expect(knownLanguage('xx')).toBeUndefined();
  });
});
