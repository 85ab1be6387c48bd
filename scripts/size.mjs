// Prints the widget's gzip sizes and fails when a file is over its budget (DESIGN §7).
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const budgets = [
  { file: 'widget/dist/widget.js', limitKb: 45, aimKb: 35 },
  { file: 'widget/dist/widget.css', limitKb: 8 },
];

let failed = false;
for (const { file, limitKb, aimKb } of budgets) {
  if (!existsSync(file)) {
    console.error(`${file}: missing (run npm run build:widget first)`);
    failed = true;
    continue;
  }
  const raw = readFileSync(file);
  const gz = gzipSync(raw, { level: 9 }).length / 1024;
  const over = gz > limitKb;
  failed ||= over;
  const aim = aimKb ? `, aim ${aimKb} KB` : '';
  console.log(`${file}: ${(raw.length / 1024).toFixed(1)} KB raw, ${gz.toFixed(2)} KB gzip (budget ${limitKb} KB${aim})${over ? '  OVER BUDGET' : ''}`);
}
process.exit(failed ? 1 : 0);
