import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { fakeS3Env, startFakeS3, type FakeS3 } from '../test/fakeS3';
import { createTestEnv } from '../test/harness';
import { bearer, multipart, PNG, signIn } from '../test/http';
import { createStorage, sniffImage, type Storage } from './storage';

/** Uploaded files in an S3-compatible bucket (STORAGE=s3), against a local fake of the S3 API. */
describe('S3 storage', () => {
  let s3: FakeS3;
  let dataDir: string;
  let storage: Storage;
  let env: Awaited<ReturnType<typeof createTestEnv>>;
  const png = sniffImage(PNG)!;

  beforeAll(async () => {
    s3 = await startFakeS3();
    dataDir = mkdtempSync(path.join(tmpdir(), 'reputo-s3-'));
    storage = createStorage(loadConfig({ DATA_DIR: dataDir, ...fakeS3Env(s3) }));
    env = await createTestEnv('pglite', { env: fakeS3Env(s3) });
  }, 120_000);
  afterAll(async () => {
    await env?.dispose();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('puts, gets and deletes objects path-style in the bucket, every call signed with SigV4', async () => {
    const key = await storage.save('brands', PNG, png);
    expect(key).toMatch(/^brands\/[0-9a-f]{24}\.png$/);
    expect(s3.objects.get(key)).toEqual({ body: PNG, contentType: 'image/png' });
    const file = await storage.open(key);
    expect(file).toMatchObject({ contentType: 'image/png', size: PNG.length });
    const chunks: Buffer[] = [];
    for await (const c of file!.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(PNG)).toBe(true);
    expect((await storage.read(key))?.equals(PNG)).toBe(true);
    await storage.remove(key);
    expect(s3.objects.has(key)).toBe(false);
    expect(await storage.open(key)).toBeNull();
    expect(await storage.read(key)).toBeNull();
    expect(s3.calls.map((c) => [c.method, c.path.replace(/[0-9a-f]{24}/, 'ID'), c.status])).toEqual([
      ['PUT', `/${s3.bucket}/brands/ID.png`, 200],
      ['GET', `/${s3.bucket}/brands/ID.png`, 200],
      ['GET', `/${s3.bucket}/brands/ID.png`, 200],
      ['DELETE', `/${s3.bucket}/brands/ID.png`, 204],
      ['GET', `/${s3.bucket}/brands/ID.png`, 404],
      ['GET', `/${s3.bucket}/brands/ID.png`, 404],
    ]);
    for (const call of s3.calls)
      expect(call.authorization).toMatch(
        new RegExp(
          `^AWS4-HMAC-SHA256 Credential=${s3.accessKeyId}/\\d{8}/us-east-1/s3/aws4_request, SignedHeaders=.+, Signature=[0-9a-f]{64}$`,
        ),
      );
    // A malformed key never reaches the store.
    const before = s3.calls.length;
    expect(await storage.open('../secrets/jwt')).toBeNull();
    expect(s3.calls.length).toBe(before);
  });

  it('retries a 500 and fails on a 403 or a store still failing, storing nothing', async () => {
    s3.calls.length = 0;
    s3.failNext('server_error');
    const key = await storage.save('offers', PNG, png);
    expect(s3.calls.map((c) => c.status)).toEqual([500, 200]);
    expect(s3.objects.has(key)).toBe(true);

    const stored = s3.objects.size;
    s3.failNext('access_denied');
    await expect(storage.save('offers', PNG, png)).rejects.toMatchObject({ name: 'AccessDenied' });
    s3.failNext('server_error', 'server_error', 'server_error');
    await expect(storage.save('offers', PNG, png)).rejects.toMatchObject({ $metadata: { httpStatusCode: 500 } });
    s3.failNext('access_denied');
    await expect(storage.open(key)).rejects.toMatchObject({ name: 'AccessDenied' });
    expect(s3.objects.size).toBe(stored);

    const wrongKey = createStorage(
      loadConfig({ DATA_DIR: dataDir, ...fakeS3Env(s3), S3_ACCESS_KEY_ID: 'SOMEONEELSE', S3_SECRET_ACCESS_KEY: 'x' }),
    );
    await expect(wrongKey.save('offers', PNG, png)).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
  });

  it('is where the app keeps and serves uploads when STORAGE=s3 (a brand logo)', async () => {
    {
      const { app, fx } = env;
      const { access_token } = await signIn(app, 'owner@fixture.test');
      const brand = (
        await app.inject({
          method: 'POST',
          url: `/v2/api/admin/companies/${fx.companyA.id}/brands`,
          headers: bearer(access_token),
          payload: { title: 'Bucket Brand' },
        })
      ).json();
      const upload = await app.inject({
        method: 'POST',
        url: `/v2/api/brands/logo?brand=${brand.id}&access_token=${access_token}`,
        ...multipart('file', 'logo.png', 'image/png', PNG),
      });
      expect(upload.statusCode, upload.body).toBe(200);
      const { photoUrl } = upload.json();
      const key = photoUrl.replace('/v2/api/uploads/', '');
      expect(s3.objects.get(key)?.body.equals(PNG)).toBe(true);
      const served = await app.inject({ url: photoUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG)).toBe(true);
      // A store refusing the upload: the user is told, and the brand keeps its logo.
      s3.failNext('access_denied');
      const refused = await app.inject({
        method: 'POST',
        url: `/v2/api/brands/logo?brand=${brand.id}&access_token=${access_token}`,
        ...multipart('file', 'logo.png', 'image/png', PNG),
      });
      expect(refused.statusCode).toBe(500);
      expect(refused.json()).toEqual({ error: 'server_error', error_description: 'Sorry, server goes wrong' });
      expect((await app.inject({ url: photoUrl })).statusCode).toBe(200);
    }
  });
});
