import { useEffect } from 'react';
import { App, Button, Drawer, Form, Input, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COUNTRIES,
  SOURCE_URL_MESSAGE,
  sourceTitle,
  TIME_ZONES,
  validateSourceUrl,
  type LocationsTitle,
} from '@reputo/core';
import { fieldErrors } from '../../lib/api';
import { useMediaQuery } from '../../app/shell/useMediaQuery';
import { locationsApi, type Location, type LocationInput } from './api';
import { freeTextRules } from './ui';
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

/** The source rule of core, the same the server applies. */
function urlRule(source: string) {
  return {
    validator: async (_r: unknown, raw: unknown) => {
      const url = typeof raw === 'string' ? raw.trim() : '';
      if (url && !validateSourceUrl(source, url)) throw new Error(SOURCE_URL_MESSAGE(sourceTitle(source)));
    },
  };
}

/** Add or edit a location: name, code, brand and region, address, time zone and its page on each source. */
export function LocationDrawer({
  open,
  editing,
  title,
  onClose,
}: {
  open: boolean;
  editing: Location | null;
  title: LocationsTitle;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const narrow = useMediaQuery('(max-width: 600px)');
  const options = useQuery({
    queryKey: settingsKeys.locations.options,
    queryFn: ({ signal }) => locationsApi.options(signal),
    enabled: open,
  });
  const brandId = Form.useWatch('brandId', form);
  const noun = title.toLowerCase();

  useEffect(() => {
    if (open) form.setFieldsValue(toForm(editing));
  }, [open, editing, form]);

  const save = useMutation({
    mutationFn: (v: FormValues) =>
      editing ? locationsApi.update(editing.id, toInput(v)) : locationsApi.create(toInput(v)),
    onSuccess: async (saved) => {
      void message.success(editing ? `${saved.title} saved.` : `${saved.title} added.`);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.locations.all });
      onClose();
    },
    onError: (e) => {
      const errors = fieldErrors(e);
      if (errors.length) form.setFields(errors as never);
      void message.error(e.message);
    },
  });

  const sources = (options.data?.sources ?? []).filter((s) => s.value !== 'facebook');
  const hasFacebook = (options.data?.sources ?? []).some((s) => s.value === 'facebook');
  const states = (options.data?.states ?? []).filter((s) => !brandId || s.brandId === brandId || s.brandId === null);

  return (
    <Drawer
      title={editing ? `Edit ${editing.title}` : `Add ${noun}`}
      open={open}
      onClose={onClose}
      size={narrow ? '100%' : 560}
      destroyOnHidden
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="location-save">
          Save
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
        <Form.Item label={`${title} name`} name="title" rules={freeTextRules(true)}>
          <Input placeholder="e.g. Marina Walk" maxLength={200} />
        </Form.Item>
        <div className="st-grid2">
          <Form.Item
            label={`${title} ID`}
            name="locationId"
            rules={freeTextRules(false)}
            extra="Your own code, used in uploads and exports."
          >
            <Input placeholder="e.g. DXB-014" maxLength={100} />
          </Form.Item>
          <Form.Item label="Time zone" name="timeZone">
            <Select
              showSearch
              allowClear
              placeholder="Choose a time zone"
              options={TIME_ZONES.map((z) => ({ value: z, label: z }))}
            />
          </Form.Item>
        </div>
        <div className="st-grid2">
          <Form.Item label="Brand" name="brandId">
            <Select
              allowClear
              placeholder="No brand"
              options={(options.data?.brands ?? []).map((b) => ({ value: b.id, label: b.title }))}
              onChange={() => form.setFieldValue('stateId', null)}
            />
          </Form.Item>
          <Form.Item label="Region" name="stateId">
            <Select allowClear placeholder="No region" options={states.map((s) => ({ value: s.id, label: s.title }))} />
          </Form.Item>
        </div>
        <Form.Item label="Address" name="address" rules={freeTextRules(false)}>
          <Input maxLength={300} />
        </Form.Item>
        <div className="st-grid2">
          <Form.Item label="City" name="city" rules={freeTextRules(false)}>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item label="Country" name="country">
            <Select
              showSearch
              allowClear
              placeholder="Choose a country"
              options={COUNTRIES.map((c) => ({ value: c.name, label: c.name }))}
            />
          </Form.Item>
        </div>
        <div className="st-section-title">Pages on review sources</div>
        {sources.map((s) => (
          <Form.Item key={s.value} label={s.title} name={['sourceUrls', s.value]} rules={[urlRule(s.value)]}>
            <Input placeholder={`https://… address of this ${noun} on ${s.title}`} maxLength={500} />
          </Form.Item>
        ))}
        {hasFacebook && (
          <Form.List name="facebook">
            {(fields, { add, remove }) => (
              <>
                <div className="st-section-title">Facebook accounts</div>
                {fields.map((f, i) => (
                  <Space.Compact key={f.key} style={{ width: '100%', marginBottom: 8 }}>
                    <Form.Item
                      name={[f.name, 'fullUrl']}
                      rules={[urlRule('facebook')]}
                      style={{ flex: 1, marginBottom: 0 }}
                    >
                      <Input placeholder="https://www.facebook.com/YourPage" aria-label={`Facebook page ${i + 1}`} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(f.name)}
                      aria-label="Remove this Facebook account"
                    />
                  </Space.Compact>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ fullUrl: '' })} block>
                  Add a Facebook account
                </Button>
              </>
            )}
          </Form.List>
        )}
      </Form>
    </Drawer>
  );
}
