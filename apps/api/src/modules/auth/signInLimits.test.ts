import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app';
import { describeEachDatabase, secondServer } from '../../test/harness';
import { FIXTURE_PASSWORD } from '../../test/fixtures';

/** A sign-in as a client at `address` (the TCP peer), with headers such as X-Forwarded-For. */
function signInFrom(
  app: BuiltApp,
  address: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/v2/oauth2/token',
    remoteAddress: address,
    headers,
    payload: {
      client_id: app.deps.config.oauthClientId,
      client_secret: app.deps.config.oauthClientSecret,
      grant_type: 'password',
      email,
      password,
    },
  });
}

const WAIT = {
  error: 'too_many_requests',
  error_description: 'Too many sign-in attempts. Please try again in 10 minutes.',
};

function expectLimited(res: Awaited<ReturnType<typeof signInFrom>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual(WAIT);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
}

// Each test signs in from addresses of its own, so the tests' counts do not mix.
describeEachDatabase(
  'Sign-in limits',
  (use) => {
    it('gives no more guesses to a client that changes its X-Forwarded-For when no proxy is trusted', async () => {
      const { app, fx } = use();
      for (let i = 0; i < 3; i++) {
        const res = await signInFrom(app, '203.0.113.1', fx.companyA.admin.email, 'wrong-password', {
          'x-forwarded-for': `10.0.0.${i + 1}`,
        });
        expect(res.statusCode).toBe(400);
      }
      expectLimited(
        await signInFrom(app, '203.0.113.1', fx.companyA.admin.email, 'wrong-password', {
          'x-forwarded-for': '10.0.0.99',
        }),
      );
    });

    it('does not count successful sign-ins: the limit is for failures', async () => {
      const { app, fx } = use();
      for (let i = 0; i < 6; i++)
        expect((await signInFrom(app, '203.0.113.2', fx.companyA.manager.email, FIXTURE_PASSWORD)).statusCode).toBe(
          200,
        );
      for (let i = 0; i < 3; i++)
        expect((await signInFrom(app, '203.0.113.2', fx.companyA.manager.email, 'wrong-password')).statusCode).toBe(
          400,
        );
      // Once the failures reach the limit even the right password waits.
      expectLimited(await signInFrom(app, '203.0.113.2', fx.companyA.manager.email, FIXTURE_PASSWORD));
      // Another account from the same address is not locked by this one's failures.
      expect((await signInFrom(app, '203.0.113.2', fx.companyA.responder.email, FIXTURE_PASSWORD)).statusCode).toBe(
        200,
      );
    });

    it('limits failures per address across all accounts', async () => {
      const { app, fx } = use();
      for (let i = 0; i < 5; i++)
        expect((await signInFrom(app, '203.0.113.3', `guess${i}@alpha.test`, 'wrong-password')).statusCode).toBe(400);
      expectLimited(await signInFrom(app, '203.0.113.3', fx.companyA.analyst.email, FIXTURE_PASSWORD));
      expect((await signInFrom(app, '203.0.113.33', fx.companyA.analyst.email, FIXTURE_PASSWORD)).statusCode).toBe(200);
    });

    it('counts the attempts of two server processes on one database together', async () => {
      const { app, fx } = use();
      const other = await secondServer(use());
      try {
        const email = fx.companyB.admin.email;
        expect((await signInFrom(app, '203.0.113.4', email, 'wrong-password')).statusCode).toBe(400);
        expect((await signInFrom(other.app, '203.0.113.4', email, 'wrong-password')).statusCode).toBe(400);
        expect((await signInFrom(app, '203.0.113.4', email, 'wrong-password')).statusCode).toBe(400);
        expectLimited(await signInFrom(other.app, '203.0.113.4', email, FIXTURE_PASSWORD));
      } finally {
        await other.close();
      }
    });

    it('takes the client address from X-Forwarded-For only when a listed proxy sent it', async () => {
      const { fx } = use();
      const behindProxy = await secondServer(use(), { trustProxy: ['198.51.100.7'] });
      try {
        const { app } = behindProxy;
        const email = fx.companyB.admin.email;
        const via = (client: string) => ({ 'x-forwarded-for': client });
        for (let i = 0; i < 3; i++)
          expect((await signInFrom(app, '198.51.100.7', email, 'wrong-password', via('192.0.2.1'))).statusCode).toBe(
            400,
          );
        expectLimited(await signInFrom(app, '198.51.100.7', email, 'wrong-password', via('192.0.2.1')));
        // A forged entry before the proxy's own is not believed: the proxy saw 192.0.2.1.
        expectLimited(await signInFrom(app, '198.51.100.7', email, 'wrong-password', via('192.0.2.200, 192.0.2.1')));
        // Another client behind the same proxy has its own count.
        expect((await signInFrom(app, '198.51.100.7', email, 'wrong-password', via('192.0.2.2'))).statusCode).toBe(400);
      } finally {
        await behindProxy.close();
      }
    });
  },
  { env: { TOKEN_RATE_LIMIT: '3', TOKEN_RATE_LIMIT_PER_ADDRESS: '5', TOKEN_RATE_WINDOW: '600' } },
);

// Redis holds the counts when REDIS_URL is set; TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) runs this.
const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('Sign-in limits in Redis', () => {
  describeEachDatabase(
    'two processes',
    (use) => {
      it('counts the attempts of two server processes on one Redis together, and takes successes back', async () => {
        const { fx } = use();
        // A prefix of its own: the Redis may be shared with other runs.
        const redis = { redisUrl, redisKeyPrefix: `reputo-test-${randomBytes(6).toString('hex')}:` };
        const [one, two] = await Promise.all([secondServer(use(), redis), secondServer(use(), redis)]);
        try {
          const email = fx.companyA.admin.email;
          expect((await signInFrom(one.app, '203.0.113.5', email, FIXTURE_PASSWORD)).statusCode).toBe(200);
          expect((await signInFrom(one.app, '203.0.113.5', email, 'wrong-password')).statusCode).toBe(400);
          expect((await signInFrom(two.app, '203.0.113.5', email, FIXTURE_PASSWORD)).statusCode).toBe(200);
          expect((await signInFrom(two.app, '203.0.113.5', email, 'wrong-password')).statusCode).toBe(400);
          expect((await signInFrom(one.app, '203.0.113.5', email, 'wrong-password')).statusCode).toBe(400);
          expectLimited(await signInFrom(two.app, '203.0.113.5', email, FIXTURE_PASSWORD));
          // The database held none of it.
          expect((await signInFrom(use().app, '203.0.113.5', email, FIXTURE_PASSWORD)).statusCode).toBe(200);
        } finally {
          await Promise.all([one.close(), two.close()]);
        }
      });
    },
    { env: { TOKEN_RATE_LIMIT: '3', TOKEN_RATE_LIMIT_PER_ADDRESS: '5', TOKEN_RATE_WINDOW: '600' } },
  );
});
