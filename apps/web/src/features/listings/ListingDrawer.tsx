import { useEffect } from 'react';
import { App, Alert, Button, Drawer, Form, Input, Space, Table, Tabs, Tag, Timeline } from 'antd';
import { CheckOutlined, RollbackOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AttributesEditor } from './AttributesEditor';
import { CategorySelect } from './CategorySelect';
import { RegularHoursEditor, SpecialHoursEditor } from './HoursEditor';
import { MorePhotos, SinglePhoto } from './PhotosEditor';
import {
  FIELD_LABELS,
  fieldState,
  listingKeys,
  listingsApi,
  showValue,
  STATUS,
  type Listing,
  type ListingItem,
} from './api';

const KIND: Record<string, string> = { edit: 'Edit', accept_google: "Accepted Google's", keep_ours: 'Kept ours' };
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
      void message.success(r.queued ? 'Saved. Sending to the connected directories.' : 'Saved.');
    },
    onError: (e) => void message.error(e.message),
  });
  const confirm = useMutation({
    mutationFn: (v: { action: 'accept' | 'keep'; field?: string }) =>
      listingsApi.confirm(locationId, v.action, v.field ? [v.field] : undefined),
    onSuccess: (_r, v) => {
      refresh();
      void message.success(v.action === 'accept' ? "Google's value taken." : 'Our value is sent to Google again.');
    },
    onError: (e) => void message.error(e.message),
  });

  const submit = async () => {
    const values = await form.validateFields();
    const touched = Object.fromEntries(
      Object.entries(values).filter(([k]) => form.isFieldTouched(k as keyof Listing)),
    ) as Partial<Listing>;
    if (!Object.keys(touched).length) return void message.info('Nothing changed.');
    save.mutate(touched);
  };

  return (
    <Drawer
      open
      width={Math.min(720, window.innerWidth)}
      title={item ? item.locationTitle : 'Listing'}
      onClose={onClose}
      destroyOnHidden
      extra={
        canEdit && (
          <Button type="primary" onClick={() => void submit()} loading={save.isPending} data-testid="listing-save">
            Save and publish
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
              message="Google changed these fields on its own"
              description={
                <Table
                  size="small"
                  pagination={false}
                  rowKey="field"
                  dataSource={item.rejectedEdits}
                  data-testid="rejected-edits"
                  columns={[
                    { title: 'Field', dataIndex: 'label' },
                    { title: 'Ours', key: 'ours', render: (_, r) => showValue(r.ours) },
                    { title: "Google's", key: 'theirs', render: (_, r) => showValue(r.theirs) },
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
                              Accept Google's
                            </Button>
                            <Button
                              size="small"
                              icon={<RollbackOutlined />}
                              onClick={() => confirm.mutate({ action: 'keep', field: r.field })}
                            >
                              Keep ours
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
                { key: 'edit', label: 'Details', children: <ListingFields /> },
                {
                  key: 'attributes',
                  label: 'Attributes',
                  forceRender: true,
                  children: <AttributesPart item={item} disabled={!canEdit} />,
                },
                {
                  key: 'photos',
                  label: 'Photos',
                  forceRender: true,
                  children: <PhotosPart item={item} disabled={!canEdit} />,
                },
                { key: 'history', label: 'History', children: <History item={item} /> },
              ]}
            />
          </Form>
        </>
      )}
    </Drawer>
  );
}

