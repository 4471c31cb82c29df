/**
 * `npm run build -w @dolya/server`: the server as one ES module, dist/main.mjs, so production runs
 * plain node without tsx compiling TypeScript in the process (measured with bench:load: about 80 MB
 * less memory at start). Our workspace packages are bundled in; every npm package stays an import
 * from node_modules. dist/ sits as deep as src/, so paths made from import.meta.url (the web build,
 * the migrations) resolve the same from both.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';

const result = await build({
  write: false,
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.mjs', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  // CommonJS packages bundled in would call require(); ESM output has none of its own.
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'npm-packages-external',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, ({ path }) =>
          path.startsWith('@dolya/') ? undefined : { path, external: true },
        );
      },
    },
  ],
});

// Each file lands by rename, whole: a server starting from dist/ while another build runs (tests
// build in parallel) never reads half a bundle.
for (const file of result.outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  const partial = `${file.path}.${process.pid}.partial`;
  writeFileSync(partial, file.contents);
  renameSync(partial, file.path);
}
