import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { staticBody } from './src/static/page';

/** The static landing's script (src/static/landing.ts), an entry of the client build. */
const SCRIPT = 'src/static/landing.ts';
const SCRIPT_NAME = 'landing-static';
/** The SSR entry that renders the landing (src/static/prerender.tsx). */
const RENDERER = 'src/static/prerender.tsx';
/** The route chunk whose CSS the landing wears, and the one a "get started" link leads to. */
const LANDING_ROUTE = 'src/routes/features.tsx?tsr-split=component';
const LOGIN_ROUTE = 'src/routes/login.tsx?tsr-split=component';
const LANGUAGES = ['ru', 'en'] as const;

type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;
interface Renderer {
  renderLanding(language: (typeof LANGUAGES)[number]): Promise<string>;
}

const chunks = (bundle: Bundle) =>
  Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');

function chunkOf(bundle: Bundle, id: string): Chunk {
  const found = chunks(bundle).find((chunk) => chunk.facadeModuleId?.endsWith(id));
  if (!found) throw new Error(`prerender: no chunk for ${id}`);
  return found;
}

/** A chunk's file and the files it imports statically, transitively. */
function closure(bundle: Bundle, chunk: Chunk, into = new Set<string>()): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const file of chunk.imports) {
    const next = bundle[file];
    if (next?.type === 'chunk') closure(bundle, next, into);
  }
  return into;
}

/** The stylesheets of a chunk and of everything it imports. */
function cssOf(bundle: Bundle, chunk: Chunk): string[] {
  const css = new Set<string>();
  for (const file of closure(bundle, chunk)) {
    const item = bundle[file] as Chunk & { viteMetadata?: { importedCss: Set<string> } };
    for (const sheet of item.viteMetadata?.importedCss ?? []) css.add(sheet);
  }
  return [...css];
}

/**
 * /features as a static page (issue 14): after the client build, the landing is rendered in both
 * languages through an SSR build of src/static/prerender.tsx and written to dist/features.html,
 * with the index page's head, the landing's CSS and a 1 kB script instead of the app. The server
 * sends it for /features (apps/server/src/web.ts); inside the app /features stays a route of its own.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  let skip = false;
  return {
    name: 'dolya:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
      // The SSR build below runs this config again: there is nothing to prerender in it.
      skip = Boolean(resolved.build.ssr);
    },
    buildStart() {
      if (skip) return;
      this.emitFile({ type: 'chunk', id: resolve(config.root, SCRIPT), name: SCRIPT_NAME });
    },
    async writeBundle(options, bundle) {
      if (skip) return;
      const outDir = options.dir ?? resolve(config.root, config.build.outDir);
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('prerender: index.html is not in the build');
      const script = chunks(bundle).find((chunk) => chunk.name === SCRIPT_NAME && chunk.isEntry);
      if (!script) throw new Error('prerender: the static script is not in the build');
      const entry = chunks(bundle).find((chunk) => chunk.facadeModuleId?.endsWith('/index.html'));
      if (!entry) throw new Error('prerender: the app entry is not in the build');

      const renderer = await loadRenderer(config);
      const [ru = '', en = ''] = await Promise.all(
        LANGUAGES.map((language) => renderer.renderLanding(language)),
      );
      const indexHtml = String(index.source);
      // The index page's own stylesheet is linked by its head already.
      const styles = cssOf(bundle, chunkOf(bundle, LANDING_ROUTE)).filter(
        (sheet) => !indexHtml.includes(`href="/${sheet}"`),
      );
      // The app's files a click on "get started" needs first: the entry and the sign-in screen.
      const app = [...new Set([...closure(bundle, entry), ...closure(bundle, chunkOf(bundle, LOGIN_ROUTE))])];
      const head = [
        ...styles.map((sheet) => `<link rel="stylesheet" crossorigin href="/${sheet}">`),
        '<style>html[lang="en"] #root[data-static-lang="ru"]{visibility:hidden}</style>',
        `<meta name="dolya-app" content="${app.map((file) => `/${file}`).join(' ')}">`,
        `<script type="module" crossorigin src="/${script.fileName}"></script>`,
      ].join('\n    ');
      const page = indexHtml
        .replace(/\s*<script type="module"[^>]*><\/script>/, '')
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace('</head>', `  ${head}\n  </head>`)
        .replace('<div id="root"></div>', staticBody(ru, en));
      if (!page.includes('data-static-lang="ru"')) throw new Error('prerender: no root in index.html');
      await writeFile(join(outDir, 'features.html'), page);
    },
  };
}

/** The SSR build of the renderer, in a folder under node_modules so its imports resolve. */
async function loadRenderer(config: ResolvedConfig): Promise<Renderer> {
  const cache = join(config.root, 'node_modules/.cache');
  await mkdir(cache, { recursive: true });
  const outDir = await mkdtemp(join(cache, 'prerender-'));
  try {
    await build({
      root: config.root,
      configFile: config.configFile,
      mode: config.mode,
      logLevel: 'warn',
      ssr: { noExternal: ['@dolya/domain'] },
      build: {
        ssr: resolve(config.root, RENDERER),
        outDir,
        emptyOutDir: true,
        sourcemap: false,
        manifest: false,
        copyPublicDir: false,
        rolldownOptions: {
          output: { entryFileNames: 'prerender.mjs' },
          // The renderer takes the texts it needs at once; the app's own chunks are not its concern.
          onLog(level, log, handler) {
            if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
          },
        },
      },
    });
    return (await import(pathToFileURL(join(outDir, 'prerender.mjs')).href)) as Renderer;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