function Directories({ item }: { item: ListingItem }) {
  return (
    <div className="ls-block ls-dirs" data-testid="listing-directories">
      <div className="ls-score">
        Completeness <strong>{item.score}%</strong>
        {item.missing.length > 0 && <span className="ls-muted"> · missing {item.missing.join(', ')}</span>}
      </div>
      {item.directories
        .filter((d) => d.status !== 'not_managed')
        .map((d) => (
          <div key={d.directory} className="ls-dir">
            <span className="ls-dir-title">{d.title}</span>
            <Tag color={STATUS[d.status].color}>{STATUS[d.status].label}</Tag>
            {d.reason && <span className="ls-reason">{d.reason}</span>}
            {d.diff.length > 0 && (
              <ul className="ls-diff">
                {d.diff.map((x) => (
                  <li key={x.field}>
                    {x.label}: ours {showValue(x.ours)}, theirs {showValue(x.theirs)}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      {item.directories.some((d) => d.status === 'not_managed') && (
        <div className="ls-muted">
          Not managed here:{' '}
          {item.directories
            .filter((d) => d.status === 'not_managed')
            .map((d, i) => (
              <span key={d.directory}>
                {i > 0 && ', '}
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

/** Google's and Facebook's state for one field: in sync, out of sync, pending, not managed there... */
const NOT_SET = { color: 'default', label: 'Not set' };

function FieldStates({ item, field }: { item: ListingItem; field: 'attributes' | 'logo' | 'cover' | 'photos' }) {
  const dirs = item.directories.filter((d) => d.directory === 'google' || d.directory === 'facebook');
  const value: unknown = item.listing[field];
  const unset =
    value === null || (Array.isArray(value) ? !value.length : typeof value === 'object' && !Object.keys(value).length);
  return (
    <span className="ls-field-states" data-testid={`states-${field}`}>
      {dirs.map((d) => {
        const s = fieldState(d, field);
        // Nothing of ours to hold: say so rather than "in sync".
        const state = unset && s === 'in_sync' ? NOT_SET : STATUS[s];
        return (
          <span key={d.directory} className="ls-field-state">
            {d.title} <Tag color={state.color}>{state.label}</Tag>
          </span>
        );
      })}
    </span>
  );
}

function AttributesPart({ item, disabled }: { item: ListingItem; disabled: boolean }) {
  const primaryCategory = Form.useWatch('primaryCategory', Form.useFormInstance<Listing>());
  return (
    <>
      <div className="ls-part-head">
        <span className="ls-muted">Unset attributes are left as each directory shows them.</span>
        <FieldStates item={item} field="attributes" />
      </div>
      <Form.Item name="attributes" noStyle>
        <AttributesEditor primaryCategory={primaryCategory ?? item.listing.primaryCategory} disabled={disabled} />
      </Form.Item>
    </>
  );
}

function PhotosPart({ item, disabled }: { item: ListingItem; disabled: boolean }) {
  const label = (text: string, field: 'logo' | 'cover' | 'photos') => (
    <span className="ls-photo-label">
      {text} <FieldStates item={item} field={field} />
    </span>
  );
  return (
    <div className="ls-photos">
      <div className="ls-photos-top">
        <Form.Item name="logo" label={label('Logo', 'logo')} extra="Square, JPEG or PNG, at most 5 MB.">
          <SinglePhoto kind="logo" disabled={disabled} />
        </Form.Item>
        <Form.Item name="cover" label={label('Cover photo', 'cover')} extra="Wide (16:9), JPEG or PNG, at most 5 MB.">
          <SinglePhoto kind="cover" disabled={disabled} />
        </Form.Item>
      </div>
      <Form.Item name="photos" label={label('More photos', 'photos')} extra="Up to 20: the place, products, the team.">
        <MorePhotos disabled={disabled} />
      </Form.Item>
    </div>
  );
}

function ListingFields() {
  return (
    <>
      <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Name is required' }]}>
        <Input maxLength={100} />
      </Form.Item>
      <div className="ls-grid2">
        <Form.Item name="address" label="Address">
          <Input />
        </Form.Item>
        <Form.Item name="city" label="City">
          <Input />
        </Form.Item>
        <Form.Item name="postalCode" label="Postal code">
          <Input />
        </Form.Item>
        <Form.Item
          name="countryCode"
          label="Country"
          rules={[{ pattern: /^[A-Z]{2}$/, message: 'Country is a two-letter code, like AE' }]}
        >
          <Input maxLength={2} placeholder="AE" />
        </Form.Item>
        <Form.Item
          name="phone"
          label="Phone"
          rules={[{ pattern: /^\+?[0-9 ()-]{6,20}$/, message: 'Phone must be a phone number, like +971 4 123 4567' }]}
        >
          <Input data-testid="listing-phone" />
        </Form.Item>
        <Form.Item
          name="website"
          label="Website"
          rules={[{ pattern: /^https?:\/\/\S+$/, message: 'Website must start with http:// or https://' }]}
        >
          <Input />
        </Form.Item>
      </div>
      <Form.Item name="primaryCategory" label="Primary category">
        <CategorySelect aria-label="Primary category" data-testid="listing-category" />
      </Form.Item>
      <Form.Item name="additionalCategories" label="Additional categories">
        <CategorySelect multiple aria-label="Additional categories" />
      </Form.Item>
      <Form.Item name="regularHours" label="Opening hours">
        <RegularHoursEditor />
      </Form.Item>
      <Form.Item name="specialHours" label="Special hours">
        <SpecialHoursEditor />
      </Form.Item>
      <Form.Item name="description" label="Description">
        <Input.TextArea rows={4} maxLength={750} showCount />
      </Form.Item>
    </>
  );
}

function History({ item }: { item: ListingItem }) {
  const history = item.history ?? [];
  if (!history.length) return <p className="ls-muted">No edits yet.</p>;
  return (
    <Timeline
      data-testid="listing-history"
      items={history.map((h) => ({
        children: (
          <div>
            <div>
              <strong>{KIND[h.kind]}</strong> by {h.user ?? 'someone'} · {new Date(h.createdAt).toLocaleString()}
            </div>
            <div className="ls-muted">{h.fields.map((f) => FIELD_LABELS[f] ?? f).join(', ')}</div>
            <Space wrap size={4}>
              {Object.entries(h.answers).map(([dir, a]) => (
                <Tag key={dir} color={ANSWER[a.status]} title={a.message ?? undefined}>
                  {dir}: {a.status.replace('_', ' ')}
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
