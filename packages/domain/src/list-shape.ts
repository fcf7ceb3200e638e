/**
 * The list shape's sizes and type, apart from its schema (api.ts): the web app's entry reads them
 * without loading zod.
 */
export const LIST_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

/** The list shape: `{count, page, paginate_by, objects}`. */
export interface ListBody<T> {
  count: number;
  page: number;
  paginate_by: number;
  objects: T[];
}
