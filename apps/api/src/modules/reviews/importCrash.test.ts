import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { jobs, reviewImports } from '../../db/schema';
import { jobQueueFor } from '../../platform/jobs';
import { describeOnBothDatabases } from '../../test/harness';
import { bearer, signIn } from '../../test/http';

describeOnBothDatabases(
  'an upload whose server stopped while it ran',
  (use) => {
    it('shows failed with nothing saved once the lease of its job runs out, not "running, 5,000 saved"', async () => {
      const { app, database } = use();
      const db = database.db;
      const admin = await signIn(app, 'admin@alpha.test');
      const csv = 'source,date,rating,text\ngoogle,2024-06-01,5,Fine\n';
      const upload = await app.inject({
        method: 'POST',
        url: '/v2/api/reviews/upload',
        headers: bearer(admin.access_token),
        payload: { fileName: 'r.csv', content: Buffer.from(csv).toString('base64') },
      });
      expect(upload.statusCode, upload.body).toBe(202);
      const id = upload.json().id as number;
      // Another process took the job, reported progress from inside its transaction, and died:
      // its transaction was rolled back and its lease has just run out.
      await db
        .update(jobs)
        .set({
          status: 'running',
          attempts: 1,
          lockedBy: 'a-crashed-process',
          lockedUntil: new Date(Date.now() - 1000),
        })
        .where(eq(jobs.dedupeKey, `import:${id}`));
      await db
        .update(reviewImports)
        .set({ totalRows: 6000, processedRows: 6000, acceptedRows: 6000, savedRows: 5000 })
        .where(eq(reviewImports.id, id));
      await jobQueueFor({ db }).runDue();
      const status = (
        await app.inject({ url: `/v2/api/reviews/upload/${id}`, headers: bearer(admin.access_token) })
      ).json();
      expect(status).toMatchObject({
        status: 'failed',
        savedRows: 0,
        imported: 0,
        error: 'The import stopped and nothing was imported: the server stopped while it ran. Upload the file again.',
      });
      expect(status.finishedAt).not.toBeNull();
      const [job] = await db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `import:${id}`));
      expect(job).toMatchObject({ status: 'dead' });
    });
  },
  { env: { JOBS_INTERVAL_MS: '0' } },
);
