import { describe, expect, it } from 'vitest';
import { asksPrice, statesPrice } from '../../../src/answer/retrieval/priceQuestions.js';

describe('price questions', () => {
  it('reads a question asking what something costs, in each catalogue language', () => {
    for (const q of [
      'How much does the Pro plan cost per month?',
      'How much do the official plugins cost?',
      'What does a licence for ten seats cost?',
      "What's the price of the hosted version?",
      'Was kostet ein kommerzieller Supportvertrag pro Jahr?',
      'Wie viel kosten die Plugins?',
      '¿Cuánto cuesta al año un contrato de soporte?',
      'Combien coûte par an un contrat de support ?',
      "Quanto costa all'anno un contratto di assistenza?",
      'Quanto custa por ano um contrato de suporte?',
      'Wat kost een licentie?',
    ]) {
      expect(asksPrice(q), q).toBe(true);
    }
  });

  it('leaves questions that only mention paying, or ask how much of something else', () => {
    for (const q of [
      'Do I have to pay for the official plugins or the default themes?',
      'How much memory and disk space does a bare-bones system need?',
      'Can I use Lumen for a commercial website without buying a licence?',
      'What does the --force option do?',
    ]) {
      expect(asksPrice(q), q).toBe(false);
    }
  });

  it('finds a price, or a statement that something costs nothing, in a passage', () => {
    for (const text of [
      'The Team plan costs $12 per editor per month.',
      'Der Vertrag kostet 1.200 € im Jahr.',
      'Cuesta 30 euros al mes.',
      'Billed at EUR 99 a year.',
      'Is Lumen free? Yes. Lumen is open source under the MIT licence.',
      'The plugins are free of charge.',
      'Die Nutzung ist kostenlos.',
      "L'hébergement est gratuit.",
    ]) {
      expect(statesPrice(text), text).toBe(true);
    }
    for (const text of [
      'Debian is a free software operating system.',
      'A bare-bones system needs 256 MB of memory and 2 GB of disk.',
      'The Team plan adds shared drafts and single sign-on.',
    ]) {
      expect(statesPrice(text), text).toBe(false);
    }
  });
});
