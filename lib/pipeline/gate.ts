// The write gate's rejection rules and deterministic dedupe (#4): code, not prompt.
import type { Memory, MemoryType } from '../model/records';
import type { ExtractedMemory } from '../../prompts/schemas';
import { normalize, similarity } from './lookup';
import { redactText } from './redact';
import { SITES } from '../sites/registry';

export const GATE = {
  minConfidence: 0.5,
  maxChars: 500,
  /** Jaccard of term sets; "I live in Berlin." vs "I live in Berlin now." is 0.67, a reworded twin ~0.9. */
  nearDuplicate: 0.85,
};

export interface LabelledTurn {
  label: number;
  id: string;
  role: 'user' | 'assistant';
  /** The message's own time (site timestamp, else capture time): dates count from it, never from today. */
  at: string;
}

/** A memory the gate accepted, with real turn ids and the conversation time it was said at. */
export interface Fact {
  label: number;
  text: string;
  type: MemoryType;
  priority: number;
  confidence: number;
  attributedTo: string;
  occurredStart: string | null;
  occurredEnd: string | null;
  turnIds: string[];
  mentionedAt: string;
}

export interface Rejected {
  text: string;
  reason: string;
}

// The chat sites' own names count as the assistant (lib/sites/registry.ts: "Gemini suggested…" is not about the
// user, #24).
const SITE_NAMES = SITES.map((s) => s.label.replace(/[^\p{L}\p{N} ]/gu, '')).join('|');
const ASSISTANT = new RegExp(`^(the )?(assistant|ai|gpt|model|bot|${SITE_NAMES})\\b`, 'iu');

export function toIsoDate(value: string | null): string | null {
  if (!value) return null;
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export function rejection(item: ExtractedMemory, text: string): string | null {
  if (!text) return 'empty';
  if (text.length > GATE.maxChars) return `longer than ${GATE.maxChars} characters`;
  if (item.confidence < GATE.minConfidence)
    return `confidence ${item.confidence} below ${GATE.minConfidence}`;
  const aboutAssistant = ASSISTANT.test(item.attributedTo.trim()) || ASSISTANT.test(text);
  if (aboutAssistant && item.type !== 'correction') return 'about the assistant, not the user';
  return null;
}

/**
 * A standing rule steers every later chat, so it must rest on the user's own words (#11): a rule planted in
 * an assistant turn, or cited to no turn at all, is not one. (Other facts fall back to the user's turns.)
 */
function uncitedRule(item: ExtractedMemory, turns: LabelledTurn[]): string | null {
  if (item.priority !== -1 || item.type !== 'instruction') return null;
  const cited = turns.some((t) => t.role === 'user' && item.sourceTurns.includes(t.label));
  return cited ? null : 'a standing rule must cite a user turn';
}

function toFact(item: ExtractedMemory, text: string, label: number, turns: LabelledTurn[]): Fact {
  const cited = turns.filter((t) => item.sourceTurns.includes(t.label));
  // An uncited or invalid label falls back to the user's new turns: provenance is never empty.
  const sources = cited.length ? cited : turns.filter((t) => t.role === 'user');
  const priority = item.priority === -1 && item.type !== 'instruction' ? 50 : item.priority;
  return {
    label,
    text,
    type: item.type,
    priority,
    confidence: item.confidence,
    attributedTo: item.attributedTo.trim() || 'user',
    occurredStart: toIsoDate(item.occurredStart),
    occurredEnd: toIsoDate(item.occurredEnd),
    turnIds: sources.map((t) => t.id),
    mentionedAt:
      sources
        .map((t) => t.at)
        .sort()
        .at(-1) ?? new Date(0).toISOString(),
  };
}

/** Redacts, rejects, and resolves turn labels. `turns` are the new turns only: context is never a source. */
export function gateItems(items: ExtractedMemory[], turns: LabelledTurn[], redactOn: boolean) {
  const facts: Fact[] = [];
  const rejected: Rejected[] = [];
  for (const item of items) {
    const text = redactText(item.text.replace(/\s+/g, ' ').trim(), redactOn);
    const reason = rejection(item, text) ?? uncitedRule(item, turns);
    if (reason) rejected.push({ text, reason });
    else if (facts.some((f) => normalize(f.text) === normalize(text)))
      rejected.push({ text, reason: 'repeated' });
    else facts.push(toFact(item, text, facts.length + 1, turns));
  }
  return { facts, rejected };
}

/** Normalized equality first, then near-duplicate similarity; the best match wins. */
export function findDuplicate(text: string, pool: Memory[]): Memory | undefined {
  const key = normalize(text);
  const exact = pool.find((m) => normalize(m.text) === key);
  if (exact) return exact;
  let best: { m: Memory; s: number } | undefined;
  for (const m of pool) {
    const s = similarity(text, m.text);
    if (s >= GATE.nearDuplicate && (!best || s > best.s)) best = { m, s };
  }
  return best?.m;
}
