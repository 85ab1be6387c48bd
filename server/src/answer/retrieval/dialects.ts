/**
 * The same word as the other side of the Atlantic spells it: "colour" for a site that writes
 * "color", "initialize" for one that writes "initialise". Both are words of English, so neither is a
 * typing slip (spelling.ts), yet a visitor who writes one finds nothing on a site that writes the
 * other. These are the regular correspondences between British and American spelling (the ones
 * spell-checkers' variant lists are built from: SCOWL's VarCon), applied both ways; spelling.ts keeps
 * only the results that are words of English and that the site uses.
 */
const ENDINGS = '(e|es|ed|ing|er|ers|ation|ations|able)$';

const PAIRS: [RegExp, string][] = [
  // colour / color, behaviour / behavior, favourite / favorite
  [/our(?=(s|ed|ing|ite|ites|able|er|ers)?$)/, 'or'],
  [/(?<=[a-z])or(?=(s|ed|ing|ite|ites|able)?$)/, 'our'],
  // organise / organize, initialisation / initialization
  [new RegExp(`is(?=${ENDINGS})`), 'iz'],
  [new RegExp(`iz(?=${ENDINGS})`), 'is'],
  // analyse / analyze
  [/ys(?=(e|es|ed|ing|er)$)/, 'yz'],
  [/yz(?=(e|es|ed|ing|er)$)/, 'ys'],
  // catalogue / catalog, dialogue / dialog
  [/ogue(?=s?$)/, 'og'],
  [/og(?=s?$)/, 'ogue'],
  // centre / center, metre / meter
  [/tre(?=s?$)/, 'ter'],
  [/ter(?=s?$)/, 'tre'],
  // licence / license, defence / defense
  [/ence(?=s?$)/, 'ense'],
  [/ense(?=s?$)/, 'ence'],
  // programme / program
  [/mme(?=s?$)/, 'm'],
  // travelled / traveled, modelling / modeling, labelled / labeled (after an e only: "filled" is not "filed")
  [/ell(?=(ed|ing|er|ers)$)/, 'el'],
  [/(?<=[^e])el(?=(ed|ing|er|ers)$)/, 'ell'],
  // grey / gray
  [/^grey/, 'gray'],
  [/^gray/, 'grey'],
];

/** The word's other spellings under each correspondence, one at a time (the word itself excluded). */
export function dialectVariants(word: string): string[] {
  const out = new Set<string>();
  for (const [from, to] of PAIRS) {
    const v = word.replace(from, to);
    if (v !== word) out.add(v);
  }
  return [...out];
}
