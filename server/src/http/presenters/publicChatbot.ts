import type { PublicChatbot } from '../../../../shared/src/api/types.js';
import type { PublicBot } from '../../db/repositories/publicBotCache.js';

/** What a visitor may see of a bot: never the allowed origins or anything else the owner keeps to themselves. */
export function presentPublicChatbot(bot: PublicBot): PublicChatbot {
  return {
    id: bot.id,
    name: bot.name,
    description: bot.description,
    greeting: bot.greeting,
    starter_questions: bot.starter_questions,
  };
}
