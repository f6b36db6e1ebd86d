import { describe, expect, it } from 'vitest';
import { makeZodJitless } from './zodJitless';

describe('makeZodJitless', () => {
  it('is the setting zod reads, set before zod loads', async () => {
    makeZodJitless();
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
