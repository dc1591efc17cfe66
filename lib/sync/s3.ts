// S3-compatible storage (AWS, R2, B2, MinIO) signed with aws4fetch (SigV4 over fetch, ~2.5 kB). Path-style URLs,
// which every S3-compatible service accepts. ListObjectsV2 is read with a few regular expressions: a service worker
// has no DOMParser, and the reply's shape is fixed.
import { AwsClient } from 'aws4fetch';
import { BackendError, type Backend, type RemoteFile } from './backend';

export interface S3Config {
  /** e.g. https://s3.eu-west-1.amazonaws.com or https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  bucket: string;
  /** Folder inside the bucket, e.g. "engram/"; may be empty. */
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e] ?? '');

export function parseListPage(xml: string): { files: RemoteFile[]; next: string | null } {
  const files: RemoteFile[] = [];
  for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const body = m[1] ?? '';
    const key = /<Key>([\s\S]*?)<\/Key>/.exec(body)?.[1];
    const size = /<Size>(\d+)<\/Size>/.exec(body)?.[1];
    const tag = /<ETag>([\s\S]*?)<\/ETag>/.exec(body)?.[1];
    if (key !== undefined)
      files.push({ path: unescapeXml(key), size: Number(size ?? 0), tag: tag ? unescapeXml(tag) : null });
  }
  const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
  const token = /<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(xml)?.[1];
  return { files, next: truncated && token ? unescapeXml(token) : null };
}

export class S3Backend implements Backend {
  private readonly aws: AwsClient;
  private readonly bucketUrl: string;
  private readonly prefix: string;

  constructor(config: S3Config) {
    const { accessKeyId, secretAccessKey, region } = config;
    this.aws = new AwsClient({ accessKeyId, secretAccessKey, region, service: 's3' });
    this.bucketUrl = `${config.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(config.bucket)}`;
    this.prefix = config.prefix && !config.prefix.endsWith('/') ? `${config.prefix}/` : config.prefix;
  }

  private objectUrl(path: string): string {
    return `${this.bucketUrl}/${(this.prefix + path).split('/').map(encodeURIComponent).join('/')}`;
  }

  private async call(
    op: string,
    path: string,
    url: string,
    init: RequestInit,
    ok: number[] = [],
  ): Promise<Response> {
    let res: Response;
    try {
      res = await this.aws.fetch(url, init);
    } catch {
      // Idempotent calls only: one retry for a kept-alive connection the server closed meanwhile (see webdav.ts).
      try {
        res = await this.aws.fetch(url, init);
      } catch (e) {
        throw new BackendError(op, path, null, e instanceof Error ? e.message : String(e));
      }
    }
    if (!res.ok && !ok.includes(res.status)) {
      const detail = (await res.text()).slice(0, 200);
      throw new BackendError(op, path, res.status, `HTTP ${res.status} ${detail}`);
    }
    return res;
  }

  /** Objects under a key prefix; with `flat`, only those directly in that folder (delimiter "/"). */
  private async listUnder(under: string, flat = false): Promise<RemoteFile[]> {
    const out: RemoteFile[] = [];
    let token: string | null = null;
    do {
      const q = new URLSearchParams({ 'list-type': '2', prefix: this.prefix + under });
      if (flat) q.set('delimiter', '/');
      if (token) q.set('continuation-token', token);
      const res = await this.call('list', under || '/', `${this.bucketUrl}?${q}`, { method: 'GET' });
      const page = parseListPage(await res.text());
      out.push(...page.files.map((f) => ({ ...f, path: f.path.slice(this.prefix.length) })));
      token = page.next;
    } while (token);
    return out;
  }

  list(folder: string): Promise<RemoteFile[]> {
    return this.listUnder(`${folder}/`, true);
  }

  async get(path: string): Promise<Uint8Array | null> {
    const res = await this.call('get', path, this.objectUrl(path), { method: 'GET' }, [404]);
    return res.status === 404 ? null : new Uint8Array(await res.arrayBuffer());
  }

  async put(path: string, bytes: Uint8Array): Promise<void> {
    await this.call('put', path, this.objectUrl(path), { method: 'PUT', body: bytes as BodyInit });
  }

  async delete(path: string): Promise<void> {
    const paths = path.endsWith('/') ? (await this.listUnder(path)).map((f) => f.path) : [path];
    for (const p of paths) await this.call('delete', p, this.objectUrl(p), { method: 'DELETE' }, [404]);
  }
}

export function s3Backend(config: S3Config): S3Backend {
  return new S3Backend(config);
}
