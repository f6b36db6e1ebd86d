import { useEffect } from 'react';
import { App, Button, Drawer, Form, Input, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { COUNTRIES, sourceTitle, TIME_ZONES, validateSourceUrl, type LocationsTitle } from '@reputo/core';
import { fieldErrors } from '../../lib/api';
import { useMediaQuery } from '../../app/shell/useMediaQuery';
import { locationsApi, type Location, type LocationInput } from './api';
import { freeTextRules } from './ui';
import { countryName, placeContext } from './i18n';
import { translateMessage } from '../../i18n/messages';
import { settingsKeys } from './queryKeys';

interface FormValues {
  title: string;
  locationId?: string;
  brandId?: number | null;
  stateId?: number | null;
  address?: string;
  city?: string;
  country?: string;
  timeZone?: string;
  sourceUrls: Record<string, string>;
  facebook: { id?: string; fullUrl: string }[];
}

function toForm(l: Location | null): FormValues {
  if (!l) return { title: '', sourceUrls: {}, facebook: [{ fullUrl: '' }] };
  const { facebook: _fb, ...urls } = l.sourceUrls;
  return {
    title: l.title,
    locationId: l.locationId ?? '',
    brandId: l.brandId,
    stateId: l.stateId,
    address: l.address ?? '',
    city: l.city ?? '',
    country: l.country ?? undefined,
    timeZone: l.timeZone ?? undefined,
    sourceUrls: urls,
    facebook: l.facebook.length ? l.facebook.map((a) => ({ id: a.id, fullUrl: a.fullUrl })) : [{ fullUrl: '' }],
  };
}

function toInput(v: FormValues): LocationInput {
  return {
    title: v.title,
    locationId: v.locationId || null,
    brandId: v.brandId ?? null,
    stateId: v.stateId ?? null,
    address: v.address || null,
    city: v.city || null,
    country: v.country || null,
    timeZone: v.timeZone || null,
    sourceUrls: Object.fromEntries(Object.entries(v.sourceUrls ?? {}).map(([k, url]) => [k, (url ?? '').trim()])),
    facebook: (v.facebook ?? [])
      .filter((f) => f.fullUrl?.trim())
      .map((f) => ({ ...(f.id ? { id: f.id } : {}), fullUrl: f.fullUrl.trim() })),
  };
}

/** The source rule of core, the same the server applies (its message is core's SOURCE_URL_MESSAGE). */
function urlRule(t: TFunction<'settings'>, source: string) {
  return {
    validator: async (_r: unknown, raw: unknown) => {
      const url = typeof raw === 'string' ? raw.trim() : '';
      if (url && !validateSourceUrl(source, url))
        throw new Error(t('drawer.invalidUrl', { source: sourceTitle(source) }));
    },
  };
}

/** Add or edit a location: name, code, brand and region, address, time zone and its page on each source. */
export function LocationDrawer({
  editing,
  title,
  onClose,
}: {
  editing: Location | null;
  title: LocationsTitle;
  onClose: () => void;
}) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const narrow = useMediaQuery('(max-width: 600px)');
  const options = useQuery({
    queryKey: settingsKeys.locations.options,
    queryFn: ({ signal }) => locationsApi.options(signal),
  });
  const brandId = Form.useWatch('brandId', form);
  const context = placeContext(title);

  useEffect(() => {
    form.setFieldsValue(toForm(editing));
  }, [editing, form]);

  const save = useMutation({
    mutationFn: (v: FormValues) =>
      editing ? locationsApi.update(editing.id, toInput(v)) : locationsApi.create(toInput(v)),
    onSuccess: async (saved) => {
      void message.success(
        editing ? t('drawer.saved', { title: saved.title }) : t('drawer.added', { title: saved.title }),
      );
      await queryClient.invalidateQueries({ queryKey: settingsKeys.locations.all });
      onClose();
    },
    onError: (e) => {
      const errors = fieldErrors(e);
      if (errors.length) form.setFields(errors as never);
      void message.error(translateMessage(e.message));
    },
  });

  const sources = (options.data?.sources ?? []).filter((s) => s.value !== 'facebook');
  const hasFacebook = (options.data?.sources ?? []).some((s) => s.value === 'facebook');
  const states = (options.data?.states ?? []).filter((s) => !brandId || s.brandId === brandId || s.brandId === null);

  return (
    <Drawer
      title={editing ? t('drawer.edit', { title: editing.title }) : t('locations.add', { context })}
      open
      onClose={onClose}
      size={narrow ? '100%' : 560}
      destroyOnHidden
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="location-save">
          {t('actions.save')}
        </Button>
      }
    >
      <Form
        form={form}
        layout="vertical"
        name="location"
        requiredMark={false}
        onFinish={(v) => save.mutate(v)}
        initialValues={toForm(editing)}
      >
        <Form.Item label={t('drawer.name', { context })} name="title" rules={freeTextRules(true)}>
          <Input placeholder={t('drawer.namePlaceholder')} maxLength={200} dir="auto" />
        </Form.Item>
        <div className="st-grid2">
          <Form.Item
            label={t('drawer.id', { context })}
            name="locationId"
            rules={freeTextRules(false)}
            extra={t('drawer.idExtra')}
          >
            <Input placeholder={t('drawer.idPlaceholder')} maxLength={100} dir="auto" />
          </Form.Item>
          <Form.Item label={t('drawer.timeZone')} name="timeZone">
            <Select
              showSearch
              allowClear
              placeholder={t('drawer.timeZonePlaceholder')}
              options={TIME_ZONES.map((z) => ({ value: z, label: z }))}
            />
          </Form.Item>
        </div>
        <div className="st-grid2">
          <Form.Item label={t('drawer.brand')} name="brandId">
            <Select
              allowClear
              placeholder={t('drawer.noBrand')}
              options={(options.data?.brands ?? []).map((b) => ({ value: b.id, label: b.title }))}
              onChange={() => form.setFieldValue('stateId', null)}
            />
          </Form.Item>
          <Form.Item label={t('drawer.region')} name="stateId">
            <Select
              allowClear
              placeholder={t('drawer.noRegion')}
              options={states.map((s) => ({ value: s.id, label: s.title }))}
            />
          </Form.Item>
        </div>
        <Form.Item label={t('drawer.address')} name="address" rules={freeTextRules(false)}>
          <Input maxLength={300} dir="auto" />
        </Form.Item>
        <div className="st-grid2">
          <Form.Item label={t('drawer.city')} name="city" rules={freeTextRules(false)}>
            <Input maxLength={120} dir="auto" />
          </Form.Item>
          <Form.Item label={t('drawer.country')} name="country">
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              placeholder={t('drawer.countryPlaceholder')}
              options={COUNTRIES.map((c) => ({ value: c.name, label: countryName(c.code, c.name) }))}
            />
          </Form.Item>
        </div>
        <div className="st-section-title">{t('drawer.pages')}</div>
        {sources.map((s) => (
          <Form.Item key={s.value} label={s.title} name={['sourceUrls', s.value]} rules={[urlRule(t, s.value)]}>
            <Input placeholder={t('drawer.urlPlaceholder', { context, source: s.title })} maxLength={500} dir="auto" />
          </Form.Item>
        ))}
        {hasFacebook && (
          <Form.List name="facebook">
            {(fields, { add, remove }) => (
              <>
                <div className="st-section-title">{t('drawer.facebookAccounts')}</div>
                {fields.map((f, i) => (
                  <Space.Compact key={f.key} style={{ width: '100%', marginBottom: 8 }}>
                    <Form.Item
                      name={[f.name, 'fullUrl']}
                      rules={[urlRule(t, 'facebook')]}
                      style={{ flex: 1, marginBottom: 0 }}
                    >
                      <Input
                        placeholder={t('drawer.facebookPlaceholder')}
                        aria-label={t('drawer.facebookAria', { n: i + 1 })}
                        dir="auto"
                      />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(f.name)}
                      aria-label={t('drawer.facebookRemove')}
                    />
                  </Space.Compact>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ fullUrl: '' })} block>
                  {t('drawer.facebookAdd')}
                </Button>
              </>
            )}
          </Form.List>
        )}
      </Form>
    </Drawer>
  );
}
