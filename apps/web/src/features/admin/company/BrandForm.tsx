import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, Select, Space, Upload } from 'antd';
import { ArrowLeftOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { brandSchema, changedFields, isOtherTitle, logoError, MSG, NARROW_FORM_BREAKPOINT } from '@reputo/core';
import { useMediaQuery } from '../../../app/shell/useMediaQuery';
import { brandsApi, uploadBrandLogo, type Brand } from '../api';
import { errorText, zodRule } from '../format';
import { ownWordsTag } from '../tags';
import { translateMessage } from '../../../i18n/messages';

interface BrandValues {
  title: string;
  states: string[];
}

const valuesOf = (b: Brand | null): BrandValues => ({
  title: b?.title ?? '',
  states: (b?.states ?? []).map((s) => s.title).filter((t) => !isOtherTitle(t)),
});

/**
 * Add or edit a brand (spec 001 sections 2 and 4): name, region tags (typed, comma-separated) and a
 * logo with preview. Save creates or updates only when the form is valid and touched, then uploads
 * the logo; a logo alone is uploaded to the brand as it is. Back asks first when anything changed.
 * Narrower than 460 px the form is laid out vertically.
 */
export function BrandForm({
  companyId,
  brand,
  onDone,
}: {
  companyId: number;
  brand: Brand | null;
  onDone: (changed: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<BrandValues>();
  const { modal } = App.useApp();
  const narrow = useMediaQuery(`(max-width: ${NARROW_FORM_BREAKPOINT - 1}px)`);
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(brand?.photoUrl ?? null);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  useEffect(
    () => () => {
      if (preview?.startsWith('blob:')) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const save = useMutation({
    mutationFn: async (values: BrandValues | null) => {
      let saved = brand;
      if (values) {
        const states = values.states.map((s) => s.trim()).filter(Boolean);
        if (!brand) saved = await brandsApi.create(companyId, { title: values.title, states });
        else {
          const changed = changedFields(
            valuesOf(brand) as unknown as Record<string, unknown>,
            { title: values.title, states } as Record<string, unknown>,
          );
          if (Object.keys(changed).length) saved = await brandsApi.update(companyId, brand.id, changed);
        }
      }
      // The logo goes up only once the brand exists (save, then upload).
      if (logo && saved) await uploadBrandLogo(saved.id, logo);
    },
    onSuccess: () => onDone(true),
  });

  const submit = async () => {
    if (logoProblem) return;
    if (!touched) {
      if (logo && brand) save.mutate(null);
      else if (!brand) await form.validateFields().catch(() => undefined);
      else onDone(false);
      return;
    }
    try {
      save.mutate(await form.validateFields());
    } catch {
      // Field messages are shown.
    }
  };
  const back = () => {
    if (!touched && !logo) {
      onDone(false);
      return;
    }
    modal.confirm({
      title: translateMessage(MSG.confirmBrandBack),
      okText: t('common:yes'),
      cancelText: t('common:no'),
      onOk: () => onDone(false),
    });
  };
  const pickLogo = (file: File) => {
    const problem = logoError({ size: file.size, type: file.type });
    setLogoProblem(problem && translateMessage(problem));
    if (!problem) {
      setLogo(file);
      setPreview(URL.createObjectURL(file));
    }
    return false;
  };

  return (
    <div className="brand-form" data-testid="brand-form">
      <Space style={{ marginBlockEnd: 16 }}>
        <Button
          type="text"
          icon={<ArrowLeftOutlined className="flip-rtl" />}
          onClick={back}
          aria-label={t('companyWizard.brandForm.backToBrands')}
          data-testid="brand-back"
        />
        <h2 style={{ margin: 0, fontSize: 18 }} data-testid="brand-form-title">
          {brand ? t('companyWizard.brandForm.editNamed', { name: brand.title }) : t('companyWizard.brands.add')}
        </h2>
      </Space>
      {save.error && (
        <Alert
          type="error"
          showIcon
          title={errorText(save.error)}
          style={{ marginBlockEnd: 16 }}
          data-testid="brand-error"
        />
      )}
      <Form
        form={form}
        layout={narrow ? 'vertical' : 'horizontal'}
        labelCol={narrow ? undefined : { flex: '140px' }}
        wrapperCol={narrow ? undefined : { flex: 'auto' }}
        initialValues={valuesOf(brand)}
        onValuesChange={() => setTouched(true)}
        style={{ maxInlineSize: 640 }}
      >
        <Form.Item name="title" label={t('companyWizard.brands.name')} rules={[zodRule(brandSchema.shape.title)]}>
          <Input maxLength={200} data-testid="brand-title" />
        </Form.Item>
        <Form.Item
          name="states"
          label={t('companyWizard.brands.region')}
          extra={t('companyWizard.brandForm.regionHelp')}
        >
          <Select
            mode="tags"
            tokenSeparators={[',', '،']}
            tagRender={ownWordsTag}
            open={false}
            suffixIcon={null}
            placeholder={t('companyWizard.brandForm.regionPlaceholder')}
            data-testid="brand-regions"
          />
        </Form.Item>
        <Form.Item
          label={t('companyWizard.brandForm.logo')}
          validateStatus={logoProblem ? 'error' : undefined}
          help={logoProblem ?? t('companyWizard.brandForm.logoHelp')}
        >
          <Space align="start" size={16}>
            <div className="logo-preview" data-testid="logo-preview">
              {preview ? (
                <img src={preview} alt={t('companyWizard.brandForm.logoAlt')} />
              ) : (
                <span className="muted small">{t('companyWizard.brandForm.noLogo')}</span>
              )}
            </div>
            <Upload accept="image/*" showUploadList={false} beforeUpload={pickLogo} maxCount={1}>
              <Button icon={<UploadOutlined />} data-testid="brand-logo-upload">
                {t('companyWizard.brandForm.upload')}
              </Button>
            </Upload>
          </Space>
        </Form.Item>
        <Form.Item label={narrow ? undefined : ' '} colon={false}>
          <Space>
            <Button type="primary" onClick={() => void submit()} loading={save.isPending} data-testid="brand-save">
              {t('common:save')}
            </Button>
            <Button onClick={back}>{t('wizard.back')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </div>
  );
}
