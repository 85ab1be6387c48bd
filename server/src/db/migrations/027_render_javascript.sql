-- The owner's "render JavaScript" setting (issue 38, crawl/render/): every page of the bot's crawls
-- runs in headless Chromium, not only those whose HTML is an app shell. Reused by every re-crawl.
ALTER TABLE chatbots ADD COLUMN render_javascript boolean NOT NULL DEFAULT false;
