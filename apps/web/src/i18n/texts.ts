/**
 * The app's translation runtime: what the screens use of i18next (namespaces, `ns:key`, nested
 * keys, `{{name}}` interpolation, plurals by Intl.PluralRules with i18next's `_one`/`_few`/`_many`/
 * `_other` keys), in about 1 kB instead of i18next's 17 kB, and texts fetched per namespace
 * chunk when first used. Issue 14: the first screen's JavaScript budget has no room for more.
 */
type Bundle = Record<string, unknown>;
/** Fetches the chunk holding a namespace; answers every namespace in that chunk. */
export type Loader = (language: string, namespace: string) => Promise<Record<string, Bundle>>;
export type TranslateOptions = Record<string, unknown> & { ns?: string; count?: number };
export type Translate = (key: string, options?: TranslateOptions) => string;

const plurals = new Map<string, Intl.PluralRules>();
function pluralOf(language: string, count: number): string {
  let rules = plurals.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    plurals.set(language, rules);
  }
  return rules.select(count);
}

function lookup(bundle: Bundle | undefined, key: string): unknown {
  let value: unknown = bundle;
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Bundle)[part];
  }
  return value;
}

function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

export class Texts {
  language: string;
  private readonly bundles = new Map<string, Bundle>();
  private readonly loads = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  constructor(
    private readonly loader: Loader,
    language: string,
    private readonly defaultNS: string,
  ) {
    this.language = language;
  }

  has(language: string, namespace: string): boolean {
    return this.bundles.has(`${language}/${namespace}`);
  }

  /** One namespace of one language, fetched once (the same promise while it is on its way). */
  load(language: string, namespace: string): Promise<void> {
    const id = `${language}/${namespace}`;
    let loading = this.loads.get(id);
    if (!loading) {
      loading = this.loader(language, namespace).then(
        (bundles) => {
          // The chunk's other namespaces are in too: a text of theirs, asked for in an event
          // handler (a toast), must not wait for a render.
          for (const [name, bundle] of Object.entries(bundles)) {
            const other = `${language}/${name}`;
            this.bundles.set(other, bundle);
            if (!this.loads.has(other)) this.loads.set(other, Promise.resolve());
          }
          if (!this.bundles.has(id)) this.bundles.set(id, {});
          this.emit();
        },
        (error: unknown) => {
          this.loads.delete(id);
          throw error;
        },
      );
      this.loads.set(id, loading);
    }
    return loading;
  }

  loadNamespaces(namespaces: string | readonly string[]): Promise<void> {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    return Promise.all(list.map((namespace) => this.load(this.language, namespace))).then(() => {});
  }

  /** Switches once the new language has every namespace the current one has loaded. */
  async changeLanguage(language: string): Promise<Translate> {
    const loaded = [...this.bundles.keys()]
      .filter((id) => id.startsWith(`${this.language}/`))
      .map((id) => id.slice(this.language.length + 1));
    await Promise.all([this.defaultNS, ...loaded].map((namespace) => this.load(language, namespace)));
    if (this.language !== language) {
      this.language = language;
      this.emit();
    }
    return this.t;
  }

  readonly t: Translate = (key, options) => this.translate(this.language, undefined, key, options);

  getFixedT(language: string | null, namespace?: string): Translate {
    return (key, options) => this.translate(language ?? this.language, namespace, key, options);
  }

  translate(
    language: string,
    namespace: string | undefined,
    key: string,
    options?: TranslateOptions,
  ): string {
    let ns = options?.ns ?? namespace ?? this.defaultNS;
    let path = key;
    const colon = key.indexOf(':');
    if (colon > 0) {
      ns = key.slice(0, colon);
      path = key.slice(colon + 1);
    }
    if (!this.has(language, ns)) {
      // Asked before its namespace came (a text of another namespace): shown once it is in.
      void this.load(language, ns).catch(() => {});
      return path;
    }
    const bundle = this.bundles.get(`${language}/${ns}`);
    let value: unknown;
    const count = options?.count;
    if (typeof count === 'number') {
      if (count === 0) value = lookup(bundle, `${path}_zero`);
      value ??= lookup(bundle, `${path}_${pluralOf(language, count)}`);
    }
    value ??= lookup(bundle, path);
    return typeof value === 'string' ? interpolate(value, options) : path;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Changes whenever a language is switched or a namespace arrives. */
  snapshot = () => this.version;

  private emit() {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}
