import { useId, useState, type ReactNode } from 'react';
import { sampleSiteUrl } from '../pages/landing/sampleSite';
import { ChevronDownIcon } from '../ui/icons';
import { CrawlScopeFields } from './CrawlScopeFields';
import type { CrawlScope, CrawlSettings } from './crawlSettings';

interface ScopeOnly {
  /** Crawl Settings on the detail page: a bot's start and limits are fixed, its scope is editable. */
  fields: 'scope';
  value: CrawlScope;
  onChange(patch: Partial<CrawlScope>): void;
  disabled?: boolean;
}

interface WholeCrawl {
  /** The create form and the wizard: start URL, pages and depth, then the scope. */
  fields: 'all';
  value: CrawlSettings;
  onChange(patch: Partial<CrawlSettings>): void;
  disabled?: boolean;
  /** The start URL's hint reads: {before}Trying Docent for the first time? [Use the bundled sample site]{after} */
  urlHint?: { before?: ReactNode; after?: ReactNode };
  depths: readonly number[];
  depthLabel?(depth: number): string;
  /**
   * Given (the create form's name and description): depth, these fields and the scope fold under
   * "Advanced Configuration", closed at first. Without: depth sits beside pages and the scope follows.
   */
  advanced?: ReactNode;
}

/**
 * The one crawl-settings form of the dashboard (spec §2, §3, §8): the create form, the wizard's
 * Configure step and Crawl Settings on the detail page all show their crawl fields through it.
 */
export function CrawlSettingsFields(props: ScopeOnly | WholeCrawl) {
  if (props.fields === 'scope') return <CrawlScopeFields value={props.value} onChange={props.onChange} disabled={props.disabled} />;
  return <WholeCrawlFields {...props} />;
}

function WholeCrawlFields({ value, onChange, disabled, urlHint, depths, depthLabel = String, advanced }: WholeCrawl) {
  const ids = { url: useId(), pages: useId(), depth: useId(), advanced: useId() };
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const pages = (
    <div className="field">
      <label htmlFor={ids.pages}>Maximum Pages</label>
      <input
        id={ids.pages}
        className="input"
        type="text"
        inputMode="numeric"
        required
        value={value.max_pages}
        // Digits only; the field may be emptied while typing (the request then uses the form's default).
        onChange={(e) => /^\d{0,6}$/.test(e.target.value) && onChange({ max_pages: e.target.value })}
        disabled={disabled}
      />
    </div>
  );
  const depth = (
    <div className="field">
      <label htmlFor={ids.depth}>Maximum Depth</label>
      <select
        id={ids.depth}
        className="select"
        value={value.max_depth}
        onChange={(e) => onChange({ max_depth: Number(e.target.value) || value.max_depth })}
        disabled={disabled}
      >
        {depths.map((d) => (
          <option key={d} value={d}>
            {depthLabel(d)}
          </option>
        ))}
      </select>
    </div>
  );
  const scope = <CrawlScopeFields value={value} onChange={onChange} disabled={disabled} />;
  return (
    <>
      <div className="field">
        <label htmlFor={ids.url}>Start URL</label>
        <input
          id={ids.url}
          className="input"
          type="url"
          required
          placeholder="https://docs.example.com"
          value={value.url}
          onChange={(e) => onChange({ url: e.target.value })}
          disabled={disabled}
          aria-describedby={`${ids.url}-hint`}
        />
        <p id={`${ids.url}-hint`} className="field-hint">
          {urlHint?.before}Trying Docent for the first time?{' '}
          <button type="button" className="link-button" onClick={() => onChange({ url: sampleSiteUrl() })} disabled={disabled}>
            Use the bundled sample site
          </button>
          {urlHint?.after}
        </p>
      </div>
      {advanced === undefined ? (
        <>
          <div className="field-row">
            {pages}
            {depth}
          </div>
          {scope}
        </>
      ) : (
        <>
          {pages}
          <div className="collapsible">
            <button
              type="button"
              className="collapsible-trigger"
              aria-expanded={advancedOpen}
              aria-controls={ids.advanced}
              onClick={() => setAdvancedOpen((o) => !o)}
              disabled={disabled}
            >
              <ChevronDownIcon className={`chevron${advancedOpen ? ' is-open' : ''}`} size={16} /> Advanced Configuration
            </button>
            <div id={ids.advanced} className="collapsible-content" hidden={!advancedOpen}>
              {depth}
              {advanced}
              {scope}
            </div>
          </div>
        </>
      )}
    </>
  );
}
