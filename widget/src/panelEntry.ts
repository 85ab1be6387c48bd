import { registry } from './env';
import { panelModule } from './panelModule';

/**
 * Entry of widget-panel.js: registers the chat panel on the page-wide registry, where the launcher
 * (widget.js) picks it up once this script's load event fires. Running it renders nothing, stores
 * nothing and makes no request: it is safe to run early (prefetch) or twice.
 */
registry().panel ??= panelModule;
