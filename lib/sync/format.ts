// The remote format (docs/sync.md), version 2. Added to only: new fields are optional, new versions get a new
// number, and a reader never guesses at a version newer than its own (it stops and says "update Engram").
// Version 2 (#25): every header names its own file (epoch, device and number, or snapshot and part), inside the
// encryption, so a server that serves one file under another's name is caught (lib/sync/bind.ts).
// `by` (#38): the Engram version that wrote a file, so a reader can tell a record from a newer Engram (a site or a
// field it does not know yet: held, lib/sync/held.ts) from a broken one (refused).
import { z } from 'zod/mini';
import { Conversation, Memory, MemoryEvent, Turn } from '../model/records';
import { isHlc } from './hlc';

export const FORMAT = 'engram-sync';
export const FORMAT_VERSION = 2;

export const Hlc = z.string().check(z.refine(isHlc, 'hybrid logical clock'));
/** Random lowercase hex: device and epoch ids say nothing about the person. */
export const RandomId = z.string().check(z.regex(/^[a-f0-9]{16}$/));
/** A snapshot's id: its time in base 36, then its device (lib/sync/layout.ts snapId). */
const SNAP_ID = /^[a-z0-9]{9}-[a-f0-9]{16}$/;

const common = { id: z.string().check(z.minLength(1)), hlc: Hlc, dev: RandomId };

/** A memory change: the store's own event (before/after snapshots), plus the versions it was made from. */
export const MemEvent = z.object({
  t: z.literal('mem'),
  ...common,
  bases: z.array(z.string()),
  ev: MemoryEvent,
});
/** "Delete forever": the id only. Final: no later event brings the memory back. */
export const PurgeEvent = z.object({
  t: z.literal('purge'),
  ...common,
  mid: z.string().check(z.minLength(1)),
});
/** A conversation and the turns that changed, as an upsert; the latest clock wins per record. */
export const ConvEvent = z.object({
  t: z.literal('conv'),
  ...common,
  conv: Conversation,
  turns: z.array(Turn),
});
/** A deleted conversation: upserts older than this clock never bring it back; a later capture does. */
export const ConvGoneEvent = z.object({
  t: z.literal('convdel'),
  ...common,
  key: z.string().check(z.minLength(1)),
});

export const SyncEvent = z.discriminatedUnion('t', [MemEvent, PurgeEvent, ConvEvent, ConvGoneEvent]);
export type SyncEvent = z.infer<typeof SyncEvent>;
export type MemEvent = z.infer<typeof MemEvent>;
export type ConvEvent = z.infer<typeof ConvEvent>;

/** One version a memory may be at: an event no other known event was made from. */
export const Leaf = z.object({ id: z.string(), hlc: Hlc, memory: z.nullable(Memory) });
export type Leaf = z.infer<typeof Leaf>;

/** What the merge keeps per memory. More than one leaf is a conflict (shown in Review). */
export const MemoryHead = z.object({
  memoryId: z.string(),
  leaves: z.array(Leaf),
  /** Every event id some known event was made from; such an event can never be a leaf again. */
  referenced: z.array(z.string()),
  /** Clock of "Delete forever", if any. */
  purged: z.nullable(Hlc),
});
export type MemoryHead = z.infer<typeof MemoryHead>;

/** What the merge keeps per conversation: the clock of its latest record, of each turn, and of its delete. */
export const ConvHead = z.object({
  key: z.string(),
  hlc: z.nullable(Hlc),
  gone: z.nullable(Hlc),
  turns: z.record(z.string(), Hlc),
});
export type ConvHead = z.infer<typeof ConvHead>;

