import { useMemo } from 'react';
import { Alert, Result, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { code128, drawingSVG, qrcode } from 'bwip-js/browser';
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

const STATE_TEXT: Record<PublicCoupon['state'], { color: string; text: string }> = {
  issued: { color: 'green', text: 'Valid' },
  redeemed: { color: 'default', text: 'Already used' },
  expired: { color: 'default', text: 'Expired' },
};

function validity(c: PublicCoupon): string | null {
  if (c.valid_from && c.valid_to) return `Valid ${c.valid_from} to ${c.valid_to}`;
  if (c.valid_to) return `Valid until ${c.valid_to}`;
  if (c.valid_from) return `Valid from ${c.valid_from}`;
  return null;
}

/** Public /coupon/{token}: the customer's code as a QR code and a barcode to show at the till. */
export default function CouponPage() {
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
        <Result status="404" title="Coupon not found" subTitle="Check the link you received, or ask the staff." />
      </div>
    );
  const c = coupon.data;
  const state = STATE_TEXT[c.state];
  const usable = c.state === 'issued' && c.active;
  return (
    <main className="cp-page">
      <article className="cp-card" data-testid="coupon-card">
        <div className="cp-company">{c.company_name}</div>
        <h1 className="cp-title">{c.offer_title}</h1>
        <div className="cp-discount">{c.discount_label}</div>
        {c.description && <p className="cp-text">{c.description}</p>}
        {c.image_url && <img className="cp-image" src={c.image_url} alt="" />}
        <div className="cp-symbols" style={usable ? undefined : { opacity: 0.35 }}>
          <CodeSymbol kind="qr" code={c.code} label={`QR code of ${c.code}`} />
          <CodeSymbol kind="barcode" code={c.code} label={`Barcode of ${c.code}`} />
        </div>
        <div className="cp-code" data-testid="coupon-code">
          {c.code}
        </div>
        <div className="cp-state">
          <Tag color={state.color}>{state.text}</Tag>
          {validity(c) && <span className="cp-valid">{validity(c)}</span>}
        </div>
        {!c.active && c.state === 'issued' && (
          <Alert type="warning" showIcon title="This offer is paused at the moment." style={{ marginTop: 12 }} />
        )}
        <p className="cp-hint">Show this screen at the till. The code can be used once.</p>
        {c.terms && <p className="cp-terms">{c.terms}</p>}
      </article>
    </main>
  );
}
