// The floor under a redemption on this machine: a bare HTTP server (Fastify, no plugins, no sign-in,
// no validation) that runs the same single UPDATE statement as the real server's redemption, prepared,
// on a pool of the same size. Whatever p95 this reaches at 32 clients, the real server cannot beat.
// Run by bench/src/coupons.ts --floor; DATABASE_URL and PORT come from the environment.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const { rows } = await pool.query('SELECT company_id FROM coupons LIMIT 1');
const companyId = rows[0].company_id;
const REDEEM = `
  UPDATE coupons c SET state = 'redeemed', redeemed_at = now(), redeemed_location_id = l.id, redeemed_by_user_id = NULL
  FROM offers o JOIN locations l ON l.id = $3 AND l.company_id = $1
  WHERE c.company_id = $1 AND c.code = $2 AND c.state = 'issued' AND o.id = c.offer_id AND o.active
    AND (o.valid_from IS NULL OR o.valid_from <= $4) AND (o.valid_to IS NULL OR o.valid_to >= $4)
    AND (jsonb_array_length(o.location_ids) = 0 OR o.location_ids @> to_jsonb(l.id))
    AND (jsonb_array_length(o.brand_ids) = 0 OR o.brand_ids @> to_jsonb(l.brand_id))
  RETURNING c.id, c.code, c.state, c.redeemed_at, o.title, l.title AS location`;

const app = Fastify({ logger: false });
app.get('/readyz', async () => ({ ready: true }));
app.post('/v2/api/coupons/redeem', async (request, reply) => {
  const { code, location_id } = request.body;
  const today = new Date().toISOString().slice(0, 10);
  const result = await pool.query({ name: 'redeem', text: REDEEM, values: [companyId, code, location_id, today] });
  if (result.rowCount === 0) return reply.code(409).send({ error: 'already_redeemed' });
  return result.rows[0];
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', stop);
