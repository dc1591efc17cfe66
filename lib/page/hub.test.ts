// The two content scripts of a chat page meet whichever runs first (#36): the browser's order is not promised.
import { geminiAdapter } from '../sites/gemini/adapter';
import type { SiteAdapter } from '../sites/adapter';
import { offerAdapter, takeAdapter } from './hub';

afterEach(() => {
  Reflect.deleteProperty(globalThis, Symbol.for('engram.chatPage'));
  document.body.replaceChildren();
});

test('the site’s script first: the shared one starts with its adapter when it runs', () => {
  offerAdapter(geminiAdapter);
  const started: SiteAdapter[] = [];
  takeAdapter((a) => started.push(a), new AbortController().signal);
  expect(started).toEqual([geminiAdapter]);
});

test('the shared script first: it starts once the site’s script offers, and once only', () => {
  const started: SiteAdapter[] = [];
  takeAdapter((a) => started.push(a), new AbortController().signal);
  expect(started).toEqual([]);
  offerAdapter(geminiAdapter);
  offerAdapter(geminiAdapter);
  expect(started).toEqual([geminiAdapter]);
});

test('a shared script whose extension context ended starts nothing', () => {
  const started: SiteAdapter[] = [];
  const gone = new AbortController();
  takeAdapter((a) => started.push(a), gone.signal);
  gone.abort();
  offerAdapter(geminiAdapter);
  expect(started).toEqual([]);
});

test('a page element named like the hub cannot stand in for it', () => {
  const decoy = document.createElement('div');
  decoy.id = 'engram.chatPage';
  document.body.append(decoy);
  const started: SiteAdapter[] = [];
  takeAdapter((a) => started.push(a), new AbortController().signal);
  offerAdapter(geminiAdapter);
  expect(started).toEqual([geminiAdapter]);
});
