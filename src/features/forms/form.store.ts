/**
 * A form's state as stores: what was typed, one message per invalid field, validated by the same zod
 * schema the server parses with, so the shopper sees exactly the rules the server enforces.
 */
import { map } from 'nanostores';
import type { MapStore } from 'nanostores';

/** The result of safeParse on a zod (or zod/mini) schema. */
type SafeParse<T> =
  { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** Any schema with safeParse: the shared zod/mini schemas. */
export interface Parser<T> {
  safeParse(input: unknown): SafeParse<T>;
}

/** A form's stores and actions; field names are the schema's (nested ones joined with dots, e.g. "billing.city"). */
export interface FormStore<F extends object, T> {
  /** What the shopper typed. */
  $fields: MapStore<F>;
  /** One message per invalid field (the schema's first issue for it). */
  $errors: MapStore<Record<string, string | undefined>>;
  /** Updates a field and clears its message, so it disappears as soon as the shopper fixes it. */
  set<K extends keyof F>(field: K, value: F[K]): void;
  /** Replaces several fields (prefill from a saved address). */
  fill(values: Partial<F>): void;
  /** Parses `input` (default: the fields); on failure stores the messages and returns null. */
  validate(input?: unknown): T | null;
  /** Back to the initial values, no messages. */
  reset(): void;
}

/** Creates a form over `schema`, starting from `initial`. */
export function createForm<F extends object, T>(schema: Parser<T>, initial: F): FormStore<F, T> {
  const $fields = map<F>({ ...initial });
  const $errors = map<Record<string, string | undefined>>({});
  return {
    $fields,
    $errors,
    set(field, value) {
      $fields.setKey(field as never, value as never);
      const key = String(field);
      if ($errors.get()[key]) $errors.setKey(key, undefined);
    },
    fill(values) {
      $fields.set({ ...$fields.get(), ...values });
      // A message about a field just filled in no longer applies.
      const stale = Object.keys(values).filter((key) => $errors.get()[key]);
      for (const key of stale) $errors.setKey(key, undefined);
    },
    validate(input) {
      const result = schema.safeParse(input ?? $fields.get());
      if (result.success) {
        $errors.set({});
        return result.data;
      }
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const key = issue.path.map(String).join('.') || 'form';
        errors[key] ??= issue.message;
      }
      $errors.set(errors);
      return null;
    },
    reset() {
      $fields.set({ ...initial });
      $errors.set({});
    },
  };
}
