import { createServer, type Server } from 'node:http';

/**
 * A local server speaking the OpenAI chat-completions protocol (`POST /v1/chat/completions`) and
 * LibreTranslate (`POST /translate`). The chat answer repeats `replies` in order (so a test can make
 * the model repeat itself); a review text containing "explode" gets a 500 in OpenAI's error shape.
 */
export class FakeServices {
  replies: string[] = ['Thank you for the lovely review! - The team'];
  chatCalls: { model: string; messages: { role: string; content: string }[]; authorization?: string }[] = [];
  translateCalls: { q: string; target: string; source: string }[] = [];
  private server: Server | null = null;
  constructor(readonly port: number) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.server) return;
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        const send = (status: number, payload: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(payload));
        };
        if (req.url === '/v1/chat/completions') {
          const call = body as unknown as (typeof this.chatCalls)[number];
          this.chatCalls.push({ ...call, authorization: req.headers.authorization });
          if (call.messages.some((m) => m.content.includes('explode')))
            return send(500, {
              error: { message: 'The server had an error while processing your request.', type: 'server_error' },
            });
          const content = this.replies[Math.min(this.chatCalls.length - 1, this.replies.length - 1)];
          return send(200, {
            id: 'chatcmpl-1',
            object: 'chat.completion',
            model: call.model,
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          });
        }
        if (req.url === '/translate') {
          const call = body as { q: string; target: string; source: string };
          this.translateCalls.push(call);
          if (call.target === 'xx') return send(400, { error: 'xx is not supported' });
          return send(200, {
            translatedText: `[${call.target}] ${call.q}`,
            detectedLanguage: { confidence: 90, language: 'ar' },
          });
        }
        send(404, { error: 'not found' });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
