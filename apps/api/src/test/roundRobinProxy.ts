import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A reverse proxy in front of several API processes, as deploy/Caddyfile sets Caddy up: round robin
 * over the upstreams whose `/readyz` answered 200 at the last health check (every 200 ms here, 2 s
 * there), `X-Forwarded-For` and `X-Forwarded-Proto` added, and a request whose upstream refused the
 * connection tried on the next one (Caddy's lb_try_duration retries dial failures). For the
 * scenario tests of several processes on one database; not shipped.
 */
export interface RoundRobinProxy {
  url: string;
  /** Which upstream answered each request, in order (its index in `upstreams`). */
  served: number[];
  close: () => Promise<void>;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection'];

/** The headers without those of one connection only, which a proxy does not pass on. */
function endToEnd(headers: http.IncomingHttpHeaders): http.IncomingHttpHeaders {
  const kept = { ...headers };
  for (const name of HOP_BY_HOP) delete kept[name];
  return kept;
}

async function isReady(upstream: string): Promise<boolean> {
  try {
    return (await fetch(`${upstream}/readyz`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const healthy = upstreams.map(() => true);
  const checkHealth = async () => {
    const states = await Promise.all(upstreams.map(isReady));
    states.forEach((ok, i) => (healthy[i] = ok));
  };
  await checkHealth();
  const timer = setInterval(() => void checkHealth(), 200);
  const served: number[] = [];
  let next = 0;

  const pick = (tried: Set<number>): number | null => {
    for (let step = 0; step < upstreams.length; step++) {
      const i = (next + step) % upstreams.length;
      if (healthy[i] && !tried.has(i)) {
        next = i + 1;
        return i;
      }
    }
    return null;
  };

  const server = http.createServer(async (req, res) => {
    const body = Buffer.concat(await req.toArray());
    const headers = endToEnd(req.headers);
    const peer = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${peer}` : peer;
    headers['x-forwarded-proto'] = 'http';
    const tried = new Set<number>();
    const attempt = () => {
      const i = pick(tried);
      if (i === null) {
        res.writeHead(502).end('no upstream available');
        return;
      }
      tried.add(i);
      const upstream = new URL(upstreams[i]!);
      const forward = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent: false },
        (answer) => {
          served.push(i);
          res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
          answer.pipe(res);
        },
      );
      // Refused: nothing reached that upstream, so another may take the request. Any other failure
      // (a reset once sent) is the client's to see: the request may have been processed.
      forward.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED' && !res.headersSent) attempt();
        else if (!res.headersSent) res.writeHead(502).end(`upstream failed: ${error.code ?? error.message}`);
        else res.destroy();
      });
      forward.end(body);
    };
    attempt();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: async () => {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
