import { beforeEach, expect, test } from 'vitest';
import { EngramExport } from '../model/export';
import { conversation, event, memory, turn } from '../../test/helpers/records';
import { saveCapture } from './conversations';
import { deleteDb } from './db';
import { exportFileName, readExport } from './export';
import { writeMemory } from './memories';

beforeEach(deleteDb);

test('the export holds conversations with turns and memories with history, and validates', async () => {
  await saveCapture({ conversation: conversation(), turns: [turn()] });
  await writeMemory(memory(), event());
  await writeMemory(memory({ id: 'm2', text: 'Prefers tea.' }), event({ id: 'e2', memoryId: 'm2' }));
  const data = await readExport(new Date('2026-11-29T08:00:00Z'));
  expect(EngramExport.safeParse(JSON.parse(JSON.stringify(data))).success).toBe(true);
  expect(data).toMatchObject({ format: 'engram', version: 1, exportedAt: '2026-11-29T08:00:00.000Z' });
  expect(data.conversations[0]).toMatchObject({
    site: 'chatgpt',
    id: 'c1',
    turns: [{ id: 't1', role: 'user', text: 'Hello' }],
  });
  expect(data.memories.map((m) => [m.id, m.history.map((e) => e.id)])).toEqual([
    ['m1', ['e1']],
    ['m2', ['e2']],
  ]);
});

test('the file name carries the date', () => {
  expect(exportFileName(new Date('2026-03-04T23:00:00Z'))).toBe('engram-export-2026-03-04.json');
});
