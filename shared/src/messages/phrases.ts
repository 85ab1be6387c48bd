/**
 * The small-talk phrases of one language (server/src/answer/smallTalk.ts reads every language's): a
 * message made only of these (and filler words) is a greeting, thanks, an "ok", a goodbye or asking
 * what the bot is, not a question. Lowercase words, apostrophes left out ("youre"), punctuation none.
 */
export interface SmallTalkPhrases {
  greeting: string[];
  thanks: string[];
  ack: string[];
  farewell: string[];
  identity: string[];
  /** Words that may stand beside the phrases without making the message a question ("thanks so much"). */
  fillers: string[];
}
