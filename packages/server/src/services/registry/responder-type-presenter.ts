import type { ResponderTypeRecord } from './store.ts';

export interface ResponderTypeObject {
  id: string;
  name: string;
  title: string;
}

export const presentResponderType = (record: ResponderTypeRecord): ResponderTypeObject => ({
  id: record.id,
  name: record.name,
  title: record.title,
});
