import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '../scripts/feature-boundaries.mjs');
let root: string | undefined;

/** A features folder holding the given files (path -> text), checked by the script. */
function check(files: Record<string, string>) {
  root = mkdtempSync(join(tmpdir(), 'feature-boundaries-'));
  const features = join(root, 'features');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(features, path)), { recursive: true });
    writeFileSync(join(features, path), text);
  }
  return spawnSync(process.execPath, [script, features], { encoding: 'utf8' });
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('scripts/feature-boundaries.mjs', () => {
  it('passes features that use their own files and the shared folders', () => {
    const run = check({
      'a/Page.tsx':
        "import { Row } from './Row';\nimport { Spinner } from '../../ui/Spinner';\nimport './a.css';\n",
      'a/Row.tsx': "export { toast } from '../../lib/toast';\n",
    });
    expect(run.status).toBe(0);
  });

  it('fails on any import of another feature, code or CSS, and names each one', () => {
    const run = check({
      'a/Page.tsx': "import { Section } from '../b/Section';\nconst Lazy = import('../b/Lazy');\n",
      'b/Section.tsx': "import '../a/a.css';\n",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('a/Page.tsx -> b/Section');
    expect(run.stderr).toContain('a/Page.tsx -> b/Lazy');
    expect(run.stderr).toContain('b/Section.tsx -> a/a.css');
  });

  it('fails when the shared folders import a feature, its styles too', () => {
    const run = check({
      'a/Page.tsx': "import { Icon } from '../../ui/Icon';\n",
      'a/a.css': '.a {}\n',
      '../ui/Icon.tsx': "import '../features/a/a.css';\n",
      '../lib/helper.ts': "export { Page } from '../features/a/Page';\n",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ui/Icon.tsx -> a/a.css');
    expect(run.stderr).toContain('lib/helper.ts -> a/Page');
  });
});
