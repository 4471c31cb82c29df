import { categories, type Database } from '@dolya/db';
import { asc, eq, isNull, or } from 'drizzle-orm';
import { requireMember } from './access';

export async function listCategories(db: Database, userId: string, groupId: string) {
  await requireMember(db, groupId, userId);
  return db
    .select({ id: categories.id, name: categories.name, nameRu: categories.nameRu })
    .from(categories)
    .where(or(isNull(categories.groupId), eq(categories.groupId, groupId)))
    .orderBy(asc(categories.position), asc(categories.name));
}
