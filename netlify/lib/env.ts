import { z } from 'zod';
import { FAIL_POINTS } from './failpoints';

/** At least 32 bytes of secret (HS256 keys and HMAC keys shorter than the hash are weak). */
const secret = (name: string) =>
  z.string().refine((s) => Buffer.byteLength(s, 'utf8') >= 32, `${name} must be at least 32 bytes (e.g. \`openssl rand -base64 48\`)`);

/** A DLT template id as MSG91 gives it. */
const dltTemplateId = (name: string) =>
  z
    .string()
    .regex(/^\d{19}$/, `${name} must be the 19-digit DLT template id`)
    .optional();

/**
 * Every variable the server reads, each declared once with the form it must have. Whether a variable must be set (and what production must have) belongs to the part of the configuration that
 * needs it (the getters below): a script that imports the catalogue needs MONGODB_URI, not the sign-in secrets.
 */
const EnvSchema = z.object({
  /** Netlify's deploy context ('production', 'deploy-preview', …); unset locally. */
  CONTEXT: z.string().optional(),

  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'MONGODB_URI must start with mongodb:// or mongodb+srv://')
    .optional(),
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
  /** Product events one network may send per 10 minutes; unset: EVENTS_LIMIT_DEFAULT (events.service.ts). */
  EVENTS_IP_PER_10_MIN: z.coerce.number().int().min(1).max(10_000_000).optional(),
  /** How long an admin's status step can be undone: its messages to the shopper wait this long (0: sent at once). */
  ADMIN_UNDO_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Tests only: the step after which the process dies as if killed (see failpoints.ts). */
  FAILPOINT: z.enum(FAIL_POINTS).optional(),

  AUTH_SECRET: secret('AUTH_SECRET').optional(),
  OTP_SECRET: secret('OTP_SECRET').optional(),
  OTP_IP_SENDS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  MSG91_AUTH_KEY: z.string().min(1).optional(),
  MSG91_SENDER_ID: z
    .string()
    .regex(/^[A-Z]{6}$/, 'MSG91_SENDER_ID must be the 6-letter DLT sender id')
    .optional(),
  MSG91_OTP_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_OTP_DLT_TEMPLATE_ID: dltTemplateId('MSG91_OTP_DLT_TEMPLATE_ID'),
  MSG91_ORDER_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_ORDER_DLT_TEMPLATE_ID: dltTemplateId('MSG91_ORDER_DLT_TEMPLATE_ID'),
  MSG91_CONFIRM_TEMPLATE_ID: z.string().min(1).optional(),
  MSG91_CONFIRM_DLT_TEMPLATE_ID: dltTemplateId('MSG91_CONFIRM_DLT_TEMPLATE_ID'),

  /** Publishing from the back office in production: the build hook it triggers (locally, unset: the local server rebuilds). */
  NETLIFY_BUILD_HOOK_URL: z.url('NETLIFY_BUILD_HOOK_URL must be the build hook URL from Netlify').optional(),
  /** A Netlify personal access token, to follow a publish's deploy until it is live (without it: "Build started"). */
  NETLIFY_API_TOKEN: z.string().min(1).optional(),
  /** The site's API id (Netlify sets SITE_ID in functions; NETLIFY_SITE_ID wins when both are set). */
  NETLIFY_SITE_ID: z.string().min(1).optional(),
  SITE_ID: z.string().min(1).optional(),
  /** Netlify's API (tests point it at a loopback stand-in). */
  NETLIFY_API_URL: z.url().default('https://api.netlify.com'),

  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, 'RAZORPAY_KEY_ID must look like rzp_test_… or rzp_live_…')
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(16, 'RAZORPAY_KEY_SECRET looks too short').optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(16, 'RAZORPAY_WEBHOOK_SECRET must be at least 16 characters').optional(),
  /** Set by the local server (and tests) to where it serves the stub of Razorpay's REST API. */
  RAZORPAY_SANDBOX_URL: z.url().optional(),
  RAZORPAY_SANDBOX_SECRET: z.string().min(32, 'RAZORPAY_SANDBOX_SECRET must be at least 32 characters').optional(),

  /** smtp://user:pass@host:587 or smtps://…:465; locally `npm start` points it at its own mail outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465')
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n<>]*<?[^\s@<>]+@[^\s@<>]+>?$/, 'MAIL_FROM must be an address, e.g. "Chandi Kala <orders@example.in>"')
    .default('Chandi Kala <orders@chandikala.local>'),
});

type Env = z.infer<typeof EnvSchema>;
type EnvKey = keyof Env;
/** process.env as read: only the variables that are set. */
type SetVariables = Record<string, string>;
/** Adds a problem with one variable to a part's report. */
type AddProblem = (variable: EnvKey, message: string) => void;

