/**
 * antd's `Input` is its input with the Group, Search, TextArea, Password and OTP hung on it as
 * statics, so every screen with a text box loaded all six (7 kB brotli). The build gives
 * `import { Input } from 'antd'` this module instead (vite.config.ts, ANTD_IMPORTS_REPLACED): the
 * input alone. The others are imported where used (`antd/es/input/TextArea`, ...), and the build
 * fails on a use of the statics, which would be undefined here (FORBIDDEN_IN_SOURCE).
 */
export { default } from 'antd/es/input/Input';
