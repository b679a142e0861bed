import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { getAuthEnv } from '../env';

/** Who issues and who accepts the shop's tokens; a token minted for anything else is refused. */
const ISSUER = 'chandi-kala';
const AUDIENCE = 'chandi-kala-shop';
/** How long a sign-in lasts on a device. */
export const TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

/** What a valid token says: whose it is and under which token version it was issued. */
interface TokenClaims {
  userId: string;
  version: number;
}

let key: Uint8Array | undefined;
let keySource: string | undefined;

function signingKey(): Uint8Array {
  const secret = getAuthEnv().AUTH_SECRET;
  if (!key || keySource !== secret) {
    key = new TextEncoder().encode(secret);
    keySource = secret;
  }
  return key;
}

/** Signs a token for a user (HS256, 30 days). */
export async function issueToken(claims: TokenClaims, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ver: claims.version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .sign(signingKey());
}

/**
 * The claims of a genuine, unexpired token, or null. Pinned to HS256 (so `alg: none` and algorithm
 * confusion are refused), to our issuer and audience. Whether the version is still current is the
 * caller's check, against the user record.
 */
export async function readToken(token: string, now = new Date()): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const version = payload['ver'];
    if (typeof payload.sub !== 'string' || typeof version !== 'number' || !Number.isInteger(version)) return null;
    return { userId: payload.sub, version };
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}
