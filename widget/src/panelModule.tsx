import { render, type ComponentChild } from 'preact';
import { createVisitorClient, type VisitorApi } from '../../shared/src/api/client';
import { Panel } from './Panel';
import type { PanelModule } from './panelContract';

/** One API client per mounted panel (keyed by its slot), made on first render. */
const clients = new WeakMap<HTMLElement, VisitorApi>();

/** The chat panel as the launcher drives it: render with the launcher's open state, unmount on teardown. */
export const panelModule: PanelModule = {
  render(slot, { apiBase, botId, open, onClose, onLanguage, start }) {
    let api = clients.get(slot);
    if (!api) clients.set(slot, (api = createVisitorClient({ baseUrl: apiBase })));
    // The panel is Preact (react is aliased to preact/compat in the build); React's JSX types differ.
    render(
      (<Panel api={api} botId={botId} open={open} onClose={onClose} onLanguage={onLanguage} start={start} />) as unknown as ComponentChild,
      slot,
    );
  },
  unmount(slot) {
    render(null, slot);
    clients.delete(slot);
  },
};
