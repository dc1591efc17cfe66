// Links each WebLLM model library with the web-llm runtime in node_modules (#35), the way the extension does:
// CreateMLCEngine fetches the model's config, then the library, and hands it to its own runtime
// (tvmjs.instantiate → WebAssembly.instantiate with the runtime's imports) before it looks for a GPU. No GPU is
// needed to link, so in Node the load stops at the GPU check, after the library linked or failed to.
// Usage: node scripts/webllm-link.mjs LIB_DIR FILE... → one JSON line per file:
//   { file, linked, missing: ["env.TVMWasmPackedCFunc", …], error }
// One process per library: web-llm's Emscripten glue installs process-wide handlers when it sees Node.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [dir, ...files] = process.argv.slice(2);
// One process per library: the runtime keeps module-wide state after a failed load.
if (files.length > 1) {
  for (const file of files) {
    const child = spawnSync(process.execPath, [process.argv[1], dir, file], { encoding: 'utf8' });
    process.stdout.write(
      child.stdout ||
        `${JSON.stringify({ file, linked: false, missing: null, error: child.stderr.slice(0, 300) })}\n`,
    );
  }
  process.exit(0);
}
const BASE = 'https://link-check.invalid/';
// What web-llm reads of a browser before it reaches the GPU check.
Object.assign(globalThis, { __dirname: '/', module: {}, location: { origin: BASE, href: BASE } });
const stored = new Map();
globalThis.caches = {
  open: async () => ({
    match: async (r) => stored.get(String(r?.url ?? r))?.clone(),
    add: async (r) => void stored.set(String(r?.url ?? r), await fetch(r)),
    put: async (r, res) => void stored.set(String(r?.url ?? r), res),
    keys: async () => [],
  }),
};
let library = null;
globalThis.fetch = async (request) => {
  const url = String(request?.url ?? request);
  if (url.endsWith('.wasm')) return new Response(library);
  if (url.endsWith('mlc-chat-config.json'))
    return Response.json({
      conv_template: {},
      tokenizer_files: ['tokenizer.json'],
      context_window_size: 4096,
    });
  return new Response('not here', { status: 404 });
};

// Seen at link time: the module the runtime instantiated and the imports it offered.
let seen = null;
const instantiate = WebAssembly.instantiate.bind(WebAssembly);
WebAssembly.instantiate = (source, imports) => {
  const bytes = ArrayBuffer.isView(source)
    ? Buffer.from(source.buffer, source.byteOffset, source.byteLength)
    : source instanceof ArrayBuffer
      ? Buffer.from(source)
      : null;
  if (bytes && library && Buffer.compare(bytes, library) === 0)
    seen = { module: new WebAssembly.Module(source), imports: imports ?? {} };
  return instantiate(source, imports);
};

const entry = createRequire(join(process.cwd(), 'package.json')).resolve('@mlc-ai/web-llm');
const { CreateMLCEngine } = await import(entry);

for (const file of files) {
  library = readFileSync(join(dir, file));
  seen = null;
  let error = '';
  try {
    const model = { model: `${BASE}m/resolve/0/`, model_id: file, model_lib: `${BASE}${file}` };
    await CreateMLCEngine(file, { appConfig: { model_list: [model] }, logLevel: 'SILENT' });
  } catch (e) {
    error = `${e?.name ?? 'Error'}: ${String(e?.message ?? e).slice(0, 300)}`;
  }
  const missing = seen
    ? WebAssembly.Module.imports(seen.module)
        .filter((i) => seen.imports[i.module]?.[i.name] === undefined)
        .map((i) => `${i.module}.${i.name}`)
    : null;
  const linked = seen !== null && missing.length === 0 && !/LinkError/.test(error);
  console.log(JSON.stringify({ file, linked, missing, error }));
}
process.exit(0);
