import type pg from 'pg';
import type { DataSource, EntityMetadata } from 'typeorm';

/**
 * Runs a named (server-side prepared) statement on TypeORM's pool: PostgreSQL parses and plans it once per
 * connection instead of on every call. For the statements every authenticated request runs (its user, the draw
 * it shows); measured about a tenth of the server's CPU per draw detail request. The text must be the same for
 * a name, and should list its columns: a prepared `SELECT *` fails once a migration adds a column.
 */
export async function preparedQuery<T>(dataSource: DataSource, name: string, text: string, values: unknown[]): Promise<T[]> {
  const pool = (dataSource.driver as unknown as { master: pg.Pool }).master;
  return (await pool.query({ name, text, values })).rows as T[];
}

/** The entity's columns as a select list, each under its own name, for a prepared statement's text. */
export function columnList(metadata: EntityMetadata, alias: string): string {
  return metadata.columns.map((column) => `${alias}."${column.databaseName}"`).join(', ');
}
