import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { MediaStorage } from './storage-port.ts';

/** Where S3_URL points: endpoint, bucket, key prefix and any credentials it carries. */
export function parseS3Url(s3Url: string) {
  const url = new URL(s3Url);
  const [bucket, ...prefix] = url.pathname.split('/').filter(Boolean);
  const credentials =
    url.username && url.password
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined;
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket: bucket!,
    prefix: prefix.length > 0 ? `${prefix.join('/')}/` : '',
    credentials,
  };
}

/** Media bytes in an S3-compatible bucket, addressed path-style (MinIO, Ceph, Garage and AWS alike). */
export function s3Storage(s3Url: string, region: string): MediaStorage {
  const { endpoint, bucket, prefix, credentials } = parseS3Url(s3Url);
  const client = new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    // Checksums only where S3 requires them: the SDK's default aws-chunked trailers on streamed bodies
    // are not understood by every S3-compatible server (they would be stored as part of the object).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(credentials ? { credentials } : {}),
  });
  const objectKey = (key: string) => `${prefix}${key}`;
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          ContentType: contentType,
          ...('path' in body
            ? { Body: createReadStream(body.path), ContentLength: body.size }
            : { Body: body.bytes, ContentLength: body.bytes.length }),
        }),
      );
    },
    async read(key, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return (object.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove(keys) {
      if (keys.length === 0) return;
      await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: keys.map((key) => ({ Key: objectKey(key) })), Quiet: true },
        }),
      );
    },
    async close() {
      client.destroy();
    },
  };
}
