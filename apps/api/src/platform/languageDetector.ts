import type { LanguageDetector } from '@reputo/core';
import { workerThread } from './workerThread';

/**
 * eld, the language detector, runs in a worker thread started on the first text that needs it:
 * importing its n-gram tables takes about a second of CPU and 100 MB (bench/RESULTS.md), which on
 * the server's own thread stalled every request in flight.
 */
const thread = workerThread<{ text: string }, ReturnType<LanguageDetector>>(
  new URL('./languageDetector.worker.mjs', import.meta.url),
  'language detector',
);

/** The language eld finds in a text, with its score; null when it finds none. */
export const detectLanguage = (text: string) => thread.ask({ text });
