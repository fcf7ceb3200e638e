import type { ApiKeyCreateBody } from '@vigil/domain';
import { z } from 'zod';
import { isoFromLocal } from '../../../components/dates/local-date-time.ts';

/** A new ingest key as its form holds it: the expiry as a local date and time, blank for none. */
export const keyFormSchema = z
  .object({
    name: z.string().trim().min(1, 'required').max(100, 'tooLong'),
    scope: z.enum(['all', 'devices']),
    deviceIds: z.array(z.string()),
    expires: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.scope === 'devices' && values.deviceIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['deviceIds'], message: 'noDevice' });
    if (values.expires) {
      const iso = isoFromLocal(values.expires);
      if (!iso || Date.parse(iso) <= Date.now()) ctx.addIssue({ code: 'custom', path: ['expires'], message: 'past' });
    }
  });
export type KeyFormValues = z.infer<typeof keyFormSchema>;

export const emptyKeyForm = (): KeyFormValues => ({ name: '', scope: 'all', deviceIds: [], expires: '' });

/** What the creation sends: the devices only when the key is limited to some, the expiry in UTC. */
export function bodyOfKeyForm(values: KeyFormValues): ApiKeyCreateBody {
  return {
    name: values.name.trim(),
    monitored_entity_ids: values.scope === 'devices' ? values.deviceIds : [],
    expires_at: values.expires ? isoFromLocal(values.expires) : null,
  };
}
