import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '../src');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') && !entry.name.endsWith('.module.css') ? [path] : [];
  });
}

/** The class names a stylesheet defines rules for (comments and strings left out). */
function classesOf(css: string): Set<string> {
  const code = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(["'])(?:\\.|(?!\1).)*\1/g, '""');
  const selectors = code.split('{').map((part) => part.split('}').pop() ?? '');
  return new Set(selectors.flatMap((s) => [...s.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!)));
}

/** Which top-level folder of src a file belongs to: a feature's folder, or ui/lib/app for shared styles. */
function owner(path: string): string {
  const parts = relative(src, path).split('/');
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0]!;
}

describe('global styles', () => {
  it('define no class in two feature folders (scoped CSS modules are exempt)', () => {
    const owners = new Map<string, Set<string>>();
    for (const file of cssFiles(src)) {
      for (const name of classesOf(readFileSync(file, 'utf8'))) {
        const set = owners.get(name) ?? new Set<string>();
        set.add(owner(file));
        owners.set(name, set);
      }
    }
    const shared = [...owners]
      .filter(([, set]) => [...set].filter((o) => o.startsWith('features/')).length > 1)
      .map(([name, set]) => `.${name}: ${[...set].sort().join(', ')}`)
      .sort();
    expect(shared).toEqual([]);
  });
});
