/**
 * antd's Radio.Group names its options' ids with `toNamePathStr`, which lives in the Form's useForm
 * module: importing it there brings @rc-component/form's store and scroll-into-view (6 kB brotli) into
 * every screen with a Radio, and so every screen with a table (its selection column). This is the same
 * function (antd 6, form/hooks/useForm.js), which the build gives the Radio.Group instead.
 */
export function toNamePathStr(name: string | number | (string | number)[] | undefined | false): string {
  if (name === undefined || name === false) return '';
  return (Array.isArray(name) ? name : [name]).join('_');
}
