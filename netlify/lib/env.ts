import { z } from 'zod';

const EnvSchema = z.object({
  MONGODB_URI: z
    .string({ error: 'MONGODB_URI is not set: point it at MongoDB Atlas, or run `npm start` which starts the embedded database' })
    .regex(/^mongodb(\+srv)?:\/\//, 'MONGODB_URI must start with mongodb:// or mongodb+srv://'),
  MONGODB_DB: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,60}$/, 'MONGODB_DB must be a plain database name')
    .default('silvershop'),
  UPLOADS_BASE: z
    .string()
    .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, 'UPLOADS_BASE must be an absolute URL or a path starting with /')
    .default('/uploads')
    .transform((s) => s.replace(/\/+$/, '')),
  SITE_URL: z.url().default('http://localhost:8888'),
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
});

/** Server configuration, parsed from process.env. */
export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

/** Parses process.env once; throws a readable error naming every bad variable. */
export function getEnv(): Env {
  if (cached) return cached;
  const result = EnvSchema.safeParse(process.env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid server environment:\n${lines.join('\n')}`);
  }
  cached = result.data;
  return cached;
}

/** Forgets the parsed env (tests change process.env between files). */
export function resetEnvForTests(): void {
  cached = undefined;
}
