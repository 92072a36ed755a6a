import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../platform/config';
import { createS3Client } from '../platform/storage/blob-store';

/** The stand-in's one account (s3rver's default). */
export const S3_STAND_IN_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** The CORS rule decision 0036 asks of an institute's bucket: browsers PUT and GET from the portal's origin. */
export const BUCKET_CORS_XML = [
  '<CORSConfiguration><CORSRule>',
  '<AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>PUT</AllowedMethod>',
  '<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3600</MaxAgeSeconds>',
  '</CORSRule></CORSConfiguration>',
].join('');

export interface S3StandIn {
  /** http://127.0.0.1:{port} */
  endpoint: string;
  /** The server's S3_* for one of the stand-in's buckets (the first by default). */
  config(bucket?: string): S3Config;
  /** The environment a server process takes: S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_BUCKET. */
  env(bucket?: string): Record<string, string>;
  /** An SDK client on the stand-in, to look at what is stored. */
  client(): S3Client;
  close(): Promise<void>;
}

/**
 * An S3-compatible server from npm (@20minutes/s3rver) on loopback, in-process, its objects in a
 * temporary folder: the buckets named are there at start with the CORS rule. It checks SigV4
 * signatures (presigned URLs included). Its one quirk: bucket-level calls of the current SDK
 * (CreateBucket, HeadBucket, PutBucketCors: a path ending in "/") fail its signature check, so
 * buckets are made here rather than by the server.
 */
export async function startS3StandIn({ buckets = ['invigil-test'] }: { buckets?: string[] } = {}): Promise<S3StandIn> {
  const directory = mkdtempSync(join(tmpdir(), 'invigil-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [BUCKET_CORS_XML] })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config = (bucket = buckets[0] ?? 'invigil-test'): S3Config => ({ endpoint, region: 'us-east-1', ...S3_STAND_IN_KEYS, bucket, corsOrigins: ['*'] });
  return {
    endpoint,
    config,
    env: (bucket) => {
      const chosen = config(bucket);
      return { S3_ENDPOINT: chosen.endpoint, S3_ACCESS_KEY_ID: chosen.accessKeyId, S3_SECRET_ACCESS_KEY: chosen.secretAccessKey, S3_BUCKET: chosen.bucket };
    },
    client: () => createS3Client(config()),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
