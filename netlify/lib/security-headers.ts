/**
 * Security headers on every API answer. Netlify applies netlify.toml's [[headers]] to files it serves
 * itself, never to function responses, so functions set their own: the first four carry the same values
 * as netlify.toml's "/*" rule (a local-server test compares them), and the policy is the strictest there
 * is, because JSON is never a document that loads anything or may be framed.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  // Other sites may not read API answers even through no-cors requests (<img>, <script>).
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * HSTS for production answers, pages (dist/_headers, written by the production build) and functions
 * alike; deploy previews and local servers are left alone (they may be plain HTTP).
 */
export const HSTS = 'max-age=31536000; includeSubDomains';
