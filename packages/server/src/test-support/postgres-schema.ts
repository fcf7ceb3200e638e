import pg from 'pg';

export interface TestSchema {
  /** `baseUrl` with its search_path set to the new schema */
  url: string;
  drop(): Promise<void>;
}

async function run(connectionString: string, statement: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL schema for one test file, so that files never see each other's rows. */
export async function createTestSchema(baseUrl: string): Promise<TestSchema> {
  const schema = `t_${Math.random().toString(36).slice(2, 12)}`;
  await run(baseUrl, `create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => run(baseUrl, `drop schema ${schema} cascade`) };
}
