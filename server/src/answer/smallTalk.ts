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

import { LANGUAGES, type ReplyTexts } from '../../../shared/src/messages/index.js';
import { reply as english } from '../../../shared/src/messages/en.js';

export type SmallTalkKind = 'greeting' | 'thanks' | 'ack' | 'farewell' | 'identity';

/**
 * Every language's phrases (shared/src/messages/<language>.ts), read as one list: a visitor may greet
 * a German bot in English or thank an English one in French. The reply is chosen by language elsewhere.
 */
const FILES = Object.values(LANGUAGES).map((file) => file.smallTalk);
const KINDS: SmallTalkKind[] = ['greeting', 'thanks', 'ack', 'farewell', 'identity'];

/** Words that may stand beside the phrases without making the message a question ("thanks so much", "hi there"). */
const FILLERS = new Set(FILES.flatMap((file) => file.fillers));

const BY_WORDS = new Map<string, SmallTalkKind>(
  FILES.flatMap((file) => KINDS.flatMap((kind) => file[kind].map((p) => [p, kind] as const))),
);
/** "Help" in the catalogue's languages. */
const HELP = new Set(['help', 'hilfe', 'aide', 'ayuda', 'aiuto', 'ajuda', 'hulp']);
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
  if (kinds.size === 0 && words.some((w) => HELP.has(w))) kinds.add('identity');
  return kinds.size > 0 ? kinds : undefined;
}

/**
 * The reply, in the language of `texts` (English by default): what the visitor said first answered
 * (a question about the bot before thanks, thanks before goodbye).
 */
export function smallTalkReply(kinds: Set<SmallTalkKind>, texts: ReplyTexts = english): string {
  if (kinds.has('identity')) return texts.identity;
  if (kinds.has('thanks') && kinds.has('farewell')) return texts.welcomeBye;
  if (kinds.has('thanks')) return texts.welcome;
  if (kinds.has('farewell')) return texts.goodbye;
  if (kinds.has('greeting')) return texts.hello;
  return texts.sure;
}