/** process.env without empty values: a line like `RAZORPAY_KEY_ID=` (as in .env.example) means "not set". */
function setVariables(): SetVariables {
  return Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
}

/** Each part's value once checked (forgotten by resetEnvForTests). */
const checkedParts = new Map<string, unknown>();

/**
 * One part of the configuration: its variables read with the one schema (picked) at the part's first read, with
 * those it `requires` present and its `rules` (what production must have, what goes together) checked. It throws a
 * readable error naming every bad variable of the part ("Invalid <label> environment"), and only for its own: a
 * mistyped build hook stops Publish, never checkout. Read at first use rather than all at once because the local
 * scripts set some variables (the sandbox's URL, the mail outbox) after the database's are read.
 */
function envPart<K extends EnvKey, R extends K = never>(
  label: string,
  keys: readonly K[],
  requires: { readonly [P in R]: string },
  rules: (env: Pick<Env, K>, vars: SetVariables, add: AddProblem) => void = () => undefined,
): () => Pick<Env, K> & { [P in R]-?: NonNullable<Env[P]> } {
  type Part = Pick<Env, K> & { [P in R]-?: NonNullable<Env[P]> };
  const schema = EnvSchema.pick(Object.fromEntries(keys.map((k) => [k, true])) as never);
  return () => {
    if (checkedParts.has(label)) return checkedParts.get(label) as Part;
    const vars = setVariables();
    const result = schema.safeParse(vars);
    const problems = result.success ? [] : result.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    if (result.success) {
      const env = result.data as Pick<Env, K>;
      for (const [key, message] of Object.entries(requires) as [R, string][])
        if ((env as Record<string, unknown>)[key] === undefined) problems.push(`  ${key}: ${message}`);
      rules(env, vars, (variable, message) => problems.push(`  ${variable}: ${message}`));
      if (!problems.length) {
        checkedParts.set(label, env);
        return env as Part;
      }
    }
    throw new Error(`Invalid ${label} environment:\n${problems.join('\n')}`);
  };
}

/** Forgets every checked part (tests change process.env between files). */
export function resetEnvForTests(): void {
  checkedParts.clear();
}

/** What a secret is for, in the message that says it is not set. */
const notSet = (name: string, purpose: string) =>
  `${name} is not set: ${purpose}. Locally \`npm start\` generates one into .env; in production set it in the Netlify UI`;

/** The server's configuration (database, site, limits), checked once. */
export const getEnv = envPart(
  'server',
  [
    'CONTEXT',
    'MONGODB_URI',
    'MONGODB_DB',
    'UPLOADS_BASE',
    'SITE_URL',
    'CATALOGUE_CACHE_SECONDS',
    'EVENTS_IP_PER_10_MIN',
    'ADMIN_UNDO_SECONDS',
    'FAILPOINT',
  ],
  { MONGODB_URI: 'MONGODB_URI is not set: point it at MongoDB Atlas, or run `npm start` which starts the embedded database' },
  (env, _vars, add) => {
    if (env.FAILPOINT && env.CONTEXT === 'production')
      add('FAILPOINT', 'FAILPOINT kills the process on purpose and is for tests only: unset it in production');
  },
);

/** Sign-in configuration (token and code secrets, SMS provider, send limits), checked once. */
export const getAuthEnv = envPart(
  'sign-in',
  [
    'CONTEXT',
    'AUTH_SECRET',
    'OTP_SECRET',
    'OTP_IP_SENDS_PER_HOUR',
    'MSG91_AUTH_KEY',
    'MSG91_SENDER_ID',
    'MSG91_OTP_TEMPLATE_ID',
    'MSG91_OTP_DLT_TEMPLATE_ID',
    'MSG91_ORDER_TEMPLATE_ID',
    'MSG91_ORDER_DLT_TEMPLATE_ID',
    'MSG91_CONFIRM_TEMPLATE_ID',
    'MSG91_CONFIRM_DLT_TEMPLATE_ID',
  ],
  {
    AUTH_SECRET: notSet('AUTH_SECRET', 'it signs sign-in tokens'),
    OTP_SECRET: notSet('OTP_SECRET', 'it keys the HMAC under which one-time codes are stored'),
  },
  (env, _vars, add) => {
    const msg91 = [env.MSG91_AUTH_KEY, env.MSG91_SENDER_ID, env.MSG91_OTP_TEMPLATE_ID, env.MSG91_OTP_DLT_TEMPLATE_ID];
    if (msg91.some(Boolean) && !msg91.every(Boolean))
      add('MSG91_AUTH_KEY', 'MSG91 needs MSG91_AUTH_KEY, MSG91_SENDER_ID, MSG91_OTP_TEMPLATE_ID and MSG91_OTP_DLT_TEMPLATE_ID together');
    // The local outbox would swallow real shoppers' codes: production must have a real SMS provider.
    if (env.CONTEXT === 'production' && !env.MSG91_AUTH_KEY)
      add(
        'MSG91_AUTH_KEY',
        'CONTEXT=production but no SMS provider is configured: the local SMS outbox never serves production. Set the MSG91_* variables',
      );
  },
);

