import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './tokens';

describe('access tokens: verified once, answered the same while valid', () => {
  it('answers the same claims for a token verified before, and refuses a changed one', async () => {
    const signer = createTokenSigner('a-secret-of-the-test-that-is-long-enough', 900);
    const token = await signer.signAccess(7, 'family-1');
    const first = await signer.verify(token);
    expect(first).toMatchObject({ ok: true, claims: { kind: 'access', userId: 7, sessionId: 'family-1' } });
    expect(await signer.verify(token)).toEqual(first);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await signer.verify(forged)).toEqual({ ok: false, reason: 'invalid' });
    const other = createTokenSigner('another-secret-of-the-test-that-is-long', 900);
    expect(await other.verify(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('answers expired for a kept token once its exp has passed', async () => {
    const signer = createTokenSigner('a-secret-of-the-test-that-is-long-enough', 900);
    const token = await signer.signIframe({ userId: 3, companyId: 5, view: '2', locations: [1, 2] }, 1);
    expect(await signer.verify(token)).toMatchObject({ ok: true, claims: { kind: 'iframe', locations: [1, 2] } });
    // exp counts whole seconds: wait past the next one.
    await new Promise((r) => setTimeout(r, 2100));
    expect(await signer.verify(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await signer.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });
});
