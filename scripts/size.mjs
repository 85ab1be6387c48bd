// Prints the widget's gzip sizes and fails when a file, or the launcher + panel together, is over
// its budget (DESIGN §7). The launcher is what every page pays; the panel loads on demand.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const budgets = [
  { name: 'launcher', file: 'widget/dist/widget.js', limitKb: 6 },
  { name: 'panel', file: 'widget/dist/widget-panel.js', limitKb: 32 },
  { name: 'stylesheet', file: 'widget/dist/widget.css', limitKb: 8 },
];
const TOTAL_JS_KB = 35;

let failed = false;
let totalJs = 0;
for (const { name, file, limitKb } of budgets) {
  if (!existsSync(file)) {
    console.error(`${name} ${file}: missing (run npm run build:widget first)`);
    failed = true;
    continue;
  }
  const raw = readFileSync(file);
  const gz = gzipSync(raw, { level: 9 }).length / 1024;
  if (file.endsWith('.js')) totalJs += gz;
  const over = gz > limitKb;
  failed ||= over;
  console.log(
    `${name} ${file}: ${(raw.length / 1024).toFixed(1)} KB raw, ${gz.toFixed(2)} KB gzip (budget ${limitKb} KB)${over ? '  OVER BUDGET' : ''}`,
  );
}
const over = totalJs > TOTAL_JS_KB;
failed ||= over;
console.log(`launcher + panel: ${totalJs.toFixed(2)} KB gzip (budget ${TOTAL_JS_KB} KB)${over ? '  OVER BUDGET' : ''}`);
process.exit(failed ? 1 : 0);
