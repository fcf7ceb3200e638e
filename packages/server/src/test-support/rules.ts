import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';
import { INGEST } from '../services/ingest/test-fixtures.ts';

/** Piezometric level = tip + pressure / 9.8068 (the test piezometer's formula): the pressure that gives `level`. */
export const pressureFor = (level: number, tip = 100) => (level - tip) * 9.8068;

export interface RuleEvent {
  id: string;
  type: string;
  rule_type: string;
  created_at: string;
  context: Record<string, any>;
  rule_execution_id: string | null;
}

/** Sends payloads through the ingest API and waits until the rules engine has evaluated them. */
export async function ingest(t: TestApp, token: string, body: unknown) {
  const res = await t.call('POST', INGEST, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await t.app.rulesEngine!.idle();
  return res.body;
}

/** The events of an entity (or of the project), oldest first. */
export async function eventsOf(t: TestApp, token: string, entityId?: string): Promise<RuleEvent[]> {
  const filter = entityId ? `&monitored_entity_ids=${entityId}` : '';
  const res = await t.call('GET', `/rules-engine/api/v1/events/?paginate_by=1000&ordering=created_at${filter}`, {
    token,
  });
  expect(res.status).toBe(200);
  return res.body.objects;
}

export async function statesOf(t: TestApp, entityId: string): Promise<Record<string, any>> {
  const row = await t.db
    .selectFrom('monitored_entities')
    .select('states')
    .where('id', '=', entityId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.states);
}

export async function executionOf(t: TestApp, token: string, id: string | null) {
  const res = await t.call('GET', `/rules-engine/api/v1/state-rule-executions/${id}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

/** ISO time `minutes` after a fixed start in the recent past. */
export const at = (minutes: number) => new Date(Date.parse('2026-11-01T00:00:00Z') + minutes * 60_000).toISOString();
