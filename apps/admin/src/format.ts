import { escapeForTerminal, formatCents } from '@dolya/domain';

/**
 * Text a person typed (names, notes), as the admin's terminal may show it: control characters
 * (ESC, BEL, CSI), bidi controls and line breaks become \uXXXX escapes, so a name cannot ring,
 * recolour, retitle or erase the terminal, fake a line, or reverse what follows it.
 */
export const shown = (text: string): string => escapeForTerminal(text);

/**
 * The last line of defence for whatever is printed: the same escapes, but the tabs and line ends
 * (LF, and CSV's CRLF) of our own layout kept. Per-field shown() is still what stops a line break
 * inside a name.
 */
export function printable(output: string): string {
  // split() with a capture group keeps the separators, at the odd places.
  return output
    .split(/(\r\n|\n|\t)/)
    .map((piece, index) => (index % 2 === 1 ? piece : shown(piece)))
    .join('');
}

/** Money for people: the domain's exact decimal, with the currency when given. */
export function money(cents: number, currency?: string): string {
  return currency ? `${formatCents(cents)} ${currency}` : formatCents(cents);
}

/** A balance: + for what the member gets back, - for what they owe. */
export function signedMoney(cents: number): string {
  return cents > 0 ? `+${formatCents(cents)}` : formatCents(cents);
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The day of an ISO timestamp, 2024-05-01. */
export function day(iso: string): string {
  return iso.slice(0, 10);
}

const width = (text: string) => [...text].length;

/** Rows as aligned columns; the columns marked 'right' (amounts) are right-aligned. */
export function table(rows: string[][], align: ('left' | 'right')[] = []): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, width(cell));
    });
  }
  return rows
    .map((row) =>
      row
        .map((cell, i) => {
          const pad = ' '.repeat((widths[i] ?? 0) - width(cell));
          return align[i] === 'right' ? pad + cell : cell + pad;
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Indents every line of a block. */
export function indent(text: string, by = '  '): string {
  return text
    .split('\n')
    .map((line) => (line ? by + line : line))
    .join('\n');
}
