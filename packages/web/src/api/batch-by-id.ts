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
 * DataLoader itself loads with the first id asked for: no first page waits for it.
 */
export function batchById<T>(list: (ids: readonly string[]) => Promise<T[]>, idOf: (item: T) => string | undefined) {
  let loader: Promise<DataLoader<string, T[]>> | undefined;
  const loaded = () => (loader ??= import('dataloader').then(({ default: Loader }) => newLoader(Loader, list, idOf)));
  return {
    load: async (id: string) => (await loaded()).load(id),
    loadMany: async (ids: readonly string[]) => (await loaded()).loadMany(ids),
  };
}

function newLoader<T>(
  Loader: typeof DataLoader,
  list: (ids: readonly string[]) => Promise<T[]>,
  idOf: (item: T) => string | undefined,
) {
  return new Loader<string, T[]>(
    async (ids) => {
      const byId = new Map<string, T[]>(ids.map((id) => [id, []]));
      for (const item of await list(ids)) byId.get(idOf(item) ?? '')?.push(item);
      return ids.map((id) => byId.get(id)!);
    },
    { cache: false, maxBatchSize: IDS_PER_CALL, batchScheduleFn: (send) => setTimeout(send, GATHER_MS) },
  );
}
