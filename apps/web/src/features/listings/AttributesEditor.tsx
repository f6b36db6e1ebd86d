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

const NOT_SET = 'unset';

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
        (!q || a.label.toLowerCase().includes(q) || a.id.includes(q.replace(/\s+/g, '_'))),
    );
  }, [search, all, value, primaryCategory]);
  const hidden = LISTING_ATTRIBUTES.filter((a) => !attributeApplies(a, primaryCategory)).length;
  const count = Object.keys(value).length;

  return (
    <div className="ls-attrs" data-testid="attributes-editor">
      <div className="ls-attrs-bar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search attributes"
          aria-label="Search attributes"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          disabled={false}
        />
        <span className="ls-muted">{count ? `${count} set` : 'None set yet'}</span>
        {hidden > 0 && (
          <label className="ls-attrs-all">
            <Switch size="small" checked={all} onChange={setAll} disabled={false} /> Show {hidden} more for food and
            drink places
          </label>
        )}
      </div>
      {!shown.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No attribute matches" />}
      {ATTRIBUTE_GROUPS.map((group) => {
        const items = shown.filter((a) => a.group === group);
        if (!items.length) return null;
        return (
          <section key={group} className="ls-attrs-group">
            <h4>{group}</h4>
            {items.map((a) => (
              <div key={a.id} className="ls-attr" data-testid={`attribute-${a.id}`}>
                <span className="ls-attr-label">{a.label}</span>
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
  const options = (a.options ?? []).map((o) => ({ value: o.value, label: o.label }));
  if (a.valueType === 'BOOL')
    return (
      <Segmented
        size="small"
        disabled={disabled}
        aria-label={a.label}
        value={value === true ? 'yes' : value === false ? 'no' : NOT_SET}
        onChange={(v) => onChange(v === 'yes' ? true : v === 'no' ? false : null)}
        options={[
          { value: NOT_SET, label: 'Not set' },
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
      />
    );
  if (a.valueType === 'ENUM')
    return (
      <Select
        size="small"
        className="ls-attr-select"
        disabled={disabled}
        aria-label={a.label}
        allowClear
        placeholder="Not set"
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
      aria-label={a.label}
      allowClear
      placeholder="Not set"
      value={Array.isArray(value) ? value : []}
      onChange={(v: string[]) => onChange(v)}
      options={options}
    />
  );
}
