import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';

const MARKER = '\u0000prepared-parameter:';

interface Prepared<R> {
  query: CompiledQuery<R>;
  /** Per parameter of the compiled SQL: the name of the value to bind, or null for a constant. */
  slots: (string | null)[];
}

/**
 * A query of fixed shape that Kysely builds and compiles once per dialect, then runs with new
 * values: the hot paths of an exam (sign-in check, sync, start) skip rebuilding the query tree
 * and compiling the SQL on every request. `build` receives one placeholder per named parameter
 * (a marker string, typed `never` so that it fits any column) and must use each where a value
 * goes, never in a list (`in`), whose length would change the SQL.
 *
 * The compiled form is cached per database adapter (one per Kysely instance and its
 * transactions), so the same prepared query serves SQLite and PostgreSQL.
 */
export function preparedQuery<DB, P extends string, R>(names: readonly P[], build: (db: Kysely<DB>, params: Record<P, never>) => Compilable<R>) {
  const byAdapter = new WeakMap<object, Prepared<R>>();

  function prepare(db: Kysely<DB>): Prepared<R> {
    const adapter = db.getExecutor().adapter;
    let prepared = byAdapter.get(adapter);
    if (!prepared) {
      const placeholders = Object.fromEntries(names.map((name) => [name, `${MARKER}${name}`])) as Record<P, never>;
      const query = build(db, placeholders).compile();
      const slots = query.parameters.map((value) => (typeof value === 'string' && value.startsWith(MARKER) ? value.slice(MARKER.length) : null));
      const missing = names.filter((name) => !slots.includes(name));
      if (missing.length > 0) throw new Error(`Prepared query does not use ${missing.join(', ')}: ${query.sql}`);
      prepared = { query, slots };
      byAdapter.set(adapter, prepared);
    }
    return prepared;
  }

  return async (db: Kysely<DB>, values: Readonly<Record<P, unknown>>): Promise<QueryResult<R>> => {
    const { query, slots } = prepare(db);
    const parameters = query.parameters.map((constant, index) => {
      const slot = slots[index];
      return slot === null || slot === undefined ? constant : values[slot as P];
    });
    return db.executeQuery<R>({ ...query, parameters });
  };
}
