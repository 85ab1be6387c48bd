import { openPglite } from '../server/src/db/pglite.js';
import { migrate } from '../server/src/db/migrate.js';
import { insertChatbot } from '../server/src/db/repositories/chatbots.js';
import { indexLocalDir } from './localIndex.js';

// Dev helper: tsx eval/devBuild.ts DATA_DIR HTML_DIR BASE_URL → prints the bot id.
const [dataDir, htmlDir, baseUrl] = process.argv.slice(2);
const db = await openPglite(dataDir);
await migrate(db);
const bot = await insertChatbot(db, { ownerUid: 'dev', name: 'dev' });
const t = Date.now();
const pages = await indexLocalDir(db, bot.id, htmlDir!, baseUrl!);
const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM chunks WHERE chatbot_id = $1', [bot.id]);
const n = row?.n ?? 0;
console.log(JSON.stringify({ bot: bot.id, pages, chunks: n, ms: Date.now() - t }));
await db.close();
