/** A cited passage as stored with an answer (messages.sources, jsonb). */
export interface StoredSource {
  url: string;
  title: string;
  snippet: string;
  score?: number;
}

/** What retrieval's evidence supported, for an assistant's answer (migration 009). */
export type StoredOutcome = 'answer' | 'unsure' | 'none';
