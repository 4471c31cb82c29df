import { describe, expect, it } from 'vitest';
import { i18n, NAMESPACES } from '../src/i18n';
import { app as enApp } from '../src/i18n/en/app';
import { home as enHome } from '../src/i18n/en/home';
import { en } from '../src/i18n/en/index';
import { signin as enSignin } from '../src/i18n/en/signin';
import { app as ruApp } from '../src/i18n/ru/app';
import { home as ruHome } from '../src/i18n/ru/home';
import { ru } from '../src/i18n/ru/index';
import { signin as ruSignin } from '../src/i18n/ru/signin';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every string of a namespace by its dotted path (nested objects flattened). */
function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child !== null && typeof child === 'object') {
      for (const [k, v] of flatten(child, path)) out.set(k, v);
    } else {
      out.set(path, String(child));
    }
  }
  return out;
}

/** Plain keys as they are; plural keys grouped under their base name with the suffixes found. */
function keysOf(namespace: unknown) {
  const plain = new Set<string>();
  const plurals = new Map<string, Set<string>>();
  for (const key of flatten(namespace).keys()) {
    const match = PLURAL.exec(key);
    if (!match) {
      plain.add(key);
      continue;
    }
    const base = key.slice(0, match.index);
    if (!plurals.has(base)) plurals.set(base, new Set());
    plurals.get(base)!.add(match[1]!);
  }
  return { plain, plurals };
}

const sorted = (keys: Iterable<string>) => [...keys].sort();

describe('i18n resources', () => {
  it('have the same namespaces in both languages', () => {
    expect(sorted(Object.keys(en))).toEqual(sorted(Object.keys(ru)));
  });

  for (const namespace of Object.keys(ru) as (keyof typeof ru)[]) {
    describe(namespace, () => {
      const ruKeys = keysOf(ru[namespace]);
      const enKeys = keysOf((en as Record<string, unknown>)[namespace] ?? {});

      it('has the same keys in Russian and English (plurals by base name)', () => {
        const all = (k: ReturnType<typeof keysOf>) => sorted([...k.plain, ...k.plurals.keys()]);
        expect(all(enKeys)).toEqual(all(ruKeys));
      });

      it('has _one, _few and _many for every Russian plural', () => {
        for (const [base, forms] of ruKeys.plurals) {
          for (const form of ['one', 'few', 'many']) expect(forms.has(form), `${base}_${form}`).toBe(true);
        }
      });

      it('has _one and _other for every English plural', () => {
        for (const [base, forms] of enKeys.plurals) {
          for (const form of ['one', 'other']) expect(forms.has(form), `${base}_${form}`).toBe(true);
        }
      });

      it('has no Cyrillic letters in English', () => {
        const namespaceEn = (en as Record<string, unknown>)[namespace] ?? {};
        const cyrillic = [...flatten(namespaceEn)].filter(([, text]) => /[\u0400-\u04FF]/.test(text));
        expect(cyrillic).toEqual([]);
      });

      it('has no gendered "(а)" forms and no "вы заняли" in Russian', () => {
        const awkward = [...flatten(ru[namespace])].filter(([, text]) => /\(а\)|вы заняли/i.test(text));
        expect(awkward).toEqual([]);
      });

      it('has no empty strings', () => {
        const namespaceEn = (en as Record<string, unknown>)[namespace] ?? {};
        for (const map of [flatten(ru[namespace]), flatten(namespaceEn)]) {
          const empty = [...map].filter(([, text]) => !text.trim()).map(([key]) => key);
          expect(empty).toEqual([]);
        }
      });
    });
  }
});

describe('i18n chunks', () => {
  it('list every namespace, and the chunks (common, landing, signin, home, app, imports) hold each once', () => {
    expect(sorted(NAMESPACES)).toEqual(sorted(Object.keys(ru)));
    const chunks: [object, object, object][] = [
      [ruSignin, ruHome, ruApp],
      [enSignin, enHome, enApp],
    ];
    for (const [signin, home, app] of chunks) {
      const all = [
        'common',
        'landing',
        'imports',
        ...Object.keys(signin),
        ...Object.keys(home),
        ...Object.keys(app),
      ];
      expect(sorted(all)).toEqual(sorted(Object.keys(ru)));
    }
  });

  it('translate: namespaces, nested keys, interpolation, plurals per language', () => {
    const ruGroups = i18n.getFixedT('ru', 'groups');
    const enGroups = i18n.getFixedT('en', 'groups');
    expect(ruGroups('members', { count: 5 })).toBe(ru.groups.members_many.replace('{{count}}', '5'));
    expect(ruGroups('members', { count: 3 })).toBe(ru.groups.members_few.replace('{{count}}', '3'));
    expect(ruGroups('members', { count: 21 })).toBe(ru.groups.members_one.replace('{{count}}', '21'));
    expect(enGroups('members', { count: 1 })).toBe(en.groups.members_one.replace('{{count}}', '1'));
    expect(enGroups('members', { count: 7 })).toBe(en.groups.members_other.replace('{{count}}', '7'));
    expect(i18n.getFixedT('en')('appName')).toBe(en.common.appName);
    expect(enGroups('appName', { ns: 'common' })).toBe(en.common.appName);
    expect((enGroups as unknown as (key: string) => string)('no.such.key')).toBe('no.such.key');
  });

  it('has every namespace of a fetched chunk at hand, not only the one asked for', async () => {
    // groups and group share the home chunk: fetching one brings the other.
    i18n.removeResourceBundle('en', 'group');
    i18n.removeResourceBundle('en', 'groups');
    await i18n.reloadResources(['en'], ['groups']);
    // A toast in an event handler asks another namespace of the chunk: it must not get the key.
    expect(i18n.hasResourceBundle('en', 'group')).toBe(true);
    expect(i18n.getFixedT('en', 'group')('notFound')).toBe(en.group.notFound);
  });
});
