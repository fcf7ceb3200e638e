import { readFileSync } from 'node:fs';

/** The server's release, from its package.json: reported by /healthz, the API docs and /microservices. */
export const VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
