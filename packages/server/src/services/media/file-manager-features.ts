import { featuresOfModule, MODULE_FOLDERS, type FileManagerFeature } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import type { ProjectActor } from '../../http/auth-hook.ts';
import { forbidden } from '../../http/errors.ts';
import { featureAttrs } from '../ui/project-presenter.ts';
import { findProject } from '../ui/project-store.ts';

const FOLDER = MODULE_FOLDERS['file-manager'];

/**
 * The project's file manager features as the server enforces them (ADR 0025): read as the modules'
 * features answer them (module-service), so that the server refuses what the web app would not offer.
 */
export function fileManagerFeatures(db: Db) {
  return {
    /**
     * Refuses (403) a feature the project configures but does not give the caller's active role: a
     * role-scoped one not granted to it, or one switched off. A feature the project does not
     * configure is not limited.
     */
    async require(actor: ProjectActor, name: FileManagerFeature): Promise<void> {
      const project = await findProject(db, actor.projectId);
      if (!project) throw forbidden();
      const { features, roleFeatures } = featureAttrs(project);
      const feature = featuresOfModule(
        FOLDER,
        project.featureConfig,
        features,
        roleFeatures,
        actor.activeRole?.id ?? '',
      ).find((f) => f.name === name);
      if (feature && !feature.active) throw forbidden();
    },
  };
}

export type FileManagerFeatures = ReturnType<typeof fileManagerFeatures>;
