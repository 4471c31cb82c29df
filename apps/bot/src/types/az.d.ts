// az 0.2.3 ships no types; this covers the calls description.ts makes.
declare module 'az' {
  interface Tag {
    POS: string;
    CAse?: string;
    NMbr?: string;
    toString(): string;
  }
  interface Parse {
    word: string;
    tag: Tag;
    score: number;
    normalize(keepPOS?: boolean): Parse;
    inflect(grammemes: string[]): Parse | false;
  }
  interface Morph {
    (word: string): Parse[];
    init(path: string, callback: (error: unknown) => void): void;
  }
  const Az: {
    load(url: string, responseType: string, callback: (error: unknown, data?: unknown) => void): void;
    Morph: Morph;
  };
  export default Az;
}
