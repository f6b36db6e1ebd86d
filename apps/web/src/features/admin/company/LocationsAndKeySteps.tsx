import { useEffect, useState } from 'react';
import { App, Button, Card, Form, InputNumber, List, Select, Skeleton, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FRAME_ORIGIN_MESSAGE,
  FRAME_ORIGINS_MAX,
  MSG,
  parseFrameOrigin,
  pluralize,
  type LocationsTitle,
} from '@reputo/core';
import { companiesApi } from '../api';
import { ApiKeyField, StepHead, WizardFoot } from '../ui';
import { errorText } from '../format';
import type { StepProps } from './types';
import { adminKeys } from '../queryKeys';

/** Locations step (Partner role only): the number of locations the company may have. */
export function LocationsStep({ company, onSaved, goNext, goBack, setDirty }: StepProps) {
  const { message, notification } = App.useApp();
  const [limit, setLimit] = useState<number | null>(company.locationsLimit);
  useEffect(() => setLimit(company.locationsLimit), [company.locationsLimit]);
  useEffect(() => setDirty(limit !== company.locationsLimit), [limit, company.locationsLimit, setDirty]);
  const title = pluralize(company.locationsTitle as LocationsTitle).toLowerCase();
  const save = useMutation({
    mutationFn: async () =>
      limit === company.locationsLimit
        ? null
        : companiesApi.updatePackage({ client: company.id, locationsLimit: limit }),
    onSuccess: (fresh) => {
      setDirty(false);
      if (fresh) {
        void message.success(MSG.companyUpdated);
        onSaved(fresh);
      }
      goNext();
    },
    onError: (e) => notification.error({ title: MSG.error, description: errorText(e) }),
  });
  return (
    <>
      <StepHead title="Locations" description={`The company has ${company.locations_count} ${title} now.`} />
      <Form layout="vertical" style={{ maxWidth: 360 }}>
        <Form.Item
          label="Number of the locations allowed"
          validateStatus={limit === null || limit < 1 ? 'error' : undefined}
          help={limit === null || limit < 1 ? 'A company needs at least 1 location' : undefined}
        >
          <InputNumber
            min={1}
            max={100000}
            value={limit}
            onChange={(v) => setLimit(v)}
            style={{ width: '100%' }}
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
      void message.success(MSG.companyUpdated);
    },
    onError: (e) => void message.error(errorText(e)),
  });
  const error =
    invalid.length > 0
      ? `${invalid[0]}: ${FRAME_ORIGIN_MESSAGE}`
      : value.length > FRAME_ORIGINS_MAX
        ? `At most ${FRAME_ORIGINS_MAX} origins`
        : undefined;
  return (
    <Form layout="vertical" style={{ maxWidth: 560, marginTop: 16 }}>
      <Form.Item
        label="Sites allowed to embed"
        htmlFor="frame-ancestors"
        validateStatus={error ? 'error' : undefined}
        help={
          error ??
          'Origins such as https://portal.example.com. Until one is added, no site can show these widgets in an iframe.'
        }
      >
        <Select
          id="frame-ancestors"
          mode="tags"
          open={false}
          tokenSeparators={[' ', ',']}
          value={value}
          onChange={(v: string[]) => setOrigins(v)}
          placeholder="https://portal.example.com"
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
        Save sites
      </Button>
    </Form>
  );
}

/** API key step: the company's accessToken (show, copy, rotate) and the widgets it can embed. */
export function ApiKeyStep({ company, onSaved, goNext, goBack }: StepProps) {
  const { message } = App.useApp();
  const widgets = useQuery({
    queryKey: adminKeys.companies.widgets(company.id),
    queryFn: ({ signal }) => companiesApi.widgets(company.id, signal),
  });
  const rotate = useMutation({
    mutationFn: () => companiesApi.rotateKey(company.id),
    onSuccess: (r) => {
      onSaved({ ...company, accessToken: r.accessToken });
      void message.success('A new API key was issued.');
    },
    onError: (e) => void message.error(errorText(e)),
  });
  return (
    <>
      <StepHead
        title="API key"
        description="The company's systems read its reviews and locations through the public API with this key."
      />
      <ApiKeyField value={company.accessToken} onRotate={() => rotate.mutate()} rotating={rotate.isPending} />
      <Typography.Paragraph className="muted small" style={{ marginTop: 12 }}>
        Send it as the <code>x-api-key</code> header (or the <code>accessToken</code> query parameter) to{' '}
        <code>/v2/public/reviews</code>, <code>/v2/public/locations</code>; see the API documentation at{' '}
        <a href="/docs" target="_blank" rel="noreferrer">
          /docs
        </a>
        .
      </Typography.Paragraph>
      <div className="section-title">Embeddable widgets</div>
      {widgets.isLoading ? (
        <Skeleton active />
      ) : (
        <Card size="small">
          <List
            dataSource={widgets.data?.data ?? []}
            renderItem={(w) => (
              <List.Item>
                <List.Item.Meta
                  title={w.title}
                  description={
                    <>
                      {w.description} <span className="muted small">({w.path})</span>
                    </>
                  }
                />
                <div>
                  {w.views.map((v) => (
                    <Tag key={v.view}>
                      View {v.view}: {v.label}
                    </Tag>
                  ))}
                </div>
              </List.Item>
            )}
          />
        </Card>
      )}
      <FrameAncestorsField companyId={company.id} />
      <WizardFoot onBack={goBack} onNext={goNext} nextLabel="Finish" />
    </>
  );
}
