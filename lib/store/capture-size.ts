// How much a capture would add to the store (#25: a page could fill IndexedDB, the past index and the sync storage
// through captureTurns): the turns it would write, new or with new text, and their UTF-8 bytes. The same rule as
// putCapture: a partial read only adds turns not yet stored; a whole branch also rewrites a turn whose text changed.
import type { CaptureWrite } from './conversations';
import { db } from './db';

export interface Growth {
  turns: number;
  bytes: number;
}

const utf8 = new TextEncoder();

export async function captureGrowth(write: CaptureWrite, complete: boolean): Promise<Growth> {
  const stored = await db().turns.bulkGet(write.turns.map((t) => t.key));
  const growth: Growth = { turns: 0, bytes: 0 };
  write.turns.forEach((t, i) => {
    const old = stored[i];
    if (old && (!complete || old.text === t.text)) return;
    growth.turns++;
    growth.bytes += utf8.encode(t.text).length;
  });
  return growth;
}
