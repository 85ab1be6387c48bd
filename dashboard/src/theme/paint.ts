// Entry of /theme-init.js (built by vite.config.ts): the theme module's pre-paint step, run by
// dashboard/index.html before the stylesheet, so the page never flashes the wrong theme.
import { paintTheme } from '../../../shared/src/theme';

paintTheme();
