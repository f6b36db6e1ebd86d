import { Alert, App, Empty, Select, Skeleton } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format';
import { translateMessage } from '../../../i18n/messages';
import { languageName } from '../i18n';
import { responseApi, type Region, type RegionGroups } from '../api';
import { settingsKeys } from '../queryKeys';

// Regions: reply-language overrides

/** Moves a region into the group its new language puts it in. */
function regroup(groups: RegionGroups, changed: Region): RegionGroups {
  const rest = [...groups.statesWithOverrides, ...groups.statesWithoutOverrides].filter((r) => r.id !== changed.id);
  const all = [...rest, changed].sort(
    (a, b) => a.title.localeCompare(b.title) || (a.brand ?? '').localeCompare(b.brand ?? ''),
  );
  return {
    ...groups,
    statesWithOverrides: all.filter((r) => r.language !== null),
    statesWithoutOverrides: all.filter((r) => r.language === null),
  };
}

export function RegionsTab() {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const regions = useQuery({
    queryKey: settingsKeys.regions,
    queryFn: ({ signal }) => responseApi.regions(signal),
    retry: false,
  });
  const update = useMutation({
    mutationFn: ({ id, language }: { id: number; language: string | null }) =>
      responseApi.setRegionLanguage(id, language),
    onSuccess: (changed) => {
      queryClient.setQueryData<RegionGroups>(['regions'], (g) => (g ? regroup(g, changed) : g));
      const language = changed.language
        ? languageName(
            changed.language,
            regions.data?.languages.find((l) => l.code === changed.language)?.name ?? changed.language,
          )
        : null;
      void message.success(
        language
          ? t('response.regions.answersIn', { title: changed.title, language })
          : t('response.regions.answersOwn', { title: changed.title }),
      );
    },
    onError: (e) => void message.error(t('response.regions.notChanged', { reason: translateMessage(e.message) })),
  });
  if (regions.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('response.regions.loadError')}
        description={translateMessage(regions.error.message)}
        data-testid="regions-error"
      />
    );
  if (regions.isLoading || !regions.data) return <Skeleton active />;
  const languages = regions.data.languages.map((l) => ({ value: l.code, label: languageName(l.code, l.name) }));
  const row = (r: Region) => (
    <div className="st-region" key={r.id} data-testid={`region-${r.id}`}>
      <div>
        <div className="st-name">
          <span dir="auto">{r.title}</span>
        </div>
        <div className="st-muted">
          {r.brand && (
            <>
              <span dir="auto">{r.brand}</span> ·{' '}
            </>
          )}
          {t('response.regions.locations', { count: r.locations })}
        </div>
      </div>
      <Select
        allowClear
        placeholder={t('response.regions.ownLanguage')}
        value={r.language ?? undefined}
        options={languages}
        style={{ width: 220 }}
        loading={update.isPending && update.variables?.id === r.id}
        disabled={update.isPending && update.variables?.id === r.id}
        onChange={(v?: string) => update.mutate({ id: r.id, language: v ?? null })}
        aria-label={t('response.regions.languageAria', { title: r.title })}
      />
    </div>
  );
  const total = regions.data.statesWithOverrides.length + regions.data.statesWithoutOverrides.length;
  if (total === 0) return <Empty description={t('response.regions.empty')} />;
  return (
    <>
      <p className="st-muted" style={{ marginTop: 0 }}>
        {t('response.regions.intro')}
      </p>
      <div className="st-notify-grid">
        <div>
          <div className="st-section-title">
            {t('response.regions.with', { n: formatNumber(regions.data.statesWithOverrides.length) })}
          </div>
          <div data-testid="regions-with">
            {regions.data.statesWithOverrides.length ? (
              regions.data.statesWithOverrides.map(row)
            ) : (
              <p className="st-muted">{t('response.regions.none')}</p>
            )}
          </div>
        </div>
        <div>
          <div className="st-section-title">
            {t('response.regions.following', { n: formatNumber(regions.data.statesWithoutOverrides.length) })}
          </div>
          <div data-testid="regions-without">{regions.data.statesWithoutOverrides.map(row)}</div>
        </div>
      </div>
    </>
  );
}
