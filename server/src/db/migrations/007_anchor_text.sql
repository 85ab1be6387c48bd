-- The anchor text of a page's in-links: the distinct texts of the on-site links that point at it,
-- most-linked first, one per line, at most 2,000 characters (crawl/anchorText.ts). Texts that most
-- of the site uses for its links ("Next", "Home", a menu) are left out: they name the template, not
-- the page. What other pages call a page is often how visitors name it, so ranking may weigh it as
-- a field of its own (fielded BM25, DESIGN §4). Filled by the crawl for every document of its
-- generation before the swap, because a link may be met after its target was indexed; '' for pages
-- nothing links to and for pages indexed before this migration.
ALTER TABLE documents ADD COLUMN anchor_text text NOT NULL DEFAULT '';
