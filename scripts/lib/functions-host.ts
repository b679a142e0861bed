import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './ferretdb';

type FunctionModule = {
  default: (req: Request, context: unknown) => Promise<Response> | Response;
  config?: { path?: string | string[]; method?: string | string[] };
};
type Route = { pattern: URLPattern; name: string; fn: FunctionModule['default'] };

/** Functions v2 modules loaded once and matched by their own `config.path`, the way a warm Netlify instance serves them. */
export interface FunctionsHost {
  /**
   * The function's Response, or undefined when no function's path matches. `routePath` routes by another
   * path than the request's own (a rewrite's target), leaving the request untouched.
   */
  handle(req: Request, routePath?: string): Promise<Response | undefined>;
  /** Every declared path, for tests that call each one. */
  paths: string[];
}

/**
 * Loads every file in netlify/functions once. @netlify/dev starts a fresh worker thread and re-imports the
 * bundle for every invocation (seconds each, a new MongoClient every time), which is faithful
 * for routing but nothing like production, where an instance stays warm and reuses its client. This host
 * keeps modules warm; matching uses URLPattern on the same config.path values, case-insensitively as Netlify does.
 */
export async function loadFunctionsHost(dir = join(ROOT, 'netlify', 'functions')): Promise<FunctionsHost> {
  const routes: Route[] = [];
  for (const file of readdirSync(dir).filter((f) => /\.(ts|mts|js|mjs)$/.test(f) && !f.includes('.test.'))) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as FunctionModule;
    const paths = mod.config?.path === undefined ? [`/.netlify/functions/${file.replace(/\.\w+$/, '')}`] : [mod.config.path].flat();
    for (const p of paths) routes.push({ pattern: new URLPattern({ pathname: p }, { ignoreCase: true }), name: file, fn: mod.default });
  }
  return {
    paths: routes.map((r) => r.pattern.pathname),
    async handle(req, routePath) {
      const pathname = routePath ?? new URL(req.url).pathname;
      const route = routes.find((r) => r.pattern.test({ pathname }));
      if (!route) return undefined;
      // Like Netlify's waitUntil: work handed over runs on after the answer (its errors are the work's to log).
      const waitUntil = (promise: Promise<unknown>) => void promise.catch(() => undefined);
      return route.fn(req, { params: route.pattern.exec({ pathname })?.pathname.groups ?? {}, waitUntil });
    },
  };
}
