import { useEffect, useState } from 'react';
import { App, Button, Card, Form, InputNumber, List, Select, Skeleton, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { FRAME_ORIGIN_MESSAGE, FRAME_ORIGINS_MAX, MSG, parseFrameOrigin } from '@reputo/core';
import { companiesApi } from '../api';
import { ApiKeyField, StepHead, WizardFoot } from '../ui';
import { errorText, formatNumber } from '../format';
import { ownWordsTag } from '../tags';
import { translateMessage } from '../../../i18n/messages';
import type { StepProps } from './types';
import { adminKeys } from '../queryKeys';

const ORIGIN_EXAMPLE = 'https://portal.example.com';

/** Locations step (Partner role only): the number of locations the company may have. */
export function LocationsStep({ company, onSaved, goNext, goBack, setDirty }: StepProps) {
  const { t } = useTranslation('admin');
  const { message, notification } = App.useApp();
  const [limit, setLimit] = useState<number | null>(company.locationsLimit);
  useEffect(() => setLimit(company.locationsLimit), [company.locationsLimit]);
  useEffect(() => setDirty(limit !== company.locationsLimit), [limit, company.locationsLimit, setDirty]);
  const save = useMutation({
    mutationFn: async () =>
      limit === company.locationsLimit
        ? null
        : companiesApi.updatePackage({ client: company.id, locationsLimit: limit }),
    onSuccess: (fresh) => {
      setDirty(false);
      if (fresh) {
        void message.success(translateMessage(MSG.companyUpdated));
        onSaved(fresh);
      }
      goNext();
    },
    onError: (e) => notification.error({ title: translateMessage(MSG.error), description: errorText(e) }),
  });
  return (
    <>
      <StepHead
        title={t('companyWizard.locations.title')}
        description={t(
          `companyWizard.locations.now${company.locationsTitle === 'Product' ? 'Products' : company.locationsTitle === 'Unit' ? 'Units' : 'Locations'}`,
          {
            count: company.locations_count,
            number: formatNumber(company.locations_count),
          },
        )}
      />
      <Form layout="vertical" style={{ maxInlineSize: 360 }}>
        <Form.Item
          label={t('companyWizard.locations.limit')}
          validateStatus={limit === null || limit < 1 ? 'error' : undefined}
          help={limit === null || limit < 1 ? t('companyWizard.locations.limitMin') : undefined}
        >
          <InputNumber
            min={1}
            max={100000}
            value={limit}
            onChange={(v) => setLimit(v)}
            style={{ inlineSize: '100%' }}
            data-testid="locations-limit"
          />
        </Form.Item>
      </Form>
      <WizardFoot
        onBack={goBack}
        onNext={() => limit !== null && limit >= 1 && save.mutate()}
        loading={save.isPending}
      />
    </>
  );
}

/** The sites (origins) whose pages may show the company's widgets in an iframe; no site until one is added. */
function FrameAncestorsField({ companyId }: { companyId: number }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = ['admin', 'embed', companyId];
  const saved = useQuery({ queryKey: key, queryFn: ({ signal }) => companiesApi.frameAncestors(companyId, signal) });
  const [origins, setOrigins] = useState<string[] | null>(null);
  const value = origins ?? saved.data?.frameAncestors ?? [];
  const invalid = value.filter((o) => parseFrameOrigin(o) === null);
  const save = useMutation({
    mutationFn: () => companiesApi.setFrameAncestors(companyId, value),
    onSuccess: (r) => {
      queryClient.setQueryData(key, r);
      setOrigins(null);
      void message.success(translateMessage(MSG.companyUpdated));
    },
    onError: (e) => void message.error(errorText(e)),
  });
  const error =
    invalid.length > 0
      ? t('companyWizard.apiKey.originInvalid', {
          origin: invalid[0],
          defaultValue: `${invalid[0]}: ${FRAME_ORIGIN_MESSAGE}`,
        })
      : value.length > FRAME_ORIGINS_MAX
        ? t('companyWizard.apiKey.originsMax', { count: FRAME_ORIGINS_MAX, max: formatNumber(FRAME_ORIGINS_MAX) })
        : undefined;
  return (
    <Form layout="vertical" style={{ maxInlineSize: 560, marginBlockStart: 16 }}>
      <Form.Item
        label={t('companyWizard.apiKey.sites')}
        htmlFor="frame-ancestors"
        validateStatus={error ? 'error' : undefined}
        help={
          error ?? <Trans t={t} i18nKey="companyWizard.apiKey.sitesHelp" components={{ origin: <bdi dir="auto" /> }} />
        }
      >
        <Select
          id="frame-ancestors"
          mode="tags"
          open={false}
          tokenSeparators={[' ', ',']}
          tagRender={ownWordsTag}
          value={value}
          onChange={(v: string[]) => setOrigins(v)}
          placeholder={ORIGIN_EXAMPLE}
          loading={saved.isLoading}
          data-testid="frame-ancestors"
        />
      </Form.Item>
      <Button
        onClick={() => save.mutate()}
        loading={save.isPending}
        disabled={origins === null || !!error}
        data-testid="frame-ancestors-save"
      >
        {t('companyWizard.apiKey.saveSites')}
      </Button>
    </Form>
  );
}

/** API key step: the company's accessToken (show, copy, rotate) and the widgets it can embed. */
export function ApiKeyStep({ company, onSaved, goNext, goBack }: StepProps) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const widgets = useQuery({
    queryKey: adminKeys.companies.widgets(company.id),
    queryFn: ({ signal }) => companiesApi.widgets(company.id, signal),
  });
  const rotate = useMutation({
    mutationFn: () => companiesApi.rotateKey(company.id),
    onSuccess: (r) => {
      onSaved({ ...company, accessToken: r.accessToken });
      void message.success(t('apiKey.issued'));
    },
    onError: (e) => void message.error(errorText(e)),
  });
  return (
    <>
      <StepHead title={t('companyWizard.apiKey.title')} description={t('companyWizard.apiKey.description')} />
      <ApiKeyField value={company.accessToken} onRotate={() => rotate.mutate()} rotating={rotate.isPending} />
      <Typography.Paragraph className="muted small" style={{ marginBlockStart: 12 }}>
        <Trans
          t={t}
          i18nKey="companyWizard.apiKey.usage"
          components={{
            code: <code dir="ltr" />,
            docs: <a href="/docs" target="_blank" rel="noreferrer" dir="ltr" />,
          }}
        />
      </Typography.Paragraph>
      <div className="section-title">{t('companyWizard.apiKey.widgets')}</div>
      {widgets.isLoading ? (
        <Skeleton active />
      ) : (
        <Card size="small">
          <List
            dataSource={widgets.data?.data ?? []}
            renderItem={(w) => (
              <List.Item>
                <List.Item.Meta
                  title={t(`widgets.${w.key}.title`, { defaultValue: w.title })}
                  description={
                    <>
                      {t(`widgets.${w.key}.description`, { defaultValue: w.description })}{' '}
                      <span className="muted small">
                        (<bdi dir="ltr">{w.path}</bdi>)
                      </span>
                    </>
                  }
                />
                <div>
                  {w.views.map((v) => (
                    <Tag key={v.view}>
                      {t('companyWizard.apiKey.view', {
                        view: v.view,
                        label: t(`widgets.views.${v.view}`, { defaultValue: v.label }),
                      })}
                    </Tag>
                  ))}
                </div>
              </List.Item>
            )}
          />
        </Card>
      )}
      <FrameAncestorsField companyId={company.id} />
      <WizardFoot onBack={goBack} onNext={goNext} nextLabel={t('wizard.finish')} />
    </>
  );
}
