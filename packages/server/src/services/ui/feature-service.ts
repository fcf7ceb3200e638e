import type { ProjectFeatures, RoleFeaturesPatchBody } from '@vigil/domain';
import type { Db, Dialect } from '../../db/connection.ts';
import { addDetail, notFound, validationError, type ErrorDetails } from '../../http/errors.ts';
import { presentProjectFeatures, presentRoleFeatures } from './feature-presenter.ts';
import { findProjectAttrsForUpdate, saveProjectAttrs } from './feature-store.ts';
import { requireActingAs, type Member } from './project-access.ts';
import { findProject, type ProjectRecord } from './project-store.ts';
import { findProjectRoles } from './role-store.ts';

/** What is wrong with a roleFeatures change, field by field (`folder.feature`); empty when nothing. */
function problemsOf(change: RoleFeaturesPatchBody, known: ProjectFeatures, roleIds: Set<string>): ErrorDetails {
  const details: ErrorDetails = {};
  for (const [folder, byFeature] of Object.entries(change)) {
    const features = known.features[folder];
    if (!features) {
      addDetail(details, folder, 'Unknown module folder');
      continue;
    }
    for (const [name, ids] of Object.entries(byFeature)) {
      const field = `${folder}.${name}`;
      const feature = features[name];
      if (!feature) addDetail(details, field, 'Unknown feature');
      // A grant only means something for a role-scoped feature; clearing one is always allowed.
      else if (feature.scope !== 'role' && ids.length) addDetail(details, field, 'Not a role-scoped feature');
      else {
        const unknown = ids.filter((id) => !roleIds.has(id));
        for (const id of unknown) addDetail(details, field, `Unknown role ${id}`);
      }
    }
  }
  return details;
}

/** The feature configuration of a project and which roles hold its role-scoped features. */
export function featureService(db: Db, dialect: Dialect) {
  async function requireProjectRecord(projectId: string): Promise<ProjectRecord> {
    const record = await findProject(db, projectId);
    if (!record) throw notFound();
    return record;
  }

  return {
    async get(member: Member): Promise<ProjectFeatures> {
      requireActingAs(member, 'Administrator');
      return presentProjectFeatures(await requireProjectRecord(member.projectId));
    },

    async updateRoleFeatures(member: Member, change: RoleFeaturesPatchBody): Promise<ProjectFeatures> {
      requireActingAs(member, 'Administrator');
      const known = presentProjectFeatures(await requireProjectRecord(member.projectId));
      const roleIds = new Set((await findProjectRoles(db, member.projectId)).map((r) => r.id));
      const details = problemsOf(change, known, roleIds);
      if (Object.keys(details).length) throw validationError('Invalid role features', details);

      await db.transaction().execute(async (trx) => {
        const attrs = await findProjectAttrsForUpdate(trx, member.projectId, dialect === 'postgres');
        if (!attrs) throw notFound();
        const stored = presentRoleFeatures(attrs.roleFeatures);
        for (const [folder, byFeature] of Object.entries(change)) {
          stored[folder] = { ...stored[folder] };
          for (const [name, ids] of Object.entries(byFeature)) stored[folder][name] = [...new Set(ids)];
        }
        await saveProjectAttrs(trx, member.projectId, { ...attrs, roleFeatures: stored });
      });
      return presentProjectFeatures(await requireProjectRecord(member.projectId));
    },
  };
}
