import { idSchema } from '@reputo/core';
import { z } from 'zod';
import { access } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { companyOfCall } from '../apiKeys/routes';
import { apiClientOf } from '../apiKeys/metering';
import { couponSchema, publicRedeemInput } from './schemas';
import { couponOfCode, redeemCode, serializeCoupon } from './service';

/**
 * A point of sale checks and redeems codes with the company's API key (metered like every public
 * call). Same rules and errors as staff redemption; the coupon records the key that redeemed it.
 */
const tags = ['public API'];
const security: { [label: string]: string[] }[] = [{ apiKey: [] }, { apiKeyQuery: [] }];

export function publicCouponRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    '/v2/public/coupons/:code',
    {
      config: { access: access.apiKey() },
      schema: {
        tags,
        security,
        summary: 'A coupon by its code, to check it before redeeming: state issued, redeemed or expired',
        params: z.object({ code: z.string().min(1).max(64) }),
        querystring: z.object({ company: idSchema('company').optional() }),
        response: { 200: couponSchema },
      },
    },
    async (request) => {
      const companyId = companyOfCall(apiClientOf(request), request.query.company);
      return serializeCoupon(await couponOfCode(db, companyId, request.params.code), deps.config.jwtSecret);
    },
  );

  app.post(
    '/v2/public/coupons/redeem',
    {
      config: { access: access.apiKey(), writes: 'none' },
      schema: {
        tags,
        security,
        summary:
          "Redeem a code at a location (location_id, or the company's location_code): 404 unknown code, 409 already redeemed, 422 expired, inactive, not started or not valid there",
        body: publicRedeemInput,
        response: { 200: couponSchema },
      },
    },
    async (request) => {
      const client = apiClientOf(request);
      const body = request.body;
      const companyId = companyOfCall(client, body.company);
      const at = body.location_id !== undefined ? { id: body.location_id } : { code: body.location_code ?? '' };
      const coupon = await redeemCode(db, companyId, body.code, at, {
        userId: null,
        apiKeyId: client.id,
        name: null,
      });
      return serializeCoupon(coupon, deps.config.jwtSecret);
    },
  );
}
