import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Checkbox, Form, Input, Select, Skeleton, Tooltip } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  changedFields,
  COMPETITOR_SOURCES_MESSAGE,
  competitorSourcesFor,
  FEEDBACK_SOURCE,
  MAX_COMPETITOR_SOURCES,
  MSG,
  validateSourceUrl,
} from '@reputo/core';
import { companiesApi, type SourceInfo } from '../api';
import { SourceLogo, StepHead, WizardFoot } from '../ui';
import { errorText, formatNumber } from '../format';
import { translateMessage } from '../../../i18n/messages';
import type { StepProps } from './types';
import { adminKeys } from '../queryKeys';

// The mark after the ellipsis keeps it at the address's end in a right-to-left field.
const GOOGLE_EXAMPLE = 'https://www.google.com/maps/place/…\u200e';

interface SourcesState {
  sources: string[];
  competitorsSources: string[];
  sourceUrls: Record<string, string>;
}

function SourceTile({ source, on, onToggle }: { source: SourceInfo; on: boolean; onToggle: () => void }) {
  return (
    <label className={`source-tile${on ? ' on' : ''}`} data-testid={`source-${source.value}`}>
      <SourceLogo logo={source.logo} title={source.title} size={24} />
      <span className="name">
        <bdi dir="auto">{source.title}</bdi>
      </span>
      <Checkbox checked={on} onChange={onToggle} />
    </label>
  );
}

/**
 * Sources step: the main sources as tiles, the ~100 additional ones in a searchable list, the
 * competitor sources (at most 4, never Feedback, only the company's own; a fifth is disabled with
 * the spec's message), and an optional page address per source checked by the source's rule.
 */
