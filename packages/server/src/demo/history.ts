import { setImmediate as yieldToIo } from 'node:timers/promises';
import { compileSchemeSpec, type MetricLimit } from '@vigil/domain';
import { fromJson } from '../db/values.ts';
import { compileScheme, numericContext } from '../services/ingest/metric-rules.ts';
import { MAX_PAYLOADS } from '../services/ingest/payload-shape.ts';
import { ingestPayloads, type IngestHost } from '../services/ingest/pipeline.ts';
import { calibrationTimeline, sensorOutput } from './calibrations.ts';
import { deviceModel, type DeviceModel } from './device-models.ts';
import { DEMO_DEVICE_SITES } from './devices.ts';
import { latestDeviceReadAt } from './latest-device-readings.ts';
import { climateOf, DAY_MS, hashString, MINUTE_MS } from './signals.ts';

/** A demo device as the history and the simulator see it. */
export interface DemoInstrument {
  projectId: string;
  projectSlug: string;
  entityId: string;
  eid: string;
  /** minutes between readings in the device's contract (the catalogue's cadence) */
  cadenceMs: number;
  /** coarser for the 90 days of history, so that the seed stays quick */
  historyCadenceMs: number;
  active: boolean;
  installedAt: number;
  latestReadAt: number | null;
  context: Record<string, number>;
  limits: MetricLimit[];
  model: DeviceModel;
}

const isLimit = (l: unknown): l is MetricLimit =>
  !!l &&
  typeof l === 'object' &&
  typeof (l as MetricLimit).metric === 'string' &&
  typeof (l as MetricLimit).value === 'number';

/**
 * The demo devices present in the database: every entity of a demo project whose eid the demo
 * catalogue (demo/devices.ts) describes. The database gives ids, schemes, context, limits and data
 * points; the catalogue adds what a database does not hold: baselines, noise and cadence.
 */
export async function loadDemoInstruments(app: Pick<IngestHost, 'db'>): Promise<DemoInstrument[]> {
  const slugs = Object.keys(DEMO_DEVICE_SITES);
  const projects = await app.db
    .selectFrom('projects')
    .select(['id', 'slug', 'places'])
    .where('slug', 'in', slugs)
    .execute();
  if (!projects.length) return [];
  const projectIds = projects.map((p) => p.id);
  const [entities, schemes, dataPoints] = await Promise.all([
    app.db
      .selectFrom('monitored_entities as e')
      .leftJoin('entity_payload_times as p', 'p.entity_id', 'e.id')
      .select(['e.id', 'e.project_id', 'e.eid', 'e.scheme_id', 'e.context', 'e.metric_limits', 'e.interface_node_id'])
      .select(['e.latitude', 'e.longitude', 'p.latest_payload_read_at', 'e.turned_off', 'e.decommissioned'])
      .select('e.created_at')
      .where('e.project_id', 'in', projectIds)
      .execute(),
    app.db.selectFrom('schemes').select(['id', 'name', 'type', 'spec']).where('project_id', 'in', projectIds).execute(),
    app.db
      .selectFrom('data_points')
      .select(['id', 'entity_id', 'identifier'])
      .where('project_id', 'in', projectIds)
      .execute(),
  ]);
  const latestSent = await latestDeviceReadAt(
    app.db,
    projectIds,
    new Map(entities.map((e) => [e.id, e.latest_payload_read_at])),
  );
  const schemeById = new Map(schemes.map((s) => [s.id, s]));
  const eidById = new Map(entities.map((e) => [e.id, e.eid]));
  const out: DemoInstrument[] = [];
  for (const entity of entities) {
    const project = projects.find((p) => p.id === entity.project_id)!;
    const site = DEMO_DEVICE_SITES[project.slug]!;
    const device = site.devices.find((d) => d.eid === entity.eid);
    const scheme = entity.scheme_id ? schemeById.get(entity.scheme_id) : undefined;
    if (!device || !scheme) continue;
    const place = fromJson<Array<{ lat?: number; lon?: number }>>(project.places, [])[0];
    const channels = device.dataPoints.length
      ? dataPoints
          .filter((p) => p.entity_id === entity.id)
          .flatMap((p) => {
            const planned = device.dataPoints.find((d) => d.identifier === p.identifier);
            return planned ? [{ dataPointId: p.id, baseline: planned.baseline }] : [];
          })
      : [{ dataPointId: '', baseline: device.baseline }];
    if (!channels.length) continue;
    const limits = [
      ...fromJson<unknown[]>(entity.metric_limits, []),
      ...(fromJson<{ metric_limits?: unknown[] }>(scheme.spec, {}).metric_limits ?? []),
    ].filter(isLimit);
    const cadenceMs = Math.max(1, device.cadenceMinutes) * MINUTE_MS;
    const catalogued = site.schemes.find((s) => s.name === scheme.name);
    // A sensor sending digits: the physics runs in engineering units and its calibration sheets give the digits.
    const sensor = catalogued?.sensor;
    // ... to the decimals of digits the scheme records
    const digits = catalogued?.spec.metrics.raw_metrics.find((m) => m.key === 'reading')?.decimals;
    const installedAt = Date.parse(entity.created_at);
    out.push({
      projectId: project.id,
      projectSlug: project.slug,
      context: numericContext(entity.context),
      limits,
      entityId: entity.id,
      eid: entity.eid,
      cadenceMs,
      // Data loggers and weather stations report every 10 minutes and chains have a dozen nodes:
      // history keeps to half-hourly readings (hourly for chains), well within the seed's budget.
      historyCadenceMs: Math.max(cadenceMs, 30 * MINUTE_MS) * (channels.length > 1 ? 2 : 1),
      active: !entity.turned_off && !entity.decommissioned,
      installedAt,
      latestReadAt: latestSent.get(entity.id) ? Date.parse(latestSent.get(entity.id)!) : null,
      model: deviceModel({
        key: `${project.slug}/${entity.eid}`,
        schemeType: scheme.type,
        scheme: sensor ? compileSchemeSpec(sensor.physics) : compileScheme(scheme.spec),
        context: numericContext(entity.context),
        limits,
        channels,
        noise: catalogued?.noise ?? {},
        sensor: sensor && sensorOutput(sensor.output, calibrationTimeline(device, installedAt), digits),
        site: {
          key: hashString(project.slug),
          climate: climateOf(project.slug),
          latitude: entity.latitude ?? place?.lat ?? 0,
          longitude: entity.longitude ?? place?.lon ?? 0,
        },
        loggerKey: entity.interface_node_id ? `${project.slug}/${eidById.get(entity.interface_node_id)}` : null,
      }),
    });
  }
  return out;
}

