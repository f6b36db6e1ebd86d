// The interface languages are shared with the server (mails, exports, error texts): core holds the list.
export { directionOf, isUiLanguage, LANGUAGE_NAMES, UI_LANGUAGES, type UiLanguage } from '@reputo/core';
