import { PDFParse } from 'pdf-parse';
import { beforeAll, expect, it } from 'vitest';
import { locations } from '../../db/schema';
import { describeEachDatabase, type TestEnv } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { insertReviewRows } from './repository';

const ARABIC = 'الطعام كان لذيذ جداً والخدمة ممتازة، شكراً لفريق دبي مول، سنعود خلال الأسبوع مع الأصدقاء';
const MIXED = 'تجربة رائعة في Burger Bay مع الأصدقاء، الطلب رقم 42 وصل خلال 15 دقيقة';
const MIXED_LATIN = 'Loved the café (and the staff) - شكراً جزيلاً - will come back!';
const CYRILLIC = 'Очень вкусно, спасибо! Çok güzel, teşekkürler.';

/**
 * Text as a reader extracts it from the PDF's text layer (pdf.js, through pdf-parse), normalised
 * for three things extraction does: an Arabic ligature glyph (lam-alef, feh-yeh) comes back as its
 * presentation form (U+FB50-FEFF), which NFKC folds to its letters; a mark placed on a letter by the
 * font's positioning (tanween, shadda) comes back as an item of its own beside the word, so marks
 * are dropped on both sides; and the runs of a line come back separated by tabs or spaces.
 */
const normal = (text: string) => text.normalize('NFKC').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim();

describeEachDatabase('reviews PDF in every script of the reviews', (use) => {
  let env: TestEnv;
  let token: string;
  beforeAll(async () => {
    env = use();
    const a = env.fx.companyA.id;
    const [loc] = await env.database.db
      .insert(locations)
      .values({ companyId: a, title: 'فرع دبي مول', locationId: 'AR-1' })
      .returning();
    const review = (text: string, day: string, authorName: string) => ({
      companyId: a,
      locationId: loc!.id,
      source: 'google',
      rating: 5,
      text,
      authorName,
      createdAt: new Date(`${day}T10:00:00Z`),
    });
    await insertReviewRows(env.database.db, [
      review(ARABIC, '2024-05-04', 'سارة علي'),
      review(MIXED, '2024-05-03', 'Omar'),
      review(MIXED_LATIN, '2024-05-02', 'Émilie'),
      review(CYRILLIC, '2024-05-01', 'Иван'),
    ]);
    token = (await signIn(env.app, 'admin@alpha.test')).access_token;
  });

  it('embeds fonts that cover the reviews, and the extracted text reads as the reviews do', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/v2/api/reviews/export/pdf', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    // Embedded TrueType subsets, not the standard Helvetica that has no Arabic.
    expect(res.rawPayload.toString('latin1')).toMatch(/\/FontFile2/);
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const { text } = await parser.getText({ disableNormalization: true });
    await parser.destroy();
    const extracted = normal(text);
    for (const line of [ARABIC, MIXED, MIXED_LATIN, CYRILLIC, 'سارة علي', 'فرع دبي مول', 'Émilie', 'Иван'])
      expect(extracted).toContain(normal(line));
  });
});
