/** The one database capability the identity code needs. TypeORM's `DataSource.query` fits. */
export interface SqlClient {
  query<T = unknown>(sql: string, params?: unknown[]): Promise<T[]>;
}
