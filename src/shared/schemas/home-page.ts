/**
 * The home page as the back office edits it: its banners (with their schedules), the announcement bar's messages
 * and the feature strip's lines. The editor's form and the API parse with this one schema; the banner and message
 * rows are the catalogue file's own (an import and the editor refuse the same things in the same words).
 */
import { z } from 'zod';
import { BannerInputSchema, HeadingInputSchema } from './catalogue';

/** How many banners, messages and features the home page holds. */
export const HOME_LIMITS = { banners: 24, announcements: 10, features: 5 } as const;

/** The home page's editable parts. */
export const HomePageSchema = z
  .strictObject({
    banners: z.array(BannerInputSchema).max(HOME_LIMITS.banners, `The home page holds at most ${HOME_LIMITS.banners} banners`),
    announcements: z
      .array(HeadingInputSchema)
      .max(HOME_LIMITS.announcements, `The announcement bar holds at most ${HOME_LIMITS.announcements} messages`),
    features: z
      .array(z.string().trim().max(80, 'A feature’s line is at most 80 characters'))
      .length(HOME_LIMITS.features, `The feature strip has ${HOME_LIMITS.features} lines`),
  })
  .superRefine((home, ctx) => {
    const seen = new Set<string>();
    home.banners.forEach((b, i) => {
      if (seen.has(b.key))
        ctx.addIssue({ code: 'custom', path: ['banners', i, 'key'], message: `Two banners are named "${b.key}": give each its own name` });
      seen.add(b.key);
    });
  });

/** The home page as saved. */
export type HomePage = z.output<typeof HomePageSchema>;
/** One banner as saved. */
export type HomeBanner = HomePage['banners'][number];

/** PUT /api/admin/catalogue/home: the home page and the version it was loaded at (0: nobody has saved one). */
export const SaveHomePageSchema = z.strictObject({
  version: z.number({ error: 'version must be the version you loaded' }).int().min(0),
  home: HomePageSchema,
});
