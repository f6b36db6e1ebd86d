import { useEffect } from 'react';
import { App, Alert, Button, Drawer, Form, Input, Space, Table, Tabs, Tag, Timeline } from 'antd';
import TextArea from 'antd/es/input/TextArea';
import { CheckOutlined, RollbackOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../i18n/format';
import { AttributesEditor } from './AttributesEditor';
import { CategorySelect } from './CategorySelect';
import { RegularHoursEditor, SpecialHoursEditor } from './HoursEditor';
import { MorePhotos, SinglePhoto } from './PhotosEditor';
import {
  directoryReason,
  fieldName,
  fieldState,
  listSeparator,
  listingKeys,
  listingsApi,
  showValue,
  STATUS,
  type Listing,
  type ListingItem,
} from './api';

const ANSWER: Record<string, string> = {
  pending: 'blue',
  done: 'green',
  error: 'red',
  not_connected: 'default',
  skipped: 'default',
};

/** One location's listing: edit its fields, see each directory, confirm Google's changes, and the history. */
export function ListingDrawer({
  locationId,
  canEdit,
  onClose,
}: {
  locationId: number;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('listings');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Listing>();
  const one = useQuery({
    queryKey: listingKeys.one(locationId),
    queryFn: ({ signal }) => listingsApi.one(locationId, signal),
  });
  const item = one.data;
  useEffect(() => {
    if (item) form.setFieldsValue(item.listing);
  }, [item, form]);
  const refresh = () => void qc.invalidateQueries({ queryKey: listingKeys.all });
  const save = useMutation({
    mutationFn: (fields: Partial<Listing>) => listingsApi.edit([locationId], fields),
    onSuccess: (r) => {
      refresh();
      void message.success(r.queued ? t('drawer.savedQueued') : t('drawer.saved'));
    },
    onError: (e) => void message.error(e.message),
  });
  const confirm = useMutation({
    mutationFn: (v: { action: 'accept' | 'keep'; field?: string }) =>
      listingsApi.confirm(locationId, v.action, v.field ? [v.field] : undefined),
    onSuccess: (_r, v) => {
      refresh();
      void message.success(v.action === 'accept' ? t('drawer.accepted') : t('drawer.kept'));
    },
    onError: (e) => void message.error(e.message),
  });

  const submit = async () => {
    const values = await form.validateFields();
    const touched = Object.fromEntries(
      Object.entries(values).filter(([k]) => form.isFieldTouched(k as keyof Listing)),
    ) as Partial<Listing>;
    if (!Object.keys(touched).length) return void message.info(t('drawer.nothingChanged'));
    save.mutate(touched);
  };

  return (
    <Drawer
      open
      width={Math.min(720, window.innerWidth)}
      title={item ? <span dir="auto">{item.locationTitle}</span> : t('drawer.listing')}
      onClose={onClose}
      destroyOnHidden
      extra={
        canEdit && (
          <Button type="primary" onClick={() => void submit()} loading={save.isPending} data-testid="listing-save">
            {t('drawer.save')}
          </Button>
        )
      }
    >
      {item && (
        <>
          <Directories item={item} />
          {item.rejectedEdits.length > 0 && (
            <Alert
              type="warning"
              className="ls-block"
              message={t('drawer.rejectedTitle')}
              description={
                <Table
                  size="small"
                  pagination={false}
                  rowKey="field"
                  dataSource={item.rejectedEdits}
                  data-testid="rejected-edits"
                  columns={[
                    { title: t('drawer.field'), key: 'field', render: (_, r) => fieldName(t, r.field) },
                    { title: t('drawer.ours'), key: 'ours', render: (_, r) => showValue(r.ours, t) },
                    { title: t('drawer.googles'), key: 'theirs', render: (_, r) => showValue(r.theirs, t) },
                    {
                      title: '',
                      key: 'actions',
                      render: (_, r) =>
                        canEdit && (
                          <Space wrap>
                            <Button
                              size="small"
                              icon={<CheckOutlined />}
                              onClick={() => confirm.mutate({ action: 'accept', field: r.field })}
                            >
                              {t('drawer.acceptGoogle')}
                            </Button>
                            <Button
                              size="small"
                              icon={<RollbackOutlined />}
                              onClick={() => confirm.mutate({ action: 'keep', field: r.field })}
                            >
                              {t('drawer.keepOurs')}
                            </Button>
                          </Space>
                        ),
                    },
                  ]}
                />
              }
            />
          )}
          <Form form={form} layout="vertical" disabled={!canEdit} requiredMark={false}>
            <Tabs
              items={[
                { key: 'edit', label: t('drawer.details'), children: <ListingFields /> },
                {
                  key: 'attributes',
                  label: t('fields.attributes'),
                  forceRender: true,
                  children: <AttributesPart item={item} disabled={!canEdit} />,
                },
                {
                  key: 'photos',
                  label: t('fields.photos'),
                  forceRender: true,
                  children: <PhotosPart item={item} disabled={!canEdit} />,
                },
                { key: 'history', label: t('drawer.history'), children: <History item={item} /> },
              ]}
            />
          </Form>
        </>
      )}
    </Drawer>
  );
}

function Directories({ item }: { item: ListingItem }) {
  const { t } = useTranslation('listings');
  const sep = listSeparator();
  return (
    <div className="ls-block ls-dirs" data-testid="listing-directories">
      <div className="ls-score">
        {t('summary.completeness')} <strong>{formatNumber(item.score / 100, PERCENT)}</strong>
        {item.missing.length > 0 && (
          <span className="ls-muted">
            {' · '}
            {t('drawer.missing', { fields: item.missing.map((m) => fieldName(t, m)).join(sep) })}
          </span>
        )}
      </div>
      {item.directories
        .filter((d) => d.status !== 'not_managed')
        .map((d) => (
          <div key={d.directory} className="ls-dir">
            <span className="ls-dir-title">{d.title}</span>
            <Tag color={STATUS[d.status].color}>{t(`status.${d.status}`)}</Tag>
            {d.reason && (
              <span className="ls-reason" dir="auto">
                {directoryReason(t, d.reason)}
              </span>
            )}
            {d.diff.length > 0 && (
              <ul className="ls-diff">
                {d.diff.map((x) => (
                  <li key={x.field}>
                    {t('drawer.diff', {
                      field: fieldName(t, x.field),
                      ours: showValue(x.ours, t),
                      theirs: showValue(x.theirs, t),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      {item.directories.some((d) => d.status === 'not_managed') && (
        <div className="ls-muted">
          {t('drawer.notManagedHere')}{' '}
          {item.directories
            .filter((d) => d.status === 'not_managed')
            .map((d, i) => (
              <span key={d.directory}>
                {i > 0 && sep}
                {d.url ? (
                  <a href={d.url} target="_blank" rel="noreferrer">
                    {d.title}
                  </a>
                ) : (
                  d.title
                )}
              </span>
            ))}
        </div>
      )}
    </div>
  );
}

const PERCENT: Intl.NumberFormatOptions = { style: 'percent' };

/** Google's and Facebook's state for one field: in sync, out of sync, pending, not managed there... */
function FieldStates({ item, field }: { item: ListingItem; field: 'attributes' | 'logo' | 'cover' | 'photos' }) {
  const { t } = useTranslation('listings');
  const dirs = item.directories.filter((d) => d.directory === 'google' || d.directory === 'facebook');
  const value: unknown = item.listing[field];
  const unset =
    value === null || (Array.isArray(value) ? !value.length : typeof value === 'object' && !Object.keys(value).length);
  return (
    <span className="ls-field-states" data-testid={`states-${field}`}>
      {dirs.map((d) => {
        const s = fieldState(d, field);
        // Nothing of ours to hold: say so rather than "in sync".
        const notSet = unset && s === 'in_sync';
        return (
          <span key={d.directory} className="ls-field-state">
            {d.title}{' '}
            <Tag color={notSet ? 'default' : STATUS[s].color}>{notSet ? t('value.notSetTag') : t(`status.${s}`)}</Tag>
          </span>
        );
      })}
    </span>
  );
}

function AttributesPart({ item, disabled }: { item: ListingItem; disabled: boolean }) {
  const { t } = useTranslation('listings');
  const primaryCategory = Form.useWatch('primaryCategory', Form.useFormInstance<Listing>());
  return (
    <>
      <div className="ls-part-head">
        <span className="ls-muted">{t('attributesEditor.unsetNote')}</span>
        <FieldStates item={item} field="attributes" />
      </div>
      <Form.Item name="attributes" noStyle>
        <AttributesEditor primaryCategory={primaryCategory ?? item.listing.primaryCategory} disabled={disabled} />
      </Form.Item>
    </>
  );
}

function PhotosPart({ item, disabled }: { item: ListingItem; disabled: boolean }) {
  const { t } = useTranslation('listings');
  const label = (text: string, field: 'logo' | 'cover' | 'photos') => (
    <span className="ls-photo-label">
      {text} <FieldStates item={item} field={field} />
    </span>
  );
  const labels = {
    logo: label(t('fields.logo'), 'logo'),
    cover: label(t('fields.cover'), 'cover'),
    photos: label(t('photos.more'), 'photos'),
  };
  return (
    <div className="ls-photos">
      <div className="ls-photos-top">
        <Form.Item name="logo" label={labels.logo} extra={t('photos.logoHelp')}>
          <SinglePhoto kind="logo" disabled={disabled} />
        </Form.Item>
        <Form.Item name="cover" label={labels.cover} extra={t('photos.coverHelp')}>
          <SinglePhoto kind="cover" disabled={disabled} />
        </Form.Item>
      </div>
      <Form.Item name="photos" label={labels.photos} extra={t('photos.moreHelp')}>
        <MorePhotos disabled={disabled} />
      </Form.Item>
    </div>
  );
}

function ListingFields() {
  const { t } = useTranslation('listings');
  return (
    <>
      <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, message: t('drawer.nameRequired') }]}>
        <Input maxLength={100} dir="auto" />
      </Form.Item>
      <div className="ls-grid2">
        <Form.Item name="address" label={t('fields.address')}>
          <Input dir="auto" />
        </Form.Item>
        <Form.Item name="city" label={t('fields.city')}>
          <Input dir="auto" />
        </Form.Item>
        <Form.Item name="postalCode" label={t('fields.postalCode')}>
          <Input dir="auto" />
        </Form.Item>
        <Form.Item
          name="countryCode"
          label={t('fields.countryCode')}
          rules={[{ pattern: /^[A-Z]{2}$/, message: t('drawer.countryInvalid') }]}
        >
          <Input maxLength={2} placeholder={COUNTRY_EXAMPLE} dir="ltr" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('fields.phone')}
          rules={[{ pattern: /^\+?[0-9 ()-]{6,20}$/, message: t('drawer.phoneInvalid') }]}
        >
          <Input data-testid="listing-phone" dir="ltr" />
        </Form.Item>
        <Form.Item
          name="website"
          label={t('fields.website')}
          rules={[{ pattern: /^https?:\/\/\S+$/, message: t('drawer.websiteInvalid') }]}
        >
          <Input dir="ltr" />
        </Form.Item>
      </div>
      <Form.Item name="primaryCategory" label={t('fields.primaryCategory')}>
        <CategorySelect aria-label={t('fields.primaryCategory')} data-testid="listing-category" />
      </Form.Item>
      <Form.Item name="additionalCategories" label={t('fields.additionalCategories')}>
        <CategorySelect multiple aria-label={t('fields.additionalCategories')} />
      </Form.Item>
      <Form.Item name="regularHours" label={t('fields.regularHours')}>
        <RegularHoursEditor />
      </Form.Item>
      <Form.Item name="specialHours" label={t('fields.specialHours')}>
        <SpecialHoursEditor />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')}>
        <TextArea rows={4} maxLength={750} showCount />
      </Form.Item>
    </>
  );
}

const COUNTRY_EXAMPLE = 'AE';

function History({ item }: { item: ListingItem }) {
  const { t } = useTranslation('listings');
  const history = item.history ?? [];
  if (!history.length) return <p className="ls-muted">{t('history.empty')}</p>;
  return (
    <Timeline
      data-testid="listing-history"
      items={history.map((h) => ({
        children: (
          <div>
            <div>
              <strong>{t(`history.kind.${h.kind}`, { defaultValue: h.kind })}</strong>{' '}
              {t('history.by', { user: h.user ?? t('history.someone') })} ·{' '}
              {formatDate(h.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
            </div>
            <div className="ls-muted">{h.fields.map((f) => fieldName(t, f)).join(listSeparator())}</div>
            <Space wrap size={4}>
              {Object.entries(h.answers).map(([dir, a]) => (
                <Tag key={dir} color={ANSWER[a.status]} title={a.message ?? undefined}>
                  {t(`history.directory.${dir}`, { defaultValue: dir })}:{' '}
                  {t(`history.answer.${a.status}`, { defaultValue: a.status })}
                  {a.status === 'error' && a.message ? ` (${a.message})` : ''}
                </Tag>
              ))}
            </Space>
          </div>
        ),
      }))}
    />
  );
}
