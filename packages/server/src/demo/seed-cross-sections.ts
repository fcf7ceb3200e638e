import type { FastifyInstance } from 'fastify';
import { crossSectionCreateBody } from '@vigil/domain';
import sharp from 'sharp';
import { crossSectionService } from '../services/ui/cross-section-service.ts';
import { mediaContext } from '../services/media/media-context.ts';
import { demoCrossSectionPlans, tracingDrawing } from './cross-section-plans.ts';
import { demoAdministrator, storeDemoFile } from './seed-media.ts';
import { seedSectionsPage } from './seed-sections-page.ts';
import { drawDemoSite } from './site-drawing.ts';
import { DEMO_PROJECTS } from './site.ts';

/**
 * The demo's cross sections (issue 24), through the services a user's edits go through: each with
 * its diagram, its as-built drawing uploaded as the tracing image, the site plan as its aerial image,
 * and its piezometers placed, so that a fresh start shows the phreatic surface; then the page of
 * sections under the safety-state overview. After the media.
 */
export async function seedDemoCrossSections(app: FastifyInstance): Promise<void> {
  const media = mediaContext(app);
  const sections = crossSectionService(app.db);
  try {
    for (const project of DEMO_PROJECTS) {
      const row = await app.db.selectFrom('projects').select('id').where('name', '=', project.name).executeTakeFirst();
      if (!row) continue;
      const actor = await demoAdministrator(app, row.id);
      const member = {
        userId: actor.userId,
        projectId: row.id,
        profileId: '',
        roles: [],
        activeRole: actor.activeRole,
      };
      const devices = new Map(
        (
          await app.db.selectFrom('monitored_entities').select(['id', 'eid']).where('project_id', '=', row.id).execute()
        ).map((d) => [d.eid, d.id]),
      );
      const sitePlan = await app.db
        .selectFrom('media_files')
        .select(['id', 'width', 'height'])
        .where('project_id', '=', row.id)
        .where('original_filename', '=', 'site-plan.png')
        .executeTakeFirst();
      const site = drawDemoSite(project.slug);
      const created: string[] = [];
      for (const [n, plan] of demoCrossSectionPlans(project.slug).entries()) {
        const tracing = await storeDemoFile(media, actor, {
          filename: `as-built-section-${n + 1}.png`,
          mimeType: 'image/png',
          bytes: await sharp(Buffer.from(tracingDrawing(plan)))
            .png()
            .toBuffer(),
          tags: ['drawing', 'cross section', 'as-built'],
          description: `As-built drawing, ${plan.name}`,
        });
        const section = await sections.create(
          member,
          'admin',
          crossSectionCreateBody.parse({
            name: plan.name,
            description: plan.description,
            distance: plan.distance,
            altitude_min: plan.altitudeMin,
            altitude_max: plan.altitudeMax,
            altitude_unit: plan.altitudeUnit,
            x0_location: { lat: plan.x0[1], lng: plan.x0[0] },
            x_max_location: { lat: plan.xMax[1], lng: plan.xMax[0] },
            diagram: plan.diagram,
            labels: plan.labels,
            sensors: plan.piezometers.flatMap((eid) =>
              devices.has(eid)
                ? [
                    {
                      id: eid,
                      device_id: devices.get(eid)!,
                      metric_type: 'calculated_metrics',
                      metric_field: 'piezometric_level',
                    },
                  ]
                : [],
            ),
            tracing_image: { file_id: tracing.id, opacity: 0.6, width: 4, height: 3 },
            topo_image:
              sitePlan && site
                ? {
                    file_id: sitePlan.id,
                    width: sitePlan.width,
                    height: sitePlan.height,
                    opacity: 1,
                    bounds: site.bounds,
                    coordinate: {
                      lat: (site.bounds.south + site.bounds.north) / 2,
                      lng: (site.bounds.west + site.bounds.east) / 2,
                    },
                  }
                : null,
          }),
        );
        created.push(section.id);
      }
      if (created[0]) await seedSectionsPage(app.db, row.id, created[0], actor.userId);
      await media.tasks.idle();
    }
  } finally {
    await media.storage.close();
  }
}
