import {
  eidSchema,
  type Attachment,
  type DeviceCreateBody,
  type DevicePatchBody,
  type DeviceProfile,
  type MetricDefinition,
} from '@vigil/domain';
import { z } from 'zod';

/** A number field's text: empty, or a finite number (typed with a comma or a point). */
const numberText = (check: (n: number) => boolean, message: string) =>
  z
    .string()
    .trim()
    .refine((text) => text === '' || (Number.isFinite(toNumber(text)) && check(toNumber(text))), message);

export const toNumber = (text: string) => Number(text.trim().replace(',', '.'));

/** The form of a device, as its fields hold it (numbers as text, so that a half-typed value is kept). */
export const deviceFormSchema = z
  .object({
    title: z.string().trim().min(1, 'required').max(200),
    eid: eidSchema,
    description: z.string().max(4000),
    schemeId: z.string().min(1, 'required'),
    interfaceNodeId: z.string(),
    sla: z
      .string()
      .trim()
      .refine((text) => /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 31_536_000, 'sla'),
    labels: z.array(z.string().trim().min(1).max(64)).max(50),
    maintenance_mode: z.boolean(),
    turned_off: z.boolean(),
    decommissioned: z.boolean(),
    context: z.record(
      z.string(),
      numberText(() => true, 'number'),
    ),
    attachments: z.array(z.custom<Attachment>()),
    latitude: numberText((n) => n >= -90 && n <= 90, 'latitude'),
    longitude: numberText((n) => n >= -180 && n <= 180, 'longitude'),
  })
  .superRefine((values, ctx) => {
    // A place needs both coordinates, or neither.
    if ((values.latitude === '') !== (values.longitude === ''))
      ctx.addIssue({ code: 'custom', path: [values.latitude === '' ? 'latitude' : 'longitude'], message: 'pair' });
  });
export type DeviceFormValues = z.infer<typeof deviceFormSchema>;

export const emptyDeviceForm = (): DeviceFormValues => ({
  title: '',
  eid: '',
  description: '',
  schemeId: '',
  interfaceNodeId: '',
  sla: '3600',
  labels: [],
  maintenance_mode: false,
  turned_off: false,
  decommissioned: false,
  context: {},
  attachments: [],
  latitude: '',
  longitude: '',
});

/**
 * A stored device as the form shows it; coordinates come as [longitude, latitude] (requirements#monitoring-entities).
 */
export function formOfDevice(device: DeviceProfile): DeviceFormValues {
  const [longitude, latitude] = device.location?.coordinates ?? [];
  return {
    title: device.title,
    eid: device.eid,
    description: device.description,
    schemeId: device.scheme?.id ?? '',
    interfaceNodeId: device.interface_node?.id ?? '',
    sla: String(device.contracted_sla_time),
    labels: device.labels,
    maintenance_mode: device.maintenance_mode,
    turned_off: device.turned_off,
    decommissioned: device.decommissioned,
    context: Object.fromEntries(Object.entries(device.context).map(([key, value]) => [key, String(value)])),
    attachments: device.attachments,
    latitude: latitude === undefined ? '' : String(latitude),
    longitude: longitude === undefined ? '' : String(longitude),
  };
}

/**
 * What a save sends: the form as a create body, coordinates turned into a GeoJSON point
 * (longitude first), only the context metrics the chosen scheme declares, interface nodes only
 * for instruments.
 */
export function bodyOfForm(
  values: DeviceFormValues,
  options: { contextMetrics: readonly MetricDefinition[]; instrument: boolean },
): DeviceCreateBody {
  const context: Record<string, number> = {};
  for (const metric of options.contextMetrics) {
    const text = values.context[metric.key]?.trim() ?? '';
    if (text !== '') context[metric.key] = toNumber(text);
  }
  return {
    title: values.title.trim(),
    eid: values.eid,
    description: values.description,
    scheme: values.schemeId,
    ...(options.instrument ? { interface_node: values.interfaceNodeId || null } : {}),
    location:
      values.latitude !== '' && values.longitude !== ''
        ? { type: 'Point', coordinates: [toNumber(values.longitude), toNumber(values.latitude)] }
        : null,
    context,
    contracted_sla_time: Number(values.sla),
    labels: values.labels,
    attachments: values.attachments,
    maintenance_mode: values.maintenance_mode,
    turned_off: values.turned_off,
  };
}

/** The fields of `next` that differ from `before`: a PATCH sends only what the user changed. */
export function changedFields(before: DeviceCreateBody, next: DeviceCreateBody): DevicePatchBody {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (JSON.stringify(value) !== JSON.stringify(before[key as keyof DeviceCreateBody])) changed[key] = value;
  }
  return changed as DevicePatchBody;
}
