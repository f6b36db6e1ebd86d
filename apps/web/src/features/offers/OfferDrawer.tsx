import { useState } from 'react';
import { App, Button, DatePicker, Drawer, Form, Input, InputNumber, Radio, Select, Switch, Upload } from 'antd';
import TextArea from 'antd/es/input/TextArea';
import { PictureOutlined } from '@ant-design/icons';
import { logoError } from '@reputo/core';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useMediaQuery } from '../../app/shell/useMediaQuery';
import { ApiError } from '../../lib/api';
import { LocationPicker } from '../settings/ui';
import { offerKeys, offersApi, type DiscountType, type Offer, type OfferInput } from './api';

interface FormValues {
  title: string;
  description?: string;
  terms?: string;
  discount_type: DiscountType;
  discount_value?: number | null;
  free_item?: string;
  valid?: [Dayjs | null, Dayjs | null] | null;
  limit_per_customer?: number | null;
  brand_ids?: number[];
  location_ids?: number[];
  active: boolean;
}

const DAY = 'YYYY-MM-DD';

function toForm(o: Offer | null): FormValues {
  if (!o) return { title: '', discount_type: 'percent', active: true, valid: null, brand_ids: [], location_ids: [] };
  return {
    title: o.title,
    description: o.description ?? undefined,
    terms: o.terms ?? undefined,
    discount_type: o.discount_type,
    discount_value: o.discount_value,
    free_item: o.free_item ?? undefined,
    valid:
      o.valid_from || o.valid_to
        ? [o.valid_from ? dayjs(o.valid_from) : null, o.valid_to ? dayjs(o.valid_to) : null]
        : null,
    limit_per_customer: o.limit_per_customer,
    brand_ids: o.brand_ids,
    location_ids: o.location_ids,
    active: o.active,
  };
}

function toInput(v: FormValues): OfferInput {
  return {
    title: v.title.trim(),
    description: v.description?.trim() || null,
    terms: v.terms?.trim() || null,
    discount_type: v.discount_type,
    discount_value: v.discount_type === 'free_item' ? null : (v.discount_value ?? null),
    free_item: v.discount_type === 'free_item' ? v.free_item?.trim() || null : null,
    valid_from: v.valid?.[0]?.format(DAY) ?? null,
    valid_to: v.valid?.[1]?.format(DAY) ?? null,
    limit_per_customer: v.limit_per_customer ?? null,
    brand_ids: v.brand_ids ?? [],
    location_ids: v.location_ids ?? [],
    active: v.active,
  };
}

