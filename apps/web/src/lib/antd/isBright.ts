import { Color as RcColor } from './rcColor';

type RgbColor = { toRgb(): { r: number; g: number; b: number; a: number }; toRgbString(): string };

/**
 * antd's Button and Tag styles ask whether a colour is bright through `isBright`, which lives in the
 * module of the ColorPicker's presets panel: importing it there brings that panel, antd's Collapse and
 * the picker into every screen's first load (about 6 kB brotli; the Tag's, 3.9 kB on every screen with
 * a tag). This is the same function (antd 6, color-picker/components/ColorPresets.js), which the build
 * gives both styles instead.
 */
export function isBright(value: RgbColor, bgColorToken: string): boolean {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5; // antd: adapted to dark mode
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
}
