import { z } from 'zod';
import { idSchema } from './api.ts';

/**
 * Ingest keys (`/auth/api/v1/api-keys`, requirements#site-contracts, ADR 0035): credentials of a project's loggers and
 * gateways, sent as `Authorization: ApiKey <key>` to `POST /ingest/api/v1/payloads` and `imports` only.
 */

/** How a key is sent: `ApiKey <key>`; the key is `vk_<prefix>_<secret>`. */
export const API_KEY_SCHEME = 'ApiKey';

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the first characters of the key, shown to tell keys apart (the key itself is shown once) */
  prefix: z.string(),
  /** the devices the key may send for; empty: every device of the project */
  monitored_entity_ids: z.array(z.string()),
  created_at: z.string(),
  created_by: z.string().nullable(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_address: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a key's creation: the only time `key` is shown. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyCreateBody = z.strictObject({
  name: z.string().trim().min(1, 'Required').max(100),
  monitored_entity_ids: z.array(idSchema).max(5000).default([]),
  expires_at: z.iso
    .datetime({ offset: true, error: 'Enter an ISO-8601 date and time with its zone' })
    .nullable()
    .optional(),
});
export type ApiKeyCreateBody = z.input<typeof apiKeyCreateBody>;
