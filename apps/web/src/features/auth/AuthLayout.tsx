import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../app/ui/Brand';
import { formatNumber } from '../../i18n/format';
import { LanguageSwitch } from './LanguageSwitch';

const POINTS = ['sources', 'replies', 'reports'] as const;
/** Symbols of the illustration, the same in every language. */
const STARS = { five: '★★★★★', four: '★★★★☆' };
const TICK = '✓';

/** A mock of the product: two review cards and a rating summary, drawn in CSS. */
function ProductIllustration() {
  const { t } = useTranslation('auth');
  return (
    <div className="mock" aria-hidden>
      <div className="mock-stat">
        <div style={{ fontSize: 12, opacity: 0.8 }}>{t('layout.mock.average')}</div>
        <div className="big">{formatNumber(4.7, { minimumFractionDigits: 1 })}</div>
        <div className="bars">
          {[86, 9, 3, 1, 1].map((w, i) => (
            <div className="bar" key={i}>
              <i style={{ width: `${w}%` }} />
            </div>
          ))}
        </div>
      </div>
      <div className="mock-card c1">
        <div className="mock-head">
          <span className="mock-avatar" style={{ background: '#c2410c' }}>
            {t('layout.mock.first.initials')}
          </span>
          <div>
            <div className="mock-name">{t('layout.mock.first.name')}</div>
            <div className="mock-meta">{t('layout.mock.first.meta')}</div>
          </div>
        </div>
        <div className="mock-stars">{STARS.five}</div>
        <div className="mock-text">{t('layout.mock.first.text')}</div>
        <div className="mock-reply">
          {TICK} {t('layout.mock.first.replied', { minutes: formatNumber(12) })}
        </div>
      </div>
      <div className="mock-card c2">
        <div className="mock-head">
          <span className="mock-avatar" style={{ background: '#0369a1' }}>
            {t('layout.mock.second.initials')}
          </span>
          <div>
            <div className="mock-name">{t('layout.mock.second.name')}</div>
            <div className="mock-meta">{t('layout.mock.second.meta')}</div>
          </div>
        </div>
        <div className="mock-stars">{STARS.four}</div>
        <div className="mock-text">{t('layout.mock.second.text')}</div>
      </div>
    </div>
  );
}

/**
 * Two columns: the product panel and the form. Under 992 px only the form, with the brand on top.
 * The language switch (English / العربية) sits at the top of every auth page.
 */
export function AuthLayout({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth">
      <section className="auth-panel">
        <Brand />
        <div>
          <h1>{t('layout.headline')}</h1>
          <p className="lead">{t('layout.lead')}</p>
          <ProductIllustration />
          <ul className="auth-points">
            {POINTS.map((p) => (
              <li key={p}>
                <span className="tick">{TICK}</span>
                {t(`layout.points.${p}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="auth-foot">{t('layout.foot')}</div>
      </section>
      <main className="auth-main">
        <div className="auth-main-head">
          <Brand />
          <div className="auth-main-tools">
            <LanguageSwitch />
            {aside}
          </div>
        </div>
        <div className="auth-form-wrap">
          <div className="auth-form">{children}</div>
        </div>
        <div className="auth-legal">
          {t('layout.legal', { year: formatNumber(new Date().getFullYear(), { useGrouping: false }) })}
        </div>
      </main>
    </div>
  );
}
