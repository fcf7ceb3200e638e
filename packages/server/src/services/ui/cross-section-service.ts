import {
  crossSectionCreateBody,
  mediaContentPath,
  type CrossSection,
  type CrossSectionFields,
  type CrossSectionHistoryItem,
  type CrossSectionPatchBody,
} from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { fromJson, newId, nowIso, toJson } from '../../db/values.ts';
import { addDetail, notFound, validationError, type ErrorDetails } from '../../http/errors.ts';
import { listBody, parseListQuery, type ListQueryInput } from '../../http/list-query.ts';
import { requireActingAs, type Member } from './project-access.ts';
import { CROSS_SECTION_LIST, crossSectionStore, type CrossSectionRow } from './cross-section-store.ts';

type Fields = Omit<CrossSectionFields, 'name'>;

/** A section's writable fields, without its id and its record of who made and changed it. */
function fieldsOf(section: CrossSection): CrossSectionFields {
  const { id: _id, created_at: _ca, created_by: _cb, modified_at: _ma, modified_by: _mb, ...fields } = section;
  return fields;
}

function presentCrossSection(row: CrossSectionRow): CrossSection {
  // Sections stored before a field existed get its default.
  const data = crossSectionCreateBody.parse({ ...fromJson<Partial<Fields>>(row.data, {}), name: row.name });
  return {
    id: row.id,
    ...data,
    created_at: row.created_at,
    created_by: row.created_by,
    modified_at: row.modified_at,
    modified_by: row.modified_by,
  };
}

/** Cross sections of a project (ADR 0028): members read; administrators and managers write. */
export function crossSectionService(db: Db) {
  const store = crossSectionStore(db);

  async function requireSection(projectId: string, id: string) {
    const row = await store.find(projectId, id);
    if (!row) throw notFound('Cross section not found');
    return row;
  }

  /**
   * Checks that sensors name the project's devices and images its media files, and fills what they
   * take from them: a sensor's title and location from its device, an image's url from its file.
   */
  async function resolve<T extends Partial<CrossSectionFields>>(projectId: string, fields: T): Promise<T> {
    const details: ErrorDetails = {};
    const out = { ...fields };
    if (fields.sensors) {
      const devices = new Map(
        (await store.devices(projectId, [...new Set(fields.sensors.map((s) => s.device_id))])).map((d) => [d.id, d]),
      );
      out.sensors = fields.sensors.map((sensor, i) => {
        const device = devices.get(sensor.device_id);
        if (!device) {
          addDetail(details, `sensors.${i}.device_id`, 'No such device in this project');
          return sensor;
        }
        const located = device.latitude !== null && device.longitude !== null;
        return {
          ...sensor,
          title: sensor.title || device.title,
          location: sensor.location ?? (located ? { lat: device.latitude!, lng: device.longitude! } : null),
        };
      });
    }
    const images = (['tracing_image', 'topo_image'] as const).filter((k) => fields[k]?.file_id);
    const files = await store.mediaFiles(
      projectId,
      images.map((k) => fields[k]!.file_id!),
    );
    for (const key of images) {
      const fileId = fields[key]!.file_id!;
      if (!files.has(fileId)) addDetail(details, `${key}.file_id`, 'No such uploaded file in this project');
    }
    if (out.tracing_image?.file_id)
      out.tracing_image = { ...out.tracing_image, url: mediaContentPath(out.tracing_image.file_id) };
    if (out.topo_image?.file_id) out.topo_image = { ...out.topo_image, url: mediaContentPath(out.topo_image.file_id) };
    if (Object.keys(details).length) throw validationError('Invalid cross section', details);
    return out;
  }

  const split = ({ name, ...data }: CrossSectionFields) => ({ name, data: data as Fields });

  return {
    async list(member: Member, input: ListQueryInput) {
      const query = parseListQuery(input, CROSS_SECTION_LIST);
      const { count, rows } = await store.list(member.projectId, query);
      return listBody(query, count, rows.map(presentCrossSection));
    },

    async get(member: Member, id: string) {
      return presentCrossSection(await requireSection(member.projectId, id));
    },

    async create(member: Member, username: string, body: CrossSectionFields) {
      requireActingAs(member, 'Administrator', 'Manager');
      const { name, data } = split(await resolve(member.projectId, body));
      const now = nowIso();
      const row = {
        id: newId(),
        project_id: member.projectId,
        name,
        data: toJson(data),
        created_at: now,
        created_by: username,
        modified_at: now,
        modified_by: username,
      };
      await store.insert(row, {
        id: newId(),
        cross_section_id: row.id,
        action: 'created',
        at: now,
        user_name: username,
        changes: toJson(
          Object.keys(body).map((field) => ({ field, old: null, new: body[field as keyof typeof body] })),
        ),
      });
      return presentCrossSection(row);
    },

    /** Changes only the fields sent; those that changed go in the history with their old values. */
    async patch(member: Member, username: string, id: string, body: CrossSectionPatchBody) {
      requireActingAs(member, 'Administrator', 'Manager');
      const before = presentCrossSection(await requireSection(member.projectId, id));
      const after = { ...before, ...(await resolve(member.projectId, body)) };
      const changes = Object.keys(body)
        .filter((field) => toJson(after[field as keyof CrossSection]) !== toJson(before[field as keyof CrossSection]))
        .map((field) => ({
          field,
          old: before[field as keyof CrossSection],
          new: after[field as keyof CrossSection],
        }));
      if (changes.length === 0) return before;
      const { name, data } = split(crossSectionCreateBody.parse(fieldsOf(after)));
      const now = nowIso();
      await store.update(
        member.projectId,
        id,
        { name, data: toJson(data), modified_at: now, modified_by: username },
        {
          id: newId(),
          cross_section_id: id,
          action: 'updated',
          at: now,
          user_name: username,
          changes: toJson(changes),
        },
      );
      return presentCrossSection(await requireSection(member.projectId, id));
    },

    async remove(member: Member, id: string) {
      requireActingAs(member, 'Administrator', 'Manager');
      await requireSection(member.projectId, id);
      await store.remove(member.projectId, id);
    },

    /** Who changed the section, when, and which fields (the old values kept). */
    async history(member: Member, id: string): Promise<{ objects: CrossSectionHistoryItem[] }> {
      await requireSection(member.projectId, id);
      return {
        objects: (await store.history(id)).map((h) => ({
          id: h.id,
          action: h.action,
          at: h.at,
          user: h.user_name,
          fields: fromJson<Array<{ field: string }>>(h.changes, []).map((c) => c.field),
        })),
      };
    },
  };
}
