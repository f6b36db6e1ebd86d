/**
 * antd's colour class (color-picker/color.js and util.js) takes only `Color` from
 * @rc-component/color-picker, but through the package's index, which also holds the picker itself:
 * the build gives those two modules this file instead, so the Button style that needs the class no
 * longer brings the picker into every screen's first load (about 2 kB brotli).
 */
export { Color } from '@rc-component/color-picker/es/color';
