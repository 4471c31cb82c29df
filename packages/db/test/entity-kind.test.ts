import { is, SQL, sql } from 'drizzle-orm';
import { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { expenses, groupMembers } from '../src/schema';

const entityKind = Symbol.for('drizzle:entityKind');

/**
 * patches/drizzle-orm+0.45.4.patch: is() walks a class's prototype chain once per (class, type)
 * and remembers the answer. These answers must be what the walk gives, whichever is asked first.
 */
describe("drizzle's is() (patched)", () => {
  it('answers each (class, type) pair on its own, the same when asked again', () => {
    for (let round = 0; round < 3; round++) {
      expect(is(expenses.amountCents, PgColumn)).toBe(true);
      expect(is(expenses.amountCents, PgTable)).toBe(false);
      expect(is(expenses, PgTable)).toBe(true);
      expect(is(expenses, PgColumn)).toBe(false);
      expect(is(groupMembers.name, SQL)).toBe(false);
      expect(is(sql`1`, SQL)).toBe(true);
      expect(is(undefined, SQL)).toBe(false);
      expect(is('text', SQL)).toBe(false);
    }
  });

  it('still knows an entity by its kind from another copy of drizzle, which instanceof misses', () => {
    // A class from a second copy of drizzle: not a subclass of this copy's SQL, but of its kind.
    class OtherCopySql {
      static readonly [entityKind] = (SQL as unknown as Record<symbol, string>)[entityKind];
      readonly copy = 'other';
    }
    class OtherCopyChild extends OtherCopySql {}
    class Stranger {
      static readonly [entityKind] = 'Stranger';
      readonly copy = 'none';
    }
    for (let round = 0; round < 2; round++) {
      expect(is(new OtherCopyChild(), SQL)).toBe(true);
      expect(is(new OtherCopyChild(), PgColumn)).toBe(false);
      expect(is(new Stranger(), SQL)).toBe(false);
    }
  });

  it('refuses a type that is not a drizzle entity, as before', () => {
    class NotAnEntity {}
    expect(() => is(expenses, NotAnEntity as never)).toThrow(/doesn't look like a Drizzle entity/);
  });

  it("walks a class's prototype chain once per type, not on every call", () => {
    let looks = 0;
    class Counted {
      static get [entityKind]() {
        looks++;
        return 'Counted';
      }
      readonly copy = 'none';
    }
    for (let call = 0; call < 50; call++) {
      expect(is(new Counted(), SQL)).toBe(false);
      expect(is(new Counted(), PgColumn)).toBe(false);
    }
    expect(looks).toBe(2);
  });
});
