import { describe, expect, it } from 'vitest';
import { insetVariables } from '../src/lib/telegram/safe-area';
import { colorSchemeOf, launchThemeParams, THEME_VARIABLES, themeVariables } from '../src/lib/telegram/theme';

const LIGHT = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#8e8e93',
  link_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  secondary_bg_color: '#efeff4',
  section_bg_color: '#fefefe',
  section_separator_color: '#e0e0e4',
  accent_text_color: '#1c93e3',
  destructive_text_color: '#ff3b30',
};

describe('themeVariables: Telegram’s palette onto the app’s colour tokens', () => {
  it('maps every colour onto its token', () => {
    expect(themeVariables(LIGHT)).toEqual({
      '--bg': '#ffffff',
      '--surface': '#fefefe',
      '--surface-2': '#efeff4',
      '--text': '#000000',
      '--muted': '#8e8e93',
      '--link': '#2481cc',
      '--primary': '#2481cc',
      '--primary-text': '#ffffff',
      '--primary-soft': 'color-mix(in srgb, #2481cc 14%, #ffffff)',
      '--focus': '#1c93e3',
      '--negative': '#ff3b30',
      '--border': '#e0e0e4',
    });
  });

  it('falls back where an older Telegram sends fewer colours', () => {
    const vars = themeVariables({ bg_color: '#17212b', text_color: '#f5f5f5', hint_color: '#708499' });
    expect(vars['--surface']).toBe('#17212b');
    expect(vars['--border']).toBe('color-mix(in srgb, #708499 28%, #17212b)');
    expect(vars).not.toHaveProperty('--primary');
    expect(vars).not.toHaveProperty('--negative');
  });

  it('ignores anything that is not a #RRGGBB colour (no CSS gets in through it)', () => {
    expect(
      themeVariables({
        bg_color: 'red; background: url(https://evil.example)',
        text_color: '#fff',
        button_color: 42 as never,
        hint_color: '#12345G',
      }),
    ).toEqual({});
    expect(themeVariables(undefined)).toEqual({});
  });

  it('names only variables it may set, so a colour that goes away can be removed', () => {
    for (const name of Object.keys(themeVariables(LIGHT))) expect(THEME_VARIABLES).toContain(name);
  });
});

describe('colorSchemeOf', () => {
  it('takes Telegram’s colorScheme, else judges the background', () => {
    expect(colorSchemeOf({ colorScheme: 'dark', themeParams: LIGHT })).toBe('dark');
    expect(colorSchemeOf({ themeParams: { bg_color: '#17212b' } })).toBe('dark');
    expect(colorSchemeOf({ themeParams: { bg_color: '#f4f4f5' } })).toBe('light');
    expect(colorSchemeOf({})).toBe('light');
  });
});

describe('launchThemeParams', () => {
  it('reads the palette of the launch URL, and nothing from junk', () => {
    expect(launchThemeParams({ tgWebAppThemeParams: JSON.stringify(LIGHT) })).toEqual(LIGHT);
    expect(launchThemeParams({ tgWebAppThemeParams: '{broken' })).toBeUndefined();
    expect(launchThemeParams({})).toBeUndefined();
  });
});

describe('insetVariables: the room left at each edge', () => {
  it('adds Telegram’s content insets to the device’s safe area, in whole pixels', () => {
    expect(
      insetVariables({
        safeAreaInset: { top: 47, bottom: 34, left: 0, right: 0 },
        contentSafeAreaInset: { top: 46.4, bottom: 0, left: 0, right: 0 },
      }),
    ).toEqual({
      '--inset-top': '93px',
      '--inset-right': '0px',
      '--inset-bottom': '34px',
      '--inset-left': '0px',
    });
  });

  it('is zero without insets (an older Telegram, or not fullscreen)', () => {
    expect(insetVariables({})).toEqual({
      '--inset-top': '0px',
      '--inset-right': '0px',
      '--inset-bottom': '0px',
      '--inset-left': '0px',
    });
  });
});