export interface HistoryOptions {
  /** the end of the history (default: now) */
  now?: number;
  days?: number;
  signal?: AbortSignal;
}

const WINDOW_MS = 3 * DAY_MS;

/**
 * Back-fills each demo device from its latest reading (or `days` ago) to now at its history cadence,
 * through the ingest pipeline, in batches of up to 5000 readings, oldest first: an interrupted seed
 * resumes where it stopped. Yields to pending requests between batches. Returns the readings stored.
 */
export async function seedHistory(app: IngestHost, options: HistoryOptions = {}): Promise<number> {
  const now = options.now ?? Date.now();
  const from = now - (options.days ?? 90) * DAY_MS;
  const devices = (await loadDemoInstruments(app)).filter((d) => d.active);
  let stored = 0;
  for (const projectId of new Set(devices.map((d) => d.projectId))) {
    const mine = devices.filter((d) => d.projectId === projectId);
    for (let windowStart = from; windowStart < now; windowStart += WINDOW_MS) {
      const windowEnd = Math.min(now, windowStart + WINDOW_MS);
      const payloads: unknown[] = [];
      for (const device of mine) {
        const step = device.historyCadenceMs;
        const first = Math.max(windowStart, device.installedAt, (device.latestReadAt ?? -Infinity) + 1);
        // windows are [start, end), the last one [start, now]
        for (let t = Math.ceil(first / step) * step; t < windowEnd || t === now; t += step) {
          const readAt = new Date(t).toISOString();
          for (const reading of device.model.toPayload(device.model.readingsAt(t, step) ?? [], t))
            payloads.push({ eid: device.eid, read_at: readAt, ...reading });
        }
      }
      for (let i = 0; i < payloads.length; i += MAX_PAYLOADS) {
        if (options.signal?.aborted) return stored;
        stored += (await ingestPayloads(app, projectId, payloads.slice(i, i + MAX_PAYLOADS), 'history')).accepted;
        await yieldToIo();
      }
    }
  }
  return stored;
}
