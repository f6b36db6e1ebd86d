import { MSG, type MessageKey } from '@reputo/core';
import { i18n } from './i18n';

/** The spec's English messages (core's MSG, which the shared rules return) back to their keys. */
const KEY_OF = new Map<string, MessageKey>(Object.entries(MSG).map(([key, text]) => [text, key as MessageKey]));

/**
 * A message in the interface language. Core's rules (shared with the server) answer in the spec's
 * English; the `validation` catalogue has each of them by MSG key. Any other text is returned as it
 * is (the server translates its own answers by the request's Accept-Language).
 */
export function translateMessage(text: string): string {
  const key = KEY_OF.get(text);
  return key ? i18n.t(`validation:${key}`, { defaultValue: text }) : text;
}
