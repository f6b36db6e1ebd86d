import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { EmbedTheme } from '@reputo/core';

/** Reputo's brand: an indigo primary, soft neutral canvas, a dark navigation rail. */
export const BRAND = {
  primary: '#4f46e5',
  primaryHover: '#6366f1',
  canvas: '#f5f6fb',
  rail: '#0f172a',
  railHover: '#1e293b',
  ink: '#0f172a',
  muted: '#64748b',
} as const;

export const FONT_STACK =
  "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', sans-serif";

/** People who ask their system for less motion get no antd animations (and browser tests ask too). */
const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export const baseTheme: ThemeConfig = {
  token: {
    motion: !prefersReducedMotion(),
    colorPrimary: BRAND.primary,
    colorLink: BRAND.primary,
    colorBgLayout: BRAND.canvas,
    colorTextBase: BRAND.ink,
    borderRadius: 8,
    fontFamily: FONT_STACK,
    fontSize: 14,
    // antd's greys for placeholders and help text are too faint to read (1.7:1 and 2.9:1); 4.5:1 at least.
    colorTextPlaceholder: '#6b7280',
    colorTextDescription: '#5b6474',
    // antd's red (#ff4d4f) is 3.1:1 on white: danger buttons and error texts take a deeper one.
    colorError: '#dc2626',
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: BRAND.rail, headerHeight: 64, headerPadding: '0 24px' },
    Menu: {
      darkItemBg: BRAND.rail,
      darkSubMenuItemBg: '#0b1222',
      darkItemSelectedBg: BRAND.primary,
      darkItemHoverBg: BRAND.railHover,
      itemBorderRadius: 8,
      itemMarginInline: 10,
    },
    Button: { fontWeight: 500 },
    Card: { borderRadiusLG: 12 },
    // The unchecked switch's fill carries its white "Off" text.
    Switch: { colorTextQuaternary: '#6b7280', colorTextTertiary: '#4b5563' },
  },
};

/** The embedding page's colours on top of the brand theme; dark mode switches antd's algorithm. */
export function embedThemeConfig(embed: EmbedTheme): ThemeConfig | null {
  if (!embed.mode) return null;
  const c = embed.colours;
  return {
    algorithm: embed.mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      ...(c.font ? { colorText: c.font } : {}),
      ...(c.background ? { colorBgLayout: c.background } : embed.mode === 'dark' ? { colorBgLayout: '#0b1020' } : {}),
      // Cards a shade lighter than the page, so panels stay visible on a dark background.
      ...(embed.mode === 'dark' ? { colorBgContainer: '#172033', colorBorderSecondary: '#26324a' } : {}),
      ...(c.backgroundFont ? { colorTextHeading: c.backgroundFont } : {}),
      ...(c.buttonBackground ? { colorPrimary: c.buttonBackground, colorLink: c.buttonBackground } : {}),
      ...(c.buttonFont ? { colorTextLightSolid: c.buttonFont } : {}),
      ...(c.buttonHover ? { colorPrimaryHover: c.buttonHover, colorLinkHover: c.buttonHover } : {}),
    },
    components: embed.mode === 'dark' ? { Layout: { headerBg: '#111827', bodyBg: c.background ?? '#0b1020' } } : {},
  };
}

/** The body classes the iframe theme sets: present only while the query asks for it. */
export function applyThemeClasses(embed: EmbedTheme): void {
  const body = document.body.classList;
  body.toggle('theme-iframe', embed.mode !== null);
  body.toggle('theme-dark', embed.mode === 'dark');
  const style = document.body.style;
  const vars: [string, string | undefined][] = [
    ['--embed-font', embed.colours.font],
    ['--embed-bg', embed.colours.background],
    ['--embed-bg-font', embed.colours.backgroundFont],
    ['--embed-btn-bg', embed.colours.buttonBackground],
    ['--embed-btn-font', embed.colours.buttonFont],
    ['--embed-btn-hover', embed.colours.buttonHover],
  ];
  for (const [name, value] of vars) {
    if (embed.mode && value) style.setProperty(name, value);
    else style.removeProperty(name);
  }
}