/** Create or edit an offer: what it gives, when and where it is valid, and its terms. */
export function OfferDrawer({ editing, onClose }: { editing: Offer | 'new'; onClose: () => void }) {
  const { t } = useTranslation('offers');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const narrow = useMediaQuery('(max-width: 600px)');
  const [form] = Form.useForm<FormValues>();
  const current = editing === 'new' ? null : editing;
  const type = Form.useWatch('discount_type', form) ?? current?.discount_type ?? 'percent';
  const brands = useQuery({
    queryKey: offerKeys.brands,
    queryFn: ({ signal }) => offersApi.brands(signal),
    staleTime: 60_000,
  });
  const [image, setImage] = useState<File | null>(null);
  const save = useMutation({
    mutationFn: async (v: FormValues) => {
      const saved = current ? await offersApi.update(current.id, toInput(v)) : await offersApi.create(toInput(v));
      // The image goes once the offer exists (a new offer has no id before).
      return image ? offersApi.image(saved.id, image) : saved;
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: offerKeys.all });
      void message.success(current ? t('drawer.updated') : t('drawer.created'));
      onClose();
    },
    onError: (e) => {
      // Field errors from the server go beside their fields; the rest as a message.
      if (e instanceof ApiError && e.details.length) {
        form.setFields(
          e.details.map((d) => ({
            name: d.field === 'valid_to' || d.field === 'valid_from' ? 'valid' : (d.field as keyof FormValues),
            errors: [d.message],
          })),
        );
      } else void message.error(e.message);
    },
  });
  return (
    <Drawer
      title={current ? t('drawer.editTitle', { title: current.title }) : t('new')}
      open
      onClose={onClose}
      size={narrow ? '100%' : 560}
      destroyOnHidden
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="offer-save">
          {t('drawer.save')}
        </Button>
      }
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="offer"
        requiredMark={false}
        initialValues={toForm(current)}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          label={t('drawer.title')}
          name="title"
          rules={[{ required: true, whitespace: true, message: t('drawer.titleMissing') }]}
        >
          <Input placeholder={t('drawer.titlePlaceholder')} maxLength={200} data-testid="offer-title" />
        </Form.Item>
        <Form.Item label={t('drawer.description')} name="description">
          <TextArea rows={2} maxLength={2000} placeholder={t('drawer.descriptionPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('drawer.discount')} name="discount_type">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'percent', label: t('drawer.percent') },
              { value: 'amount', label: t('drawer.amount') },
              { value: 'free_item', label: t('drawer.freeItem') },
            ]}
          />
        </Form.Item>
        {type === 'free_item' ? (
          <Form.Item
            label={t('drawer.freeItem')}
            name="free_item"
            rules={[{ required: true, whitespace: true, message: t('drawer.freeItemMissing') }]}
          >
            <Input
              dir="auto"
              placeholder={t('drawer.freeItemPlaceholder')}
              maxLength={200}
              data-testid="offer-free-item"
            />
          </Form.Item>
        ) : (
          <Form.Item
            label={type === 'percent' ? t('drawer.percentOff') : t('drawer.amountOff')}
            name="discount_value"
            rules={[
              {
                required: true,
                message: type === 'percent' ? t('drawer.percentMissing') : t('drawer.amountMissing'),
              },
            ]}
          >
            <InputNumber
              min={type === 'percent' ? 1 : 0.01}
              max={type === 'percent' ? 100 : 1_000_000}
              precision={type === 'percent' ? 0 : 2}
              suffix={type === 'percent' ? '%' : undefined}
              style={{ width: '100%' }}
              data-testid="offer-value"
            />
          </Form.Item>
        )}
        <div className="of-grid2">
          <Form.Item label={t('drawer.valid')} name="valid">
            <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} format={DAY} />
          </Form.Item>
          <Form.Item label={t('drawer.limit')} name="limit_per_customer" extra={t('drawer.limitHelp')}>
            <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item label={t('drawer.brands')} name="brand_ids" extra={t('drawer.brandsHelp')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('drawer.everyBrand')}
            loading={brands.isLoading}
            options={(brands.data?.data ?? []).map((b) => ({ value: b.id, label: b.title }))}
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item label={t('drawer.locations')} name="location_ids" extra={t('drawer.locationsHelp')}>
          <LocationPicker placeholder={t('drawer.everyLocation')} />
        </Form.Item>
        <Form.Item label={t('drawer.terms')} name="terms">
          <TextArea rows={3} maxLength={5000} placeholder={t('drawer.termsPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('drawer.image')} extra={t('drawer.imageHelp')}>
          <div className="of-image-row">
            {current?.image_url && !image && <img src={current.image_url} alt="" className="of-image-preview" />}
            <Upload
              accept="image/*"
              maxCount={1}
              beforeUpload={(f) => {
                const problem = logoError(f);
                if (problem) void message.error(translateMessage(problem));
                else setImage(f);
                return false;
              }}
              onRemove={() => setImage(null)}
              fileList={image ? [{ uid: '1', name: image.name, status: 'done' }] : []}
            >
              <Button icon={<PictureOutlined />}>
                {current?.image_url ? t('drawer.replaceImage') : t('drawer.chooseImage')}
              </Button>
            </Upload>
          </div>
        </Form.Item>
        <Form.Item label={t('drawer.active')} name="active" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
