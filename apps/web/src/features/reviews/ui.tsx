import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Colours of the main sources for their badges; other sources get a neutral one. */
const SOURCE_COLORS: Record<string, string> = {
  google: '#4285f4',
  facebook: '#1877f2',
  instagram: '#e1306c',
  tripadvisor: '#00af87',
  zomato: '#e23744',
  talabat: '#ff5a00',
  hungerstation: '#f4c20d',
  booking: '#003580',
  expedia: '#fbcc33',
  foursquare: '#f94877',
  reserveout: '#0e7c86',
  feedback: '#722ed1',
};

export function SourceBadge({ source, title, size = 40 }: { source: string; title: string; size?: number }) {
  return (
    <div
      className="rv-src"
      style={{ background: SOURCE_COLORS[source] ?? '#64748b', width: size, height: size, fontSize: size * 0.42 }}
      title={title}
      aria-label={title}
    >
      {source === 'feedback' ? <MessageOutlined /> : title.slice(0, 1).toUpperCase()}
    </div>
  );
}

const STAR = 'M12 2l2.94 6.36 6.97.78-5.2 4.73 1.47 6.88L12 17.27 5.82 20.75l1.47-6.88-5.2-4.73 6.97-.78z';

/** Star rating drawn as SVG paths (no font glyphs), the same shape as the share image. */
export function Stars({ rating, size = 14 }: { rating: number | null; size?: number }) {
  const { t } = useTranslation('reviews');
  return (
    <span
      role="img"
      aria-label={rating ? t('stars.label', { count: rating }) : t('stars.none')}
      style={{ display: 'inline-flex', gap: 1, verticalAlign: 'middle' }}
    >
      {[1, 2, 3, 4, 5].map((i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden>
          <path d={STAR} fill={rating !== null && i <= rating ? '#fadb14' : '#e5e7eb'} />
        </svg>
      ))}
    </span>
  );
}
