import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import { LANGUAGE_NAMES, UI_LANGUAGES } from '../../i18n/languages';
import { setInterfaceLanguage } from '../../lib/language';

/**
 * English / العربية before sign-in: the page follows the browser's language until a visitor picks
 * one here; the pick is kept on this browser (`reputo.language`). Two plain buttons, not antd's
 * Segmented or Select, to keep the sign-in route light.
 */
export function LanguageSwitch() {
  const { t } = useTranslation('auth');
  const language = currentLanguage();
  return (
    <div className="lang-switch" role="group" aria-label={t('language.label')} data-testid="language-switch">
      {UI_LANGUAGES.map((l) => (
        <button
          type="button"
          key={l}
          lang={l}
          className={l === language ? 'active' : undefined}
          aria-pressed={l === language}
          onClick={() => void setInterfaceLanguage(l)}
          data-testid={`language-${l}`}
        >
          {LANGUAGE_NAMES[l]}
        </button>
      ))}
    </div>
  );
}
