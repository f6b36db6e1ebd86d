import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../db/schema';
import { describeEachDatabase, type TestEnv } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { createReviewWorld } from '../reviews/test/world';
import { cardTree, renderCardPng, type CardData } from './card';
import { cardRenderCount, stopCardThread } from './cardThread';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, after checking the file is a PNG. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describeEachDatabase('share card images', (use) => {
  let env: TestEnv;
  let reviewId: number;
  let share: string;
  // The cache and the thread belong to the process, shared by both databases' suites: a text of
  // each suite's own makes its cards new.
  let text: string;
  const get = (url: string) => env.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    env = use();
    const world = await createReviewWorld(env.database.db, env.fx);
    reviewId = world.ids.r1!;
    text = `Amazing burgers and friendly staff (${env.driver})`;
    await env.database.db.update(reviews).set({ text }).where(eq(reviews.id, reviewId));
    const { access_token } = await signIn(env.app, 'admin@alpha.test');
    const res = await env.app.inject({
      method: 'POST',
      url: '/v2/api/reviews/image',
      headers: bearer(access_token),
      payload: { reviewId },
    });
    expect(res.statusCode, res.body).toBe(201);
    share = res.json().id;
  });

  it('answers a PNG of the asked size', async () => {
    for (const [size, dims] of [
      ['large', [1200, 630]],
      ['portrait', [1080, 1350]],
      ['333x777', [333, 777]],
    ] as const) {
      const res = await get(`/review/${share}/${size}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(pngSize(res.rawPayload)).toEqual(dims);
    }
  });

  it('keeps answering other requests while a large card renders', async () => {
    const before = cardRenderCount();
    let rendered = false;
    const image = get(`/review/${share}/2400x2400`).finally(() => (rendered = true));
    // A cheap request every 20 ms for as long as the card renders (nearly 2 s): on the server's own
    // thread the rendering held them all, and the event loop, until it ended.
    let answeredMeanwhile = 0;
    while (!rendered) {
      const version = await get('/version');
      expect(version.statusCode).toBe(200);
      if (!rendered) answeredMeanwhile++;
      await sleep(20);
    }
    const res = await image;
    expect(res.statusCode).toBe(200);
    expect(pngSize(res.rawPayload)).toEqual([2400, 2400]);
    expect(cardRenderCount() - before).toBe(1);
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(10);
  });

  it('draws a card once for concurrent requests, and again once the review is edited', async () => {
    const url = `/review/${share}/640x480`;
    const before = cardRenderCount();
    const [first, ...others] = await Promise.all([get(url), get(url), get(url)]);
    expect(first!.statusCode).toBe(200);
    expect(pngSize(first!.rawPayload)).toEqual([640, 480]);
    for (const other of others) expect(other.rawPayload.equals(first!.rawPayload)).toBe(true);
    expect(cardRenderCount() - before).toBe(1);
    expect((await get(url)).rawPayload.equals(first!.rawPayload)).toBe(true);
    expect(cardRenderCount() - before).toBe(1);

    await env.database.db
      .update(reviews)
      .set({ text: `${text}, edited` })
      .where(eq(reviews.id, reviewId));
    const edited = await get(url);
    expect(pngSize(edited.rawPayload)).toEqual([640, 480]);
    expect(edited.rawPayload.equals(first!.rawPayload)).toBe(false);
    expect(cardRenderCount() - before).toBe(2);
  });
});

describe('share card thread', () => {
  const data: CardData = {
    service: 'google',
    serviceTitle: 'Google',
    sharingSource: 'download',
    name: 'Sara Ali',
    date: '2024-03-01',
    rating_value: 4,
    review_text: 'The card thread test',
    location_name: 'Burger Bay Marina',
    location_location_id: 'BB-001',
  };

  it('rejects a render error, keeps no failed card and draws the next one', async () => {
    await expect(renderCardPng(data, 0, 0)).rejects.toThrow(/invalid size/);
    const before = cardRenderCount();
    await expect(renderCardPng(data, 0, 0)).rejects.toThrow(/invalid size/);
    expect(cardRenderCount() - before).toBe(1);
    expect(pngSize(await renderCardPng(data, 320, 240))).toEqual([320, 240]);
  });

  it('fails the cards of a thread that died and draws the next ones in a new thread', async () => {
    const dying = expect(renderCardPng(data, 1600, 900)).rejects.toThrow(/thread stopped/);
    await stopCardThread();
    await dying;
    expect(pngSize(await renderCardPng(data, 1600, 900))).toEqual([1600, 900]);
  });

  it('keeps the process alive while a card is drawn, and not after', async () => {
    // A process of its own that only waits for one card: it must print it (the busy thread holds the
    // process open), then exit (the idle thread does not).
    const card = fileURLToPath(new URL('./card.ts', import.meta.url));
    const script = `import(${JSON.stringify(card)}).then((m) => m.renderCardPng(${JSON.stringify(data)}, 300, 200)).then((png) => console.log(png.readUInt32BE(16), png.readUInt32BE(20)));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script], {
      timeout: 20000,
    });
    expect(stdout.trim()).toBe('300 200');
  });
});

describe('share card layout', () => {
  type Box = { type: string; props: { style: Record<string, unknown>; children?: Box | Box[] | string } };
  const textBox = (tree: Box): Box['props']['style'] => {
    const boxes: Box[] = [tree];
    for (let b = boxes.shift(); b; b = boxes.shift()) {
      if (typeof b.props.children === 'string' && b.props.children.startsWith('“')) return b.props.style;
      if (Array.isArray(b.props.children)) boxes.push(...b.props.children);
      else if (b.props.children && typeof b.props.children === 'object') boxes.push(b.props.children);
    }
    throw new Error('no review text in the card');
  };
  const card: CardData = {
    service: 'google',
    serviceTitle: 'Google',
    sharingSource: 'instagram',
    name: 'Aisha',
    date: '2026-11-22',
    rating_value: 5,
    review_text: 'Great coffee and fast delivery.',
    location_name: 'Marina',
    location_location_id: 'M-1',
  };

  it('sets an Arabic review flush right and a Latin one flush left, clipped to its box', () => {
    const arabic = textBox(
      cardTree({ ...card, review_text: 'القهوة ممتازة جداً والتوصيل ممتاز بصراحة.' }, 1080, 1350) as Box,
    );
    const latin = textBox(cardTree(card, 1080, 1350) as Box);
    expect([arabic.textAlign, latin.textAlign]).toEqual(['right', 'left']);
    expect(arabic.overflow).toBe('hidden');
  });

  it('sets a long review smaller than a short one, so it fits the card', () => {
    const size = (text: string) =>
      textBox(cardTree({ ...card, review_text: text }, 1080, 1350) as Box).fontSize as number;
    expect(size('x '.repeat(200))).toBeLessThan(size('Lovely.'));
  });
});
