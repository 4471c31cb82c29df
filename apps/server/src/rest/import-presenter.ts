import type { RouterOutputs } from '@dolya/api';
import { type Cents, centsToDecimal } from '@dolya/domain';

type ImportPreview = Extract<RouterOutputs['imports']['run'], { dryRun: true }>['preview'];

const decimals = (nets: Record<string, Cents>) =>
  Object.fromEntries(Object.entries(nets).map(([key, cents]) => [key, centsToDecimal(cents)]));

/** The import's preview at the REST edge: every amount a decimal of its currency. */
export function presentImportPreview(preview: ImportPreview) {
  return {
    ...preview,
    people: preview.people.map(({ balances, ...person }) => ({
      ...person,
      balances: balances.map(({ currency, cents }) => ({ currency, amount: centsToDecimal(cents) })),
    })),
    balances: preview.balances.map(({ currency, nets }) => ({ currency, nets: decimals(nets) })),
    totalsDifferences: preview.totalsDifferences.map(({ fileCents, importedCents, ...rest }) => ({
      ...rest,
      file: centsToDecimal(fileCents),
      imported: centsToDecimal(importedCents),
    })),
  };
}
