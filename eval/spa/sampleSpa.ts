/**
 * The sample site (demo/site/) as a single-page app, for `npm run eval --sites sample-spa`: the same
 * pages under the same paths, but every path answers the app's empty shell and the text arrives
 * as JSON the Preact app (e2e/fixtures/spa/) draws in the browser. Its figures beside the static
 * sample's show what reading a client-rendered site costs in answers. Run: `serve.sh PORT`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveSpa, type SpaPage } from '../../e2e/fixtures/spa/serve';

const site = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'demo', 'site');

/** Each static page's article (less its <h1>, which the app draws from the title), its title and nav label. */
export function samplePages(): Record<string, SpaPage> {
  const html = (file: string) => readFileSync(path.join(site, file), 'utf8');
  const index = html('index.html');
  // The static sidebar's order and labels become the app's navigation.
  const order = [...index.matchAll(/<li><a href="([\w-]+\.html)"[^>]*>([^<]+)<\/a><\/li>/g)].map((m) => ({ file: m[1]!, label: m[2]! }));
  const files = readdirSync(site).filter((f) => f.endsWith('.html'));
  const pages: Record<string, SpaPage> = {};
  for (const file of [...order.map((o) => o.file), ...files].filter((f, i, all) => all.indexOf(f) === i && files.includes(f))) {
    const text = html(file);
    const article = /<article>([\s\S]*?)<\/article>/.exec(text)?.[1] ?? '';
    const title = /<h1>([\s\S]*?)<\/h1>/.exec(article)?.[1]?.trim() ?? file;
    pages[`/${file}`] = { title, html: article.replace(/<h1>[\s\S]*?<\/h1>/, ''), nav: order.find((o) => o.file === file)?.label };
  }
  return pages;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2]);
  if (!Number.isInteger(port)) throw new Error('usage: sampleSpa.ts PORT');
  void serveSpa({ name: 'Lumen', pages: samplePages(), port });
}
