// The language detector (eld) in its own thread (see languageDetector.ts). Plain JavaScript so the
// same file runs under tsx, vitest and plain node without a loader.
import { parentPort } from 'node:worker_threads';
import { eld } from 'eld/small';

parentPort.on('message', ({ id, text }) => {
  try {
    const result = eld.detect(text);
    const language = result.language || null;
    parentPort.postMessage({
      id,
      ok: true,
      value: language ? { language, confidence: result.getScores()[language] ?? 0 } : null,
    });
  } catch (e) {
    parentPort.postMessage({ id, ok: false, error: { message: e instanceof Error ? e.message : String(e) } });
  }
});
