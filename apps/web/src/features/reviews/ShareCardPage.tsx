import { useEffect, useState } from 'react';
import { Empty, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dateDay } from '../reporting/display';
import { reviewsApi, type ShareCard } from './api';
import { SourceBadge, Stars } from './ui';
import './reviews.css';
import { reviewKeys } from './queryKeys';

declare global {
  interface Window {
    /** Export-for-PDF mode: a printer (headless browser) injects the card state, then the page renders. */
    injectReviewState?: (state: ShareCard) => void;
    __REVIEW_STATE__?: ShareCard;
  }
}

/** Quotation marks around the review text. */
const QUOTE = ['“', '”'] as const;

function Card({ data }: { data: ShareCard }) {
  const vertical = data.sharingSource === 'facebook' || data.sharingSource === 'instagram';
  const place = [data.location_name, data.location_location_id ? `#${data.location_location_id}` : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className={`rv-share-card${vertical ? ' vertical' : ''}`} data-testid="share-card">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
          <SourceBadge source={data.service} title={data.serviceTitle} size={44} />
          <b style={{ color: '#595959' }}>{data.serviceTitle}</b>
        </div>
        <span style={{ color: '#8c8c8c' }}>{dateDay(data.date)}</span>
      </div>
      <Stars rating={data.rating_value} size={26} />
      {data.review_text && (
        <div className="rv-share-quote" dir="auto">
          {QUOTE[0]}
          {data.review_text}
          {QUOTE[1]}
        </div>
      )}
      <div
        style={{ display: 'flex', flexDirection: vertical ? 'column' : 'row', justifyContent: 'space-between', gap: 4 }}
      >
        <b style={{ fontSize: 17 }} dir="auto">
          {data.name}
        </b>
        <span style={{ color: '#595959' }} dir="auto">
          {place}
        </span>
      </div>
    </div>
  );
}

/** Public /review/{id}: the shareable card; 'No data' when there is none. */
export default function ShareCardPage() {
  const { t } = useTranslation('reviews');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const exportMode = params.get('mode') === 'export';
  const [injected, setInjected] = useState<ShareCard | null>(() => window.__REVIEW_STATE__ ?? null);
  useEffect(() => {
    if (!exportMode) return;
    window.injectReviewState = (state) => setInjected(state);
    return () => {
      window.injectReviewState = undefined;
    };
  }, [exportMode]);
  const card = useQuery({
    queryKey: reviewKeys.share(id),
    queryFn: () => reviewsApi.shareCard(id),
    enabled: !exportMode,
    retry: false,
  });
  if (exportMode)
    return (
      <div className="rv-share">{injected ? <Card data={injected} /> : <span data-testid="waiting-for-state" />}</div>
    );
  return (
    <div className="rv-share">
      {card.isPending ? (
        <Spin />
      ) : card.data ? (
        <Card data={card.data} />
      ) : (
        <div className="rv-share-card">
          <Empty description={t('share.noData')} />
        </div>
      )}
    </div>
  );
}
