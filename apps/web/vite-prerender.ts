import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { staticBody } from './src/static/page';
import { PRELOAD_ROUTES_ATTRIBUTE } from './vite-preload-routes';

/** The static landing's script (src/static/landing.ts), an entry of the client build. */
const SCRIPT = 'src/static/landing.ts';
const SCRIPT_NAME = 'landing-static';
/** The SSR entry that renders the landing (src/static/prerender.tsx). */
const RENDERER = 'src/static/prerender.tsx';
/** The route chunk whose CSS the landing wears, and the one a "get started" link leads to. */
const LANDING_ROUTE = 'src/routes/features.tsx?tsr-split=component';
const LOGIN_ROUTE = 'src/routes/login.tsx?tsr-split=component';
/** What the app imports on a prerendered page to take it over. */
const TAKEOVER = 'src/static/takeover.ts';
const LANGUAGES = ['ru', 'en'] as const;

type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;
interface Renderer {
  renderLanding(language: (typeof LANGUAGES)[number]): Promise<string>;
  renderLogin(language: (typeof LANGUAGES)[number]): Promise<string>;
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
 * Pages whose first screen needs no JavaScript (issue 14): after the client build, they are
 * rendered in both languages through an SSR build of src/static/prerender.tsx and written beside
 * index.html, which the server sends for their paths instead (apps/server/src/web.ts):
 * - dist/features.html, the landing, with its CSS and a 1 kB script instead of the app;
 * - dist/login.html, the sign-in page, with the app and the screen's code loading as it shows; the
 *   app takes over when it is up (src/static/takeover.ts).
 * Inside the app both stay routes of their own.
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
      const indexHtml = String(index.source);
      const script = chunks(bundle).find((chunk) => chunk.name === SCRIPT_NAME && chunk.isEntry);
      if (!script) throw new Error('prerender: the static script is not in the build');
      const entry = chunks(bundle).find((chunk) => chunk.facadeModuleId?.endsWith('/index.html'));
      if (!entry) throw new Error('prerender: the app entry is not in the build');
      const landingRoute = chunkOf(bundle, LANDING_ROUTE);
      const loginRoute = chunkOf(bundle, LOGIN_ROUTE);
      const appFiles = closure(bundle, entry);
      // The index page's own stylesheet and scripts are in its head already.
      const stylesheets = (chunk: Chunk) =>
        cssOf(bundle, chunk)
          .filter((sheet) => !indexHtml.includes(`href="/${sheet}"`))
          .map((sheet) => `<link rel="stylesheet" crossorigin href="/${sheet}">`);
      const hideOtherLanguage =
        '<style>html[lang="en"] #static[data-static-lang="ru"]{visibility:hidden}</style>';

      const renderer = await loadRenderer(config);
      const both = (render: Renderer['renderLanding']) =>
        Promise.all(LANGUAGES.map((language) => render(language))) as Promise<[string, string]>;

      // /features: the landing without the app; its script preloads the sign-in screen on intent.
      const [landingRu, landingEn] = await both(renderer.renderLanding);
      const intent = [...new Set([...appFiles, ...closure(bundle, loginRoute)])];
      const landing = page(
        withoutApp(indexHtml),
        [
          ...stylesheets(landingRoute),
          hideOtherLanguage,
          `<meta name="dolya-app" content="${intent.map((file) => `/${file}`).join(' ')}">`,
          `<script type="module" crossorigin src="/${script.fileName}"></script>`,
        ],
        staticBody(landingRu, landingEn, 'landing'),
      );
      await writeFile(join(outDir, 'features.html'), landing);

      // /login: the sign-in form at once; the app and this screen's code are fetched as soon as it
      // is painted, and the app takes over (src/static/takeover.ts).
      const [loginRu, loginEn] = await both(renderer.renderLogin);
      const takeover = chunkOf(bundle, TAKEOVER);
      const loginFiles = [
        ...new Set([
          entry.fileName,
          ...appFiles,
          ...closure(bundle, loginRoute),
          ...closure(bundle, takeover),
        ]),
      ];
      const login = page(
        withoutApp(indexHtml),
        [...stylesheets(loginRoute), hideOtherLanguage],
        staticBody(
          loginRu,
          loginEn,
          'app',
          loginFiles.map((file) => `/${file}`),
        ),
      );
      await writeFile(join(outDir, 'login.html'), login);
    },
  };
}

/** index.html without the app's script and its preloads (vite-preload-routes.ts's too). */
function withoutApp(html: string): string {
  return html
    .replace(new RegExp(`\\s*<script ${PRELOAD_ROUTES_ATTRIBUTE}>.*?</script>`), '')
    .replace(/\s*<script type="module"[^>]*><\/script>/, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

/** index.html with more in its head and a prerendered body. */
function page(html: string, head: string[], body: string): string {
  if (!html.includes('<div id="root"></div>')) throw new Error('prerender: no root in index.html');
  return html
    .replace('</head>', `  ${head.join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', body);
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
