import { currencyCodeSchema, displayNameSchema, idSchema } from '@dolya/domain';
import { z } from 'zod';

/**
 * The longest file the import takes, in characters: 400,000 (a Splitwise export of some 4,000
 * rows). A Cyrillic file of that length is about 800 kB of UTF-8, inside the server's 1 MiB body
 * limit with room for JSON's escapes.
 */
export const IMPORT_CONTENT_MAX = 400_000;

/** In a member map, the caller's own seat (in a new group: the seat the import makes for them). */
export const ME = 'me';

export const importFormatSchema = z.enum(['splitwise-csv', 'spliit-csv', 'spliit-json']);

export const importGroupInput = z.object({
  format: importFormatSchema,
  content: z
    .string()
    .min(1)
    .max(IMPORT_CONTENT_MAX, `The file is too long: at most ${IMPORT_CONTENT_MAX} characters`),
  /** A new group's name (default: the file's, else "Imported group"); ignored with groupId. */
  name: displayNameSchema(100, { optional: true }).optional(),
  /** A new group's currency (default: the one most rows use); ignored with groupId. */
  currency: currencyCodeSchema.optional(),
  /** Import into this existing group (its admins only); absent: a new group. */
  groupId: idSchema.optional(),
  /**
   * The file's people (by preview key "p1", or by name) to seats: a member id of the group, "me",
   * or null for a new seat without an account. Unmapped people become new seats.
   */
  memberMap: z.record(z.string().max(200), z.string().max(64).nullable()).optional(),
  /** Group-currency units for one unit of each foreign currency ("EUR": "98.5"). */
  rates: z.record(z.string().max(8), z.union([z.string().max(32), z.number()])).optional(),
  /** Only read the file and answer the preview; nothing is written. */
  dryRun: z.boolean().default(false),
});

export type ImportGroupInput = z.infer<typeof importGroupInput>;
