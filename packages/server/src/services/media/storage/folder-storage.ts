import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { MediaStorage } from './storage-port.ts';

/** Media bytes in a folder: one file per key, written whole to a temporary name and then renamed. */
export function folderStorage(root: string): MediaStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error('media key outside the storage folder');
    return path;
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.writing`;
      if ('path' in body) await copyFile(body.path, temporary);
      else await writeFile(temporary, body.bytes);
      await rename(temporary, path);
    },
    async read(key, range) {
      const path = pathOf(key);
      const exists = await stat(path).then(
        (s) => s.isFile(),
        () => false,
      );
      return exists ? createReadStream(path, range) : null;
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    async close() {},
  };
}
