import { createHmac } from 'node:crypto';

/** Pusher's private-channel signature: HMAC-SHA256 of `socket_id:channel` with the app secret. */
export function signChannel(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${createHmac('sha256', secret).update(`${socketId}:${channel}`).digest('hex')}`;
}
