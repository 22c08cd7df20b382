import type { EntityManager } from 'typeorm';

/** Inserts rows in chunks so that a 384-well, 4-channel run is a handful of statements. */
export async function insertChunked<T>(
  manager: EntityManager,
  entity: new () => T,
  rows: T[],
  chunk = 400,
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunk) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(entity)
      .values(rows.slice(start, start + chunk))
      .execute();
  }
}
