import { Alert, App, Button, Col, Form, Input, Modal, Row, Select } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { freeTextError, sourceTitle, validateSourceUrl } from '@reputo/core';
import { translateMessage } from '../../../i18n/messages';
import { listSeparator } from '../i18n';
import { api } from '../../../lib/api';
import { reportingApi, type Competitor, type CompetitorBranch } from '../../reporting/api';
import { useShortLocations } from '../../reporting/useShortLocations';
import { settingsKeys } from '../queryKeys';

const MAX_PER_LOCATION = 3;
const MAX_SOURCES = 4;
/** A source page's address starts like this in every language. */
const URL_PLACEHOLDER = 'https://…';

interface FormValues {
  name: string;
  locations: {
    id?: number;
    location_id?: number;
    title?: string;
    address?: string;
    sources?: Record<string, string>;
  }[];
}

function useCompetitorSources() {
  return useQuery({
    queryKey: settingsKeys.competitors.fields,
    queryFn: async () =>
      (await api<{ fields: { key: string; title: string }[] }>('/v2/api/competitor/upload/fields')).fields
        .filter((f) => f.key.startsWith('source:'))
        .map((f) => f.key.slice(7)),
    staleTime: 5 * 60_000,
  });
}

export function CompetitorModal({ editing, onClose }: { editing: Competitor | 'new'; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const locs = useShortLocations();
  const sources = useCompetitorSources().data ?? [];
  const current = editing === 'new' ? null : editing;
  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const body = {
        name: v.name,
        locations: (v.locations ?? []).map((b) => ({
          ...(b.id ? { id: b.id } : {}),
          location_id: b.location_id!,
          title: b.title?.trim() || v.name.trim(),
          address: b.address?.trim() || null,
          sources: Object.fromEntries(Object.entries(b.sources ?? {}).filter(([, url]) => url && url.trim())) as Record<
            string,
            string
          >,
        })) as CompetitorBranch[],
      };
      return current ? reportingApi.updateCompetitor(current.id, body) : reportingApi.createCompetitor(body);
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: settingsKeys.competitors.all });
      void message.success(current ? t('competitors.updated') : t('competitors.added'));
      onClose();
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  return (
    <Modal
      open
      title={current ? t('competitors.edit', { name: current.name }) : t('competitors.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      width={720}
      className="st-competitors-modal"
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={
          current
            ? {
                name: current.name,
                locations: current.locations.map((b) => ({ ...b, address: b.address ?? undefined })),
              }
            : { name: '', locations: [{}] }
        }
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="name"
          label={t('competitors.name')}
          rules={[
            { required: true, message: t('competitors.nameRequired') },
            {
              validator: async (_, v: string) => {
                const e = v ? freeTextError(v) : null;
                if (e) throw new Error(translateMessage(e));
              },
            },
          ]}
        >
          <Input placeholder={t('competitors.namePlaceholder')} data-testid="competitor-name" dir="auto" />
        </Form.Item>
        <Form.List name="locations">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <div className="branch-card" key={field.key}>
                  <Button
                    type="text"
                    danger
                    icon={<MinusCircleOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={t('competitors.removeBranch')}
                    className="branch-remove"
                  />
                  <Row gutter={12}>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[field.name, 'location_id']}
                        label={t('competitors.yourLocation')}
                        rules={[{ required: true, message: t('competitors.locationRequired') }]}
                      >
                        <Select
                          showSearch
                          optionFilterProp="label"
                          placeholder={t('competitors.chooseLocation')}
                          options={(locs.data?.locations ?? []).map((l) => ({ value: l.id, label: l.title }))}
                          data-testid="branch-location"
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item name={[field.name, 'title']} label={t('competitors.branch')}>
                        <Input placeholder={t('competitors.branchPlaceholder')} dir="auto" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item name={[field.name, 'address']} label={t('competitors.address')}>
                        <Input placeholder={t('competitors.addressPlaceholder')} dir="auto" />
                      </Form.Item>
                    </Col>
                    {sources.slice(0, MAX_SOURCES).map((s) => (
                      <Col xs={24} md={12} key={s}>
                        <Form.Item
                          name={[field.name, 'sources', s]}
                          label={t('competitors.sourcePage', { source: sourceTitle(s) })}
                          rules={[
                            {
                              validator: async (_, v: string | undefined) => {
                                if (v && v.trim() && !validateSourceUrl(s, v.trim()))
                                  throw new Error(t('competitors.invalidUrl', { source: sourceTitle(s) }));
                              },
                            },
                          ]}
                        >
                          <Input placeholder={URL_PLACEHOLDER} dir="ltr" />
                        </Form.Item>
                      </Col>
                    ))}
                  </Row>
                </div>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({})} block type="dashed">
                {t('competitors.addBranch')}
              </Button>
            </>
          )}
        </Form.List>
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          message={t('competitors.limits', {
            perLocation: MAX_PER_LOCATION,
            maxSources: MAX_SOURCES,
            list: sources.map(sourceTitle).join(listSeparator()) || t('competitors.noSources'),
          })}
        />
      </Form>
    </Modal>
  );
}
