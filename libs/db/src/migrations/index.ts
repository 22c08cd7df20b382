import { InitialSchema1763700000000 } from './1763700000000-initial-schema';

/** Every migration, oldest first. Committed migrations are never edited. */
export const MIGRATIONS = [InitialSchema1763700000000];
