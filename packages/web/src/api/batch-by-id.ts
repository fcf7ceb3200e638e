import type DataLoader from 'dataloader';

/** Ids in one list call: 200 ids of 36 characters stay well inside the server's URL limit. */
const IDS_PER_CALL = 200;
/** How long a batch gathers: the cards of a page ask within one render, a few milliseconds. */
const GATHER_MS = 5;

/**
 * What the cards of a page ask for one id at a time within a few milliseconds (a device's limits, an
 * instrument's calibrations), sent as one list call with the ids joined: on a field link each call
 * costs a round trip and holds one of the browser's six connections. It only batches: TanStack
 * Query keeps the answers. `list` answers the items of some ids; `idOf` names an item's id.
 * DataLoader itself loads with the first id asked for: no first page waits for it. `sendNow` asks
 * for some ids at once, without gathering, so that a page's prefetch puts these small calls on the
 * wire before its larger ones; `load` of those ids then takes that call's answer.
 */
export function batchById<T>(list: (ids: readonly string[]) => Promise<T[]>, idOf: (item: T) => string | undefined) {
  let loader: Promise<DataLoader<string, T[]>> | undefined;
  const loaded = () => (loader ??= import('dataloader').then(({ default: Loader }) => newLoader(Loader, list, idOf)));
  const sent = new Map<string, Promise<T[]>>();
  const load = async (id: string) => sent.get(id) ?? (await loaded()).load(id);
  return {
    load,
    loadMany: (ids: readonly string[]) => Promise.all(ids.map((id) => load(id).catch((error: Error) => error))),
    sendNow(ids: readonly string[]) {
      const wanted = [...new Set(ids)].filter((id) => !sent.has(id));
      for (let i = 0; i < wanted.length; i += IDS_PER_CALL) {
        const part = wanted.slice(i, i + IDS_PER_CALL);
        const answer = listed(list, idOf, part);
        for (const id of part) {
          const items = answer.then((byId) => byId.get(id)!);
          // a failure is its loader's to report; an id nobody loads in the meantime leaves no unhandled rejection
          items.catch(() => undefined);
          sent.set(id, items);
        }
        // once answered, TanStack Query holds it: a later load asks again
        void answer.finally(() => part.forEach((id) => sent.delete(id))).catch(() => undefined);
      }
    },
  };
}

/** The items of some ids, by id (an id without items has none). */
async function listed<T>(
  list: (ids: readonly string[]) => Promise<T[]>,
  idOf: (item: T) => string | undefined,
  ids: readonly string[],
): Promise<Map<string, T[]>> {
  const byId = new Map<string, T[]>(ids.map((id) => [id, []]));
  for (const item of await list(ids)) byId.get(idOf(item) ?? '')?.push(item);
  return byId;
}

function newLoader<T>(
  Loader: typeof DataLoader,
  list: (ids: readonly string[]) => Promise<T[]>,
  idOf: (item: T) => string | undefined,
) {
  return new Loader<string, T[]>(
    async (ids) => {
      const byId = await listed(list, idOf, ids);
      return ids.map((id) => byId.get(id)!);
    },
    { cache: false, maxBatchSize: IDS_PER_CALL, batchScheduleFn: (send) => setTimeout(send, GATHER_MS) },
  );
}
