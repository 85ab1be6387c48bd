import type { PublicChatbot } from '../../../../shared/src/api/types.js';
import { catalogueLanguage, chatTexts } from '../../../../shared/src/messages/index.js';
import type { PublicBot } from '../../db/repositories/publicBotCache.js';

/**
 * What a visitor may see of a bot: never the allowed origins or anything else the owner keeps to
 * themselves. With it, the language the widget and /chat speak and, unless that is English (which
 * they carry), their texts in it: the widget never bundles the catalogue's other languages.
 */
export function presentPublicChatbot(bot: PublicBot): PublicChatbot {
  const language = catalogueLanguage(bot.language) ?? 'en';
  return {
    id: bot.id,
    name: bot.name,
    description: bot.description,
    greeting: bot.greeting,
    starter_questions: bot.starter_questions,
    language,
    ...(language !== 'en' && { texts: chatTexts(language) }),
  };
}
