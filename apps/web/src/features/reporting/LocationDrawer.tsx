import { Descriptions, Drawer } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reportingApi, type LocationRow, type StatsFilter } from './api';
import { Chart } from './Chart';
import { starsOption, volumeRatingOption } from './charts';
import { Delta, fmt, NoData } from './ui';
import { reportingKeys } from './queryKeys';

/** Drill-down: one location's trend and star distribution for the same period and sources. */
export function LocationDrawer({
  row,
  filter,
  onClose,
}: {
  row: LocationRow | null;
  filter: StatsFilter;
  onClose: () => void;
}) {
  const { t } = useTranslation('reporting');
  const f: StatsFilter = {
    ...filter,
    brands: undefined,
    states: undefined,
    locations: row ? [row.location_id] : undefined,
  };
  const trend = useQuery({
    queryKey: reportingKeys.trends(f),
    queryFn: ({ signal }) => reportingApi.trends(f, signal),
    enabled: row !== null,
  });
  const avg = useQuery({
    queryKey: reportingKeys.average(f),
    queryFn: ({ signal }) => reportingApi.average(f, signal),
    enabled: row !== null,
  });
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title={row && <span dir="auto">{row.title}</span>}
      size="large"
      data-testid="location-drawer"
    >
      {row && (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('columns.brand')}>{row.brand ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('columns.region')}>{row.state ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('columns.reviews')}>
              {fmt.int(row.reviews)} <Delta value={row.change.reviews} digits={0} suffix="" />
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.rating')}>
              {fmt.rating(row.average)} <Delta value={row.change.average} suffix="" />
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.responseRate')}>{fmt.pct(row.response_rate)}</Descriptions.Item>
            <Descriptions.Item label={t('columns.responseTime')}>{fmt.hours(row.avg_response_hours)}</Descriptions.Item>
          </Descriptions>
          <h4>{t('drawer.reviewsAndRating')}</h4>
          {trend.isLoading ? (
            <Chart option={{}} loading />
          ) : trend.data?.points.some((p) => p.reviews) ? (
            <Chart
              option={volumeRatingOption(trend.data.points, trend.data.previous_points, trend.data.interval)}
              height={260}
              testId="drawer-trend"
            />
          ) : (
            <NoData />
          )}
          <h4 style={{ marginTop: 16 }}>{t('charts.starDistribution')}</h4>
          {avg.isLoading ? (
            <Chart option={{}} loading />
          ) : avg.data?.rated ? (
            <Chart option={starsOption(avg.data.stars, avg.data.previous_stars)} height={220} />
          ) : (
            <NoData />
          )}
        </>
      )}
    </Drawer>
  );
}
