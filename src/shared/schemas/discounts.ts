// zod/mini: the checkout's Apply and the admin's discount form parse with these in the browser as well.
import * as z from 'zod/mini';
import { DISCOUNT_CODE_PATTERN, normaliseCode } from '../discounts';
import { OrderLinesSchema, PaymentMethodSchema } from './checkout';
import { calendarDateProblem } from './fields';

/** The message for a code that cannot be one (too short, too long, or other characters). */
const DISCOUNT_CODE_FORMAT = 'A discount code is 3 to 20 letters or digits (- and _ allowed)';

/** A discount code as typed: trimmed, upper-cased, and of the form codes take. */
export const DiscountCodeFieldSchema = z
  .string({ error: 'Enter a discount code' })
  .check(z.overwrite(normaliseCode), z.minLength(1, 'Enter a discount code'), z.regex(DISCOUNT_CODE_PATTERN, DISCOUNT_CODE_FORMAT));

/** POST /api/discounts/check (signed in): does this code apply to these lines, and for how much. */
export const DiscountCheckSchema = z.strictObject({
  code: DiscountCodeFieldSchema,
  products: OrderLinesSchema,
  paymentMethod: z._default(PaymentMethodSchema, 'razorpay'),
});

/** A parsed discount check. */
export type DiscountCheckInput = z.infer<typeof DiscountCheckSchema>;

/** India's wall-clock time as a datetime-local field gives it: 'YYYY-MM-DDTHH:mm', on a real calendar day. */
const IstLocalSchema = z.nullable(
  z.string({ error: 'must be a date and time' }).check(
    z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, {
      message: 'must be a date and time (YYYY-MM-DDTHH:mm)',
      abort: true,
    }),
    z.superRefine((local, ctx) => {
      const problem = calendarDateProblem(local.slice(0, 10));
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: local });
    }),
  ),
);

/** The largest amount any of a code's rupee fields may hold (₹1 crore): far above any order, far below overflow. */
const MAX_RUPEES = 10_000_000;

/** A number to two decimals (rupees and paise, or a percentage such as 7.25), by zod's float-safe step check. */
const hundredths = z.number().check(z.multipleOf(0.01));

const rupees = (what: string) =>
  z
    .number({ error: `${what} must be an amount in rupees` })
    .check(
      z.minimum(0, `${what} must not be negative`),
      z.maximum(MAX_RUPEES, `${what} is too large`),
      z.multipleOf(0.01, `${what} must be in rupees and paise (at most two decimals)`),
    );

const uses = (what: string) =>
  z.nullable(
    z
      .int({ error: `${what} must be a whole number` })
      .check(z.minimum(1, `${what} must be at least 1 (leave it empty for no limit)`), z.maximum(10_000_000, `${what} is too large`)),
  );

/**
 * POST /api/admin/discounts and PUT /api/admin/discounts/{code} (admins): a code's rules. Dates are India's
 * wall-clock time; null means open-ended. Editing keeps the code and its uses.
 */
export const DiscountCodeInputSchema = z
  .strictObject({
    code: DiscountCodeFieldSchema,
    kind: z.enum(['percent', 'flat'], { error: 'kind must be percent or flat' }),
    value: z
      .number({ error: 'value must be a number' })
      .check(z.positive('value must be more than 0'), z.maximum(MAX_RUPEES, 'value is too large (at most ₹1,00,00,000)')),
    minOrder: z._default(rupees('Minimum order'), 0),
    maxOff: z._default(z.nullable(rupees('The cap')), null),
    validFrom: z._default(IstLocalSchema, null),
    validTo: z._default(IstLocalSchema, null),
    totalUses: z._default(uses('Total uses'), null),
    perShopperUses: z._default(uses('Uses per shopper'), null),
    firstOrderOnly: z._default(z.boolean({ error: 'firstOrderOnly must be true or false' }), false),
    note: z._default(
      z.string({ error: 'note must be text' }).check(z.trim(), z.maxLength(200, 'note is too long (200 characters at most)')),
      '',
    ),
  })
  .check(
    z.superRefine((d, ctx) => {
      if (d.kind === 'percent' && d.value > 100)
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage must be at most 100', input: d });
      if (d.kind === 'percent' && !hundredths.safeParse(d.value).success)
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage has at most two decimals', input: d });
      if (d.kind === 'flat' && !hundredths.safeParse(d.value).success)
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: 'An amount must be in rupees and paise (at most two decimals)',
          input: d,
        });
      if (d.kind === 'flat' && d.maxOff !== null)
        ctx.addIssue({ code: 'custom', path: ['maxOff'], message: 'A cap applies to percentage codes only', input: d });
      if (d.validFrom && d.validTo && d.validTo <= d.validFrom)
        ctx.addIssue({
          code: 'custom',
          path: ['validTo'],
          message: 'Valid to must be after Valid from (the code would never apply)',
          input: d,
        });
    }),
  );

/** A parsed discount code from the admin form or the CLI. */
export type DiscountCodeInput = z.infer<typeof DiscountCodeInputSchema>;

/** PATCH /api/admin/discounts/{code}/status: pause, resume (active) or end a code. */
export const DiscountStatusChangeSchema = z.strictObject({
  status: z.enum(['active', 'paused', 'ended'], { error: 'status must be active, paused or ended' }),
});
