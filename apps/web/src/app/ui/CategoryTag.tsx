import { Tag, type TagProps } from 'antd';

/** Black or white, whichever reads better on the colour (WCAG relative luminance); null for a non-hex colour. */
export function readableTextOn(color: string | null | undefined): string | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color ?? '')?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const channel = (i: number) => {
    const v = parseInt(full.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast with white is 1.05 / (L + 0.05), with black (L + 0.05) / 0.05: pick the higher.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#fff' : '#000';
}

/**
 * A tag in a category's own colour. Users pick any colour for a category; antd writes white on it,
 * which a light colour makes unreadable, so the text is black or white, whichever contrasts more.
 * The title is the company's own text, in whatever language they named it: it keeps its own
 * direction (dir="auto"), as other user content does.
 */
export function CategoryTag({ color, style, children, ...rest }: TagProps & { color?: string | null }) {
  const text = readableTextOn(color);
  return (
    <Tag color={color ?? undefined} style={text ? { ...style, color: text } : style} {...rest}>
      <bdi dir="auto">{children}</bdi>
    </Tag>
  );
}
