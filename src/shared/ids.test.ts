import { describe, expect, it } from 'vitest';
import { isObjectId, OBJECT_ID_LENGTH, SLUG_PATTERN } from './ids';
import { ObjectIdSchema, SlugSchema } from './schemas/common';

const id = '7141594791d5e48d26a49146';

describe('ids', () => {
  it('accepts a 24-character hex ObjectId in either case and nothing else', () => {
    expect(id).toHaveLength(OBJECT_ID_LENGTH);
    expect(isObjectId(id)).toBe(true);
    expect(isObjectId(id.toUpperCase())).toBe(true);
    for (const bad of [id.slice(1), `${id}0`, `${id.slice(1)}g`, '', null, 7141594791, { $gt: '' }]) expect(isObjectId(bad)).toBe(false);
  });

  it('is the rule the server schemas apply', () => {
    expect(ObjectIdSchema.parse(id.toUpperCase())).toBe(id);
    expect(ObjectIdSchema.safeParse(id.slice(1)).success).toBe(false);
    expect(SLUG_PATTERN.test('leafy-vine-ring')).toBe(true);
    expect(SlugSchema.safeParse('Leafy--ring').success).toBe(false);
    expect(SlugSchema.safeParse('a'.repeat(121)).success).toBe(false);
  });
});
