import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { countChannel, REALTIME_AUTH_ENDPOINT } from '@reputo/core';

export function realtimeRoutes(app: App, deps: AppDeps): void {
  app.post(
    REALTIME_AUTH_ENDPOINT,
    {
      config: { access: access.signedIn({ company: true, iframe: true }), writes: 'none' },
      schema: {
        tags: ['realtime'],
        summary: "Authorise a pusher-js socket on a private channel; only the acting company's own channels",
        body: z.object({
          socket_id: z.string().regex(/^\d+\.\d+$/, 'socket_id is not valid'),
          channel_name: z.string().min(1).max(200),
        }),
        response: { 200: z.object({ auth: z.string() }) },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      if (request.body.channel_name !== countChannel(ctx.companyId!))
        throw forbidden('This channel belongs to another company');
      return { auth: deps.realtime.channelAuth(request.body.socket_id, request.body.channel_name) };
    },
  );
}
