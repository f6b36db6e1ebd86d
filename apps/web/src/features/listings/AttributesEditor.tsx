import { useMemo, useState } from 'react';
import { Empty, Input, Segmented, Select, Switch } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import {
  ATTRIBUTE_GROUPS,
  attributeApplies,
  LISTING_ATTRIBUTES,
  type AttributeValue,
  type ListingAttribute,
  type ListingAttributes,
} from '@reputo/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { attributeName, optionName } from './api';

const NOT_SET = 'unset';

/** A group's catalogue key: `Service options` → `serviceOptions`. */
const groupKey = (group: string) => group.toLowerCase().replace(/\s+(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * A listing's attributes from the shipped list, grouped as Google groups them and searchable: a
 * yes / no / not set choice, or a choice of options. "Not set" leaves the directory's own value.
 * Attributes for food and drink places show when the primary category is one (or with "Show all").
 */
export function AttributesEditor({
  value = {},
  onChange,
  primaryCategory,
  disabled,
}: {
  value?: ListingAttributes;
  onChange?: (v: ListingAttributes) => void;
  primaryCategory?: string | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation('listings');
  const [search, setSearch] = useState('');
  const [all, setAll] = useState(false);
  const set = (id: string, v: AttributeValue | null) => {
    const next = { ...value };
    if (v === null || (Array.isArray(v) && !v.length)) delete next[id];
    else next[id] = v;
    onChange?.(next);
  };
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return LISTING_ATTRIBUTES.filter(
      (a) =>
        (all || a.id in value || attributeApplies(a, primaryCategory)) &&
        (!q ||
          a.label.toLowerCase().includes(q) ||
          attributeName(t, a.id).toLowerCase().includes(q) ||
          a.id.includes(q.replace(/\s+/g, '_'))),
    );
  }, [search, all, value, primaryCategory, t]);
  const hidden = LISTING_ATTRIBUTES.filter((a) => !attributeApplies(a, primaryCategory)).length;
  const count = Object.keys(value).length;

  return (
    <div className="ls-attrs" data-testid="attributes-editor">
      <div className="ls-attrs-bar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('attributesEditor.search')}
          aria-label={t('attributesEditor.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          disabled={false}
        />
        <span className="ls-muted">
          {count ? t('attributesEditor.setCount', { count, n: formatNumber(count) }) : t('attributesEditor.noneSet')}
        </span>
        {hidden > 0 && (
          <label className="ls-attrs-all">
            <Switch size="small" checked={all} onChange={setAll} disabled={false} />{' '}
            {t('attributesEditor.showMore', { count: hidden, n: formatNumber(hidden) })}
          </label>
        )}
      </div>
      {!shown.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attributesEditor.noMatches')} />}
      {ATTRIBUTE_GROUPS.map((group) => {
        const items = shown.filter((a) => a.group === group);
        if (!items.length) return null;
        return (
          <section key={group} className="ls-attrs-group">
            <h4>{t(`groups.${groupKey(group)}`, { defaultValue: group })}</h4>
            {items.map((a) => (
              <div key={a.id} className="ls-attr" data-testid={`attribute-${a.id}`}>
                <span className="ls-attr-label">{attributeName(t, a.id)}</span>
                <AttributeControl
                  attribute={a}
                  value={value[a.id]}
                  onChange={(v) => set(a.id, v)}
                  disabled={disabled}
                />
              </div>
            ))}
          </section>
        );
      })}
    </div>
  );
}

function AttributeControl({
  attribute: a,
  value,
  onChange,
  disabled,
}: {
  attribute: ListingAttribute;
  value: AttributeValue | undefined;
  onChange: (v: AttributeValue | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('listings');
  const options = (a.options ?? []).map((o) => ({ value: o.value, label: optionName(t, o.value, o.label) }));
  const name = attributeName(t, a.id);
  if (a.valueType === 'BOOL')
    return (
      <Segmented
        size="small"
        disabled={disabled}
        aria-label={name}
        value={value === true ? 'yes' : value === false ? 'no' : NOT_SET}
        onChange={(v) => onChange(v === 'yes' ? true : v === 'no' ? false : null)}
        options={[
          { value: NOT_SET, label: t('value.notSetTag') },
          { value: 'yes', label: t('value.yes') },
          { value: 'no', label: t('value.no') },
        ]}
      />
    );
  if (a.valueType === 'ENUM')
    return (
      <Select
        size="small"
        className="ls-attr-select"
        disabled={disabled}
        aria-label={name}
        allowClear
        placeholder={t('value.notSetTag')}
        value={typeof value === 'string' ? value : undefined}
        onChange={(v: string | undefined) => onChange(v ?? null)}
        options={options}
      />
    );
  return (
    <Select
      size="small"
      mode="multiple"
      className="ls-attr-select ls-attr-multi"
      disabled={disabled}
      aria-label={name}
      allowClear
      placeholder={t('value.notSetTag')}
      value={Array.isArray(value) ? value : []}
      onChange={(v: string[]) => onChange(v)}
      options={options}
    />
  );
}
