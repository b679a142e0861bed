import type { Config } from '@netlify/functions';
import type { AdminHomePageResponse } from '@shared/api/catalogue-admin';
import { SaveHomePageSchema } from '@shared/schemas/home-page';
import { handle, json, jsonBody } from '@server/http';
import { authService } from '@server/services/auth.service';
import { homePageService } from '@server/services/home-page.service';

/**
 * GET /api/admin/catalogue/home (editors and admins): the home page's banners, announcement messages and feature
 * strip as the form edits them (the saved draft, or the live page at version 0). PUT { version, home }: saves the
 * draft over the version loaded; 409 naming who saved since and when. Never changes the live shop.
 */
export default handle(
  async (req) => {
    const user = await authService.requireRole(req, 'editor', 'admin');
    if (req.method === 'GET')
      return json({ success: true, message: 'Home page', page: await homePageService.get() } satisfies AdminHomePageResponse);
    const { version, home } = await jsonBody(req, SaveHomePageSchema, { maxBytes: 131_072 });
    const page = await homePageService.save(user, version, home);
    return json({ success: true, message: `Home page saved (version ${page.version}).`, page } satisfies AdminHomePageResponse);
  },
  { methods: ['GET', 'PUT'] },
);

export const config: Config = { path: '/api/admin/catalogue/home' };
