import { describe, expect, it } from 'vitest';
import { AnchorTextCollector } from '../../src/crawl/anchorText.js';
import { distinctLineKeys } from '../../src/crawl/lineKeys.js';
import { SiteBoilerplate } from '../../src/crawl/siteBoilerplate.js';
import { isSiteWide } from '../../src/crawl/siteWide.js';

const BANNER = 'Download the ebook';
const page = (i: number) =>
  [BANNER, '', `# Page ${i}`, '', `Fact number ${i} is only on this page.`, '', '- Prev', '- Up', '- Next', '', '```', BANNER, '```'].join(
    '\n',
  );

describe('site-wide rule', () => {
  it('needs half the pages and at least five of them', () => {
    expect(isSiteWide(1, 1)).toBe(false); // a one-page site keeps everything
    expect(isSiteWide(4, 4)).toBe(false);
    expect(isSiteWide(5, 10)).toBe(true);
    expect(isSiteWide(5, 11)).toBe(false);
  });
});

describe('SiteBoilerplate', () => {
  it('drops a banner and navigation repeated on every page, but never headings or code', () => {
    const bp = new SiteBoilerplate();
    const out = Array.from({ length: 8 }, (_, i) => bp.admit(`/p${i}`, page(i)));
    expect(out[7]).toBe(['# Page 7', '', 'Fact number 7 is only on this page.', '', '```', BANNER, '```'].join('\n'));
  });

  it('keeps everything on a small site', () => {
    const bp = new SiteBoilerplate();
    const out = Array.from({ length: 4 }, (_, i) => bp.admit(`/p${i}`, page(i)));
    expect(out).toEqual(Array.from({ length: 4 }, (_, i) => page(i)));
    expect(bp.stale()).toEqual([]);
  });

  it('after the crawl, cleans the first pages too and rebuilds pages cleaned too eagerly', () => {
    const bp = new SiteBoilerplate();
    const stored = new Map<string, string>();
    // Five early pages share a line that later turns out rare; the banner is on every page.
    for (let i = 0; i < 5; i++) stored.set(`/a${i}`, bp.admit(`/a${i}`, `${BANNER}\n\nSection A note.\n\nText ${i}.`));
    for (let i = 0; i < 15; i++) stored.set(`/b${i}`, bp.admit(`/b${i}`, `${BANNER}\n\nText b${i}.`));
    expect(stored.get('/a0')).toBe(`${BANNER}\n\nSection A note.\n\nText 0.`); // nothing known yet
    expect(stored.get('/b0')).toBe(`Text b0.`);
    const stale = bp.stale();
    expect(stale).toEqual(['/a0', '/a1', '/a2', '/a3', '/a4']);
    expect(bp.revise('/a0', stored.get('/a0')!)).toBe('Section A note.\n\nText 0.');

    const eager = new SiteBoilerplate();
    const kept = new Map<string, string>();
    for (let i = 0; i < 6; i++) kept.set(`/s${i}`, eager.admit(`/s${i}`, `Shared intro.\n\nSection text ${i}.`));
    for (let i = 0; i < 20; i++) eager.admit(`/t${i}`, `Other text ${i}.`);
    expect(kept.get('/s5')).toBe(`Section text 5.`);
    expect(eager.stale()).toContain('/s5');
    expect(eager.revise('/s5', kept.get('/s5')!)).toBe('Shared intro.\n\nSection text 5.');
  });

  it('counts a banner on every page that shows it, also where extraction left it out', () => {
    const bp = new SiteBoilerplate();
    const [bannerKey] = distinctLineKeys(BANNER);
    // Six pages whose extraction dropped the banner (it was outside the chosen region), two that kept it.
    for (let i = 0; i < 6; i++) bp.admit(`/r${i}`, `Readable text ${i}.`, [bannerKey!]);
    expect(bp.admit('/b1', `${BANNER}\n\nBody text 1.`)).toBe('Body text 1.');
    expect(bp.admit('/b2', `${BANNER}\n\nBody text 2.`)).toBe('Body text 2.');
    expect(bp.stale()).toEqual([]);
  });

  it('keeps a page made only of site-wide lines', () => {
    const bp = new SiteBoilerplate();
    for (let i = 0; i < 6; i++) bp.admit(`/p${i}`, `${BANNER}\n\nPage ${i}.`);
    expect(bp.admit('/bare', BANNER)).toBe(BANNER);
  });
});

describe('AnchorTextCollector', () => {
  it('stores link text without the NUL bytes and broken surrogates a page may carry', () => {
    const c = new AnchorTextCollector();
    c.add([{ url: '/install', text: 'Install\u0000ing the \uD800tool' }], ['/a']);
    expect(c.textFor(['/install'])).toBe('Installing the tool');
  });

  it('gathers distinct in-link texts per page, most linked first, without site-wide link texts or self-links', () => {
    const c = new AnchorTextCollector();
    for (let i = 0; i < 10; i++) {
      c.add(
        [
          { url: '/next', text: 'Next' },
          { url: '/install', text: i < 3 ? 'Installing the tool' : `Setup guide` },
          { url: `/p${i}`, text: 'Myself' },
        ],
        [`/p${i}`],
      );
    }
    c.add([{ url: '/install', text: 'Install' }], ['/other']);
    expect(c.textFor(['/install'])).toBe('Installing the tool\nInstall'); // "Setup guide" is on 7 of 11 pages
    expect(c.textFor(['/next'])).toBe('');
    expect(c.textFor(['/p1'])).toBe('');
  });
});
