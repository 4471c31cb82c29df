import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The packages patched on install (patches/, patch-package): a patch is made against one version,
 * so every package.json asks for exactly that version, and an install fails when a patch no longer
 * applies instead of going on with the unpatched package.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));

/** patches/<name>+<version>.patch; a scoped name is written with "+" for "/". */
const patched = readdirSync(join(root, 'patches'))
  .filter((file) => file.endsWith('.patch'))
  .map((file) => {
    const parts = file.slice(0, -'.patch'.length).split('+');
    return { file, name: parts.slice(0, -1).join('/'), version: parts.at(-1)! };
  });

const manifests = [
  'package.json',
  ...['apps', 'packages'].flatMap((folder) =>
    readdirSync(join(root, folder)).map((name) => `${folder}/${name}/package.json`),
  ),
].filter((path) => {
  try {
    readFileSync(join(root, path));
    return true;
  } catch {
    return false;
  }
});

describe('patched packages', () => {
  it('are drizzle-orm and postgres, each with a note on where upstream stands', () => {
    expect(patched.map((p) => p.name).sort()).toEqual(['drizzle-orm', 'postgres']);
    for (const { file } of patched) {
      // Comment lines before the first "diff --git", which patch-package reads past.
      const text = readFileSync(join(root, 'patches', file), 'utf8');
      const header = text.slice(0, text.search(/^diff --git /m));
      expect(header, file).toMatch(/^(# .*\n|#\n)+$/);
      expect(header, file).toMatch(/Upstream:/);
    }
  });

  it('are asked for at exactly the patched version by every package.json', () => {
    const asked: string[] = [];
    for (const path of manifests) {
      const manifest = readJson(path);
      for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
        for (const { name, version } of patched) {
          const range = manifest[field]?.[name];
          if (range === undefined) continue;
          asked.push(`${path} ${field} ${name}`);
          expect(range, `${path} ${field} ${name}`).toBe(version);
        }
      }
    }
    expect(asked).toContain('packages/db/package.json dependencies postgres');
    expect(asked).toContain('packages/db/package.json dependencies drizzle-orm');
  });

  it('are installed at that version, and an install stops when a patch does not apply', () => {
    for (const { name, version } of patched) {
      expect(readJson(`node_modules/${name}/package.json`).version, name).toBe(version);
    }
    // Without --error-on-fail patch-package warns and exits 0 (outside CI), and the install goes on.
    expect(readJson('package.json').scripts.postinstall).toBe('patch-package --error-on-fail');
  });
});
