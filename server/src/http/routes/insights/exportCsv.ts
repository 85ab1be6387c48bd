import type { ExportedConversation } from '../../presenters/insightConversations.js';
import { csvRow } from '../../../insights/csv.js';

const HEADER = [
  'conversation_id',
  'conversation_title',
  'conversation_started',
  'message_index',
  'role',
  'created_at',
  'content',
  'outcome',
  'feedback',
  'sources',
];

/** One row per message, with its conversation's columns repeated, so a spreadsheet can filter by any of them. */
export function conversationsCsv(conversations: ExportedConversation[]): string {
  const rows = [csvRow(HEADER)];
  for (const c of conversations) {
    for (const m of c.messages) {
      rows.push(
        csvRow([
          c.id,
          c.title,
          c.created_at,
          m.index,
          m.role,
          m.created_at,
          m.content,
          m.outcome,
          m.feedback,
          m.sources.map((s) => s.url).join(' '),
        ]),
      );
    }
  }
  return rows.join('');
}
