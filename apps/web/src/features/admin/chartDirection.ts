import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import { directionOf } from '../../i18n/languages';

/**
 * A name from the data (a company's) as a chart label: isolated, so that a Latin name in a right-to-left
 * chart keeps its own order and its truncation ellipsis at its end.
 */
export const isolate = (text: string, rtl: boolean) => (rtl ? `\u2068${text}\u2069` : text);

/** Whether the admin charts are drawn right to left (re-renders when the language changes). */
export function useRtlCharts(): boolean {
  useTranslation('admin');
  return directionOf(currentLanguage()) === 'rtl';
}
