import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** A real S3-protocol server on loopback for tests (s3rver), with one bucket; the network is closed. */
export async function startTestS3(bucket = 'vigil-media') {
  const directory = mkdtempSync(join(tmpdir(), 'vigil-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  return {
    /** S3_URL of the bucket, with s3rver's fixed credentials */
    url: `http://S3RVER:S3RVER@127.0.0.1:${address.port}/${bucket}`,
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
