/** Turning untrusted question text into safe full-text search input. */
import { dropInvisible } from '../../text/invisible.js';
import { READING } from './params.js';

/** Longest question text that reaches the database; the rest adds nothing to a search. */
export const MAX_QUERY_CHARS = READING.maxQueryChars;
/** At most this many distinct lexemes take part in a search. */
export const MAX_QUERY_TERMS = READING.maxQueryTerms;

/** PostgreSQL text cannot hold NUL; other control characters are noise. */
export function cleanQueryText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return dropInvisible(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')).slice(0, MAX_QUERY_CHARS);
}

/**
 * One lexeme as a tsquery operand. Quoting makes every character literal (operators, colons,
 * backslashes, parentheses), so no user text can change the query's structure or make it fail.
 */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** The OR-relaxed query: any of the lexemes. */
export function orQuery(lexemes: string[]): string {
  return lexemes.map(quoteLexeme).join(' | ');
}

/**
 * General English words that phrase a question rather than name its subject ("please", "somehow",
 * "usually", "want", "know", "using"…): the SMART information-retrieval system's
 * stopword list (Salton; as used in Lewis et al., RCV1, 2004) minus the words PostgreSQL's english
 * configuration already drops. They are not dropped here, because on a technical site some of them
 * are the subject ("value", "name", "self"): they only count for less (see retriever.ts). Nothing in
 * this list was chosen for a particular site or question.
 */
export const GENERAL_ENGLISH_WORDS = `
a's able according accordingly across actually afterwards ain't allow allows almost alone along already also
although always among amongst another anybody anyhow anyone anything anyway anyways anywhere apart appear
appreciate appropriate aren't around aside ask asking associated available away awfully became become becomes
becoming beforehand behind believe beside besides best better beyond brief c'mon c's came can't cannot cant
cause causes certain certainly changes clearly co com come comes concerning consequently consider considering
contain containing contains corresponding could couldn't course currently definitely described despite didn't
different doesn't done downwards edu eg eight either else elsewhere enough entirely especially et etc even ever
every everybody everyone everything everywhere ex exactly example except far fifth first five followed following
follows former formerly forth four furthermore get gets getting given gives go goes going gone got gotten
greetings hadn't happens hardly hasn't haven't he'd he'll he's hello help hence here's hereafter hereby herein
hereupon hi hither hopefully howbeit however i'd i'll i'm i've ie ignored immediate inasmuch inc indeed indicate
indicated indicates inner insofar instead inward isn't it'd it'll it's keep keeps kept know knows known last lately
later latter latterly least less lest let let's like liked likely little look looking looks ltd mainly many may
maybe mean meanwhile merely might moreover mostly much must name namely nd near nearly necessary need needs
neither never nevertheless new next nine nobody non none noone normally nothing novel nowhere obviously often oh
ok okay old one ones onto others otherwise ought outside overall particular particularly per perhaps placed please
plus possible presumably probably provides que quite qv rather rd re really reasonably regarding regardless regards
relatively respectively right said saw say saying says second secondly see seeing seem seemed seeming seems seen
self selves sensible sent serious seriously seven several shall she'd she'll she's shouldn't since six somebody
somehow someone something sometime sometimes somewhat somewhere soon sorry specified specify specifying still sub
sup sure t's take taken tell tends th thank thanks thanx that's thats thence there's thereafter thereby therefore
therein theres thereupon they'd they'll they're they've think third thorough thoroughly though three throughout
thru thus together took toward towards tried tries truly try trying twice two un unfortunately unless unlikely unto
upon us use used useful uses using usually uucp value various via viz vs want wants wasn't way we'd we'll we're
we've welcome well went weren't what's whatever whence whenever where's whereafter whereas whereby wherein
whereupon wherever whether whither who's whoever whole whose willing wish within without won't wonder would
wouldn't yes yet you'd you'll you're you've zero`;
