-- Crawls stay in the start page's language (issue 38, crawl/languageScope.ts) unless the owner
-- chooses all languages: a boolean crawl setting, reused by every re-crawl of the bot.
ALTER TABLE chatbots ADD COLUMN all_languages boolean NOT NULL DEFAULT false;
