import { idSchema, listBody } from '@vigil/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProject, type Access, type ProjectActor } from './auth-hook.ts';
import { listQuerySchema, filterText } from './list-query.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Params = z.ZodObject;

/** what a route without path parameters or query sees of them */
type NoParams = z.ZodObject<Record<string, never>>;
const itemIdParams = z.object({ id: idSchema });

/**
 * A route's call as its handler sees it: the caller's project and the path's parameters; the request
 * and reply for the few that read or set headers (If-Match, ETag).
 */
export interface ResourceCall<P> {
  actor: ProjectActor;
  params: P;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a route may say beyond the resource's defaults. */
export interface RouteNotes {
  access?: Access;
  description?: string;
}

/** A route that answers something else than the resource itself (a page, a selection of fields). */
interface AnswerNotes<Q extends z.ZodType> extends RouteNotes {
  query?: Q;
  answer?: z.ZodType;
}

export interface ResourceOptions<CP extends Params, IP extends Params> {
  tags: string[];
  /** who reads (list, get, history) and who writes (create, patch, delete), unless a route says otherwise */
  access: { read: Access; write: Access };
  /** the parameters of the collection's path; none by default */
  params?: CP;
  /** one item's path below the collection and its parameters; `/:id` by default */
  item?: { path: string; params: IP };
}

/** A list's query: paging, ordering and fields, plus a text filter for each of `names` (`?name=…`). */
export function textFilteredListQuery<const N extends string>(...names: N[]) {
  const filters = Object.fromEntries(names.map((name) => [name, filterText.optional()]));
  return listQuerySchema.extend(filters as Record<N, z.ZodOptional<typeof filterText>>);
}

/**
 * The routes of a project-scoped resource at `path` (e.g. `/journals`, `/instruments/:id/calibrations`),
 * answered as `schema`, declared the one way every service does (requirements#service-contracts): the access
 * level in `config.access`, the answers' schemas, 201 on create, 204 on delete, and the caller's project
 * from `requireProject`. Each method registers one route around a service call.
 */
export function resourceRoutes<CP extends Params = NoParams, IP extends Params = typeof itemIdParams>(
  app: App,
  path: string,
  schema: z.ZodObject,
  options: ResourceOptions<CP, IP>,
) {
  const { tags, access } = options;
  const collectionParams = options.params === undefined ? {} : { params: options.params };
  const itemPath = `${path}${options.item?.path ?? '/:id'}`;
  const itemParams = { params: options.item?.params ?? itemIdParams };
  type Collection = ResourceCall<z.infer<CP>>;
  type Item = ResourceCall<z.infer<IP>>;

  const routeOptions = (notes: RouteNotes, level: Access, routeSchema: Record<string, unknown>) => ({
    config: { access: notes.access ?? level },
    schema: { tags, ...routeSchema, ...(notes.description && { description: notes.description }) },
  });
  const querystring = (notes: { query?: z.ZodType }) => notes.query && { querystring: notes.query };
  const call = <P>(request: FastifyRequest, reply: FastifyReply): ResourceCall<P> => ({
    actor: requireProject(request),
    params: request.params as P,
    request,
    reply,
  });

  return {
    /** `GET path`: a page of the list (or `answer`, for lists that are not paged). */
    list<Q extends z.ZodType = NoParams>(
      notes: AnswerNotes<Q>,
      run: (call: Collection & { query: z.infer<Q> }) => Promise<unknown>,
    ) {
      const response = { 200: notes.answer ?? listBody(schema.partial()) };
      app.get(
        path,
        routeOptions(notes, access.read, { ...collectionParams, ...querystring(notes), response }),
        async (request, reply) => run({ ...call<z.infer<CP>>(request, reply), query: request.query as z.infer<Q> }),
      );
    },

    /** `POST path`: 201 with what was made (as the resource, or as `answer`). */
    create<B extends z.ZodType>(
      notes: RouteNotes & { body: B; answer?: z.ZodType },
      run: (call: Collection & { body: z.infer<B> }) => Promise<unknown>,
    ) {
      const response = { 201: notes.answer ?? schema };
      app.post(
        path,
        routeOptions(notes, access.write, { ...collectionParams, body: notes.body, response }),
        async (request, reply) => {
          const created = await run({ ...call<z.infer<CP>>(request, reply), body: request.body as z.infer<B> });
          return reply.code(201).send(created);
        },
      );
    },

    /** `GET item`: the resource (or `answer`, e.g. the fields a `query` selects). */
    get<Q extends z.ZodType = NoParams>(
      notes: AnswerNotes<Q>,
      run: (call: Item & { query: z.infer<Q> }) => Promise<unknown>,
    ) {
      const response = { 200: notes.answer ?? schema };
      app.get(
        itemPath,
        routeOptions(notes, access.read, { ...itemParams, ...querystring(notes), response }),
        async (request, reply) => run({ ...call<z.infer<IP>>(request, reply), query: request.query as z.infer<Q> }),
      );
    },

    /** `PATCH item`: the fields sent. */
    patch<B extends z.ZodType>(
      notes: RouteNotes & { body: B },
      run: (call: Item & { body: z.infer<B> }) => Promise<unknown>,
    ) {
      app.patch(
        itemPath,
        routeOptions(notes, access.write, { ...itemParams, body: notes.body, response: { 200: schema } }),
        async (request, reply) => run({ ...call<z.infer<IP>>(request, reply), body: request.body as z.infer<B> }),
      );
    },

    /** `DELETE item`: 204; `documentEmpty` declares the empty answer in the API reference. */
    remove(notes: RouteNotes & { documentEmpty?: boolean }, run: (call: Item) => Promise<void>) {
      const response = notes.documentEmpty && { response: { 204: z.null() } };
      app.delete(
        itemPath,
        routeOptions(notes, access.write, { ...itemParams, ...response }),
        async (request, reply) => {
          await run(call(request, reply));
          return reply.code(204).send(notes.documentEmpty ? null : undefined);
        },
      );
    },

    /** `GET item/history`: every change of the item, each as `entry`. */
    history(notes: RouteNotes & { entry: z.ZodType }, run: (call: Item) => Promise<unknown>) {
      const response = { 200: z.object({ objects: z.array(notes.entry) }) };
      app.get(
        `${itemPath}/history`,
        routeOptions(notes, access.read, { ...itemParams, response }),
        async (request, reply) => run(call(request, reply)),
      );
    },
  };
}
