import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';

/** The detail page's groups, in page order; the address's hash (#sources) names the one in view. */
export const DETAIL_SECTIONS = [
  { id: 'overview', label: 'Overview' },
  { id: 'sources', label: 'Sources' },
  { id: 'settings', label: 'Settings' },
  { id: 'insights', label: 'Insights' },
] as const;
export type DetailSectionId = (typeof DETAIL_SECTIONS)[number]['id'];

/** How far down the window a section's top counts as reached: below the sticky bars and the scroll margin. */
const SECTION_LINE = 160;

const isSection = (id: string): id is DetailSectionId => DETAIL_SECTIONS.some((s) => s.id === id);

/**
 * The section the address names (or Overview), kept up to date as the owner scrolls: the hash is
 * replaced in place (no history entry per section), so a reload or a shared link opens the same section.
 */
export function useCurrentSection(): [DetailSectionId, (id: DetailSectionId) => void] {
  const [current, setCurrent] = useState<DetailSectionId>(() => {
    const fromHash = window.location.hash.slice(1);
    return isSection(fromHash) ? fromHash : 'overview';
  });

  // On arrival with a hash: the page was drawn after the browser looked for the anchor, so scroll now.
  useEffect(() => {
    const fromHash = window.location.hash.slice(1);
    if (isSection(fromHash) && fromHash !== 'overview')
      document.getElementById(`section-${fromHash}`)?.scrollIntoView?.({ block: 'start' });
  }, []);

  // While scrolling: the last section whose top has reached the sticky bars is the current one
  // (at the page's end, the last section: it may be too short to reach them).
  useEffect(() => {
    let frame = 0;
    // A scroll that comes after the owner left for another page (the new page resets the scroll
    // before this one is gone) must not put this page's hash on that page's address.
    const page = window.location.pathname;
    const measure = () => {
      frame = 0;
      if (window.location.pathname !== page) return;
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      let found: DetailSectionId = 'overview';
      for (const s of DETAIL_SECTIONS) {
        const el = document.getElementById(`section-${s.id}`);
        if (el && el.getBoundingClientRect().top <= SECTION_LINE) found = s.id;
      }
      if (atEnd && window.scrollY > 0) found = DETAIL_SECTIONS[DETAIL_SECTIONS.length - 1]!.id;
      setCurrent(found);
      nameInAddress(found);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  const go = (id: DetailSectionId) => {
    setCurrent(id);
    nameInAddress(id);
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    document.getElementById(`section-${id}`)?.scrollIntoView?.({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  };
  return [current, go];
}

/** #sources in the address, in place (the router's own state kept); Overview is the bare address. */
function nameInAddress(id: DetailSectionId) {
  const hash = id === 'overview' ? '' : `#${id}`;
  if (window.location.hash === hash) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${hash}`);
}

/** The sticky bar of section links: one click scrolls to a group of cards and names it in the address. */
export function SectionNav({ current, go }: { current: DetailSectionId; go: (id: DetailSectionId) => void }) {
  const click = (id: DetailSectionId) => (e: MouseEvent) => {
    e.preventDefault();
    go(id);
  };
  return (
    <nav className="detail-section-nav" aria-label="Chatbot sections">
      {DETAIL_SECTIONS.map((s) => (
        <a key={s.id} href={`#${s.id}`} onClick={click(s.id)} aria-current={s.id === current ? 'location' : undefined}>
          {s.label}
        </a>
      ))}
    </nav>
  );
}

/** One group of cards, under its heading; the anchor is offset so the sticky bar does not cover the heading. */
export function DetailSection({ id, title, children }: { id: DetailSectionId; title: string; children: ReactNode }) {
  return (
    <section id={`section-${id}`} className="detail-section" aria-labelledby={`section-${id}-title`}>
      <h2 id={`section-${id}-title`} className="detail-section-title">
        {title}
      </h2>
      <div className="detail-section-grid">{children}</div>
    </section>
  );
}
