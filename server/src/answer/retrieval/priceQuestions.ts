/**
 * "How much does the Pro plan cost?" asks for an amount. A passage that names the product but no
 * price answers a different question: quoted as "the closest I found", it reads as if the site had
 * said something about the price. So a question asking what something costs is answered only from
 * passages that state a price (an amount with a currency) or say it costs nothing; otherwise the
 * site does not cover it. The forms are the languages' own ways of asking an amount of money, not
 * any site's words; a question that only mentions paying ("Do I have to pay for plugins?") is a
 * yes-or-no question that a licence answers, and is left alone.
 */

/** Asking an amount of money, by language (English, German, Spanish, French, Italian, Portuguese, Dutch). */
const ASKS_PRICE: readonly RegExp[] = [
  /\bhow much (?:does|do|did|will|would|should|could|can|might)\b.{0,80}?\b(?:cost|charge)s?\b/i,
  /\bwhat (?:does|do|will|would) .{1,80}? cost\b/i,
  /\bwhat(?: is|'s| are) the (?:price|prices|pricing|cost|fee|fees) (?:of|for)\b/i,
  /\b(?:was|wie ?viel) (?:kostet|kosten)\b/i,
  /\bwie teuer\b/i,
  /\bcu[aá]nto (?:cuesta|cuestan|vale|valen|cobra|cobran)\b/i,
  /\bcombien (?:co[uû]te|co[uû]tent|faut-il payer)\b/i,
  /\bquel(?:le)? est le (?:prix|tarif|co[uû]t)\b/i,
  /\bquanto (?:costa|costano|custa|custam)\b/i,
  /\bqual [eéè] il prezzo\b/i,
  /\bqual [eé] o pre[cç]o\b/i,
  /\b(?:wat|hoeveel) (?:kost|kosten)\b/i,
];

const CURRENCY_CODES = 'USD|EUR|GBP|CHF|CAD|AUD|NZD|JPY|CNY|INR|SEK|NOK|DKK|PLN|CZK|BRL|MXN';
const CURRENCY_WORDS =
  'dollars?|euros?|cents?|pounds?|francs?|yen|yuan|rupees?|kronor|kroner|złoty|reais|pesos|centimes?|céntimos?|centesimi|centavos';
/** An amount with its currency: "$29", "29 €", "EUR 10", "10 euros", "1.500,00 USD". */
const PRICE = new RegExp(
  `\\p{Sc}\\s?\\d|\\d(?:[.,\\s]\\d{2,3})*(?:[.,]\\d+)?\\s?(?:\\p{Sc}|(?:${CURRENCY_CODES})\\b|(?:${CURRENCY_WORDS})\\b)|\\b(?:${CURRENCY_CODES})\\s?\\d`,
  'iu',
);

/**
 * Saying something costs nothing. English "free" alone mostly means freedom on software sites
 * ("free software"), so it counts only as an answer to a price: "Is it free?", "free of charge",
 * "free to use", "a free plan".
 */
const COSTS_NOTHING: readonly RegExp[] = [
  /\bfree(?= of charge|\s*[.?!,;:]|\s+(?:to use|to download|and open|plan|tier|trial|version|edition)\b)|\bfor free\b|\bat no (?:extra |additional )?(?:cost|charge)\b|\bno charge\b|\bcosts? nothing\b|\bwithout charge\b/i,
  /\b(?:kostenlos|kostenfrei|gratis|umsonst|unentgeltlich)\b/i,
  /\b(?:gratuit[oa]?s?|gratuite?s?|gratuitement|gratuitamente|grátis|sin coste|sin costo|sem custo|sans frais|kosteloos)\b/i,
];

/** Whether the question asks what something costs. */
export function asksPrice(question: string): boolean {
  return ASKS_PRICE.some((re) => re.test(question));
}

/** Whether a passage states a price or that something costs nothing. */
export function statesPrice(text: string): boolean {
  return PRICE.test(text) || COSTS_NOTHING.some((re) => re.test(text));
}
