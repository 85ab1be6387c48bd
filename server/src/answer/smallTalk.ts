/**
 * Messages that are not questions about the site: a greeting, thanks, an "ok", a goodbye, or asking
 * the bot what it is. Searched like questions they found nothing ("hi" was refused with "I couldn't
 * find this in the site's pages…"), or, after a first question, the follow-up rule read "thanks!" as
 * "the previous question again" and repeated its answer. They get a short reply of their own, with
 * no sources and no outcome, so the owner's unanswered questions and answer rate count only
 * questions.
 *
 * A message is small talk only when all of it is: "Hi, how do I install it?" is a question.
 */

export type SmallTalkKind = 'greeting' | 'thanks' | 'ack' | 'farewell' | 'identity';

/** The phrases of each kind, as lowercase words. */
const PHRASES: Record<SmallTalkKind, string[]> = {
  greeting: [
    'hi',
    'hello',
    'hey',
    'heya',
    'hiya',
    'howdy',
    'greetings',
    'yo',
    'good morning',
    'good afternoon',
    'good evening',
    'good day',
  ],
  thanks: ['thanks', 'thank you', 'thank u', 'thx', 'thanx', 'ty', 'cheers', 'much appreciated', 'appreciate it', 'i appreciate it'],
  ack: [
    'ok',
    'okay',
    'k',
    'kk',
    'cool',
    'great',
    'nice',
    'perfect',
    'awesome',
    'excellent',
    'alright',
    'all right',
    'got it',
    'i see',
    'understood',
    'makes sense',
    'sounds good',
    'that helps',
    'that helped',
    'that works',
    'it works',
    'good',
    'yes',
    'yep',
    'no problem',
  ],
  farewell: [
    'bye',
    'goodbye',
    'good bye',
    'bye bye',
    'see you',
    'see ya',
    'cya',
    'later',
    'have a nice day',
    'have a good day',
    'have a great day',
    'take care',
  ],
  identity: [
    'who are you',
    'what are you',
    'what can you do',
    'what do you do',
    'how can you help',
    'how can you help me',
    'what can i ask',
    'what can i ask you',
    'are you a bot',
    'are you a robot',
    'are you human',
    'are you a human',
    'are you a person',
    'are you an ai',
  ],
};

/** Words that may stand beside the phrases without making the message a question ("thanks so much", "hi there"). */
const FILLERS = new Set([
  'there',
  'so',
  'very',
  'much',
  'a',
  'lot',
  'again',
  'all',
  'everyone',
  'guys',
  'folks',
  'bot',
  'oh',
  'ah',
  'well',
  'really',
  'then',
  'and',
  'for',
  'the',
  'info',
  'help',
  'me',
  'please',
  'now',
]);

const BY_WORDS = new Map<string, SmallTalkKind>(
  (Object.entries(PHRASES) as [SmallTalkKind, string[]][]).flatMap(([kind, phrases]) => phrases.map((p) => [p, kind] as const)),
);
const LONGEST = Math.max(...[...BY_WORDS.keys()].map((p) => p.split(' ').length));
/** Longer messages are questions, whatever words they use. */
const MAX_WORDS = 12;

/**
 * The kinds of small talk the whole message is made of, or undefined when any of it is something
 * else. Phrases are matched longest first; filler words may stand between them.
 */
export function readSmallTalk(message: string): Set<SmallTalkKind> | undefined {
  const words = message
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0 || words.length > MAX_WORDS) return undefined;
  const kinds = new Set<SmallTalkKind>();
  for (let i = 0; i < words.length;) {
    let matched = 0;
    for (let n = Math.min(LONGEST, words.length - i); n > 0 && matched === 0; n--) {
      const kind = BY_WORDS.get(words.slice(i, i + n).join(' '));
      if (kind) {
        kinds.add(kind);
        matched = n;
      }
    }
    if (matched === 0 && !FILLERS.has(words[i]!)) return undefined;
    i += matched || 1;
  }
  // "Help" alone asks what the bot does ("thanks for the help" does not); other fillers alone ("so",
  // "and then") are not small talk.
  if (kinds.size === 0 && words.includes('help')) kinds.add('identity');
  return kinds.size > 0 ? kinds : undefined;
}

/** The reply: what the visitor said first answered (a question about the bot before thanks, thanks before goodbye). */
export function smallTalkReply(kinds: Set<SmallTalkKind>): string {
  if (kinds.has('identity'))
    return "I'm this website's assistant: I answer questions from its pages and show the pages each answer comes from. What would you like to know?";
  if (kinds.has('thanks') && kinds.has('farewell')) return "You're welcome! Come back any time you have a question.";
  if (kinds.has('thanks')) return "You're welcome! Is there anything else you'd like to know?";
  if (kinds.has('farewell')) return 'Goodbye! Come back any time you have a question.';
  if (kinds.has('greeting')) return 'Hello! Ask me anything about this website: I answer from its pages and show the ones I used.';
  return 'Sure: ask me anything else about this website.';
}
