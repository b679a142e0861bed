/** npm run db: runs the embedded database in the foreground (port DB_PORT, default 27117) until Ctrl+C. */
import './lib/env-file';
import { DEFAULT_DB_PORT, startEmbeddedDb } from './lib/ferretdb';

const port = Number(process.env.DB_PORT ?? DEFAULT_DB_PORT);
const db = await startEmbeddedDb({ port, reuse: false });
console.log(`Embedded database listening at ${db.uri} (Ctrl+C to stop)`);
const stop = () => void db.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
setInterval(() => {}, 1 << 30);
