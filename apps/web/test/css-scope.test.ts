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

/**
 * Who a stylesheet belongs to: a feature's folder (features/<name>), or the shared styles.css and
 * src/ui by their top-level name.
 */
function owner(path: string): string {
  const parts = relative(src, path).split('/');
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0]!;
}

describe('global styles', () => {
  it('read the classes of every selector, container and compound ones included', () => {
    const css = '/* .note */ .list > .row:hover, .card.wide .btn { content: ".x"; }\n@media (x) { .a {} }';
    expect([...classesOf(css)].sort()).toEqual(['a', 'btn', 'card', 'list', 'row', 'wide']);
  });

  /*
   * A global class has one owner (issue 14: `.stepper` of expense.css and groups.css collided, and
   * opening group settings shrank the expense form's stepper). The base classes (.btn, .card,
   * .field, .input, .badge...) are styles.css's alone: a feature that needs them otherwise gives its
   * element a class of its own, and a piece two features share moves to src/ui with a CSS module.
   * A rule such as `.some-container .btn` counts as styling .btn too.
   */
  it('style each class in the global stylesheets of one owner only (CSS modules are exempt)', () => {
    const owners = new Map<string, Set<string>>();
    for (const file of cssFiles(src)) {
      for (const name of classesOf(readFileSync(file, 'utf8'))) {
        const set = owners.get(name) ?? new Set<string>();
        set.add(owner(file));
        owners.set(name, set);
      }
    }
    const shared = [...owners]
      .filter(([, set]) => set.size > 1)
      .map(([name, set]) => `.${name}: ${[...set].sort().join(', ')}`)
      .sort();
    expect(shared).toEqual([]);
  });
});
