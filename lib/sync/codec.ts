// gzip JSON lines through the platform's CompressionStream: the same code in a service worker, a page and Node 20,
// and no library. A stream cut short throws here, so a truncated file is never read as a shorter one.

async function pipe(
  bytes: Uint8Array,
  through: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(through);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function gzipLines(lines: unknown[]): Promise<Uint8Array> {
  const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  return pipe(new TextEncoder().encode(text), new CompressionStream('gzip'));
}

export async function gunzipLines(bytes: Uint8Array): Promise<unknown[]> {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(
    await pipe(bytes, new DecompressionStream('gzip')),
  );
  if (!text.endsWith('\n')) throw new Error('Cut short: the last line is unfinished');
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
}
