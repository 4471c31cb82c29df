import type { TelegramThemeParams, TelegramWebApp } from './miniapp';

type Palette = TelegramThemeParams;

const COLOR = /^#[0-9a-f]{6}$/i;
const color = (value: string | undefined) => (value && COLOR.test(value) ? value : undefined);
const mix = (a: string | undefined, percent: number, b: string | undefined) =>
  a && b ? `color-mix(in srgb, ${a} ${percent}%, ${b})` : undefined;

/**
 * Which of Telegram's colours paints which of the app's tokens (styles.css). The page is
 * Telegram's background, cards and inputs its section colour, secondary surfaces (chips, hover)
 * its secondary background; buttons, links, hints and destructive text as Telegram paints them.
 * The tokens Telegram has no colour for (positive, warning, shadows) follow its light or dark scheme.
 */
const TOKENS: readonly [string, (p: Palette) => string | undefined][] = [
  ['--bg', (p) => p.bg_color],
  ['--surface', (p) => p.section_bg_color ?? p.bg_color],
  ['--surface-2', (p) => p.secondary_bg_color],
  ['--text', (p) => p.text_color],
  ['--muted', (p) => p.hint_color ?? p.subtitle_text_color],
  ['--link', (p) => p.link_color],
  ['--primary', (p) => p.button_color],
  ['--primary-text', (p) => p.button_text_color],
  ['--primary-soft', (p) => mix(p.button_color, 14, p.bg_color)],
  ['--focus', (p) => p.accent_text_color ?? p.link_color],
  ['--negative', (p) => p.destructive_text_color],
  ['--border', (p) => p.section_separator_color ?? mix(p.hint_color, 28, p.bg_color)],
];

/** The CSS variables (name -> value) Telegram's palette sets; colours that are not `#RRGGBB` are ignored. */
export function themeVariables(params: TelegramThemeParams | undefined): Record<string, string> {
  const palette: Palette = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    const valid = color(typeof value === 'string' ? value : undefined);
    if (valid) palette[key as keyof Palette] = valid;
  }
  const variables: Record<string, string> = {};
  for (const [name, pick] of TOKENS) {
    const value = pick(palette);
    if (value) variables[name] = value;
  }
  return variables;
}

/** Every variable themeVariables may set, so a colour Telegram stops sending falls back to ours. */
export const THEME_VARIABLES: readonly string[] = TOKENS.map(([name]) => name);

/** Light or dark: Telegram's colorScheme, else judged from the background's brightness. */
export function colorSchemeOf(webApp: Pick<TelegramWebApp, 'colorScheme' | 'themeParams'>): 'light' | 'dark' {
  if (webApp.colorScheme === 'light' || webApp.colorScheme === 'dark') return webApp.colorScheme;
  const bg = color(webApp.themeParams?.bg_color);
  if (!bg) return 'light';
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(bg.slice(i, i + 2), 16)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128 ? 'dark' : 'light';
}

/** The palette Telegram put in the launch URL (tgWebAppThemeParams), read before its script loads. */
export function launchThemeParams(params: Record<string, string>): TelegramThemeParams | undefined {
  try {
    const parsed: unknown = JSON.parse(params.tgWebAppThemeParams ?? '');
    return parsed && typeof parsed === 'object' ? (parsed as TelegramThemeParams) : undefined;
  } catch {
    return undefined;
  }
}
