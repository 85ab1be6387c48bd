/**
 * The dev sites `npm run eval` measures by default: how each is served, where its crawl starts,
 * its question files and its scoring rules (the corpora READMEs).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageRules } from './scoring.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpora = path.resolve(repo, '..', 'shared', 'corpora');
const dev = path.join(repo, 'eval', 'dev');

/** A question file and the label its questions carry in the report. */
export interface QuestionFile {
  file: string;
  set: string;
}

export interface SiteDef {
  name: string;
  /**
   * How to serve it: a script taking the port as its one argument, a folder served as the root, or
   * an origin already serving it (a custom site).
   */
  serve: { script: string } | { dir: string } | { origin: string };
  /** The crawl's start page, relative to the served root. */
  seed: string;
  qa: QuestionFile[];
  unanswerable: QuestionFile[];
  rules: PageRules;
  /** Named subsets reported as sub-rows (the scored pydocs set), by question set labels. */
  subsets?: Record<string, string[]>;
  /** Pages the corpus README says the site has, to judge a crawl by. */
  readmePages?: number;
  /** The name its bot gets (and is found again by in a data dir); `eval:<name>` when absent. */
  botName?: string;
  /**
   * A site no change was tuned on (eval/heldout): measured only when named (`--sites sqlite`), shown
   * beside the dev sites but left out of their mean and of the keep rule, so it stays a check of how
   * a change carries to a site nobody looked at while making it.
   */
  heldOut?: boolean;
  /** The Debian package that installs a folder-served site, named when the folder is missing. */
  package?: string;
}

const q = (file: string): QuestionFile => ({ file, set: path.basename(file, '.jsonl') });
const heldOut = path.join(repo, 'eval', 'heldout');

/**
 * A translation of the Debian Reference (Debian's debian-reference-LANG, version 2.100: 15 long
 * pages) served from its package's folder, with its questions in eval/dev/debref-LANG.
 */
function debianReference(lang: string): SiteDef {
  const name = `debref-${lang}`;
  return {
    name,
    serve: { dir: `/usr/share/doc/debian-reference-${lang}/docs` },
    seed: `index.${lang}.html`,
    qa: [{ file: path.join(dev, name, 'qa.jsonl'), set: `${name}-qa` }],
    unanswerable: [{ file: path.join(dev, name, 'unanswerable.jsonl'), set: `${name}-unanswerable` }],
    rules: {},
    readmePages: 15,
    package: `debian-reference-${lang}`,
  };
}

