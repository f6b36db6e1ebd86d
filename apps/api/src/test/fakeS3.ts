/**
 * A local server that answers as an S3-compatible store does for path-style object calls (MinIO's
 * default): PUT, GET and DELETE `/<bucket>/<key>`. Every call must carry a SigV4 Authorization header
 * naming the configured access key (else 403 InvalidAccessKeyId, S3's XML error); a missing object is
 * 404 NoSuchKey. It can be told to fail the next calls with 403 AccessDenied or 500 InternalError.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeS3Failure = 'access_denied' | 'server_error';

export interface FakeS3Call {
  method: string;
  path: string;
  authorization: string;
  status: number;
}

export interface FakeS3 {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stored objects by key (without the bucket). */
  objects: Map<string, { body: Buffer; contentType: string }>;
  calls: FakeS3Call[];
  failNext(...failures: FakeS3Failure[]): void;
  close(): Promise<void>;
}

const FAILURES: Record<FakeS3Failure, { status: number; code: string; message: string }> = {
  access_denied: { status: 403, code: 'AccessDenied', message: 'Access Denied' },
  server_error: { status: 500, code: 'InternalError', message: 'We encountered an internal error. Please try again.' },
};

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The payload of an `aws-chunked` body (`<hex size>;chunk-signature=...\r\n<data>\r\n`... then trailers). */
function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(at, lineEnd).toString().split(';')[0]!, 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function xmlError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

export async function startFakeS3(bucket = 'reputo-uploads'): Promise<FakeS3> {
  const accessKeyId = 'FAKEACCESSKEY';
  const secretAccessKey = 'fake-secret-access-key';
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const calls: FakeS3Call[] = [];
  const failures: FakeS3Failure[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const authorization = req.headers.authorization ?? '';
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = decodeURIComponent(url.pathname);
      const answer = (status: number) => calls.push({ method: req.method ?? '', path, authorization, status });
      const failure = failures.shift();
      if (failure) {
        const f = FAILURES[failure];
        answer(f.status);
        return xmlError(res, f.status, f.code, f.message);
      }
      if (
        !authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`) ||
        !authorization.includes('Signature=') ||
        !req.headers['x-amz-date']
      ) {
        answer(403);
        return xmlError(
          res,
          403,
          'InvalidAccessKeyId',
          'The AWS Access Key Id you provided does not exist in our records.',
        );
      }
      const prefix = `/${bucket}/`;
      if (!path.startsWith(prefix)) {
        answer(404);
        return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      }
      const key = path.slice(prefix.length);
      if (req.method === 'PUT') {
        const chunked = String(req.headers['content-encoding'] ?? '').includes('aws-chunked');
        objects.set(key, {
          body: chunked ? unchunk(body) : body,
          contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
        });
        answer(200);
        res.writeHead(200, { etag: '"fake"' });
        return res.end();
      }
      const object = objects.get(key);
      if (req.method === 'GET') {
        if (!object) {
          answer(404);
          return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        }
        answer(200);
        res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
        return res.end(object.body);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        answer(204);
        res.writeHead(204);
        return res.end();
      }
      answer(405);
      return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    calls,
    failNext: (...f) => failures.push(...f),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The environment that points the API's storage at the fake. */
export function fakeS3Env(s3: FakeS3): Record<string, string> {
  return {
    STORAGE: 's3',
    S3_ENDPOINT: s3.url,
    S3_BUCKET: s3.bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  };
}
