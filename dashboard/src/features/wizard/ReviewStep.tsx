import { useId, type FormEvent } from 'react';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { ArrowLeftIcon, PlusIcon, SearchIcon } from '../../ui/icons';
import { SelectAllCheckbox } from './SelectAllCheckbox';

interface Props {
  sources: string[];
  manual: ReadonlySet<string>;
  selected: Readonly<Record<string, boolean>>;
  search: string;
  onSearch: (value: string) => void;
  onAdd: () => void;
  onToggle: (url: string) => void;
  onSetMany: (urls: string[], on: boolean) => void;
  onBack: () => void;
  onConfirm: () => void;
  creating: boolean;
  error: string | null;
  noneSelectedError: boolean;
  /** The bot's name as typed (empty: the server names it after the start page's title). */
  name: string;
  onName: (value: string) => void;
}

/** Filters sources by a case-insensitive substring. */
export function filterSources(sources: readonly string[], search: string): string[] {
  const q = search.trim().toLowerCase();
  return q ? sources.filter((s) => s.toLowerCase().includes(q)) : [...sources];
}

/** Step 2: choose the addresses to index; the search box doubles as the add-source input. */
export function ReviewStep(props: Props) {
  const { sources, manual, selected, search, creating } = props;
  const searchId = useId();
  const nameId = useId();
  const filtered = filterSources(sources, search);
  const selectedCount = sources.filter((s) => selected[s]).length;
  const filteredSelected = filtered.filter((s) => selected[s]).length;
  const allFilteredSelected = filtered.length > 0 && filteredSelected === filtered.length;
  const someFilteredSelected = filteredSelected > 0 && !allFilteredSelected;

  const add = (e: FormEvent) => {
    e.preventDefault();
    props.onAdd();
  };

  return (
    <div className="card wizard-card">
      <div className="card-header">
        <h2 className="card-title">
          Review &amp; Select Sources{' '}
          <span className="count-pill" aria-label={`${selectedCount} selected`}>
            {selectedCount} selected
          </span>
        </h2>
        <p className="card-subtitle">Choose the pages your chatbot should learn from, or add more by URL.</p>
      </div>
      <div className="card-body">
        {props.error && <Alert title="Error Creating Chatbot">{props.error}</Alert>}
        <form className="source-add" onSubmit={add}>
          <label htmlFor={searchId} className="visually-hidden">
            Search sources or enter a URL to add
          </label>
          <div className="input-with-icon">
            <SearchIcon className="input-icon" size={16} />
            <input
              id={searchId}
              className="input"
              type="text"
              placeholder="Search sources or paste a URL to add"
              value={search}
              onChange={(e) => props.onSearch(e.target.value)}
              disabled={creating}
            />
          </div>
          <button type="submit" className="btn btn-secondary" disabled={creating}>
            <PlusIcon size={16} /> Add Source
          </button>
        </form>
        <div className="source-toolbar">
          <SelectAllCheckbox
            checked={allFilteredSelected}
            indeterminate={someFilteredSelected}
            disabled={filtered.length === 0 || creating}
            onChange={() => props.onSetMany(filtered, !allFilteredSelected)}
            label={search.trim() ? 'Select all matches' : 'Select all'}
          />
          <span className="muted source-count">{filtered.length === 1 ? '1 match' : `${filtered.length} matches`}</span>
        </div>
        <div className="source-list" role="group" aria-label="Sources">
          {filtered.length === 0 ? (
            <div className="source-empty">
              {search.trim() && sources.length > 0 ? (
                <>
                  <p>No sources match your search</p>
                  <button type="button" className="link-button" onClick={() => props.onSearch('')}>
                    Clear search to see all sources
                  </button>
                </>
              ) : (
                <p>No sources collected or added yet. Add one above</p>
              )}
            </div>
          ) : (
            <ul>
              {filtered.map((url) => (
                <li key={url}>
                  <label className="source-item">
                    <input type="checkbox" checked={!!selected[url]} onChange={() => props.onToggle(url)} disabled={creating} />
                    <span className="source-url">{url}</span>
                    {manual.has(url) && <span className="manual-marker">Manual</span>}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
        {/* A note, not an error, until the owner acts: unticks every address or tries to confirm. */}
        {selectedCount === 0 && (
          <p
            className={props.noneSelectedError || sources.length > 0 ? 'inline-error' : 'field-hint inline-note'}
            role={props.noneSelectedError ? 'alert' : undefined}
          >
            No URLs selected.
          </p>
        )}
        <div className="field review-name">
          <label htmlFor={nameId}>Chatbot Name</label>
          <input
            id={nameId}
            className="input"
            type="text"
            maxLength={200}
            value={props.name}
            onChange={(e) => props.onName(e.target.value)}
            placeholder="Named after the start page's title"
            aria-describedby={`${nameId}-hint`}
            disabled={creating}
          />
          <p id={`${nameId}-hint`} className="field-hint">
            Leave empty to name it after the first page's title; you can rename it later.
          </p>
        </div>
      </div>
      <div className="card-actions">
        <button type="button" className="btn btn-ghost" onClick={props.onBack} disabled={creating}>
          <ArrowLeftIcon size={16} /> Back to Configure
        </button>
        <button type="button" className="btn btn-primary" onClick={props.onConfirm} disabled={creating || selectedCount === 0}>
          {creating && <Spinner size="sm" label="Creating chatbot" />}
          {creating ? 'Creating Chatbot...' : 'Confirm & Create Chatbot'}
        </button>
      </div>
    </div>
  );
}
