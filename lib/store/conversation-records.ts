// Conversation and turn records as the store keeps them, built the same way from a capture and from an exported
// conversation (#12): what a file or a page may lack is filled in, and citation marks are stripped from every
// turn's text on the way in. Engram's own block is fenced out here too (#25): a page's capture is fenced in the
// content script already, but a ChatGPT or Claude data export holds every block Engram ever inserted, whose
// lines (memories since deleted forever among them) came back as turn text, in past-chat quotes and extraction.
import type { z } from 'zod/mini';
import { fenceOwnBlock } from '../capture/fence';
import type { ExportConversation } from '../model/export';
import { conversationKey, turnKey } from '../model/keys';
import type { CaptureRequest } from '../model/messages';
import type { CaptureHealth } from '../model/records';
import { stripCitations } from '../sites/citations';
import { scopeOfCapture } from '../sites/projects';
import type { CaptureWrite } from './conversations';

type Imported = z.infer<typeof ExportConversation>;

function health(c: Imported, at: string): CaptureHealth {
  return {
    strategy: 'import',
    turnsSeen: c.turns.length,
    turnsStored: c.turns.length,
    lastError: null,
    checkedAt: at,
  };
}

/**
 * When the conversation itself last changed: a vendor export has no updatedAt, and the import's own date made
 * 2023 chats show "updated" today (#16). Its newest turn, else its start; the import time only without either.
 */
function lastChanged(c: Imported): string | null {
  const times = c.turns.flatMap((t) => (t.createdAt ? [t.createdAt] : []));
  return times.length
    ? times.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a))
    : (c.createdAt ?? null);
}

/** Records from an exported conversation; fields a vendor export lacks are filled as a capture would. */
export function recordsOfExport(c: Imported, at: string): CaptureWrite {
  const key = conversationKey(c.site, c.id);
  return {
    conversation: {
      key,
      site: c.site,
      id: c.id,
      url: c.url,
      title: c.title,
      scope: c.scope ?? null,
      createdAt: c.createdAt ?? null,
      updatedAt: c.updatedAt ?? lastChanged(c) ?? at,
      health: c.health ?? health(c, at),
    },
    turns: readable(c.turns).map((t, i) => ({
      key: turnKey(key, t.id),
      conversationKey: key,
      id: t.id,
      role: t.role,
      text: t.text,
      createdAt: t.createdAt,
      order: t.order ?? i,
      superseded: t.superseded ?? false,
      capturedAt: t.capturedAt ?? at,
    })),
  };
}

/**
 * Every capture (site JSON, page) and import (exports, Engram files) passes here (#12): the text as a person
 * reads it, and no turn that was only Engram's block (a capture drops those too, lib/capture/capture.ts).
 */
function readable(turns: Imported['turns']): Imported['turns'] {
  return turns.flatMap((t) => {
    const text = stripCitations(fenceOwnBlock(t.text));
    return text ? [{ ...t, text }] : [];
  });
}

/** A capture is the visible branch in page order; it becomes records the same way an import does. */
export function recordsOfCapture(req: CaptureRequest, now: Date): CaptureWrite {
  const at = now.toISOString();
  // The health is as of when the tab began reading, so a read that arrives after a newer one is seen as older
  // (putCapture). Never later than now: the tab's clock is the machine's, but a stamp is not trusted past it.
  const readAt = Math.min(req.readAt ?? now.getTime(), now.getTime());
  const health = {
    strategy: req.strategy,
    turnsSeen: req.turns.length,
    turnsStored: req.turns.length,
    lastError: req.note ?? null,
    checkedAt: new Date(readAt).toISOString(),
  };
  const { site, conversationId: id, url, title, turns } = req;
  // The project the URL or the site's JSON names, so the manager can offer it as a scope (lib/sites/projects.ts).
  const scope = scopeOfCapture(site, new URL(url), req.project);
  return recordsOfExport({ site, id, url, title, turns, health, scope }, at);
}