export function SourcesStep({ company, onSaved, goNext, goBack, setDirty }: StepProps) {
  const { t } = useTranslation('admin');
  const { message, notification } = App.useApp();
  const catalogue = useQuery({
    queryKey: adminKeys.sources,
    queryFn: ({ signal }) => companiesApi.sources(signal),
    staleTime: Infinity,
  });
  const saved: SourcesState = useMemo(
    () => ({
      sources: company.sources,
      competitorsSources: company.competitorsSources,
      sourceUrls: company.sourceUrls,
    }),
    [company],
  );
  const [state, setState] = useState<SourcesState>(saved);
  const [urlErrors, setUrlErrors] = useState<Record<string, string>>({});
  useEffect(() => setState(saved), [saved]);

  // Our own Feedback source is named in the interface language; the others are names of services.
  const all = useMemo(
    () =>
      (catalogue.data?.data ?? []).map((s) =>
        s.value === FEEDBACK_SOURCE ? { ...s, title: t('companyWizard.sources.feedbackTitle') } : s,
      ),
    [catalogue.data, t],
  );
  const byValue = useMemo(() => new Map(all.map((s) => [s.value, s])), [all]);
  const main = all.filter((s) => !s.isAdditionalSource);
  const additional = all.filter((s) => s.isAdditionalSource);
  const update = (next: Partial<SourcesState>) => {
    setState((s) => {
      const merged = { ...s, ...next };
      // Competitor sources are kept only while they are also company sources.
      merged.competitorsSources = competitorSourcesFor(merged.sources, merged.competitorsSources);
      setDirty(Object.keys(changedFields(saved, merged)).length > 0);
      return merged;
    });
  };
  const toggle = (value: string) =>
    update({
      sources: state.sources.includes(value) ? state.sources.filter((v) => v !== value) : [...state.sources, value],
    });
  const competitorChoices = state.sources.filter((s) => s !== FEEDBACK_SOURCE);
  const full = state.competitorsSources.length >= MAX_COMPETITOR_SOURCES;

  const urlError = (source: string, url: string): string | null =>
    url === '' || validateSourceUrl(source, url)
      ? null
      : t('companyWizard.sources.urlInvalid', { source: byValue.get(source)?.title ?? source });
  const save = useMutation({
    mutationFn: async () => {
      const urls = Object.fromEntries(
        Object.entries(state.sourceUrls).filter(([k, v]) => state.sources.includes(k) && v !== ''),
      );
      const changed: Record<string, unknown> = changedFields<Record<string, unknown>>(
        { ...saved },
        { ...state, sourceUrls: urls },
      );
      // Addresses travel as a map; a cleared one is sent as '' so the server removes it.
      if (changed.sourceUrls)
        changed.sourceUrls = Object.fromEntries(
          [...new Set([...Object.keys(saved.sourceUrls), ...Object.keys(urls)])].map((k) => [k, urls[k] ?? '']),
        );
      if (Object.keys(changed).length === 0) return null;
      return companiesApi.update(company.id, changed);
    },
    onSuccess: (fresh) => {
      setDirty(false);
      if (fresh) {
        void message.success(translateMessage(MSG.companySourcesUpdated));
        onSaved(fresh);
      }
      goNext();
    },
    onError: (e) => notification.error({ title: translateMessage(MSG.error), description: errorText(e) }),
  });
  const submit = () => {
    const errors: Record<string, string> = {};
    for (const [source, url] of Object.entries(state.sourceUrls)) {
      const e = state.sources.includes(source) ? urlError(source, url) : null;
      if (e) errors[source] = e;
    }
    setUrlErrors(errors);
    if (state.sources.length === 0) {
      void message.error(t('companyWizard.sources.chooseOne'));
      return;
    }
    if (Object.keys(errors).length === 0) save.mutate();
  };

  if (catalogue.isLoading) return <Skeleton active />;
  return (
    <>
      <StepHead title={t('companyWizard.sources.title')} description={t('companyWizard.sources.description')} />
      <div className="section-title">{t('companyWizard.sources.main')}</div>
      <div className="source-grid">
        {main.map((s) => (
          <SourceTile key={s.value} source={s} on={state.sources.includes(s.value)} onToggle={() => toggle(s.value)} />
        ))}
      </div>

      <div className="section-title">{t('companyWizard.sources.additional')}</div>
      <Select
        mode="multiple"
        style={{ inlineSize: '100%' }}
        placeholder={t('companyWizard.sources.additionalPlaceholder')}
        value={state.sources.filter((v) => byValue.get(v)?.isAdditionalSource)}
        onChange={(values: string[]) =>
          update({ sources: [...state.sources.filter((v) => !byValue.get(v)?.isAdditionalSource), ...values] })
        }
        showSearch={{ optionFilterProp: 'title' }}
        options={additional.map((s) => ({
          value: s.value,
          title: s.title,
          label: (
            <span dir="auto">
              <SourceLogo logo={s.logo} title={s.title} size={16} /> {s.title}
            </span>
          ),
        }))}
        data-testid="additional-sources"
      />

      <div className="section-title">{t('companyWizard.sources.competitors')}</div>
      <p className="muted small" style={{ marginBlockStart: -4 }}>
        {t('companyWizard.sources.competitorsHelp', {
          count: MAX_COMPETITOR_SOURCES,
          max: formatNumber(MAX_COMPETITOR_SOURCES),
        })}
      </p>
      {competitorChoices.length === 0 ? (
        <Alert type="info" showIcon title={t('companyWizard.sources.chooseFirst')} />
      ) : (
        <div className="source-grid" data-testid="competitor-sources">
          {competitorChoices.map((value) => {
            const s = byValue.get(value);
            const on = state.competitorsSources.includes(value);
            const disabled = !on && full;
            const tile = (
              <label
                className={`source-tile${on ? ' on' : ''}`}
                style={disabled ? { opacity: 0.55, cursor: 'not-allowed' } : undefined}
                data-testid={`competitor-${value}`}
              >
                {s && <SourceLogo logo={s.logo} title={s.title} size={20} />}
                <span className="name">
                  <bdi dir="auto">{s?.title ?? value}</bdi>
                </span>
                <Checkbox
                  checked={on}
                  disabled={disabled}
                  onChange={() =>
                    update({
                      competitorsSources: on
                        ? state.competitorsSources.filter((v) => v !== value)
                        : [...state.competitorsSources, value],
                    })
                  }
                />
              </label>
            );
            return disabled ? (
              <Tooltip key={value} title={translateMessage(COMPETITOR_SOURCES_MESSAGE)}>
                {tile}
              </Tooltip>
            ) : (
              <span key={value}>{tile}</span>
            );
          })}
        </div>
      )}
      {full && (
        <div className="muted small" style={{ marginBlockStart: 8 }} data-testid="competitor-limit">
          {translateMessage(COMPETITOR_SOURCES_MESSAGE)}
        </div>
      )}

      <div className="section-title">{t('companyWizard.sources.addresses')}</div>
      <p className="muted small" style={{ marginBlockStart: -4 }}>
        {t('companyWizard.sources.addressesHelp')}
      </p>
      <div className="source-urls">
        {state.sources
          .filter((s) => s !== FEEDBACK_SOURCE)
          .map((value) => {
            const s = byValue.get(value);
            return (
              <div className="source-url-row" key={value}>
                <span className="label">
                  {s && <SourceLogo logo={s.logo} title={s.title} size={18} />}{' '}
                  <bdi dir="auto">{s?.title ?? value}</bdi>
                </span>
                <Form.Item
                  validateStatus={urlErrors[value] ? 'error' : undefined}
                  help={urlErrors[value]}
                  style={{ marginBlockEnd: 0 }}
                >
                  <Input
                    dir="auto"
                    value={state.sourceUrls[value] ?? ''}
                    placeholder={
                      value === 'google'
                        ? GOOGLE_EXAMPLE
                        : t('companyWizard.sources.addressPlaceholder', { source: s?.title ?? value })
                    }
                    onChange={(e) => {
                      update({ sourceUrls: { ...state.sourceUrls, [value]: e.target.value } });
                      if (urlErrors[value])
                        setUrlErrors((x) => ({ ...x, [value]: urlError(value, e.target.value) ?? '' }));
                    }}
                    onBlur={(e) => setUrlErrors((x) => ({ ...x, [value]: urlError(value, e.target.value) ?? '' }))}
                    data-testid={`source-url-${value}`}
                  />
                </Form.Item>
              </div>
            );
          })}
      </div>
      <WizardFoot onBack={goBack} onNext={submit} loading={save.isPending} />
    </>
  );
}
