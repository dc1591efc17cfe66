// #25 item 2: the past index holds only redacted text. Pieces used to be cut first and redacted after (on the
// block's way out), so a piece holding a private key's body without its BEGIN line, or a password whose "the
// password is:" ended the piece before, was quoted as it was, and the index on disk held every secret.
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { describe, expect, test } from 'vitest';
import { redact } from '../pipeline/redact';
import { countTokens } from '../tokens';
import { PAST_SCHEMA, PastEngine } from './engine';
import { hitText } from './lines';
import { passagesOf, type PastTurn } from './passages';

// A 2048-bit RSA key's shape: its first bytes, 24 lines of 64 base64 letters, a short last line (made up).
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
let seed = 7;
const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const line = () => Array.from({ length: 64 }, () => ALPHABET[Math.floor(next() * 64)]).join('');
const BODY = [
  'MIIEowIBAAKCAQEA' + line().slice(16),
  ...Array.from({ length: 24 }, line),
  'q4pZ0A69HvB/IRHo6dBFJOiIKGZSGgub==',
];
const KEY = `-----BEGIN RSA PRIVATE KEY-----\n${BODY.join('\n')}\n-----END RSA PRIVATE KEY-----`;
const PASSWORD = 'CorrectHorse-7731';
const SECRETS = [...BODY, PASSWORD, PASSWORD.toLowerCase()];

const turn = (i: number, text: string): PastTurn => ({
  key: `c:t${i}`,
  conversationKey: 'c',
  who: i % 2 ? 'Assistant' : 'Me',
  role: i % 2 ? 'assistant' : 'user',
  text,
  at: '2026-06-01T09:00:00.000Z',
});

// Prose before the key moves where the 80-word passages and the 12-word pieces cut it: with 38, 39, 49, 50, 60
// or 61 words, a piece (or a whole passage) held one or two body lines and nothing a redaction could read.
const CHATS = Array.from({ length: 90 }, (_, n) => [
  `${Array.from({ length: n }, (_, i) => `word${i}`).join(' ')}. Here is the staging deploy key, keep it safe:\n${KEY}\nUse it with ssh -i for the staging host.`,
  `The router at home needs a reset. Log in as admin, and the password is:\n${PASSWORD} then pick the wifi tab and change the staging channel to 11.`,
]);

// Loaded while the file loads, with the token encoder the passages are counted by: one-time costs that would
// otherwise fall inside the first test (test/helpers/engines.ts, #33).
const loaded = await sqlite3InitModule();
await countTokens('');

async function database() {
  return { sqlite: loaded, db: new loaded.oo1.DB(':memory:') };
}

/** The file's bytes as they would be on disk, read as text: free pages included. */
const fileText = (
  sqlite: Awaited<ReturnType<typeof sqlite3InitModule>>,
  db: InstanceType<typeof sqlite.oo1.DB>,
) => new TextDecoder('latin1').decode(sqlite.capi.sqlite3_js_db_export(db));

const leaks = (text: string) => SECRETS.filter((s) => text.includes(s));

describe('the past index holds only redacted text', () => {
  test('no quote, stored passage, stored term or byte of the file holds a key body or a password', async () => {
    const { sqlite, db } = await database();
    const engine = new PastEngine(db);
    engine.open(true);
    CHATS.forEach((texts, c) =>
      engine.putConversation(
        `c${c}`,
        passagesOf(
          texts.map((t, i) => ({ ...turn(i, t), conversationKey: `c${c}` })),
          true,
        ),
      ),
    );
    for (const query of ['staging deploy key', 'router password wifi', 'ssh host', 'admin reset'])
      for (const hit of engine.query(query, { limit: 500, skipConversation: null }))
        // As the block shows it: the line, after the block's own redaction.
        expect(leaks(redact(hitText(hit)).text), `${query}: ${hit.id}`).toEqual([]);
    expect(leaks(db.selectValues('SELECT text FROM passages').join('\n'))).toEqual([]);
    const vocabulary = new Set(db.selectValues('SELECT term FROM vocab').map(String));
    expect(SECRETS.map((s) => s.toLowerCase()).filter((s) => vocabulary.has(s))).toEqual([]);
    expect(vocabulary.has('correcthors')).toBe(false);
    expect(leaks(fileText(sqlite, db))).toEqual([]);
  });

  test('an index of schema 3, which held the secrets, leaves none in the file once opened', async () => {
    const { sqlite, db } = await database();
    const engine = new PastEngine(db);
    engine.open();
    // Enough conversations that the new schema's tables cannot take over every page the old rows freed.
    CHATS.forEach((texts, c) =>
      engine.putConversation(
        `c${c}`,
        passagesOf(
          texts.map((t, i) => turn(i, t)),
          false,
        ),
      ),
    );
    db.exec(`UPDATE meta SET value = '${PAST_SCHEMA - 1}' WHERE key = 'schema'`);
    expect(leaks(fileText(sqlite, db)).length).toBeGreaterThan(0);
    expect(new PastEngine(db).open(true)).toBe(true);
    expect(leaks(fileText(sqlite, db))).toEqual([]);
  });

  // Settings → Redact secrets: turning it on takes the secrets out of the file; turning it off asks for turns
  // quoted as written. An index built the other way opens empty, to be rebuilt (lib/background/recall/past-index.ts).
  test('an index built under the other "Redact secrets" choice opens empty', async () => {
    const { sqlite, db } = await database();
    const put = (engine: PastEngine, redacted: boolean) =>
      engine.putConversation(
        'c',
        passagesOf(
          CHATS[0]!.map((t, i) => turn(i, t)),
          redacted,
        ),
      );
    const off = new PastEngine(db);
    expect(off.open(false)).toBe(true);
    put(off, false);
    expect(leaks(db.selectValues('SELECT text FROM passages').join('\n')).length).toBeGreaterThan(0);
    expect(new PastEngine(db).open(false)).toBe(false);
    expect(new PastEngine(db).open()).toBe(false);
    const on = new PastEngine(db);
    expect(on.open(true)).toBe(true);
    expect(leaks(fileText(sqlite, db))).toEqual([]);
    put(on, true);
    expect(new PastEngine(db).open(true)).toBe(false);
    expect(new PastEngine(db).open(false)).toBe(true);
  });

  test('Delete everything leaves no turn in the file', async () => {
    const { sqlite, db } = await database();
    const engine = new PastEngine(db);
    engine.open(false);
    engine.putConversation(
      'c',
      passagesOf(
        CHATS[0]!.map((t, i) => turn(i, t)),
        false,
      ),
    );
    engine.clear();
    expect(fileText(sqlite, db)).not.toContain('router at home');
  });
});
