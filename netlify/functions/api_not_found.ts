import { handle } from '@server/http';
import { notFound } from '@server/errors';

/**
 * The answer for an /api path no function claims (netlify.toml rewrites /api/* here as a fallback, which
 * Netlify evaluates only after every function's own path): the API's JSON error shape with 404, instead
 * of the site's HTML 404 page. It has no path of its own, so it also answers at /.netlify/functions/api_not_found.
 */
export default handle(
  async () => {
    throw notFound('API endpoint');
  },
  { methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
);
