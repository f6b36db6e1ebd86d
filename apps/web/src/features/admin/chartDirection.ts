import { useTranslation } from 'react-i18next';
import type { EChartsOption } from '../reporting/Chart';
import { currentLanguage } from '../../i18n/i18n';
import { directionOf } from '../../i18n/languages';
import { formatNumber, preferredDigits } from '../../i18n/format';

type Axis = Record<string, unknown>;
const list = (axis: unknown): Axis[] => (Array.isArray(axis) ? axis : axis ? [axis] : []) as Axis[];
const same = (original: unknown, axes: Axis[]) => (Array.isArray(original) ? axes : axes[0]);

/**
 * An admin chart laid out for a right-to-left reader (ECharts has no RTL mode): the x-axis runs from
 * the right (time and bars grow leftwards), the first y-axis sits on the right and a second one on
 * the left, the grid's margins swap sides and legend icons follow their text. Left to right, the
 * option is returned as it is.
 */
export function directed(option: EChartsOption, rtl: boolean): EChartsOption {
  if (!rtl) return option;
  // A reader who prefers Arabic-Indic digits gets them on the value axes too (ECharts writes Latin ones).
  const digits = (a: Axis): Axis =>
    preferredDigits() === 'arab' && a.type === 'value' && !(a.axisLabel as Axis | undefined)?.formatter
      ? { ...a, axisLabel: { ...(a.axisLabel as Axis | undefined), formatter: (v: number) => formatNumber(v) } }
      : a;
  const out: Record<string, unknown> = { ...option };
  const grid = option.grid as Axis | undefined;
  if (grid && !Array.isArray(grid)) out.grid = { ...grid, left: grid.right, right: grid.left };
  if (option.xAxis)
    out.xAxis = same(
      option.xAxis,
      list(option.xAxis).map((a) => ({ ...digits(a), inverse: true })),
    );
  if (option.yAxis)
    out.yAxis = same(
      option.yAxis,
      list(option.yAxis).map((a, i) => ({ ...digits(a), position: i === 0 ? 'right' : 'left' })),
    );
  const legend = option.legend as Axis | undefined;
  if (legend && !Array.isArray(legend)) out.legend = { ...legend, align: 'right' };
  return out as EChartsOption;
}

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
