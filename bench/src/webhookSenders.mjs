// The load of `npm run bench:webhooks` in a process of its own, so the server's figures are its own:
// posts the prepared signed deliveries (a JSON file of { body, headers }) with N concurrent senders and
// prints { startedAt, endedAt, refused } (wall-clock milliseconds) as JSON.
import { readFileSync } from 'node:fs';

const [file, address, clientsText] = process.argv.slice(2);
const bodies = JSON.parse(readFileSync(file, 'utf8'));
const clients = Number(clientsText);
let next = 0;
let refused = 0;
const startedAt = Date.now();
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (next < bodies.length) {
      const signed = bodies[next++];
      const res = await fetch(`${address}/webhooks/meta`, {
        method: 'POST',
        headers: signed.headers,
        body: signed.body,
      });
      if (res.status !== 200) refused++;
      await res.arrayBuffer();
    }
  }),
);
process.stdout.write(JSON.stringify({ startedAt, endedAt: Date.now(), refused }));