/**
 * Publishing configuration (Netlify's build hook and API, or the local server's own rebuild), checked once: only
 * Publish reads it, so a mistyped hook URL stops Publish with a readable error, never checkout.
 */
export const getPublishEnv = envPart(
  'publishing',
  ['NETLIFY_BUILD_HOOK_URL', 'NETLIFY_API_TOKEN', 'NETLIFY_SITE_ID', 'SITE_ID', 'NETLIFY_API_URL'],
  {},
);

/** The key id the local sandbox answers to; never a real Razorpay key. */
export const SANDBOX_KEY_ID = 'rzp_test_sandboxlocal';

/** Payment configuration (Razorpay keys, or the local sandbox), checked once. */
export const getPaymentEnv = envPart(
  'payment',
  ['CONTEXT', 'RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'RAZORPAY_SANDBOX_URL', 'RAZORPAY_SANDBOX_SECRET'],
  {},
  (env, _vars, add) => {
    if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
      add('RAZORPAY_KEY_SECRET', 'set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET together (Dashboard → Account & Settings → API keys)');
    }
    if (env.CONTEXT === 'production') {
      // The sandbox moves no money: production must talk to Razorpay, and verify its webhooks.
      if (!env.RAZORPAY_KEY_ID)
        add('RAZORPAY_KEY_ID', 'CONTEXT=production needs real Razorpay keys: the local payment sandbox never serves production');
      if (!env.RAZORPAY_WEBHOOK_SECRET)
        add('RAZORPAY_WEBHOOK_SECRET', 'CONTEXT=production needs the webhook secret set in Razorpay Dashboard → Webhooks');
    } else if (!env.RAZORPAY_KEY_ID && (!env.RAZORPAY_SANDBOX_URL || !env.RAZORPAY_SANDBOX_SECRET)) {
      add(
        'RAZORPAY_KEY_ID',
        'payments are not configured: set RAZORPAY_KEY_ID/RAZORPAY_KEY_SECRET, or run `npm start`, which serves the local Razorpay sandbox',
      );
    }
  },
);

/** Mail configuration (the SMTP server order emails go through, the address they come from), checked once. */
export const getMailEnv = envPart('mail', ['CONTEXT', 'SMTP_URL', 'MAIL_FROM'], {}, (env, vars, add) => {
  // Without a mail server, confirmations promised at checkout would silently never leave.
  if (env.CONTEXT === 'production' && !env.SMTP_URL)
    add('SMTP_URL', 'CONTEXT=production needs SMTP_URL (your mail provider) to send order emails');
  // The default sender is a local placeholder: production must name its own (read as set, before the default).
  if (env.CONTEXT === 'production' && !vars['MAIL_FROM'])
    add('MAIL_FROM', 'CONTEXT=production needs MAIL_FROM, an address of your own domain');
});

/**
 * A part of the configuration a function needs before it serves anything: `auth` (token and code secrets
 * and, in production, a real SMS provider), `payment` (Razorpay keys; the local sandbox never serves real
 * shoppers), `mail` (order and return messages go out by email too, so production needs a mail server).
 */
export type EnvPart = 'auth' | 'payment' | 'mail';

const PARTS: Record<EnvPart, () => unknown> = { auth: getAuthEnv, payment: getPaymentEnv, mail: getMailEnv };

/** Validates the named parts, throwing a readable error naming every bad variable: called at module load, so a misconfigured deploy fails at cold start. */
export function requireEnv(parts: readonly EnvPart[]): void {
  for (const part of parts) PARTS[part]();
}
