import { randomInt } from 'node:crypto';
import {
  contactCreateBody,
  VERIFICATION_ATTEMPTS,
  VERIFICATION_CODE_MINUTES,
  type Contact,
  type ContactCreateBody,
  type ContactKind,
  type QuietHours,
} from '@vigil/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { fromJson, newId, toJson } from '../../db/values.ts';
import type { Actor } from '../../http/auth-hook.ts';
import { conflict, notFound, validationError } from '../../http/errors.ts';
import { listFromMemory, sameNamedColumns, type ListQueryInput, type ListSpec } from '../../http/list-query.ts';
import { tokenHash } from '../auth/secrets.ts';
import type { Channels } from './channels.ts';
import { localeOf, textsFor } from './call-out-texts.ts';
import { contactStore, type ContactRow } from './contact-store.ts';
import { findUserLocale } from './recipient-store.ts';

export function presentContact(row: ContactRow): Contact {
  return {
    id: row.id,
    user_id: row.user_id,
    kind: row.kind as ContactKind,
    address: row.address,
    verified_at: row.verified_at,
    quiet_hours: fromJson<QuietHours | null>(row.quiet_hours, null),
    created_at: row.created_at,
  };
}

const LIST_SPEC: ListSpec = {
  columns: sameNamedColumns(['id', 'user_id', 'kind', 'address', 'verified_at', 'created_at']),
  filters: ['id', 'user_id', 'kind'],
  defaultOrdering: 'created_at',
  tieBreaker: 'id',
};

const isAdministrator = (actor: Actor) => actor.activeRole?.name === 'Administrator';
/** The code is hashed with its contact's id, so that one code's hash says nothing of another contact's. */
const codeHash = (contactId: string, code: string) => tokenHash(`${contactId}:${code}`);

export const WRONG_CODE = 'This code is not the one sent';
export const CODE_SPENT = 'This code has expired or was entered wrongly too often: ask for a new one';

/**
 * Contacts (ADR 0050): a user's own, an administrator's for every member of their current project (a
 * phone number is personal: an administrator of another project sees none). A new contact
 * (and `send-code`) gets a six-digit code, kept hashed, sent to the address in the background so that
 * a slow provider never holds the request; the contact is used for alarms once the code is entered.
 */
export function contactService(db: Db, channels: Channels, log: FastifyBaseLogger, clock = () => new Date()) {
  const store = contactStore(db);
  /** whose contacts an administrator manages: the members of the project they are working in */
  const managedUserIds = async (actor: Actor): Promise<string[]> =>
    actor.projectId ? store.projectUserIds(actor.projectId) : [];

  /** The contact, if the actor may see it: their own, or any of the account's for an administrator. */
  async function visible(actor: Actor, id: string): Promise<ContactRow> {
    const row = await store.find(id);
    if (!row) throw notFound();
    if (row.user_id === actor.userId) return row;
    if (isAdministrator(actor) && (await managedUserIds(actor)).includes(row.user_id)) return row;
    throw notFound();
  }

  async function sendCode(row: ContactRow, projectId: string | null): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expires = new Date(clock().getTime() + VERIFICATION_CODE_MINUTES * 60_000).toISOString();
    await store.update(row.id, { code_hash: codeHash(row.id, code), code_expires_at: expires, code_attempts: 0 });
    const locale = await findUserLocale(db, projectId, row.user_id);
    const texts = textsFor(locale);
    const text = texts.code(code, VERIFICATION_CODE_MINUTES);
    // a call reads the digits one by one
    const spoken = texts.code(code.split('').join(', '), VERIFICATION_CODE_MINUTES);
    const message = {
      subject: texts.codeSubject,
      text,
      spoken,
      language: localeOf(locale),
      json: { type: 'verification', code },
    };
    // In the background: the answer does not wait for the provider; a failure is logged, and the
    // user asks for the code again.
    void channels
      .send(row.kind as ContactKind, row.address, message)
      .catch((error: unknown) => log.warn({ err: error, contactId: row.id }, 'call-out: verification code not sent'));
  }

  return {
    async list(actor: Actor, query: ListQueryInput) {
      const users = isAdministrator(actor) ? await managedUserIds(actor) : [actor.userId];
      return listFromMemory((await store.listOf(users)).map(presentContact), query, LIST_SPEC);
    },

    get: async (actor: Actor, id: string) => presentContact(await visible(actor, id)),

    async create(actor: Actor, input: ContactCreateBody): Promise<Contact> {
      const body = contactCreateBody.parse(input);
      const userId = body.user_id ?? actor.userId;
      if (userId !== actor.userId) {
        const allowed = isAdministrator(actor) && (await managedUserIds(actor)).includes(userId);
        if (!allowed) throw validationError('No such user', { user_id: ['No member of your project with this id'] });
      }
      const address = body.kind === 'email' ? body.address.toLowerCase() : body.address;
      const mine = await store.listOf([userId]);
      if (mine.some((c) => c.kind === body.kind && c.address === address))
        throw conflict('This contact exists already', { address: ['This contact exists already'] });
      const row: ContactRow = {
        id: newId(),
        user_id: userId,
        kind: body.kind,
        address,
        verified_at: null,
        quiet_hours: body.quiet_hours ? toJson(body.quiet_hours) : null,
        code_hash: null,
        code_expires_at: null,
        code_attempts: 0,
        created_at: clock().toISOString(),
      };
      await store.insert(row);
      await sendCode(row, actor.projectId);
      return presentContact(row);
    },

    async sendCode(actor: Actor, id: string): Promise<Contact> {
      const row = await visible(actor, id);
      if (row.verified_at) throw conflict('This contact is verified already');
      await sendCode(row, actor.projectId);
      return presentContact(row);
    },

    async verify(actor: Actor, id: string, code: string): Promise<Contact> {
      const row = await visible(actor, id);
      if (row.verified_at) return presentContact(row);
      const now = clock().toISOString();
      const spent =
        !row.code_hash ||
        !row.code_expires_at ||
        row.code_expires_at <= now ||
        row.code_attempts >= VERIFICATION_ATTEMPTS;
      if (spent) throw validationError(CODE_SPENT, { code: [CODE_SPENT] });
      if (codeHash(row.id, code) !== row.code_hash) {
        await store.update(row.id, { code_attempts: row.code_attempts + 1 });
        throw validationError(WRONG_CODE, { code: [WRONG_CODE] });
      }
      const verified = { verified_at: now, code_hash: null, code_expires_at: null, code_attempts: 0 };
      await store.update(row.id, verified);
      return presentContact({ ...row, ...verified });
    },

    async setQuietHours(actor: Actor, id: string, quiet: QuietHours | null): Promise<Contact> {
      const row = await visible(actor, id);
      const quiet_hours = quiet ? toJson(quiet) : null;
      await store.update(row.id, { quiet_hours });
      return presentContact({ ...row, quiet_hours });
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await store.remove((await visible(actor, id)).id);
    },
  };
}
