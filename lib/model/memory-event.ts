// A memory's history entry, made in one place (#38 item 5): the extractor, the person, an import, a site's saved
// memories and a desktop agent each built one by hand, five shapes of the same record that could drift apart.
import type { MemoryEvent } from './records';

type Change = Pick<MemoryEvent, 'op' | 'before' | 'after' | 'reason' | 'at'> &
  Partial<Pick<MemoryEvent, 'id' | 'imported' | 'agent'>>;

/** Who made the change: only the extractor has a job, a prompt version and a model. */
export type MadeBy =
  | { actor: 'user' | 'import' | 'agent' }
  | (Pick<MemoryEvent, 'jobId' | 'promptVersion' | 'model'> & { actor: 'extractor' });

/** The event of `change`, with a fresh id unless it brings one (an extraction's ids are its job's, a rerun's too). */
export function memoryEvent(change: Change, by: MadeBy): MemoryEvent {
  const { id, before, after, ...rest } = change;
  return {
    id: id ?? crypto.randomUUID(),
    memoryId: after?.id ?? before?.id ?? '',
    before,
    after,
    jobId: null,
    promptVersion: null,
    model: null,
    ...rest,
    ...by,
  };
}
