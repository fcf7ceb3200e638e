import { dashboardTreeSchema, STATE_TYPES, type DashboardTree, type StateType } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { zodIssuesToDetails } from '../../http/error-handler.ts';
import { addDetail, validationError, type ErrorDetails } from '../../http/errors.ts';
import { findProjectRefs, type ProjectRefs } from './module-data-store.ts';

/** The modules whose data is a dashboard tree (ADR 0020), by module folder. */
export const isDashboardFolder = (folder: string): folder is StateType => STATE_TYPES.includes(folder as StateType);

/** One id a card names, with where it sits in the request body. */
export type Ref =
  | { kind: 'entity'; id: string; entityType: string; at: string; typeAt: string }
  | { kind: 'group'; id: string; at: string }
  | { kind: 'data-point'; id: string; entityId: string; at: string }
  | { kind: 'cross-section'; id: string; at: string };

/** The devices, groups, data points and cross sections the cards of a dashboard tree name. */
export function refsOf(tree: DashboardTree): Ref[] {
  const refs: Ref[] = [];
  tree.pages.forEach((page, i) =>
    page.cards.forEach((card, j) => {
      const at = `data.pages.${i}.cards.${j}`;
      const entity = (id: string, entityType: string, where: string, typeKey: string) =>
        refs.push({ kind: 'entity', id, entityType, at: `${at}.${where}`, typeAt: `${at}.${typeKey}` });
      const group = (id: string | null, where: string) => id && refs.push({ kind: 'group', id, at: `${at}.${where}` });
      switch (card.type) {
        case 'device-state':
          if (card.target.kind === 'group') group(card.target.id, 'target.id');
          else entity(card.target.id, card.target.entity_type, 'target.id', 'target.entity_type');
          break;
        case 'state-summary':
        case 'device-table':
        case 'aggregation-table':
        case 'heatmap':
        case 'rate-of-change':
        case 'state-map':
          group(card.group_id, 'group_id');
          break;
        case 'cross-section':
          refs.push({ kind: 'cross-section', id: card.cross_section_id, at: `${at}.cross_section_id` });
          break;
        case 'gauge':
        case 'inclinometer-profile':
          entity(card.entity.id, card.entity.entity_type, 'entity.id', 'entity.entity_type');
          break;
        case 'chart':
          card.series.forEach((s, k) => {
            entity(s.entity_id, s.entity_type, `series.${k}.entity_id`, `series.${k}.entity_type`);
            if (s.data_point_id)
              refs.push({
                kind: 'data-point',
                id: s.data_point_id,
                entityId: s.entity_id,
                at: `${at}.series.${k}.data_point_id`,
              });
          });
      }
    }),
  );
  return refs;
}

function problemsOf(refs: Ref[], known: ProjectRefs): ErrorDetails {
  const details: ErrorDetails = {};
  const add = (at: string, message: string) => addDetail(details, at, message);
  for (const ref of refs) {
    if (ref.kind === 'group') {
      if (!known.groups.has(ref.id)) add(ref.at, 'Unknown group');
    } else if (ref.kind === 'cross-section') {
      // A section deleted since stays named (its card says so): every save of the page would fail otherwise.
      if (known.foreignCrossSections.has(ref.id)) add(ref.at, 'Unknown cross section');
    } else if (ref.kind === 'data-point') {
      // A data point of another device of the project is as unknown to this series as a foreign one.
      if (known.dataPoints.get(ref.id) !== ref.entityId) add(ref.at, 'Unknown data point');
    } else {
      const type = known.entities.get(ref.id);
      if (!type) add(ref.at, 'Unknown device');
      else if (type !== ref.entityType) add(ref.typeAt, `The device is of type ${type}`);
    }
  }
  return details;
}

/**
 * A stored state module's data as the web app reads it: parsed by dashboardTreeSchema (the defaults
 * of fields added since it was saved filled in), or null when it is no tree, which the app shows as
 * an empty root page. The app need not load the schema to trust what it is given.
 */
export function readableTree(data: unknown): DashboardTree | null {
  const parsed = dashboardTreeSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * A state module's data as it is stored: parsed by dashboardTreeSchema (defaults filled), every
 * device, group and data point a card names one of the project's. Otherwise 400, with details
 * named by their path in the request body.
 */
export async function checkDashboardTree(db: Db, projectId: string, data: unknown): Promise<DashboardTree> {
  const parsed = dashboardTreeSchema.safeParse(data);
  if (!parsed.success) throw validationError('Invalid body', zodIssuesToDetails(parsed.error.issues, 'data'));
  const refs = refsOf(parsed.data);
  const pick = <K extends Ref['kind']>(kind: K) => refs.filter((r): r is Extract<Ref, { kind: K }> => r.kind === kind);
  const known = await findProjectRefs(db, projectId, {
    entities: pick('entity').map((r) => r.id),
    groups: pick('group').map((r) => r.id),
    dataPoints: pick('data-point').map((r) => r.id),
    crossSections: pick('cross-section').map((r) => r.id),
  });
  const details = problemsOf(refs, known);
  if (Object.keys(details).length)
    throw validationError(
      'The dashboard names devices, groups, data points or cross sections this project does not have',
      details,
    );
  return parsed.data;
}
