import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config, FunctionConfig, ZipFunctionsOptions } from '@netlify/zip-it-and-ship-it';
import { parse as parseToml } from 'smol-toml';

/** What the functions step of a Netlify build takes from netlify.toml. */
export interface FunctionsBuildConfig {
  /** Absolute path of `[functions] directory`. */
  functionsDir: string;
  /** `[build.environment] NODE_VERSION` (or AWS_LAMBDA_JS_RUNTIME, which Netlify lets override it). */
  nodeVersion: string;
  /** Options for zipFunctions, translated the way Netlify's build translates them. */
  options: ZipFunctionsOptions;
  /** Function names that `[[redirects]]` rewrite to (`to = "/.netlify/functions/<name>"`). */
  redirectTargets: string[];
}

type TomlTable = Record<string, unknown>;

const isTable = (value: unknown): value is TomlTable => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * netlify.toml's snake_case function settings as zip-it-and-ship-it's camelCase config, as Netlify's
 * build does it: `node_bundler = "esbuild"` becomes `esbuild_zisi` (esbuild, falling back to the older
 * bundler), included files resolve from the site root, and every function gets the site's Node version.
 */
function toZisiConfig(settings: TomlTable, root: string, nodeVersion: string): FunctionConfig {
  const bundler = settings['node_bundler'];
  return Object.fromEntries(
    Object.entries({
      externalNodeModules: settings['external_node_modules'],
      includedFiles: settings['included_files'],
      includedFilesBasePath: root,
      ignoredNodeModules: settings['ignored_node_modules'],
      name: settings['name'],
      nodeVersion,
      schedule: settings['schedule'],
      nodeBundler: bundler === 'esbuild' ? 'esbuild_zisi' : bundler,
    }).filter(([, value]) => value !== undefined),
  ) as FunctionConfig;
}

/**
 * Reads netlify.toml under `root` into the options Netlify's build passes to zipFunctions. Top-level
 * `[functions]` keys apply to every function ('*'); `[functions."glob"]` tables to the functions they name.
 */
export function readFunctionsBuildConfig(root: string, env: NodeJS.ProcessEnv = process.env): FunctionsBuildConfig {
  const toml = parseToml(readFileSync(join(root, 'netlify.toml'), 'utf8')) as TomlTable;
  const functions = isTable(toml['functions']) ? toml['functions'] : {};
  const build = isTable(toml['build']) ? toml['build'] : {};
  const buildEnv = isTable(build['environment']) ? build['environment'] : {};
  const nodeVersion = String(env['AWS_LAMBDA_JS_RUNTIME'] ?? buildEnv['AWS_LAMBDA_JS_RUNTIME'] ?? buildEnv['NODE_VERSION'] ?? '');
  if (!nodeVersion)
    throw new Error('netlify.toml sets no [build.environment] NODE_VERSION: the functions would be built for an unknown Node');

  const everyFunction: TomlTable = {};
  const config: Config = {};
  for (const [key, value] of Object.entries(functions)) {
    if (key === 'directory') continue;
    if (isTable(value)) config[key] = toZisiConfig(value, root, nodeVersion);
    else everyFunction[key] = value;
  }
  config['*'] = toZisiConfig(everyFunction, root, nodeVersion);

  const redirects = Array.isArray(toml['redirects']) ? (toml['redirects'] as unknown[]).filter(isTable) : [];
  const redirectTargets = redirects
    .map((r) => /^\/\.netlify\/functions\/([^/?#]+)/.exec(String(r['to'] ?? ''))?.[1])
    .filter((name): name is string => Boolean(name));

  // Netlify's build also bundles its internal and framework function folders; this site has neither
  // (Astro builds static pages here, without the Netlify adapter), so the user folder is the whole set.
  return {
    functionsDir: resolve(root, String(functions['directory'] ?? 'netlify/functions')),
    nodeVersion,
    options: { basePath: root, repositoryRoot: root, config },
    redirectTargets,
  };
}
