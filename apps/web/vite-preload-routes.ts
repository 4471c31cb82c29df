import type { Plugin, Rolldown } from 'vite';

type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;

/**
 * The signed-in screens a first visit opens most (issue 27, speed): the group page and the group
 * list. Their route chunks are found only once the entry has run and the router has matched the
 * path, a second round trip before anything of the screen is fetched. index.html (sent for every
 * path of the app) gets a tiny inline script that preloads, for the path it is opened at, those
 * chunks, their imports and the stored language's texts, beside the entry.
 */
const SHELL = 'src/routes/_app.tsx?tsr-split=component';
const ROUTES: [pattern: string, ids: string[]][] = [
  ['^/group/[^/]+/?$', [SHELL, 'src/routes/_app/group/$groupId/index.tsx?tsr-split=component']],
  ['^/$', [SHELL, 'src/routes/_app/index.tsx?tsr-split=component']],
];
/** The texts those screens wait for, per language (src/i18n/index.ts: the common and home chunks). */
const TEXTS = ['common', 'home'];
/** Marks the script, so that the prerendered pages (vite-prerender.ts) leave it out. */
export const PRELOAD_ROUTES_ATTRIBUTE = 'data-preload-routes';

const chunks = (bundle: Bundle) =>
  Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');

function chunkOf(bundle: Bundle, id: string): Chunk {
  const found = chunks(bundle).find((chunk) => chunk.facadeModuleId?.endsWith(id));
  if (!found) throw new Error(`preload-routes: no chunk for ${id}`);
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

export function preloadRoutes(): Plugin {
  return {
    name: 'dolya-preload-routes',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return;
        const entry = chunks(bundle).find((chunk) => chunk.facadeModuleId?.endsWith('/index.html'));
        if (!entry) throw new Error('preload-routes: no entry chunk');
        // What the entry preloads already (its static imports) is not asked for twice.
        const known = closure(bundle, entry);
        const routes = ROUTES.map(([pattern, ids]) => {
          const files = new Set<string>();
          for (const id of ids) closure(bundle, chunkOf(bundle, id), files);
          return [pattern, [...files].filter((file) => !known.has(file))];
        });
        const texts = Object.fromEntries(
          ['ru', 'en'].map((language) => [
            language,
            TEXTS.map((name) => chunkOf(bundle, `src/i18n/${language}/${name}.ts`).fileName),
          ]),
        );
        const script =
          `<script ${PRELOAD_ROUTES_ATTRIBUTE}>(function(){try{` +
          `var R=${JSON.stringify(routes)},T=${JSON.stringify(texts)},p=location.pathname,` +
          `l=localStorage.getItem('dolya.lang')==='en'?'en':'ru';` +
          'for(var i=0;i<R.length;i++)if(new RegExp(R[i][0]).test(p)){' +
          'R[i][1].concat(T[l]).forEach(function(f){var e=document.createElement("link");' +
          'e.rel="modulepreload";e.href="/"+f;document.head.appendChild(e)});break}' +
          '}catch(_){}})()</script>';
        // Before the entry's tags: an inline script after a stylesheet waits for it to arrive.
        const html = String(index.source);
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('preload-routes: no entry script in index.html');
        index.source = `${html.slice(0, at)}${script}\n    ${html.slice(at)}`;
      },
    },
  };
}
