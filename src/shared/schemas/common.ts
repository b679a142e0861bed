import { z } from 'zod';
import { OBJECT_ID_PATTERN, SLUG_MAX_LENGTH, SLUG_PATTERN } from '../ids';

/** A MongoDB ObjectId as 24 hex characters; anything else is rejected before a query is built. */
export const ObjectIdSchema = z
  .string()
  .regex(OBJECT_ID_PATTERN, 'must be a 24-character hex id')
  .transform((s) => s.toLowerCase());

/** A URL slug: lower-case letters, digits and single hyphens. */
export const SlugSchema = z
  .string()
  .min(1, 'slug is required')
  .max(SLUG_MAX_LENGTH, 'slug is too long')
  .regex(SLUG_PATTERN, 'slug may only hold lower-case letters, digits and hyphens');

/** A slug or an id: the catalogue routes accept either. */
export const SlugOrIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'slug or id is required')
  .max(SLUG_MAX_LENGTH, 'slug is too long')
  .regex(SLUG_PATTERN, 'slug may only hold lower-case letters, digits and hyphens');

/** A catalogue image path relative to the uploads base (no scheme, no "..", no leading slash). */
export const ImagePathSchema = z
  .string()
  .min(1)
  .max(300)
  .regex(/^(?!\/)(?!.*\.\.)[A-Za-z0-9/_.-]+$/, 'image path must be relative, e.g. products/ring-1.jpg');

/** A name usable as a map key in MongoDB and FerretDB (no "." and no leading "$"). */
export const SafeKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[^.$][^.]*$/, 'must not contain "." or start with "$"');

type Issue = z.core.$ZodIssue;

const article = (word: string): string => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

/** The JSON type of a value, in the words zod uses for `expected` ("array", "null", "object"...). */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const TYPE_WORDS: Record<string, string> = { int: 'whole number', nan: 'number', date: 'date' };

/**
 * Readable defaults for zod's built-in checks, phrased to follow a field name ("visitorId: is required",
 * "productId: must be a string, not an object"). Used where a schema gives no message of its own; a
 * schema's own message always wins. Installed for server code by netlify/lib/http.ts.
 */
export const apiErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'is required';
      const expected = TYPE_WORDS[issue.expected] ?? issue.expected;
      return `must be ${article(expected)}, not ${article(jsonType(issue.input))}`;
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small': {
      const n = Number(issue.minimum);
      if (issue.origin === 'string') return n <= 1 ? 'must not be empty' : `must be at least ${n} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `must hold at least ${n} item${n === 1 ? '' : 's'}`;
      return issue.inclusive ? `must be at least ${n}` : `must be greater than ${n}`;
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      if (issue.origin === 'string') return `must be at most ${n} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `must hold at most ${n} item${n === 1 ? '' : 's'}`;
      return issue.inclusive ? `must be at most ${n}` : `must be less than ${n}`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'must be a valid email address';
      if (issue.format === 'regex' && 'pattern' in issue) return `must match ${String(issue.pattern)}`;
      return `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
    default:
      return undefined;
  }
};

/** How badly a union branch missed: a wrong type at its root rules it out; each unknown key counts. */
function branchMiss(issues: readonly Issue[]): number {
  let miss = 0;
  for (const issue of issues) {
    if (issue.code === 'invalid_type' && issue.path.length === 0) miss += 1000;
    else if (issue.code === 'unrecognized_keys') miss += issue.keys.length;
    else miss += 1;
  }
  return miss;
}

function withPrefix(prefix: readonly PropertyKey[], issue: Issue): Issue {
  return prefix.length ? ({ ...issue, path: [...prefix, ...issue.path] } as Issue) : issue;
}

/**
 * The issues a caller should read. A failed union says only "Invalid input"; it is replaced by the
 * issues of the branch the input came closest to (an event with a bad visitorId, not "expected an
 * array"), or by the types it could have been when no branch fits at all.
 */
export function explainIssues(issues: readonly Issue[]): Issue[] {
  return issues.flatMap((issue): Issue[] => {
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
    const branches = issue.errors.map((b) => ({ issues: b, miss: branchMiss(b) }));
    const best = branches.reduce((a, b) => (b.miss < a.miss ? b : a));
    if (best.miss < 1000) return explainIssues(best.issues.map((i) => withPrefix(issue.path, i)));
    const types = [...new Set(issue.errors.flatMap((b) => b.filter((i) => i.code === 'invalid_type').map((i) => i.expected)))];
    const message = types.length ? `must be ${types.map(article).join(' or ')}` : issue.message;
    return [{ ...issue, message }];
  });
}

function formatIssue(issue: Issue): string {
  const path = issue.path.map(String).join('.');
  let message = issue.message;
  if (issue.code === 'invalid_key' && issue.issues[0]) message = `invalid name: ${issue.issues[0].message}`;
  return path ? `${path}: ${message}` : message;
}

/** One readable line for a zod issue ("path: message"), including the reason a map key was refused. */
export function describeIssue(issue: Issue): string {
  return explainIssues([issue]).map(formatIssue).join('; ');
}
