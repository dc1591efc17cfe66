// An S3 *emulator* (s3rver, npm) for the S3 backend's tests: it checks SigV4 signatures and speaks ListObjectsV2,
// but it is not AWS; the README says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { Running } from './process';

export const S3_KEY = 'S3RVER';
export const S3_SECRET = 'S3RVER';

export async function startS3(bucket: string): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    stop: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
