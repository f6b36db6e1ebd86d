import { useMemo } from 'react';
import { Alert, Spin, Tag } from 'antd';
import { LazyResult } from '../../lib/antd/LazyResult';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { code128, drawingSVG, qrcode } from 'bwip-js/browser';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDate } from '../../i18n/format';
import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';
import './offers.css';

type PublicCoupon = ApiResponse<'/v2/api/coupon/{token}'>;

/** The code as an SVG symbol (QR code or Code 128), drawn in the browser by bwip-js. */
function CodeSymbol({ kind, code, label }: { kind: 'qr' | 'barcode'; code: string; label: string }) {
  const svg = useMemo(
    () =>
      kind === 'qr'
        ? qrcode({ bcid: 'qrcode', text: code, scale: 4 }, drawingSVG())
        : code128({ bcid: 'code128', text: code, scale: 2, height: 14, includetext: false }, drawingSVG()),
    [kind, code],
  );
  // The SVG is made here from the code (letters and digits), not taken from the server or the address.
  return <div className={`cp-${kind}`} role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />;
}

/** Each state's tag colour; its text is `offers:coupon.state.<state>`. */
const STATE_COLORS: Record<PublicCoupon['state'], string> = {
  issued: 'green',
  redeemed: 'default',
  expired: 'default',
};

const day = (d: string) => formatDate(d, { dateStyle: 'medium', timeZone: 'UTC' });

function validity(c: PublicCoupon, t: TFunction): string | null {
  if (c.valid_from && c.valid_to) return t('coupon.validRange', { from: day(c.valid_from), to: day(c.valid_to) });
  if (c.valid_to) return t('coupon.validUntil', { to: day(c.valid_to) });
  if (c.valid_from) return t('coupon.validFrom', { from: day(c.valid_from) });
  return null;
}

/** Public /coupon/{token}: the customer's code as a QR code and a barcode to show at the till. */
export default function CouponPage() {
  const { t } = useTranslation('offers');
  const { token = '' } = useParams();
  const coupon = useQuery({
    queryKey: ['coupon-page', token],
    queryFn: () => api<PublicCoupon>(`/v2/api/coupon/${encodeURIComponent(token)}`, { auth: false }),
    retry: false,
  });
  if (coupon.isPending)
    return (
      <div className="cp-page">
        <Spin size="large" />
      </div>
    );
  if (coupon.isError)
    return (
      <div className="cp-page">
        <LazyResult status="404" title={t('coupon.notFound')} subTitle={t('coupon.notFoundHelp')} />
      </div>
    );
  const c = coupon.data;
  const usable = c.state === 'issued' && c.active;
  return (
    <main className="cp-page">
      <article className="cp-card" data-testid="coupon-card">
        <div className="cp-company" dir="auto">
          {c.company_name}
        </div>
        <h1 className="cp-title" dir="auto">
          {c.offer_title}
        </h1>
        <div className="cp-discount" dir="auto">
          {c.discount_label}
        </div>
        {c.description && (
          <p className="cp-text" dir="auto">
            {c.description}
          </p>
        )}
        {c.image_url && <img className="cp-image" src={c.image_url} alt="" />}
        <div className="cp-symbols" style={usable ? undefined : { opacity: 0.35 }}>
          <CodeSymbol kind="qr" code={c.code} label={t('coupon.qrOf', { code: c.code })} />
          <CodeSymbol kind="barcode" code={c.code} label={t('coupon.barcodeOf', { code: c.code })} />
        </div>
        <div className="cp-code" dir="ltr" data-testid="coupon-code">
          {c.code}
        </div>
        <div className="cp-state">
          <Tag color={STATE_COLORS[c.state]}>{t(`coupon.state.${c.state}`)}</Tag>
          {validity(c, t) && <span className="cp-valid">{validity(c, t)}</span>}
        </div>
        {!c.active && c.state === 'issued' && (
          <Alert type="warning" showIcon title={t('coupon.paused')} style={{ marginBlockStart: 12 }} />
        )}
        <p className="cp-hint">{t('coupon.hint')}</p>
        {c.terms && (
          <p className="cp-terms" dir="auto">
            {c.terms}
          </p>
        )}
      </article>
    </main>
  );
}
