import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../src/i18n';
import { PageHeader } from '../src/ui/PageHeader';

beforeAll(async () => {
  await i18n.changeLanguage('ru');
});
afterEach(cleanup);

/** Issue 27: every tab was titled «Доля»; each screen names itself. */
describe('the tab title', () => {
  it('is the screen’s title with the app’s name, and the app’s name again when the screen goes', () => {
    const { unmount } = render(<PageHeader title="Поездка в Казань" />);
    expect(document.title).toBe('Поездка в Казань · Доля');
    unmount();
    expect(document.title).toBe('Доля');
  });

  it('follows the language', async () => {
    await i18n.changeLanguage('en');
    render(<PageHeader title="Account" />);
    expect(document.title).toBe('Account · Dolya');
    await i18n.changeLanguage('ru');
  });
});
