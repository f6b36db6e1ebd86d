import { Tag, type SelectProps } from 'antd';

/**
 * The tags of a free-typed tags select (regions, origins): the user's own words, each in its own
 * direction, without antd's title attribute repeating them.
 */
export const ownWordsTag: NonNullable<SelectProps['tagRender']> = ({ label, closable, onClose }) => (
  <Tag
    closable={closable}
    onClose={onClose}
    onMouseDown={(e) => e.preventDefault()}
    style={{ marginInlineEnd: 4, marginBlock: 2 }}
  >
    <bdi dir="auto">{label}</bdi>
  </Tag>
);