/** Snapshot lines: merged state rather than events, so a new device reads a few large files (Joplin #379). */
export const MemState = z.object({ t: z.literal('mstate'), head: MemoryHead, history: z.array(MemoryEvent) });
export const ConvState = z.object({
  t: z.literal('cstate'),
  head: ConvHead,
  conv: z.nullable(Conversation),
  turns: z.array(Turn),
});
export const SnapLine = z.discriminatedUnion('t', [MemState, ConvState]);
export type SnapLine = z.infer<typeof SnapLine>;
/** What a held line may be once its reader knows everything in it: an event (from a segment) or merged state. */
export const KnownLine = z.discriminatedUnion('t', [
  MemEvent,
  PurgeEvent,
  ConvEvent,
  ConvGoneEvent,
  MemState,
  ConvState,
]);

/** An Engram version ("1.4.0"): the `by` of a file, and of a line held for a newer one. */
export const EngramVersion = z.string().check(z.regex(/^\d{1,6}(\.\d{1,6}){0,3}$/));

/**
 * A line this device could not read yet, passed on in its snapshots as it came (#38): `by` is the Engram version
 * that wrote it (not the snapshot's writer), `dev` that device, so any reader judges it by its own writer.
 */
export const HeldLine = z.object({
  t: z.literal('held'),
  by: EngramVersion,
  dev: RandomId,
  line: z.unknown(),
});
export type HeldLine = z.infer<typeof HeldLine>;
export type MemState = z.infer<typeof MemState>;
export type ConvState = z.infer<typeof ConvState>;

/** First line of every log segment and snapshot part. */
export const FileHeader = z.object({
  format: z.literal(FORMAT),
  v: z.number().check(z.int(), z.positive()),
  kind: z.enum(['log', 'snap']),
  epoch: RandomId,
  /** Lines after the header: a file with fewer was cut short. */
  count: z.number().check(z.int(), z.nonnegative()),
  // v2, log segments: the writer and the number its name says, when it was written and by what.
  dev: z.optional(RandomId),
  seq: z.optional(z.number().check(z.int(), z.positive())),
  at: z.optional(z.iso.datetime({ offset: true })),
  name: z.optional(z.string().check(z.maxLength(100))),
  // v2, snapshot parts: the snapshot and part their name says.
  snap: z.optional(z.string().check(z.regex(SNAP_ID))),
  part: z.optional(z.number().check(z.int(), z.nonnegative())),
  /** #38: the Engram version that wrote the file; absent from files written before. */
  by: z.optional(EngramVersion),
});
export type FileHeader = z.infer<typeof FileHeader>;

/** Written last, so a snapshot without one is unfinished and ignored. */
export const SnapManifest = z.object({
  format: z.literal(FORMAT),
  v: z.number().check(z.int(), z.positive()),
  kind: z.literal('manifest'),
  epoch: RandomId,
  /** v2: the snapshot id its name says. */
  snap: z.optional(z.string().check(z.regex(SNAP_ID))),
  parts: z.number().check(z.int(), z.positive()),
  /** Per device, the last log segment the snapshot includes. */
  cursors: z.record(z.string(), z.number().check(z.int(), z.nonnegative())),
  createdAt: z.iso.datetime({ offset: true }),
  /** #38: the Engram version that wrote the snapshot. */
  by: z.optional(EngramVersion),
  /** #38: parts after `parts` that hold only lines passed on for a newer reader (HeldLine). */
  held: z.optional(z.number().check(z.int(), z.positive())),
});
export type SnapManifest = z.infer<typeof SnapManifest>;

/** Left by "Delete everything" for devices of the old epoch, encrypted to the old key and authenticated by it. */
export const EpochEnd = z.object({
  format: z.literal(FORMAT),
  v: z.number().check(z.int(), z.positive()),
  kind: z.literal('end'),
  ended: RandomId,
  next: RandomId,
  /** #25: `rotate` (a device removed, or a new passphrase: other devices keep their data); absent or `reset`. */
  why: z.optional(z.enum(['reset', 'rotate'])),
  at: z.iso.datetime({ offset: true }),
  mac: z.string(),
});
export type EpochEnd = z.infer<typeof EpochEnd>;
