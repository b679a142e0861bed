import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { issueToken, readToken, TOKEN_LIFETIME_SECONDS } from './tokens';

const claims = { userId: '65f1a2b3c4d5e6f7a8b9c0d1', version: 3 };
const secret = () => new TextEncoder().encode(process.env.AUTH_SECRET);

describe('sign-in tokens', () => {
  it('round-trips the user id and token version', async () => {
    expect(await readToken(await issueToken(claims))).toEqual(claims);
  });

  it('expires after 30 days', async () => {
    const issued = new Date('2026-01-01T00:00:00Z');
    const token = await issueToken(claims, issued);
    const justBefore = new Date(issued.getTime() + (TOKEN_LIFETIME_SECONDS - 60) * 1000);
    const justAfter = new Date(issued.getTime() + (TOKEN_LIFETIME_SECONDS + 60) * 1000);
    expect(await readToken(token, justBefore)).toEqual(claims);
    expect(await readToken(token, justAfter)).toBeNull();
  });

  it('refuses a token whose signature or payload was changed', async () => {
    const token = await issueToken(claims);
    const [header, payload, signature] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'f'.repeat(24) }),
    ).toString('base64url');
    expect(await readToken(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    expect(await readToken(`${header}.${payload}.${signature!.slice(0, -2)}xx`)).toBeNull();
  });

  it('refuses alg none, other HMAC algorithms, and tokens signed with another secret', async () => {
    const unsecured = new UnsecuredJWT({ ver: 3 })
      .setSubject(claims.userId)
      .setIssuer('chandi-kala')
      .setAudience('chandi-kala-shop')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    expect(await readToken(unsecured)).toBeNull();
    const hs512 = await new SignJWT({ ver: 3 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(claims.userId)
      .setIssuer('chandi-kala')
      .setAudience('chandi-kala-shop')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new Uint8Array(64).fill(7));
    expect(await readToken(hs512)).toBeNull();
    const otherKey = await new SignJWT({ ver: 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer('chandi-kala')
      .setAudience('chandi-kala-shop')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect(await readToken(otherKey)).toBeNull();
  });

  it('refuses a genuine signature for another audience or issuer, or without a version', async () => {
    const sign = (build: (j: SignJWT) => SignJWT) =>
      build(
        new SignJWT({ ver: 3 }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.userId).setIssuedAt().setExpirationTime('1h'),
      ).sign(secret());
    expect(await readToken(await sign((j) => j.setIssuer('chandi-kala').setAudience('admin-panel')))).toBeNull();
    expect(await readToken(await sign((j) => j.setIssuer('someone-else').setAudience('chandi-kala-shop')))).toBeNull();
    const noVersion = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer('chandi-kala')
      .setAudience('chandi-kala-shop')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret());
    expect(await readToken(noVersion)).toBeNull();
  });
});