export const SITES: SiteDef[] = [
  {
    name: 'pydocs',
    serve: { script: path.join(corpora, 'serve-pydocs.sh') },
    seed: 'index.html',
    qa: [
      q(path.join(corpora, 'pydocs-qa.jsonl')),
      q(path.join(dev, 'pydocs-dev-qa.jsonl')),
      q(path.join(dev, 'pydocs-dev2-qa.jsonl')),
      q(path.join(dev, 'pydocs-dev-keywords.jsonl')),
    ],
    unanswerable: [q(path.join(corpora, 'pydocs-unanswerable.jsonl')), q(path.join(dev, 'pydocs-dev-unanswerable.jsonl'))],
    rules: {},
    subsets: { scored: ['pydocs-qa', 'pydocs-unanswerable'] },
    readmePages: 530,
  },
  {
    name: 'debian',
    serve: { script: path.join(corpora, 'debian-handbook', 'serve.sh') },
    seed: 'index.html',
    qa: [{ file: path.join(corpora, 'debian-handbook', 'qa.jsonl'), set: 'debian-qa' }],
    unanswerable: [{ file: path.join(corpora, 'debian-handbook', 'unanswerable.jsonl'), set: 'debian-unanswerable' }],
    // The pages' <link rel="canonical"> point at the book's web site.
    rules: { canonicalBases: ['https://debian-handbook.info/browse/stable/', 'http://debian-handbook.info/browse/stable/'] },
    readmePages: 127,
  },
  {
    name: 'git',
    serve: { script: path.join(corpora, 'git', 'serve.sh') },
    seed: 'index.html',
    qa: [{ file: path.join(corpora, 'git', 'qa.jsonl'), set: 'git-qa' }],
    unanswerable: [{ file: path.join(corpora, 'git', 'unanswerable.jsonl'), set: 'git-unanswerable' }],
    // index.html is a symlink to git.html: one page under two URLs.
    rules: { aliases: { 'git.html': 'index.html' } },
    readmePages: 242,
  },
  {
    // German text (questions and expected answers in German), one long page per chapter: recall@5
    // says little here, the lead page and keywords say more (its README).
    name: 'debref-de',
    serve: { script: path.join(corpora, 'debian-reference-de', 'serve.sh') },
    seed: 'index.de.html',
    qa: [{ file: path.join(corpora, 'debian-reference-de', 'qa.jsonl'), set: 'debref-de-qa' }],
    unanswerable: [{ file: path.join(corpora, 'debian-reference-de', 'unanswerable.jsonl'), set: 'debref-de-unanswerable' }],
    rules: {},
    readmePages: 15,
  },
  // The same book in Spanish (some sections still in English: mixed pages; questions written for
  // it), then debref-es's questions asked as a French, Italian or European Portuguese speaker would.
  debianReference('es'),
  debianReference('fr'),
  debianReference('it'),
  debianReference('pt'),
  {
    name: 'sample',
    serve: { dir: path.join(repo, 'demo', 'site') },
    seed: 'index.html',
    qa: [q(path.join(dev, 'sample-qa.jsonl'))],
    unanswerable: [q(path.join(dev, 'sample-unanswerable.jsonl'))],
    rules: {},
    readmePages: 12,
  },
  {
    // The same sample as a single-page app (eval/spa/): an empty shell on every path, the text drawn
    // by a Preact app in the browser, so the crawl reads it through Chromium (crawl/render/).
    name: 'sample-spa',
    serve: { script: path.join(repo, 'eval', 'spa', 'serve.sh') },
    seed: 'index.html',
    qa: [q(path.join(dev, 'sample-qa.jsonl'))],
    unanswerable: [q(path.join(dev, 'sample-unanswerable.jsonl'))],
    rules: {},
    readmePages: 12,
  },
];

/**
 * Held-out sites (eval/heldout/README.md): questions written from the site's pages before the product
 * was run on it. The site is a Debian package's HTML, served as a folder.
 */
export const HELD_OUT_SITES: SiteDef[] = [
  {
    name: 'sqlite',
    serve: { dir: '/usr/share/doc/sqlite3' },
    seed: 'index.html',
    qa: [q(path.join(heldOut, 'sqlite-qa.jsonl'))],
    unanswerable: [q(path.join(heldOut, 'sqlite-unanswerable.jsonl'))],
    rules: {},
    heldOut: true,
    // What the package's docs are (`apt-get install sqlite3-doc`), for the error when it is missing.
    package: 'sqlite3-doc',
  },
];

/** The dev sites by default; any dev or held-out sites by name ("pydocs,sqlite"). */
export function pickSites(names: string | undefined): SiteDef[] {
  if (!names) return SITES;
  const known = [...SITES, ...HELD_OUT_SITES];
  const wanted = names
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = wanted.filter((n) => !known.some((s) => s.name === n));
  if (unknown.length) throw new Error(`unknown site ${unknown.join(', ')}: choose from ${known.map((s) => s.name).join(', ')}`);
  return known.filter((s) => wanted.includes(s.name));
}

/** A site given on the command line (`--site URL --qa FILE [--unanswerable FILE]`), served by someone else. */
export function customSite(url: string, qa: string, unanswerable?: string): SiteDef {
  const u = new URL(url);
  return {
    name: 'custom',
    serve: { origin: u.origin },
    seed: `${u.pathname.replace(/^\/+/, '')}${u.search}`,
    qa: [q(qa)],
    unanswerable: unanswerable ? [q(unanswerable)] : [],
    rules: {},
    botName: `eval:custom:${url}`.slice(0, 200),
  };
}
